import HTMLText

/// A season's history chart, the one on the report's index page (every entry's standings Elo
/// night by night, names spread apart, one entry picked out on pointing), for a page outside
/// the report: the arena's live leaderboard. Style it with ``PageStyle/css``.
public enum SeasonChart {
    /// The chart's `<svg>`; empty without a season or before any rating. `step` names what
    /// the x axis counts: a night, or for the arena, which plays as uploads come, a batch.
    public static func svg(_ season: ResultsDocument.SeasonSection?, step: String = "Night") -> Markup {
        season.map { SVGCharts.history($0.nights, axisTitle: step) } ?? Markup()
    }
}
