import Foundation
import SalvoTestSupport
import Testing

/// Issue 43's privacy: a class's season published as it is by default names no student's
/// folder (their login) on any public page, results.json or replay; each shows as its label
/// when that is unique and plain, else a pseudonym stable from night to night; the private
/// pages and the instructor's files keep the folders; `--show-folders` shows them.
@Suite("Logins off the public pages")
struct PublicNamesTests {
    @Test("published by default: labels or stable pseudonyms everywhere public, folders only on private pages and the instructor's list")
    func loginsStayOff() async throws {
        // Logins that no page would hold by chance; a unique label, two students with the same
        // label, one naming another's login, one without.
        let logins = ["zqalicelogin", "zqbob-login", "zqcarol.login", "zqdan_login", "zqeve-login"]
        let directory = try ClassFolder.make(logins)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let labels = ["zqalicelogin": "Torpedo", "zqbob-login": "Twin", "zqcarol.login": "Twin", "zqdan_login": "zqalicelogin"]
        for (login, label) in labels {
            try "name: \(label)\ncommand: python3 bot.py\n".write(toFile: directory + "/subs/\(login)/bot.yaml", atomically: true, encoding: .utf8)
        }
        let run = try await SalvoExecutable.run(
            ["run", "season.yaml", "--output", "out", "--quiet"], timeout: .seconds(240), workingDirectory: directory)
        #expect(run.status == 0, "\(run.err)")
        let first = try await SalvoExecutable.run(["publish", "out", "pub"], workingDirectory: directory)
        #expect(first.status == 0, "\(first.err)")

        let publicFiles = try FileManager.default.subpathsOfDirectory(atPath: directory + "/pub").filter { !$0.hasPrefix("private/") }
        #expect(publicFiles.contains("index.html") && publicFiles.contains("results.json"))
        for file in publicFiles {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: directory + "/pub/" + file, isDirectory: &isFolder)
            #expect(!logins.contains { file.contains($0) }, "a public file is named after a login: \(file)")
            guard !isFolder.boolValue, let data = FileManager.default.contents(atPath: directory + "/pub/" + file) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            for login in logins {
                #expect(!text.contains(login), "\(file) names the login \(login)")
            }
        }
        let results = try String(contentsOfFile: directory + "/pub/results.json", encoding: .utf8)
        #expect(results.contains("\"Torpedo\""), "the unique, plain label is the public name")
        // The students' versions (three of them run the same code: the same version) are on no
        // public page: each is shown salted by its folder, so identical code looks unrelated.
        let own = try String(contentsOfFile: directory + "/out/results.json", encoding: .utf8)
        let versions = Set(own.matches(of: /"version" ?: ?"([0-9a-f]{12})"/).map { String($0.output.1) })
        #expect(!versions.isEmpty)
        for file in publicFiles {
            guard let data = FileManager.default.contents(atPath: directory + "/pub/" + file) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            #expect(!versions.contains { text.contains($0) }, "\(file) shows a submission's real version")
        }
        // A sandboxed bot's command as it sees its folder, never the runner's folders.
        let botPages = publicFiles.filter { $0.hasPrefix("bots/") && $0.hasSuffix(".html") }
        #expect(!botPages.isEmpty)
        for file in botPages {
            let text = try String(contentsOfFile: directory + "/pub/" + file, encoding: .utf8)
            #expect(!text.contains("<code>python3 ") || text.contains("<code>python3 /bot/bot.py</code>"), "\(file)")
            #expect(!text.contains("submissions/bots/"), "\(file) shows a copy's folder")
        }
        // The two Twins' folders hold the same files, one version between them; shown, two.
        let shownVersions = Set(results.matches(of: /"version" ?: ?"([0-9a-f]{12})"/).map { String($0.output.1) })
        #expect(versions.count == logins.count - 1 && shownVersions.count == logins.count, "\(versions) \(shownVersions)")
        let pseudonyms = Set(results.matches(of: /entry-[0-9a-f]{6}/).map { String($0.output) })
        #expect(pseudonyms.count == 4, "two students sharing a label, one naming another's login, one without: four pseudonyms, \(pseudonyms)")

        // The private pages and the instructor's list keep the folders.
        let links = try String(contentsOfFile: directory + "/out/private-links.tsv", encoding: .utf8)
        #expect(logins.allSatisfy { links.contains($0 + "\t") })

        // The next night's publication gives everyone the same public name.
        let again = try await SalvoExecutable.run(["publish", "out", "pub"], workingDirectory: directory)
        #expect(again.status == 0, "\(again.err)")
        let resultsAgain = try String(contentsOfFile: directory + "/pub/results.json", encoding: .utf8)
        #expect(Set(resultsAgain.matches(of: /entry-[0-9a-f]{6}/).map { String($0.output) }) == pseudonyms)

        // Asked for, the folders are shown.
        let shown = try await SalvoExecutable.run(["publish", "out", "shown", "--show-folders"], workingDirectory: directory)
        #expect(shown.status == 0, "\(shown.err)")
        let shownResults = try String(contentsOfFile: directory + "/shown/results.json", encoding: .utf8)
        #expect(logins.allSatisfy { shownResults.contains("\"\($0)\"") })
    }
}
