import Dispatch
import Foundation
import LoadTest

/// Ctrl-C once stops a load run after the requests in flight; twice exits at once.
/// Not Sendable: made and cancelled by the command's task only; the handler runs on its queue.
final class LoadInterruptHandler {
    private let source: any DispatchSourceSignal

    init(stop: LoadStopFlag) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            if stop.isSet {
                FileHandle.standardError.write(Data("\nStopped.\n".utf8))
                exit(130)
            }
            stop.set()
            FileHandle.standardError.write(Data("\nStopping after the requests in flight; Ctrl-C again to stop at once.\n".utf8))
        }
        source.resume()
    }

    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
