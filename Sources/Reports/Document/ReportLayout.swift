import Foundation

/// Where a run's reports go inside its output folder:
/// `results.json`, `index.html`, the replays packed in `replays/pack-NNNN.js` and shown by
/// `replays/viewer.html#game=N` (``ReplayPack``), `bots/STEM.html` per bot (``BotFileNames``),
/// and, when asked for (`--replay-files`), `replays/NNNN.json` per game, with NNNN the game's
/// schedule index padded to at least four digits. Game ids and bot names are never used in file names as they are: a
/// foreign server's ids and a bot's name may contain anything.
public enum ReportLayout {
    public static let journal = "journal.jsonl"
    public static let results = "results.json"
    public static let index = "index.html"
    public static let replays = "replays"
    public static let bots = "bots"
    /// The crosstable and the likelihoods of superiority of a run of many bots (``TablePage``).
    public static let crosstable = "crosstable.html"
    public static let superiority = "superiority.html"
    public static let shotsToWin = "shots-to-win.html"
    /// The pages of a large run's games (``GamesPage``).
    public static let games = "games"

    /// The packed replays' viewer, relative to the run's folder.
    public static let viewer = "replays/viewer.html"

    /// `replays/viewer.html#game=12`: the viewer showing game 12, relative to the run's folder.
    public static func replayLink(index: Int) -> String { "\(viewer)#game=\(index)" }

    /// `replays/pack-0003.js`: the pack of replays number 3, relative to the run's folder.
    public static func pack(number: Int) -> String {
        let digits = String(number)
        return "\(replays)/pack-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".js"
    }

    /// `0012` for index 12, `12345` for 12345.
    public static func replayName(index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `replays/0012.json`, relative to the run's folder.
    public static func replayJSON(index: Int) -> String { "\(replays)/\(replayName(index: index)).json" }

    /// `replays/0012.html`, relative to the run's folder: a replay page of the live page
    /// (LiveStandings), or `salvo replay --format html`.
    public static func replayHTML(index: Int) -> String { "\(replays)/\(replayName(index: index)).html" }

    /// `games/002.html` for page 2 of the games, relative to the run's folder.
    public static func gamesPage(number: Int) -> String { "\(games)/\(GamesPage.pageFile(number))" }

    /// `bots/alice.html` for the stem `alice`, relative to the run's folder.
    public static func botPage(stem: String) -> String { "\(bots)/\(stem).html" }
}
