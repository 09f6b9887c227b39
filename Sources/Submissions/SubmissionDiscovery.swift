import Bots
import Foundation
import Processes
import RunControl
import Sandbox

/// The bots of a `bots_from:` folder: every subfolder with a good `bot.yaml` (bots/SUBMITTING.md)
/// becomes a bot, copied into the run's work folder, built there when it has a `build:`, and
/// checked; every other subfolder is listed as not entered, with its reason. The run goes on
/// with the rest.
///
/// - Subfolders are taken in the order of their names; hidden ones (`.name`) and files are
///   ignored. A folder is its entry's identity: its name is the entry's name everywhere
///   (``folderNameProblem(_:listed:)``); a manifest's `name:` is only a label
///   (``SubmissionLabels``), which can take nothing from another folder.
/// - Each folder is copied as it is read (``FolderSnapshot``), and its manifest, version and
///   build come from the copy.
/// - A missing or bad manifest, a link that leaves the folder, a limit above the tournament's,
///   a version first seen after the deadline, a failed build, or a command that is not found:
///   not entered.
/// - A build runs only when the folder's contents (or the build's settings) changed since the
///   last build in the same work folder; otherwise the cached copy and result are reused.
///
/// ```swift
/// let entries = try SubmissionDiscovery.enter(SubmissionSettings(folder: "submissions", workFolder: "reports/class/submissions"))
/// for bot in entries.entered { print(bot.name, bot.label ?? "", bot.spec.command) }
/// for skipped in entries.notEntered { print("not entered:", skipped) }
/// ```
public enum SubmissionDiscovery {
    /// Discovers, copies, builds and checks the submissions `settings` describes, and keeps
    /// what it found in the work folder's ``SubmissionLedger`` for the reports.
    /// With `stop` requested (Ctrl-C), or the calling task cancelled, the builds in progress are
    /// killed, none other starts, and the entering throws: nothing is recorded of the builds
    /// that did not finish.
    public static func enter(_ settings: SubmissionSettings, launcher: SandboxLauncher = SandboxLauncher(), stop: StopSignal? = nil)
        async throws(SubmissionFolderError) -> SubmissionEntries
    {
        let entries = try await discover(settings, launcher: launcher, stop: stop)
        let workFolder = URL(fileURLWithPath: settings.workFolder).standardizedFileURL.path
        try SubmissionLedger(entries, folder: settings.folder, workFolder: workFolder).write(workFolder: workFolder)
        return entries
    }

