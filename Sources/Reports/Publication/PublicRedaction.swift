import Foundation
import Tournament

/// A finished run made fit to publish (`salvo publish`): the same games and results, without
/// what lets anyone act on a server or learn about the machine it ran on.
///
/// - Server ids: every game id and player id becomes empty (results.json's `gameId` is `""`,
///   replays show none), and every id the run's journal holds is cut out of the texts that
///   came with the games (forfeit reasons, stderr tails: ``IDScrubber``).
/// - Server URLs: a game's server is left out; a `server:` URL is shown as its host and port.
/// - Paths: the working folder (where external bots' relative commands start) becomes
///   relative, the run's folder its own name, the home folder `~`, in every text: bot
///   commands, read-only paths, reasons, stderr tails.
///
/// ```swift
/// let redaction = PublicRedaction(runFolder: "/srv/class/reports/week3", workingDirectory: "/srv/class")
/// let open = redaction.apply(to: try RunJournal.load(directory: "/srv/class/reports/week3"))
/// ```
public struct PublicRedaction: Sendable {
    /// Absolute prefixes and what replaces them, applied in order.
    public let paths: [(prefix: String, replacement: String)]

    /// `runFolder` and `workingDirectory` made absolute and standardized; `home` is `$HOME`.
    public init(
        runFolder: String, workingDirectory: String = FileManager.default.currentDirectoryPath,
        home: String? = ProcessInfo.processInfo.environment["HOME"]
    ) {
        let working = Self.absolute(workingDirectory, from: "/")
        let run = Self.absolute(runFolder, from: working)
        var paths: [(String, String)] = []
        if working != "/" {
            paths.append((working + "/", ""))
            paths.append((working, "."))
        }
        paths.append((run, (run as NSString).lastPathComponent))
        if let home, home.count > 1 { paths.append((Self.absolute(home, from: "/"), "~")) }
        self.paths = paths
    }

    /// The name the published pages give the run's folder in `salvo rematch` commands.
    public var folderName: String { paths.first { $0.replacement != "" && $0.replacement != "." && $0.replacement != "~" }?.replacement ?? "." }

    /// `journal` with every record, the configuration and a season's nights redacted.
    public func apply(to journal: RunJournal) -> RunJournal {
        let ids = Set(journal.serverIDs.filter { $0.count >= 4 })
        let records = journal.finished.map { apply(to: $0, ids: ids) }
        var redacted = RunJournal(configuration: apply(to: journal.configuration), finished: records, serverIDs: [], unenforced: journal.unenforced)
        redacted.nights = journal.nights.map { apply(to: $0) }
        redacted.earlierVersions = journal.earlierVersions.map { apply(to: $0, ids: ids) }
        return redacted
    }

    /// `configuration` with no absolute path, seed key or server URL beyond host and port.
    public func apply(to configuration: TournamentConfig) -> TournamentConfig {
        var config = configuration
        config.outputDirectory = folderName
        config.context.sourceFile = config.context.sourceFile.map { ($0 as NSString).lastPathComponent }
        config.context.workingDirectory = nil
        config.context.seedKey = nil
        if case .url(let url) = config.server { config.server = .url(Self.hostAndPort(url)) }
        config.bots = config.bots.map { apply(to: $0) }
        config.context.seasonNight = config.context.seasonNight.map { apply(to: $0) }
        return config
    }

    /// A season's `night` with its entries redacted.
    public func apply(to night: SeasonNight) -> SeasonNight {
        var night = night
        night.bots = night.bots.map { apply(to: $0) }
        return night
    }

    /// `bot` with no absolute path in its command, folder or read-only paths. A sandboxed bot's
    /// command names its folder as the bot sees it, `/bot` (a page showed the runner's folders
    /// before, a staging folder's among them).
    func apply(to bot: BotEntry) -> BotEntry {
        var bot = bot
        if case .external(var spec) = bot.kind {
            if spec.sandbox.isEnabled, let folder = spec.folder {
                spec.command = spec.command.map { $0 == folder ? "/bot" : $0.hasPrefix(folder + "/") ? "/bot/" + $0.dropFirst(folder.count + 1) : $0 }
            }
            spec.command = spec.command.map(scrubPaths)
            spec.folder = spec.folder.map(scrubPaths)
            spec.sandbox.readOnlyPaths = spec.sandbox.readOnlyPaths.map(scrubPaths)
            bot.kind = .external(spec)
        }
        return bot
    }

    /// `record` with no server, game or player id (its own, and `ids` wherever they appear in
    /// its texts) and no absolute path: what a published page or the live page may show.
    public func apply(to record: GameRecord, ids: Set<String> = []) -> GameRecord {
        var record = record
        let own = IDScrubber(record)
        let text = { (text: String) in self.scrubPaths(IDScrubber.scrubWords(own.scrub(text), ids: ids)) }
        record.gameId = ""
        record.server = ""
        record.reason = record.reason.map(text)
        record.stderrTail = record.stderrTail.map(text)
        record.players = record.players.map { player in
            var player = player
            player.playerId = ""
            player.serverName = text(player.serverName)
            return player
        }
        return record
    }

    /// `record` with no absolute path in its texts (its reason and stderr tail), its ids kept:
    /// what the run's own report shows.
    public func applyPaths(to record: GameRecord) -> GameRecord {
        var record = record
        record.reason = record.reason.map(scrubPaths)
        record.stderrTail = record.stderrTail.map(scrubPaths)
        return record
    }

    /// `text` with the absolute paths replaced.
    public func scrubPaths(_ text: String) -> String {
        var text = text
        for (prefix, replacement) in paths where text.contains(prefix) {
            text = text.replacing(prefix, with: replacement)
        }
        return text
    }

    /// `path` absolute (from `base` when relative) and standardized, with no trailing `/`.
    static func absolute(_ path: String, from base: String) -> String {
        let joined = path.hasPrefix("/") ? path : (base as NSString).appendingPathComponent(path)
        let standard = (joined as NSString).standardizingPath
        return standard.count > 1 && standard.hasSuffix("/") ? String(standard.dropLast()) : standard
    }

    /// `host:port` of `http://host:port/...`.
    static func hostAndPort(_ url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        return String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
    }
}
