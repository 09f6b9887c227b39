import Bots
import Foundation
import RunControl
import Testing

@testable import Submissions

/// A build as a real child process (`/bin/sh` and `sleep`, no sandbox; the last test through
/// the sandbox): cancelled, stopped or past its time, it is killed with everything it started,
/// and the task that awaited it returns at once. Each build would sleep 600 s; the
/// tests allow 20, so a build waited for rather than killed fails them however loaded the
/// machine.
@Suite("a build's process: cancelled, stopped or timed out, it leaves nothing running", .timeLimit(.minutes(10)))
struct BuildProcessTests {
    /// A folder of the test's own, its build log and the files the build writes its pids to.
    struct Scratch {
        let folder = NSTemporaryDirectory() + "salvo-build-process-\(UUID().uuidString.prefix(8))"
        var log: String { folder + "/build.log" }
        var leaderFile: String { folder + "/leader.pid" }
        var childFile: String { folder + "/child.pid" }

        init() throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }

        /// A build whose shell starts a grandchild `sleep 600` in the background, writes both
        /// pids, and waits for it.
        var plan: LaunchPlan {
            let script = "sleep 600 & echo $! > '\(childFile).tmp' && mv '\(childFile).tmp' '\(childFile)'; echo $$ > '\(leaderFile)'; wait"
            return LaunchPlan(executable: "/bin/sh", arguments: ["/bin/sh", "-c", script])
        }

        /// The pids the build wrote, once it has written them (a minute at most).
        func pids() async throws -> (leader: pid_t, child: pid_t) {
            for _ in 0..<600 {
                if let leader = Self.pid(in: leaderFile), let child = Self.pid(in: childFile) { return (leader, child) }
                try await Task.sleep(for: .milliseconds(100))
            }
            throw CancellationError()
        }

        static func pid(in file: String) -> pid_t? {
            (try? String(contentsOfFile: file, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// Whether `pid` is gone (or a zombie) within 120 s: a process sent SIGKILL dies a moment
    /// later (seconds on a loaded machine), and one that was not would live on for the 600 s of
    /// its sleep.
    static func dies(_ pid: pid_t) async throws -> Bool {
        for _ in 0..<1200 where isAlive(pid) { try await Task.sleep(for: .milliseconds(100)) }
        return !isAlive(pid)
    }

    /// Whether `pid` is a living process (not gone, not a zombie waiting for its parent).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    /// The living processes of process group `group`.
    static func members(ofGroup group: pid_t) -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name -> pid_t? in
            guard let pid = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            guard fields.count > 2, pid_t(fields[2]) == group else { return nil }
            return isAlive(pid) ? pid : nil
        }
    }

    @Test("a build cancelled with its task ends at once as stopped, its grandchild killed with it")
    func cancelled() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let plan = scratch.plan
        let build = Task { await BuildProcess.run(plan, logPath: scratch.log, timeout: .seconds(3600)) }
        let (leader, child) = try await scratch.pids()
        #expect(Self.isAlive(child), "the grandchild runs before the cancellation")
        let cancelled = ContinuousClock.now
        build.cancel()
        let ending = await build.value
        #expect(ending == .stopped)
        #expect(ContinuousClock.now - cancelled < .seconds(300), "killed, not waited for the 600 s of its sleep")
        #expect(try await Self.dies(child), "the grandchild sleep is gone")
        #expect(Self.members(ofGroup: leader).isEmpty, "nothing of the build's group is left")
    }

