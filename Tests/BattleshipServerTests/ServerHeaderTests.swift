import Foundation
import SalvoVersion
import Testing

/// Which Salvo answered: every reply names it in the `Server:` header.
@Suite("The server names its version")
struct ServerHeaderTests {
    @Test("a reply and an error reply carry Server: Salvo/VERSION (COMMIT)")
    func serverHeader() async throws {
        let server = try await TestServer.start()
        let health = try await server.get("/health")
        let missing = try await server.get("/api/games/x/y/z")
        await server.stop()
        #expect(health.status == 200)
        #expect(health.headers["server"] == "Salvo/\(SalvoVersion.text)")
        #expect(missing.status == 404)
        #expect(missing.headers["server"] == "Salvo/\(SalvoVersion.text)")
        // The release number and the commit, whatever they are today (not pinned to one release).
        #expect(SalvoVersion.text.wholeMatch(of: /\d+\.\d+\.\d+(-[a-z]+)? \(([0-9a-f]{12}(-dirty)?|unknown)\)/) != nil, "\(SalvoVersion.text)")
    }
}
