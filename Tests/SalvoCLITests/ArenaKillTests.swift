import Foundation
import SalvoTestSupport
import Testing

/// `salvo arena serve` killed with SIGKILL in the middle of a batch, then started again, as a
/// power cut or the OOM killer would: every upload that got its 202 is entered, and no game
/// is counted twice, and no bot of the killed process outlives the next start.
@Suite("The arena killed mid-batch", .serialized, .timeLimit(.minutes(6)))
struct ArenaKillTests {
    /// The processes whose cgroups were made for runner `pid`'s bots (`bot-PID-N`).
    static func processes(inGroupsOf pid: Int32) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { $0.allSatisfy(\.isNumber) }.compactMap { process in
            let groups = (try? String(contentsOfFile: "/proc/\(process)/cgroup", encoding: .utf8)) ?? ""
            guard groups.contains("bot-\(pid)-") else { return nil }
            let command = ((try? String(contentsOfFile: "/proc/\(process)/cmdline", encoding: .utf8)) ?? "").replacingOccurrences(of: "\0", with: " ")
            return "\(process): \(command)"
        }
    }

    @Test(
        "SIGKILL while a batch plays: after a restart all three uploads are entered, each pairing has its games once, and the standings count each game once"
    )
    func killedMidBatch() async throws {
        let folder = NSTemporaryDirectory() + "salvo-arena-kill-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arena = folder + "/cs101"
        // Ten games a pairing, one at a time: the batch of the three versions (90 games, some 25 s)
        // lasts long enough to be cut even when the full suite keeps this task waiting for seconds
        // (with four, its 36 games once ended before the loop below looked).
        let tokens = try await ArenaProcess.make(
            at: arena, roster: "alice\nbob\ncarol\n",
            settings: "name: cs101\nbots: [random, hunt-target]\ngames_per_pairing: 10\nconcurrency: 1\ncheck_games: 2\n")

        var (server, url) = try await ArenaProcess.serve(arena)
        for login in ["alice", "bob", "carol"] {
            let taken = try await SalvoExecutable.run([
                "submit", ClassFolder.examples + "/python-random", "--arena", url, "--token=" + (tokens[login] ?? ""), "--no-wait",
            ])
            #expect(taken.status == 0, "\(login): \(taken.out)\(taken.err)")
        }
        // Killed once a game of the versions' batch has been journaled, before the batch ends.
        let journal = arena + "/season/journal.jsonl"
        func journaledGames() -> Int {
            ((try? String(contentsOfFile: journal, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.hasPrefix("{\"type\":\"finished\"") }
                .count
        }
        let deadline = ContinuousClock.now + .seconds(180)
        while ContinuousClock.now < deadline, !(server.outputText.contains("carol: passed its check") && journaledGames() > 10) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!server.outputText.contains("batch 2:"), "the batch ended before the kill: \(server.outputText)")
        let killed = server.pid
        server.send(SIGKILL)
        _ = try? await server.finish(timeout: .seconds(30))

        (server, url) = try await ArenaProcess.serve(arena)
        var status = ""
        for _ in 0..<600 {
            status = try await SalvoExecutable.run(["arena", "status", arena]).out
            if status.components(separatedBy: " entered ").count - 1 == 3 { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        server.interrupt()
        _ = try await server.finish(timeout: .seconds(60))
        #expect(status.components(separatedBy: " entered ").count - 1 == 3, "\(status)")
        // No bot of the killed arena outlives it: the next start swept the groups it left.
        let survivors = Self.processes(inGroupsOf: killed)
        #expect(survivors.isEmpty, "processes of the killed arena still run: \(survivors)")

        // Every pairing of the five entries has its ten games once; none is counted twice.
        let results = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: arena + "/season/results.json"))) as? [String: Any])
        let games = (results["games"] as? [[String: Any]] ?? []).filter {
            ($0["countsInStandings"] as? Bool) != false && $0["termination"] as? String != "no-result"
        }
        #expect(Set(games.compactMap { $0["index"] as? Int }).count == games.count, "a game index is listed twice")
        var perPairing: [String: Int] = [:]
        for game in games {
            let players = (game["players"] as? [String] ?? []).sorted().joined(separator: " vs ")
            perPairing[players, default: 0] += 1
        }
        #expect(perPairing.count == 10 && perPairing.values.allSatisfy { $0 == 10 }, "\(perPairing)")
        let standings = results["standings"] as? [[String: Any]] ?? []
        #expect(
            standings.count == 5 && standings.allSatisfy { $0["games"] as? Int == 40 }, "\(standings.map { ($0["bot"] ?? "", $0["games"] ?? "") })")
    }
}
