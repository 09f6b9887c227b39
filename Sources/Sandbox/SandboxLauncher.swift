import Bots
import Foundation
import Processes

/// The launcher of tournaments, benches and compliance checks: a bot whose spec has its
/// sandbox enabled (the default) starts in bubblewrap (``BubblewrapArguments``), under its
/// ``Bots/ResourceLimits`` (a cgroup for memory and processes where one can be made, rlimits
/// for the rest); a bot with `sandbox: none` starts as a plain child (``Bots/DirectLauncher``).
///
/// ```swift
/// let launcher = try SandboxLauncher.make().get()   // fails closed where bwrap cannot run
/// var bot = ExternalBot(spec, seed: 7, launcher: launcher)
/// ```
public struct SandboxLauncher: BotLauncher {
    /// The `bwrap` to run, or nil when no bot may be sandboxed here (then a sandboxed bot
    /// cannot start: it forfeits with the reason).
    let bubblewrap: Result<String, SandboxUnavailable>
    let cgroups: Cgroups?
    /// The system-call filter every sandboxed process gets, or why there is none (then no bot
    /// may be sandboxed, as without bwrap).
    let seccomp: Result<SeccompFilter, SandboxUnavailable>
    /// The host users of a root runner, one per sandbox in flight; nil when there are none.
    let hostUsers: HostUsers?
    /// The caps shared by all the processes of one bot entry (``forOneBot()``); nil for a
    /// launcher of no one bot, whose every process has the whole caps.
    private(set) var botGroup: BotGroup?

    /// A launcher for this machine.
    public init() {
        bubblewrap = BubblewrapProbe.check()
        cgroups = Cgroups.available
        seccomp = SeccompFilter.shared
        hostUsers = HostUsers.available
    }

    /// A launcher for this machine, or why sandboxed bots cannot run here (for commands that
    /// refuse to start rather than let every game forfeit).
    public static func make() -> Result<SandboxLauncher, SandboxUnavailable> {
        let launcher = SandboxLauncher()
        return launcher.bubblewrap.flatMap { _ in launcher.seccomp }.map { _ in launcher }
    }

    /// A launcher for the processes of one bot entry, whose memory and process caps are the
    /// bot's total over all of them (``BotGroup``), where cgroups can be made.
    public func forOneBot() -> any BotLauncher {
        var launcher = self
        launcher.botGroup = cgroups.map(BotGroup.init)
        return launcher
    }

    /// The path of bwrap and the filter, or why a sandboxed process cannot start.
    func sandboxParts() throws(BotFault) -> (bwrap: String, filter: SeccompFilter) {
        switch (bubblewrap, seccomp) {
        case (.success(let path), .success(let filter)): return (path, filter)
        case (.failure(let unavailable), _), (_, .failure(let unavailable)): throw .launchFailed(unavailable.description)
        }
    }

    /// How memory and processes are capped here, for reports: `cgroup v1`, `cgroup v2` or
    /// `rlimit`.
    public var limitMechanism: String {
        switch cgroups?.layout {
        case .v1: "cgroup v1"
        case .v2: "cgroup v2"
        case nil: "rlimit"
        }
    }

    /// What this machine's fallbacks cannot enforce, a line each for the run's output
    /// (``cgroupWarning``, ``hostUserWarning``); nil where nothing falls back (docs/sandbox.md).
    public var fallbackWarning: String? {
        let lines = [cgroupWarning, hostUserWarning].compactMap { $0 }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// What this machine's fallbacks cannot enforce (``fallbackWarning``'s lines without their
    /// `salvo: `), for the run's journal and report.
    public var unenforced: [String] {
        [cgroupWarning, hostUserWarning].compactMap { line in
            line.map { $0.hasPrefix("salvo: ") ? String($0.dropFirst("salvo: ".count)) : $0 }
        }
    }

    /// Whether each bot gets a CPU share and quota of its own (docs/sandbox.md).
    public var cpuSharePerBot: Bool {
        cgroups?.cpuSharePerBot ?? false
    }

    /// What this machine's cgroup fallback cannot enforce, in a line; nil where cgroups cap
    /// memory and processes per bot and count its CPU time.
    public var cgroupWarning: String? {
        switch cgroups?.layout {
        case .v2(_, _, false), .v1(_, _, .some, nil):
            "salvo: no CPU share per bot can be given here (no usable cgroup cpu controller): a bot that spins many processes competes process by process with the others"
        case .v2, .v1(_, _, .some, _): nil
        case .v1(_, _, nil, _):
            "salvo: no cgroup v1 cpuacct hierarchy can be used here: the move deadline and the per-game CPU cap count only a bot's live processes, not CPU spent in children that have exited"
        case nil:
            "salvo: no cgroups can be made here (rlimits instead): memory is capped per process, not per bot; processes are not capped; CPU spent in a bot's children that have exited is not counted; a memory kill shows as a crash"
        }
    }

    public func setupProblem(for spec: ExternalBotSpec) -> String? {
        guard spec.sandbox.isEnabled else { return DirectLauncher().setupProblem(for: spec) }
        guard !spec.command.isEmpty else { return "empty command" }
        let inside = BubblewrapArguments.environment["PATH", default: "/usr/bin"].split(separator: ":").map(String.init)
        if let problem = ProgramLookup.problem(with: Self.absolutePaths(spec.command)[0], searchPath: inside) {
            return problem + " (inside the sandbox, which sees /usr, its own folder and sandbox: {read_only: [...]})"
        }
        switch (bubblewrap, seccomp) {
        case (.failure(let unavailable), _), (_, .failure(let unavailable)): return unavailable.description
        default: break
        }
        guard let folder = spec.folder ?? spec.programFolder else { return Self.problem(withUnseenFiles: spec.command) }
        return Self.problem(withFolder: folder)
    }

    /// Why a bot without a folder of its own cannot find its program: a word of `command`
    /// (after the program) names a file in salvo's working folder, which the sandbox does not
    /// show it (`command: [python3, bot.py]` beside the tournament file); nil otherwise.
    static func problem(withUnseenFiles command: [String]) -> String? {
        for word in command.dropFirst() where !word.contains("/") && !word.hasPrefix("-") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: word, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            return
                "the command names `\(word)`, a file in salvo's working folder, which the sandbox never shows a bot (it would show it the runner's files); put the bot in a folder of its own and name its file with the folder (`command: [\(command[0]), bots/mine/\(word)]`), or give `dir:`"
        }
        return nil
    }

