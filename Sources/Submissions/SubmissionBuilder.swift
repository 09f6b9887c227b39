import Bots
import Digests
import Foundation
import Processes
import RunControl
import Sandbox

/// Copies one submission into the work folder and builds it there, or reuses the copy and the
/// result of an earlier build of the same contents.
///
/// The copy is made first, as the folder is read (``FolderSnapshot``); the manifest, the
/// version and the build all come from the copy, so a version is exactly what was read.
///
/// The submission's own folder is never written: a build writes into its copy,
/// `WORK/bots/FOLDER@VERSION`, which is the bot's folder from then on (writable during its
/// build, read-only in play). The build log goes to `WORK/logs/FOLDER@VERSION.build.log`, the
/// cache record to `WORK/cache/FOLDER@VERSION.json`, both outside what the bot sees. Every
/// version keeps its copy, so a season can go on playing the last good one.
struct SubmissionBuilder: Sendable {
    let settings: SubmissionSettings
    let launcher: SandboxLauncher
    /// The run's stop request (Ctrl-C): a build in progress is killed, and no other starts;
    /// so does a cancellation of the preparing task.
    var stop: StopSignal? = nil

    /// The folders of the work folder.
    var botsFolder: String { settings.workFolder + "/bots" }
    var logsFolder: String { settings.workFolder + "/logs" }
    var cacheFolder: String { settings.workFolder + "/cache" }

    /// What became of a candidate.
    enum Result: Sendable {
        /// Ready to play from `folder`, as `version`; `ran` when a build ran now.
        case built(folder: String, version: String, build: BuildSummary?, ran: Bool, manifest: SubmissionManifest)
        /// Not entered; `ran` when a build ran now (and failed); `label` the manifest's name
        /// when it could be read.
        case failed(reason: String, log: String?, ran: Bool, label: String?)
        /// A fault of the host (the output folder's disk is full or cannot be written): the
        /// night stops before any game, and no student is left out for it.
        case hostFault(String)
    }

    /// Copies `candidate` as it is read, reads its manifest from the copy, and builds it
    /// unless its cache record matches. `history` records when each content was first seen
    /// (the deadline's only clock); `space` reserves the output folder's room for a build.
    func prepare(_ candidate: SubmissionCandidate, history: VersionHistory, space: DiskSpace) async -> Result {
        // The copy is made once, by descriptors, into a folder of Salvo's own; everything after
        // (the manifest, the hash, the build, play) reads the copy, which the student cannot change.
        let staging = botsFolder + "/.incoming-" + candidate.folderName
        Self.removeTree(staging)
        defer { Self.removeTree(staging) }
        let snapshot: FolderSnapshot
        let manifest: SubmissionManifest
        let contents: String
        do throws(SubmissionProblem) {
            snapshot = try FolderSnapshot.copy(from: candidate.path, to: staging)
            manifest = try Self.manifest(of: snapshot)
            contents = try snapshot.contentHash()
        } catch {
            return error.ofHost ? .hostFault(error.reason) : .failed(reason: error.reason, log: nil, ran: false, label: nil)
        }
        do {
            _ = try manifest.limits(under: settings.limits)
        } catch {
            return .failed(reason: error.reason, log: nil, ran: false, label: manifest.name)
        }
        let seen = history.sighting(folder: candidate.folderName, content: contents, now: Date())
        if let deadline = settings.deadline, seen > deadline, !settings.acceptLate.contains(candidate.folderName) {
            return .failed(reason: Self.lateReason(seen: seen, deadline: deadline), log: nil, ran: false, label: manifest.name)
        }
        let key = Self.key(contents: contents, build: manifest.build, settings: settings)
        let version = Self.version(ofKey: key)
        // One copy, log and cache record per version: the last good version stays playable
        // (and replayable) when a newer one fails to build.
        let stem = candidate.folderName + "@" + version
        let copy = botsFolder + "/" + stem
        let log = logsFolder + "/" + stem + ".build.log"
        let cache = cacheFolder + "/" + stem + ".json"
        let logIfBuilt = manifest.build == nil ? nil : log
        // A failed build's copy is gone (it can never play); its record alone says why.
        if let record = BuildRecord.read(from: cache), record.key == key, !record.succeeded || FileManager.default.fileExists(atPath: copy) {
            guard record.succeeded else {
                return .failed(reason: record.reason ?? "the build failed", log: logIfBuilt, ran: false, label: manifest.name)
            }
            return .built(
                folder: copy, version: version, build: logIfBuilt.map { BuildSummary(logPath: $0, fromCache: true, seconds: record.seconds) },
                ran: false, manifest: manifest)
        }
        // Stale or missing: this copy, and a build from scratch.
        unlink(cache)
        Self.removeTree(copy)
        guard rename(staging, copy) == 0 else { return .hostFault(FolderSnapshot.copyFailure(".", copy).reason) }
        var record = BuildRecord(key: key, succeeded: true, reason: nil, seconds: 0)
        if let build = manifest.build {
            do {
                record = try await buildOnItsDisk(
                    build, copy: FolderSnapshot(root: copy, entries: snapshot.entries), folderName: candidate.folderName, log: log, key: key,
                    space: space)
            } catch {
                Self.removeTree(copy)
                return .hostFault(error.reason)
            }
            if !record.succeeded { Self.removeTree(copy) }
        }
        do {
            try record.write(to: cache)
        } catch {
            return .hostFault(error.reason)
        }
        guard record.succeeded else { return .failed(reason: record.reason ?? "the build failed", log: log, ran: true, label: manifest.name) }
        return .built(
            folder: copy, version: version, build: logIfBuilt.map { BuildSummary(logPath: $0, fromCache: false, seconds: record.seconds) },
            ran: logIfBuilt != nil, manifest: manifest)
    }

