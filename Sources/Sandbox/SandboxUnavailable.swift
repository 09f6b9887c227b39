/// Why external bots cannot be sandboxed on this machine. Salvo then refuses to start them
/// (it fails closed) unless a tournament says `sandbox: none` or a command gets `--no-sandbox`.
public struct SandboxUnavailable: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in a clause.
    public let problem: String

    public var description: String {
        "External bots run in a bubblewrap sandbox, but \(problem). Install it with `apt-get install bubblewrap` (`make deps` does) on a machine where user namespaces are allowed, or run the bots unsandboxed with `sandbox: none` in the tournament file or --no-sandbox (docs/sandbox.md)"
    }
}
