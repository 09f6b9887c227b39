import Foundation
import RunControl
import Sandbox
import Submissions
import Tournament

/// The night that every shard of a season plays (`salvo run FILE --shard I/N` of a round robin
/// of `bots_from:` submissions): decided once, in the season's own folder, and played in
/// parts, one per shard (docs/cluster.md, "A season's night").
///
/// Each shard claims the season's folder (`OUTPUT`, waiting while another shard or a merge
/// holds it) and reads the season's journal there:
/// - when its last night still has games without a result there, that night is open (another
///   shard opened it, or a run was stopped): the shard plays its part of it, and builds nothing;
/// - otherwise the shard opens a new one: it enters the submissions (the builds, into
///   `OUTPUT/submissions`, once for every shard), decides the night as a run on one machine
///   would (``Tournament/SeasonPlan``), and writes the night's line into the season's journal
///   before it lets the folder go.
/// So every shard plays the same night, whatever the order they start in, and `salvo merge`
/// adds their games to the season's journal.
///
/// ```swift
/// let opened = try await SeasonShardNight.open(config, botsFrom: botsFrom) { print($0) }
/// let summary = try await TournamentRun(configuration: opened.config).run()
/// ```
public enum SeasonShardNight {
    /// The night a shard plays, and what it did to get it.
    public struct Opened: Sendable {
        /// The shard's configuration: the night's current versions as its bots, the night set.
        public var config: TournamentConfig
        /// The submissions this shard entered, when it opened the night; nil when it found the
        /// night open.
        public var entries: SubmissionEntries?
        /// What changed since the last night, when this shard opened the night.
        public var changes: SeasonChanges?
    }

    /// Opens, or finds open, the night that `config`'s shard plays. `config` is the tournament
    /// file's, its shard set and its submissions not entered; `say` hears the waiting.
    public static func open(
        _ config: TournamentConfig, botsFrom: BotsFrom, sandboxDisabled: Bool = false, waitingUpTo limit: Duration = FolderLock.shardWait,
        stop: StopSignal? = nil, say: (String) -> Void = { _ in }
    ) async throws(OrchestratorError) -> Opened {
        guard let shard = config.context.shard else { throw .cannotShard("no shard was given") }
        let output = config.outputDirectory
        let lock: FolderLock
        do {
            lock = try await FolderLock.acquire(output, waitingUpTo: limit) { pid in
                say(
                    "Waiting for the season's folder \(output), held by \(pid.map { "pid \($0)" } ?? "another salvo process") (another shard opening tonight's night, or a merge)"
                )
            }
        } catch {
            throw .folder(error)
        }
        defer { lock.release() }

        var season = config
        season.context.shard = nil
        season.context.isSeason = true
        let journalPath = (output as NSString).appendingPathComponent(TournamentRun.Layout.journal)
        let resume: TournamentRunner.ResumePoint
        do {
            resume = try TournamentRunner.resumePoint(journalPath: journalPath, config: season)
        } catch {
            throw .journal("\(error)")
        }
        if let derivation = resume.seedDerivation { season.context.seedDerivation = derivation }
        if resume.hasStarted {
            season.context.seedKey = resume.seedKey
        } else if config.context.seedKey == nil {
            do {
                season.context.seedKey = try SeedKey.inFolder(output)
            } catch {
                throw .seedKey(error)
            }
        }

        if let found = resume.nights.last, found.indices.contains(where: { resume.rated[$0] == nil }) {
            // Its copies where they are now: the season's folder may have moved since it opened.
            let last = found.movingCopies(to: URL(fileURLWithPath: output).standardizedFileURL.path + "/submissions/bots")
            season.context.seasonNight = last
            season.bots = last.bots
            season.context.shard = shard
            return Opened(config: season, entries: nil, changes: nil)
        }

        let entered: SubmissionEntry.Entered
        do {
            entered = try await SubmissionEntry.enter(botsFrom, into: season, sandboxDisabled: sandboxDisabled, stop: stop)
        } catch {
            throw .submissions(error.description)
        }
        var planned = try TournamentRun.planNight(entered.config, resume: resume)
        if let night = planned.config.context.seasonNight, !resume.nights.contains(night) {
            do {
                // The night as a run on this machine would open it; no shard is set yet.
                try await TournamentRunner.writeOpening(
                    of: planned.config, to: Journal(path: journalPath), resume: resume, launcher: SandboxLauncher())
            } catch {
                throw .journal("Cannot write the season's night to \(journalPath): \(error)")
            }
        }
        planned.config.context.shard = shard
        return Opened(config: planned.config, entries: entered.entries, changes: planned.changes)
    }
}
