/// Why the suite could not run at all.
public enum ConformanceError: Error, Sendable, CustomStringConvertible {
    /// Nothing answered `GET /api/games` at the URL.
    case unreachable(url: String, reason: String)
    /// No check matched the `--only` selectors.
    case noChecksSelected([String])

    public var description: String {
        switch self {
        case .unreachable(let url, let reason):
            "No Battleship server answers at \(url) (\(reason)); start it or check the URL."
        case .noChecksSelected(let selectors):
            "No check matches \(selectors.joined(separator: ", ")); run `salvo check --list` to see the ids."
        }
    }
}
