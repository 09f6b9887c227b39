import Foundation

/// The CPU time (user and system) of a process and every live process below it, read from
/// `/proc`: for a sandboxed bot, bubblewrap's whole tree, the bot and its threads and children
/// included. What ended children used is not counted (the kernel adds it to their parent only
/// once reaped), so this is a lower bound; it is enough to tell a bot that thinks from a bot
/// that a busy machine keeps waiting.
enum ProcessCPUTime {
    /// Clock ticks per second of `/proc/PID/stat`'s times.
    private static let ticksPerSecond = UInt64(max(1, sysconf(Int32(_SC_CLK_TCK))))

    /// Nanoseconds of CPU used by `pid` and its descendants; nil when `pid` is gone.
    static func tree(of pid: Int32) -> UInt64? {
        members(of: pid).flatMap(sum)
    }

    /// `pid` and its live descendants; nil when `pid` is gone.
    static func members(of pid: Int32) -> [Int32]? {
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
    /// read per process: cheap enough for every move, where walking the tree is not.
    static func sum(_ pids: [Int32]) -> UInt64? {
        guard let first = pids.first, var total = own(first) else { return nil }
        for pid in pids.dropFirst() { total += own(pid) ?? 0 }
        return total
    }

    /// `utime + stime` of one process, in nanoseconds.
    private static func own(_ pid: Int32) -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After the command's ")": state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = UInt64(fields[11]), let system = UInt64(fields[12]) else { return nil }
        return (user + system) * 1_000_000_000 / ticksPerSecond
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
