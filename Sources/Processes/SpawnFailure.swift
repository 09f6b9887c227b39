/// Why a process could not be started: the system call and its error, in words
/// (`posix_spawn: No such file or directory`). Bots turn it into their own launch fault.
public struct SpawnFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed, e.g. `posix_spawn: Permission denied`.
    public let detail: String

    public init(detail: String) {
        self.detail = detail
    }

    public var description: String { detail }
}
