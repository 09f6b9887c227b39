import DurationUnits
import Foundation
import Synchronization

/// The DevTools protocol over Chromium's pipe: numbered commands matched to their replies,
/// and a log of every event that waiters can search. Every wait has a deadline; when the
/// browser goes away every waiter fails at once instead of hanging.
///
/// A reader thread blocks on the browser's fd 4 and hands bytes to ``receive(_:)``; replies
/// and events resume their waiters from there. JavaScript dialogs (`alert`, `confirm`) block
/// the page's script and every later command, so they are dismissed as soon as they open;
/// the `Page.javascriptDialogOpening` event stays in the log for tests to find.
final class DevToolsConnection: Sendable {
    private struct EventWaiter {
        var method: String
        var sessionId: String?
        var continuation: CheckedContinuation<DevToolsEvent, any Error>
    }

    private struct State {
        var framer = MessageFramer()
        var nextId = 1
        var replies: [Int: CheckedContinuation<JSONValue, any Error>] = [:]
        var methods: [Int: String] = [:]
        var events: [DevToolsEvent] = []
        var waiters: [Int: EventWaiter] = [:]
        var timers: [Int: Task<Void, Never>] = [:]
        var failure: BrowserError?
    }

    private let state = Mutex(State())
    private let process: ChromiumProcess

    init(process: ChromiumProcess) {
        self.process = process
    }