    /// Runs `build` for `copy`: on a disk of its own (``BuildDisk``) of `build_disk_mb` where
    /// one can be mounted, the sources copied in and the output copied back once it has
    /// ended; else in place. A build that fills its disk fails alone, with that reason. Throws
    /// a fault of the host: too little room on the output folder's disk to run it at all, or
    /// to keep its output.
    private func buildOnItsDisk(_ build: String, copy: FolderSnapshot, folderName: String, log: String, key: String, space: DiskSpace)
        async throws(SubmissionProblem) -> BuildRecord
    {
        let cap = settings.buildDiskBytes
        if let shortage = space.reserve(cap ?? 0) { throw SubmissionProblem(shortage, ofHost: true) }
        defer { space.release(cap ?? 0) }
        guard let cap, let disk = BuildDisk.mount(at: botsFolder + "/.build-" + folderName, bytes: cap) else {
            if geteuid() == 0 { copy.give(to: uid_t(Self.buildUser)) }
            return try await run(build, in: copy.root, copy: copy.root, log: log, key: key)
        }
        defer { disk.unmount() }
        let area = disk.path + "/bot"
        let sources: FolderSnapshot
        do {
            sources = try FolderSnapshot.copy(from: copy.root, to: area, limits: .buildOutput(bytes: cap))
        } catch {
            return BuildRecord(
                key: key, succeeded: false, reason: "the folder does not fit on the build's \(cap >> 20) MiB disk (build_disk_mb): \(error.reason)",
                seconds: 0)
        }
        if geteuid() == 0 { sources.give(to: uid_t(Self.buildUser)) }
        var record = try await run(build, in: area, copy: copy.root, log: log, key: key)
        if !record.succeeded, disk.isFull {
            record.reason =
                "the build filled its \(cap >> 20) MiB of disk (build_disk_mb) and failed; write less (nothing downloaded, no large data), or ask for a larger build_disk_mb; the end of its log (\(shown(log))):\n"
                + Self.tail(ofFileAt: log)
        }
        guard record.succeeded else { return record }
        Self.removeTree(copy.root)
        do {
            _ = try FolderSnapshot.copy(from: area, to: copy.root, limits: .buildOutput(bytes: cap))
        } catch {
            if error.ofHost { throw error }
            return BuildRecord(key: key, succeeded: false, reason: "the build's output cannot be kept: \(error.reason)", seconds: record.seconds)
        }
        return record
    }

