import Dispatch
import Foundation
import LoadTest
import Tournament

/// Ctrl-C once asks a long command to stop gently (a run after the games in flight, a load
/// test after the requests in flight); twice exits at once.
/// Not Sendable: made and cancelled by the command's task only; the handler runs on its queue.
final class InterruptHandler {
    private let source: any DispatchSourceSignal

    /// `isRequested` tells whether a first Ctrl-C came already, `request` asks for the gentle
    /// stop, and `message` says what happens now.
    init(isRequested: @escaping @Sendable () -> Bool, request: @escaping @Sendable () -> Void, message: String) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            if isRequested() {
                FileHandle.standardError.write(Data("\nStopped.\n".utf8))
                exit(130)
            }
            request()
            FileHandle.standardError.write(Data("\n\(message); Ctrl-C again to stop at once.\n".utf8))
        }
        source.resume()
    }

    /// For a tournament run.
    convenience init(stop: StopRequest) {
        self.init(isRequested: { stop.isRequested }, request: { stop.request() }, message: "Finishing the games in flight")
    }

    /// For a load test.
    convenience init(stop: LoadStopFlag) {
        self.init(isRequested: { stop.isSet }, request: { stop.set() }, message: "Stopping after the requests in flight")
    }

    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
