import ArgumentParser

/// `salvo bench`: the shots bots need (``BenchCommand``, the default: `salvo bench BOT...`),
/// or the arena's matchmaking simulated (``BenchMatchmakingCommand``).
struct BenchGroupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure how many shots bots need, or simulate the arena's matchmaking.",
        discussion: "`salvo bench BOT...` is `salvo bench shots BOT...`.",
        subcommands: [BenchCommand.self, BenchMatchmakingCommand.self],
        defaultSubcommand: BenchCommand.self
    )
}
