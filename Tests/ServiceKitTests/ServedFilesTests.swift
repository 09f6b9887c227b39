import Foundation
import HTTPGuards
import Hummingbird
import SalvoTestSupport
import ServiceKit
import Testing

/// A folder served by Hummingbird's FileMiddleware over ``ServiceKit/PublicFolder``, over real
/// HTTP on loopback: its files and folders' index pages, and nothing else: no `..`, no name
/// starting with a dot, no symbolic link (out of the folder or within it), no FIFO, no NUL.
@Suite("The service kit's served files", .serialized, .timeLimit(.minutes(2)))
struct ServedFilesTests {
    /// `BASE/public` served under `/files` (by ``ServiceKit/ServedFiles``, or as `stock`
    /// FileMiddleware serves a folder), beside `BASE/secret.txt` and a route of its own.
    static func serving<T>(stock: Bool = false, _ body: (Int, String) async throws -> T) async throws -> T {
        let base = NSTemporaryDirectory() + "salvo-served-\(UUID().uuidString.prefix(8))"
        let folder = base + "/public"
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder + "/.git", withIntermediateDirectories: true)
        func write(_ text: String, _ path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
        try write("<!DOCTYPE html><p>index</p>", folder + "/index.html")
        try write("<!DOCTYPE html><p>page</p>", folder + "/page.html")
        try write(#"{"a":1}"#, folder + "/data.json")
        try write("0123456789", folder + "/digits.bin")
        try write("<p>sub</p>", folder + "/sub/index.html")
        try write("hidden", folder + "/.salvo-published")
        try write("hidden", folder + "/.git/config")
        try write("SECRET", base + "/secret.txt")
        try manager.createSymbolicLink(atPath: folder + "/out.html", withDestinationPath: base + "/secret.txt")
        try manager.createSymbolicLink(atPath: folder + "/relative.html", withDestinationPath: "../secret.txt")
        try manager.createSymbolicLink(atPath: folder + "/up", withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: folder + "/alias.html", withDestinationPath: "page.html")
        try manager.createSymbolicLink(atPath: folder + "/inside", withDestinationPath: "sub")
        #expect(mkfifo(folder + "/pipe.html", 0o644) == 0)
        defer { try? manager.removeItem(atPath: base) }
        let router = Router()
        router.middlewares.add(ProblemMiddleware { status, _ in status == .notFound ? "no such page" : nil })
        if stock {
            let stock = FileMiddleware<BasicRequestContext, LocalFileSystem>(folder, urlBasePath: "/files", logger: HTTPServiceTests.quiet)
            router.middlewares.add(stock)
        } else {
            router.middlewares.add(ServedFiles(folder: folder, under: "/files"))
        }
        router.get("/route") { _, _ in "a route" }
        let running = try await HTTPService.start(router, options: HTTPServiceTests.options())
        do {
            let result = try await body(try #require(running.port), base)
            await running.stop()
            return result
        } catch {
            await running.stop()
            throw error
        }
    }

    @Test("its files with their types, never cached nor sniffed; a folder asked with its slash is its index.html; routes still answer")
    func files() async throws {
        try await Self.serving { port, _ in
            let page = try await KitHTTP.request(port: port, path: "/files/page.html")
            #expect(page.status == 200 && page.text == "<!DOCTYPE html><p>page</p>")
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.headers["cache-control"] == "no-store" && page.headers["x-content-type-options"] == "nosniff")
            #expect(try await KitHTTP.request(port: port, path: "/files/data.json").headers["content-type"] == "application/json")
            #expect(try await KitHTTP.request(port: port, path: "/files/digits.bin").headers["content-type"] == "application/octet-stream")
            #expect(try await KitHTTP.request(port: port, path: "/files/").text == "<!DOCTYPE html><p>index</p>")
            #expect(try await KitHTTP.request(port: port, path: "/files/sub/").text == "<p>sub</p>")
            #expect(try await KitHTTP.request(port: port, path: "/files//sub//index.html").text == "<p>sub</p>")
            #expect(try await KitHTTP.request(port: port, path: "/files/p%61ge.html").text == "<!DOCTYPE html><p>page</p>")
            // A folder without its slash is not served (the middleware would redirect out of /files).
            #expect(try await KitHTTP.request(port: port, path: "/files/sub").status == 404)
            #expect(try await KitHTTP.request(port: port, path: "/route").text == "a route")
            let head = try await KitHTTP.request(port: port, method: "HEAD", path: "/files/page.html")
            #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == "26")
        }
    }

    @Test("ranges and revalidation as FileMiddleware gives them; a range past the end is a 416 problem, not a crash")
    func ranges() async throws {
        try await Self.serving { port, _ in
            let part = try await KitHTTP.request(port: port, path: "/files/digits.bin", headers: ["Range": "bytes=2-5"])
            #expect(part.status == 206 && part.text == "2345" && part.headers["content-range"] == "bytes 2-5/10")
            let tail = try await KitHTTP.request(port: port, path: "/files/digits.bin", headers: ["Range": "bytes=7-"])
            #expect(tail.status == 206 && tail.text == "789")
            for range in ["bytes=10-", "bytes=99999999999-", "bytes=5-2", "bytes=x"] {
                let refused = try await KitHTTP.request(port: port, path: "/files/digits.bin", headers: ["Range": range])
                #expect(refused.status == 416, "\(range)")
                #expect(KitHTTP.problem(refused)["error"] != nil, "\(range): \(refused.text)")
            }
            let tag = try #require(try await KitHTTP.request(port: port, path: "/files/page.html").headers["etag"])
            #expect(try await KitHTTP.request(port: port, path: "/files/page.html", headers: ["If-None-Match": tag]).status == 304)
        }
    }

    @Test("`..` in any spelling is a 400; a dotfile, a dot folder, a NUL, a FIFO, every symbolic link, out or in, a 404; nothing outside served")
    func refusals() async throws {
        try await Self.serving { port, _ in
            for path in ["/files/../secret.txt", "/files/%2e%2e/secret.txt", "/files/sub/..%2f..%2fsecret.txt", "/files/..", "/files/a..b"] {
                let reply = try await KitHTTP.request(port: port, path: path)
                #expect(reply.status == 400, "\(path): \(reply.status)")
                #expect(!reply.text.contains("SECRET"), "\(path)")
            }
            for path in [
                "/files/.salvo-published", "/files/%2esalvo-published", "/files/.git/config", "/files/sub/.%2E/page.html",
                "/files/out.html", "/files/relative.html", "/files/up/secret.txt", "/files/alias.html", "/files/inside/", "/files/inside/index.html",
                "/files/pipe.html", "/files/page.html%00.txt", "/files/nothing.html",
            ] {
                let reply = try await KitHTTP.request(port: port, path: path)
                #expect(reply.status == 404 || reply.status == 400, "\(path): \(reply.status)")
                #expect(!reply.text.contains("SECRET") && !reply.text.contains("hidden"), "\(path)")
                #expect(reply.headers["content-type"] == "application/json; charset=utf-8", "\(path): a problem")
            }
        }
    }

    @Test("why PublicFolder: Hummingbird's own LocalFileSystem serves a dotfile and follows a link out of the folder (it refuses `..` only)")
    func stockProvider() async throws {
        try await Self.serving(stock: true) { port, _ in
            let dotfile = try await KitHTTP.request(port: port, path: "/files/.salvo-published")
            #expect(dotfile.text == "hidden")
            #expect(try await KitHTTP.request(port: port, path: "/files/out.html").text == "SECRET")
            #expect(try await KitHTTP.request(port: port, path: "/files/up/secret.txt").text == "SECRET")
            #expect(try await KitHTTP.request(port: port, path: "/files/%2e%2e/secret.txt").status == 400)
        }
    }
}
