import Bots
import Foundation
import Suggestions
import Yams

/// `bots_from:`, a folder of submissions (bots/SUBMITTING.md): `bots_from: submissions/`, or a
/// mapping with the builds' limits and the submitted bots' deadlines. Read, never entered here.
extension TournamentFileReader {
    static let submissionKeys = [
        "folder", "build_timeout_s", "build_memory_mb", "build_disk_mb", "move_timeout_ms", "startup_timeout_ms", "deadline", "accept_late",
    ]

    /// What `bots_from:` says, checked.
    func botsFrom(_ node: Node, defaults: ExternalDefaults) throws(TournamentFileError) -> BotsFrom {
        var values: [String: Node] = [:]
        if node.scalar != nil {
            values["folder"] = node
        } else if let mapping = node.mapping {
            for (keyNode, value) in mapping {
                guard let key = keyNode.string, Self.submissionKeys.contains(key) else {
                    let key = keyNode.string ?? "?"
                    throw fail(
                        keyNode,
                        "unknown `bots_from` key `\(key)`\(KeySuggestion.suggestion(for: key, among: Self.submissionKeys)); known keys: \(Self.submissionKeys.joined(separator: ", "))"
                    )
                }
                values[key] = value
            }
        } else {
            throw fail(
                node,
                "`bots_from` must be a folder (e.g. `bots_from: submissions/`) or a mapping such as `{folder: submissions/, build_timeout_s: 120}`")
        }
        guard let folderNode = values["folder"] else { throw fail(node, "`bots_from` needs `folder:`, the folder of submissions") }
        let folder = try string(folderNode, "bots_from")
        guard !folder.isEmpty else { throw fail(folderNode, "`bots_from` must name a folder") }
        var botsFrom = BotsFrom(
            folder: folder, file: file, line: folderNode.mark?.line, limits: defaults.limits, sandbox: defaults.sandbox, restart: defaults.restart
        )
        if let node = values["build_timeout_s"] { botsFrom.buildTimeout = .seconds(try integer(node, "build_timeout_s", 1...86_400)) }
        if let node = values["build_memory_mb"] { botsFrom.buildMemoryBytes = try integer(node, "build_memory_mb", 64...65_536) << 20 }
        if let node = values["build_disk_mb"] { botsFrom.buildDiskBytes = try integer(node, "build_disk_mb", 16...65_536) << 20 }
        if let node = values["move_timeout_ms"] { botsFrom.moveDeadline = .milliseconds(try integer(node, "move_timeout_ms", 1...600_000)) }
        if let node = values["startup_timeout_ms"] { botsFrom.startupDeadline = .milliseconds(try integer(node, "startup_timeout_ms", 1...600_000)) }
        if let node = values["deadline"] { botsFrom.deadline = try deadline(node) }
        if let node = values["accept_late"] {
            guard botsFrom.deadline != nil else {
                throw fail(node, "`accept_late` lists folders accepted after the deadline; give `deadline:` too, or remove it")
            }
            guard let items = node.sequence else { throw fail(node, "`accept_late` must be a list of folders, e.g. `accept_late: [alice, bob]`") }
            botsFrom.acceptLate = try items.map { item throws(TournamentFileError) in try string(item, "accept_late") }
        }
        return botsFrom
    }

    /// `deadline:` as an ISO 8601 date and time with its zone (`2026-12-11T23:59:00Z`,
    /// `2026-12-11T23:59:00+01:00`), or a date alone for the end of that day in UTC.
    func deadline(_ node: Node) throws(TournamentFileError) -> Date {
        let text = try string(node, "deadline").trimmingCharacters(in: .whitespaces)
        let full = ISO8601DateFormatter()
        if let date = full.date(from: text) { return date }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        if let date = day.date(from: text) { return date.addingTimeInterval(86_400 - 1) }
        throw fail(
            node,
            "`deadline: \(text)` is not a date and time; write it as ISO 8601 with its time zone, e.g. `deadline: 2026-12-11T23:59:00Z`, or a date alone (`2026-12-11`, the end of that day in UTC)"
        )
    }
}
