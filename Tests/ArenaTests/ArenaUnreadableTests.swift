import CurlHTTP
import Foundation
import GRDB
import Testing

@testable import Arena

/// What the arena cannot read is its 503, never an empty 200; every refusal is one shape; the
/// published season's files are served without a link or a dotfile among them: the real arena
/// on loopback, its real store.
@Suite("The arena's unreadable store and season", .serialized)
struct ArenaUnreadableTests {
    typealias Service = ArenaServiceTests

    static func problem(_ response: HTTPResponse) -> [String: String] {
        (try? JSONDecoder().decode([String: String].self, from: Data(response.body))) ?? [:]
    }

    @Test("an upload's row the store cannot read back and a results.json that is not a report: 503 with Retry-After, not an empty list or table")
    func unreadable() async throws {
        let (folder, tokens) = try Service.arena()
        let alice = try #require(tokens["alice"])
        // Final, so that the worker leaves it alone; its check's lines damaged in the store.
        let row = try folder.store.insert(ArenaSubmission(login: "alice", receivedAt: Date(), state: .late, archive: "gone.tar.gz", archiveBytes: 1))
        let id = try #require(row.id)
        let database = try DatabaseQueue(path: folder.path + "/" + ArenaFolder.storeFile)
        try await database.write { db in try db.execute(sql: "UPDATE submission SET lines = X'00FF' WHERE id = ?", arguments: [id]) }
        let published = folder.path + "/" + ArenaSettings.publicFolder
        try FileManager.default.createDirectory(atPath: published, withIntermediateDirectories: true)
        try Data("{\"not\": \"a report\"".utf8).write(to: URL(fileURLWithPath: published + "/results.json"))
        try await Service.serving(folder) { _, client in
            // Her page's address, as /api/me gives it: the roster and the secret read well.
            let me = try JSONDecoder().decode([String: String?].self, from: Data(try await client.get("/api/me", token: alice).body))
            let page = try #require(me["page"] ?? nil)
            for path in ["/api/submissions/\(id)", "/api/submissions", "/" + page] {
                let reply = try await client.get(path, token: alice)
                #expect(reply.status == 503, "\(path): \(reply.status)")
                #expect(reply.headers.first { $0.name.lowercased() == "retry-after" }?.value == "60", "\(path)")
                #expect(Self.problem(reply)["error"]?.contains("try again in a minute") == true, "\(path): \(Self.problem(reply))")
            }
            for path in ["/api/standings", "/api/history.svg", "/"] {
                let reply = try await client.get(path)
                #expect(reply.status == 503, "\(path): \(reply.status)")
                #expect(Self.problem(reply)["error"]?.hasPrefix("the arena cannot read its standings just now; try again in a minute") == true)
            }
            // Repaired, the same requests are answered.
            try FileManager.default.removeItem(atPath: published + "/results.json")
            #expect(try await client.get("/api/standings").status == 200)
        }
    }

    @Test("every refusal is {\"error\": sentence}: an unknown page, the season before its first batch, no token; season files, no link nor dotfile")
    func oneShapeAndSeasonFiles() async throws {
        let (folder, _) = try Service.arena()
        try await Service.serving(folder) { _, client in
            let unknown = try await client.get("/nothing")
            #expect(unknown.status == 404 && Self.problem(unknown) == ["error": "no such page"])
            let early = try await client.get("/season/index.html")
            #expect(early.status == 404 && Self.problem(early) == ["error": "the season has no pages yet: they are published after its first batch"])
            let anonymous = try await client.get("/api/me")
            #expect(anonymous.status == 401 && Self.problem(anonymous)["error"]?.hasPrefix("give your arena token") == true)
            #expect(anonymous.headers.first { $0.name.lowercased() == "content-type" }?.value == "application/json; charset=utf-8")

            let published = folder.path + "/" + ArenaSettings.publicFolder
            try FileManager.default.createDirectory(atPath: published + "/bots", withIntermediateDirectories: true)
            try Data("<!DOCTYPE html><p>season</p>".utf8).write(to: URL(fileURLWithPath: published + "/index.html"))
            try Data("<p>a bot</p>".utf8).write(to: URL(fileURLWithPath: published + "/bots/a.html"))
            try Data("x".utf8).write(to: URL(fileURLWithPath: published + "/.salvo-published"))
            try FileManager.default.createSymbolicLink(atPath: published + "/store.html", withDestinationPath: "../" + ArenaFolder.storeFile)
            try FileManager.default.createSymbolicLink(atPath: published + "/up", withDestinationPath: "..")
            let season = try await client.get("/season/index.html")
            #expect(season.status == 200 && String(decoding: season.body, as: UTF8.self) == "<!DOCTYPE html><p>season</p>")
            #expect(season.headers.first { $0.name.lowercased() == "content-type" }?.value == "text/html; charset=utf-8")
            #expect(String(decoding: try await client.get("/season/bots/a.html").body, as: UTF8.self) == "<p>a bot</p>")
            for hidden in ["/season/.salvo-published", "/season/store.html", "/season/up/arena.sqlite", "/season/up/tokens.tsv", "/season/bots"] {
                let reply = try await client.get(hidden)
                #expect(reply.status == 404 && Self.problem(reply) == ["error": "no such page"], "\(hidden): \(reply.status)")
            }
        }
    }
}