    @Test("a build whose run is asked to stop (Ctrl-C) ends at once as stopped, its grandchild killed with it")
    func stopped() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let plan = scratch.plan
        let stop = StopSignal()
        let build = Task { await BuildProcess.run(plan, logPath: scratch.log, timeout: .seconds(3600), stop: stop) }
        let (leader, child) = try await scratch.pids()
        let requested = ContinuousClock.now
        stop.request()
        let ending = await build.value
        #expect(ending == .stopped)
        #expect(ContinuousClock.now - requested < .seconds(300), "killed, not waited for the 600 s of its sleep")
        #expect(try await Self.dies(child))
        #expect(Self.members(ofGroup: leader).isEmpty)
    }

    @Test("a build past its time is killed with its grandchild, as timed out")
    func timedOut() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let started = ContinuousClock.now
        let ending = await BuildProcess.run(scratch.plan, logPath: scratch.log, timeout: .seconds(5))
        #expect(ending == .timedOut)
        #expect(ContinuousClock.now - started < .seconds(300), "killed at its time, not waited for the 600 s of its sleep")
        let leader = try #require(Scratch.pid(in: scratch.leaderFile))
        let child = try #require(Scratch.pid(in: scratch.childFile))
        #expect(try await Self.dies(child))
        #expect(Self.members(ofGroup: leader).isEmpty)
    }

    @Test("a build that ends by itself gives its status, and a child it left running is killed")
    func exited() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let script = "sleep 600 & echo $! > '\(scratch.childFile)'; echo built; exit 3"
        let ending = await BuildProcess.run(
            LaunchPlan(executable: "/bin/sh", arguments: ["/bin/sh", "-c", script]), logPath: scratch.log, timeout: .seconds(3600))
        #expect(ending == .exited(3))
        let child = try #require(Scratch.pid(in: scratch.childFile))
        #expect(try await Self.dies(child))
        #expect(try String(contentsOfFile: scratch.log, encoding: .utf8) == "built\n")
    }

    @Test("cancelling the entering of a submissions folder kills its builds in progress and records none of them")
    func cancelledDiscovery() async throws {
        let folders = SubmissionFolders("cancel")
        defer { folders.remove() }
        let marker = "salvo-cancelled-build-\(UUID().uuidString.prefix(8))"
        // 600 s: however slowly a loaded machine starts them, no build ends by itself first.
        for name in ["one", "two", "three"] {
            try folders.write(name, ["bot.yaml": "build: sh -c 'sleep 600; :' \(marker)\ncommand: python3 bot.py\n", "bot.py": ""])
        }
        var settings = folders.settings()
        settings.buildJobs = 2
        let entering = Task { try await SubmissionDiscovery.enter(settings) }
        // Should the test fail early, its builds are killed all the same (the cancellation
        // handler kills at once; the entering's task ends on its own).
        defer { entering.cancel() }
        let builder = "sh\0-c\0sleep 600; :\0"
        for _ in 0..<1200 where Self.processes(holding: marker, startingWith: builder).isEmpty {
            try await Task.sleep(for: .milliseconds(100))
        }
        try #require(!Self.processes(holding: marker, startingWith: builder).isEmpty, "a build runs")
        let cancelled = ContinuousClock.now
        entering.cancel()
        await #expect { try await entering.value } throws: { "\($0)" == SubmissionBuilder.stoppedReason }
        #expect(ContinuousClock.now - cancelled < .seconds(300), "killed, not waited for the 600 s of its sleep")
        for _ in 0..<200 where !Self.processes(holding: marker).isEmpty { try await Task.sleep(for: .milliseconds(100)) }
        #expect(Self.processes(holding: marker).isEmpty, "no build process is left")
        let cache = (try? FileManager.default.contentsOfDirectory(atPath: folders.workFolder + "/cache")) ?? []
        #expect(cache.isEmpty, "no stopped build is recorded: \(cache)")
    }

    /// The living pids whose command line holds `marker` (and starts with `prefix`: the
    /// build's own shell, not the sandbox's processes that carry the build's text).
    static func processes(holding marker: String, startingWith prefix: String = "") -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name in
            guard let pid = pid_t(name), let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { return nil }
            let line = String(decoding: data, as: UTF8.self)
            return line.hasPrefix(prefix) && line.contains(marker) && isAlive(pid) ? pid : nil
        }
    }
}
