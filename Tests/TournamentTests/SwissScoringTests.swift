import BattleshipRules
import Foundation
import Testing

@testable import Tournament

@Suite("Swiss scoring")
struct SwissScoringTests {
    static let names = ["alpha", "beta", "gamma"]

    /// A game between `creator` and `joiner` (names), won by `winner` (nil: no result).
    static func game(_ index: Int, _ creator: String, _ joiner: String, winner: String?, forfeit: Bool = false) -> GameRecord {
        let players = [creator, joiner].map { PlayerRecord(bot: $0, serverName: $0, playerId: "p-\($0)", boardSeed: nil) }
        let seat: PlayerSeat? = winner.map { $0 == creator ? .one : .two }
        return GameRecord(
            index: index, server: "http://127.0.0.1", gameId: "g\(index)", gameName: "g\(index)", players: players, shots: [],
            termination: winner == nil ? .noResult : forfeit ? .forfeit : .win, winner: seat, reason: nil,
            startedAt: Date(timeIntervalSince1970: 0), durationMilliseconds: 1
        )
    }

    @Test("the bot that won more of the pairing's games scores a point; equal wins are half a point each")
    func pairingPoints() {
        let pair = SwissPair(0, 1)
        // alpha wins 3 of 4 (one by beta's forfeit): 1 point to 0.
        let won = SwissScoring.result(
            of: pair, botNames: Self.names,
            games: [
                Self.game(0, "alpha", "beta", winner: "alpha"), Self.game(1, "beta", "alpha", winner: "alpha"),
                Self.game(2, "alpha", "beta", winner: "beta"), Self.game(3, "beta", "alpha", winner: "alpha", forfeit: true),
            ])
        #expect(won == SwissPairingResult(pair: pair, firstHalfPoints: 2, secondHalfPoints: 0))
        // 1 each, and a no-result that does not count: a tie.
        let tied = SwissScoring.result(
            of: pair, botNames: Self.names,
            games: [
                Self.game(0, "alpha", "beta", winner: "beta"), Self.game(1, "beta", "alpha", winner: "alpha"),
                Self.game(2, "alpha", "beta", winner: nil),
            ])
        #expect(tied == SwissPairingResult(pair: pair, firstHalfPoints: 1, secondHalfPoints: 1))
        // The second bot's wins; games of other bots are ignored.
        let lost = SwissScoring.result(
            of: SwissPair(2, 0), botNames: Self.names,
            games: [
                Self.game(0, "alpha", "gamma", winner: "alpha"), Self.game(1, "beta", "alpha", winner: "beta"),
                Self.game(2, "beta", "gamma", winner: "gamma"),
            ])
        #expect(lost == SwissPairingResult(pair: SwissPair(2, 0), firstHalfPoints: 0, secondHalfPoints: 2))
        // Nothing played at all: a tie.
        #expect(SwissScoring.result(of: pair, botNames: Self.names, games: []).firstHalfPoints == 1)
    }

    @Test("a bye is a point, and adds nothing to Buchholz")
    func byePoint() {
        var record = SwissRecord(botCount: 3)
        record.add(SwissRoundResult(pairings: [SwissPairingResult(pair: SwissPair(0, 1), firstHalfPoints: 2, secondHalfPoints: 0)], bye: 2))
        #expect(record.points(of: 2) == 1 && record.points(of: 0) == 1 && record.points(of: 1) == 0)
        #expect(record.buchholzHalfPoints(of: 2) == 0 && record.buchholzHalfPoints(of: 1) == 2)
        #expect(record.byes == [0, 0, 1] && record.rounds == 1)
    }
}
