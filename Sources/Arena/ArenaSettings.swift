import Foundation
import HTTPGuards
import Orchestrator
import Tournament
import Yams

/// An arena's `arena.yaml` as read: a tournament file's keys (tournaments/README.md) for the
/// season its students play, and the arena's own keys around them. The arena adds what it owns:
/// `bots_from:` is its `submissions/` folder (a `bots_from:` mapping may set the builds' and
/// bots' limits, not the folder) and `output:` its `season/` folder.
///
/// ```yaml
/// name: cs101
/// bots: [random, hunt-target]
/// games_per_pairing: 2
/// deadline: 2026-12-11T23:59:00Z   # uploads received later are kept, not entered
/// submissions_per_day: 10          # per student, in any 24 hours
/// upload_mb: 20
/// checks_at_once: 2                # uploads checked at the same time, never two of one student's
/// uploads_at_once: 64              # uploads taken at once in all (8 per student, 2 of them read at once)
/// student_disk_mb: 50              # each student's older archives, beyond their newest 3
/// disk_reserve_mb: 256             # free disk kept: below it, uploads wait (507) and checks wait
/// schedule: continuous             # or nightly, with night_at: "02:00" (UTC)
/// matchmaking: adaptive            # or round-robin (the default); with rating_interval: 50
/// idle_games_per_hour: 120         # settle rounds while nothing waits (adaptive: 120, else 0)
/// settle_games: 2000               # after the deadline (default: a fifth of the games played)
/// requests_per_second: 20          # per token, or per client address without one, after a burst of request_burst: 120
/// trusted_proxy: 10.0.0.5          # behind a reverse proxy on another machine: count the address it forwards
/// ```
public struct ArenaSettings: Sendable {
    /// When the games of new versions are played.
    public enum Schedule: Sendable, Hashable {
        /// As soon as a version is entered (a batch of the versions checked meanwhile).
        case continuous
        /// Once a day at `hour:minute` UTC, with every version entered since.
        case nightly(hour: Int, minute: Int)
    }

    /// The season's tournament file, its `bots_from:` and output the arena's.
    public var tournament: TournamentFile
    /// Uploads received after it are kept and not entered.
    public var deadline: Date?
    /// Uploads per student in any 24 hours.
    public var submissionsPerDay: Int
    /// The largest upload accepted, in bytes.
    public var uploadBytes: Int
    public var schedule: Schedule
    /// Games each upload plays against a built-in in its check before it is entered.
    public var checkGames: Int
    /// Uploads checked at the same time (never two of one student's): each check is a
    /// sandboxed build and games, about a core's work, so the default, 2, suits 2 cores.
    public var checksAtOnce: Int = 2
    /// Requests a second per student's token (for requests with a valid one) or per client
    /// address (the rest), after a burst of ``requestBurst``; 0 for no limit. The default, 20 a
    /// second, is the leaderboards of 100 students refreshing every 5 s from one address.
    public var requestsPerSecond: Double = 20
    public var requestBurst: Int = 120
    /// The reverse proxies in front of the arena on other machines (`trusted_proxy:`): a
    /// request from one of them is counted against the address it forwards in
    /// `X-Forwarded-For` (``HTTPGuards/ForwardedClient``); empty, the header is ignored. A proxy
    /// on this machine is refused here (any local user connects from its address): the arena
    /// serves it on a Unix socket instead (``ArenaServer/Socket``).
    public var trustedProxies: [String] = []
    /// Uploads in the arena at once, in all (`uploads_at_once`): each holds a connection, and
    /// each read streams to a file with a few buffers, so a hundred sent at once cost the arena
    /// these few; past it, 503 with `Retry-After`, before the body is read.
    public var uploadsAtOnce: Int = 64
    /// One student's uploads read at once; the rest of theirs wait their turn, unread.
    public static let uploadsReadPerStudent = 2
    /// One student's uploads in the arena at once, read or waiting; past it, 429 before the body.
    public static let uploadsAdmittedPerStudent = 8
    /// Each student's disk for older archives (`student_disk_mb`), beyond their newest uploads
    /// and the version they play (``ArenaDiskBudget``).
    public var studentDiskBytes: Int = 50 << 20
    /// Free space the arena keeps on its disk (`disk_reserve_mb`): below it plus an upload's
    /// size, uploads are refused before their bodies (507, nobody charged), and below it plus
    /// a build's needs, checks wait (``ArenaDisk``).
    public var diskReserveBytes: Int = 256 << 20
    /// How long a client may take to send a request: 30 s, plus a second for every 16 KiB of
    /// upload, so a stalled or trickling request cannot hold a connection.
    public var requestDeadline: RequestDeadline = .standard
    /// Games the arena plays in an hour when no upload waits and every version is settled
    /// (`idle_games_per_hour`): settle rounds between neighbours whose ratings are not yet
    /// separated, so a lucky version's rating regresses as games accumulate. 120 for an
    /// adaptive season, 0 (none) for a round robin unless the file says.
    public var idleGamesPerHour: Int = 0
    /// The settle step's games once the deadline has passed (`settle_games`); nil for the
    /// default, a fifth of the games the final versions have played between them
    /// (``ArenaSettle/defaultGames(played:versions:)``).
    public var settleGames: Int?
    /// The default of ``idleGamesPerHour`` for an adaptive season.
    public static let adaptiveIdleGamesPerHour = 120

