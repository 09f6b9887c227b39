import Arena
import Foundation
import Testing

/// The arena's folder, roster and tokens (issue 42, deliverable 1): a real SQLite file, real
/// files and modes.
@Suite("The arena's roster and tokens")
struct ArenaRosterTests {
    static func folder() -> String {
        NSTemporaryDirectory() + "salvo-arena-\(UUID().uuidString.prefix(8))"
    }

    @Test("a roster reads plain logins and CSV `login,name`, skipping a header, blanks and comments")
    func reading() throws {
        let roster = try ArenaRoster.read("login,name\nalice,Alice Liddell\n\n# a comment\nbob\ncarol, \n")
        #expect(roster.students.map(\.login) == ["alice", "bob", "carol"])
        #expect(roster.students.map(\.name) == ["Alice Liddell", "bob", "carol"])
    }

    @Test("a roster is read as CSV: a quoted name keeps its comma and loses its quotes, a doubled quote is one, CRLF lines read")
    func quoted() throws {
        let roster = try ArenaRoster.read("erin,\"O'Brien, Erin\"\r\nfrank,\"Frank \"\"Ace\"\" Fischer\"\r\ngina,Gina\r\n")
        #expect(roster.students.map(\.login) == ["erin", "frank", "gina"])
        #expect(roster.students.map(\.name) == ["O'Brien, Erin", "Frank \"Ace\" Fischer", "Gina"])
    }

    @Test(
        "a bad or repeated login is refused, naming its line",
        arguments: [
            ("alice\n=cmd\n", "roster line 2: `=cmd` cannot be a login"),
            ("alice\nAlice\n", "roster line 2: `Alice` is listed twice; list each student once"),
            ("../etc,x\n", "roster line 1: `../etc` cannot be a login"),
            (
                "alice\nerin,O'Brien, Erin\n",
                "roster line 2: `erin` has 3 fields; give `login,name`, and put a name that holds a comma in double quotes: `erin,\"O'Brien,Erin\"`"
            ),
        ])
    func refused(text: String, message: String) {
        #expect(throws: (any Error).self) { try ArenaRoster.read(text) }
        do {
            _ = try ArenaRoster.read(text)
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test("init gives each student a token once, in tokens.tsv (mode 0600); the database keeps only hashes, and a token finds its student")
    func initialise() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arena = try ArenaFolder.create(at: folder, roster: ArenaRoster.read("alice,Alice\nbob\ncarol\n"))
        let tokens = try String(contentsOfFile: folder + "/tokens.tsv", encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: "\t").map(String.init)
        }
        #expect(tokens.map { $0[0] } == ["alice", "bob", "carol"])
        // `salvo_` and 43 characters of base64url: never a leading `-` a command line takes for an option.
        #expect(
            tokens.allSatisfy {
                $0[1].hasPrefix("salvo_") && $0[1].count == 49 && $0[1].allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            })
        #expect(Set(tokens.map { $0[1] }).count == 3)
        #expect((try FileManager.default.attributesOfItem(atPath: folder + "/tokens.tsv")[.posixPermissions] as? Int) == 0o600)
        #expect(FileManager.default.fileExists(atPath: folder + "/arena.yaml"))
        // No token is in the database's files, only their hashes.
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasPrefix("arena.sqlite") {
            let bytes = try String(decoding: Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)), as: UTF8.self)
            #expect(tokens.allSatisfy { !bytes.contains($0[1]) }, "\(file) holds a token")
        }
        for row in tokens {
            #expect(try arena.store.login(forTokenHash: ArenaToken.hash(row[1])) == row[0])
        }
        #expect(try arena.store.login(forTokenHash: ArenaToken.hash("not-a-token")) == nil)
        #expect(throws: ArenaError.alreadyAnArena(folder)) { try ArenaFolder.create(at: folder, roster: ArenaRoster(students: [])) }
    }

    @Test("a revoked token is refused; a new one replaces the old; a login added twice or a bad one is refused")
    func changes() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try ArenaFolder.create(at: folder, roster: ArenaRoster.read("alice\n"))
        let arena = try ArenaFolder(at: folder)
        let mia = try arena.addStudent(login: "mia", name: "Mia")
        #expect(try arena.store.login(forTokenHash: ArenaToken.hash(mia)) == "mia")
        try arena.store.revoke(login: "mia")
        #expect(try arena.store.login(forTokenHash: ArenaToken.hash(mia)) == nil)
        let again = try arena.newToken(login: "mia")
        #expect(try arena.store.login(forTokenHash: ArenaToken.hash(again)) == "mia")
        #expect(try arena.store.login(forTokenHash: ArenaToken.hash(mia)) == nil, "the old token stays dead")
        #expect(throws: ArenaError.alreadyListed("MIA")) { _ = try arena.addStudent(login: "MIA") }
        #expect(throws: ArenaError.notListed("zed")) { try arena.store.revoke(login: "zed") }
        #expect(throws: (any Error).self) { _ = try arena.addStudent(login: "=evil") }
        let lines = try String(contentsOfFile: folder + "/tokens.tsv", encoding: .utf8).split(separator: "\n")
        #expect(lines.map { $0.split(separator: "\t")[0] } == ["alice", "mia", "mia"])
        #expect(try arena.store.students().map(\.login) == ["alice", "mia"])
        #expect(throws: ArenaError.notAnArena(folder + "/nowhere")) { _ = try ArenaFolder(at: folder + "/nowhere") }
    }
}
