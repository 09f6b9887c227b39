import Bots

extension SandboxLauncher {
    /// The PATH inside the sandbox, where a bot's program is looked up.
    public static var searchPath: [String] {
        BubblewrapArguments.environment["PATH", default: "/usr/bin"].split(separator: ":").map(String.init)
    }

    /// How to run a submission's `build` command (a shell line, `/bin/sh -c BUILD`) in the
    /// sandbox of play with one difference: `folder`, the bot's own folder and the working
    /// folder, is writable, so the build can write its output there. No network, the same
    /// read-only system and system-call filter, the folder at `/bot`, a host user of its own
    /// (which owns the folder while the build runs), a private `/tmp`, and `limits` (memory and processes in a cgroup where
    /// one can be made; CPU time, open files and file size as rlimits).
    ///
    /// ```swift
    /// let plan = try SandboxLauncher().buildPlan("cc -O2 -o bot bot.c", folder: "/srv/out/submissions/bots/alice", limits: limits)
    /// ```
    public func buildPlan(_ build: String, folder: String, limits: ResourceLimits, readOnly: [String] = []) throws(BotFault) -> LaunchPlan {
        let (bwrap, filter) = try sandboxParts()
        if let problem = Self.problem(withFolder: folder) { throw .launchFailed(problem) }
        // The build's own host user owns the folder while it runs; once it has ended, the
        // runner takes the folder back, readable by all (the bot plays as another user).
        let user = try takeHostUser()
        if let uid = user.uid, user.lease != nil { FolderOwnership.give(folder, to: uid) }
        let reclaim = LaunchLease {
            if user.lease != nil { FolderOwnership.reclaim(folder) }
            user.lease?.release()
        }
        let options = BubblewrapArguments.arguments(folder: folder, readOnly: readOnly, tmpBytes: limits.tmpBytes, folderWritable: true)
        let (openOptions, _, lease) = try Self.optionsFile(options, then: reclaim)
        let group = cgroups?.makeGroup(memoryBytes: limits.memoryBytes, processes: limits.processes)
        let script =
            filter.openCommand + openOptions + (group?.join ?? "") + BubblewrapArguments.forgetFolder
            + limits.ulimitCommands(memoryAsAddressSpace: group == nil, cpuPerProcess: true) + "exec \"$@\""
        return LaunchPlan(
            executable: "/bin/sh",
            arguments: ["/bin/sh", "-c", script, "salvo-build"] + BubblewrapArguments.dropPrivileges(to: user.uid) + [
                bwrap, "--args", String(BubblewrapArguments.optionsSlot),
            ]
                + ["--", "/bin/sh", "-c", build],
            environment: ["PATH=/usr/bin:/bin"],
            removeAfterExit: group?.folders ?? [],
            accounting: group?.accounting, lease: lease
        )
    }
}
