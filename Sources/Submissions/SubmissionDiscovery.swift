import Bots
import Foundation
import Sandbox
import Synchronization

/// The bots of a `bots_from:` folder: every subfolder with a good `bot.yaml` (bots/SUBMITTING.md)
/// becomes a bot, copied into the run's work folder, built there when it has a `build:`, and
/// checked; every other subfolder is listed as not entered, with its reason. The run goes on
/// with the rest.
///
/// - Subfolders are taken in the order of their names; hidden ones (`.name`) and files are
///   ignored.
/// - A missing or bad manifest, a name taken by a listed bot or an earlier folder, a limit
///   above the tournament's, a failed build, or a command that is not found: not entered.
/// - A build runs only when the folder's contents (or the build's settings) changed since the
///   last build in the same work folder; otherwise the cached copy and result are reused.
///
/// ```swift
/// let entries = try SubmissionDiscovery.enter(SubmissionSettings(folder: "submissions", workFolder: "reports/class/submissions"))
/// for bot in entries.entered { print(bot.name, bot.spec.command) }
/// for skipped in entries.notEntered { print("not entered:", skipped) }
/// ```
public enum SubmissionDiscovery {
    /// Discovers, copies, builds and checks the submissions `settings` describes, and keeps
    /// what it found in the work folder's ``SubmissionLedger`` for the reports.
    public static func enter(_ settings: SubmissionSettings, launcher: SandboxLauncher = SandboxLauncher()) throws(SubmissionFolderError) -> SubmissionEntries {
        let entries = try discover(settings, launcher: launcher)
        let workFolder = URL(fileURLWithPath: settings.workFolder).standardizedFileURL.path
        try SubmissionLedger(entries, folder: settings.folder, workFolder: workFolder).write(workFolder: workFolder)
        return entries
    }

