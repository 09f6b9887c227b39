#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// The process's limit on open file descriptors, which caps how many connections a run, a
/// load test or the server can hold: each connection of the embedded server costs two (the
/// client's end and the server's).
///
/// Decision: the commands that open many connections raise the soft limit to the hard one at
/// start, as Go's runtime and many servers do, so that `--concurrency 1000` works under the
/// common default of 1,024 without the user knowing about `ulimit -n`.
public enum OpenFileLimit {
    /// Raises the soft limit to the hard limit and returns the limit now in force (nil if it
    /// cannot be read).
    @discardableResult
    public static func raiseToHardLimit() -> UInt64? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return UInt64(raised.rlim_cur) }
        }
        return UInt64(limit.rlim_cur)
    }

    /// Open files a tournament game holds while in flight, estimated: a connection per player
    /// (and the server's end of each when the server is embedded), and for each external bot
    /// its three pipes, its log file, and, sandboxed, the lock of its host user and the memfd
    /// of bubblewrap's options.
    public static func filesPerGame(embeddedServer: Bool, externalBots: Int) -> Int {
        (embeddedServer ? 4 : 2) + 6 * externalBots
    }

    /// How many games fit in `limit` open files, after a reserve for the database, the
    /// journal, the reports and the runtime; at least one.
    public static func gamesThatFit(limit: UInt64, filesPerGame: Int) -> Int {
        let reserve: UInt64 = 64
        guard limit > reserve else { return 1 }
        return max(1, Int(min(limit - reserve, UInt64(Int.max))) / filesPerGame)
    }
}
