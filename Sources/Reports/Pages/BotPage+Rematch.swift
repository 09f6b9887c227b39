import HTMLText
import SafeText
import Tournament

extension BotPage {
    /// How to play one of the bot's games again locally: `salvo rematch`, with an example on
    /// the first game it lost (else its first game).
    static func rematch(_ input: Input) -> Markup {
        guard !input.published, let example = input.games.rematchExample else { return "" }
        return """
            <section id="rematch"><h2>Play a game again</h2>
            <p>From the folder <code>salvo run</code> was started in (an external bot's command is relative to it), this replays game \(example) \
            with the same bots, the same fleets and the same bot seeds, prints every shot, and says whether they match the recorded game:</p>
            <code class="rematch">\(rematchCommand(folder: input.runFolder, game: example))</code>
            <p class="note">Any game: <code>salvo rematch FOLDER GAME</code>, GAME being a number of the table above. An external bot's stderr goes to \
            the terminal; add <code>--no-sandbox</code> to run it as a plain child process.</p></section>

            """
    }

    /// `salvo rematch FOLDER GAME`, the folder quoted for the shell.
    public static func rematchCommand(folder: String, game: Int) -> String {
        "salvo rematch \(ShellText.word(folder)) \(game)"
    }
}
