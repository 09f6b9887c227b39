import Foundation
import Logging
import Synchronization
import Testing

@testable import BattleshipServer

@Suite("Server log handler")
struct ServerLogHandlerTests {
    @Test("writes lines at its level and above, with the metadata set and given, sorted by key")
    func linesAndMetadata() throws {
        let lines = Mutex<[String]>([])
        var logger = Logger(label: "salvo.server") { label in
            ServerLogHandler(label: label) { line in lines.withLock { $0.append(line) } }
        }
        logger.logLevel = .warning
        logger[metadataKey: "hb.request.id"] = "42"
        logger[metadataKey: "b"] = "2"
        logger.info("not written")
        logger.warning("a write was lost", metadata: ["a": "1", "b": "3"])
        logger.error("plain")
        let written = lines.withLock { $0 }
        #expect(written.count == 2)
        let first = try #require(written.first)
        #expect(first.hasSuffix(" warning salvo.server: a=1 b=3 hb.request.id=42 a write was lost\n"))
        // The line starts with an ISO 8601 time.
        let stamp = String(first.prefix { $0 != " " })
        #expect(try Date(stamp, strategy: .iso8601).timeIntervalSinceNow.magnitude < 3_600)
        #expect(written.last?.hasSuffix(" error salvo.server: b=2 hb.request.id=42 plain\n") == true)
    }
}
