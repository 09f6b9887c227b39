import Foundation
import SalvoTestSupport
import Testing

/// `salvo --help` lists every command a user can run.
@Suite("salvo --help")
struct HelpListingTests {
    @Test("every subcommand is listed, http-bench included")
    func everyCommandListed() async throws {
        let result = try await SalvoExecutable.run(["--help"])
        #expect(result.status == 0, "\(result.err)")
        let listed = Set(
            result.out.split(separator: "\n", omittingEmptySubsequences: false)
                .drop { !$0.hasPrefix("SUBCOMMANDS:") }.dropFirst()
                .prefix { !$0.isEmpty }
                .filter { !$0.hasPrefix("   ") }  // a long abstract goes on under its command, indented further
                .compactMap { $0.split(separator: " ").first.map(String.init) }
        )
        let commands: Set = [
            "run", "match", "play", "serve", "lobby", "show", "games", "http-bench", "bench", "bot-check", "check",
            "report", "merge", "cluster", "replay", "rematch", "publish", "load", "arena", "submit",
        ]
        #expect(listed == commands, "\(result.out)")
    }
}