    /// The manifest of the copy: its own `bot.yaml`, a plain file (a link is refused, so what
    /// the runner reads is what was copied and hashed).
    static func manifest(of snapshot: FolderSnapshot) throws(SubmissionProblem) -> SubmissionManifest {
        switch snapshot.entry(at: SubmissionManifest.fileName) {
        case nil:
            throw SubmissionProblem("no bot.yaml; add one with at least `command:` (see bots/SUBMITTING.md)")
        case .link(_, let target)?:
            throw SubmissionProblem("bot.yaml is a symbolic link (to `\(target)`); make it a plain file in the folder")
        case .folder?:
            throw SubmissionProblem("bot.yaml is a folder; make it a file with at least `command:` (see bots/SUBMITTING.md)")
        case .file?:
            guard let data = FileManager.default.contents(atPath: snapshot.root + "/" + SubmissionManifest.fileName) else {
                throw SubmissionProblem("its bot.yaml cannot be read; make it readable")
            }
            do {
                return try SubmissionManifest.read(String(decoding: data, as: UTF8.self))
            } catch {
                throw SubmissionProblem(error.description)
            }
        }
    }

    /// Why the builds ended before they were all done: the run was asked to stop.
    static let stoppedReason =
        "stopped (Ctrl-C) before every build had run; nothing was played: run the same command again to build the rest and play"

    /// Why a content first seen at `seen` is not entered under `deadline`.
    static func lateReason(seen: Date, deadline: Date) -> String {
        "this version was first seen by Salvo at \(timestamp(seen)), after the deadline (\(timestamp(deadline))); its version from before the deadline plays, if it has one (file times do not count: Salvo keeps its own record of when it first saw each version)"
    }

    /// The host user a root runner's sandboxed builds run as (bubblewrap's ``nobody``), who
    /// must own the copy to write it.
    static let buildUser = 65_534

    /// A path of the work folder as the output folder names it (`submissions/logs/…`), for
    /// logs and reasons that students and pages see: no host path leaves the machine.
    func shown(_ path: String) -> String {
        let parent = (settings.workFolder as NSString).deletingLastPathComponent
        return path.hasPrefix(parent + "/") ? String(path.dropFirst(parent.count + 1)) : path
    }

    /// Runs `build` in `folder` (the copy `copy`, or its disk), its output in `log`.
    /// Throws a fault of the host when the run was asked to stop or the task was cancelled (the
    /// build was killed; no record of it is kept, and the next run builds it again).
    private func run(_ build: String, in folder: String, copy: String, log: String, key: String) async throws(SubmissionProblem) -> BuildRecord {
        let started = ContinuousClock.now
        let place = settings.sandbox.isEnabled ? "/bot, its copy \(shown(copy)), sandboxed (no network)" : "its copy \(shown(copy)), unsandboxed"
        let header = "$ \(build)\n# in \(place), time limit \(Self.seconds(settings.buildTimeout)) s\n"
        _ = FileManager.default.createFile(atPath: log, contents: Data(header.utf8))
        let ending: BuildProcess.Ending
        do throws(BotFault) {
            let plan =
                try settings.sandbox.isEnabled
                ? launcher.buildPlan(build, folder: folder, limits: settings.buildLimits, readOnly: settings.sandbox.readOnlyPaths)
                : Self.directPlan(build, folder: folder, limits: settings.buildLimits)
            ending = await BuildProcess.run(plan, logPath: log, timeout: settings.buildTimeout, stop: stop)
        } catch {
            ending = .notStarted(error.description)
        }
        let seconds =
            Double((ContinuousClock.now - started).components.seconds) + Double((ContinuousClock.now - started).components.attoseconds) / 1e18
        let outcome: String?
        switch ending {
        case .exited(0): outcome = nil
        // The build's shell reports a command a signal ended as 128 + the signal.
        case .exited(let status) where status > 128 && status <= 128 + 64:
            outcome = Self.killed(by: status - 128, memory: settings.buildLimits.memoryBytes)
        case .exited(let status): outcome = "the build failed (exit status \(status))"
        case .signalled(let signal): outcome = Self.killed(by: signal, memory: settings.buildLimits.memoryBytes)
        case .timedOut:
            outcome =
                "the build took longer than \(Self.seconds(settings.buildTimeout)) s and was stopped; make it faster, or ask for a longer build_timeout_s"
        case .notStarted(let why): outcome = "the build could not start: \(why)"
        case .stopped: throw SubmissionProblem(Self.stoppedReason, ofHost: true)
        }
        let footer = outcome.map { "# \($0)\n" } ?? "# build succeeded in \(String(format: "%.1f", seconds)) s\n"
        if let handle = FileHandle(forWritingAtPath: log) {
            handle.seekToEndOfFile()
            handle.write(Data(footer.utf8))
            try? handle.close()
        }
        guard let outcome else { return BuildRecord(key: key, succeeded: true, reason: nil, seconds: seconds) }
        return BuildRecord(
            key: key, succeeded: false, reason: outcome + "; the end of its log (\(shown(log))):\n" + Self.tail(ofFileAt: log), seconds: seconds)
    }

