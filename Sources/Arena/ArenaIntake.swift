import ArchiveIntake
import Bots
import Foundation
import Orchestrator
import RunControl
import Submissions
import Synchronization
import Tournament

/// One upload taken from its archive to its student's folder: unpacked by Salvo
/// (``ArchiveIntake/ArchiveUnpacker``) into `DIR/work/ID`, named after the student's login,
/// checked exactly as `salvo bot-check` and a night check a folder (``Orchestrator/BotCheck``:
/// the same copy, sandboxed build, protocol steps and games against a built-in), and, when it
/// passes, put in place as `DIR/submissions/LOGIN`, the season's `bots_from:` folder, while
/// holding ``SubmissionsGate`` (never while a batch enters the versions). Every line of the
/// check is handed on as it happens.
struct ArenaIntake: Sendable {
    /// What came of one upload.
    enum Outcome: Sendable, Hashable {
        /// In place in `submissions/LOGIN`, to be entered.
        case passed
        case refused(String)
    }

    let arena: String
    let settings: ArenaSettings
    let launcher: any BotLauncher
    let sandboxDisabled: Bool
    /// Held while a passed version is put in place.
    let gate: SubmissionsGate

    /// Unpacks, checks and (if it passes) installs `submission`. `state` hears when the build
    /// is over and the check's own steps begin; `line`, each line of the check; `installed`,
    /// still holding the gate, that the version is in place (to be marked waiting before a
    /// batch can enter it).
    func take(
        _ submission: ArenaSubmission, state: @escaping @Sendable (ArenaSubmission.State) -> Void, line: @escaping @Sendable (BotCheck.Line) -> Void,
        installed: @Sendable () -> Void = {}
    ) async -> Outcome {
        let id = submission.id ?? 0
        let work = arena + "/work/\(id)"
        SubmissionDiscovery.removeWorkFolder(work)
        defer { SubmissionDiscovery.removeWorkFolder(work) }
        let unpacked = work + "/unpacked"
        do {
            try FileManager.default.createDirectory(atPath: unpacked, withIntermediateDirectories: true)
            // A root runner's builds run as `nobody`, who must reach the copies.
            chmod(work, 0o755)
        } catch {
            return .refused(
                "the arena could not make its work folder \(work) (\(error.localizedDescription)); this is the arena's fault: ask your instructor")
        }
        let archive = arena + "/uploads/" + submission.archive
        let unpackProblem = await BlockingWork.run { () -> String? in
            do throws(ArchiveRefusal) {
                _ = try ArchiveUnpacker().unpack(archiveAt: archive, into: unpacked)
                return nil
            } catch {
                return error.description
            }
        }
        if let unpackProblem { return .refused(unpackProblem) }
        let debris = Self.removeDebris(in: unpacked)
        if !debris.isEmpty {
            line(.step(passed: true, name: "archive: tool debris left out", detail: debris.joined(separator: ", ")))
        }
        guard let root = Self.botFolder(in: unpacked) else {
            return .refused(
                "the archive has no bot.yaml at its top, nor in its one folder: its top holds \(Self.topListing(of: unpacked)); pack the folder that holds bot.yaml, e.g. with `salvo submit FOLDER`"
            )
        }
        let folder = work + "/" + submission.login
        guard rename(root, folder) == 0 else {
            return .refused("the arena could not move the unpacked folder (\(String(cString: strerror(errno)))); ask your instructor")
        }
        guard let botsFrom = settings.tournament.botsFrom else { return .refused("the arena has no submissions folder") }
        let check = BotCheck(
            folder: folder,
            settings: SubmissionEntry.settings(
                botsFrom, workFolder: work + "/check", takenNames: settings.tournament.config.bots.map(\.name), sandboxDisabled: sandboxDisabled),
            launcher: launcher, work: work + "/check", seed: UInt64(id), games: settings.checkGames,
            against: Self.opponent(settings.tournament.config)
        )
        let account = CheckAccount()
        let passed = await check.run { checked in
            if account.record(checked) { state(.checking) }
            line(checked)
        }
        guard passed else { return .refused(account.failure ?? "the check failed") }
        return await gate.hold {
            if let refused = install(folder, login: submission.login) { return refused }
            installed()
            return .passed
        }
    }

