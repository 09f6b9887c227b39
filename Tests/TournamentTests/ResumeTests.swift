import Foundation
import SalvoTestSupport
import Testing

@testable import Tournament

/// Kills a real `salvo run` process with SIGKILL in the middle of a tournament and runs the
/// same command again.
@Suite("Kill and resume", .serialized, .timeLimit(.minutes(3)))
struct ResumeTests {
    static func finished(in journal: String) -> [GameRecord] {
        ((try? Journal.read(path: journal)) ?? []).compactMap { entry in
            if case .finished(let record) = entry { record } else { nil }
        }
    }

    @Test("a run killed with SIGKILL and run again ends with exactly the scheduled games, none twice")
    func killAndResume() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-resume-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/t.yaml"
        try """
        name: resume
        games_per_pairing: 8
        concurrency: 2
        seed: 11
        bots: [random, hunt-target, parity]
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let output = directory + "/out"
        let journal = output + "/journal.jsonl"
        let scheduled = 3 * 8

        let first = try TestProcess(salvo: ["run", file, "--output", output])
        // Kill it once a few games are in the journal, well before the end.
        let deadline = Date().addingTimeInterval(60)
        while Self.finished(in: journal).count < 3, first.isRunning, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        first.send(SIGKILL)
        _ = try await first.finish()
        let beforeResume = Self.finished(in: journal).count
        #expect(beforeResume >= 3)
        #expect(beforeResume < scheduled, "the run ended before it could be killed")

        let second = try await SalvoExecutable.run(["run", file, "--output", output], timeout: .seconds(300))
        #expect(second.status == 0, "\(second.err)")
        let rated = Self.finished(in: journal).filter { $0.termination != .noResult }
        #expect(rated.count == scheduled)
        #expect(Set(rated.map(\.index)) == Set(0..<scheduled))
        // Every game id on the server is used by one record at most.
        #expect(Set(rated.map(\.gameId)).count == scheduled)

        // A third run has nothing left to play: the journal gains no game.
        let entriesBefore = Self.finished(in: journal).count
        let third = try await SalvoExecutable.run(["run", file, "--output", output], timeout: .seconds(300))
        #expect(third.status == 0, "\(third.err)")
        #expect(Self.finished(in: journal).count == entriesBefore)
    }
}
