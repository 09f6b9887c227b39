import Foundation
import Orchestrator

/// An upload's state as `GET /api/submissions/ID` gives it to its owner (docs/arena.md): what
/// `salvo submit` and the upload page follow.
///
/// ```json
/// {"id": 12, "state": "checking", "final": false, "receivedAt": "2026-11-28T02:40:00Z",
///  "checkStartedAt": "2026-11-28T02:40:01Z",
///  "lines": [{"kind": "step", "passed": true, "name": "entry: ...", "detail": "alice: built in 1.2 s; ..."}]}
/// ```
public struct ArenaStatus: Codable, Hashable, Sendable {
    /// One line of the check: a step (`passed`, `name`, `detail`), the end of the bot's
    /// stderr or a hint (`text`).
    public struct Line: Codable, Hashable, Sendable {
        public var kind: String
        public var passed: Bool?
        public var name: String?
        public var detail: String?
        public var text: String?

        init(_ line: BotCheck.Line) {
            switch line {
            case .step(let passed, let name, let detail): (kind, self.passed, self.name, self.detail) = ("step", passed, name, detail)
            case .stderr(let tail): (kind, text) = ("stderr", tail)
            case .hint(let hint): (kind, text) = ("hint", hint)
            }
        }

        /// The line as the check said it.
        public var checkLine: BotCheck.Line {
            switch kind {
            case "step": .step(passed: passed ?? false, name: name ?? "", detail: detail ?? "")
            case "stderr": .stderr(text ?? "")
            default: .hint(text ?? "")
            }
        }
    }

    public var id: Int64
    public var state: ArenaSubmission.State
    /// Whether nothing more will happen (entered, refused, late, replaced).
    public var final: Bool
    public var receivedAt: Date
    public var reason: String?
    public var version: String?
    /// When its check began and ended (passed or refused); absent before.
    public var checkStartedAt: Date?
    public var checkedAt: Date?
    public var lines: [Line]

    /// Throws when the upload's check lines cannot be read from the store.
    public init(_ submission: ArenaSubmission) throws {
        id = submission.id ?? 0
        state = submission.state
        final = submission.state.isFinal
        receivedAt = submission.receivedAt
        reason = submission.reason
        version = submission.version
        checkStartedAt = submission.checkStartedAt
        checkedAt = submission.checkedAt
        lines = try submission.checkLines().map(Line.init)
    }
}
