import Foundation
import HTTPGuards
import Orchestrator
import Sandbox

/// An arena's folder: `arena.yaml` (the season's settings, the instructor's to edit),
/// `arena.sqlite` (``ArenaStore``: the roster and token hashes) and `tokens.tsv` (each token
/// as it was given, mode 0600, for the instructor to hand out; the arena never reads it).
///
/// ```swift
/// let arena = try ArenaFolder.create(at: "cs101", roster: ArenaRoster.read(rosterText))
/// let token = try arena.addStudent(login: "mia", name: "Mia")   // appended to tokens.tsv
/// ```
public struct ArenaFolder: Sendable {
    public static let settingsFile = "arena.yaml"
    public static let storeFile = "arena.sqlite"
    public static let tokensFile = "tokens.tsv"

    public let path: String
    public let store: ArenaStore

    /// The arena in `path`; fails when there is none.
    public init(at path: String) throws(ArenaError) {
        guard FileManager.default.fileExists(atPath: path + "/" + Self.storeFile) else { throw .notAnArena(path) }
        self.path = path
        store = try ArenaStore(path: path + "/" + Self.storeFile)
    }

    private init(path: String, store: ArenaStore) {
        self.path = path
        self.store = store
    }

    /// Makes a new arena in `path` (made if missing; refused when it holds one) for `roster`,
    /// each student with a token of their own, written once to `tokens.tsv`.
    public static func create(at path: String, roster: ArenaRoster, now: Date = Date()) throws(ArenaError) -> ArenaFolder {
        guard !FileManager.default.fileExists(atPath: path + "/" + storeFile) else { throw .alreadyAnArena(path) }
        do {
            try FileManager.default.createDirectory(atPath: path + "/" + ArenaSettings.submissionsFolder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: path, detail: error.localizedDescription)
        }
        let settings = path + "/" + settingsFile
        if !FileManager.default.fileExists(atPath: settings) {
            do {
                try Data(ArenaSettings.template.utf8).write(to: URL(fileURLWithPath: settings))
            } catch {
                throw .cannotWrite(path: settings, detail: error.localizedDescription)
            }
        }
        let arena = ArenaFolder(path: path, store: try ArenaStore(path: path + "/" + storeFile))
        for student in roster.students {
            _ = try arena.addStudent(login: student.login, name: student.name, now: now)
        }
        return arena
    }

    /// Adds a student with a new token, appended to `tokens.tsv`; the token.
    public func addStudent(login: String, name: String? = nil, now: Date = Date()) throws(ArenaError) -> String {
        if let problem = ArenaRoster.loginProblem(login) { throw .roster(problem) }
        let token = ArenaToken.random()
        try store.add(login: login, name: name ?? login, tokenHash: ArenaToken.hash(token), at: now)
        try give(token, to: login)
        return token
    }

    /// Replaces a student's token with a new one (the old stops working), appended to `tokens.tsv`.
    public func newToken(login: String) throws(ArenaError) -> String {
        let token = ArenaToken.random()
        try store.replaceToken(login: login, tokenHash: ArenaToken.hash(token))
        try give(token, to: login)
        return token
    }

