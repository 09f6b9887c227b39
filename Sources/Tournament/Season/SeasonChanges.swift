/// What a season's run found changed since the last night, for the line printed before play:
/// "2 new versions (alice, cbot), 1 new entry (mia), 1 retired (zed); 84 games to play".
public struct SeasonChanges: Hashable, Sendable {
    /// The night this run plays (a new one, or the last one continued).
    public var night: Int
    /// Whether the run continues the last night (nothing changed since it began).
    public var continued: Bool
    /// Entries with a new current version.
    public var newVersions: [String] = []
    /// Entries whose current version is one they had before (not the last night's): back to
    /// an earlier version, which plays only the games it still misses.
    public var returnedVersions: [String] = []
    /// Entries seen for the first time.
    public var newEntries: [String] = []
    /// Entries of the last night that are gone from the folder: they play no more and leave
    /// the standings; their games stay in the history.
    public var retired: [String] = []
    /// Entries whose newer version was not entered (a failed build, a change after the
    /// deadline): their last good version stays current. The name and the one-line reason.
    public var kept: [Kept] = []
    /// Games the night plays (for a continued night: those still without a result).
    public var gamesToPlay: Int
    /// How a new night's games were chosen, when matchmaking chose them (``SeasonNight/matchmade``).
    public var round: SeasonNight.Matchmade.Method?

    public struct Kept: Hashable, Sendable {
        public var name: String
        public var reason: String
    }

    public init(night: Int, continued: Bool, gamesToPlay: Int) {
        self.night = night
        self.continued = continued
        self.gamesToPlay = gamesToPlay
    }

    /// The printed summary.
    public var summary: String {
        func part(_ names: [String], _ one: String, _ many: String) -> String? {
            guard !names.isEmpty else { return nil }
            // A class's first night names 60 entries: the first 8, and how many more.
            let shown = names.prefix(8).joined(separator: ", ") + (names.count > 8 ? " and \(names.count - 8) more" : "")
            return "\(names.count) \(names.count == 1 ? one : many) (\(shown))"
        }
        var parts = [
            part(newVersions, "new version", "new versions"), part(returnedVersions, "back to an earlier version", "back to earlier versions"),
            part(newEntries, "new entry", "new entries"),
            part(retired, "retired", "retired"), part(kept.map(\.name), "kept at its last good version", "kept at their last good versions"),
        ].compactMap { $0 }
        switch (parts.isEmpty, round) {
        case (true, .adaptive?): parts = ["the next adaptive round (intervals still wider than their target)"]
        case (true, .settle?): parts = ["a settle round (neighbours not yet separated at 95%)"]
        case (true, nil): parts = [continued ? "nothing changed since it began" : "no entry changed"]
        case (false, .adaptive?): parts.append("an adaptive round")
        case (false, .settle?): parts.append("a settle round")
        case (false, nil): break
        }
        let games = "\(gamesToPlay) game\(gamesToPlay == 1 ? "" : "s") to play"
        return "Season night \(night)\(continued ? " (continued)" : ""): " + parts.joined(separator: ", ") + "; " + games
    }
}