    /// The arena's own keys, taken out before the rest is read as a tournament file.
    static let arenaKeys = [
        "deadline", "submissions_per_day", "upload_mb", "schedule", "night_at", "check_games", "checks_at_once", "requests_per_second",
        "request_burst", "trusted_proxy",
        "uploads_at_once", "student_disk_mb", "disk_reserve_mb", "idle_games_per_hour", "settle_games",
    ]
    /// The subfolders the arena owns.
    public static let submissionsFolder = "submissions"
    public static let seasonFolder = "season"
    /// The season published after each batch, served under `/season/`.
    public static let publicFolder = "public"
    /// The secret the private pages' links are derived from (never published).
    public static let secretFile = "publish-secret"

    /// The publisher of the arena's season into `destination`: `DIR/public` after each batch,
    /// another folder for `salvo arena export`; the same private links either way.
    /// Each student is shown under their roster name (when the instructor gave one), else a
    /// pseudonym: never their login, whatever their bot.yaml says.
    public static func publisher(arena: String, settings: ArenaSettings, into destination: String, roster: [ArenaStore.Student]) -> RunPublisher {
        let names = Dictionary(roster.filter { $0.name != $0.login }.map { ($0.login, $0.name) }, uniquingKeysWith: { first, _ in first })
        return RunPublisher(
            output: settings.tournament.config.outputDirectory, destination: destination, secretFile: arena + "/" + secretFile, labels: names)
    }

