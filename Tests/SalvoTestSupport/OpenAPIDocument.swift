import Foundation
import Yams

/// One of the OpenAPI 3.1 documents of `docs/openapi` (docs/openapi/README.md), read with Yams:
/// its operations, and whether a reply a server really sent is one it documents (the status, the
/// required headers, the media type, and a JSON body against the schema: required members, types,
/// enums, bounds, formats). The subset of JSON Schema the documents use is checked
/// (`OpenAPIDocument+Schema.swift`); a keyword outside it is reported, never skipped.
///
/// ```swift
/// let document = try OpenAPIDocument(named: "battleship.yaml")
/// let operation = document.operation("POST", "/api/games/\(id)/join")   // POST /api/games/{id}/join
/// document.problems(of: OpenAPIReply(reply), to: operation!)            // [] when documented
/// ```
public struct OpenAPIDocument {
    /// A method and a path template, as the document's `paths` and Hummingbird's route list write
    /// them: `POST /api/games/{id}/join`.
    public struct Operation: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// Upper case: `GET`.
        public var method: String
        public var path: String

        public init(_ method: String, _ path: String) {
            self.method = method.uppercased()
            self.path = path
        }

        public var description: String { "\(method) \(path)" }

        public static func < (lhs: Operation, rhs: Operation) -> Bool {
            (lhs.path, lhs.method) < (rhs.path, rhs.method)
        }
    }

    /// A document that cannot be read.
    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The repository's `docs/openapi`.
    public static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/openapi").path

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The whole document.
    let root: Node

    /// `docs/openapi/NAME`.
    public init(named name: String) throws {
        try self.init(yaml: String(contentsOfFile: Self.folder + "/" + name, encoding: .utf8))
    }

    public init(yaml: String) throws {
        guard let root = try Yams.compose(yaml: yaml), root.mapping != nil else {
            throw Unreadable(description: "the document is not a YAML mapping")
        }
        guard Self.member(root, "openapi")?.string?.hasPrefix("3.1") == true else { throw Unreadable(description: "the document is not OpenAPI 3.1") }
        self.root = root
    }

    /// Every operation under `paths`.
    public var operations: Set<Operation> {
        var found: Set<Operation> = []
        for (path, item) in Self.members(Self.member(root, "paths")) {
            for method in Self.methods where Self.member(item, method) != nil { found.insert(Operation(method, path)) }
        }
        return found
    }

    /// The documented operation that answers `method` on the concrete `path` (no query): its
    /// segments matched one by one, a `{parameter}` matching any one segment, the template with
    /// the most literal segments first. Nil when none does.
    public func operation(_ method: String, _ path: String) -> Operation? {
        let segments = path.split(separator: "/").map(String.init)
        let candidates = operations.filter { $0.method == method.uppercased() }.compactMap { operation -> (Operation, Int)? in
            let template = operation.path.split(separator: "/").map(String.init)
            guard template.count == segments.count else { return nil }
            var literal = 0
            for (expected, actual) in zip(template, segments) {
                if expected.hasPrefix("{") && expected.hasSuffix("}") { continue }
                guard expected == actual else { return nil }
                literal += 1
            }
            return (operation, literal)
        }
        return candidates.max { $0.1 < $1.1 }?.0
    }

    /// What is wrong with `reply` as an answer to `operation`; empty when the document lists its
    /// status, every header it requires is there, its media type is one the document lists (no
    /// body where it lists none), and a JSON body fits the schema.
    public func problems(of reply: OpenAPIReply, to operation: Operation) -> [String] {
        let answer = "\(operation) answered \(reply.status)"
        guard let item = Self.member(Self.member(root, "paths"), operation.path),
            let documented = Self.member(item, operation.method.lowercased())
        else { return ["\(operation) is not documented"] }
        let responses = Self.member(documented, "responses")
        let family = "\(reply.status / 100)XX"
        guard let listed = Self.member(responses, String(reply.status)) ?? Self.member(responses, family) ?? Self.member(responses, "default") else {
            let statuses = Self.members(responses).map(\.key).joined(separator: ", ")
            return ["\(answer), which the document does not list (it lists \(statuses)): \(reply.text.prefix(300))"]
        }
        let response = resolved(listed)
        var problems: [String] = []
        for (name, header) in Self.members(Self.member(response, "headers")) {
            let header = resolved(header)
            guard Self.member(header, "required")?.bool == true else { continue }
            guard let value = reply.headers[name.lowercased()] else {
                problems.append("\(answer) without the header \(name) the document requires")
                continue
            }
            if let schema = Self.member(header, "schema") {
                let tree: JSONTree = Int(value).map { .number(text: value, value: Double($0), isWhole: true) } ?? .string(value)
                problems += self.problems(of: tree, against: schema, at: "header \(name)").map { "\(answer): \($0)" }
            }
        }
        guard let content = Self.member(response, "content") else {
            if !reply.body.isEmpty { problems.append("\(answer) with a body of \(reply.body.count) bytes where the document lists none") }
            return problems
        }
        let mediaType = reply.mediaType
        guard let media = Self.members(content).first(where: { Self.mediaType(mediaType, matches: $0.key) }) else {
            let listedTypes = Self.members(content).map(\.key).joined(separator: ", ")
            return problems + ["\(answer) with Content-Type \(reply.headers["content-type"] ?? "none"), where the document lists \(listedTypes)"]
        }
        guard Self.isJSON(media.key.lowercased()), let schema = Self.member(media.value, "schema") else { return problems }
        do {
            let tree = try JSONTree(bytes: reply.body)
            problems += self.problems(of: tree, against: schema, at: "body").map { "\(answer): \($0)" }
        } catch {
            problems.append("\(answer) with a body that is not JSON (\(error)): \(reply.text.prefix(300))")
        }
        return problems
    }

    /// What is wrong with a JSON request `body` that `operation` took (a 2xx), against the
    /// documented request body: a request the server takes must be one the document allows.
    /// Empty for any other media type (a form, an archive), which is not checked.
    public func problems(ofRequest body: [UInt8], mediaType: String, to operation: Operation) -> [String] {
        let item = Self.member(Self.member(root, "paths"), operation.path)
        guard Self.isJSON(mediaType), let documented = Self.member(item, operation.method.lowercased()) else { return [] }
        guard let requestBody = Self.member(documented, "requestBody").map(resolved) else {
            return ["\(operation) took a JSON body the document does not describe"]
        }
        guard let schema = Self.member(Self.member(Self.member(requestBody, "content"), mediaType), "schema") else {
            return ["\(operation) took a body of \(mediaType), which the document does not list"]
        }
        do {
            let tree = try JSONTree(bytes: body)
            return problems(of: tree, against: schema, at: "request").map { "\(operation) took a request it documents otherwise: \($0)" }
        } catch {
            return ["\(operation) took a request that is not JSON (\(error))"]
        }
    }

    /// `node` itself, or the node its `$ref` (`#/components/...`) names, followed to the end.
    func resolved(_ node: Node) -> Node {
        var node = node
        var hops = 0
        while let reference = Self.member(node, "$ref")?.string, hops < 32 {
            guard let target = self.node(at: reference) else { return node }
            node = target
            hops += 1
        }
        return node
    }

    /// The node a local reference such as `#/components/schemas/Error` names.
    func node(at reference: String) -> Node? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: Node? = root
        for part in reference.dropFirst(2).split(separator: "/") {
            let key = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            node = node.flatMap { Self.member($0, key) }
        }
        return node
    }

    /// The member `key` of a mapping, keys compared as text (`200` and `'200'` alike).
    static func member(_ node: Node?, _ key: String) -> Node? {
        node?.mapping?.first { $0.key.scalar?.string == key }?.value
    }

    /// The members of a mapping, in the document's order; none for anything else.
    static func members(_ node: Node?) -> [(key: String, value: Node)] {
        node?.mapping?.compactMap { pair in pair.key.scalar.map { (key: $0.string, value: pair.value) } } ?? []
    }

    /// Whether the media type `actual` (no parameters, lower case) is the listed `range`
    /// (`text/html`, `text/*`, `*/*`).
    static func mediaType(_ actual: String, matches range: String) -> Bool {
        let range = range.lowercased()
        if range == "*/*" || range == actual { return true }
        return range.hasSuffix("/*") && actual.hasPrefix(range.dropLast())
    }

    static func isJSON(_ mediaType: String) -> Bool {
        mediaType == "application/json" || mediaType.hasSuffix("+json")
    }
}
