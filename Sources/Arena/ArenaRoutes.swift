import Foundation
import HTMLText
import Hummingbird
import JSONCoding
import Orchestrator
import Reports

/// The arena's HTTP routes (docs/arena.md):
/// - `POST /api/submissions` (Bearer token, body a .tar.gz or .zip): 202 once the upload is on
///   disk and in the store; 401, 413 or 429 otherwise;
/// - `GET /api/submissions`: the token's owner's uploads; `GET /api/submissions/ID`: one of
///   them (another student's id is a 404, as a missing one);
/// - `GET /api/me`: the token's owner's login, name and private page;
/// - `GET /api/standings`: the public standings; `GET /api/history.svg`: the season's history
///   chart; `GET /`: the live leaderboard;
///   `GET /season/...`: the published season (every page and replay, redacted; the private
///   pages under unguessable paths); `GET /upload`: the upload page.
struct ArenaRoutes: Sendable {
    let folder: ArenaFolder
    let settings: ArenaSettings
    let worker: ArenaWorker
    let standings: ArenaStandings
    let clock: @Sendable () -> Date

    func add(to router: Router<some RequestContext>) {
        router.post("/api/submissions") { request, _ in
            var request = request
            return await upload(&request)
        }
        router.get("/api/submissions") { request, _ in
            guard let login = login(of: request) else { return unauthorized() }
            let rows = (try? folder.store.submissions(of: login)) ?? []
            return json(rows.map(ArenaStatus.init))
        }
        router.get("/api/submissions/:id") { request, context in
            guard let login = login(of: request) else { return unauthorized() }
            guard let id = context.parameters.get("id").flatMap(Int64.init), let row = try? folder.store.submission(id, of: login) else {
                return problem(.notFound, "no upload of yours has that id; list yours with GET /api/submissions")
            }
            return json(ArenaStatus(row))
        }
        router.get("/api/standings") { _, _ in
            json(standings.document(tournament: settings.tournament.config.name))
        }
        router.get("/api/history.svg") { _, _ in
            bytes(Array(standings.chart(tournament: settings.tournament.config.name).utf8), contentType: "image/svg+xml; charset=utf-8", status: .ok)
        }
        router.get("/") { _, _ in
            let name = settings.tournament.config.name
            return html(ArenaLeaderboardPage.render(standings.document(tournament: name), chart: standings.chart(tournament: name)))
        }
        router.get("/api/me") { request, _ in
            guard let login = login(of: request) else { return unauthorized() }
            return json(me(login))
        }
        router.get("/season") { request, _ in
            // The router reads `/season` and `/season/` alike; the page's own links are relative to `/season/`.
            Response(status: .found, headers: [.location: request.uri.path.hasSuffix("/") ? "index.html" : "season/index.html"])
        }
        router.get("/season/**") { _, context in
            season(context.parameters.getCatchAll().map(String.init))
        }
        router.get("/upload") { _, _ in
            html(ArenaUploadPage.render(tournament: settings.tournament.config.name, uploadMB: settings.uploadBytes >> 20))
        }
    }

    /// The login of the request's valid token; nil for none, an unknown or a revoked one (the
    /// same lookup of the token's hash whatever the login, so the time tells nothing).
    func login(of request: Request) -> String? {
        guard let token = Self.bearerToken(of: request) else { return nil }
        return try? folder.store.login(forTokenHash: ArenaToken.hash(token))
    }

    /// The token of the request's `Authorization: Bearer TOKEN`, checked or not; nil without one.
    static func bearerToken(of request: Request) -> String? {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else { return nil }
        return String(header.dropFirst("Bearer ".count)).trimmingCharacters(in: .whitespaces)
    }

