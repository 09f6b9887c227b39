import Foundation
import HTMLText
import Scoring
import Tournament

/// A bot's own page, `bots/STEM.html` (``BotFileNames``): what a student needs to read how
/// their bot did. Its record and rating, its results against every opponent, its shots to win
/// beside the other bots', where it fires first, every forfeit with the end of its stderr, every
/// game with its replay, and the command that plays a game again. Self-contained like
/// index.html (inline CSS and SVG, no script, nothing fetched); every link is relative, so the
/// report folder works wherever it is moved. Written as ``Markup``, so every outside text is
/// escaped.
///
/// Size: a bot may have played 100,000 games, so the games table lists at most
/// ``gameRowLimit`` rows, the forfeits at most ``forfeitDetailLimit`` with reason (cut to
/// ``reasonLimit`` characters) and stderr and ``forfeitRowLimit`` more in short, and names are
/// cut to ``nameLimit`` characters outside the heading, which keeps every page under 5 MB even
/// when every character must be escaped; a note says what was left out (results.json lists
/// every game).
///
/// DOM contract (read by the browser tests): `<main id="bot-page" data-bot="NAME">`;
/// `<table id="record">` with one `<tr data-key="...">` per line (`rank`, `elo`, `interval`,
/// `games`, `won`, `lost`, `forfeits`, `no-result`, `score`, `shots-per-win`);
/// `<table id="opponents">` with one `<tr data-opponent="NAME">` per opponent;
/// `<svg id="shots-comparison">`; `<svg id="heat-first">` and `<svg id="heat-opening">`;
/// one `<article class="forfeit" data-game="N" data-kind="KIND" data-move="M">` per detailed
/// forfeit, its stderr in `<pre class="stderr">`; `a.replay-link` per game listed;
/// `<code class="rematch">` commands.
public enum BotPage {
    /// Rows of the games table, at most.
    public static let gameRowLimit = 10_000
    /// Forfeits shown with their reason and stderr, at most.
    public static let forfeitDetailLimit = 50
    /// Forfeits listed in short after those, at most.
    public static let forfeitRowLimit = 5_000
    /// Characters of a forfeit's reason shown (a malformed line may be 4 KiB; results.json has it all).
    public static let reasonLimit = 600
    /// Characters of a bot's name shown outside the page's heading.
    public static let nameLimit = 120
    /// The opening shots the second heat map counts per game.
    public static let openingShots = 10

    /// Everything one page is built from.
    public struct Input: Sendable {
        /// The bot.
        public var bot: String
        /// The run's results (standings, crosstable, shots to win; its `games` are not read).
        public var results: ResultsDocument
        /// The bot's games, folded (``BotGames``).
        public var games: BotGames
        /// The bot's counts by the one scoreboard's rules (docs/scoring.md).
        public var tally: BotTally
        /// Every bot's file stem (``BotFileNames/assign(_:)``).
        public var files: [String: String]
        /// The run's folder as the rematch command names it.
        public var runFolder: String
        /// A published page (`salvo publish`, ``Publication``): no stderr and no `salvo
        /// rematch` commands, which only the run's owner can use.
        public var published = false

        public init(bot: String, results: ResultsDocument, games: BotGames, tally: BotTally, files: [String: String], runFolder: String) {
            self.bot = bot
            self.results = results
            self.games = games
            self.tally = tally
            self.files = files
            self.runFolder = runFolder
        }

        /// The input of `records`, the record that counts for each game the bot played, in
        /// schedule order.
        public init(bot: String, results: ResultsDocument, records: [GameRecord], files: [String: String], runFolder: String) {
            self.init(
                bot: bot, results: results, games: BotGames(bot: bot, records: records),
                tally: Scoreboard(bots: [bot], records: records).tally(of: bot), files: files, runFolder: runFolder
            )
        }
    }

    /// The page of `input.bot`.
    public static func render(_ input: Input) -> String {
        var html: Markup = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width,initial-scale=1">
            <title>\(SVGCharts.shortened(input.bot, to: nameLimit)) · \(input.results.tournament)</title>
            <style>\(PageStyle.css)\(css)</style></head>
            <body><main id="bot-page" data-bot="\(input.bot)">

            """
        html += header(input)
        html += record(input)
        html += season(input)
        html += opponents(input)
        html += charts(input)
        html += forfeits(input)
        html += games(input)
        html += rematch(input)
        html += """
            <p class="note">Back to <a href="../\(ReportLayout.index)">the tournament</a>; every number as data in \
            <a href="../\(ReportLayout.results)">results.json</a>.</p>
            </main></body></html>

            """
        return html.text
    }

    static func header(_ input: Input) -> Markup {
        var how: Markup = "bot"
        if let entry = input.results.configuration.bots.first(where: { $0.name == input.bot }) {
            if let strategy = entry.strategy {
                how = "built-in <code>\(strategy)</code>"
            } else if let command = entry.command {
                how = "<code>\(SVGCharts.shortened(command.joined(separator: " "), to: 300))</code>"
            }
        }
        return """
            <header><p class="meta"><a href="../\(ReportLayout.index)">← \(input.results.tournament)</a></p>
            <h1>\(input.bot)</h1>
            <p class="meta">Runs as \(how) · report generated \(IndexPage.timestamp(input.results.generatedAt)).</p></header>

            """
    }

    /// A bot's name for tables and captions: cut to ``nameLimit`` and escaped.
    static func name(_ bot: String) -> Markup {
        Markup(escaping: SVGCharts.shortened(bot, to: nameLimit))
    }

    /// The link to `bot`'s page from another bot page, its name as the text.
    static func link(_ bot: String, files: [String: String]) -> Markup {
        guard let stem = files[bot] else { return name(bot) }
        return "<a href=\"\(stem).html\">\(name(bot))</a>"
    }

    /// `../replays/viewer.html#game=12`.
    static func replayLink(_ index: Int) -> String {
        "../" + ReportLayout.replayLink(index: index)
    }

    /// The bot page's own style (bot-page.css), after ``PageStyle/css``.
    static let css = Markup.resource(PackageResources.bot_page_css)
}
