import Bots
import Suggestions
import Yams

extension TournamentFileReader {
    /// The built-ins' names, for messages: `champion, density, ...`.
    static var builtInNames: String {
        BuiltInBot.allCases.map(\.rawValue).sorted().joined(separator: ", ")
    }

    /// The listed `bots:`, at least `minimum` of them (0 when `bots_from:` may add the rest).
    func bots(_ node: Node, defaults: ExternalDefaults, minimum: Int = 2) throws(TournamentFileError) -> [BotEntry] {
        guard let sequence = node.sequence else { throw fail(node, "`bots` must be a list, one bot per `- ` line") }
        var bots: [BotEntry] = []
        for item in sequence {
            let bot = try self.bot(item, defaults: defaults)
            guard !bots.contains(where: { $0.name == bot.name }) else {
                throw fail(item, "two bots are named `\(bot.name)`; give each a distinct `name:`")
            }
            bots.append(bot)
        }
        guard bots.count >= minimum else { throw fail(node, "a tournament needs at least two bots; \(bots.count) listed") }
        return bots
    }

    func bot(_ node: Node, defaults: ExternalDefaults) throws(TournamentFileError) -> BotEntry {
        if let name = node.scalar?.string {
            guard let builtIn = BuiltInBot(rawValue: name) else {
                throw fail(
                    node,
                    "`\(name)` is not a built-in bot\(KeySuggestion.suggestion(for: name, among: BuiltInBot.allCases.map(\.rawValue))) (\(Self.builtInNames)); for a program write `- name: ...` and `command: ...`"
                )
            }
            return BotEntry(name: name, kind: .builtin(builtIn))
        }
        guard let mapping = node.mapping else {
            throw fail(node, "a bot is a built-in's name or a mapping with `name:` and `builtin:` or `command:`")
        }
        var values: [String: Node] = [:]
        for (keyNode, value) in mapping {
            guard let key = keyNode.string, TournamentFileParser.botKeys.contains(key) else {
                let key = keyNode.string ?? "?"
                throw fail(
                    keyNode,
                    "unknown bot key `\(key)`\(KeySuggestion.suggestion(for: key, among: TournamentFileParser.botKeys)); known keys: \(TournamentFileParser.botKeys.joined(separator: ", "))"
                )
            }
            values[key] = value
        }
        let builtin = try values["builtin"].map { node throws(TournamentFileError) in try string(node, "builtin") }
        guard let nameNode = values["name"] ?? values["builtin"] else { throw fail(node, "a bot needs `name:`") }
        let name = try string(nameNode, "name")
        guard !name.isEmpty, name.count <= 48 else { throw fail(nameNode, "a bot's name must be 1 to 48 characters") }
        switch (builtin, values["command"]) {
        case (let builtin?, nil):
            guard let builtIn = BuiltInBot(rawValue: builtin) else {
                throw fail(values["builtin"], "unknown built-in `\(builtin)`; choose one of \(Self.builtInNames)")
            }
            for key in ["move_timeout_ms", "startup_timeout_ms", "dir", "sandbox", "restart"] + Self.limitKeys.map(\.key) where values[key] != nil {
                throw fail(values[key], "`\(key)` applies to external bots (`command:`) only")
            }
            return BotEntry(name: name, kind: .builtin(builtIn))
        case (nil, let commandNode?):
            let command = try self.command(commandNode)
            var spec = ExternalBotSpec(command: command, limits: try limits(values, over: defaults.limits), sandbox: defaults.sandbox)
            if let node = values["sandbox"] { spec.sandbox = try sandbox(node, inheriting: defaults.sandbox) }
            spec.restart = try values["restart"].map { node throws(TournamentFileError) in try restart(node) } ?? defaults.restart
            if let node = values["dir"] {
                let folder = try string(node, "dir")
                guard !folder.isEmpty else { throw fail(node, "`dir` must name the bot's folder") }
                spec.folder = folder
            }
            if let node = values["move_timeout_ms"] { spec.moveDeadline = .milliseconds(try integer(node, "move_timeout_ms", 1...600_000)) }
            if let node = values["startup_timeout_ms"] { spec.startupDeadline = .milliseconds(try integer(node, "startup_timeout_ms", 1...600_000)) }
            return BotEntry(name: name, kind: .external(spec))
        case (.some, .some):
            throw fail(node, "bot `\(name)` has both `builtin:` and `command:`; keep one")
        case (nil, nil):
            throw fail(node, "bot `\(name)` needs `builtin:` (one of \(Self.builtInNames)) or `command:`")
        }
    }

    /// A command as a list of words or as one line, read as ``Bots/WrittenCommand`` reads it.
    func command(_ node: Node) throws(TournamentFileError) -> [String] {
        let written: WrittenCommand
        if let sequence = node.sequence {
            written = .list(try sequence.map { item throws(TournamentFileError) in try string(item, "command") })
        } else {
            written = .line(try string(node, "command"))
        }
        guard let words = written.words else { throw fail(node, WrittenCommand.noProgram) }
        return words
    }

}
