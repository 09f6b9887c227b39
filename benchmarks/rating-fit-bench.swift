// The joint rating fit of N players on a seeded set of games, timed by benchmarks/rating-fit.sh.
// Usage: rating-fit-bench PLAYERS GAMES_PER_PLAYER
import Foundation

struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

let arguments = CommandLine.arguments
let players = arguments.count > 1 ? Int(arguments[1])! : 1000
let perPlayer = arguments.count > 2 ? Int(arguments[2])! : 200
var random = SplitMix(state: 53)
let strengths = (0..<players).map { _ in -450 * random.unit() }
let order = strengths.indices.sorted { strengths[$0] > strengths[$1] }
var games: [RatedGame] = []
// Each player against near neighbours in strength, as adaptive matchmaking pairs them.
for _ in 0..<(players * perPlayer / 2) {
    let place = Int(random.unit() * Double(players))
    let other = min(players - 1, max(0, place + Int(random.unit() * 16) - 8))
    guard place != other else { continue }
    let a = order[place], b = order[other]
    let p = 1 / (1 + pow(10, (strengths[b] - strengths[a]) / 400))
    games.append(RatedGame(first: a, second: b, firstMovedFirst: random.unit() < 0.5, score: random.unit() < p ? 1 : 0))
}
let started = Date()
let fit = try BradleyTerryFit(games: games, playerCount: players)
print(String(format: "%d players, %d games: rating[0] %.3f ± %.3f, %d iterations, %.2f s", players, games.count,
             fit.ratings[0].value, fit.ratings[0].standardError, fit.iterations, Date().timeIntervalSince(started)))
