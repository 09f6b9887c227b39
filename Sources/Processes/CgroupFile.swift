#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// The reading and writing of a cgroup's files, the one copy for the sandbox that makes the
/// groups (Sandbox's `Cgroups`) and for what the bots' groups count (``CgroupAccounting``,
/// ``ChildProcess``); issue 41 folded the two modules' own.
///
/// A cgroup's files are small kernel files, each read or written whole in one system call,
/// without Foundation: a bot's CPU-time file is read on every move.
///
/// ```swift
/// CgroupFile.write("+memory +pids", to: "/sys/fs/cgroup/salvo/cgroup.subtree_control") // true when the kernel took it
/// CgroupFile.firstLine(of: "/sys/fs/cgroup/memory/salvo/memory.use_hierarchy")          // "1"
/// ```
public enum CgroupFile {
    /// The most of a file that is read: one page, which is what the kernel gives in one read.
    package static let capacity = 4096

    /// The file's text, read in one system call; nil when it cannot be opened or read, or is empty.
    public static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return read(descriptor: descriptor)
    }

    /// The text of a file kept open, read again from its start (`pread` at offset 0: cheaper
    /// than an open, a read and a close); nil when it cannot be read or is empty.
    public static func read(descriptor: Int32) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            let count = pread(descriptor, buffer.baseAddress, buffer.count, 0)
            guard count > 0 else { return nil }
            return String(decoding: buffer[..<count], as: UTF8.self)
        }
    }

    /// The file's first line, without its line feed; nil when it cannot be read or is empty.
    public static func firstLine(of path: String) -> String? {
        read(path)?.split(separator: "\n").first.map(String.init)
    }

    /// Writes `text` to the file in one system call; true when the kernel took all of it
    /// (a cgroup's file refuses a value it does not accept with an error).
    @discardableResult
    public static func write(_ text: String, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var text = text
        return text.withUTF8 { bytes in Glibc.write(descriptor, bytes.baseAddress, bytes.count) == bytes.count }
    }
}
