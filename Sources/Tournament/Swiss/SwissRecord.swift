/// What the pairing of a Swiss round needs to know of the rounds before it: each bot's
/// points, who met whom (and how often), and who had a bye. Built by adding finished rounds
/// in order, so the record after round k is a function of the results of rounds 1...k alone.
///
/// Points are kept in half points (a won pairing is 2, a tie 1) so that sums are exact.
public struct SwissRecord: Hashable, Sendable {
    /// Per bot, its half points so far.
    public private(set) var halfPoints: [Int]
    /// Per bot, its byes so far.
    public private(set) var byes: [Int]
    /// The rounds added.
    public private(set) var rounds = 0
    /// `meetings[a][b]`: how often bots a and b were paired.
    private var meetings: [[Int]]

    /// The record of a field of `botCount` bots before the first round.
    public init(botCount: Int) {
        halfPoints = Array(repeating: 0, count: botCount)
        byes = Array(repeating: 0, count: botCount)
        meetings = Array(repeating: Array(repeating: 0, count: botCount), count: botCount)
    }

    /// The number of bots.
    public var botCount: Int { halfPoints.count }

    /// Adds a finished round.
    public mutating func add(_ round: SwissRoundResult) {
        for result in round.pairings {
            let (a, b) = (result.pair.first, result.pair.second)
            halfPoints[a] += result.firstHalfPoints
            halfPoints[b] += result.secondHalfPoints
            meetings[a][b] += 1
            meetings[b][a] += 1
        }
        if let bye = round.bye {
            halfPoints[bye] += SwissScoring.byeHalfPoints
            byes[bye] += 1
        }
        rounds += 1
    }

    /// How often `a` and `b` were paired.
    public func meetings(_ a: Int, _ b: Int) -> Int {
        meetings[a][b]
    }

    /// The bot's points: half its half points.
    public func points(of bot: Int) -> Double {
        Double(halfPoints[bot]) / 2
    }

    /// The Buchholz score of `bot`, in half points: the sum of its opponents' points now,
    /// each meeting counted (an opponent met twice counts twice). A bye adds nothing.
    public func buchholzHalfPoints(of bot: Int) -> Int {
        var sum = 0
        for other in 0..<botCount where meetings[bot][other] > 0 {
            sum += meetings[bot][other] * halfPoints[other]
        }
        return sum
    }

    /// The bots from first to last: more points first; among equal points, the higher
    /// Buchholz; among equal Buchholz, the lower lot (`lots[bot]`, drawn from the seed by
    /// ``SwissPairing/lots(botCount:seed:)``).
    public func ranking(lots: [Int]) -> [Int] {
        let buchholz = (0..<botCount).map(buchholzHalfPoints(of:))
        return (0..<botCount).sorted { a, b in
            if halfPoints[a] != halfPoints[b] { return halfPoints[a] > halfPoints[b] }
            if buchholz[a] != buchholz[b] { return buchholz[a] > buchholz[b] }
            return lots[a] < lots[b]
        }
    }
}
