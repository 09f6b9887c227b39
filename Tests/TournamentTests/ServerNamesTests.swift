import BattleshipClient
import BattleshipServer
import CurlHTTP
import Logging
import SalvoTestSupport
import Testing

@testable import Tournament

/// Display names mapped onto what servers accept (letters, digits and spaces, no reserved
/// word, at most 64 characters), made distinct within a game.
@Suite("Server names")
struct ServerNamesTests {
    @Test("other characters become single spaces, trimmed; non-ASCII letters are dropped")
    func mapping() {
        #expect(ServerNames.player(#"Tom & "Jerry" <i>it</i>"#, fallback: "f") == "Tom Jerry i it i")
        #expect(ServerNames.player("  hunt-target_v2  ", fallback: "f") == "hunt target v2")
        #expect(ServerNames.player("Élodie", fallback: "f") == "lodie")
    }

    @Test(
        "nothing left, or a reserved word in any case, gives the fallback",
        arguments: [
            "", "   ", "***", "日本語", "winner", "Done", "IN PROGRESS", "in-progress", "hit!", " none ",
        ])
    func emptyOrReserved(display: String) {
        #expect(ServerNames.player(display, fallback: "bot one") == "bot one")
    }

    @Test("at most 64 characters, with no space left at the end of the cut")
    func length() {
        #expect(ServerNames.player(String(repeating: "a", count: 70), fallback: "f") == String(repeating: "a", count: 64))
        #expect(ServerNames.player(String(repeating: "a", count: 63) + " bcd", fallback: "f") == String(repeating: "a", count: 63))
    }

    @Test(
        "two players whose names collide (exactly, by case, after mapping, or both empty) get distinct names",
        arguments: [
            ("density", "density", "density", "density 2"),
            ("Bot", "bot", "Bot", "bot 2"),
            ("a-b", "a b", "a b", "a b 2"),
            ("", "", "bot one", "bot two"),
            ("done", "waiting", "bot one", "bot two"),
            ("bot two", "", "bot two", "bot two 2"),
            (
                String(repeating: "x", count: 64), String(repeating: "x", count: 64), String(repeating: "x", count: 64),
                String(repeating: "x", count: 62) + " 2"
            ),
        ])
    func collisions(creator: String, joiner: String, first: String, second: String) {
        let pair = ServerNames.pair(creator: creator, joiner: joiner)
        #expect(pair.creator == first && pair.joiner == second)
        #expect(pair.creator.lowercased() != pair.joiner.lowercased())
    }

    @Test("a game's name is `salvo TOURNAMENT INDEX` in the same alphabet")
    func gameName() {
        #expect(ServerNames.game(tournament: "class-2026", index: 7) == "salvo class 2026 7")
    }

    @Test("every mapped name is accepted by a real server, for the game and both players")
    func acceptedByTheServer() async throws {
        var logger = Logger(label: "names")
        logger.logLevel = .critical
        let failures = try await withRunning(SalvoServer.start(ServerConfiguration(port: 0, databasePath: nil), logger: logger)) { server in
            await CurlHTTPClient.withClient { http in
                let client = BattleshipAPIClient(baseURL: server.baseURL, http: http, configuration: .init(requestTimeout: .seconds(30)))
                let hostile = [
                    #"<script>alert(1)</script>"#, "", "winner", String(repeating: "é", count: 80), String(repeating: "z", count: 90),
                    "a\u{0}b", "Tom & Jerry",
                ]
                var failures: [String] = []
                for (index, display) in hostile.enumerated() {
                    let names = ServerNames.pair(creator: display, joiner: display)
                    do {
                        let game = try await client.create(gameName: ServerNames.game(tournament: display, index: index), playerName: names.creator)
                        _ = try await client.join(gameId: game.gameId, playerName: names.joiner)
                    } catch {
                        failures.append("\(display): \(error)")
                    }
                }
                return failures
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
