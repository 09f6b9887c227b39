import Bots
import Foundation
import Processes
import Synchronization

/// Memory and process-count limits through the kernel's control groups, where this process
/// may make them: cgroup v1's `memory` and `pids` hierarchies (as on these machines), or a
/// cgroup v2 tree with both controllers. The group also counts the CPU time of every process
/// the bot ever started (v1's `cpuacct`, where it can be used; v2's `cpu.stat`), and the
/// kills of its memory cap (``Bots/CgroupAccounting``), and gets a CPU share and quota of its own
/// where the `cpu` controller can be used (``cpuQuota``; v1's `cpu` hierarchy, v2's `cpu.max`): a bot that spins many
/// processes takes one process's share of the machine, not one per process, and at most one
/// CPU. Its `cpu` group (on v2, its one group) sits at the hierarchy's top, beside the runner's own processes, each
/// weighing as much as a bot: under a common parent, all bots together would weigh as one.
/// Elsewhere there is no cgroup, and the launcher falls back to an address-space rlimit for memory (a process-count rlimit would count every
/// process of the user, so there is none; the PID namespace still ends all of a bot's
/// processes with it).
///
/// Each bot process gets a group of its own, made before it starts and removed after it ends.
/// The processes of one bot entry over a run (``BotGroup``) have their memory groups inside one
/// parent group of the bot's (``makeParent(memoryBytes:)``), which holds the memory cap: the
/// kernel counts memory up the hierarchy, so the cap is the bot's total over all its
/// processes, while each process's own group still tells which process the out-of-memory
/// killer ended. Its CPU time and its cap on processes stay each process's own.
final class Cgroups: Sendable {
    /// Which hierarchy is used.
    enum Layout: Hashable, Sendable {
        /// Separate `memory` and `pids` hierarchies under these roots (ours made inside),
        /// `cpuacct` where it can be used, and the root of `cpu` where it can be used (ours
        /// made at its top, as `salvo-bot-PID-N`).
        case v1(memory: String, pids: String, cpuacct: String?, cpu: String?)
        /// One unified hierarchy: each bot's group is `root/prefix` + its name, with `memory`
        /// and `pids`, and `cpu` where `cpu` is true (a weight and a quota of its own). At the
        /// top of the hierarchy (`salvo-bot-PID-N`) where the controllers can be enabled
        /// there, beside the machine's other top-level groups, as v1's `cpu` groups; otherwise
        /// under `salvo/` (`bot-PID-N`), without a CPU share of its own.
        case v2(root: String, prefix: String, cpu: Bool)
    }

    /// Each bot's CPU quota, as (quota, period) in microseconds: one CPU. An honest bot thinks
    /// in one thread; the move deadline counts CPU time, so the quota never shortens it.
    static let cpuQuota = (quota: 100_000, period: 100_000)

    let layout: Layout
    private let counter = Atomic<Int>(0)

    private init(layout: Layout) {
        self.layout = layout
    }

    /// The cgroups this process can use, found once; nil when it can use none.
    static let available: Cgroups? = find()

    /// A new group: its folders, the shell commands that move the calling shell into it, and
    /// what it counts; nil when it cannot be made.
    struct Group {
        let folders: [String]
        let join: String
        let accounting: CgroupAccounting

        /// The files a process writes itself into to join the group (``join`` for a shell).
        var procsFiles: [String] {
            folders.map { $0 + "/cgroup.procs" }
        }
    }

    /// One bot's parent group for a run: the folder that holds the memory cap for all its
    /// processes together, each process's group made inside (``makeGroup(memoryBytes:processes:in:)``).
    struct Parent: Sendable {
        /// v1: the `memory` folder; v2: the one folder.
        let folders: [String]
        /// The memory cap it holds, for the report of an out-of-memory kill.
        let memoryBytes: Int?
        /// v2 with a CPU share per bot: the parent's `cpu.weight`, which grows with the bot's
        /// processes (``setWeight(of:processes:)``); nil otherwise.
        let weightFile: String?
    }

    /// A name of this runner's that no other group has: `bot-PID-N`.
    private func nextName() -> String {
        "bot-\(getpid())-\(counter.wrappingAdd(1, ordering: .relaxed).newValue)"
    }

    /// Makes each of `groups` (a folder and its settings) in turn, and returns their folders;
    /// nil, with what was made removed again, when one cannot be made or set.
    private static func make(_ groups: [(folder: String, settings: [(String, String)])]) -> [String]? {
        var folders: [String] = []
        for (folder, settings) in groups {
            guard mkdir(folder, 0o755) == 0 else {
                remove(folders)
                return nil
            }
            folders.append(folder)
            guard settings.allSatisfy({ CgroupFile.write($1, to: folder + "/" + $0) }) else {
                remove(folders)
                return nil
            }
        }
        return folders
    }

