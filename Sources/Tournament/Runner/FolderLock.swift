import Foundation

#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// The exclusive claim of one process on an output folder: `salvo run`, `salvo report` and
/// `salvo merge` hold it for their whole life, so two of them never write one folder at once.
///
/// The claim is a `flock` on `FOLDER/salvo.lock`, which the kernel releases when the process
/// ends in any way, SIGKILL included: a stale lock file never blocks the next run. The file
/// holds the holder's pid, for the message a second claimant prints. A claimant that is
/// refused changes nothing in the folder.
///
/// ```swift
/// let lock = try FolderLock.acquire("reports/demo")   // throws .inUse(folder:pid:) when held
/// defer { lock.release() }
/// ```
public final class FolderLock: Sendable {
    /// Why the folder could not be claimed.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// Another process holds it; its pid, when it could be read.
        case inUse(folder: String, pid: Int32?)
        /// The folder or its lock file cannot be created or opened.
        case cannotOpen(folder: String, detail: String)

        public var description: String {
            switch self {
            case .inUse(let folder, let pid):
                "The folder \(folder) is in use by another salvo process (\(pid.map { "pid \($0)" } ?? "pid unknown")); wait for it to end (a run, a report or a publication of that folder), then try again"
            case .cannotOpen(let folder, let detail):
                "Cannot claim the folder \(folder): \(detail)"
            }
        }
    }

    /// The lock file's name inside the folder.
    public static let fileName = "salvo.lock"

    /// The folder claimed.
    public let folder: String
    private let descriptor: Int32

    private init(folder: String, descriptor: Int32) {
        self.folder = folder
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Claims `folder` without waiting: throws ``Failure/inUse(folder:pid:)`` at once when
    /// another process holds it. A missing folder is created when `createFolder` is true, and
    /// refused otherwise (a command that only reads a run's folder must not make one).
    public static func acquire(_ folder: String, createFolder: Bool = true) throws(Failure) -> FolderLock {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard createFolder else { throw .cannotOpen(folder: folder, detail: "there is no such folder; give the output folder of a run") }
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotOpen(folder: folder, detail: error.localizedDescription)
            }
        } else if !isDirectory.boolValue {
            throw .cannotOpen(folder: folder, detail: "it is a file, not a folder")
        }
        let path = (folder as NSString).appendingPathComponent(fileName)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotOpen(folder: folder, detail: "\(path): \(String(cString: strerror(errno)))") }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let failure = errno
            let holder = failure == EWOULDBLOCK ? Self.pid(in: descriptor) : nil
            close(descriptor)
            if failure == EWOULDBLOCK { throw .inUse(folder: folder, pid: holder) }
            throw .cannotOpen(folder: folder, detail: "flock \(path): \(String(cString: strerror(failure)))")
        }
        // Ours now: record who holds it.
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return FolderLock(folder: folder, descriptor: descriptor)
    }

    /// How long a shard waits for the output folder that its shards share (another shard
    /// building every submission, or a merge) before it gives up.
    public static let shardWait = Duration.seconds(6 * 3600)

    /// Claims `folder`, waiting while another process holds it (polling every 200 ms) for at
    /// most `limit`; `waiting` is called once, with the holder's pid, when it has to wait.
    /// Throws ``Failure/inUse(folder:pid:)`` once the limit has passed.
    public static func acquire(_ folder: String, waitingUpTo limit: Duration, waiting: (Int32?) -> Void) async throws(Failure) -> FolderLock {
        let deadline = ContinuousClock.now + limit
        var told = false
        while true {
            do {
                return try acquire(folder)
            } catch .inUse(let folder, let pid) {
                guard ContinuousClock.now < deadline else { throw .inUse(folder: folder, pid: pid) }
                if !told { waiting(pid) }
                told = true
                try? await Task.sleep(for: .milliseconds(200))
            }
        }
    }

    /// Gives the folder up before this value goes away (closing the file releases the lock).
    public func release() {
        _ = flock(descriptor, LOCK_UN)
    }

    /// The pid written in the lock file, if it reads as one.
    private static func pid(in descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
