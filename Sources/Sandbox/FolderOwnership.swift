import Foundation

/// Who owns a build's writable folder: the build's host user (``HostUsers``) while it runs, so
/// it can write there, and the runner again once it has ended, with every file made readable
/// by all (folders and programs 755, the rest 644), so that the bot, which plays as another
/// host user, can read what the build wrote, and no file on the host is left to a uid the next
/// sandbox may be given. Symbolic links are changed themselves, never followed.
enum FolderOwnership {
    /// Gives `folder` and everything in it to `uid` (with the same gid).
    static func give(_ folder: String, to uid: UInt32) {
        walk(folder) { path, _ in lchown(path, uid, uid) }
    }

    /// Gives `folder` and everything in it back to the runner, readable by all.
    static func reclaim(_ folder: String) {
        walk(folder) { path, status in
            lchown(path, geteuid(), getegid())
            let kind = status.st_mode & S_IFMT
            guard kind != S_IFLNK else { return }
            let runnable = kind == S_IFDIR || status.st_mode & S_IXUSR != 0
            chmod(path, runnable ? 0o755 : 0o644)
        }
    }

    /// Calls `visit` on `folder` and, depth first, on every entry under it, without following
    /// links; folders are visited after their contents.
    private static func walk(_ folder: String, _ visit: (String, stat) -> Void) {
        var status = stat()
        guard lstat(folder, &status) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR, let directory = opendir(folder) {
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names { walk(folder + "/" + name, visit) }
        }
        visit(folder, status)
    }
}
