import CProcess

#if canImport(Glibc)
import Glibc
import Processes
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
            close(toChild[0])
            close(toChild[1])
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
        // onto 0, 1 and 2 (and the status pipe onto its slot), and every other descriptor is
        // closed in the child.
        var placed: [(from: Int32, to: Int32)] = [(toChild[0], 0), (fromChild[1], 1), (errorsFromChild[1], 2)]
        if let slot = plan.statusDescriptor { placed.append((statusFromChild[1], slot)) }
        var cArguments: [UnsafeMutablePointer<CChar>?] = plan.arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        let cEnvironment: [UnsafeMutablePointer<CChar>?]? = plan.environment.map { $0.map { strdup($0) } + [nil] }
        defer { for pointer in cEnvironment ?? [] { free(pointer) } }
        var child: pid_t = 0
        let status: Int32
        var failedStep = ""
        if let setup = plan.childSetup {
            (status, failedStep) = ProcessSpawner.spawnPrepared(
                plan.executable, &cArguments, cEnvironment, placed: placed, setup: setup, child: &child)
        } else {
            status = ProcessSpawner.posixSpawn(
                plan.executable, &cArguments, cEnvironment, placed: placed, statusSlot: plan.statusDescriptor, child: &child)
        }
        close(toChild[0])
        close(fromChild[1])
        close(errorsFromChild[1])
        if statusFromChild[1] >= 0 { close(statusFromChild[1]) }
        guard status == 0 else {
            close(toChild[1])
            close(fromChild[0])
            close(errorsFromChild[0])
            if statusFromChild[0] >= 0 { close(statusFromChild[0]) }
            guard !failedStep.isEmpty else { return .failure(.launchFailed("posix_spawn: \(String(cString: strerror(status)))")) }
            // A step of the runner's own set-up (a cgroup to join, a host user to take) failed
            // before the bot's program ran: the host's fault, never the bot's, as bwrap's own
            // failures are.
            return .failure(.sandboxFailed("its start (\(failedStep)): \(String(cString: strerror(status)))"))
        }
        return .success(Spawned(pid: child, input: toChild[1], output: fromChild[0], errors: errorsFromChild[0], status: statusFromChild[0]))
    }
}
