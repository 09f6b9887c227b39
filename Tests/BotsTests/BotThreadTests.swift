import Foundation
import Testing

@testable import Bots

@Suite("External bots thinking at once: waits suspended on the event loop, ended by cancellation")
struct BotThreadTests {
    /// The threads of this process now (`Threads:` of /proc/self/status).
    static func threads() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Threads:") } ?? ""
        return Int(line.split(separator: "\t").last ?? "") ?? 0
    }

    /// The threads of this test process are shared with every suite running meanwhile (their
    /// servers, builds and clients add dozens), so the count here only has to stay under the
    /// bots' number: a bot that waited on its own thread (as before ``ProcessEventLoop``) adds one
    /// per bot thinking, 120 here. The exact claim, 120 bots and fewer than 40 threads in all, is
    /// checked in a `salvo` process of its own (SalvoCLITests, "bench: 120 external bots ...").
    @Test("120 bots thinking at once add fewer threads than bots, and cancelling their games kills them at once")
    func noThreadPerBot() async throws {
        let count = 120
        let marks = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-thinking-\(getpid())").path
        try FileManager.default.createDirectory(atPath: marks, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: marks) }
        let spec = ExternalBotSpec(
            command: ["/bin/sh", Paths.fixture("thinking_bot.sh"), marks], moveDeadline: .seconds(600), startupDeadline: .seconds(120))
        let before = Self.threads()

        let (thinking, most, faults) = try await withThrowingTaskGroup(of: BotFault?.self) { group in
            for index in 0..<count {
                group.addTask {
                    var bot = ExternalBot(spec, seed: UInt64(index))
                    do throws(BotFault) {
                        try await bot.start(GameStart())
                        _ = try await bot.nextShot()
                        await bot.finish(.lost)
                        return nil
                    } catch {
                        await bot.finish(.abandoned(reason: error.description))
                        return error
                    }
                }
            }
            // Every bot has been sent `your-turn` and is thinking once its mark is there.
            let deadline = ContinuousClock.now + .seconds(120)
            var thinking = 0
            while thinking < count && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
                thinking = (try? FileManager.default.contentsOfDirectory(atPath: marks).count) ?? 0
            }
            var most = 0
            for _ in 0..<10 {
                most = max(most, Self.threads())
                try await Task.sleep(for: .milliseconds(20))
            }
            group.cancelAll()
            var faults: [BotFault] = []
            for try await fault in group { fault.map { faults.append($0) } }
            return (thinking, most, faults)
        }

        #expect(thinking == count, "only \(thinking) of \(count) bots reached their turn")
        #expect(most - before < count * 3 / 4, "\(before) threads before, \(most) while \(thinking) bots thought")
        // Cancelling a game's task ends its bot's wait at once: its process group is killed.
        #expect(faults.count == count)
        #expect(faults.allSatisfy { if case .crashed = $0 { true } else { false } }, "\(faults.prefix(3))")
    }
}
