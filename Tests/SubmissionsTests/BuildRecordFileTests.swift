import Foundation
import Testing

@testable import Submissions

/// The build cache's record file (`submissions/cache/FOLDER.json`), written and read with the
/// one JSON set-up; a record the hand-written writer of 0.3 gave still reads, so a cache kept
/// from an earlier version still saves its builds.
@Suite("A build's cache record on disk")
struct BuildRecordFileTests {
    static func temporaryPath() -> String {
        NSTemporaryDirectory() + "salvo-build-record-\(UUID().uuidString.prefix(8)).json"
    }

    @Test(
        "a record is one line, keys sorted, slashes as they are, quotes and controls escaped",
        arguments: [
            (
                BuildRecord(
                    key: "9f2c", succeeded: false, reason: "make: *** [all] Error 2; the end of its log (build/log.txt):\n\"cc\" failed\tnaïve",
                    seconds: 1.25),
                #"{"key":"9f2c","reason":"make: *** [all] Error 2; the end of its log (build/log.txt):\n\"cc\" failed\tnaïve","seconds":1.25,"succeeded":false}"#
            ),
            (BuildRecord(key: "ab01", succeeded: true, reason: nil, seconds: 3), #"{"key":"ab01","seconds":3,"succeeded":true}"#),
            (BuildRecord(key: "ab02", succeeded: true, reason: nil, seconds: 0.5), #"{"key":"ab02","seconds":0.5,"succeeded":true}"#),
        ])
    func exactBytes(_ record: BuildRecord, _ text: String) throws {
        #expect(String(decoding: try record.json(), as: UTF8.self) == text)
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try record.write(to: path)
        #expect(FileManager.default.contents(atPath: path) == Data(text.utf8))
        #expect(BuildRecord.read(from: path) == record)
    }

    @Test("a record in 0.3's order, or with spaces and unknown members, still reads; a broken one is no record")
    func lenientAndBroken() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"key":"9f2c","succeeded":false,"reason":"cc: a/b.c:1: error\n","seconds":12.5}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(BuildRecord.read(from: path) == BuildRecord(key: "9f2c", succeeded: false, reason: "cc: a/b.c:1: error\n", seconds: 12.5))
        try Data(#"{ "seconds": 2, "future": [1], "succeeded": true, "key": "k" }"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(BuildRecord.read(from: path) == BuildRecord(key: "k", succeeded: true, reason: nil, seconds: 2))
        try Data(#"{"key":"k","seconds":2}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(BuildRecord.read(from: path) == nil)
        try Data(#"{"key":"k","succeeded":true,"seconds":2"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(BuildRecord.read(from: path) == nil)
    }
}
