import Foundation
import Synchronization

/// A private single-node Slurm cluster for one test: its own munged, slurmctld and slurmd,
/// started as children of the test process, with every file they write (key, socket,
/// slurm.conf, state, spool, logs) in one fresh temporary folder and free ports of their own.
/// `stop()` kills the daemons by pid and removes the folder; deinit stops too.
///
/// ```swift
/// let cluster = try SlurmCluster()
/// defer { cluster.stop() }
/// try await cluster.start()
/// let job = try await cluster.submit(script, arguments: ["--array=0-2"])
/// let tasks = try await cluster.wait(for: job)   // one finished record per array task
/// ```
/// docs/cluster-testing.md says how to debug it.
final class SlurmCluster: Sendable {
    let configuration: SlurmConfiguration
    /// The cluster's folder (removed by `stop()`).
    var directory: URL { configuration.directory }
    /// A folder for the test's job scripts and their output, and the working folder of jobs
    /// submitted without one (so `slurm-%j.out` lands here).
    var jobsDirectory: URL { directory.appendingPathComponent("jobs") }
    var configFile: URL { directory.appendingPathComponent("slurm.conf") }
    /// The environment of the daemons and of every client command: the test process's own, less
    /// any `SLURM_*`/`SBATCH_*` it inherited, with `SLURM_CONF` naming this cluster's slurm.conf.
    let environment: [String: String]

    private let daemons = Mutex<[ClusterDaemon]?>([])

