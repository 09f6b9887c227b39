import ServiceLifecycle

/// A service of the group that starts once the application listens (``ListeningGate``), and
/// not at all when it never does (its address taken) or the group stops first: a service that
/// cannot listen has touched nothing.
struct AfterListening: Service, CustomStringConvertible {
    let service: any Service
    let gate: ListeningGate

    func run() async throws {
        let listening = await withTaskCancellationOrGracefulShutdownHandler {
            await gate.wait()
        } onCancelOrGracefulShutdown: {
            gate.settle(false)
        }
        guard listening else { return }
        try await service.run()
    }

    var description: String { "\(service)" }
}
