import Foundation

/// The disk of one build: a memory file system (tmpfs) of a fixed size, mounted for the build
/// and gone after it, so that everything a build writes is capped by the file system itself.
/// A build that fills it gets ENOSPC and fails alone; the host's disk never sees more than
/// the cap, since only the finished build's output is copied out (``FolderSnapshot``).
///
/// Mounting needs root (a root runner, Salvo's default on the course machine). Elsewhere there
/// is no disk: the build writes its copy in place, capped only file by file (`file_size_mb`),
/// and ``unenforced`` says so. The pages a build writes to it count in its memory cgroup too.
///
/// ```swift
/// if let disk = BuildDisk.mount(at: "out/submissions/bots/.build-alice", bytes: 512 << 20) {
///     defer { disk.unmount() }
///     // copy the sources in, build, copy the output out
/// }
/// ```
struct BuildDisk: Sendable {
    /// Where it is mounted.
    let path: String
    /// Its size.
    let bytes: Int

    /// What a runner that cannot mount leaves unenforced, for the run's output; nil for root.
    static var unenforced: String? {
        geteuid() == 0
            ? nil
            : "salvo: builds are not capped on disk here (mounting a capped file system for each build needs root): a build may fill the output folder's disk, capped only file by file"
    }

    /// Mounts a `bytes`-sized tmpfs at `path` (made if missing); nil where none can be mounted.
    static func mount(at path: String, bytes: Int) -> BuildDisk? {
        guard geteuid() == 0 else { return nil }
        // A disk a killed run left mounted there goes first, with whatever it held.
        umount2(path, Int32(MNT_DETACH))
        rmdir(path)
        guard mkdir(path, 0o755) == 0 else { return nil }
        let options = "size=\(bytes),mode=0755"
        guard Glibc.mount("tmpfs", path, "tmpfs", UInt(MS_NOSUID | MS_NODEV), options) == 0 else {
            rmdir(path)
            return nil
        }
        return BuildDisk(path: path, bytes: bytes)
    }

    /// Whether the build filled it: less than 1% or 64 KiB of it is left.
    var isFull: Bool {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return false }
        let free = Int(status.f_bavail) * Int(status.f_frsize)
        return free < max(64 << 10, bytes / 100)
    }

    /// Unmounts it (lazily, should anything still hold it) and removes its mount point:
    /// whatever the build left there is gone.
    func unmount() {
        umount2(path, Int32(MNT_DETACH))
        rmdir(path)
    }
}