    /// Discovers, copies, builds and checks the submissions.
    static func discover(_ settings: SubmissionSettings, launcher: SandboxLauncher, stop: StopSignal? = nil) async throws(SubmissionFolderError)
        -> SubmissionEntries
    {
        let root = URL(fileURLWithPath: settings.folder).standardizedFileURL.path
        // Absolute: a bot's folder is bound at the same path inside the sandbox.
        var settings = settings
        settings.workFolder = URL(fileURLWithPath: settings.workFolder).standardizedFileURL.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
            throw SubmissionFolderError("`bots_from: \(settings.folder)` is not a folder; give the folder that holds one subfolder per bot")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: root)
        } catch {
            throw SubmissionFolderError("cannot read `bots_from: \(settings.folder)` (\(error.localizedDescription)); make it readable")
        }
        var entries = SubmissionEntries()
        var candidates: [SubmissionCandidate] = []
        let listed = Set(settings.takenNames.map { $0.lowercased() })
        var folders: [String] = []
        for folderName in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) where !folderName.hasPrefix(".") {
            let path = root + "/" + folderName
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            folders.append(folderName)
            if let problem = folderNameProblem(folderName, listed: listed) {
                entries.notEntered.append(NotEntered(folder: folderName, reason: problem))
                continue
            }
            candidates.append(SubmissionCandidate(folderName: folderName, path: path))
        }
        guard !candidates.isEmpty else { return entries }
        let lock = try lockWorkFolder(settings)
        defer { close(lock) }
        // A night short of disk stops here, before a build or a game, with the numbers.
        let space = DiskSpace(folder: settings.workFolder)
        if let shortage = space.reserve(0) { throw SubmissionFolderError(shortage) }
        let history = try VersionHistory.read(workFolder: settings.workFolder)
        let builder = SubmissionBuilder(settings: settings, launcher: launcher, stop: stop)
        let results = await prepareAll(candidates, builder: builder, history: history, space: space, jobs: settings.buildJobs)
        var labels: [String: String] = [:]
        var hostFaults: [String] = []
        for (candidate, result) in zip(candidates, results) {
            let label: String?
            switch result {
            case .built(_, _, _, _, let manifest): label = manifest.name
            case .failed(_, _, _, let name): label = name
            case .hostFault(let reason):
                hostFaults.append(reason)
                label = nil
            }
            if let cleaned = SubmissionLabels.clean(label) { labels[candidate.folderName] = cleaned }
        }
        // A fault of the host is nobody's submission: the night stops, and says why.
        if let fault = hostFaults.first {
            try history.write(workFolder: settings.workFolder)
            throw SubmissionFolderError(fault)
        }
        let shown = SubmissionLabels.shown(labels: labels, folders: folders, listed: settings.takenNames)
        let searchPath = settings.sandbox.isEnabled ? SandboxLauncher.searchPath : ProgramLookup.runnerPath
        for (candidate, result) in zip(candidates, results) {
            let label = shown[candidate.folderName]
            switch result {
            case .hostFault:
                continue
            case .failed(let reason, let log, let ran, _):
                if ran { entries.buildsRun += 1 }
                entries.notEntered.append(NotEntered(folder: candidate.folderName, name: label, reason: reason, buildLog: log))
            case .built(let folder, let version, let build, let ran, let manifest):
                if ran { entries.buildsRun += 1 }
                let command = CommandCheck.resolve(manifest.command, in: folder)
                if let problem = CommandCheck.problem(with: command, folder: folder, searchPath: searchPath) {
                    entries.notEntered.append(NotEntered(folder: candidate.folderName, name: label, reason: problem, buildLog: build?.logPath))
                    continue
                }
                let limits: ResourceLimits
                do {
                    limits = try manifest.limits(under: settings.limits)
                } catch {
                    entries.notEntered.append(NotEntered(folder: candidate.folderName, name: label, reason: error.reason))
                    continue
                }
                let spec = ExternalBotSpec(
                    command: command, moveDeadline: settings.moveDeadline, startupDeadline: settings.startupDeadline, limits: limits,
                    folder: folder, sandbox: settings.sandbox, restart: manifest.restart ?? settings.restart
                )
                entries.entered.append(
                    SubmittedBot(
                        name: candidate.folderName, label: label, sourceFolder: candidate.path, spec: spec, build: build, version: version
                    ))
                history.entered(folder: candidate.folderName, version: version)
            }
        }
        try history.write(workFolder: settings.workFolder)
        if entries.buildsRun > 0, settings.buildDiskBytes != nil, let warning = BuildDisk.unenforced { entries.unenforced.append(warning) }
        SubmissionRetention.prune(botsFolder: builder.botsFolder, folders: candidates.map(\.folderName), history: history)
        entries.notEntered.sort { Array($0.folder.utf8).lexicographicallyPrecedes(Array($1.folder.utf8)) }
        return entries
    }

    /// The longest folder name an entry may have.
    public static let maximumFolderName = 48

    /// Why a subfolder's name cannot be an entry's (its identity in every table, file and
    /// journal): nil when it can. A name is 1 to 48 ASCII letters, digits, `.`, `_` and `-`,
    /// starting with a letter or digit (a login), and is not a listed bot's (`listed`, lower-cased).
    public static func folderNameProblem(_ name: String, listed: Set<String>) -> String? {
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
        guard allowed, let first = name.unicodeScalars.first, first.properties.isAlphabetic || ("0"..."9").contains(first) else {
            return
                "the folder's name is the entry's name, and may hold only ASCII letters, digits, `.`, `_` and `-`, starting with a letter or digit; rename the folder (to the student's login, say)"
        }
        guard name.count <= maximumFolderName else {
            return "the folder's name is the entry's name, and is longer than \(maximumFolderName) characters; rename the folder"
        }
        guard !listed.contains(name.lowercased()) else {
            return "the folder's name `\(name)` is the name of a bot the tournament file lists under `bots:`; rename the folder or that bot"
        }
        return nil
    }

    /// Prepares every candidate, `jobs` at a time (child tasks of one group, which a
    /// cancellation of the caller reaches); the results in the candidates' order. Once a stop
    /// is requested or the task cancelled, a candidate not yet started is a fault of the host
    /// (``SubmissionBuilder/stoppedReason``).
    static func prepareAll(_ candidates: [SubmissionCandidate], builder: SubmissionBuilder, history: VersionHistory, space: DiskSpace, jobs: Int)
        async -> [SubmissionBuilder.Result]
    {
        await withTaskGroup(of: (Int, SubmissionBuilder.Result).self) { group in
            var results = [SubmissionBuilder.Result?](repeating: nil, count: candidates.count)
            var next = 0
            func startNext() {
                guard next < candidates.count else { return }
                let index = next
                next += 1
                group.addTask {
                    guard builder.stop?.isRequested != true, !Task.isCancelled else { return (index, .hostFault(SubmissionBuilder.stoppedReason)) }
                    return (index, await builder.prepare(candidates[index], history: history, space: space))
                }
            }
            for _ in 0..<max(1, min(jobs, candidates.count)) { startNext() }
            for await (index, result) in group {
                results[index] = result
                startNext()
            }
            return results.map { $0 ?? .failed(reason: "not prepared", log: nil, ran: false, label: nil) }
        }
    }

    /// Makes the work folder's `bots`, `logs` and `cache` folders and takes its lock, so two
    /// runs never build into the same copies at once; the lock's descriptor.
    static func lockWorkFolder(_ settings: SubmissionSettings) throws(SubmissionFolderError) -> Int32 {
        for folder in ["", "/bots", "/logs", "/cache"] {
            do {
                try FileManager.default.createDirectory(atPath: settings.workFolder + folder, withIntermediateDirectories: true)
            } catch {
                throw SubmissionFolderError(
                    "cannot make the submissions' work folder \(settings.workFolder + folder) (\(error.localizedDescription)); check that the output folder is writable"
                )
            }
        }
        let lock = open(settings.workFolder + "/.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw SubmissionFolderError("cannot open \(settings.workFolder)/.lock: \(String(cString: strerror(errno)))") }
        while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
        return lock
    }
}
