import Foundation

/// A tournament's secret seed key: 128 random bits, drawn once per output folder, that key
/// every fleet and bot seed together with the tournament's `seed:` (docs/seeds.md).
///
/// A bot learns its own bot seeds, and a student may know Salvo's source and the tournament
/// file. Without the key, none of that tells anything about a fleet: finding the fleets means
/// finding the key, 2^128 tries. The key is kept in `OUTPUT/seed.key` (mode 0600, shared by
/// every shard of the folder) and in the journal's first line, so resume, `salvo report`,
/// `salvo rematch`, shards and merges reproduce every game; it is never given to a bot, never
/// written into results.json or a published page.
///
/// ```swift
/// let key = try SeedKey.inFolder("reports/class")   // drawn on the first run, read after
/// print(key)                                        // 32 hex digits
/// ```
public struct SeedKey: Hashable, Sendable, CustomStringConvertible {
    /// The key's 16 bytes.
    public let bytes: [UInt8]

    /// The file of an output folder that holds its key.
    public static let fileName = "seed.key"

    /// A new key from the system's secure random source (getrandom).
    public static func random() -> SeedKey {
        var generator = SystemRandomNumberGenerator()
        return SeedKey(checkedBytes: (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    private init(checkedBytes: [UInt8]) {
        bytes = checkedBytes
    }

    /// The key written as 32 hex digits; nil for anything else.
    public init?(hex: String) {
        let text = hex.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count == 32 else { return nil }
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        self.bytes = bytes
    }

    /// 32 lowercase hex digits.
    public var description: String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The key of `folder`: read from its `seed.key`, or drawn and written there first. Two
    /// processes that start at once (the shards of a cluster job) get the same key: the file
    /// appears whole or not at all (written aside, then linked into place, which fails for the
    /// second), and the loser reads the winner's.
    public static func inFolder(_ folder: String) throws(SeedKeyError) -> SeedKey {
        let path = (folder as NSString).appendingPathComponent(fileName)
        if let key = try read(path) { return key }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: path, detail: error.localizedDescription)
        }
        let key = random()
        let aside = path + ".\(getpid()).\(UInt32.random(in: .min ... .max)).tmp"
        let descriptor = open(aside, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, detail: String(cString: strerror(errno))) }
        let text = Array((key.description + "\n").utf8)
        let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        defer { unlink(aside) }
        guard written == text.count, synced else { throw .cannotWrite(path: path, detail: String(cString: strerror(errno))) }
        if link(aside, path) != 0 && errno != EEXIST { throw .cannotWrite(path: path, detail: String(cString: strerror(errno))) }
        guard let kept = try read(path) else { throw .unreadable(path: path) }
        return kept
    }

    /// The key in the file at `path`; nil when there is no such file.
    public static func read(_ path: String) throws(SeedKeyError) -> SeedKey? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), let key = SeedKey(hex: text) else { throw .unreadable(path: path) }
        return key
    }
}

/// Why an output folder's seed key could not be had, in one line that says what to do.
public enum SeedKeyError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotWrite(path: String, detail: String)
    case unreadable(path: String)
    case differs(path: String, journal: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let detail):
            "cannot write the tournament's seed key to \(path) (\(detail)); check that the output folder is writable"
        case .unreadable(let path):
            "\(path) does not hold a seed key (32 hex digits); restore it from the journal's first line (\"seedKey\"), or remove it to draw a new one for a new tournament"
        case .differs(let path, let journal):
            "\(path) holds another seed key than the journal \(journal), which its games were played with; restore the file from the journal's first line (\"seedKey\"), or choose another --output"
        }
    }
}
