import Foundation
import SalvoTestSupport
import SalvoVersion
import Testing

/// Which Salvo answered: every reply names it in the `Server:` header.
@Suite("The server names its version")
struct ServerHeaderTests {
    @Test("a reply and an error reply carry Server: Salvo/VERSION (COMMIT)")
    func serverHeader() async throws {
        let (health, missing) = try await withRunning(TestServer.start()) { server in
            (try await server.get("/health"), try await server.get("/api/games/x/y/z"))
        }
        #expect(health.status == 200)
        #expect(health.headers["server"] == "Salvo/\(SalvoVersion.text)")
        #expect(missing.status == 404)
        #expect(missing.headers["server"] == "Salvo/\(SalvoVersion.text)")
        // The release number and the commit, whatever they are today (not pinned to one release).
        #expect(SalvoVersion.text.wholeMatch(of: /\d+\.\d+\.\d+(-[a-z]+)? \(([0-9a-f]{12}(-dirty)?|unknown)\)/) != nil, "\(SalvoVersion.text)")
    }
}
