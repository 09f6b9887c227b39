import Digests
import Foundation
import Sandbox

/// A submission folder as Salvo read it: every folder, regular file and symbolic link under
/// it (never followed), copied into a folder of Salvo's own as it was read, sorted by path;
/// `.git` folders and special files (pipes, sockets, devices) are left out. A version is what
/// was read: ``contentHash()`` hashes the copy, which no student can change, and the copy is
/// what is built and played.
///
/// - The walk opens every folder and file by descriptor, relative to its parent, with
///   `O_NOFOLLOW`: a link, or a folder swapped for a link while the walk runs, is never
///   followed out of the submission.
/// - A link is kept as a link when it resolves inside the folder (through any other links of
///   it); one that leaves it (an absolute target, too many `..`) refuses the whole
///   submission, naming the link.
///
/// ```swift
/// let snapshot = try FolderSnapshot.copy(from: "submissions/alice", to: "out/submissions/bots/.incoming-alice")
/// print(try snapshot.contentHash())   // 64 hex digits
/// ```
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

    /// The copy, absolute.
    let root: String
    /// Paths relative to ``root``, in byte order.
    let entries: [Entry]

    /// How much a copy may hold, and whether its links must stay inside it.
    struct Limits: Sendable {
        var bytes: Int
        var entries: Int
        var depth: Int
        /// Whether a link that leaves the folder refuses the copy (``LinkCheck``): a student's
        /// folder, read by the root runner. A build's output, copied out of its disk, keeps its
        /// links as they are (a virtual environment links `/usr/bin/python3`): nothing of the
        /// runner follows them, and play sees only the sandbox.
        var checksLinks: Bool
        /// What is copied, in the sentences of its refusals: "the folder", "the build's output".
        var what: String

        /// A submission: 256 MiB in 20,000 entries, 64 folders deep, links inside.
        static let submission = Limits(bytes: 256 << 20, entries: 20_000, depth: 64, checksLinks: true, what: "the folder")

        /// A finished build's output, its disk's `bytes` at most.
        static func buildOutput(bytes: Int) -> Limits {
            Limits(bytes: bytes, entries: 1_000_000, depth: 256, checksLinks: false, what: "the build's output")
        }

        var tooLarge: SubmissionProblem {
            SubmissionProblem("\(what) holds more than \(bytes >> 20) MiB or \(entries) files; remove build outputs and data it does not need")
        }
    }

    /// Copies `source` into `destination` (which must not exist): files with mode 644, or 755
    /// when executable, folders 755, links as links. Fails with a sentence when the folder
    /// cannot be read, is too large, or holds a link that leaves it; then `destination` may
    /// hold part of the copy, for the caller to remove.
    static func copy(from source: String, to destination: String, limits: Limits = .submission) throws(SubmissionProblem) -> FolderSnapshot {
        // The submission's own folder may be a link (an instructor's layout); nothing under it is followed.
        let top = open(source, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard top >= 0 else { throw SubmissionProblem("cannot read the folder (\(String(cString: strerror(errno)))); make it readable") }
        defer { close(top) }
        guard mkdir(destination, 0o755) == 0 else { throw copyFailure(".", destination) }
        var walk = Walk(destination: destination, limits: limits)
        try walk.folder(top, relative: "", depth: 0)
        let entries = walk.entries.sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
        if limits.checksLinks { try LinkCheck(entries).check() }
        return FolderSnapshot(root: destination, entries: entries)
    }

    /// SHA-256, as 64 hex digits, over each entry's kind, path, and (for a file) executable
    /// bit, size and bytes, or (for a link) target; the bytes read from the copy.
    func contentHash() throws(SubmissionProblem) -> String {
        var hash = SHA256Hasher()
        for entry in entries {
            switch entry {
            case .folder(let path):
                hash.update(data: Array("d\u{0}\(path)\u{0}".utf8))
            case .file(let path, let executable, let size):
                hash.update(data: Array("f\u{0}\(path)\u{0}\(executable ? "x" : "-")\u{0}\(size)\u{0}".utf8))
                guard let contents = FileManager.default.contents(atPath: root + "/" + path) else {
                    throw SubmissionProblem("cannot read `\(path)` of the copy; check that the output folder is readable")
                }
                hash.update(data: contents)
            case .link(let path, let target):
                hash.update(data: Array("l\u{0}\(path)\u{0}\(target)\u{0}".utf8))
            }
        }
        return hash.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// The entry at `path`, relative to the folder.
    func entry(at path: String) -> Entry? {
        entries.first { $0.path == path }
    }

    /// Gives the copy, every file, folder and link of it, to `owner` (a root runner's build
    /// user, who must own the copy to write it).
    func give(to owner: uid_t) {
        for entry in entries { lchown(root + "/" + entry.path, owner, gid_t(owner)) }
        lchown(root, owner, gid_t(owner))
    }

    static func copyFailure(_ what: String, _ destination: String) -> SubmissionProblem {
        SubmissionProblem(
            "cannot copy `\(what)` to \(destination) (\(String(cString: strerror(errno)))); check that the output folder is writable", ofHost: true)
    }

    /// One depth-first walk of the source by descriptors, copying as it goes.
    struct Walk {
        let destination: String
        let limits: Limits
        var entries: [Entry] = []
        var bytes = 0

        /// Copies the folder open on `descriptor` (at `relative` under the top) and everything under it.
        mutating func folder(_ descriptor: Int32, relative: String, depth: Int) throws(SubmissionProblem) {
            guard depth < limits.depth else {
                throw SubmissionProblem("\(limits.what) nests more than \(limits.depth) folders deep (at `\(relative.prefix(200))`); flatten it")
            }
            for name in try names(descriptor, relative: relative) where name != ".git" {
                let path = relative.isEmpty ? name : relative + "/" + name
                var status = stat()
                guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR:
                    let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                    guard child >= 0 else { throw SubmissionProblem("cannot read `\(path)` (\(String(cString: strerror(errno)))); make it readable") }
                    defer { close(child) }
                    guard mkdir(destination + "/" + path, 0o755) == 0 else { throw FolderSnapshot.copyFailure(path, destination) }
                    try record(.folder(path))
                    try folder(child, relative: path, depth: depth + 1)
                case S_IFREG:
                    try file(descriptor, name: name, path: path)
                case S_IFLNK:
                    let target = try linkTarget(descriptor, name: name, path: path)
                    guard symlink(target, destination + "/" + path) == 0 else { throw FolderSnapshot.copyFailure(path, destination) }
                    try record(.link(path, target: target))
                default:
                    continue
                }
            }
        }

        /// Copies one regular file as it is read: what the copy holds is what was read.
        mutating func file(_ folder: Int32, name: String, path: String) throws(SubmissionProblem) {
            let source = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard source >= 0 else { throw SubmissionProblem("cannot read `\(path)` (\(String(cString: strerror(errno)))); make it readable") }
            defer { close(source) }
            var status = stat()
            // Swapped for something else since it was listed: left out, as a special file is.
            guard fstat(source, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
            let executable = status.st_mode & 0o111 != 0
            let target = open(destination + "/" + path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, executable ? 0o755 : 0o644)
            guard target >= 0 else { throw FolderSnapshot.copyFailure(path, destination) }
            defer { close(target) }
            var size = 0
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { throw SubmissionProblem("cannot read `\(path)` (\(String(cString: strerror(errno)))); make it readable") }
                if count == 0 { break }
                size += count
                bytes += count
                guard bytes <= limits.bytes else { throw limits.tooLarge }
                let written = buffer.withUnsafeBytes { write(target, $0.baseAddress, count) }
                guard written == count else { throw FolderSnapshot.copyFailure(path, destination) }
            }
            fchmod(target, executable ? 0o755 : 0o644)
            try record(.file(path, executable: executable, size: size))
        }

        mutating func record(_ entry: Entry) throws(SubmissionProblem) {
            entries.append(entry)
            guard entries.count <= limits.entries else { throw limits.tooLarge }
        }

        /// The names in the folder open on `descriptor` (``Sandbox/FolderWalk/names(_:)``).
        func names(_ descriptor: Int32, relative: String) throws(SubmissionProblem) -> [String] {
            guard let names = FolderWalk.names(descriptor) else {
                throw SubmissionProblem(
                    "cannot read `\(relative.isEmpty ? "." : relative)` (\(String(cString: strerror(errno)))); make the folder readable")
            }
            return names
        }

        func linkTarget(_ folder: Int32, name: String, path: String) throws(SubmissionProblem) -> String {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlinkat(folder, name, &buffer, buffer.count - 1)
            guard count >= 0 else {
                throw SubmissionProblem("cannot read the link `\(path)` (\(String(cString: strerror(errno)))); make it readable")
            }
            return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
