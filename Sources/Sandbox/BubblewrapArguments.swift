import Bots
import Foundation

/// The `bwrap` command line of a sandboxed bot: what it sees of the host and nothing more.
///
/// - New user, PID, network, IPC, UTS and cgroup namespaces (`--unshare-all`, with the user
///   namespace required): no network at all, not even the host's loopback; only its own
///   processes in `/proc`.
/// - An unprivileged user inside (uid and gid 1000), every capability dropped, no further user
///   namespaces, and death with the runner. No terminal to inject keystrokes into (TIOCSTI):
///   `/dev/tty` inside is `/dev/null`, the bot's descriptors are pipes, and its devpts is new.
///   Started as a host user of its own (``HostUsers``) when the runner is root.
///   That, rather than a new session (`--new-session`), keeps the bot in the runner's session,
///   and so in its scheduler autogroup: a session per bot gave each its own autogroup, which
///   cost a tenth of a Python tournament's speed (docs/sandbox.md). Its own process group
///   (``Bots/ChildProcess``) keeps a terminal's Ctrl-C from reaching it. When the runner is
///   root, bwrap itself is started as that user (or `nobody`, ``hostUser``): as host root, the
///   user inside would still own `/proc/sys` (kernel settings) and more.
/// - Read-only: `/usr` (with the usual `/bin`, `/lib` links), the few files of `/etc` that
///   language runtimes need, the bot's own folder (at `/bot`, not its host path), and any
///   folder the tournament adds.
/// - A private `/tmp` and `/dev/shm`, new for each process and capped in size; `HOME` points
///   to `/tmp`. Nothing else is writable: `/` and `/dev` are read-only.
/// - A cleared environment: `PATH`, `HOME`, `LANG`, `TMPDIR`.
/// - The deny-by-default system-call filter (``SeccompFilter``), read from descriptor 3; for a
///   bot, the child's start and exit reported as JSON on descriptor 4 (`--json-status-fd`), so
///   that a failure of bwrap itself is told from the bot's.
enum BubblewrapArguments {
    /// `/usr` and the links a merged-/usr Debian has at the root.
    static let system: [String] = {
        var arguments = [
            "--ro-bind", "/usr", "/usr", "--symlink", "usr/bin", "/bin", "--symlink", "usr/sbin", "/sbin", "--symlink", "usr/lib", "/lib",
        ]
        for (link, target) in [("/lib64", "usr/lib64"), ("/lib32", "usr/lib32"), ("/libx32", "usr/libx32")]
        where FileManager.default.fileExists(atPath: "/usr/" + String(target.dropFirst(4))) {
            arguments += ["--symlink", target, link]
        }
        return arguments
    }()

    /// Files and folders of `/etc` that runtimes read: the dynamic linker's cache, the
    /// alternatives links (`java`, `python`), the time zone, and the configuration of Java,
    /// Perl and Python. Nothing with secrets: no passwd, shadow, hosts or SSL keys. Listed once
    /// per runner, as ``system`` is, and shown at `/etc` through one bind (``EtcView``).
    static let etcSources: [String] = {
        var paths = ["/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives", "/etc/localtime", "/etc/perl"]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/etc")) ?? []
        paths += entries.filter { $0.hasPrefix("java-") || $0.hasPrefix("python3") }.sorted().map { "/etc/" + $0 }
        return paths
    }()

    /// The host user a root runner starts bwrap as when it has no user of its own to give
    /// (``HostUsers``), and the probe: `nobody`, who owns nothing.
    static let hostUser: UInt32 = 65_534

    /// The command that starts bwrap as host user `uid` (with the sandbox's group alone and no
    /// way to regain privileges); nothing for nil, a runner that is not root and starts it as itself.
    static func dropPrivileges(to uid: UInt32?) -> [String] {
        guard let uid else { return [] }
        return ["/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(uid)", "--groups=\(SandboxLauncher.sandboxGroup)", "--no-new-privs", "--"]
    }

    /// Where the bot sees its own folder, whatever its path on the host: its working folder.
    static let botFolder = "/bot"

    /// The descriptor on which the launching shell opens bwrap's options (`--args`), so that
    /// bwrap's command line, which the bot reads in `/proc/1/cmdline`, holds no host path: bwrap
    /// reads them and closes it before the bot starts.
    static let optionsSlot = 5

    /// What the launching shell runs before bwrap so that bwrap's init inside, whose
    /// `/proc/1/environ` the bot can read, does not carry the runner's working folder.
    static let forgetFolder = "unset PWD OLDPWD; "

    /// The environment inside.
    static let environment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8", "TMPDIR": "/tmp"]

    /// bwrap's options, everything before the bot's command (the launching shell must have
    /// opened the filter on ``SeccompFilter/slot``): `folder` is the bot's own folder on the
    /// host, seen inside at ``botFolder`` (read-only, and the working folder; writable with
    /// `folderWritable`, for a build), `readOnly` the tournament's additions, at their own paths.
    /// `statusDescriptor` is where bwrap reports the child's start and exit (nil: nowhere).
    static func arguments(folder: String?, readOnly: [String], tmpBytes: Int?, folderWritable: Bool = false, statusDescriptor: Int32? = nil)
        -> [String]
    {
        var arguments =
            [
                "--unshare-all", "--unshare-user", "--disable-userns", "--uid", "1000", "--gid", "1000",
                "--die-with-parent", "--cap-drop", "ALL", "--hostname", "sandbox",
            ] + SeccompFilter.arguments
        if let statusDescriptor { arguments += ["--json-status-fd", String(statusDescriptor)] }
        arguments += system + EtcView.shared.arguments()
        arguments += ["--proc", "/proc", "--dev", "/dev", "--ro-bind", "/dev/null", "/dev/tty"]
        // Every writable filesystem has a size: /tmp and /dev/shm (each `tmpBytes`, a memory
        // filesystem charged to the memory cgroup too); `/` and `/dev`, which bwrap makes as
        // memory filesystems without a cap, are made read-only once everything is mounted.
        for writable in ["/tmp", "/dev/shm"] {
            if let tmpBytes { arguments += ["--size", String(tmpBytes)] }
            arguments += ["--tmpfs", writable]
        }
        for path in readOnly { arguments += ["--ro-bind", path, path] }
        if let folder { arguments += [folderWritable ? "--bind" : "--ro-bind", folder, botFolder] }
        arguments += ["--remount-ro", "/dev", "--remount-ro", "/"]
        arguments += ["--chdir", folder == nil ? "/tmp" : botFolder, "--clearenv"]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["--setenv", name, value] }
        return arguments
    }
}
