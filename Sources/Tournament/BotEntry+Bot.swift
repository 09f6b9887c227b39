import Bots

extension BotEntry {
    /// A fresh bot for one game. An external bot's stderr is appended to
    /// `logDirectory/NAME.log`.
    func makeBot(seed: UInt64, logDirectory: String?) -> any Bot {
        switch kind {
        case .builtin(let name):
            // The tournament file parser accepts only the built-ins' names.
            return (BuiltInBot(rawValue: name) ?? .random).makeBot(seed: seed)
        case .external(let command, let move, let startup):
            let log = logDirectory.map { "\($0)/\(ServerNames.player(name, fallback: "bot")).log" }
            let configuration = ExternalBotConfiguration(
                command: command, moveDeadline: .milliseconds(move), startupDeadline: .milliseconds(startup), logPath: log
            )
            return ExternalBot(configuration, seed: seed)
        }
    }
}
