import Yams

extension TournamentFileReader {
    /// The most rounds a Swiss tournament may have.
    static let maximumRounds = 1_000

    /// `rounds: R`, which `format: swiss` needs and no other format takes.
    func rounds(_ values: [String: Node], format: TournamentFormat) throws(TournamentFileError) -> Int? {
        switch (format, values["rounds"]) {
        case (.swiss, let node?):
            return try integer(node, "rounds", 1...Self.maximumRounds)
        case (.swiss, nil):
            throw fail(
                values["format"],
                "`format: swiss` needs `rounds:`, the number of rounds to play (e.g. `rounds: 7`; about log2 of the number of bots, plus two, ranks a field well)"
            )
        case (_, let node?):
            throw fail(
                node,
                "`rounds` applies to `format: swiss` only, and this file's format is \(format.rawValue); add `format: swiss` or remove `rounds:`")
        case (_, nil):
            return nil
        }
    }
}
