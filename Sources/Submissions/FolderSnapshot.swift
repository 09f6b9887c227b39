import Digests
import Foundation

/// The files of a submission folder as found before its build: every folder, regular file and
/// symbolic link under it (never followed), sorted by path; `.git` folders and special files
/// (pipes, sockets, devices) are left out. Its ``contentHash()`` keys the build cache, and
/// ``copy(to:owner:)`` makes the copy that is built and played.
struct FolderSnapshot {
    enum Entry: Hashable {
        case folder(String)
        case file(String, executable: Bool, size: Int)
        case link(String, target: String)

        var path: String {
            switch self {
            case .folder(let path), .file(let path, _, _), .link(let path, _): path
            }
        }
    }

    /// The folder, absolute.
    let root: String
    /// Paths relative to ``root``, in byte order.
    let entries: [Entry]
    /// The newest modification time of its files, folders and links (not followed); nil for
    /// an empty folder. A season's `deadline:` compares it.
    var lastChange: Date?

    /// The most a submission may hold: 256 MiB in 20,000 entries.
    static let maximumBytes = 256 << 20
    static let maximumEntries = 20_000

    /// Walks `root`; fails with a sentence when it cannot be read or is too large.
    static func take(of root: String) throws(SubmissionProblem) -> FolderSnapshot {
        var entries: [Entry] = []
        var bytes = 0
        var newest: Int = 0
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? root : root + "/" + relative
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder)
            } catch {
                throw SubmissionProblem("cannot read `\(relative.isEmpty ? "." : relative)` (\(error.localizedDescription)); make the folder readable")
            }
            for name in names where name != ".git" {
                let path = relative.isEmpty ? name : relative + "/" + name
                var status = stat()
                guard lstat(root + "/" + path, &status) == 0 else { continue }
                newest = max(newest, Int(status.st_mtim.tv_sec))
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    entries.append(.folder(path))
                    pending.append(path)
                case S_IFREG:
                    entries.append(.file(path, executable: status.st_mode & 0o111 != 0, size: Int(status.st_size)))
                    bytes += Int(status.st_size)
                case S_IFLNK:
                    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/" + path)) ?? ""
                    entries.append(.link(path, target: target))
                default:
                    continue
                }
                guard entries.count <= maximumEntries, bytes <= maximumBytes else {
                    throw SubmissionProblem("the folder holds more than \(maximumBytes >> 20) MiB or \(maximumEntries) files; remove build outputs and data it does not need")
                }
            }
        }
        entries.sort { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
        return FolderSnapshot(root: root, entries: entries, lastChange: newest > 0 ? Date(timeIntervalSince1970: TimeInterval(newest)) : nil)
    }

    /// SHA-256, as 64 hex digits, over each entry's kind, path, and (for a file) executable
    /// bit, size and bytes, or (for a link) target.
    func contentHash() throws(SubmissionProblem) -> String {
        var hash = SHA256Hasher()
        for entry in entries {
            switch entry {
            case .folder(let path):
                hash.update(data: Array("d\u{0}\(path)\u{0}".utf8))
            case .file(let path, let executable, let size):
                hash.update(data: Array("f\u{0}\(path)\u{0}\(executable ? "x" : "-")\u{0}\(size)\u{0}".utf8))
                guard let contents = FileManager.default.contents(atPath: root + "/" + path) else {
                    throw SubmissionProblem("cannot read `\(path)`; make it readable")
                }
                hash.update(data: contents)
            case .link(let path, let target):
                hash.update(data: Array("l\u{0}\(path)\u{0}\(target)\u{0}".utf8))
            }
        }
        return hash.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// Copies the entries into `destination` (which must not exist): files with mode 644, or
    /// 755 when executable, folders 755, links as links; all owned by `owner` when given.
    func copy(to destination: String, owner: uid_t?) throws(SubmissionProblem) {
        func fail(_ what: String) -> SubmissionProblem {
            SubmissionProblem("cannot copy `\(what)` to \(destination) (\(String(cString: strerror(errno)))); check that the output folder is writable")
        }
        guard mkdir(destination, 0o755) == 0 else { throw fail(".") }
        for entry in entries {
            let target = destination + "/" + entry.path
            switch entry {
            case .folder:
                guard mkdir(target, 0o755) == 0 else { throw fail(entry.path) }
            case .file(let path, let executable, _):
                guard let contents = FileManager.default.contents(atPath: root + "/" + path),
                      FileManager.default.createFile(atPath: target, contents: contents) else { throw fail(path) }
                chmod(target, executable ? 0o755 : 0o644)
            case .link(let path, let linkTarget):
                guard symlink(linkTarget, target) == 0 else { throw fail(path) }
            }
            if let owner { lchown(target, owner, gid_t(owner)) }
        }
        if let owner { lchown(destination, owner, gid_t(owner)) }
    }
}
