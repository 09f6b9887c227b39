import Foundation
import Testing

@testable import Submissions

/// versions.json, written with the one JSON set-up: the bytes 0.3's own encoder set-up gave
/// (pretty, keys sorted, dates ISO 8601), and read back to the same sightings.
@Suite("A class's versions.json on disk")
struct VersionHistoryFileTests {
    @Test("the file is the bytes 0.3 wrote, and reads back to the same first sightings and entered versions")
    func sameBytes() throws {
        let folder = NSTemporaryDirectory() + "salvo-versions-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let history = VersionHistory()
        let seen = Date(timeIntervalSince1970: 1_795_000_000)
        let digest = String(repeating: "3f9c2a1b", count: 8)
        #expect(history.sighting(folder: "alice", content: digest, now: seen) == seen)
        #expect(history.sighting(folder: "bob-2", content: String(digest.reversed()), now: seen + 60) == seen + 60)
        history.entered(folder: "alice", version: "3f9c2a1b7d04")
        history.entered(folder: "alice", version: "aa01bb02cc03")
        try history.write(workFolder: folder)

        let old = JSONEncoder()
        old.outputFormatting = [.prettyPrinted, .sortedKeys]
        old.dateEncodingStrategy = .iso8601
        var expected = try old.encode(
            VersionHistory.File(
                firstSeen: ["alice": [digest: seen], "bob-2": [String(digest.reversed()): seen + 60]],
                entered: ["alice": ["3f9c2a1b7d04", "aa01bb02cc03"]]
            ))
        expected.append(UInt8(ascii: "\n"))
        let written = try #require(FileManager.default.contents(atPath: folder + "/" + VersionHistory.fileName))
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(String(decoding: written, as: UTF8.self).contains(#""2026-11-18T11:06:40Z""#))

        let back = try VersionHistory.read(workFolder: folder)
        #expect(back.sighting(folder: "alice", content: digest, now: .distantFuture) == seen)
        #expect(back.enteredVersions(of: "alice") == ["3f9c2a1b7d04", "aa01bb02cc03"])
    }
}
