import Foundation
import SalvoTestSupport
import Testing

/// `salvo arena` as an instructor runs it, and `salvo submit` as a student does, against a
/// real `salvo arena serve`.
@Suite("salvo arena and salvo submit")
struct ArenaCommandTests {
    @Test("init makes the arena from a roster; roster lists, adds, revokes and gives new tokens; mistakes say what to do")
    func initAndRoster() async throws {
        let folder = NSTemporaryDirectory() + "salvo-arena-cli-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "login,name\nalice,Alice\nbob,Bob\n".write(toFile: folder + "/roster.csv", atomically: true, encoding: .utf8)
        let made = try await SalvoExecutable.run(["arena", "init", "cs101", "--roster", "roster.csv"], workingDirectory: folder)
        #expect(made.status == 0, "\(made.err)")
        #expect(
            made.out
                == "Arena in cs101: 2 students; their tokens are in cs101/tokens.tsv (hand each student their own), the settings in cs101/arena.yaml\n"
        )
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

    @Test(
        "serve takes a student's `salvo submit` (exit 0 once entered, the check's steps printed), refuses a broken one (exit 1, the reason), a wrong token (exit 1); status lists them; Ctrl-C stops it"
    )
    func serveAndSubmit() async throws {
        let folder = NSTemporaryDirectory() + "salvo-arena-serve-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tokens = try await ArenaProcess.make(
            at: folder + "/cs101", roster: "alice\nbob\n", settings: "name: cs101\nbots: [random]\ngames_per_pairing: 1\ncheck_games: 2\n")
        let token = try #require(tokens["alice"])
        let (server, url) = try await ArenaProcess.serve(folder + "/cs101")

        let entered = try await SalvoExecutable.run(
            ["submit", ClassFolder.examples + "/python-random", "--arena", url], timeout: .seconds(300), environment: ["SALVO_TOKEN": token])
        #expect(entered.status == 0, "\(entered.out)\(entered.err)")
        #expect(entered.out.contains("PASS  games: 2 against random on the embedded server"))
        #expect(entered.out.contains("Entered as version "))
        // Her page, and the name the public pages show her bot under (a pseudonym: no roster name).
        #expect(
            entered.out.contains(
                "Your page, every upload with its check (keep its address to yourself): \(url.hasSuffix("/") ? String(url.dropLast()) : url)/student/"
            ), "\(entered.out)")
        #expect(entered.out.contains("On the public pages and the leaderboard your bot is: entry-"), "\(entered.out)")

        let broken = folder + "/broken"
        try FileManager.default.copyItem(atPath: ClassFolder.examples + "/python-random", toPath: broken)
        try "name: broken\ncommand: python3 missing.py\n".write(toFile: broken + "/bot.yaml", atomically: true, encoding: .utf8)
        let refused = try await SalvoExecutable.run(["submit", broken, "--arena", url, "--token", token], timeout: .seconds(300))
        #expect(refused.status == 1)
        #expect(refused.out.contains("FAIL  entry:"), "\(refused.out)")
        #expect(refused.out.contains("Not entered (refused): entry: not entered: the command names `missing.py`"), "\(refused.out)")

        let wrong = try await SalvoExecutable.run(["submit", broken, "--arena", url, "--token", "wrong"])
        #expect(wrong.status == 1 && wrong.err.contains("HTTP 401") && wrong.err.contains("missing, wrong or revoked"), "\(wrong.err)")

        let status = try await SalvoExecutable.run(["arena", "status", folder + "/cs101"])
        #expect(status.status == 0)
        let rows = status.out.split(separator: "\n").map(String.init)
        #expect(
            rows.contains {
                $0.hasPrefix("1 ") && $0.contains("alice") && $0.contains("entered")
                    && $0.range(of: #" entered +[0-9]+\.[0-9] s "#, options: .regularExpression) != nil
            }, "the time from its arrival to its check's end: \(status.out)")
        #expect(rows.contains { $0.hasPrefix("2 ") && $0.contains("alice") && $0.contains("refused") && $0.contains("missing.py") }, "\(status.out)")
        #expect(status.out.contains("Queue: empty"))

        let exported = try await SalvoExecutable.run(["arena", "export", folder + "/cs101", folder + "/site"])
        #expect(exported.status == 0, "\(exported.err)")
        #expect(exported.out.contains("1 private pages"), "\(exported.out)")
        #expect(FileManager.default.fileExists(atPath: folder + "/site/index.html"))
        // The same private link as the arena gives.
        let links = try String(contentsOfFile: folder + "/cs101/season/private-links.tsv", encoding: .utf8)
        let alicePage = try #require(links.split(separator: "\n").first { $0.hasPrefix("alice\t") }?.split(separator: "\t").last.map(String.init))
        #expect(FileManager.default.fileExists(atPath: folder + "/site/" + alicePage))
        // `salvo publish` of the arena's season would make other pseudonyms and links: it says
        // to export it instead, and makes nothing.
        let published = try await SalvoExecutable.run(["publish", folder + "/cs101/season", folder + "/other-site"])
        #expect(published.status == 1 && published.err.contains("salvo arena export \(folder)/cs101 \(folder)/other-site"), "\(published.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/other-site"))
        // Her page in the arena goes by the same key as her private page.
        let key = alicePage.split(separator: "/").dropFirst().first.map(String.init) ?? "?"
        #expect(entered.out.contains("/student/" + key), "\(entered.out)")

        server.interrupt()
        let ended = try await server.finish(timeout: .seconds(60))
        #expect(ended.status == 0, "\(ended.err)")
        #expect(ended.out.contains("upload 1 from alice: entered as version"))
        #expect(ended.out.hasSuffix("Arena stopped.\n"))
    }
}
