/// Why the live standings could not be served.
public enum LiveServerError: Error, CustomStringConvertible {
    /// Nothing could listen on `host:port` (taken, or not an address of this machine).
    case cannotListen(host: String, port: Int, detail: String)

    public var description: String {
        switch self {
        case .cannotListen(let host, let port, let detail):
            "The live standings cannot listen on \(host):\(port) (\(detail)). Give another port (--live PORT, 0 for any free one) or --live-host."
        }
    }
}
