import Bots
import Foundation
import Reports
import RunControl
import Submissions
import Tournament

/// The step of a run that enters a tournament file's `bots_from:` folder: discovers the
/// submissions, copies and builds them in the sandbox into `OUTPUT/submissions`, checks each,
/// and adds those entered to the bots. `salvo run` takes it before play; reading a file never
/// does, so `salvo cluster` and `salvo check` build nothing.
///
/// ```swift
/// let file = try TournamentFileParser().read(fileAt: "class.yaml")
/// var config = file.config            // overridden by the command line here
/// if let botsFrom = file.botsFrom {
///     let entered = try await SubmissionEntry.enter(botsFrom, into: config)
///     config = entered.config
/// }
/// ```
public enum SubmissionEntry {
    /// A configuration with its submissions entered.
    public struct Entered: Sendable {
        /// The configuration, with the entered submissions after the listed bots.
        public var config: TournamentConfig
        /// Which submissions were entered (with their builds) and which not, and why.
        public var entries: SubmissionEntries
    }

    /// Enters `botsFrom`'s submissions into `config`, whose output folder receives the copies,
    /// build logs and ledger, and whose listed bots' names no submission folder may have. Each
    /// submission is entered under its folder's name (its identity); `name:` is a label. With
    /// `sandboxDisabled` (`--no-sandbox`), builds and bots run unsandboxed. Throws, at the line
    /// of `bots_from:`, when the folder cannot be read or fewer than two bots are left.
    public static func enter(_ botsFrom: BotsFrom, into config: TournamentConfig, sandboxDisabled: Bool = false, stop: StopSignal? = nil)
        async throws(TournamentFileError) -> Entered
    {
        let settings = Self.settings(
            botsFrom, workFolder: config.outputDirectory + "/submissions", takenNames: config.bots.map(\.name), sandboxDisabled: sandboxDisabled
        )
        let entries: SubmissionEntries
        do {
            entries = try await SubmissionDiscovery.enter(settings, stop: stop)
        } catch {
            throw botsFrom.error(error.message)
        }
        var config = config
        let listed = config.bots.count
        config.bots += entries.entered.map { BotEntry(name: $0.name, kind: .external($0.spec), version: $0.version) }
        // A round robin of submissions is a season: run again into the same folder, it plays
        // only what new versions are missing, and a version that is not entered keeps the
        // last good one current (tournaments/README.md).
        config.context.isSeason = config.scheduler.playsAsSeason
        if config.context.isSeason {
            for skipped in entries.notEntered {
                config.context.seasonNotEntered[skipped.folder] = NotEntered.shortReason(skipped.reason)
            }
        }
        // A season's later nights count the last good versions too (checked once the journal is read).
        let seasonGoesOn =
            config.context.isSeason
            && FileManager.default.fileExists(atPath: (config.runDirectory as NSString).appendingPathComponent(ReportLayout.journal))
        guard config.bots.count >= 2 || seasonGoesOn else { throw botsFrom.error(tooFewBots(entries: entries, listed: listed)) }
        return Entered(config: config, entries: entries)
    }

    /// The settings `botsFrom` gives its submissions' builds and play, their copies in
    /// `workFolder`: what ``enter(_:into:sandboxDisabled:)`` builds with, and what
    /// `salvo bot-check` checks a student's folder with, so the two never differ.
    public static func settings(_ botsFrom: BotsFrom, workFolder: String, takenNames: [String] = [], sandboxDisabled: Bool = false)
        -> SubmissionSettings
    {
        var settings = SubmissionSettings(
            folder: botsFrom.folder, workFolder: workFolder, limits: botsFrom.limits,
            sandbox: sandboxDisabled ? .none : botsFrom.sandbox, restart: botsFrom.restart, takenNames: takenNames
        )
        if let timeout = botsFrom.buildTimeout { settings.buildTimeout = timeout }
        settings.buildLimits.cpuSeconds = Int(settings.buildTimeout.components.seconds)
        if let memory = botsFrom.buildMemoryBytes { settings.buildLimits.memoryBytes = memory }
        if let disk = botsFrom.buildDiskBytes { settings.buildDiskBytes = disk }
        if let deadline = botsFrom.moveDeadline { settings.moveDeadline = deadline }
        if let deadline = botsFrom.startupDeadline { settings.startupDeadline = deadline }
        settings.timeControl = botsFrom.timeControl
        settings.deadline = botsFrom.deadline
        settings.acceptLate = Set(botsFrom.acceptLate)
        return settings
    }

    /// The error of a tournament left with fewer than two bots.
    static func tooFewBots(entries: SubmissionEntries, listed: Int) -> String {
        let total = listed + entries.entered.count
        var message =
            "a tournament needs at least two bots, and \(total) entered (\(listed) listed in `bots:`, \(entries.entered.count) from `bots_from:`)"
        if !entries.notEntered.isEmpty {
            message +=
                "; not entered: "
                + entries.notEntered.prefix(5).map { "\($0.folder): \($0.reason.split(separator: "\n").first ?? "")" }.joined(separator: "; ")
        }
        return message
    }
}
