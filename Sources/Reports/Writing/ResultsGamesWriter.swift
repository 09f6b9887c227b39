import Foundation
import JSONCoding

/// results.json's `games` array written one entry at a time, in the bytes `JSONEncoder` gives
/// (pretty-printed, keys sorted, slashes unescaped; ``JSONFormat``), so a report of 400,000
/// games writes the same file as ``JSONFormat/file(_:)`` of the whole document would, without
/// holding it: the entries go to a file beside results.json, and ``assemble(head:to:)`` puts
/// them in place of the empty `games` of the document's other sections.
struct ResultsGamesWriter {
    let path: String
    private let descriptor: Int32
    private var buffer = ByteBuffer(capacity: 1 << 20)
    private(set) var count = 0

    init(path: String) throws(ReportError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, detail: String(cString: strerror(errno))) }
    }

    /// Appends `entry`, indented as an element of the top object's `games`.
    mutating func append(_ entry: ResultsDocument.GameEntry) throws(ReportError) {
        if count > 0 { buffer.append(",\n") }
        count += 1
        buffer.append("    {\n")
        member("attempts") { $0.append(entry.attempts) }
        if let counts = entry.countsInStandings {
            member("countsInStandings") { out in if counts { out.append("true") } else { out.append("false") } }
        }
        member("durationMilliseconds") { $0.append(entry.durationMilliseconds) }
        if let kind = entry.forfeitKind { member("forfeitKind") { Self.string(kind, to: &$0) } }
        member("gameId") { Self.string(entry.gameId, to: &$0) }
        member("index") { $0.append(entry.index) }
        member("moves") { $0.append(entry.moves) }
        if let night = entry.night { member("night") { $0.append(night) } }
        member("players") { Self.strings(entry.players, to: &$0) }
        if let reason = entry.reason { member("reason") { Self.string(reason, to: &$0) } }
        member("replayHTML") { Self.string(entry.replayHTML, to: &$0) }
        if let file = entry.replayJSON { member("replayJSON") { Self.string(file, to: &$0) } }
        member("termination") { Self.string(entry.termination, to: &$0) }
        if let versions = entry.versions { member("versions") { Self.strings(versions, to: &$0) } }
        if let winner = entry.winner { member("winner") { Self.string(winner, to: &$0) } }
        if let seat = entry.winnerSeat { member("winnerSeat") { $0.append(seat) } }
        if let shots = entry.winnerShots { member("winnerShots") { $0.append(shots) } }
        // The last member has no comma: take back the one written after it.
        buffer.dropLast(2)
        buffer.append("\n    }")
        if buffer.bytes.count >= 1 << 20 { try flush() }
    }

    private mutating func member(_ name: StaticString, _ value: (inout ByteBuffer) -> Void) {
        buffer.append("      \"")
        buffer.append(name)
        buffer.append("\" : ")
        value(&buffer)
        buffer.append(",\n")
    }

    /// `texts` as `JSONEncoder` writes an array of strings, indented as a member of a game.
    static func strings(_ texts: [String], to out: inout ByteBuffer) {
        if texts.isEmpty {
            out.append("[\n\n      ]")
            return
        }
        out.append("[\n")
        for (position, text) in texts.enumerated() {
            out.append("        ")
            string(text, to: &out)
            out.append(position < texts.count - 1 ? ",\n" : "\n")
        }
        out.append("      ]")
    }

    /// `text` as `JSONEncoder` writes a string: plain text as is; anything with a quote, a
    /// backslash or a control character through `JSONEncoder` itself.
    static func string(_ text: String, to out: inout ByteBuffer) {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append("\"")
            out.append(text)
            out.append("\"")
        } else if let data = try? JSONFormat.encoder(pretty: false).encode(text) {
            out.append(bytes: Array(data))
        } else {
            out.appendJSONString(text)
        }
    }

    mutating func flush() throws(ReportError) {
        guard !buffer.bytes.isEmpty else { return }
        try ReportWriter.writeAll(buffer.bytes, to: descriptor, path: path)
        buffer = ByteBuffer(capacity: 1 << 20)
    }

    /// Writes results.json to `destination`: `head` (every section, `games` empty, as
    /// ``JSONFormat/file(_:)`` writes it) with the entries written here in place of its empty
    /// `games`; then removes the entries' file.
    mutating func assemble(head: Data, to destination: String) throws(ReportError) {
        try flush()
        close(descriptor)
        defer { unlink(path) }
        let marker = Array("\n  \"games\" : [".utf8)
        let bytes = [UInt8](head)
        guard count > 0, let start = Self.find(marker, in: bytes) else {
            try ReportWriter.save(head, to: destination)
            return
        }
        // The empty array's `[`, then blank space, then its `]`.
        let open = start + marker.count
        var close = open
        while close < bytes.count, bytes[close] != UInt8(ascii: "]") { close += 1 }
        let output = Glibc.open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw .cannotWrite(path: destination, detail: String(cString: strerror(errno))) }
        defer { Glibc.close(output) }
        try ReportWriter.writeAll(Array(bytes[..<open]) + Array("\n".utf8), to: output, path: destination)
        let input = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .cannotWrite(path: destination, detail: "cannot read back \(path): \(String(cString: strerror(errno)))") }
        defer { Glibc.close(input) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            try ReportWriter.writeAll(Array(chunk[..<got]), to: output, path: destination)
        }
        try ReportWriter.writeAll(Array("\n  ".utf8) + Array(bytes[close...]), to: output, path: destination)
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var start = 0
        while start <= haystack.count - needle.count {
            if haystack[start] == needle[0] && Array(haystack[start..<(start + needle.count)]) == needle { return start }
            start += 1
        }
        return nil
    }
}
