import Foundation
import Synchronization

#if canImport(Glibc)
#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif
#elseif canImport(Darwin)
import Darwin
#endif

/// A headless Chromium child process with `--remote-debugging-pipe`: it reads DevTools
/// commands from its fd 3 and writes replies and events to its fd 4. It runs in its own
/// process group (so its renderers and helpers die with it) with a temporary profile that
/// ``terminate()`` removes.
final class ChromiumProcess: Sendable {
    /// The browser's process id, also its process group id.
    let pid: pid_t
    /// Our end of the browser's fd 3: commands go here.
    let commandDescriptor: Int32
    /// Our end of the browser's fd 4: replies and events come from here.
    let replyDescriptor: Int32
    /// The folder holding the profile and the browser's log; removed by ``terminate()``.
    let temporaryDirectory: URL
    private let reaped = Mutex(false)

    /// The flags every launch uses. `--no-sandbox` because tests may run as root, where
    /// Chromium's sandbox refuses to start; the page under test is our own file.
    static func arguments(profile: String) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
            "--disable-dev-shm-usage", "--disable-extensions", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--mute-audio",
            "--user-data-dir=\(profile)", "--remote-debugging-pipe", "about:blank",
        ]
    }

    /// Starts `executable`; throws if it is missing or cannot be spawned.
    init(executable: String) throws(BrowserError) {
        guard FileManager.default.isExecutableFile(atPath: executable) else { throw .chromiumMissing(path: executable) }
        // A child that dies must not kill the test process with SIGPIPE when we write to it.
        signal(SIGPIPE, SIG_IGN)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-chromium-\(UUID().uuidString)")
        let profile = directory.appendingPathComponent("profile")
        do {
            try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        } catch {
            throw .launchFailed("cannot create \(profile.path): \(error.localizedDescription)")
        }
        let commands: (read: Int32, write: Int32)
        let replies: (read: Int32, write: Int32)
        do {
            commands = try Self.makePipe()
            replies = try Self.makePipe()
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let log = directory.appendingPathComponent("chromium.log").path
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Our descriptors are all 10 or above and close-on-exec; dup2 onto 3 and 4 clears
        // that flag on the copies, so the browser gets exactly these two.
        posix_spawn_file_actions_adddup2(&actions, commands.read, 3)
        posix_spawn_file_actions_adddup2(&actions, replies.write, 4)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noMask = sigset_t()
        sigemptyset(&noMask)
        posix_spawnattr_setsigmask(&attributes, &noMask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = [executable] + Self.arguments(profile: profile.path)
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, &cArguments, environ)
        close(commands.read)
        close(replies.write)
        guard status == 0 else {
            close(commands.write)
            close(replies.read)
            try? FileManager.default.removeItem(at: directory)
            throw .launchFailed("posix_spawn \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        commandDescriptor = commands.write
        replyDescriptor = replies.read
        temporaryDirectory = directory
    }

    deinit {
        terminate()
        close(commandDescriptor)
    }

    /// A pipe whose two ends are close-on-exec and numbered 10 or above, so that no other
    /// child inherits them and dup2 onto 3 or 4 never meets an end already there (dup2 of a
    /// descriptor onto itself would leave it close-on-exec). Glibc's `pipe2` is not visible
    /// to Swift, so the first ends exist for an instant without close-on-exec; a process
    /// spawned by another thread in that instant would only delay our end-of-file, and every
    /// wait has a deadline anyway.
    private static func makePipe() throws(BrowserError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .launchFailed("pipe: \(String(cString: strerror(errno)))") }
        let high = ends.map { fcntl($0, F_DUPFD_CLOEXEC, 10) }
        for end in ends { close(end) }
        guard high.allSatisfy({ $0 >= 10 }) else {
            for end in high where end >= 0 { close(end) }
            throw .launchFailed("fcntl(F_DUPFD_CLOEXEC): \(String(cString: strerror(errno)))")
        }
        return (high[0], high[1])
    }

    /// Writes all of `bytes` to the browser's fd 3; false when it no longer reads.
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Foundation.write(commandDescriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Whether the browser has exited. It is not reaped here: until ``terminate()`` reaps it,
    /// its pid (and so its process group id) cannot be reused by anyone else.
    var hasExited: Bool {
        reaped.withLock { reaped in
            if reaped { return true }
            var info = siginfo_t()
            return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_signo == SIGCHLD
        }
    }

    /// Kills the browser's whole process group with SIGKILL, reaps the browser and removes
    /// the temporary profile. Safe to call more than once. The group is signalled only
    /// before the leader is reaped, so the id still names our group and nobody else's.
    func terminate() {
        reaped.withLock { reaped in
            guard !reaped else { return }
            Foundation.kill(-pid, SIGKILL)
            Foundation.kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped = true
        }
        try? FileManager.default.removeItem(at: temporaryDirectory)
    }

    /// The last `limit` characters of the browser's stderr, for error messages.
    func logTail(limit: Int = 1_500) -> String {
        let path = temporaryDirectory.appendingPathComponent("chromium.log").path
        guard let data = FileManager.default.contents(atPath: path) else { return "(no log)" }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "(empty log)" : String(text.suffix(limit))
    }
}
