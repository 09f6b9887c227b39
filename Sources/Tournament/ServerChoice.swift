/// Which server the games are played on.
public enum ServerChoice: Hashable, Sendable, Codable {
    /// Salvo's own server, started in-process on 127.0.0.1 with an ephemeral port and its
    /// database in the output directory.
    case embedded
    /// Any server that speaks the API, by base URL (`http://host:port`, without `/api`).
    case url(String)
}
