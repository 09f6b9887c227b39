import Foundation
import Testing

/// The private single-node Slurm cluster that the tests of `salvo cluster slurm` submit to:
/// real munged, slurmctld and slurmd (Debian's slurm-wlm 22.05), real sbatch jobs.
///
/// What 22.05 does with an `afterok` dependent of a failed job: by default it stays PENDING
/// with reason `DependencyNeverSatisfied`, forever (until scancel). With
/// `DependencyParameters=kill_invalid_depend` in slurm.conf (22.05 has no `KillOnBadDependency`;
/// before 21.08 the flag sat in `SchedulerParameters`), or `sbatch --kill-on-invalid-dep=yes` on
/// the dependent itself, slurmctld cancels it: CANCELLED, reason `DependencyNeverSatisfied`,
/// never started. The cluster sets `kill_invalid_depend` by default, so that `wait(for:)` ends
/// for every job; one test pins Slurm's own default, which a real site may keep, and the
/// per-job flag that works there.
@Suite("A private single-node Slurm cluster", .serialized, .timeLimit(.minutes(3)))
struct SlurmClusterTests {
    /// A job script (sh) in the cluster's jobs folder.
    static func script(_ name: String, _ body: String, in cluster: SlurmCluster) throws -> URL {
        let url = cluster.jobsDirectory.appendingPathComponent(name)
        try ("#!/bin/sh\nset -eu\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// An array task that records `INDEX COUNT` (appended: a task run twice shows twice), takes
    /// a second, then exits 3 when its index is `FAIL_TASK`.
    static func arrayTask(out: URL, in cluster: SlurmCluster) throws -> URL {
        try script(
            "task.sh",
            """
            echo "$SLURM_ARRAY_TASK_ID $SLURM_ARRAY_TASK_COUNT" >> '\(out.path)'/task-$SLURM_ARRAY_TASK_ID
            sleep 1
            if [ "$SLURM_ARRAY_TASK_ID" = "${FAIL_TASK:-none}" ]; then exit 3; fi
            touch '\(out.path)'/done-$SLURM_ARRAY_TASK_ID
            """, in: cluster)
    }

    /// A dependent job that records which tasks had finished when it started.
    static func dependent(out: URL, in cluster: SlurmCluster) throws -> URL {
        try script("dependent.sh", "cd '\(out.path)' && ls done-* > dependent-saw", in: cluster)
    }

    static func read(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }

    @Test("an array job of 3 tasks runs each task once with its index and the count; its afterok dependent runs after all three")
    func arrayAndDependency() async throws {
        let cluster = try SlurmCluster()
        defer { cluster.stop() }
        try await cluster.start()
        let again = await #expect(throws: SlurmClusterError.self) { try await cluster.start() }
        #expect(again.map { "\($0)" }?.contains("already started") == true)
        let out = cluster.jobsDirectory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)

        let array = try await cluster.submit(try Self.arrayTask(out: out, in: cluster), arguments: ["--array=0-2"])
        let after = try await cluster.submit(try Self.dependent(out: out, in: cluster), arguments: ["--dependency=afterok:\(array)"])
        let tasks = try await cluster.wait(for: array)
        let dependent = try await cluster.wait(for: after)

        #expect(tasks.map(\.arrayTaskID) == [0, 1, 2])
        #expect(tasks.map(\.state) == ["COMPLETED", "COMPLETED", "COMPLETED"], "\(tasks)")
        #expect(tasks.map(\.exitCode) == ["0:0", "0:0", "0:0"])
        #expect(tasks.allSatisfy { $0.arrayJobID == array })
        for index in 0..<3 {
            #expect(Self.read(out.appendingPathComponent("task-\(index)")) == "\(index) 3\n")
        }
        #expect(dependent.map(\.state) == ["COMPLETED"], "\(dependent)")
        #expect(Self.read(out.appendingPathComponent("dependent-saw")) == "done-0\ndone-1\ndone-2\n")
    }

    @Test("a failing array task ends FAILED with its exit code; its afterok dependent is cancelled and never runs")
    func failedTaskCancelsDependent() async throws {
        let cluster = try SlurmCluster(killInvalidDependencies: true)
        defer { cluster.stop() }
        try await cluster.start()
        let out = cluster.jobsDirectory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)

        let array = try await cluster.submit(try Self.arrayTask(out: out, in: cluster), arguments: ["--array=0-2"], environment: ["FAIL_TASK": "1"])
        let after = try await cluster.submit(try Self.dependent(out: out, in: cluster), arguments: ["--dependency=afterok:\(array)"])
        let tasks = try await cluster.wait(for: array)
        let dependent = try await cluster.wait(for: after)

        #expect(tasks.map(\.state) == ["COMPLETED", "FAILED", "COMPLETED"], "\(tasks)")
        #expect(tasks.map(\.exitCode) == ["0:0", "3:0", "0:0"])
        #expect(Self.read(out.appendingPathComponent("task-1")) == "1 3\n")
        #expect(dependent.map(\.state) == ["CANCELLED"], "\(dependent)")
        #expect(dependent.map(\.reason) == ["DependencyNeverSatisfied"])
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("dependent-saw").path))
    }

    @Test(
        "with Slurm's default, the afterok dependent of a failed job stays pending (DependencyNeverSatisfied) until cancelled, unless it asked --kill-on-invalid-dep=yes; stop() ends the daemons and removes the folder"
    )
    func failedTaskLeavesDependentPending() async throws {
        let cluster = try SlurmCluster(killInvalidDependencies: false)
        defer { cluster.stop() }
        try await cluster.start()
        let out = cluster.jobsDirectory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)

        let array = try await cluster.submit(try Self.arrayTask(out: out, in: cluster), arguments: ["--array=0"], environment: ["FAIL_TASK": "0"])
        let dependent = try Self.dependent(out: out, in: cluster)
        let after = try await cluster.submit(dependent, arguments: ["--dependency=afterok:\(array)"])
        let killed = try await cluster.submit(dependent, arguments: ["--dependency=afterok:\(array)", "--kill-on-invalid-dep=yes"])
        #expect(try await cluster.wait(for: array).map(\.state) == ["FAILED"])
        let stuck = try await cluster.wait(for: after, until: "marked DependencyNeverSatisfied") { $0.first?.reason == "DependencyNeverSatisfied" }
        #expect(stuck.map(\.state) == ["PENDING"], "\(stuck)")
        let cancelledBySlurm = try await cluster.wait(for: killed)
        #expect(
            cancelledBySlurm.map(\.state) == ["CANCELLED"] && cancelledBySlurm.map(\.reason) == ["DependencyNeverSatisfied"], "\(cancelledBySlurm)")
        #expect(try await cluster.records(of: after).map(\.state) == ["PENDING"])
        try await cluster.cancel(after)
        #expect(try await cluster.wait(for: after).map(\.state) == ["CANCELLED"])
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("dependent-saw").path))

        let pids = cluster.daemonPIDs
        #expect(pids.count == 3)
        cluster.stop()
        #expect(pids.allSatisfy { kill($0, 0) == -1 && errno == ESRCH }, "daemons still alive: \(pids)")
        #expect(!FileManager.default.fileExists(atPath: cluster.directory.path))
        await #expect(throws: SlurmClusterError.self) { try await cluster.records(of: after) }
    }

    @Test("a slurm.conf that slurmctld refuses fails start() at once, with the daemon's own message")
    func badConfigurationFailsStart() async throws {
        let cluster = try SlurmCluster(extraConfiguration: ["NoSuchSetting=1"])
        defer { cluster.stop() }
        // "At once": start() notices the daemon's exit instead of waiting out its timeout, which
        // an hour makes impossible to reach here; the error kind says which ended it, not a clock.
        let error = await #expect(throws: SlurmClusterError.self) { try await cluster.start(timeout: .seconds(3600)) }
        // slurmd reads the same slurm.conf, and may be the first seen ending.
        guard case .daemonExited(let name, _)? = error, ["slurmctld", "slurmd"].contains(name) else {
            Issue.record("expected a daemon seen ending, got \(String(describing: error))")
            return
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("ended while the cluster started"), "\(message)")
        #expect(message.contains("NoSuchSetting"), "\(message)")
    }
}
