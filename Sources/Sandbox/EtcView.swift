import Foundation
import Synchronization

/// The files and folders of `/etc` a sandbox shows (``BubblewrapArguments/etcSources``), copied
/// into one folder of the runner's and bound at `/etc` with one mount: bubblewrap re-reads the
/// mount table for every bind, and nine binds of `/etc` entries cost about 1 ms of each start
/// (BENCHMARKS.md, issue 44). The bot sees what the nine binds showed: each entry's content
/// (a top-level link followed, as a bind follows it), links below kept as links.
///
/// The copy is checked against the sources at most every ``recheck`` (10 s) and made again when one
/// changed (a package installed while an arena runs); a folder a sandbox may still have bound
/// is never emptied while the runner lives. Folders of runners that have ended are removed
/// when the next view is made. Where no copy can be made, each entry is bound as before.
final class EtcView: Sendable {
    /// The view every sandbox of this runner uses.
    static let shared = EtcView(sources: BubblewrapArguments.etcSources)

    /// Where views are made, and the start of their names (`salvo-etc-PID-…`).
    static let parent = "/tmp"
    static let prefix = "salvo-etc-"

    private struct State {
        var folder: String?
        var fingerprint: [String] = []
        var checkedAt: ContinuousClock.Instant?
        /// Whether a copy failed: every entry is bound instead, for good.
        var failed = false
    }

    let sources: [String]
    /// How often the sources are compared with the copy.
    let recheck: Duration
    private let state = Mutex(State())

    init(sources: [String], recheck: Duration = .seconds(10)) {
        self.sources = sources
        self.recheck = recheck
    }

    /// bwrap's options that show the sources at `/etc`.
    func arguments() -> [String] {
        if let folder = currentFolder() { return ["--ro-bind", folder, "/etc"] }
        return sources.flatMap { ["--ro-bind-try", $0, $0] }
    }

    /// The view's folder, made or made again when due; nil where none can be made.
    func currentFolder() -> String? {
        state.withLock { state -> String? in
            guard !state.failed else { return nil }
            let now = ContinuousClock.now
            if let folder = state.folder, let checkedAt = state.checkedAt, now - checkedAt < recheck { return folder }
            state.checkedAt = now
            let fingerprint = Self.fingerprint(of: sources)
            if let folder = state.folder, fingerprint == state.fingerprint { return folder }
            guard let made = Self.make(sources) else {
                state.failed = true
                return nil
            }
            if state.folder == nil { Self.removeEnded() }
            state.folder = made
            state.fingerprint = fingerprint
            Self.madeFolders.withLock { $0.append(made) }
            return made
        }
    }

    /// Every view this runner made, removed when it exits.
    private static let madeFolders: Mutex<[String]> = {
        atexit { EtcView.removeMade() }
        return Mutex([])
    }()

    private static func removeMade() {
        for folder in madeFolders.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// What the sources are now: each entry below them with its kind, size, times and inode.
    static func fingerprint(of sources: [String]) -> [String] {
        var lines: [String] = []
        func visit(_ path: String, followLink: Bool) {
            var info = stat()
            guard (followLink ? stat(path, &info) : lstat(path, &info)) == 0 else { return }
            lines.append(
                "\(path) \(info.st_mode) \(info.st_size) \(info.st_ino) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
            )
            guard info.st_mode & S_IFMT == S_IFDIR else { return }
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() { visit(path + "/" + name, followLink: false) }
        }
        for source in sources { visit(source, followLink: true) }
        return lines
    }

    /// A new folder holding a copy of each source that exists, readable by every user (the
    /// sandbox's host users bind it); nil when it cannot be made whole.
    static func make(_ sources: [String]) -> String? {
        var template = Array("\(parent)/\(prefix)\(getpid())-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        let folder = String(cString: made)
        for source in sources {
            var info = stat()
            guard stat(source, &info) == 0 else { continue }
            let name = (source as NSString).lastPathComponent
            let real = URL(fileURLWithPath: source).resolvingSymlinksInPath().path
            guard copy(real, to: folder + "/" + name, followLink: true) else {
                try? FileManager.default.removeItem(atPath: folder)
                return nil
            }
        }
        guard chmod(folder, 0o755) == 0 else {
            try? FileManager.default.removeItem(atPath: folder)
            return nil
        }
        return folder
    }

    /// Copies `source` to `target`: a folder with its entries, a file with its bytes (readable
    /// by all, executable where it was), a link as the same link; anything else is left out.
    private static func copy(_ source: String, to target: String, followLink: Bool) -> Bool {
        var info = stat()
        guard (followLink ? stat(source, &info) : lstat(source, &info)) == 0 else { return true }
        switch info.st_mode & S_IFMT {
        case S_IFLNK:
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: source) else { return false }
            return symlink(destination, target) == 0
        case S_IFDIR:
            guard mkdir(target, 0o755) == 0 || errno == EEXIST, chmod(target, 0o755) == 0 else { return false }
            // A folder the runner may not read is left empty, as a bind would show it unreadable.
            for name in (try? FileManager.default.contentsOfDirectory(atPath: source)) ?? [] {
                guard copy(source + "/" + name, to: target + "/" + name, followLink: false) else { return false }
            }
            return true
        case S_IFREG:
            // A file the runner may not read is left out.
            guard let bytes = FileManager.default.contents(atPath: source) else { return true }
            let mode: mode_t = info.st_mode & 0o111 != 0 ? 0o755 : 0o644
            return FileManager.default.createFile(atPath: target, contents: bytes, attributes: [.posixPermissions: Int(mode)])
        default:
            return true
        }
    }

    /// Removes this user's views of runners that have ended (their folder's process id is gone).
    static func removeEnded() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            var info = stat()
            guard let pid = rest.split(separator: "-").first.flatMap({ Int32($0) }), pid != getpid(),
                lstat(parent + "/" + name, &info) == 0, info.st_uid == geteuid()
            else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: parent + "/" + name)
            }
        }
    }
}
