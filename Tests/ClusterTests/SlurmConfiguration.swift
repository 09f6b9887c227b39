import Foundation

/// The slurm.conf of a private single-node cluster: every file it writes in one folder, its own
/// munged socket and its own ports, so that it cannot meet another cluster on the machine. The
/// settings are those measured to work with Debian's slurm-wlm 22.05 (../shared/MACHINE-FACTS.md);
/// there is no cgroup.conf, and no accounting database.
struct SlurmConfiguration: Sendable, Equatable {
    /// The folder of the cluster; state, spool, pid and log files go below it.
    let directory: URL
    /// `hostname -s`; the node and the controller both run here, reached at 127.0.0.1.
    let nodeName: String
    let controllerPort: Int
    let nodePort: Int
    let mungeSocket: URL
    let cpus: Int
    let realMemoryMiB: Int
    /// `DependencyParameters=kill_invalid_depend`: a job whose dependency can never be satisfied
    /// (afterok on a job that failed) is cancelled instead of staying pending forever.
    let killInvalidDependencies: Bool
    /// More lines, appended last (to raise `SlurmctldDebug`, say).
    var extraLines: [String] = []

    var stateDirectory: URL { directory.appendingPathComponent("state") }
    var spoolDirectory: URL { directory.appendingPathComponent("spool") }
    var logDirectory: URL { directory.appendingPathComponent("log") }

    /// The text of slurm.conf.
    var text: String {
        let log = logDirectory.path
        var lines = [
            "# A private single-node cluster of Salvo's tests (Tests/ClusterTests/SlurmCluster.swift).",
            "ClusterName=salvo-test",
            "SlurmctldHost=\(nodeName)(127.0.0.1)",
            "SlurmctldPort=\(controllerPort)",
            "SlurmdPort=\(nodePort)",
            "SlurmUser=root",
            "SlurmdUser=root",
            "AuthType=auth/munge",
            "CredType=cred/munge",
            "AuthInfo=socket=\(mungeSocket.path)",
            "StateSaveLocation=\(stateDirectory.path)",
            "SlurmdSpoolDir=\(spoolDirectory.path)",
            "SlurmctldPidFile=\(directory.appendingPathComponent("slurmctld.pid").path)",
            "SlurmdPidFile=\(directory.appendingPathComponent("slurmd.pid").path)",
            "SlurmctldLogFile=\(log)/slurmctld.log",
            "SlurmdLogFile=\(log)/slurmd.log",
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "JobAcctGatherType=jobacct_gather/none",
            "AccountingStorageType=accounting_storage/none",
            "JobCompType=jobcomp/none",
            "SelectType=select/cons_tres",
            "SelectTypeParameters=CR_Core",
            "MpiDefault=none",
            "ReturnToService=2",
            "MailProg=/bin/true",
            // With no accounting database, a finished job is known only while slurmctld keeps its
            // record: an hour outlasts any test (the default is 300 s).
            "MinJobAge=3600",
            // scancel and the end of a time limit: SIGTERM, then SIGKILL this many seconds later.
            "KillWait=5",
        ]
        if killInvalidDependencies { lines.append("DependencyParameters=kill_invalid_depend") }
        lines += [
            "NodeName=\(nodeName) NodeAddr=127.0.0.1 CPUs=\(cpus) RealMemory=\(realMemoryMiB) State=UNKNOWN",
            "PartitionName=debug Nodes=\(nodeName) Default=YES MaxTime=INFINITE State=UP",
        ]
        return (lines + extraLines).joined(separator: "\n") + "\n"
    }
}
