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
            (status, failedStep) = spawnPrepared(plan.executable, &cArguments, cEnvironment, placed: placed, setup: setup, child: &child)
        } else {
            status = posixSpawn(plan.executable, &cArguments, cEnvironment, placed: placed, statusSlot: plan.statusDescriptor, child: &child)
        }
        close(toChild[0])
        close(fromChild[1])
        close(errorsFromChild[1])
        if statusFromChild[1] >= 0 { close(statusFromChild[1]) }
        guard status == 0 else {
            close(toChild[1]); close(fromChild[0]); close(errorsFromChild[0])
            if statusFromChild[0] >= 0 { close(statusFromChild[0]) }
            guard !failedStep.isEmpty else { return .failure(.launchFailed("posix_spawn: \(String(cString: strerror(status)))")) }
            // A step of the runner's own set-up (a cgroup to join, a host user to take) failed
            // before the bot's program ran: the host's fault, never the bot's, as bwrap's own
            // failures are.
            return .failure(.sandboxFailed("its start (\(failedStep)): \(String(cString: strerror(status)))"))
        }
        return .success(Spawned(pid: child, input: toChild[1], output: fromChild[0], errors: errorsFromChild[0], status: statusFromChild[0]))
    }

    /// Spawns with `posix_spawn`: the placed descriptors on their slots, every slot between 2
    /// and the status pipe's /dev/null (the launching shell opens what it needs there).
    private static func posixSpawn(
        _ executable: String, _ arguments: inout [UnsafeMutablePointer<CChar>?], _ environment: [UnsafeMutablePointer<CChar>?]?,
        placed: [(from: Int32, to: Int32)], statusSlot: Int32?, child: inout pid_t
    ) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (from, to) in placed { posix_spawn_file_actions_adddup2(&actions, from, to) }
        if let slot = statusSlot {
            for low in 3..<slot { posix_spawn_file_actions_addopen(&actions, low, "/dev/null", O_RDONLY, 0) }
            salvo_spawn_closefrom(&actions, slot + 1)
        } else {
            salvo_spawn_closefrom(&actions, 3)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        salvo_spawnattr_own_group(&attributes)
        if var environment {
            return posix_spawn(&child, executable, &actions, &attributes, &arguments, &environment)
        }
        return posix_spawn(&child, executable, &actions, &attributes, &arguments, environ)
    }

    /// Spawns with ``ChildSetup``'s steps done in the child (`salvo_spawn_prepared`): the
    /// placed descriptors and the reopened ones on their slots, /dev/null on any slot left
    /// between, nothing above. The status, and the step that failed ("" when none). Without an
    /// environment of its own the child gets the runner's (`environ`, read in the child).
    private static func spawnPrepared(
        _ executable: String, _ arguments: inout [UnsafeMutablePointer<CChar>?], _ environment: [UnsafeMutablePointer<CChar>?]?,
        placed: [(from: Int32, to: Int32)], setup: ChildSetup, child: inout pid_t
    ) -> (Int32, String) {
        let arrays = CArrays()
        let dupTo = placed.map(\.to)
        let openTo = setup.reopened.map(\.slot)
        var cSetup = salvo_child_setup(
            dup_from: arrays.copy(placed.map(\.from)), dup_to: arrays.copy(dupTo), dup_count: Int32(placed.count),
            open_path: arrays.strings(setup.reopened.map { "/proc/\(getpid())/fd/\($0.descriptor)" }), open_to: arrays.copy(openTo),
            open_count: Int32(openTo.count),
            close_from: (dupTo + openTo).max().map { $0 + 1 } ?? 3,
            cgroup_procs: arrays.strings(setup.cgroupProcs), cgroup_count: Int32(setup.cgroupProcs.count),
            limit_resource: arrays.copy(setup.limits.map(\.resource.number)), limit_value: arrays.copy(setup.limits.map { CUnsignedLongLong($0.value) }),
            limit_count: Int32(setup.limits.count),
            uid: setup.uid.map { Int64($0) } ?? -1
        )
        var step: UnsafePointer<CChar>?
        let status = withExtendedLifetime(arrays) {
            guard var environment else { return salvo_spawn_prepared(&child, executable, &arguments, nil, &cSetup, &step) }
            return salvo_spawn_prepared(&child, executable, &arguments, &environment, &cSetup, &step)
        }
        return (status, step.map { String(cString: $0) } ?? "")
    }
}

/// The C arrays of one prepared spawn (``ChildProcess``'s `salvo_child_setup`), copied from
/// Swift arrays and freed together when it goes: one owner instead of a closure per array.
private final class CArrays {
    private var blocks: [UnsafeMutableRawPointer] = []

    /// A C copy of `values`; nil when there are none (the C side reads only `count` entries).
    func copy<Element: BitwiseCopyable>(_ values: [Element]) -> UnsafePointer<Element>? {
        guard !values.isEmpty else { return nil }
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: values.count)
        _ = buffer.initialize(from: values)
        guard let base = buffer.baseAddress else { return nil }
        blocks.append(UnsafeMutableRawPointer(base))
        return UnsafePointer(base)
    }

    /// NUL-terminated C copies of `strings`, in a C array of their addresses.
    func strings(_ strings: [String]) -> UnsafePointer<UnsafePointer<CChar>?>? {
        let copies: [UnsafePointer<CChar>?] = strings.map { string in
            guard let copy = strdup(string) else { return nil }
            blocks.append(UnsafeMutableRawPointer(copy))
            return UnsafePointer(copy)
        }
        return copy(copies)
    }

    deinit {
        for block in blocks { free(block) }
    }
}
