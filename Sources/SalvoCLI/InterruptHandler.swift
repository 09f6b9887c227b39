import Dispatch
import Foundation
import Tournament

/// Ctrl-C once asks the run to stop after the games in flight; twice exits at once.
/// Not Sendable: made and cancelled by the command's task only; the handler runs on its queue.
final class InterruptHandler {
    private let source: any DispatchSourceSignal

    init(stop: StopRequest) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            if stop.isRequested {
                FileHandle.standardError.write(Data("\nStopped.\n".utf8))
                exit(130)
            }
            stop.request()
            FileHandle.standardError.write(Data("\nFinishing the games in flight; Ctrl-C again to stop at once.\n".utf8))
        }
        source.resume()
    }

    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
