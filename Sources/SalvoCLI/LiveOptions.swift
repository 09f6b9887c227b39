import ArgumentParser

/// The options of `salvo run --live`: serve the standings while the run goes on.
struct LiveOptions: ParsableArguments {
    /// The port `--live` alone listens on.
    static let defaultPort = 8765

    @Option(
        name: .customLong("live"), defaultAsFlag: LiveOptions.defaultPort,
        help: ArgumentHelp(
            "Serve live standings while the run goes on, on this port (\(LiveOptions.defaultPort) when --live comes alone; 0 for any free port). Give it after FILE: `salvo run FILE --live [PORT]`.",
            valueName: "port"
        )
    )
    var port: Int? = nil

    @Option(
        name: .customLong("live-host"), help: "The address the live standings listen on. Anyone who can reach it sees the standings (never an id).")
    var host = "127.0.0.1"

    @Option(
        name: .customLong("live-linger"), help: "Once the run has ended, keep serving the final standings this many seconds (default: until Ctrl-C).")
    var linger: Int?

    func validate() throws {
        if let port, !(0...65535).contains(port) { throw CommandFailure.livePort }
        if let linger, linger < 0 { throw CommandFailure.liveLinger }
        if port == nil, linger != nil || host != "127.0.0.1" {
            throw CommandFailure.liveOptionsWithoutLive
        }
    }
}
