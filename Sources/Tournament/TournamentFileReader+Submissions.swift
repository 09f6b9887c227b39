import Bots
import Foundation
import Submissions
import Yams

/// `bots_from:`, a folder of submissions (bots/SUBMITTING.md): `bots_from: submissions/`, or a
/// mapping with the builds' limits and the submitted bots' deadlines.
extension TournamentFileReader {
    static let submissionKeys = ["folder", "build_timeout_s", "build_memory_mb", "move_timeout_ms", "startup_timeout_ms"]

    /// Discovers, builds and checks the submissions; their copies, build logs and build cache
    /// go to `OUTPUT/submissions`.
    func submissions(_ node: Node, defaults: ExternalDefaults, listed: [BotEntry], outputDirectory: String) throws(TournamentFileError) -> SubmissionEntries {
        var values: [String: Node] = [:]
        if node.scalar != nil {
            values["folder"] = node
        } else if let mapping = node.mapping {
            for (keyNode, value) in mapping {
                guard let key = keyNode.string, Self.submissionKeys.contains(key) else {
                    let key = keyNode.string ?? "?"
                    throw fail(keyNode, "unknown `bots_from` key `\(key)`\(KeySuggestion.suggestion(for: key, among: Self.submissionKeys)); known keys: \(Self.submissionKeys.joined(separator: ", "))")
                }
                values[key] = value
            }
        } else {
            throw fail(node, "`bots_from` must be a folder (e.g. `bots_from: submissions/`) or a mapping such as `{folder: submissions/, build_timeout_s: 120}`")
        }
        guard let folderNode = values["folder"] else { throw fail(node, "`bots_from` needs `folder:`, the folder of submissions") }
        let folder = try string(folderNode, "bots_from")
        guard !folder.isEmpty else { throw fail(folderNode, "`bots_from` must name a folder") }
        var sandbox = defaults.sandbox
        if sandboxDisabled { sandbox = .none }
        var settings = SubmissionSettings(
            folder: folder, workFolder: outputDirectory + "/submissions", limits: defaults.limits, sandbox: sandbox,
            restart: defaults.restart, takenNames: listed.map(\.name)
        )
        if let node = values["build_timeout_s"] { settings.buildTimeout = .seconds(try integer(node, "build_timeout_s", 1...86_400)) }
        settings.buildLimits.cpuSeconds = Int(settings.buildTimeout.components.seconds)
        if let node = values["build_memory_mb"] { settings.buildLimits.memoryBytes = try integer(node, "build_memory_mb", 64...65_536) << 20 }
        if let node = values["move_timeout_ms"] { settings.moveDeadline = .milliseconds(try integer(node, "move_timeout_ms", 1...600_000)) }
        if let node = values["startup_timeout_ms"] { settings.startupDeadline = .milliseconds(try integer(node, "startup_timeout_ms", 1...600_000)) }
        do {
            return try SubmissionDiscovery.enter(settings)
        } catch {
            throw fail(folderNode, error.message)
        }
    }

    /// The error of a tournament left with fewer than two bots.
    func tooFewBots(_ node: Node, entries: SubmissionEntries, listed: Int) -> TournamentFileError {
        let total = listed + entries.entered.count
        var message = "a tournament needs at least two bots, and \(total) entered (\(listed) listed in `bots:`, \(entries.entered.count) from `bots_from:`)"
        if !entries.notEntered.isEmpty {
            message += "; not entered: " + entries.notEntered.prefix(5).map { "\($0.folder): \($0.reason.split(separator: "\n").first ?? "")" }.joined(separator: "; ")
        }
        return fail(node, message)
    }
}
