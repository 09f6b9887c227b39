import CurlHTTP
import Foundation
import JSONCoding
import RunControl
import SalvoTestSupport
import Sandbox
import Testing

@testable import Arena

/// docs/openapi/arena.yaml against the arena it documents, both ways: every documented operation
/// asked of a real arena over loopback (real uploads, a real store, a published season's
/// results.json) answers a status the document lists, with the documented headers and body; and
/// every route the arena's router holds is documented.
@Suite("docs/openapi/arena.yaml against the arena", .serialized)
struct ArenaOpenAPITests {
    typealias Service = ArenaServiceTests

    /// A results.json as Salvo's report writes it (the reports' golden file): published, it
    /// gives the standings, the chart and `/season/results.json` something to serve.
    static let publishedResults = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ReportsTests/Golden/results.json").path

    static func reply(_ response: HTTPResponse) -> OpenAPIReply {
        let headers = Dictionary(response.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        return OpenAPIReply(status: response.status, headers: headers, body: response.body)
    }

    /// `GET path`, its reply checked by `audit`.
    static func get(_ audit: inout OpenAPIAudit, _ client: Service.Client, _ path: String, token: String? = nil) async throws -> HTTPResponse {
        let response = try await client.get(path, token: token)
        audit.check("GET", path, reply(response))
        return response
    }

    /// An upload of `bytes`, its reply checked by `audit`.
    static func upload(_ audit: inout OpenAPIAudit, _ client: Service.Client, _ bytes: [UInt8], token: String?) async throws -> HTTPResponse {
        let response = try await client.upload(bytes: bytes, token: token)
        audit.check("POST", "/api/submissions", reply(response))
        return response
    }

    @Test("every documented operation, asked of a real arena, answers a listed status with the documented headers and body")
    func operationsAnswerAsDocumented() async throws {
        let (folder, tokens) = try Service.arena("submissions_per_day: 1\nschedule: nightly\nnight_at: \"23:59\"")
        let alice = try #require(tokens["alice"])
        let bob = try #require(tokens["bob"])
        let published = folder.path + "/" + ArenaSettings.publicFolder
        try FileManager.default.createDirectory(atPath: published, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.publishedResults, toPath: published + "/results.json")
        var audit = OpenAPIAudit(try OpenAPIDocument(named: "arena.yaml"))
        // Not an archive: taken (202), then refused by the worker without a sandbox's work.
        let upload = Array("not an archive, refused once checked".utf8)

        try await Service.serving(folder, adjust: { $0.uploadBytes = 4096 }) { _, client throws in
            #expect(try await Self.upload(&audit, client, upload, token: nil).status == 401)
            #expect(try await Self.upload(&audit, client, upload, token: "salvo_wrong").status == 401)
            #expect(try await Self.upload(&audit, client, Array(repeating: 7, count: 5000), token: alice).status == 413)
            #expect(try await Self.upload(&audit, client, [], token: alice).status == 400)
            // A quota of 1 a day and 3 attempts: the first is taken, a 429 comes by the fourth.
            var statuses: [Int] = []
            var id: Int64?
            for _ in 0..<4 where statuses.last != 429 {
                let response = try await Self.upload(&audit, client, upload, token: alice)
                statuses.append(response.status)
                if response.status == 202, id == nil { id = try Service.status(response).id }
            }
            #expect(statuses.first == 202 && statuses.last == 429, "\(statuses)")
            let taken = try #require(id)

            #expect(try await Self.get(&audit, client, "/api/submissions", token: alice).status == 200)
            #expect(try await Self.get(&audit, client, "/api/submissions").status == 401)
            #expect(try await Self.get(&audit, client, "/api/submissions/\(taken)", token: alice).status == 200)
            #expect(try await Self.get(&audit, client, "/api/submissions/\(taken)", token: bob).status == 404)
            #expect(try await Self.get(&audit, client, "/api/submissions/\(taken)").status == 401)
            let me = try await Self.get(&audit, client, "/api/me", token: alice)
            #expect(try await Self.get(&audit, client, "/api/me").status == 401)
            let page = try JSONDecoder().decode(ArenaRoutes.Me.self, from: Data(me.body)).page
            #expect(try await Self.get(&audit, client, "/" + page).status == 200)
            #expect(try await Self.get(&audit, client, "/student/" + String(repeating: "0", count: 32)).status == 404)

            let standings = try await Self.get(&audit, client, "/api/standings")
            #expect(try JSONFormat.decoder().decode(ArenaStandings.Document.self, from: Data(standings.body)).standings.count == 3)
            for path in ["/api/history.svg", "/", "/upload", "/season/results.json"] {
                #expect(try await Self.get(&audit, client, path).status == 200)
            }
            #expect(try await Self.get(&audit, client, "/season").status == 302)
            #expect(try await Self.get(&audit, client, "/season/no-such-page.html").status == 404)
        }
        // The arena's disk short of its reserve: 507 before the body, nobody charged.
        try await Service.serving(folder, adjust: { $0.diskReserveBytes = Int.max / 4 }) { _, client throws in
            #expect(try await Self.upload(&audit, client, upload, token: bob).status == 507)
        }
        // The arena full (503: one upload at once, alice's, held open half-sent), and one request
        // in a burst (429 on the next). A fresh arena: alice's and bob's quotas whole.
        let (busy, busyTokens) = try Service.arena("schedule: nightly\nnight_at: \"23:59\"")
        try await Service.serving(
            busy,
            adjust: { settings in
                settings.uploadsAtOnce = 1
                settings.requestsPerSecond = 0.001
                settings.requestBurst = 1
            }
        ) { running, client throws in
            let alicesToken = try #require(busyTokens["alice"])
            let held = try ArenaSiegeTests.openUpload(port: running.port, token: alicesToken, length: 1000, body: Data(count: 10))
            defer { close(held) }
            // Its body is being read: it holds the arena's one place.
            let reading = try await ArenaSiegeTests.eventually { try ArenaSiegeTests.kept(busy, "alice").files.contains { $0.hasSuffix(".partial") } }
            try #require(reading)
            let bobsToken = try #require(busyTokens["bob"])
            #expect(try await Self.upload(&audit, client, upload, token: bobsToken).status == 503)
            #expect(try await Self.get(&audit, client, "/api/me", token: bobsToken).status == 429)
        }

        #expect(audit.problems == [])
        #expect(audit.unexercised == [], "documented, never asked: a request for each belongs in this test")
    }

    /// How this fails when a route is added without its documentation: the routes come from
    /// Hummingbird's own list (`Router.routes`) of the router `ArenaServer.buildRouter` builds,
    /// the one function that adds the arena's routes (`ArenaRoutes.add(to:)` among them). A route
    /// added there is in this list and not in the document. The published season's files
    /// (`GET /season/{path}`) are no route: ``ServiceKit/ServedFiles``, a middleware, serves
    /// them, and the other test asks for them over HTTP.
    @Test("the routes the arena's router holds are exactly the documented operations")
    func routesAreDocumented() throws {
        let (folder, _) = try Service.arena()
        let settings = try ArenaSettings.read(arena: folder.path)
        let worker = ArenaWorker(folder: folder, settings: settings, launcher: SandboxLauncher(), stop: StopSignal())
        let standings = ArenaStandings(folder: folder.path + "/" + ArenaSettings.publicFolder)
        let routes = ArenaRoutes(folder: folder, settings: settings, worker: worker, standings: standings, clock: { Date() }, log: { _ in })
        let router = ArenaServer.buildRouter(routes)
        _ = router.buildResponder()
        let routed = Set(router.routes.map { route in OpenAPIDocument.Operation(route.method.rawValue, route.path.description) })
        let served = OpenAPIDocument.Operation("GET", "/season/{path}")
        var documented = try OpenAPIDocument(named: "arena.yaml").operations
        #expect(documented.remove(served) != nil, "the season's files are documented")

        #expect(routed.count >= 10)
        #expect(routed.subtracting(documented).sorted() == [], "routed but not in docs/openapi/arena.yaml")
        #expect(documented.subtracting(routed).sorted() == [], "documented but not routed")
    }
}
