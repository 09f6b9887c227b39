import RunControl
import ServiceLifecycle

/// The arena's worker as a service of the arena's group (ServiceKit's `HTTPService`): it
/// starts once the arena listens, and when the group stops (after the HTTP service) it
/// finishes the step in progress and returns.
struct ArenaWorkerService: Service, CustomStringConvertible {
    let worker: ArenaWorker
    let stop: StopSignal

    func run() async {
        await withTaskCancellationOrGracefulShutdownHandler {
            await worker.run()
        } onCancelOrGracefulShutdown: {
            stop.request()
            worker.nudge()
        }
    }

    var description: String { "ArenaWorker" }
}