    /// Saves an upload's bytes as a new file of `uploads/` (mode 0600), synced to disk with its
    /// folder before it returns: the file's name.
    public func saveUpload(_ bytes: UnsafeRawBufferPointer, at date: Date = Date()) throws(ArenaError) -> String {
        let folder = uploadsFolder
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: folder, detail: error.localizedDescription)
        }
        let name = Self.uploadName(at: date)
        let file = folder + "/" + name
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: file, detail: String(cString: strerror(errno))) }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            guard written > 0 else { break }
            offset += written
        }
        let synced = offset == bytes.count && fsync(descriptor) == 0
        close(descriptor)
        guard synced else {
            unlink(file)
            throw .cannotWrite(path: file, detail: String(cString: strerror(errno)))
        }
        StreamedBody.syncFolder(of: file)
        return name
    }

    /// The folder of the uploads' archives.
    public var uploadsFolder: String { path + "/uploads" }

    /// A new upload's file name (in `uploads/`), dated `date`.
    public static func uploadName(at date: Date) -> String {
        "\(Int(date.timeIntervalSince1970))-\(UUID().uuidString.prefix(8).lowercased()).upload"
    }

    /// Where upload `name`'s body is written while it arrives; renamed to `uploads/NAME` once
    /// whole (``finishUpload(_:)``).
    public func partialUpload(_ name: String) -> String {
        uploadsFolder + "/" + name + Self.partialSuffix
    }

    static let partialSuffix = ".partial"

    /// Upload `name`'s whole body put in place under its name, durably; the error's sentence
    /// for the log otherwise (the partial file is removed).
    public func finishUpload(_ name: String) throws(ArenaError) {
        let partial = partialUpload(name)
        let file = uploadsFolder + "/" + name
        guard rename(partial, file) == 0 else {
            let problem = String(cString: strerror(errno))
            unlink(partial)
            throw .cannotWrite(path: file, detail: problem)
        }
        StreamedBody.syncFolder(of: file)
    }

    /// Removes the archives of `login`'s uploads past their disk budget (``ArenaDiskBudget``);
    /// the bytes freed.
    @discardableResult
    public func pruneArchives(of login: String, budget: ArenaDiskBudget) throws(ArenaError) -> Int {
        let removed = budget.pruned(try store.submissions(of: login, limit: Int.max))
        guard !removed.isEmpty else { return 0 }
        try store.markPruned(removed.compactMap(\.id))
        for upload in removed { unlink(uploadsFolder + "/" + upload.archive) }
        return removed.reduce(0) { $0 + $1.archiveBytes }
    }

    /// Removes what a kill left half-made: uploads whose bodies were arriving (their rows and
    /// every partial file) and the copies of the published season being staged
    /// (`public.salvo-new-PID`). How many uploads and copies were removed.
    public func removeLeftovers() throws(ArenaError) -> Int {
        let uploads = try store.dropUnfinishedUploads()
        // An uploads folder not made yet holds nothing to remove.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: uploadsFolder)) ?? [] where name.hasSuffix(Self.partialSuffix) {
            unlink(uploadsFolder + "/" + name)
        }
        return uploads + RunPublisher.removeStaleStaging(of: path + "/" + ArenaSettings.publicFolder)
    }

    /// Closes the arena's folder to every other local user, before it serves: mode 750, its
    /// group the sandbox's (``Sandbox/SandboxLauncher/sandboxGroup``) for a root runner, whose
    /// bots and builds run as other users with that group and must pass through it to their
    /// copies; 700 for another runner, whose sandboxes run as itself. Nothing under it can then
    /// be reached by anyone else: the students' code and its copies, the store (token hashes,
    /// check lines), `uploads/`, `work/`, the season with `private-links.tsv` and the private
    /// pages. The store, `uploads/` and the secrets are the arena's own besides (600, 700).
    /// What it did, for the log; why it could not, thrown.
    public func closeToOthers() throws(ArenaError) -> String {
        let root = geteuid() == 0
        if root, chown(path, geteuid(), gid_t(SandboxLauncher.sandboxGroup)) != 0 {
            throw .cannotWrite(path: path, detail: "its group cannot be made the sandbox's (\(String(cString: strerror(errno))))")
        }
        guard chmod(path, root ? 0o750 : 0o700) == 0 else {
            throw .cannotWrite(path: path, detail: "its mode cannot be set (\(String(cString: strerror(errno))))")
        }
        for file in [
            Self.storeFile, Self.storeFile + "-wal", Self.storeFile + "-shm", Self.tokensFile, ArenaSettings.secretFile,
            ArenaSettings.seasonFolder + "/private-links.tsv",
        ] {
            chmod(path + "/" + file, 0o600)
        }
        do {
            try FileManager.default.createDirectory(atPath: uploadsFolder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: uploadsFolder, detail: error.localizedDescription)
        }
        chmod(uploadsFolder, 0o700)
        return root
            ? "\(path) is closed to other local users (mode 750, its group the sandbox's, \(SandboxLauncher.sandboxGroup), which only the sandboxes have)"
            : "\(path) is closed to other local users (mode 700; the sandboxes run as this user)"
    }

    /// Why the sandbox could not reach this arena's copies, or nil: a root runner's bots and
    /// builds run as other users, who must be able to pass through every folder above the
    /// arena (`o+x`); the arena's own folder lets them in by its group (``closeToOthers()``).
    /// Checked before serving, so that no student's check fails for it.
    public func sandboxReachProblem() -> String? {
        guard geteuid() == 0 else { return nil }
        var folder = (URL(fileURLWithPath: path).standardizedFileURL.path as NSString).deletingLastPathComponent
        while true {
            var status = stat()
            if stat(folder, &status) == 0, status.st_mode & S_IXOTH == 0 {
                return
                    "the sandbox's users cannot pass through \(folder) (mode \(String(status.st_mode & 0o777, radix: 8))), above the arena's copies of the students' bots; run `chmod o+x \(folder)`, or put the arena in a folder they can reach"
            }
            guard folder != "/" else { return nil }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// Appends `login TAB token` to `tokens.tsv`, which only its owner may read.
    private func give(_ token: String, to login: String) throws(ArenaError) {
        let file = path + "/" + Self.tokensFile
        let descriptor = open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: file, detail: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        fchmod(descriptor, 0o600)
        let line = Array("\(login)\t\(token)\n".utf8)
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count, fsync(descriptor) == 0 else { throw .cannotWrite(path: file, detail: String(cString: strerror(errno))) }
    }
}
