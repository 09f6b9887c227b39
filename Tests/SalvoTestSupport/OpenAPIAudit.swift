/// A document checked against a running server, one real request at a time: every reply is
/// matched to the documented operation it answers and checked against it, and what was asked is
/// remembered, so that a test can require that every documented operation was exercised.
///
/// ```swift
/// var audit = OpenAPIAudit(try OpenAPIDocument(named: "battleship.yaml"))
/// audit.check("GET", "/api/games", OpenAPIReply(try await RawHTTP.get(port: port, "/api/games")))
/// #expect(audit.problems == [])
/// #expect(audit.unexercised == [])
/// ```
public struct OpenAPIAudit {
    public let document: OpenAPIDocument
    /// What was wrong so far, one sentence each, each once.
    public private(set) var problems: [String] = []
    /// The statuses seen per operation.
    public private(set) var seen: [OpenAPIDocument.Operation: Set<Int>] = [:]

    public init(_ document: OpenAPIDocument) {
        self.document = document
    }

    /// Checks `reply`, the server's answer to `method` on the concrete `path`; and when it took
    /// the request (2xx) and `request` is JSON, that the document allows the request.
    public mutating func check(_ method: String, _ path: String, _ reply: OpenAPIReply, request: (body: [UInt8], mediaType: String)? = nil) {
        guard let operation = document.operation(method, path.split(separator: "?").first.map(String.init) ?? path) else {
            problems.append("\(method) \(path) answered \(reply.status), and no documented operation matches it")
            return
        }
        seen[operation, default: []].insert(reply.status)
        var found = document.problems(of: reply, to: operation)
        if let request, (200..<300).contains(reply.status) {
            found += document.problems(ofRequest: request.body, mediaType: request.mediaType, to: operation)
        }
        for problem in found where !problems.contains(problem) { problems.append(problem) }
    }

    /// The documented operations no request was checked against, in order.
    public var unexercised: [OpenAPIDocument.Operation] {
        document.operations.subtracting(seen.keys).sorted()
    }
}