    /// A bot's parent group, capped at `memoryBytes` (nil: no cap) for all the processes that
    /// will be made inside it; nil when it cannot be made (then each process gets a group of
    /// its own with the whole cap, as without a bot). The cap on processes stays each
    /// process's (docs/sandbox.md: a total made the Java example forfeit at concurrency 8).
    func makeParent(memoryBytes: Int?) -> Parent? {
        let name = nextName()
        let memoryMax = memoryBytes.map(String.init) ?? "max"
        switch layout {
        case .v1(let memory, _, _, _):
            // v1 counts a child's memory in its parent only with `memory.use_hierarchy` (always on
            // in kernels since 5.17; set where it can still be off).
            guard let folders = Self.make([(memory + "/" + name, memoryBytes.map { [("memory.limit_in_bytes", String($0))] } ?? [])]) else {
                return nil
            }
            let hierarchy = folders[0] + "/memory.use_hierarchy"
            if CgroupFile.firstLine(of: hierarchy) != "1" { CgroupFile.write("1", to: hierarchy) }
            guard CgroupFile.firstLine(of: hierarchy) == "1" else {
                Self.remove(folders)
                return nil
            }
            return Parent(folders: folders, memoryBytes: memoryBytes, weightFile: nil)
        case .v2(let root, let prefix, let cpu):
            let folder = root + "/" + prefix + name
            guard
                let folders = Self.make([
                    (folder, [("memory.max", memoryMax), ("cgroup.subtree_control", cpu ? "+memory +pids +cpu" : "+memory +pids")])
                ])
            else { return nil }
            return Parent(folders: folders, memoryBytes: memoryBytes, weightFile: cpu ? folder + "/cpu.weight" : nil)
        }
    }

    /// Gives a bot's parent (v2) the CPU weight of `processes` processes, so that its processes
    /// together weigh as much beside the machine's other groups as each would in a group at
    /// the top (v1's `cpu` groups, and v2's without a bot).
    func setWeight(of parent: Parent, processes: Int) {
        guard let weightFile = parent.weightFile else { return }
        CgroupFile.write(String(min(10_000, max(1, 100 * processes))), to: weightFile)
    }

    /// A new group for one process, limited to `memoryBytes` and `processes` (nil: no limit);
    /// inside `parent`, its memory is counted and capped in the parent, for all the bot's
    /// processes together. nil when it cannot be made.
    func makeGroup(memoryBytes: Int?, processes: Int?, in parent: Parent? = nil) -> Group? {
        let name = nextName()
        let quota = [("cpu.cfs_period_us", String(Self.cpuQuota.period)), ("cpu.cfs_quota_us", String(Self.cpuQuota.quota))]
        let folders: [String]?
        let accounting: CgroupAccounting
        let memoryCap = parent.map(\.memoryBytes) ?? memoryBytes
        switch layout {
        case .v1(let memory, let pids, let cpuacct, let cpu):
            // Inside a parent: no memory cap of its own (the parent's is the whole bot's).
            let memoryGroup = (parent.map { $0.folders[0] } ?? memory) + "/" + name
            var groups: [(folder: String, settings: [(String, String)])] = [
                (memoryGroup, parent == nil ? memoryBytes.map { [("memory.limit_in_bytes", String($0))] } ?? [] : []),
                (pids + "/" + name, [("pids.max", processes.map(String.init) ?? "max")]),
            ]
            if let cpuacct { groups.append((cpuacct + "/" + name, [])) }
            if let cpu { groups.append((cpu + "/salvo-" + name, quota)) }
            folders = Self.make(groups)
            accounting = CgroupAccounting(
                cpuFile: cpuacct.map { $0 + "/" + name + "/cpuacct.usage" }, memoryEventsFile: memoryGroup + "/memory.oom_control",
                memoryCapBytes: memoryCap)
        case .v2(let root, let prefix, let cpu):
            let group = parent.map { $0.folders[0] + "/" + name } ?? root + "/" + prefix + name
            var settings = parent == nil ? [("memory.max", memoryBytes.map(String.init) ?? "max")] : []
            settings.append(("pids.max", processes.map(String.init) ?? "max"))
            if cpu { settings.append(("cpu.max", "\(Self.cpuQuota.quota) \(Self.cpuQuota.period)")) }
            folders = Self.make([(group, settings)])
            accounting = CgroupAccounting(cpuFile: group + "/cpu.stat", memoryEventsFile: group + "/memory.events", memoryCapBytes: memoryCap)
        }
        guard let folders else { return nil }
        let join = folders.map { "echo $$ > '\($0)/cgroup.procs' || exit 126; " }.joined()
        return Group(folders: folders, join: join, accounting: accounting)
    }

