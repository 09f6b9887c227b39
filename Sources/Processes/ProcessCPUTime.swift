import Foundation

/// The CPU time (user and system) of a process and every live process below it, read from
/// `/proc`: for a sandboxed bot, bubblewrap's whole tree, the bot and its threads and children
/// included. What ended children used is not counted (the kernel adds it to their parent only
/// once reaped), so this is a lower bound; it is enough to tell a bot that thinks from a bot
/// that a busy machine keeps waiting.
package enum ProcessCPUTime {
    /// Nanoseconds of CPU used by `pid` and its descendants; nil when `pid` is gone.
    package static func tree(of pid: Int32) -> UInt64? {
        members(of: pid).flatMap(sum)
    }

    /// `pid` and its live descendants; nil when `pid` is gone.
    package static func members(of pid: Int32) -> [Int32]? {
        guard own(pid) != nil else { return nil }
        var found = [pid]
        var pending = children(of: pid)
        var seen: Set<Int32> = [pid]
        while let next = pending.popLast(), seen.insert(next).inserted {
            found.append(next)
            pending += children(of: next)
        }
        return found
    }

    /// Nanoseconds of CPU used by `pids` (those still alive); nil when the first is gone. One
    /// system call per process: cheap enough for every move, where walking the tree is not.
    package static func sum(_ pids: [Int32]) -> UInt64? {
        guard let first = pids.first, var total = own(first) else { return nil }
        for pid in pids.dropFirst() { total += own(pid) ?? 0 }
        return total
    }

    /// The CPU time of one process (all its threads, user and system: `utime + stime` of
    /// `/proc/PID/stat`), in nanoseconds, read from its CPU-time clock: one system call, where
    /// reading and parsing `/proc/PID/stat` cost the runner a sixth of its time in a tournament
    /// of sandboxed Python bots (BENCHMARKS.md).
    private static func own(_ pid: Int32) -> UInt64? {
        var clock = clockid_t()
        var time = timespec()
        guard clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &time) == 0 else { return nil }
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The children of every thread of `pid`.
    private static func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task -> [Int32] in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { Int32($0) }
        }
    }
}