    /// `folder` put in place as `submissions/LOGIN`, the version it replaces removed; nil
    /// when done, else why not.
    func install(_ folder: String, login: String) -> Outcome? {
        let submissions = arena + "/" + ArenaSettings.submissionsFolder
        let target = submissions + "/" + login
        let old = folder + ".old"
        do {
            try FileManager.default.createDirectory(atPath: submissions, withIntermediateDirectories: true)
        } catch {
            return .refused("the arena could not make \(submissions) (\(error.localizedDescription)); ask your instructor")
        }
        if FileManager.default.fileExists(atPath: target), rename(target, old) != 0 {
            return .refused("the arena could not replace your previous version (\(String(cString: strerror(errno)))); ask your instructor")
        }
        guard rename(folder, target) == 0 else {
            let problem = String(cString: strerror(errno))
            _ = rename(old, target)
            return .refused("the arena could not put your version in place (\(problem)); ask your instructor")
        }
        SubmissionDiscovery.removeWorkFolder(old)
        return nil
    }

    /// The folder of the unpacked archive that holds the bot: its top when `bot.yaml` is
    /// there, else its one folder when that holds it (an archive of the folder itself).
    static func botFolder(in unpacked: String) -> String? {
        let manifest = SubmissionManifest.fileName
        if FileManager.default.fileExists(atPath: unpacked + "/" + manifest) { return unpacked }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: unpacked), names.count == 1 else { return nil }
        let inner = unpacked + "/" + names[0]
        var status = stat()
        guard lstat(inner, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, lstat(inner + "/" + manifest, &status) == 0 else { return nil }
        return inner
    }

    /// What archivers and file managers add that no bot needs: macOS's `__MACOSX/` folder and
    /// its `._NAME` and `.DS_Store` files, Windows' `Thumbs.db` and `desktop.ini`.
    static func isDebris(_ name: String) -> Bool {
        name == "__MACOSX" || name == ".DS_Store" || name.hasPrefix("._") || name == "Thumbs.db" || name == "desktop.ini"
    }

    /// Removes the debris under `folder` (``isDebris(_:)``); what was removed, as relative
    /// paths (a folder with a final `/`), at most 10 named and the rest counted.
    static func removeDebris(in folder: String) -> [String] {
        var found: [String] = []
        let walker = FileManager.default.enumerator(atPath: folder)
        while let path = walker?.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            guard isDebris(name) else { continue }
            var status = stat()
            let isFolder = lstat(folder + "/" + path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            if isFolder { walker?.skipDescendants() }
            found.append(path + (isFolder ? "/" : ""))
        }
        // Said as left out only when it is gone (a file the arena could not remove stays in the copy).
        let removed = found.filter { (try? FileManager.default.removeItem(atPath: folder + "/" + $0)) != nil }
        return removed.count > 10 ? Array(removed.prefix(10)) + ["and \(removed.count - 10) more"] : removed
    }

    /// The names at the top of `folder`, for a refusal: quoted, folders with a final `/`, at
    /// most 10 and the rest counted; "nothing" for an empty one.
    static func topListing(of folder: String) -> String {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        guard !names.isEmpty else { return "nothing" }
        let shown = names.prefix(10).map { name -> String in
            var status = stat()
            let isFolder = lstat(folder + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            return "`" + name + (isFolder ? "/" : "") + "`"
        }
        return shown.joined(separator: ", ") + (names.count > 10 ? " and \(names.count - 10) more" : "")
    }

    /// The built-in a check plays against: the season's first listed built-in, else `random`.
    static func opponent(_ config: TournamentConfig) -> BuiltInBot {
        for bot in config.bots {
            if case .builtin(let builtin) = bot.kind { return builtin }
        }
        return .random
    }
}

/// What the arena keeps of a check's lines as they pass: whether one came yet, and the
/// first failed step (the upload's reason).
private final class CheckAccount: Sendable {
    private let state = Mutex<(seen: Bool, failure: String?)>((false, nil))

    /// Notes `line`; whether it is the first (the build is over, the check's steps begin).
    func record(_ line: BotCheck.Line) -> Bool {
        state.withLock { state in
            defer { state.seen = true }
            if case .step(false, let name, let detail) = line, state.failure == nil {
                // The step's short name ("entry", "handshake", "games"), then what failed.
                state.failure = "\(name.split(separator: ":").first ?? Substring(name)): \(detail)"
            }
            return !state.seen
        }
    }

    var failure: String? {
        state.withLock { $0.failure }
    }
}
