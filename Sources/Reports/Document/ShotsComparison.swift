/// A bot's shots-to-win beside the rest of the field's, in bins of ``binWidth`` shots, each
/// side as its share of its own wins (so a bot with 40 wins compares with a field of 4,000).
/// The field is every other bot's wins by sinking the fleet; forfeit wins are left out, as in
/// results.json's `shotsToWin`.
public struct ShotsComparison: Hashable, Sendable {
    /// One bin: wins that took `lowerShots...upperShots` shots.
    public struct Bin: Hashable, Sendable {
        public var lowerShots: Int
        public var upperShots: Int
        /// The bot's wins in the bin.
        public var bot: Int
        /// The other bots' wins in the bin.
        public var field: Int
    }

    /// The shots each bin spans.
    public static let binWidth = 5

    /// Consecutive bins from the first to the last shot count either side had; empty when
    /// nobody won by sinking a fleet.
    public var bins: [Bin]
    /// The bot's wins by sinking the fleet.
    public var botWins: Int
    /// The other bots' wins by sinking the fleet.
    public var fieldWins: Int

    /// Bins `bot`'s histogram (results.json's `shotsToWin`) against the others in `all`.
    public init(bot: String, all: [ResultsDocument.ShotsToWin]) {
        var own: [Int: Int] = [:]
        var others: [Int: Int] = [:]
        for distribution in all {
            for bin in distribution.histogram {
                if distribution.bot == bot { own[bin.shots, default: 0] += bin.games } else { others[bin.shots, default: 0] += bin.games }
            }
        }
        botWins = own.values.reduce(0, +)
        fieldWins = others.values.reduce(0, +)
        let shots = Array(own.keys) + Array(others.keys)
        guard let low = shots.min(), let high = shots.max() else {
            bins = []
            return
        }
        let width = Self.binWidth
        let first = Self.binStart(low)
        let last = Self.binStart(high)
        bins = stride(from: first, through: last, by: width).map { start in
            let range = start...(start + width - 1)
            return Bin(
                lowerShots: start, upperShots: start + width - 1,
                bot: range.reduce(0) { $0 + (own[$1] ?? 0) }, field: range.reduce(0) { $0 + (others[$1] ?? 0) }
            )
        }
    }

    /// The first shot count of the bin holding `shots`: bins start at multiples of the width.
    public static func binStart(_ shots: Int) -> Int {
        shots / binWidth * binWidth
    }

    /// Each bin's share of the bot's wins, in percent (0 without wins).
    public var botShares: [Double] { bins.map { botWins == 0 ? 0 : 100 * Double($0.bot) / Double(botWins) } }

    /// Each bin's share of the field's wins, in percent (0 without wins).
    public var fieldShares: [Double] { bins.map { fieldWins == 0 ? 0 : 100 * Double($0.field) / Double(fieldWins) } }
}
