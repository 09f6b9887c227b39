import Foundation

/// Where a run's reports go inside its output folder:
/// `results.json`, `index.html`, `replays/NNNN.json` and `replays/NNNN.html`, with NNNN the
/// game's schedule index padded to at least four digits, and `bots/STEM.html` per bot
/// (``BotFileNames``). Game ids and bot names are never used in file names as they are: a
/// foreign server's ids and a bot's name may contain anything.
public enum ReportLayout {
    public static let journal = "journal.jsonl"
    public static let results = "results.json"
    public static let index = "index.html"
    public static let replays = "replays"
    public static let bots = "bots"
    /// The pages of a large run's games (``GamesPage``).
    public static let games = "games"

    /// `0012` for index 12, `12345` for 12345.
    public static func replayName(index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `replays/0012.json`, relative to the run's folder.
    public static func replayJSON(index: Int) -> String { "\(replays)/\(replayName(index: index)).json" }

    /// `replays/0012.html`, relative to the run's folder.
    public static func replayHTML(index: Int) -> String { "\(replays)/\(replayName(index: index)).html" }

    /// `games/002.html` for page 2 of the games, relative to the run's folder.
    public static func gamesPage(number: Int) -> String { "\(games)/\(GamesPage.pageFile(number))" }

    /// `bots/alice.html` for the stem `alice`, relative to the run's folder.
    public static func botPage(stem: String) -> String { "\(bots)/\(stem).html" }
}
