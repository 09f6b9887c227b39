import Synchronization

/// The idle processes of one external bot between games, when its processes are reused
/// (``RestartPolicy/reuse``).
///
/// **The fairness rule.** The two games of a mirrored pair are played on the same fleets, the
/// first mover's fleet the same in both: a process that played one could remember where it
/// was hit and fire there in the other. So a game is given only a process that has not played
/// the other game of its pair (``checkout(excluding:)``); any other process may be reused.
///
/// A process that faulted, or died, is never given back; at most `maxIdle` wait; ``shutdown()``
/// ends them all when the run ends.
public final class BotProcessPool: Sendable {
    private let idle = Mutex<[BotSession]>([])
    /// The most processes kept waiting for a game; more are ended when they come back.
    public let maxIdle: Int

    public init(maxIdle: Int) {
        self.maxIdle = max(1, maxIdle)
    }

    /// A waiting process that is still alive and has not played a game of `mirrorGroup`, taken
    /// out of the pool; nil when there is none. Dead ones met on the way are dropped.
    func checkout(excluding mirrorGroup: Int?) async -> BotSession? {
        var dead: [BotSession] = []
        let found = idle.withLock { sessions -> BotSession? in
            while true {
                guard
                    let index = sessions.firstIndex(where: { session in
                        mirrorGroup.map { !session.playedMirrors.contains($0) } ?? true
                    })
                else { return nil }
                let session = sessions.remove(at: index)
                if session.isRunning { return session }
                dead.append(session)
            }
        }
        for session in dead { await session.terminate() }
        return found
    }

    /// Puts `session` back to wait for a game, or ends it when enough wait already.
    func checkin(_ session: BotSession) async {
        let kept = idle.withLock { sessions in
            guard sessions.count < maxIdle else { return false }
            sessions.append(session)
            return true
        }
        if !kept { await session.terminate() }
    }

    /// Ends every waiting process (`quit`, a short grace, then the whole process group).
    public func shutdown() async {
        let sessions = idle.withLock { sessions in
            defer { sessions.removeAll() }
            return sessions
        }
        await withTaskGroup(of: Void.self) { group in
            for session in sessions { group.addTask { await session.terminate() } }
        }
    }
}