    public func plan(for spec: ExternalBotSpec) throws(BotFault) -> LaunchPlan {
        guard spec.sandbox.isEnabled else { return try DirectLauncher().plan(for: spec) }
        if let problem = setupProblem(for: spec) { throw .launchFailed(problem) }
        let onHost = Self.absolutePaths(spec.command)
        let (bwrap, filter) = try sandboxParts()
        let folder = spec.folder ?? spec.programFolder
        let command = folder.map { Self.insidePaths(onHost, folder: $0) } ?? onHost
        // Last, once nothing else can fail: the host user and the cgroup, given back after the
        // process and all it started have ended.
        let user = try takeHostUser()
        let options = BubblewrapArguments.arguments(
            folder: folder, readOnly: spec.sandbox.readOnlyPaths, tmpBytes: spec.limits.tmpBytes, statusDescriptor: LaunchPlan.sandboxStatusDescriptor
        )
        let (_, optionsDescriptor, optionsLease) = try Self.optionsFile(options, then: user.lease)
        // In the bot's parent group where there is one, so that its caps count all its processes.
        let member = botGroup?.makeMember(memoryBytes: spec.limits.memoryBytes, processes: spec.limits.processes)
        let group = member?.group ?? cgroups?.makeGroup(memoryBytes: spec.limits.memoryBytes, processes: spec.limits.processes)
        let lease =
            member.map { member in
                LaunchLease {
                    member.lease.release()
                    optionsLease.release()
                }
            } ?? optionsLease
        // What a launching shell and setpriv did, done by the runner in the child before it
        // execs bwrap: the filter and the options opened on their slots, the cgroup joined, the
        // rlimits set, the host user taken (``Bots/ChildSetup``).
        let setup = ChildSetup(
            reopened: [
                .init(filter.descriptor, on: Int32(SeccompFilter.slot)), .init(optionsDescriptor, on: Int32(BubblewrapArguments.optionsSlot)),
            ],
            cgroupProcs: group?.procsFiles ?? [],
            limits: spec.limits.rlimits(memoryAsAddressSpace: group == nil, cpuPerProcess: spec.restart == .perGame),
            uid: user.uid, group: user.uid.map { _ in Self.sandboxGroup }
        )
        return LaunchPlan(
            executable: bwrap,
            arguments: [bwrap, "--args", String(BubblewrapArguments.optionsSlot), "--"] + command,
            environment: ["PATH=/usr/bin:/bin"],
            removeAfterExit: group?.folders ?? [],
            accounting: group?.accounting, statusDescriptor: LaunchPlan.sandboxStatusDescriptor, lease: lease, childSetup: setup
        )
    }

    /// Why `folder` may not be shown to a bot: the runner's working folder, or a folder that
    /// holds it, would show the runner's files (its `reports/`, journals and databases among
    /// them); nil when it may.
    static func problem(withFolder folder: String) -> String? {
        let bot = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
        let runner = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.resolvingSymlinksInPath().path
        guard runner == bot || runner.hasPrefix(bot == "/" ? "/" : bot + "/") else { return nil }
        return
            "the bot's folder \(bot) is salvo's working folder or holds it, and would show the bot the runner's files; put the bot in a folder of its own, or name one with dir:"
    }

    /// `command` with every word that names an existing file in `folder` (the bot's, on the
    /// host) named as the bot sees it, under ``BubblewrapArguments/botFolder``:
    /// `/srv/class/alice/bot.py` is `/bot/bot.py` inside. Other words are left as they are.
    static func insidePaths(_ command: [String], folder: String) -> [String] {
        let root = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
        return command.map { word in
            guard word.hasPrefix("/"), FileManager.default.fileExists(atPath: word) else { return word }
            let path = URL(fileURLWithPath: word).standardizedFileURL.resolvingSymlinksInPath().path
            if path == root { return BubblewrapArguments.botFolder }
            let prefix = root == "/" ? "/" : root + "/"
            guard path.hasPrefix(prefix) else { return word }
            return BubblewrapArguments.botFolder + "/" + path.dropFirst(prefix.count)
        }
    }

    /// `command` with every word that names an existing file relative to the runner's folder
    /// made absolute: inside, the working folder is the bot's own.
    static func absolutePaths(_ command: [String]) -> [String] {
        command.map { word in
            guard word.contains("/"), !word.hasPrefix("/"), !word.hasPrefix("-"), FileManager.default.fileExists(atPath: word) else { return word }
            return URL(fileURLWithPath: word).standardizedFileURL.path
        }
    }
}