    func upload(_ request: inout Request) async -> Response {
        guard let login = login(of: request) else { return unauthorized() }
        let now = clock()
        guard let recent = try? folder.store.uploads(of: login, since: now.addingTimeInterval(-86_400)) else {
            return problem(.internalServerError, "the arena cannot read its store; ask your instructor")
        }
        if recent.count >= settings.submissionsPerDay {
            let next = (recent.oldest ?? now).addingTimeInterval(86_400)
            let seconds = max(1, Int(next.timeIntervalSince(now).rounded(.up)))
            var response = problem(.tooManyRequests, "you have made \(recent.count) uploads in the last 24 hours, the most the arena takes; the next is taken in \(seconds / 60 + 1) minutes")
            response.headers[.retryAfter] = String(seconds)
            return response
        }
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: settings.uploadBytes)
        } catch {
            return problem(.contentTooLarge, "the upload is larger than \(settings.uploadBytes >> 20) MiB, the most the arena takes; leave out build output and data files")
        }
        guard body.readableBytes > 0 else { return problem(.badRequest, "the upload is empty; send the .tar.gz or .zip of your bot's folder (salvo submit FOLDER does)") }
        let late = settings.deadline.map { now > $0 } ?? false
        do {
            let name = try body.withUnsafeReadableBytes { bytes throws(ArenaError) in try folder.saveUpload(bytes, at: now) }
            var row = ArenaSubmission(login: login, receivedAt: now, state: late ? .late : .queued, archive: name, archiveBytes: body.readableBytes)
            if late, let deadline = settings.deadline {
                row.reason = "received after the deadline (\(ISO8601DateFormatter().string(from: deadline))): kept, not entered"
            }
            row = try folder.store.insert(row)
            worker.nudge()
            var response = json(ArenaStatus(row), status: .accepted)
            response.headers[.location] = "/api/submissions/\(row.id ?? 0)"
            return response
        } catch {
            return problem(.internalServerError, "the arena could not save the upload (\(error)); nothing was kept: send it again, or ask your instructor")
        }
    }

    /// A student's own: their login, name and private page (once the season has one for them).
    struct Me: Codable, Hashable {
        var login: String
        var name: String
        /// `season/private/TOKEN/index.html`, relative to the arena's root; nil before their first entry.
        var privatePage: String?
    }

    func me(_ login: String) -> Me {
        let name = ((try? folder.store.students()) ?? []).first { $0.login.lowercased() == login.lowercased() }?.name ?? login
        var page: String?
        if let secret = try? RunPublisher.secret(at: folder.path + "/" + ArenaSettings.secretFile) {
            let path = PrivateFeedback.path(token: PrivateFeedback.token(secret: secret, folder: login))
            if FileManager.default.fileExists(atPath: folder.path + "/" + ArenaSettings.publicFolder + "/" + path) { page = "season/" + path }
        }
        return Me(login: login, name: name, privatePage: page)
    }

    /// A file of the published season (`DIR/public`), a folder's index.html for a folder;
    /// names starting with a dot and `..` are never served.
    func season(_ parts: [String]) -> Response {
        let root = folder.path + "/" + ArenaSettings.publicFolder
        guard parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\0") }) else { return problem(.notFound, "no such page") }
        var path = ([root] + parts).joined(separator: "/")
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { path += "/index.html" }
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: path) else {
            return problem(.notFound, parts.isEmpty ? "the season has no pages yet: they are published after its first batch" : "no such page")
        }
        return bytes(Array(data), contentType: Self.contentType(of: path), status: .ok)
    }

    static func contentType(of path: String) -> String {
        switch (path as NSString).pathExtension {
        case "html": "text/html; charset=utf-8"
        case "json": "application/json"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        case "csv": "text/csv; charset=utf-8"
        case "log", "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }

    func unauthorized() -> Response {
        var response = problem(.unauthorized, "give your arena token as `Authorization: Bearer TOKEN` (your instructor gave it to you); this one is missing, wrong or revoked")
        response.headers[.wwwAuthenticate] = "Bearer"
        return response
    }

    func problem(_ status: HTTPResponse.Status, _ message: String) -> Response {
        bytes(Array((try? JSONFormat.encoder(pretty: false, escapingSlashes: true).encode(["error": message])) ?? Data()), contentType: "application/json", status: status)
    }

    func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        bytes(Array((try? JSONFormat.encoder(pretty: false, escapingSlashes: true).encode(value)) ?? Data()), contentType: "application/json", status: status)
    }

    func html(_ text: String) -> Response {
        bytes(Array(text.utf8), contentType: "text/html; charset=utf-8", status: .ok)
    }

    func bytes(_ bytes: [UInt8], contentType: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.contentType: contentType, .cacheControl: "no-store", .init("X-Content-Type-Options")!: "nosniff"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }
}
