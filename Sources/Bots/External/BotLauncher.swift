import Foundation
import Processes

/// The one door through which every external bot process is started. A launcher turns a
/// bot's spec into the exact program, arguments and environment to execute; the game code
/// never spawns a bot any other way, so a sandbox is a launcher that wraps the plan.
public protocol BotLauncher: Sendable {
    /// How to start the bot `spec` describes.
    func plan(for spec: ExternalBotSpec) throws(BotFault) -> LaunchPlan

    /// A launcher for all the processes of one bot entry over a whole run (a tournament's bot,
    /// a bench), whose caps on memory and processes count those processes together: with
    /// `restart: reuse` a bot keeps up to `concurrency` processes, and its cap is the bot's
    /// total, not each one's (docs/sandbox.md). By default this launcher itself.
    func forOneBot() -> any BotLauncher

    /// What this launcher's sandbox cannot enforce on this machine (a missing cgroup
    /// controller, no host user per sandbox), a sentence each, for the run's journal and report;
    /// empty where it enforces everything docs/sandbox.md lists, and for a launcher without a sandbox.
    var unenforced: [String] { get }

    /// Why the bot `spec` describes could not start in any game (an empty command, a program
    /// that is not there, a folder that would show it the runner's files, no sandbox on this
    /// machine): the checks ``plan(for:)`` makes before it takes anything, so a run finds a
    /// fault of its set-up before its first game instead of charging forfeits to the bot. Nil
    /// when it can start. By default none.
    func setupProblem(for spec: ExternalBotSpec) -> String?
}

extension BotLauncher {
    public func setupProblem(for spec: ExternalBotSpec) -> String? {
        nil
    }

    public func forOneBot() -> any BotLauncher {
        self
    }

    public var unenforced: [String] {
        []
    }
}

/// A process to start: the program's path, its whole argument vector, its environment, and
/// what to clean up once it has ended.
public struct LaunchPlan: Hashable, Sendable {
    /// The program to execute, as a path.
    public var executable: String
    /// The argument vector, `argv[0]` included.
    public var arguments: [String]
    /// The environment as `NAME=value` strings, or nil to inherit the runner's.
    public var environment: [String]?
    /// Empty folders to remove after the process has ended and been reaped (its cgroups).
    public var removeAfterExit: [String]
    /// What the process's cgroup counts (CPU time of its whole tree, memory-cap kills); nil
    /// without one, when the CPU time is read from the live processes instead.
    public var accounting: CgroupAccounting?
    /// The descriptor on which the program (bubblewrap's `--json-status-fd`) reports, as JSON
    /// lines, that its child started and how it exited; the runner gives it a pipe. nil when
    /// the program reports nothing.
    public var statusDescriptor: Int32?
    /// What the launcher holds for the process (its host user, for one), given back once the
    /// process has ended and its ``removeAfterExit`` folders are gone; nil when nothing.
    public var lease: LaunchLease?
    /// What the child does before its `exec` (descriptors, cgroups, rlimits, host user); nil
    /// when the program does it all itself (a launching shell).
    public var childSetup: ChildSetup?

    /// The descriptor ``statusDescriptor`` is, for the sandbox: 3 holds the system-call filter.
    public static let sandboxStatusDescriptor: Int32 = 4

    public init(
        executable: String, arguments: [String], environment: [String]? = nil, removeAfterExit: [String] = [],
        accounting: CgroupAccounting? = nil, statusDescriptor: Int32? = nil, lease: LaunchLease? = nil, childSetup: ChildSetup? = nil
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.removeAfterExit = removeAfterExit
        self.accounting = accounting
        self.statusDescriptor = statusDescriptor
        self.lease = lease
        self.childSetup = childSetup
    }
}

/// Starts a bot as a plain child of the runner, under its ``ResourceLimits`` (applied with
/// `ulimit` by `/bin/sh` before it `exec`s the bot), with the runner's environment.
///
/// Through util-linux's `setpriv --pdeathsig KILL` where it is installed: the bot is killed
/// when the runner dies, however it dies (SIGKILL, a closed terminal), as a sandboxed bot is
/// by bwrap's `--die-with-parent`. Without `setpriv`, only the runner's own signal handlers
/// kill its bots.
public struct DirectLauncher: BotLauncher {
    /// Where `setpriv` is, if it is.
    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }

    public init() {}

    public func setupProblem(for spec: ExternalBotSpec) -> String? {
        guard let program = spec.command.first else { return "empty command" }
        return ProgramLookup.problem(with: program, searchPath: ProgramLookup.runnerPath)
    }

    public func plan(for spec: ExternalBotSpec) throws(BotFault) -> LaunchPlan {
        if let problem = setupProblem(for: spec) { throw .launchFailed(problem) }
        let shell = ["/bin/sh", "-c", spec.limits.wrapperScript(cpuPerProcess: spec.restart == .perGame), "salvo-bot"] + spec.command
        guard let setpriv = Self.setpriv else { return LaunchPlan(executable: "/bin/sh", arguments: shell) }
        return LaunchPlan(executable: setpriv, arguments: [setpriv, "--pdeathsig", "KILL", "--"] + shell)
    }
}
