/// Whether and how an external bot is contained. The containment itself is the Sandbox
/// module's (bubblewrap); these are the settings a tournament file gives.
public struct SandboxSettings: Hashable, Sendable {
    /// Whether the bot runs in a sandbox; false only when a tournament says `sandbox: none`
    /// or a command is given `--no-sandbox`.
    public var isEnabled: Bool
    /// Host folders the bot may read besides `/usr`, a few files of `/etc` and its own folder:
    /// a language runtime installed elsewhere, such as `/opt/conda`.
    public var readOnlyPaths: [String]

    public init(isEnabled: Bool = true, readOnlyPaths: [String] = []) {
        self.isEnabled = isEnabled
        self.readOnlyPaths = readOnlyPaths
    }

    /// No sandbox: the bot runs as a plain child of the runner.
    public static let none = SandboxSettings(isEnabled: false)

    /// Whether the bot is sandboxed, in one word, as the journal and results.json write it:
    /// `bubblewrap` or `none`.
    public var word: String {
        isEnabled ? Self.sandboxedWord : Self.unsandboxedWord
    }

    /// Whether `word` (``word``) means sandboxed; nil for a word that is neither.
    public static func isEnabled(word: String) -> Bool? {
        switch word {
        case sandboxedWord: true
        case unsandboxedWord: false
        default: nil
        }
    }

    static let sandboxedWord = "bubblewrap", unsandboxedWord = "none"
}
