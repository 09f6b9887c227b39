import CProcess

#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// The two ways Salvo starts a child, on C arrays made from Swift ones: `posix_spawn` with
/// descriptors placed on their slots, and `salvo_spawn_prepared`, which does ``ChildSetup``'s
/// steps in the child before its `exec`. Both start it in a process group of its own. Callers
/// make the pipes and own the descriptors; run them on ``SpawnThread``.
package enum ProcessSpawner {
    /// Spawns with `posix_spawn`: the placed descriptors on their slots, every slot between 2
    /// and the status pipe's /dev/null (the launching shell opens what it needs there).
    package static func posixSpawn(
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
    package static func spawnPrepared(
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
            limit_resource: arrays.copy(setup.limits.map(\.resource.number)),
            limit_value: arrays.copy(setup.limits.map { CUnsignedLongLong($0.value) }),
            limit_count: Int32(setup.limits.count),
            uid: setup.uid.map { Int64($0) } ?? -1, group: setup.group.map { Int64($0) } ?? -1
        )
        var step: UnsafePointer<CChar>?
        let status = withExtendedLifetime(arrays) {
            guard var environment else { return salvo_spawn_prepared(&child, executable, &arguments, nil, &cSetup, &step) }
            return salvo_spawn_prepared(&child, executable, &arguments, &environment, &cSetup, &step)
        }
        return (status, step.map { String(cString: $0) } ?? "")
    }
}

/// The C arrays of one prepared spawn (`salvo_child_setup`), copied from
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
