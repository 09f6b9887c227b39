/// Why an arena command cannot do what was asked, in a sentence that says what to do.
public enum ArenaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The arena's database cannot be opened, read or written.
    case store(path: String, detail: String)
    /// `init` into a folder that already holds an arena.
    case alreadyAnArena(String)
    /// A folder that holds no arena.
    case notAnArena(String)
    /// A login the roster already has.
    case alreadyListed(String)
    /// A login the roster lacks.
    case notListed(String)
    /// The roster file or a login is bad.
    case roster(String)
    /// A file of the arena cannot be written.
    case cannotWrite(path: String, detail: String)
    /// `arena.yaml` cannot be read or is wrong.
    case settings(String)
    /// The service cannot listen.
    case cannotServe(host: String, port: Int, detail: String)
    /// A file the arena wrote (the season's results.json) is there but cannot be read.
    case unreadable(path: String, detail: String)

    public var description: String {
        switch self {
        case .store(let path, let detail):
            "the arena's database \(path) cannot be used (\(detail)); check that the folder is writable and the file is the arena's"
        case .alreadyAnArena(let folder):
            "\(folder) already holds an arena (arena.sqlite); change its roster with `salvo arena roster \(folder)`, or give a new folder"
        case .notAnArena(let folder): "\(folder) holds no arena; make one with `salvo arena init \(folder) --roster FILE`"
        case .alreadyListed(let login): "`\(login)` is already on the roster; give them a new token with --new-token \(login)"
        case .notListed(let login): "`\(login)` is not on the roster; add them with --add \(login)"
        case .roster(let message): message
        case .cannotWrite(let path, let detail): "cannot write \(path) (\(detail)); check that the folder is writable"
        case .settings(let message): message
        case .cannotServe(let host, let port, let detail):
            "the arena cannot listen on \(host):\(port) (\(detail)); give another --port, or stop what uses it"
        case .unreadable(let path, let detail):
            "cannot read \(path) (\(detail)); the arena writes it again after its next batch, or restore it from a backup"
        }
    }
}
