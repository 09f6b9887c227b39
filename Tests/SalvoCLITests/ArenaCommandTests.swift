import Foundation
import SalvoTestSupport
import Testing

/// `salvo arena init` and `salvo arena roster` as an instructor runs them.
@Suite("salvo arena init and roster")
struct ArenaCommandTests {
    @Test("init makes the arena from a roster; roster lists, adds, revokes and gives new tokens; mistakes say what to do")
    func initAndRoster() async throws {
        let folder = NSTemporaryDirectory() + "salvo-arena-cli-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "login,name\nalice,Alice\nbob,Bob\n".write(toFile: folder + "/roster.csv", atomically: true, encoding: .utf8)
        let made = try await SalvoExecutable.run(["arena", "init", "cs101", "--roster", "roster.csv"], workingDirectory: folder)
        #expect(made.status == 0, "\(made.err)")
        #expect(made.out == "Arena in cs101: 2 students; their tokens are in cs101/tokens.tsv (hand each student their own), the settings in cs101/arena.yaml\n")
        let again = try await SalvoExecutable.run(["arena", "init", "cs101", "--roster", "roster.csv"], workingDirectory: folder)
        #expect(again.status == 1 && again.err.contains("cs101 already holds an arena"), "\(again.err)")

        #expect(try await SalvoExecutable.run(["arena", "roster", "cs101", "--add", "mia", "--name", "Mia"], workingDirectory: folder).status == 0)
        #expect(try await SalvoExecutable.run(["arena", "roster", "cs101", "--revoke", "bob"], workingDirectory: folder).status == 0)
        let listed = try await SalvoExecutable.run(["arena", "roster", "cs101"], workingDirectory: folder)
        #expect(listed.out == "alice\tAlice\tactive\nbob\tBob\trevoked\nmia\tMia\tactive\n")
        let unknown = try await SalvoExecutable.run(["arena", "roster", "cs101", "--new-token", "zed"], workingDirectory: folder)
        #expect(unknown.status == 1 && unknown.err.contains("`zed` is not on the roster; add them with --add zed"), "\(unknown.err)")

        try "alice\n=cmd\n".write(toFile: folder + "/bad.txt", atomically: true, encoding: .utf8)
        let bad = try await SalvoExecutable.run(["arena", "init", "other", "--roster", "bad.txt"], workingDirectory: folder)
        #expect(bad.status == 1 && bad.err.contains("bad.txt: roster line 2: `=cmd` cannot be a login"), "\(bad.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/other"), "a bad roster makes nothing")
    }
}
