import Foundation
import Logging

/// The server's log handler: lines on standard error, much like swift-log's `StreamLogHandler`
/// (`2026-11-23T19:43:37Z warning salvo.server: key=value message`), with the metadata
/// formatted when a line is written rather than when it is set.
///
/// Hummingbird sets a request id in the logger's metadata for every request; swift-log's
/// `StreamLogHandler` re-sorts and re-joins all of its metadata into a string on every such
/// set, which cost the embedded server about 1.5% of a tournament's CPU, for lines that a
/// `warning` level never writes.
public struct ServerLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let write: @Sendable (String) -> Void

    /// A handler for the logger `label`, writing each line (newline included) with `write`;
    /// to standard error by default.
    public init(label: String, write: @escaping @Sendable (String) -> Void = ServerLogHandler.standardError) {
        self.label = label
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let all = event.metadata.map { metadata.merging($0) { _, new in new } } ?? metadata
        let pairs = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        write("\(Date().ISO8601Format()) \(event.level) \(label):\(pairs.isEmpty ? "" : " " + pairs) \(event.message)\n")
    }

    /// A logger named `label` that writes through this handler at `level` and above.
    public static func logger(label: String = "salvo.server", level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: label) { ServerLogHandler(label: $0) }
        logger.logLevel = level
        return logger
    }

    /// Writes `text` to standard error.
    public static let standardError: @Sendable (String) -> Void = { text in
        FileHandle.standardError.write(Data(text.utf8))
    }
}
