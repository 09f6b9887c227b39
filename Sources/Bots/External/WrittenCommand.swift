/// A bot's `command:` as a YAML file writes it: a list of words (`command: [python3, bot.py]`)
/// or one line (`command: python3 "my bot.py"`, split by ``ExternalBotSpec/words(ofCommandLine:)``).
///
/// The one reading of it, for a tournament file's bots and a submission's `bot.yaml` alike
/// (issue 41 folded the two readers' copies): each reader takes the YAML node apart in its
/// own error type and asks ``words`` here, so the two files always accept the same commands.
///
/// ```swift
/// WrittenCommand.line("python3 'my bot.py' --fast").words  // ["python3", "my bot.py", "--fast"]
/// WrittenCommand.list(["./bot"]).words                     // ["./bot"]
/// WrittenCommand.line("  ").words                          // nil: no program
/// ```
public enum WrittenCommand: Hashable, Sendable {
    /// A YAML list, one word per item, taken as written.
    case list([String])
    /// One line, split at white space with '…' or "…" quoting words that contain spaces.
    case line(String)

    /// The program and its arguments; nil when there is no program (no words, or an empty first one).
    public var words: [String]? {
        let words =
            switch self {
            case .list(let words): words
            case .line(let line): ExternalBotSpec.words(ofCommandLine: line)
            }
        guard let program = words.first, !program.isEmpty else { return nil }
        return words
    }

    /// What a file is told when ``words`` is nil.
    public static let noProgram = "`command` is empty; give the program and its arguments (e.g. `python3 bot.py`)"
}