    /// The reason of a build that `signal` ended: SIGKILL, unasked, is most likely the memory cap.
    static func killed(by signal: Int32, memory: Int?) -> String {
        let hint = memory.map { " (it may have run out of its \($0 >> 20) MiB of memory)" } ?? ""
        return "the build was killed by signal \(signal)\(signal == SIGKILL ? hint : "")"
    }

    /// A build without the sandbox (`sandbox: none`): `/bin/sh -c BUILD` in `folder`, under
    /// the limits' rlimits.
    static func directPlan(_ build: String, folder: String, limits: ResourceLimits) -> LaunchPlan {
        let script = limits.ulimitCommands(memoryAsAddressSpace: true, cpuPerProcess: true) + "cd \"$1\" || exit 126; exec /bin/sh -c \"$2\""
        let environment = ["PATH=" + ProgramLookup.runnerPath.joined(separator: ":"), "HOME=" + folder, "LANG=C.UTF-8"]
        return LaunchPlan(executable: "/bin/sh", arguments: ["/bin/sh", "-c", script, "salvo-build", folder, build], environment: environment)
    }

    /// The last 20 lines (at most 2,000 characters) of a log, each indented; only its last
    /// 2,000 bytes are read.
    static func tail(ofFileAt path: String) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "  (no log)" }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), (try? handle.seek(toOffset: size - min(size, 2_000))) != nil else { return "  (no log)" }
        let data = (try? handle.readToEnd()) ?? Data()
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(21).filter { !$0.isEmpty }.suffix(20)
            .map { "  " + $0 }.joined(separator: "\n")
    }

    /// The cache key: SHA-256 of the contents' hash and every setting that changes a build.
    static func key(contents: String, build: String?, settings: SubmissionSettings) -> String {
        let limits = settings.buildLimits
        let parts: [String] = [
            "salvo-build-1", contents, build ?? "-", "timeout=\(seconds(settings.buildTimeout))",
            "memory=\(limits.memoryBytes ?? -1)", "processes=\(limits.processes ?? -1)", "cpu=\(limits.cpuSeconds ?? -1)",
            "files=\(limits.openFiles ?? -1)", "size=\(limits.fileSizeBytes ?? -1)", "tmp=\(limits.tmpBytes ?? -1)",
            "sandbox=\(settings.sandbox.isEnabled)", "readOnly=\(settings.sandbox.readOnlyPaths.joined(separator: ":"))",
        ]
        // Only a disk other than the default's is in the key, so the versions of every folder
        // built before the disk existed keep their numbers.
        let disk = settings.buildDiskBytes == SubmissionSettings.Defaults.buildDiskBytes ? [] : ["disk=\(settings.buildDiskBytes ?? -1)"]
        return SHA256Hasher.hash(data: Array((parts + disk).joined(separator: "\n").utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// A submission's version: the first 12 hex digits of its cache key, so that the same
    /// contents built with the same settings are the same version (a build's output is not
    /// hashed: compilers stamp times and paths into it).
    static func version(ofKey key: String) -> String {
        String(key.prefix(12))
    }

    /// `date` in UTC, to the minute: `2026-12-01 23:59 UTC`.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    static func seconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds)
    }

    /// Removes `path` and everything under it, read-only and deeply nested folders a build
    /// left included (``Sandbox/FolderWalk/remove(_:)``).
    static func removeTree(_ path: String) {
        FolderWalk.remove(path)
    }
}
