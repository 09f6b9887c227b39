import Bots
import Foundation
import Suggestions
import Yams

extension SubmissionManifest {
    /// Reads the YAML of a `bot.yaml`, checking every key and value.
    public static func read(_ text: String) throws(ManifestProblem) -> SubmissionManifest {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw ManifestProblem(line: nil, message: "the file is empty; it needs at least `command:`")
            }
            root = node
        } catch let problem as ManifestProblem {
            throw problem
        } catch let error as YamlError {
            switch error {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
                throw ManifestProblem(line: mark.line, message: "not valid YAML: \(problem)")
            default:
                throw ManifestProblem(line: nil, message: "not valid YAML: \(error)")
            }
        } catch {
            throw ManifestProblem(line: nil, message: "not valid YAML: \(error)")
        }
        guard let mapping = root.mapping else {
            throw problem(root, "the file must be a mapping of keys such as `command:` and `build:`")
        }
        var values: [String: Node] = [:]
        for (keyNode, value) in mapping {
            guard let key = keyNode.string, keys.contains(key) else {
                let key = keyNode.string ?? "?"
                throw problem(
                    keyNode, "unknown key `\(key)`\(KeySuggestion.suggestion(for: key, among: keys)); known keys: \(keys.joined(separator: ", "))")
            }
            values[key] = value
        }
        guard let commandNode = values["command"] else {
            throw problem(root, "missing `command:`, the program that plays (e.g. `command: python3 bot.py` or `command: ./bot`)")
        }
        var manifest = SubmissionManifest(command: try command(commandNode))
        if let node = values["name"] {
            let name = try scalar(node, "name")
            guard !name.isEmpty, name.count <= 48, !name.contains(where: \.isNewline) else {
                throw problem(node, "`name` must be 1 to 48 characters on one line")
            }
            manifest.name = name
        }
        if let node = values["build"] {
            let build = try scalar(node, "build")
            guard !build.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw problem(node, "`build` is empty; give the build's shell command (e.g. `cc -O2 -o bot bot.c`) or remove it")
            }
            manifest.build = build
        }
        if let node = values["restart"] {
            let text = try scalar(node, "restart")
            guard let policy = RestartPolicy(rawValue: text) else {
                throw problem(node, "`restart` must be `reuse` or `per-game`; got `\(text)`")
            }
            manifest.restart = policy
        }
        for fileKey in ResourceLimits.fileKeys {
            guard let node = values[fileKey.key] else { continue }
            if node.scalar?.string == "none" {
                manifest.limits[fileKey.key] = .some(nil)
                continue
            }
            guard let value = node.int, fileKey.range.contains(value) else {
                throw problem(
                    node,
                    "`\(fileKey.key)` must be a whole number from \(fileKey.range.lowerBound) to \(fileKey.range.upperBound); got `\(node.string ?? "?")`"
                )
            }
            manifest.limits[fileKey.key] = value * fileKey.unit
        }
        return manifest
    }

    private static func problem(_ node: Node?, _ message: String) -> ManifestProblem {
        ManifestProblem(line: node?.mark?.line, message: message)
    }

    private static func scalar(_ node: Node, _ key: String) throws(ManifestProblem) -> String {
        guard let scalar = node.scalar else { throw problem(node, "`\(key)` must be a single value, not a list or mapping") }
        return scalar.string
    }

    /// A command as a list of words or as one line, read as ``Bots/WrittenCommand`` reads it.
    private static func command(_ node: Node) throws(ManifestProblem) -> [String] {
        let written: WrittenCommand
        if let sequence = node.sequence {
            written = .list(try sequence.map { item throws(ManifestProblem) in try scalar(item, "command") })
        } else {
            written = .line(try scalar(node, "command"))
        }
        guard let words = written.words else { throw problem(node, WrittenCommand.noProgram) }
        return words
    }
}
