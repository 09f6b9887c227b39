import Foundation
import SalvoVersion
import Testing

/// Which Salvo answered: every reply names it in the `Server:` header.
@Suite("The server names its version")
struct ServerHeaderTests {
    @Test("a reply and an error reply carry Server: Salvo/VERSION (COMMIT)")
    func serverHeader() async throws {
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let health = try await server.get("/health")
        #expect(health.status == 200)
        #expect(health.headers["server"] == "Salvo/\(SalvoVersion.text)")
        let missing = try await server.get("/api/games/x/y/z")
        #expect(missing.status == 404)
        #expect(missing.headers["server"] == "Salvo/\(SalvoVersion.text)")
        #expect(SalvoVersion.text.hasPrefix("0.3.0 ("))
    }
}
