import CProcess
#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

extension ChildProcess {
    /// A process just spawned, and the runner's ends of its pipes (still blocking).
    struct Spawned: Sendable {
        let pid: pid_t
        /// The write end of its stdin.
        let input: Int32
        /// The read end of its stdout.
        let output: Int32
        /// The read end of its stderr.
        let errors: Int32
        /// The read end of the status pipe (``LaunchPlan/statusDescriptor``), -1 without one.
        let status: Int32
    }

    /// Makes the pipes and spawns `plan` in a new process group. Run on ``SpawnThread``: a
    /// sandbox dies with the thread that started it, and that thread outlives every bot.
    static func spawn(_ plan: LaunchPlan) -> Result<Spawned, BotFault> {
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        var errorsFromChild: [Int32] = [-1, -1]
        guard salvo_pipe_cloexec(&toChild) == 0 else { return .failure(.launchFailed("pipe: errno \(errno)")) }
        guard salvo_pipe_cloexec(&fromChild) == 0 else {
            close(toChild[0]); close(toChild[1])
            return .failure(.launchFailed("pipe: errno \(errno)"))
        }
        guard salvo_pipe_cloexec(&errorsFromChild) == 0 else {
            for descriptor in toChild + fromChild { close(descriptor) }
            return .failure(.launchFailed("pipe: errno \(errno)"))
        }
        var statusFromChild: [Int32] = [-1, -1]
        if plan.statusDescriptor != nil, salvo_pipe_cloexec(&statusFromChild) != 0 {
            for descriptor in toChild + fromChild + errorsFromChild { close(descriptor) }
            return .failure(.launchFailed("pipe: errno \(errno)"))
        }
        // Our ends never leak into other children (close-on-exec); the bot's ends are dup2'ed
        // onto 0, 1 and 2, and every other descriptor is closed in the child.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorsFromChild[1], 2)
        if let slot = plan.statusDescriptor {
            // The status pipe on its descriptor, everything between it and 2 /dev/null (the
            // launching shell opens what it needs there), and nothing above it.
            posix_spawn_file_actions_adddup2(&actions, statusFromChild[1], slot)
            for low in 3..<slot { posix_spawn_file_actions_addopen(&actions, low, "/dev/null", O_RDONLY, 0) }
            salvo_spawn_closefrom(&actions, slot + 1)
        } else {
            salvo_spawn_closefrom(&actions, 3)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        salvo_spawnattr_own_group(&attributes)

        var cArguments: [UnsafeMutablePointer<CChar>?] = plan.arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        let cEnvironment: [UnsafeMutablePointer<CChar>?]? = plan.environment.map { $0.map { strdup($0) } + [nil] }
        defer { for pointer in cEnvironment ?? [] { free(pointer) } }
        var child: pid_t = 0
        let status: Int32
        if var environment = cEnvironment {
            status = posix_spawn(&child, plan.executable, &actions, &attributes, &cArguments, &environment)
        } else {
            status = posix_spawn(&child, plan.executable, &actions, &attributes, &cArguments, environ)
        }
        close(toChild[0])
        close(fromChild[1])
        close(errorsFromChild[1])
        if statusFromChild[1] >= 0 { close(statusFromChild[1]) }
        guard status == 0 else {
            close(toChild[1]); close(fromChild[0]); close(errorsFromChild[0])
            if statusFromChild[0] >= 0 { close(statusFromChild[0]) }
            return .failure(.launchFailed("posix_spawn: \(String(cString: strerror(status)))"))
        }
        return .success(Spawned(pid: child, input: toChild[1], output: fromChild[0], errors: errorsFromChild[0], status: statusFromChild[0]))
    }
}
