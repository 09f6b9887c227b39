import BattleshipRules
import Foundation
import Testing

@testable import Bots

/// The placement step of the bot protocol with real child processes: a bot that announces
/// `supports place` is asked for its fleet, which is checked; an old bot is never asked.
@Suite("External bots that place their fleets", .serialized)
struct BotPlacementTests {
    static func bot(_ mode: String, startup: Duration = .seconds(15)) -> ExternalBot {
        ExternalBot(ExternalBotSpec(command: ["python3", Paths.fixture("placing_fixture_bot.py"), mode], startupDeadline: startup), seed: 1)
    }

    /// Starts `bot` and asks for its fleet; the fault when there is one.
    static func place(_ bot: ExternalBot) async -> Result<Fleet?, BotFault> {
        let result: Result<Fleet?, BotFault>
        do throws(BotFault) {
            try await bot.start(GameStart())
            result = .success(try await bot.placeFleet(seed: 9))
        } catch {
            result = .failure(error)
        }
        await bot.finish(.abandoned(reason: "test over"))
        return result
    }

    @Test("a bot that announces `supports place` gives its fleet, checked and exactly as written")
    func validFleet() async throws {
        let bot = Self.bot("valid")
        let fleet = try #require(try await Self.place(bot).get())
        #expect(bot.placesFleets)
        #expect(Set(fleet.ships.flatMap(\.cells).map(\.index)) == [0, 10, 20, 30, 40, 2, 12, 22, 32, 44, 45, 46, 19, 29, 39, 97, 98])
    }

    @Test(
        "an invalid fleet is a forfeit of the kind `fleet` that says what is wrong; a line that is no fleet is malformed; silence is a timeout",
        arguments: [
            ("overlap", ForfeitKind.invalidFleet, "The bot placed an invalid fleet: Two ships overlap at (0,1)"),
            (
                "short", ForfeitKind.invalidFleet,
                "The bot placed an invalid fleet: The fleet must be five ships of lengths 5, 4, 3, 3 and 2; got lengths 5, 4, 3, 3"
            ),
            ("garbage", ForfeitKind.malformed, "The bot wrote \"fleet of ships\" where fleet <length> <x> <y> <h|v> ... was expected"),
            ("silent", ForfeitKind.timeout, "The bot timed out: no \"fleet <length> <x> <y> <h|v> ...\" within 5.0 seconds after \"place-fleet\""),
        ])
    func badFleet(mode: String, kind: ForfeitKind, reason: String) async {
        // Only the silent bot waits out its deadline (5 s per step, the protocol's default);
        // the others answer at once, with the usual generous one.
        let result = await Self.place(Self.bot(mode, startup: mode == "silent" ? .seconds(5) : .seconds(15)))
        guard case .failure(let fault) = result else {
            Issue.record("\(mode): no fault")
            return
        }
        #expect(fault.kind == kind, "\(fault)")
        #expect(fault.description.hasPrefix(reason), "\(fault)")
    }

    @Test("a bot that announces nothing is never asked, and keeps working unchanged")
    func oldBot() async throws {
        var bot = ExternalBot(ExternalBotSpec(command: ["python3", Paths.example("bots/python/random_bot.py")]), seed: 1)
        #expect(try await Self.place(bot).get() == nil)
        #expect(!bot.placesFleets)
        let result = await SoloGame.play(&bot, against: .seeded(1))
        #expect(result.fault == nil)
    }

    @Test("the example placing bot gives a valid fleet for every seed, the same for the same seed, and plays a whole game")
    func examplePlacer() async throws {
        let spec = ExternalBotSpec(command: ["python3", Paths.example("bots/python/placing_bot.py")])
        var fleets: [UInt64: Fleet] = [:]
        for seed: UInt64 in [1, 2, 3, 1] {
            let bot = ExternalBot(spec, seed: seed)
            try await bot.start(GameStart())
            let fleet = try #require(try await bot.placeFleet(seed: seed))
            #expect(fleet.lengths.sorted() == Fleet.standardLengths.sorted())
            if let earlier = fleets[seed] { #expect(earlier == fleet, "seed \(seed) gave two fleets") }
            fleets[seed] = fleet
            await bot.finish(.abandoned(reason: "test over"))
        }
        #expect(Set(fleets.values).count == 3)
        var bot = RecordedBot(ExternalBot(spec, seed: 4))
        let result = await SoloGame.play(&bot, against: .seeded(4))
        #expect(result.fault == nil)
        bot.expectWholeGame(result, against: .seeded(4))
        #expect(await bot.name == "python-placer")
    }
}
