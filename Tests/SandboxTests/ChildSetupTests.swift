import CProcess
import CSeccomp
import Foundation
import Processes
import Testing

@testable import Bots
@testable import Sandbox

/// The steps a sandboxed process's launch takes in the child before it execs bwrap (descriptors,
/// cgroups, rlimits, host user), done by the runner instead of a launching shell and setpriv.
@Suite("The child's set-up before its exec")
struct ChildSetupTests {
    /// Spawns `plan` as the runner does and returns what it writes to stdout until it ends.
    static func output(of plan: LaunchPlan) async throws -> String {
        let spawned = try await SpawnThread.run { ChildProcess.spawn(plan) }.get()
        close(spawned.input)
        let output = FileHandle(fileDescriptor: spawned.output, closeOnDealloc: true)
        let text = String(decoding: try output.readToEnd() ?? Data(), as: UTF8.self)
        var status: Int32 = 0
        while waitpid(spawned.pid, &status, 0) < 0 && errno == EINTR {}
        for descriptor in [spawned.errors, spawned.status] where descriptor >= 0 { close(descriptor) }
        return text
    }

    @Test("the child's rlimits are set, soft and hard alike, in ulimit's units")
    func limitsSet() async throws {
        let setup = ChildSetup(limits: [
            ProcessLimit(.openFiles, units: 17), ProcessLimit(.cpuTime, units: 5), ProcessLimit(.core, units: 0),
            ProcessLimit(.addressSpace, units: 900_000),
        ])
        let plan = LaunchPlan(
            executable: "/bin/sh", arguments: ["/bin/sh", "-c", "ulimit -n; ulimit -Hn; ulimit -t; ulimit -c; ulimit -v"],
            environment: ["PATH=/usr/bin:/bin"], childSetup: setup)
        #expect(try await Self.output(of: plan) == "17\n17\n5\n0\n900000\n")
        // The same limits as the shell's `ulimit` gives them, for a launcher that still uses one.
        #expect(
            ResourceLimits(memoryBytes: 1 << 30, cpuSeconds: 5, openFiles: 17).ulimitCommands()
                == "ulimit -c 0 || exit 126; ulimit -v 1048576 || exit 126; ulimit -t 5 || exit 126; ulimit -n 17 || exit 126; ")
    }

    @Test("a descriptor of the runner is opened anew on its slot: each child reads the whole file from its start")
    func descriptorReopened() async throws {
        let bytes = Array("the filter\n".utf8)
        let memory = bytes.withUnsafeBytes { salvo_sealed_memfd("salvo-test", $0.baseAddress, $0.count) }
        try #require(memory >= 0)
        defer { close(memory) }
        let plan = LaunchPlan(
            executable: "/bin/sh", arguments: ["/bin/sh", "-c", "cat <&5; ls /proc/self/fd | sort -n | tr '\\n' ' '"],
            environment: ["PATH=/usr/bin:/bin"],
            childSetup: ChildSetup(reopened: [.init(memory, on: 5)])
        )
        for _ in 0..<2 {
            // 0, 1, 2, the slot, /dev/null on 3 and 4 between; and ls's own descriptor of /proc/self/fd.
            let text = try await Self.output(of: plan)
            #expect(text.hasPrefix("the filter\n0 1 2 3 4 5 "), "\(text)")
            #expect(text.split(separator: "\n").last?.split(separator: " ").count == 7, "\(text)")
        }
    }

    @Test("a step that fails ends the child before its exec; the launch names the step and is the host's fault, not the bot's")
    func failedStepNamed() async throws {
        let plan = LaunchPlan(
            executable: "/bin/true", arguments: ["/bin/true"],
            childSetup: ChildSetup(cgroupProcs: ["/sys/fs/cgroup/salvo-no-such-group/cgroup.procs"]))
        let result = await SpawnThread.run { ChildProcess.spawn(plan) }
        guard case .failure(let fault) = result else {
            Issue.record("the launch succeeded")
            return
        }
        #expect(fault.description.contains("its start (join its cgroup): No such file or directory"), "\(fault)")
        // The runner's own set-up failed, not the bot: a game it happens in has no result.
        #expect(fault.isHostFault, "\(fault)")
    }

    @Test("a sandboxed bot's process is bwrap from its start, in its cgroups, as its host user, with the sandbox's group alone and no new privileges")
    func bwrapStartedDirectly() async throws {
        let launcher = SandboxLauncher()
        let plan = try launcher.plan(for: ExternalBotSpec(command: ["/bin/sh", "-c", "echo ready; exec cat"]))
        #expect(plan.executable.hasSuffix("/bwrap"), "\(plan.executable)")
        #expect(!plan.arguments.contains { $0.contains("setpriv") || $0 == "/bin/sh -c" })
        let process = try await PlanProcess(plan)
        defer { process.finish() }
        #expect(try process.readLine() == "ready")
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process.processIdentifier)/exe")
        #expect(executable == plan.executable)
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        #expect(status.contains("NoNewPrivs:\t1"), "\(status)")
        if geteuid() == 0 {
            let groups = status.split(separator: "\n").first { $0.hasPrefix("Groups:") }
            #expect(
                groups?.dropFirst("Groups:".count).split(separator: " ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } == [
                    "\(SandboxLauncher.sandboxGroup)"
                ], "\(String(describing: groups))")
            #expect(process.hostUID.map(HostUsers.contains) == true, "\(String(describing: process.hostUID))")
        }
        #expect(!plan.removeAfterExit.isEmpty || launcher.limitMechanism == "rlimit")
        for folder in plan.removeAfterExit {
            let members = try String(contentsOfFile: folder + "/cgroup.procs", encoding: .utf8).split(separator: "\n")
            #expect(members.contains("\(process.processIdentifier)"), "\(folder): \(members)")
        }
    }
}
