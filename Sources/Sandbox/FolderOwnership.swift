import Foundation

/// Who owns a build's writable folder: the build's host user (``HostUsers``) while it runs, so
/// it can write there, and the runner again once it has ended, with every file made readable
/// by all (folders and programs 755, the rest 644), so that the bot, which plays as another
/// host user, can read what the build wrote, and no file on the host is left to a uid the next
/// sandbox may be given. Symbolic links are changed themselves, never followed; the tree is
/// walked by descriptors (``FolderWalk``), so no folder, however deep, is left behind.
enum FolderOwnership {
    /// Gives `folder` and everything in it to `uid` (with the same gid).
    static func give(_ folder: String, to uid: UInt32) {
        lchown(folder, uid, uid)
        FolderWalk.walk(folder) { parent, name, _ in fchownat(parent, name, uid, uid, AT_SYMLINK_NOFOLLOW) }
    }

    /// Gives `folder` and everything in it back to the runner, readable by all.
    static func reclaim(_ folder: String) {
        lchown(folder, geteuid(), getegid())
        chmod(folder, 0o755)
        FolderWalk.walk(folder) { parent, name, status in
            fchownat(parent, name, geteuid(), getegid(), AT_SYMLINK_NOFOLLOW)
            let kind = status.st_mode & S_IFMT
            guard kind != S_IFLNK else { return }
            let runnable = kind == S_IFDIR || status.st_mode & S_IXUSR != 0
            fchmodat(parent, name, runnable ? 0o755 : 0o644, 0)
        }
    }
}