    /// Removes groups whose processes have all ended.
    static func remove(_ folders: [String]) {
        for folder in folders.reversed() { rmdir(folder) }
    }

    /// Removes the groups that runs killed before they could clean up left behind
    /// (`bot-PID-N` where no process PID lives), a bot's parent after the groups of its
    /// processes inside, and first kills the processes still in them: a runner killed with
    /// SIGKILL leaves a sandboxed bot behind when bwrap's parent-death signal was cleared by
    /// its change of user (the kernel clears it on a credential change), and the next run,
    /// or the arena started again, ends it here.
    static func sweep(_ folder: String, prefix: String = "bot-") {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            let parts = name.dropFirst(prefix.count).split(separator: "-")
            guard parts.count == 2, let pid = Int32(parts[0]), pid != getpid(), kill(pid, 0) != 0 else { continue }
            let group = folder + "/" + name
            let inner = ((try? FileManager.default.contentsOfDirectory(atPath: group)) ?? []).filter { $0.hasPrefix("bot-") }.map { group + "/" + $0 }
            let groups = inner + [group]
            killProcesses(in: groups)
            for member in groups { removeWhenEmpty(member) }
        }
    }

    /// Sends SIGKILL to every process in `groups` (their `cgroup.procs`).
    static func killProcesses(in groups: [String]) {
        for group in groups {
            for line in ((try? String(contentsOfFile: group + "/cgroup.procs", encoding: .utf8)) ?? "").split(separator: "\n") {
                if let process = Int32(line), process > 1 { kill(process, SIGKILL) }
            }
        }
    }

    /// Removes `group` once its killed processes have left it (they take a moment to exit),
    /// trying for at most half a second.
    private static func removeWhenEmpty(_ group: String) {
        for _ in 0..<50 {
            if rmdir(group) == 0 || errno == ENOENT { return }
            usleep(10_000)
        }
    }

    private static func find() -> Cgroups? {
        let base = "/sys/fs/cgroup"
        let memory = base + "/memory"
        let pids = base + "/pids"
        if access(memory, W_OK) == 0, access(pids, W_OK) == 0, FileManager.default.fileExists(atPath: memory + "/memory.limit_in_bytes") {
            let ours = ["\(memory)/salvo", "\(pids)/salvo"]
            for folder in ours { mkdir(folder, 0o755) }
            if ours.allSatisfy({ access($0, W_OK) == 0 }) {
                ours.forEach { sweep($0) }
                // CPU time per bot where the cpuacct hierarchy is there and ours to use.
                let cpuacct = usable(base + "/cpuacct/salvo", file: "cpuacct.usage")
                // A CPU share and quota per bot where the cpu hierarchy is.
                let cpu = usable(base + "/cpu", file: "cpu.cfs_quota_us", prefix: "salvo-bot-")
                return Cgroups(layout: .v1(memory: ours[0], pids: ours[1], cpuacct: cpuacct, cpu: cpu))
            }
        }
        let controllers = CgroupFile.read(base + "/cgroup.controllers") ?? ""
        let names = Set(controllers.split(whereSeparator: \.isWhitespace).map(String.init))
        if names.isSuperset(of: ["memory", "pids"]), access(base, W_OK) == 0 {
            // At the top, with a CPU share and quota per bot where the root lets its children
            // have the cpu controller (it may not: real-time processes in other groups).
            let cpu = names.contains("cpu") && CgroupFile.write("+memory +pids +cpu", to: base + "/cgroup.subtree_control")
            if cpu || CgroupFile.write("+memory +pids", to: base + "/cgroup.subtree_control") {
                sweep(base, prefix: "salvo-bot-")
                return Cgroups(layout: .v2(root: base, prefix: "salvo-", cpu: cpu))
            }
            let ours = base + "/salvo"
            mkdir(ours, 0o755)
            if CgroupFile.write("+memory +pids", to: ours + "/cgroup.subtree_control") {
                sweep(ours)
                return Cgroups(layout: .v2(root: ours, prefix: "", cpu: false))
            }
        }
        return nil
    }

    /// Whether each bot gets a CPU share and quota of its own.
    var cpuSharePerBot: Bool {
        switch layout {
        case .v1(_, _, _, let cpu): cpu != nil
        case .v2(_, _, let cpu): cpu
        }
    }

    /// `folder`, made if need be and swept of the groups named `prefix`PID-N of ended runs,
    /// when it is ours to use and holds `file`; nil otherwise.
    private static func usable(_ folder: String, file: String, prefix: String = "bot-") -> String? {
        mkdir(folder, 0o755)
        guard access(folder, W_OK) == 0, FileManager.default.fileExists(atPath: folder + "/" + file) else { return nil }
        sweep(folder, prefix: prefix)
        return folder
    }
}