    /// Reads the arena's settings in the folder `arena`.
    public static func read(arena: String) throws(ArenaError) -> ArenaSettings {
        let path = arena + "/" + ArenaFolder.settingsFile
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .settings("cannot read \(path); make the arena with `salvo arena init \(arena) --roster FILE`")
        }
        do {
            return try read(String(decoding: data, as: UTF8.self), file: path, arena: arena)
        } catch {
            throw .settings(error.description)
        }
    }

    /// Reads `text` (the file `file`) for the arena in the folder `arena`.
    static func read(_ text: String, file: String, arena: String) throws(TournamentFileError) -> ArenaSettings {
        let parser = TournamentFileParser()
        let root = try parser.compose(text, file: file)
        guard let mapping = root.mapping else {
            throw TournamentFileError(file: file, line: root.mark?.line, message: "the file must be a mapping of keys such as `name:` and `bots:`")
        }
        func fail(_ node: Node?, _ message: String) -> TournamentFileError {
            TournamentFileError(file: file, line: node?.mark?.line, message: message)
        }
        var own: [String: Node] = [:]
        var rest: [(Node, Node)] = []
        var botsFrom: [(Node, Node)] = []
        for (key, value) in mapping {
            switch key.string {
            case let name? where arenaKeys.contains(name):
                own[name] = value
            case "output":
                throw fail(key, "the arena writes its season into \(arena)/\(seasonFolder); remove `output:`")
            case "bots_from":
                guard let given = value.mapping else {
                    throw fail(
                        key,
                        "the arena's submissions are its own (\(arena)/\(submissionsFolder)); give `bots_from:` only as a mapping of limits, or remove it"
                    )
                }
                for (subkey, subvalue) in given {
                    if subkey.string == "folder" {
                        throw fail(subkey, "the arena's submissions are its own (\(arena)/\(submissionsFolder)); remove `folder:`")
                    }
                    if subkey.string == "deadline" {
                        throw fail(subkey, "give the arena's deadline as the top-level `deadline:`, which counts from each upload's arrival")
                    }
                    botsFrom.append((subkey, subvalue))
                }
            default:
                rest.append((key, value))
            }
        }
        botsFrom.append((Node("folder"), Node(arena + "/" + submissionsFolder)))
        rest.append((Node("bots_from"), Node.mapping(Node.Mapping(botsFrom))))
        rest.append((Node("output"), Node(arena + "/" + seasonFolder)))
        var tournament = try parser.read(node: Node.mapping(Node.Mapping(rest, mapping.tag, mapping.style, mapping.mark)), file: file)
        tournament.config.context = RunContext(startedHereFrom: file)
        guard tournament.config.scheduler.playsAsSeason else {
            throw fail(root, "the arena plays a season: `format:` must be round-robin or swiss")
        }

        var settings = ArenaSettings(
            tournament: tournament, deadline: nil, submissionsPerDay: 10, uploadBytes: 20 << 20, schedule: .continuous, checkGames: 4)
        if case .adaptive = tournament.config.matchmaking { settings.idleGamesPerHour = adaptiveIdleGamesPerHour }
        if let node = own["idle_games_per_hour"] { settings.idleGamesPerHour = try integer(node, "idle_games_per_hour", 0...100_000, fail) }
        if let node = own["settle_games"] { settings.settleGames = try integer(node, "settle_games", 0...10_000_000, fail) }
        if let node = own["deadline"] {
            guard let text = node.string, let date = Self.date(text) else {
                throw fail(node, "`deadline` must be a date and time with its zone, such as 2026-12-11T23:59:00Z")
            }
            settings.deadline = date
        }
        if let node = own["submissions_per_day"] { settings.submissionsPerDay = try integer(node, "submissions_per_day", 1...10_000, fail) }
        if let node = own["upload_mb"] { settings.uploadBytes = try integer(node, "upload_mb", 1...1_024, fail) << 20 }
        if let node = own["check_games"] { settings.checkGames = try integer(node, "check_games", 0...100, fail) }
        if let node = own["checks_at_once"] { settings.checksAtOnce = try integer(node, "checks_at_once", 1...64, fail) }
        if let node = own["uploads_at_once"] { settings.uploadsAtOnce = try integer(node, "uploads_at_once", 1...4_096, fail) }
        if let node = own["student_disk_mb"] { settings.studentDiskBytes = try integer(node, "student_disk_mb", 0...1_048_576, fail) << 20 }
        if let node = own["disk_reserve_mb"] { settings.diskReserveBytes = try integer(node, "disk_reserve_mb", 0...1_048_576, fail) << 20 }
        if let node = own["requests_per_second"] { settings.requestsPerSecond = Double(try integer(node, "requests_per_second", 0...100_000, fail)) }
        if let node = own["request_burst"] { settings.requestBurst = try integer(node, "request_burst", 1...100_000, fail) }
        if let node = own["trusted_proxy"] {
            let given = node.sequence.map { $0.map(\.string) } ?? [node.string]
            let addresses = given.map { $0.flatMap(ForwardedClient.canonical) }
            guard !addresses.isEmpty, addresses.allSatisfy({ $0 != nil }) else {
                throw fail(
                    node,
                    "`trusted_proxy` must be the IP address your reverse proxy connects from, or a list of them, such as 127.0.0.1 or [127.0.0.1, \"::1\"]"
                )
            }
            settings.trustedProxies = addresses.compactMap { $0 }
        }
        if let node = own["schedule"] {
            switch node.string {
            case "continuous": settings.schedule = .continuous
            case "nightly": settings.schedule = .nightly(hour: 2, minute: 0)
            default: throw fail(node, "`schedule` must be `continuous` (games as soon as a version is entered) or `nightly`")
            }
        }
        if let node = own["night_at"] {
            guard case .nightly = settings.schedule else { throw fail(node, "`night_at` is for `schedule: nightly`; add it, or remove `night_at`") }
            let parts = (node.string ?? "").split(separator: ":").compactMap { Int($0) }
            guard parts.count == 2, (0..<24).contains(parts[0]), (0..<60).contains(parts[1]) else {
                throw fail(node, "`night_at` must be a UTC time of day, HH:MM, such as \"02:00\"")
            }
            settings.schedule = .nightly(hour: parts[0], minute: parts[1])
        }
        return settings
    }

    static func integer(_ node: Node, _ key: String, _ range: ClosedRange<Int>, _ fail: (Node?, String) -> TournamentFileError)
        throws(TournamentFileError) -> Int
    {
        guard let value = node.int, range.contains(value) else {
            throw fail(node, "`\(key)` must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// The file `salvo arena init` writes.
    public static let template = """
        # An arena: a class's season that plays as students upload (salvo arena serve DIR).
        # Edit before serving. The keys are a tournament file's (tournaments/README.md), but for
        # `bots_from:` (the arena's submissions/; a mapping may set the builds' limits) and
        # `output:` (its season/), and the arena's own below.
        name: arena
        bots: [random, hunt-target, density]   # built-ins every student plays against
        games_per_pairing: 2
        limits: {memory_mb: 512, cpu_seconds: 60}
        time_control: 10+0.1                   # each bot's clock per game, base+increment seconds (checks too)
        # deadline: 2026-12-11T23:59:00Z      # uploads received later are kept, not entered
        submissions_per_day: 10                # per student, in any 24 hours
        upload_mb: 20                          # the largest archive accepted
        check_games: 4                         # games against a built-in before a version is entered
        checks_at_once: 2                      # uploads checked at the same time: about one a core
        uploads_at_once: 64                    # uploads taken at once, in all (8 per student, 2 of theirs read at once)
        student_disk_mb: 50                    # each student's older archives (the newest 3 are always kept)
        disk_reserve_mb: 256                   # free disk kept: below it uploads are refused and checks wait
        schedule: continuous                   # or nightly (with night_at: "02:00", UTC)
        matchmaking: round-robin               # every pair plays; adaptive (with rating_interval: 50) for a large class
        # idle_games_per_hour: 120            # settle rounds while nothing waits (adaptive's default; round robin's is 0)
        # settle_games: 2000                  # after the deadline, until neighbours separate (default: a fifth of the games played)
        # trusted_proxy: 10.0.0.5              # a reverse proxy on another machine (on this one: serve --socket)

        """
}