    /// Discovers, copies, builds and checks the submissions.
    static func discover(_ settings: SubmissionSettings, launcher: SandboxLauncher) throws(SubmissionFolderError) -> SubmissionEntries {
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
        var owners = Dictionary(settings.takenNames.map { ($0, "the tournament file's `bots:`") }, uniquingKeysWith: { first, _ in first })
        for folderName in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) where !folderName.hasPrefix(".") {
            let path = root + "/" + folderName
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            switch candidate(folderName, at: path, settings: settings) {
            case .skipped(let skipped):
                entries.notEntered.append(skipped)
            case .candidate(let candidate):
                if let owner = owners[candidate.name] {
                    entries.notEntered.append(NotEntered(
                        folder: folderName, name: candidate.name,
                        reason: "the name `\(candidate.name)` is taken by \(owner); give this bot another `name:` in its bot.yaml"
                    ))
                    continue
                }
                owners[candidate.name] = "the folder `\(folderName)`"
                candidates.append(candidate)
            }
        }
        guard !candidates.isEmpty else { return entries }
        let lock = try lockWorkFolder(settings)
        defer { close(lock) }
        let builder = SubmissionBuilder(settings: settings, launcher: launcher)
        let results = prepareAll(candidates, builder: builder, jobs: settings.buildJobs)
        let searchPath = settings.sandbox.isEnabled ? SandboxLauncher.searchPath : ProgramLookup.runnerPath
        for (candidate, result) in zip(candidates, results) {
            switch result {
            case .failed(let reason, let log, let ran):
                if ran { entries.buildsRun += 1 }
                entries.notEntered.append(NotEntered(folder: candidate.folderName, name: candidate.name, reason: reason, buildLog: log))
            case .built(let folder, let version, let build, let ran):
                if ran { entries.buildsRun += 1 }
                let command = CommandCheck.resolve(candidate.manifest.command, in: folder)
                if let problem = CommandCheck.problem(with: command, folder: folder, searchPath: searchPath) {
                    entries.notEntered.append(NotEntered(folder: candidate.folderName, name: candidate.name, reason: problem, buildLog: build?.logPath))
                    continue
                }
                let limits: ResourceLimits
                do {
                    limits = try candidate.manifest.limits(under: settings.limits)
                } catch {
                    entries.notEntered.append(NotEntered(folder: candidate.folderName, name: candidate.name, reason: error.reason))
                    continue
                }
                let spec = ExternalBotSpec(
                    command: command, moveDeadline: settings.moveDeadline, startupDeadline: settings.startupDeadline, limits: limits,
                    folder: folder, sandbox: settings.sandbox, restart: candidate.manifest.restart ?? settings.restart
                )
                entries.entered.append(SubmittedBot(name: candidate.name, sourceFolder: candidate.path, spec: spec, build: build, version: version))
            }
        }
        entries.notEntered.sort { Array($0.folder.utf8).lexicographicallyPrecedes(Array($1.folder.utf8)) }
        return entries
    }

    /// A subfolder's manifest read: a candidate, or a folder not entered.
    enum Reading {
        case candidate(SubmissionCandidate)
        case skipped(NotEntered)
    }

    /// The candidate in `path`, or why it is not entered: its manifest, its name, its limits.
    static func candidate(_ folderName: String, at path: String, settings: SubmissionSettings) -> Reading {
        let manifestPath = path + "/" + SubmissionManifest.fileName
        guard let data = FileManager.default.contents(atPath: manifestPath) else {
            let reason = FileManager.default.fileExists(atPath: manifestPath)
                ? "its bot.yaml cannot be read; make it readable"
                : "no bot.yaml; add one with at least `command:` (see bots/SUBMITTING.md)"
            return .skipped(NotEntered(folder: folderName, reason: reason))
        }
        let manifest: SubmissionManifest
        do {
            manifest = try SubmissionManifest.read(String(decoding: data, as: UTF8.self))
        } catch {
            return .skipped(NotEntered(folder: folderName, reason: error.description))
        }
        let name = manifest.name ?? folderName
        guard name.count <= 48 else {
            return .skipped(NotEntered(folder: folderName, reason: "the folder's name is longer than 48 characters; give the bot a shorter `name:` in its bot.yaml"))
        }
        do {
            _ = try manifest.limits(under: settings.limits)
        } catch {
            return .skipped(NotEntered(folder: folderName, name: name, reason: error.reason))
        }
        return .candidate(SubmissionCandidate(folderName: folderName, path: path, manifest: manifest, name: name))
    }

    /// Prepares every candidate, `jobs` at a time; the results in the candidates' order.
    static func prepareAll(_ candidates: [SubmissionCandidate], builder: SubmissionBuilder, jobs: Int) -> [SubmissionBuilder.Result] {
        let state = Mutex<(next: Int, results: [SubmissionBuilder.Result?])>((0, Array(repeating: nil, count: candidates.count)))
        DispatchQueue.concurrentPerform(iterations: min(jobs, candidates.count)) { _ in
            while true {
                let index = state.withLock { state -> Int in
                    defer { state.next += 1 }
                    return state.next
                }
                guard index < candidates.count else { return }
                let result = builder.prepare(candidates[index])
                state.withLock { $0.results[index] = result }
            }
        }
        return state.withLock { $0.results.map { $0 ?? .failed(reason: "not prepared", log: nil, ran: false) } }
    }

    /// Makes the work folder's `bots`, `logs` and `cache` folders and takes its lock, so two
    /// runs never build into the same copies at once; the lock's descriptor.
    static func lockWorkFolder(_ settings: SubmissionSettings) throws(SubmissionFolderError) -> Int32 {
        for folder in ["", "/bots", "/logs", "/cache"] {
            do {
                try FileManager.default.createDirectory(atPath: settings.workFolder + folder, withIntermediateDirectories: true)
            } catch {
                throw SubmissionFolderError("cannot make the submissions' work folder \(settings.workFolder + folder) (\(error.localizedDescription)); check that the output folder is writable")
            }
        }
        let lock = open(settings.workFolder + "/.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw SubmissionFolderError("cannot open \(settings.workFolder)/.lock: \(String(cString: strerror(errno)))") }
        while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
        return lock
    }
}
