import Bots
import SafeText

extension BotEntry {
    /// A fresh bot for one game. An external bot is started by `launcher`, its stderr appended
    /// to `logDirectory/NAME.log`, NAME its name as a file name of its own (``SafeText/FileNameText``:
    /// `alice.` and `alice` never share a log); with `pool`, a process of it that has played no game of
    /// `mirrorGroup` may play.
    /// A placing built-in keeps what it learns of opponents in `memory`. An external bot plays
    /// on `timeControl`'s clock when one is given; a built-in never does: it thinks in the
    /// runner's own process, whose time is the runner's, not a player's to manage.
    func makeBot(
        seed: UInt64, logDirectory: String?, launcher: any BotLauncher, pool: BotProcessPool? = nil, mirrorGroup: Int? = nil,
        memory: OpponentMemory? = nil, timeControl: TimeControl? = nil
    ) -> any Bot {
        switch kind {
        case .builtin(let builtIn):
            return builtIn.makeBot(seed: seed, memory: memory)
        case .external(let spec):
            let log = logDirectory.map { "\($0)/\(FileNameText.name(name)).log" }
            return ExternalBot(spec, seed: seed, logPath: log, launcher: launcher, pool: pool, mirrorGroup: mirrorGroup, timeControl: timeControl)
        }
    }
}
