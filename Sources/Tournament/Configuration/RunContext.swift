import Foundation

/// What a run decides about a tournament, beside its file's settings (``TournamentSettings``):
/// how its seeds are keyed, which shard it plays, where its file was read, and a season's
/// night. Each member has one setter, named on it; nothing here comes from the file's keys.
public struct RunContext: Hashable, Sendable {
    /// How fleet and bot seeds come from `seed`: fixed by the journal a run continues
    /// (`TournamentRun`), not by the tournament file.
    public var seedDerivation: SeedDerivation = .keyed
    /// The secret that keys the fleet and bot seeds with `seed`: drawn once per output folder by
    /// the run (``SeedKey/inFolder(_:)``, `TournamentRun`) and kept in the journal; nil in the
    /// journals written before it, whose seeds were keyed with `seed` alone (which a bot could
    /// search).
    public var seedKey: SeedKey?
    /// The part of the schedule this run plays (`--shard I/N`, set by `TournamentFileRun`), into
    /// `OUTPUT/shards/I/`; nil for the whole schedule.
    public var shard: Shard?
    /// The tournament file the settings were read from, as an absolute path, so that
    /// `salvo merge` can name the command that reruns a shard; nil when built in code
    /// (``init(startedHereFrom:)``).
    public var sourceFile: String?
    /// The folder `salvo run` was started in, where the file's relative paths (bots, output)
    /// resolve, so that a rerun command printed later can go back there; nil when built in
    /// code (``init(startedHereFrom:)``).
    public var workingDirectory: String?
    /// Whether the tournament is a season: a round robin or Swiss of `bots_from:` submissions,
    /// run again and again into the same output folder, each run playing only the games its
    /// current versions are missing (``SeasonPlan``, tournaments/README.md). Set when the
    /// submissions are entered (`SubmissionEntry`).
    public var isSeason = false
    /// The night a season's run plays, once ``SeasonPlan`` has decided it; its scheduler is
    /// then the night's (``SeasonScheduler``). Kept in the journal's own line, not in the
    /// configuration's.
    public var seasonNight: SeasonNight?
    /// A season's submissions whose current folder was not entered, by name, with the reason
    /// in one line: each keeps its last good version, if it has one. Set when the submissions
    /// are entered; not journaled.
    public var seasonNotEntered: [String: String] = [:]
    /// A season's run that settles (`salvo arena settle`, the arena's idle play and its
    /// settling after the deadline): its nights are settle rounds over the current versions
    /// (``SeasonMatchmaking/settle(games:)``), at most this many games in all; nil for a run
    /// that plays the season's own games. Not journaled: each night's line says how its games
    /// were chosen.
    public var settleGames: Int?

    /// No seed key, no shard, no file, no season: a tournament built in code.
    public init() {}

    /// The context of a tournament started from this process's current folder: the one place
    /// ``sourceFile`` and ``workingDirectory`` are set. `file` is the tournament file it was
    /// read from (made absolute); nil for one built from the command line (`salvo match`,
    /// `salvo bot-check`).
    public init(startedHereFrom file: String?) {
        sourceFile = file.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        workingDirectory = FileManager.default.currentDirectoryPath
    }
}