    /// Writes the folder: a munge key of its own, slurm.conf. Nothing runs until `start()`.
    init(killInvalidDependencies: Bool = true, extraConfiguration: [String] = []) throws {
        // A short path: the munge socket's must fit the 108 bytes of a Unix socket address.
        let base = NSTemporaryDirectory().count < 60 ? NSTemporaryDirectory() : "/tmp"
        let directory = URL(fileURLWithPath: base).appendingPathComponent("salvo-slurm.\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, name.count - 1)
        let hostname = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // `hostname -s`: what slurmd takes for its node name.
        let host = hostname.split(separator: ".").first.map(String.init) ?? "localhost"
        let ports = try FreeTCPPort.pick(2)
        configuration = SlurmConfiguration(
            directory: directory, nodeName: host, controllerPort: ports[0], nodePort: ports[1],
            mungeSocket: directory.appendingPathComponent("munge/socket"),
            cpus: ProcessInfo.processInfo.activeProcessorCount,
            // A tenth below the machine's memory, so slurmd never finds less than configured
            // (which would drain the node as "Low RealMemory").
            realMemoryMiB: Int(ProcessInfo.processInfo.physicalMemory / 1_048_576) * 9 / 10,
            killInvalidDependencies: killInvalidDependencies, extraLines: extraConfiguration
        )
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SLURM_") && !$0.key.hasPrefix("SBATCH_") }
        environment["SLURM_CONF"] = directory.appendingPathComponent("slurm.conf").path
        self.environment = environment
        do { try writeFolder() } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    private func writeFolder() throws {
        let files = FileManager.default
        // munged wants its socket's folders searchable by all, and its key private.
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        for folder in [
            configuration.stateDirectory, configuration.spoolDirectory, configuration.logDirectory, jobsDirectory,
            directory.appendingPathComponent("munge"),
        ] {
            try files.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        }
        guard let random = FileHandle(forReadingAtPath: "/dev/urandom") else { throw POSIXError(.ENOENT) }
        let key = try random.read(upToCount: 128) ?? Data()
        try random.close()
        guard files.createFile(atPath: mungeKey.path, contents: key, attributes: [.posixPermissions: 0o600]) else {
            throw POSIXError(.EACCES)
        }
        try configuration.text.write(to: configFile, atomically: true, encoding: .utf8)
    }

    private var mungeKey: URL { directory.appendingPathComponent("munge/munge.key") }

    /// Whether `stop()` has been called.
    var isStopped: Bool { daemons.withLock { $0 == nil } }

    /// The running daemons' pids (munged, slurmctld, slurmd), for checks and debugging.
    var daemonPIDs: [Int32] { daemons.withLock { $0?.filter(\.isRunning).map(\.pid) ?? [] } }

    /// Starts munged, slurmctld and slurmd, and returns once `sinfo` shows the node idle. Throws
    /// with the daemons' log tails if one ends or the node is not idle within `timeout`; then
    /// what did start keeps running until `stop()`.
    func start(timeout: Duration = .seconds(60)) async throws {
        switch daemons.withLock({ $0?.isEmpty }) {
        case nil: throw SlurmClusterError.stopped
        case false: throw SlurmClusterError.alreadyStarted
        default: break
        }
        let deadline = ContinuousClock.now + timeout
        _ = try launch(
            "munged",
            [
                "--foreground", "--force", "--socket=\(configuration.mungeSocket.path)", "--key-file=\(mungeKey.path)",
                "--pid-file=\(directory.appendingPathComponent("munge/munged.pid").path)",
                "--seed-file=\(directory.appendingPathComponent("munge/munged.seed").path)",
            ])
        while !FileManager.default.fileExists(atPath: configuration.mungeSocket.path) {
            try checkAlive(deadline: deadline, timeout: timeout, lastState: "munged has not made its socket yet")
            try await Task.sleep(for: .milliseconds(50))
        }
        _ = try launch("slurmctld", ["-D", "-f", configFile.path])
        _ = try launch("slurmd", ["-D", "-f", configFile.path])
        var lastState = "nothing yet"
        while true {
            try checkAlive(deadline: deadline, timeout: timeout, lastState: lastState)
            let output = try await ClusterCommand(
                executable: try Self.program("sinfo"), arguments: ["-h", "-N", "-n", configuration.nodeName, "-o", "%T"], environment: environment
            )
            .run(timeout: .seconds(30))
            lastState = (output.standardOutput + output.standardError).trimmingCharacters(in: .whitespacesAndNewlines)
            if output.status == 0 && lastState == "idle" { return }
            try await Task.sleep(for: .milliseconds(200))
        }
    }

    private func launch(_ name: String, _ arguments: [String]) throws -> ClusterDaemon {
        let daemon = try ClusterDaemon(
            name: name, executable: try Self.program(name), arguments: arguments, environment: environment,
            logFile: configuration.logDirectory.appendingPathComponent("\(name).stderr")
        )
        let kept = daemons.withLock { list -> Bool in
            guard list != nil else { return false }
            list?.append(daemon)
            return true
        }
        if !kept {
            daemon.stop()
            throw SlurmClusterError.stopped
        }
        return daemon
    }

    private func checkAlive(deadline: ContinuousClock.Instant, timeout: Duration, lastState: String) throws {
        if let dead = daemons.withLock({ $0?.first { !$0.isRunning } }) {
            throw SlurmClusterError.daemonExited(dead.name, logs: logTails())
        }
        if ContinuousClock.now >= deadline { throw SlurmClusterError.notReady(after: timeout, lastState: lastState, logs: logTails()) }
    }

    /// The last lines each daemon wrote (its standard error, which mirrors its log file).
    func logTails(lines: Int = 15) -> String {
        let list = daemons.withLock { $0 ?? [] }
        return list.isEmpty ? "(no daemon was started)" : list.map { $0.logTail(lines: lines) }.joined(separator: "\n")
    }

    /// Where a program of slurm-wlm or munge is.
    static func program(_ name: String) throws -> URL {
        guard let url = ClusterCommand.locate(name) else { throw SlurmClusterError.notInstalled(name) }
        return url
    }

    /// Stops the cluster: cancels what still runs on it, kills slurmd, slurmctld and munged by
    /// pid (SIGTERM, SIGKILL after 5 s) and removes the folder. Safe to call more than once.
    func stop() {
        guard
            let list = daemons.withLock({ list -> [ClusterDaemon]? in
                defer { list = nil }
                return list
            })
        else { return }
        if list.contains(where: { $0.name == "slurmctld" && $0.isRunning }) { cancelRemainingJobs() }
        for name in ["slurmd", "slurmctld", "munged"] {
            list.filter { $0.name == name }.forEach { $0.stop() }
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// scancel of every job still queued or running, and a short wait for their processes to
    /// end (a job's slurmstepd outlives slurmd otherwise).
    private func cancelRemainingJobs() {
        guard let scancel = ClusterCommand.locate("scancel"), let squeue = ClusterCommand.locate("squeue") else { return }
        let queue = ClusterCommand(executable: squeue, arguments: ["-h", "-o", "%i"], environment: environment)
        guard let queued = try? queue.runBlocking(timeout: .seconds(10)), queued.status == 0,
            !queued.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        else { return }
        _ = try? ClusterCommand(executable: scancel, arguments: ["--me"], environment: environment).runBlocking(timeout: .seconds(10))
        let deadline = ContinuousClock.now + .seconds(8)
        while ContinuousClock.now < deadline {
            guard let left = try? queue.runBlocking(timeout: .seconds(10)), left.status == 0,
                !left.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            else { return }
            usleep(250_000)
        }
    }

    deinit { stop() }
}
