import Dispatch
import Foundation
import RunControl

/// Ctrl-C once asks a long command to stop gently (a run after the games in flight, a load
/// test after the requests in flight); twice exits at once.
/// Not Sendable: made and cancelled by the command's task only; the handler runs on its queue.
final class InterruptHandler {
    private let source: any DispatchSourceSignal

    /// Ctrl-C once requests `stop` and prints `message` ("Finishing the games in flight").
    init(stop: StopSignal, message: String) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            if stop.isRequested {
                FileHandle.standardError.write(Data("\nStopped.\n".utf8))
                exit(130)
            }
            stop.request()
            FileHandle.standardError.write(Data("\n\(message); Ctrl-C again to stop at once.\n".utf8))
        }
        source.resume()
    }

    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
