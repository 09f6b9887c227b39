import Bots
import Suggestions
import Yams

/// `sandbox:` and the limit keys, at the top of a file (for every external bot) or in one
/// bot's entry (for that bot); docs/sandbox.md lists them with their defaults.
extension TournamentFileReader {
    /// The limit keys, their units and ranges.
    static let limitKeys: [(key: String, range: ClosedRange<Int>)] = ResourceLimits.fileKeys.map { ($0.key, $0.range) }

    /// What every external bot gets unless its own entry says otherwise.
    struct ExternalDefaults {
        var sandbox = SandboxSettings()
        var limits = ResourceLimits()
        var restart = RestartPolicy.reuse
    }

    /// `restart: reuse` (the default) or `restart: per-game`.
    func restart(_ node: Node) throws(TournamentFileError) -> RestartPolicy {
        let text = try string(node, "restart")
        guard let policy = RestartPolicy(rawValue: text) else {
            throw fail(node, "`restart` must be `reuse` (a process plays many games, never both of a mirrored pair) or `per-game`; got `\(text)`")
        }
        return policy
    }

    /// `sandbox: none`, `sandbox: bubblewrap`, or `sandbox: {read_only: [/opt/conda]}`.
    func sandbox(_ node: Node, inheriting base: SandboxSettings) throws(TournamentFileError) -> SandboxSettings {
        if let word = node.scalar?.string {
            switch word {
            case "none": return .none
            case "bubblewrap": return SandboxSettings(isEnabled: true, readOnlyPaths: base.readOnlyPaths)
            default:
                throw fail(
                    node, "`sandbox` must be `bubblewrap` (the default), `none`, or a mapping such as `{read_only: [/opt/conda]}`; got `\(word)`")
            }
        }
        guard let mapping = node.mapping else {
            throw fail(node, "`sandbox` must be `bubblewrap`, `none`, or a mapping such as `{read_only: [/opt/conda]}`")
        }
        var settings = SandboxSettings(isEnabled: true, readOnlyPaths: base.readOnlyPaths)
        for (keyNode, value) in mapping {
            guard keyNode.string == "read_only" else {
                throw fail(keyNode, "unknown `sandbox` key `\(keyNode.string ?? "?")`; the one key is read_only (host folders the bot may read)")
            }
            guard let list = value.sequence else { throw fail(value, "`read_only` must be a list of absolute folders, e.g. [/opt/conda]") }
            var paths: [String] = []
            for item in list {
                let path = try string(item, "read_only")
                guard path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
                    throw fail(item, "`read_only` folders must be absolute paths without `..`; got `\(path)`")
                }
                paths.append(path)
            }
            settings.readOnlyPaths = paths
        }
        return settings
    }

    /// The limits in `values` (a bot's entry or the top-level `limits:` mapping) over `base`.
    func limits(_ values: [String: Node], over base: ResourceLimits) throws(TournamentFileError) -> ResourceLimits {
        var limits = base
        for fileKey in ResourceLimits.fileKeys {
            guard let node = values[fileKey.key] else { continue }
            let value: Int? = node.scalar?.string == "none" ? nil : try integer(node, fileKey.key, fileKey.range)
            limits.set(fileKey, to: value)
        }
        return limits
    }

    /// The top-level `sandbox:` and `limits:` of a file.
    func externalDefaults(_ values: [String: Node]) throws(TournamentFileError) -> ExternalDefaults {
        var defaults = ExternalDefaults()
        if let node = values["sandbox"] { defaults.sandbox = try sandbox(node, inheriting: defaults.sandbox) }
        if let node = values["restart"] { defaults.restart = try restart(node) }
        if let node = values["limits"] {
            guard let mapping = node.mapping else { throw fail(node, "`limits` must be a mapping such as `{memory_mb: 512, cpu_seconds: 30}`") }
            var limitValues: [String: Node] = [:]
            let known = Self.limitKeys.map(\.key)
            for (keyNode, value) in mapping {
                guard let key = keyNode.string, known.contains(key) else {
                    let key = keyNode.string ?? "?"
                    throw fail(
                        keyNode,
                        "unknown `limits` key `\(key)`\(KeySuggestion.suggestion(for: key, among: known)); known keys: \(known.joined(separator: ", "))"
                    )
                }
                limitValues[key] = value
            }
            defaults.limits = try limits(limitValues, over: defaults.limits)
        }
        return defaults
    }
}
