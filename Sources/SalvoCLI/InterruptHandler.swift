import Bots
import Dispatch
import Foundation
import Processes
import RunControl
import Synchronization

/// Ctrl-C once asks a long command to stop gently (a run after the games in flight, a load
/// test after the requests in flight); twice exits at once. SIGTERM (a user's `kill`, a
/// cluster scheduler's cancel) and SIGHUP (a closed terminal or SSH session) exit at once too. Before exiting, every bot process is killed
/// (``Processes/ProcessRegistry``), so none outlives the run.
/// Not Sendable: made and cancelled by the command's task only; the handlers run on their queue.
final class InterruptHandler {
    private let interrupt: any DispatchSourceSignal
    private let terminate: any DispatchSourceSignal
    private let hangUp: any DispatchSourceSignal
    /// What the first Ctrl-C prints.
    private let message: Message

    /// Ctrl-C once requests `stop` and prints `message` ("Finishing the games in flight").
    init(stop: StopSignal, message: String) {
        let message = Message(text: Mutex(message))
        self.message = message
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
        interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler {
            if stop.isRequested { Self.exitNow(status: 130) }
            stop.request()
            FileHandle.standardError.write(Data("\n\(message.text.withLock { $0 }); Ctrl-C again to stop at once.\n".utf8))
        }
        terminate = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
        terminate.setEventHandler { Self.exitNow(status: 143) }
        hangUp = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        hangUp.setEventHandler { Self.exitNow(status: 129) }
        interrupt.resume()
        terminate.resume()
        hangUp.resume()
    }

    /// Kills the bots and exits: what was journaled stays, the next run continues.
    ///
    /// With `_exit`, after flushing standard output: `exit` would run the libraries' exit
    /// handlers (OpenSSL's cleanup among them) while the run's other threads still use them,
    /// and the process then died of SIGSEGV now and then instead of exiting with `status`.
    private static func exitNow(status: Int32) -> Never {
        ProcessRegistry.killAll()
        FileHandle.standardError.write(Data("\nStopped.\n".utf8))
        fflush(nil)
        _exit(status)
    }

    /// From now on the first Ctrl-C prints `text` (the job it stops has changed).
    func setMessage(_ text: String) {
        message.text.withLock { $0 = text }
    }

    func cancel() {
        interrupt.cancel()
        terminate.cancel()
        hangUp.cancel()
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        signal(SIGHUP, SIG_DFL)
    }
}

extension InterruptHandler {
    /// The first Ctrl-C's message, read on the handler's queue and changed by the command.
    private final class Message: Sendable {
        let text: Mutex<String>
        init(text: consuming Mutex<String>) { self.text = text }
    }
}
