import Testing

@testable import Bots

@Suite("bot-check's compliance run", .serialized)
struct ComplianceCheckTests {
    /// A generous start-up deadline, so that a loaded machine's slow Python start is not a
    /// failure; the slow-start fixture gets a short one.
    static func check(_ command: [String], startup: Duration = .seconds(15)) async -> [ComplianceStep] {
        await ComplianceCheck(spec: ExternalBotSpec(command: command, moveDeadline: .seconds(3), startupDeadline: startup)).run()
    }

    @Test(
        "the example bots pass every step",
        arguments: [
            ["python3", Paths.example("bots/python/random_bot.py")],
            ["python3", Paths.example("bots/python/hunt_target_bot.py")],
            ["perl", Paths.example("bots/perl/parity_bot.pl")],
        ])
    func examplesPass(command: [String]) async {
        let steps = await Self.check(command)
        #expect(steps.count == 5)
        #expect(steps.allSatisfy { $0.passed }, "\(steps)")
    }

    @Test(
        "each misbehaving fixture fails at the step where it misbehaves",
        arguments: [
            ("crash_bot.py", 3), ("hang_bot.py", 3), ("garbage_bot.py", 3), ("off_grid_bot.py", 3),
            ("repeat_bot.py", 3), ("slow_start_bot.py", 1), ("fork_bot.py", 3),
        ])
    func fixturesFail(fixture: String, failingStep: Int) async {
        let steps = await Self.check(
            ["python3", Paths.fixture(fixture), "/dev/null"], startup: fixture == "slow_start_bot.py" ? .seconds(1) : .seconds(15))
        #expect(steps.count == failingStep)
        #expect(steps.last?.passed == false)
        #expect(steps.dropLast().allSatisfy { $0.passed })
    }

    @Test("a bot that announces `supports place` is checked at the placement step too: the example passes it, an invalid fleet fails there")
    func placementStep() async {
        let example = await Self.check(["python3", Paths.example("bots/python/placing_bot.py")])
        #expect(example.count == 6 && example.allSatisfy { $0.passed }, "\(example)")
        #expect(example[2].name.hasPrefix("placement: place-fleet"))
        let overlapping = await Self.check(["python3", Paths.fixture("placing_fixture_bot.py"), "overlap"])
        #expect(overlapping.count == 3 && overlapping.last?.passed == false)
        #expect(overlapping.last?.detail.hasPrefix("The bot placed an invalid fleet: Two ships overlap at (0,1)") == true, "\(overlapping)")
    }

    @Test("a failure shows what the bot wrote and what was expected")
    func failureDetail() async {
        let steps = await Self.check(["python3", Paths.fixture("garbage_bot.py")])
        #expect(
            steps.last?.detail == """
                The bot wrote "fire at will" where shot <x> <y> was expected
                    last lines (> sent, < received):
                    > your-turn
                    < fire at will
                """)
    }
}
