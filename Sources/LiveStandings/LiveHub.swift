import Foundation
import Reports
import Synchronization
import Tournament

/// The live state of one run, shared by the run's tasks (which report to it) and the live
/// server's requests (which read it). Every change bumps ``Snapshot/version`` and wakes the
/// event streams; a slow browser only ever gets the newest snapshot, never a backlog.
///
/// It also keeps the records of the last ``replayLimit`` finished games, so the live server
/// can show their replays before the run has written any file.
///
/// ```swift
/// let hub = LiveHub(tournament: config.name, bots: config.bots.map(\.name), total: 100)
/// hub.record(.started(total: 100, alreadyRated: []))
/// print(String(decoding: hub.snapshot().json, as: UTF8.self))
/// ```
public final class LiveHub: Sendable {
    /// The board as JSON at one version.
    public struct Snapshot: Sendable {
        public let version: Int
        public let json: [UInt8]
    }

    /// How many finished games' replays are kept in memory.
    public static let replayLimit = 200

    private struct State {
        var board: LiveBoard
        var version = 1
        var cached: Snapshot?
        var listeners: [Int: AsyncStream<Int>.Continuation] = [:]
        var nextListener = 0
        var closed = false
        var records: [Int: GameRecord] = [:]
        var recordOrder: [Int] = []
    }

    private let state: Mutex<State>
    /// What is cut out of every finished game before the page shows it: ids and absolute
    /// paths, as `salvo publish` cuts them, since the page may be served to a whole class.
    private let redaction: PublicRedaction?

    /// A hub for `tournament`; with `redaction`, every game's texts are redacted as published
    /// pages are (the run's folder relative, no home folder, no ids).
    public init(tournament: String, bots: [String], total: Int, redaction: PublicRedaction? = nil) {
        var board = LiveBoard(tournament: tournament, bots: bots, total: total)
        board.reportPath = redaction.map { $0.folderName + "/index.html" }
        state = Mutex(State(board: board))
        self.redaction = redaction
    }

    /// Applies a run's progress `event` (from any task).
    public func record(_ event: ProgressEvent, at now: Date = Date()) {
        var event = event
        if let redaction, case .gameFinished(let record, let done, let total) = event {
            event = .gameFinished(redaction.apply(to: record), done: done, total: total)
        }
        change { state in
            state.board.apply(event, at: now)
            if case .gameFinished(let record, _, _) = event {
                state.records[record.index] = record
                state.recordOrder.append(record.index)
                if state.recordOrder.count > Self.replayLimit {
                    state.records[state.recordOrder.removeFirst()] = nil
                }
            }
        }
    }

    /// The server answers: games are about to start.
    public func markPlaying() {
        change { $0.board.markPlaying() }
    }

    /// The run is (asked to be) in `phase`.
    public func mark(_ phase: LiveBoard.Phase, at now: Date = Date()) {
        change { $0.board.mark(phase, at: now) }
    }

    /// The board as it is now.
    public var board: LiveBoard { state.withLock { $0.board } }

    /// The current snapshot, encoded once per version.
    public func snapshot() -> Snapshot {
        state.withLock { state in
            if let cached = state.cached, cached.version == state.version { return cached }
            let snapshot = Snapshot(version: state.version, json: state.board.json(version: state.version))
            state.cached = snapshot
            return snapshot
        }
    }

    /// The record of finished game `index`, if it is among the last ``replayLimit``.
    public func finishedRecord(index: Int) -> GameRecord? {
        state.withLock { $0.records[index] }
    }

    /// A stream of versions, one element (the newest) after each change; it ends when the
    /// hub is closed. Call ``stopListening(_:)`` with the id when done.
    public func listen() -> (id: Int, versions: AsyncStream<Int>) {
        let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id: Int? = state.withLock { state in
            guard !state.closed else { return nil }
            let id = state.nextListener
            state.nextListener += 1
            state.listeners[id] = continuation
            return id
        }
        guard let id else {
            continuation.finish()
            return (-1, stream)
        }
        return (id, stream)
    }

    public func stopListening(_ id: Int) {
        let continuation = state.withLock { $0.listeners.removeValue(forKey: id) }
        continuation?.finish()
    }

    /// Ends every stream, now and to come: the live server is shutting down.
    public func close() {
        let listeners = state.withLock { state in
            state.closed = true
            defer { state.listeners = [:] }
            return Array(state.listeners.values)
        }
        for listener in listeners { listener.finish() }
    }

    private func change(_ body: (inout State) -> Void) {
        let (version, listeners) = state.withLock { state in
            body(&state)
            state.version += 1
            return (state.version, Array(state.listeners.values))
        }
        for listener in listeners { listener.yield(version) }
    }
}
