import Foundation

/// A walk of a folder's tree by descriptors, for trees a build wrote: every entry is named
/// relative to its open folder (`fstatat`, `openat`), never by a path, so a tree nested
/// thousands of folders deep, past the 4,096 bytes a path may have, is walked whole, and a
/// link is never followed. One folder is open at a time: the walk climbs back with `..`, which
/// is always the real parent; walk only a tree nothing else is changing (a build that has ended).
///
/// ```swift
/// FolderWalk.walk("out/submissions/bots/alice@3f9c2a1b7d04") { folder, name, status in
///     fchownat(folder, name, 0, 0, AT_SYMLINK_NOFOLLOW)
/// }
/// ```
public enum FolderWalk {
    /// Calls `enter` with the open folder, the name and the status of every entry under `root`,
    /// a folder before its contents, and `leave` with the open folder and the name of every
    /// folder after its contents. `enter` may make a folder enterable before the walk goes in.
    public static func walk(_ root: String, enter: (Int32, String, stat) -> Void, leave: (Int32, String) -> Void = { _, _ in }) {
        var current = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard current >= 0 else { return }
        // Per level: the names still to visit, and the level's own name in its parent.
        var levels: [(pending: [String], name: String)] = [(names(current) ?? [], "")]
        while let last = levels.indices.last {
            guard let name = levels[last].pending.popLast() else {
                let finished = levels.removeLast().name
                if levels.isEmpty { break }
                let parent = openat(current, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                close(current)
                guard parent >= 0 else { return }
                current = parent
                leave(current, finished)
                continue
            }
            var status = stat()
            guard fstatat(current, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            enter(current, name, status)
            guard status.st_mode & S_IFMT == S_IFDIR else { continue }
            let child = openat(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard child >= 0 else { continue }
            close(current)
            current = child
            levels.append((names(child) ?? [], name))
        }
        close(current)
    }

    /// Removes `path` and everything under it, making each folder writable and enterable
    /// first (a build may leave read-only ones); a link is removed, never followed.
    public static func remove(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        chmod(path, 0o755)
        walk(
            path,
            enter: { folder, name, status in
                if status.st_mode & S_IFMT == S_IFDIR {
                    fchmodat(folder, name, 0o755, 0)
                } else {
                    unlinkat(folder, name, 0)
                }
            },
            leave: { folder, name in
                unlinkat(folder, name, AT_REMOVEDIR)
            })
        rmdir(path)
    }

    /// The names in the folder open on `descriptor` (`.` and `..` left out); nil when it
    /// cannot be read. The descriptor stays open, and its own.
    public static func names(_ descriptor: Int32) -> [String]? {
        let duplicate = dup(descriptor)
        guard duplicate >= 0, let directory = fdopendir(duplicate) else {
            if duplicate >= 0 { close(duplicate) }
            return nil
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