    /// Starts the thread that reads the browser's output until it closes, then fails every waiter.
    func startReading() {
        let descriptor = process.replyDescriptor
        let thread = Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                receive(chunk[..<count])
            }
            close(descriptor)
            fail(with: .browserExited(log: process.logTail()))
        }
        thread.name = "chromium-devtools-reader"
        thread.start()
    }

    /// Sends `method` with `params` (to the page `sessionId`, or the browser) and returns
    /// the reply's `result`; throws the protocol's error, or `.timedOut` after `timeout`.
    func send(_ method: String, _ params: JSONValue = [:], sessionId: String? = nil, timeout: Duration) async throws -> JSONValue {
        let id = state.withLock { state in
            defer { state.nextId += 1 }
            return state.nextId
        }
        var message: [String: JSONValue] = ["id": .number(Double(id)), "method": .string(method), "params": params]
        if let sessionId { message["sessionId"] = .string(sessionId) }
        let bytes = MessageFramer.frame(Array(try JSONValue.object(message).serialized()))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let refused: BrowserError? = state.withLock { state in
                    if let failure = state.failure { return failure }
                    state.replies[id] = continuation
                    state.methods[id] = method
                    state.timers[id] = Task { [weak self] in
                        try? await Task.sleep(for: timeout)
                        guard !Task.isCancelled else { return }
                        self?.resolve(id, with: .failure(BrowserError.timedOut(waitingFor: "\(method)", seconds: timeout.seconds)))
                    }
                    return nil
                }
                if let refused {
                    continuation.resume(throwing: refused)
                    return
                }
                if Task.isCancelled { resolve(id, with: .failure(CancellationError())) }
                if !process.write(bytes) { resolve(id, with: .failure(BrowserError.browserExited(log: process.logTail()))) }
            }
        } onCancel: {
            resolve(id, with: .failure(CancellationError()))
        }
    }

    /// The number of events received so far: pass it to ``waitForEvent(_:sessionId:after:timeout:)``
    /// to wait only for events that arrive from now on.
    var eventCount: Int {
        state.withLock { $0.events.count }
    }

    /// Every event named `method` (for `sessionId`, when given) received so far.
    func events(_ method: String, sessionId: String?) -> [DevToolsEvent] {
        state.withLock { state in state.events.filter { Self.matches($0, method, sessionId) } }
    }

    /// The first event named `method` for `sessionId` at or after position `after` in the
    /// log, waiting for it until `timeout`.
    func waitForEvent(_ method: String, sessionId: String?, after: Int, timeout: Duration) async throws -> DevToolsEvent {
        let key = state.withLock { state in
            defer { state.nextId += 1 }
            return state.nextId
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                enum Outcome {
                    case found(DevToolsEvent)
                    case failed(BrowserError)
                    case waiting
                }
                let outcome: Outcome = state.withLock { state in
                    if let event = state.events.dropFirst(after).first(where: { Self.matches($0, method, sessionId) }) {
                        return .found(event)
                    }
                    if let failure = state.failure { return .failed(failure) }
                    state.waiters[key] = EventWaiter(method: method, sessionId: sessionId, continuation: continuation)
                    state.timers[key] = Task { [weak self] in
                        try? await Task.sleep(for: timeout)
                        guard !Task.isCancelled else { return }
                        self?.resolveWaiter(key, with: .failure(BrowserError.timedOut(waitingFor: "the event \(method)", seconds: timeout.seconds)))
                    }
                    return .waiting
                }
                switch outcome {
                case .found(let event): continuation.resume(returning: event)
                case .failed(let failure): continuation.resume(throwing: failure)
                case .waiting: if Task.isCancelled { resolveWaiter(key, with: .failure(CancellationError())) }
                }
            }
        } onCancel: {
            resolveWaiter(key, with: .failure(CancellationError()))
        }
    }

    /// Bytes from the browser: completes replies, logs events and wakes their waiters.
    func receive(_ bytes: ArraySlice<UInt8>) {
        var resumptions: [() -> Void] = []
        var dialogSessions: [String?] = []
        state.withLock { state in
            for message in state.framer.append(bytes) {
                guard let value = try? JSONValue.parse(Data(message)) else { continue }
                if let id = value["id"]?.int {
                    guard let continuation = state.replies.removeValue(forKey: id) else { continue }
                    let method = state.methods.removeValue(forKey: id) ?? "a command"
                    state.timers.removeValue(forKey: id)?.cancel()
                    if let error = value["error"] {
                        let text = error["message"]?.string ?? "\(error)"
                        resumptions.append { continuation.resume(throwing: BrowserError.protocolError(method: method, message: text)) }
                    } else {
                        let result = value["result"] ?? [:]
                        resumptions.append { continuation.resume(returning: result) }
                    }
                } else if let method = value["method"]?.string {
                    let event = DevToolsEvent(
                        sequence: state.events.count, method: method, sessionId: value["sessionId"]?.string, params: value["params"] ?? [:])
                    state.events.append(event)
                    if method == "Page.javascriptDialogOpening" { dialogSessions.append(event.sessionId) }
                    for (key, waiter) in state.waiters where Self.matches(event, waiter.method, waiter.sessionId) {
                        state.waiters.removeValue(forKey: key)
                        state.timers.removeValue(forKey: key)?.cancel()
                        resumptions.append { waiter.continuation.resume(returning: event) }
                    }
                }
            }
        }
        for resume in resumptions { resume() }
        for sessionId in dialogSessions {
            Task { [weak self] in
                _ = try? await self?.send("Page.handleJavaScriptDialog", ["accept": false], sessionId: sessionId, timeout: .seconds(10))
            }
        }
    }

    /// Fails every pending command and waiter with `failure`, and every later one too.
    func fail(with failure: BrowserError) {
        let (replies, waiters, timers) = state.withLock { state in
            if state.failure == nil { state.failure = failure }
            defer {
                state.replies = [:]
                state.methods = [:]
                state.waiters = [:]
                state.timers = [:]
            }
            return (Array(state.replies.values), Array(state.waiters.values), Array(state.timers.values))
        }
        for timer in timers { timer.cancel() }
        for continuation in replies { continuation.resume(throwing: failure) }
        for waiter in waiters { waiter.continuation.resume(throwing: failure) }
    }

    private func resolve(_ id: Int, with result: Result<JSONValue, any Error>) {
        let continuation = state.withLock { state in
            state.methods.removeValue(forKey: id)
            state.timers.removeValue(forKey: id)?.cancel()
            return state.replies.removeValue(forKey: id)
        }
        continuation?.resume(with: result)
    }

    private func resolveWaiter(_ key: Int, with result: Result<DevToolsEvent, any Error>) {
        let waiter = state.withLock { state in
            state.timers.removeValue(forKey: key)?.cancel()
            return state.waiters.removeValue(forKey: key)
        }
        waiter?.continuation.resume(with: result)
    }

    private static func matches(_ event: DevToolsEvent, _ method: String, _ sessionId: String?) -> Bool {
        event.method == method && (sessionId == nil || event.sessionId == sessionId)
    }
}
