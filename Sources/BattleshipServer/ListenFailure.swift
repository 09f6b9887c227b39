import Foundation
import NIOCore

/// Why a server could not listen on its address, in plain words instead of the socket
/// library's (`bind(descriptor:ptr:bytes:): Address already in use (errno: 98)`).
///
/// ```swift
/// catch { print(ListenFailure.explain(error, host: "127.0.0.1", port: 8080) ?? "\(error)") }
/// ```
public enum ListenFailure {
    /// A sentence saying what was wrong with `host`:`port` and what to do, when `error` is
    /// one of the failures of opening a listening socket; nil for any other error.
    public static func explain(_ error: any Error, host: String, port: Int) -> String? {
        guard let error = error as? IOError else { return nil }
        switch error.errnoCode {
        case EADDRINUSE:
            return
                "port \(port) on \(host) is already in use by another program; stop that program, or choose another port with --port (0 picks a free one)"
        case EACCES:
            return "port \(port) on \(host) may only be opened by root (ports below 1024 are reserved); choose a port from 1024 up with --port"
        case EADDRNOTAVAIL:
            return
                "\(host) is not an address of this machine; listen on 127.0.0.1, on 0.0.0.0 (every address) or on one of its own addresses with --host"
        default:
            return nil
        }
    }
}
