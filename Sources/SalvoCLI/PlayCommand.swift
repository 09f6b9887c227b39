import ArgumentParser
import BattleshipClient
import Bots
import Foundation
import Tournament

/// `salvo play BOT`: one bot plays one side of one game on a server.
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play one side of one game with a bot, against whoever takes the other side.",
        discussion: """
            With --create the bot creates a game and waits for an opponent to join; with --join \
            it joins a waiting game. It polls /status every 500 ms, as the API asks. The game \
            and player ids are printed first, so the game can be looked up or continued by hand.
            """
    )

    @Argument(help: "A built-in bot (random, hunt-target, parity, density, champion, admiral) or a command line.")
    var bot: String

    @OptionGroup var serverOptions: ServerOptions

    @Option(help: "Create a game with this name.")
    var create: String?

    @Option(help: "Join the waiting game with this id.")
    var join: String?

    @Option(help: "The player name sent to the server (letters, digits and spaces).")
    var name = "salvo bot"

    @Option(name: .customLong("poll-interval"), help: "Milliseconds between two /status polls.")
    var pollInterval = 500

    @Option(help: "The bot's seed.")
    var seed: UInt64 = 1

    func validate() throws {
        guard (create == nil) != (join == nil) else {
            throw CommandFailure.createOrJoin
        }
    }

    func run() async throws {
        try await serverOptions.withClient { client in
            let gameId: String
            let playerId: String
            if let create {
                let created = try await client.create(gameName: create, playerName: name)
                (gameId, playerId) = (created.gameId, created.playerId)
            } else {
                gameId = join ?? ""
                playerId = try await client.join(gameId: gameId, playerName: name).playerId
            }
            // Unbuffered, so a process reading our pipe sees the ids at once.
            FileHandle.standardOutput.write(Data("game \(gameId) player \(playerId)\n".utf8))
            let ending = try await LonePlayer(client: client, pollInterval: .milliseconds(pollInterval))
                .play(BotSpec(parsing: bot).makeBot(seed: seed), gameId: gameId, playerId: playerId, playerName: name, movesFirst: create != nil)
            switch ending {
            case .won(let shots): print("won after \(shots) shots")
            case .lost(let winner, let shots): print("lost to \(winner) after \(shots) shots")
            case .forfeited(let reason): throw CommandFailure.botForfeits(reason: reason)
            }
        }
    }
}
