import Foundation
import HTMLText
import HTTPGuards
import Hummingbird
import JSONCoding
import Orchestrator
import Reports
import ServiceKit

/// The arena's HTTP routes (docs/arena.md):
/// - `POST /api/submissions` (Bearer token, body a .tar.gz or .zip): 202 once the upload is on
///   disk and in the store; 401, 413, 429, 503 or 507 otherwise (``upload(_:_:)``);
/// - `GET /api/submissions`: the token's owner's uploads; `GET /api/submissions/ID`: one of
///   them (another student's id is a 404, as a missing one);
/// - `GET /api/me`: the token's owner's login, names (roster, public), their page and private page;
/// - `GET /student/KEY`: a student's own page (``ArenaStudentPage``), under their private key;
/// - `GET /api/standings`: the public standings; `GET /api/history.svg`: the season's history
///   chart; `GET /`: the live leaderboard; `GET /upload`: the upload page;
/// - `GET /season/...`: the published season (every page and replay, redacted; the private
///   pages under unguessable paths), served by Hummingbird's FileMiddleware over
///   ``ServiceKit/PublicFolder`` (``ArenaServer/buildRouter(_:)``).
///
/// Every refusal is a thrown ``HTTPGuards/Problem``; a store that cannot be read is a 503
/// (``stored(_:)``), never an empty 200.
struct ArenaRoutes: Sendable {
    let folder: ArenaFolder
    let settings: ArenaSettings
    let worker: ArenaWorker
    let standings: ArenaStandings
    let clock: @Sendable () -> Date
    /// The uploads being read now, per student and in all.
    let uploads: InFlightLimit
    let log: ArenaWorker.Log

    init(
        folder: ArenaFolder, settings: ArenaSettings, worker: ArenaWorker, standings: ArenaStandings, clock: @escaping @Sendable () -> Date,
        log: @escaping ArenaWorker.Log
    ) {
        self.folder = folder
        self.settings = settings
        self.worker = worker
        self.standings = standings
        self.clock = clock
        self.log = log
        uploads = InFlightLimit(
            readingPerKey: ArenaSettings.uploadsReadPerStudent, admittedPerKey: ArenaSettings.uploadsAdmittedPerStudent, total: settings.uploadsAtOnce
        )
    }

    func add(to router: Router<ArenaRequestContext>) {
        let api = router.group("api")
        let submissions = api.group("submissions")
        submissions.post { request, context in
            try await upload(request, context)
        }
        submissions.get { _, context in
            let student = try context.student()
            return try ServiceReply.json(try stored { try folder.store.submissions(of: student.login).map(ArenaStatus.init) })
        }
        submissions.get(":id") { _, context in
            let student = try context.student()
            let id = context.parameters.get("id").flatMap(Int64.init)
            guard let id, let status = try stored({ try folder.store.submission(id, of: student.login).map(ArenaStatus.init) }) else {
                throw Problem(.notFound, "no upload of yours has that id; list yours with GET /api/submissions")
            }
            return try ServiceReply.json(status)
        }
        api.get("standings") { _, _ in
            try ServiceReply.json(try season().document)
        }
        api.get("history.svg") { _, _ in
            ServiceReply.bytes(Array(try season().chart.utf8), contentType: "image/svg+xml; charset=utf-8")
        }
        api.get("me") { _, context in
            try ServiceReply.json(try me(try context.student().login))
        }
        router.get("/") { _, _ in
            let (document, chart) = try season()
            return ServiceReply.html(ArenaLeaderboardPage.render(document, chart: chart))
        }
        // The published season's files are served by the router's ServedFiles under `/season/`.
        router.get("/season") { request, _ in
            // The router reads `/season` and `/season/` alike; the page's own links are relative to `/season/`.
            Response(status: .found, headers: [.location: request.uri.path.hasSuffix("/") ? "index.html" : "season/index.html"])
        }
        router.get("/student/:key") { _, context in
            try studentPage(key: context.parameters.get("key") ?? "")
        }
        router.get("/upload") { _, _ in
            ServiceReply.html(ArenaUploadPage.render(tournament: settings.tournament.config.name, uploadMB: settings.uploadBytes >> 20))
        }
    }

    /// The public standings and history chart now; the arena's 503 when the published
    /// results.json is there but cannot be read, never an empty table.
    func season() throws(Problem) -> (document: ArenaStandings.Document, chart: Markup) {
        do {
            return try standings.read(tournament: settings.tournament.config.name)
        } catch {
            log("arena: \(error)")
            let sentence = "the arena cannot read its standings just now; try again in a minute, and tell your instructor if it lasts"
            throw Problem(.serviceUnavailable, sentence, retryAfter: 60)
        }
    }

    /// The store's answer, or the arena's 503: a store that cannot be read is never an empty 200.
    func stored<Value>(_ body: () throws -> Value) throws(Problem) -> Value {
        do {
            return try body()
        } catch {
            log("arena: \(error)")
            throw Problem(
                .serviceUnavailable, "the arena cannot read its store just now; try again in a minute, and tell your instructor if it lasts",
                retryAfter: 60)
        }
    }

    /// `POST /api/submissions`: the body streamed to a file of `uploads/` as it arrives
    /// (``HTTPGuards/StreamedBody``), never held whole. Before a byte of it is read: the
    /// student (401), the declared size (413), the host's disk (507, nobody charged:
    /// ``ArenaDisk``), a place in the daily quota, taken in one transaction (429:
    /// ``ArenaStore/reserveUpload(login:at:quota:)``), and the student's uploads and everyone's
    /// in the arena (429, 503: ``uploads``); then it waits its turn, two of a student's read at once.
    /// A body that does not arrive whole (cut, stalled past the request deadline, too large)
    /// gives its place back and leaves no file. The upload is dated by its last byte on disk,
    /// which is what the deadline is compared with.
    func upload(_ request: Request, _ context: ArenaRequestContext) async throws -> Response {
        let student = try context.student()
        // Each refusal before the body ends the connection, the body unread.
        let close: HTTPFields = [.connection: "close"]
        let declared = request.headers[.contentLength].flatMap(Int.init)
        if let declared, declared > settings.uploadBytes { throw tooLarge(close) }
        if let shortage = ArenaDisk(arena: folder.path, settings: settings).uploadShortage {
            log("arena: an upload from \(student.login) was refused before its body (507, not counted): \(shortage)")
            throw Problem(
                .insufficientStorage,
                "the arena's disk is too full to take an upload just now; this is not your doing and nothing was counted against your quota: send it again later (the instructor is told)",
                retryAfter: 300, headers: close
            )
        }
        let started = clock()
        let reservation = try stored {
            try folder.store.reserveUpload(login: student.login, at: started, quota: ArenaQuota(perDay: settings.submissionsPerDay))
        }
        guard case .taken(let row) = reservation, let id = row.id else {
            guard case .full(let count, let oldest, let attempts) = reservation else {
                throw Problem(.internalServerError, "the arena did not record the upload; send it again")
            }
            let seconds = max(1, Int((oldest ?? started).addingTimeInterval(86_400).timeIntervalSince(started).rounded(.up)))
            let what =
                attempts
                ? "\(count) uploads in the last 24 hours, refused ones too, the most the arena checks for one student"
                : "\(count) uploads in the last 24 hours that were not refused, the most the arena takes"
            throw Problem(
                .tooManyRequests,
                "you have made \(what); the next is taken in \(seconds / 60 + 1) minutes (a refused upload gives its place back; your instructor can give uploads back too)",
                retryAfter: seconds, headers: close
            )
        }
        let lease: InFlightLimit.Lease
        switch uploads.admit(student.login.lowercased()) {
        case .success(let admitted):
            lease = admitted
        case .failure(let refusal):
            giveBack(id)
            if refusal == .perKey {
                throw Problem(
                    .tooManyRequests,
                    "your token has \(uploads.admittedPerKey) uploads in the arena already, the most it takes at once from one student; nothing was counted for this one: wait until they are taken, then send again",
                    retryAfter: 10, headers: close
                )
            }
            throw Problem(
                .serviceUnavailable,
                "the arena is taking \(uploads.total) uploads at once, the most it does; nothing was counted against your quota: send yours again in a few seconds",
                retryAfter: 5, headers: close
            )
        }
        defer { lease.release() }
        // At most a few of one student's are read at once; the others wait here, unread.
        await lease.turn()
        let length: Int
        do {
            try FileManager.default.createDirectory(atPath: folder.uploadsFolder, withIntermediateDirectories: true)
            length = try await StreamedBody.write(
                request.body, to: folder.partialUpload(row.archive), limit: settings.uploadBytes, expectedLength: declared)
        } catch {
            // Nothing kept: the place in the quota goes back.
            giveBack(id)
            switch error as? StreamedBody.Failure {
            case .tooLarge?:
                throw tooLarge(close)
            case .cut?:
                throw Problem(.badRequest, "the upload was cut off before its end; nothing was kept or counted: send it again")
            case .cannotWrite?, nil:
                log("arena: upload \(id) from \(student.login) could not be written (\(error)); not counted")
                throw Problem(
                    .insufficientStorage,
                    "the arena could not write your upload (its disk); this is not your doing and nothing was counted against your quota: send it again later",
                    retryAfter: 300)
            }
        }
        guard length > 0 else {
            unlink(folder.partialUpload(row.archive))
            giveBack(id)
            throw Problem(.badRequest, "the upload is empty; send the .tar.gz or .zip of your bot's folder (salvo submit FOLDER does)")
        }
        // Its last byte is on disk: the upload's time, the one the deadline is compared with.
        let received = clock()
        let late = settings.deadline.map { received > $0 } ?? false
        let done: ArenaSubmission?
        do {
            try folder.finishUpload(row.archive)
            done = try folder.store.completeUpload(
                id, receivedAt: received, state: late ? .late : .queued,
                reason: late
                    ? settings.deadline.map { "received after the deadline (\(ISO8601DateFormatter().string(from: $0))): kept, not entered" } : nil,
                bytes: length
            )
        } catch {
            log("arena: upload \(id) from \(student.login) could not be kept: \(error)")
            unlink(folder.uploadsFolder + "/" + row.archive)
            giveBack(id)
            throw Problem(
                .serviceUnavailable, "the arena could not record your upload; nothing was counted against your quota: send it again in a minute",
                retryAfter: 60)
        }
        guard let done else {
            throw Problem(.serviceUnavailable, "the arena could not record your upload; send it again in a minute", retryAfter: 60)
        }
        do {
            try folder.pruneArchives(of: student.login, budget: ArenaDiskBudget(bytes: settings.studentDiskBytes))
        } catch {
            log("arena: \(student.login)'s older archives could not be pruned: \(error)")
        }
        worker.nudge()
        var response = try ServiceReply.json(try stored { try ArenaStatus(done) }, status: .accepted)
        response.headers[.location] = "/api/submissions/\(id)"
        return response
    }

    /// Upload `id`'s place in its student's quota given back: its body never arrived whole.
    func giveBack(_ id: Int64) {
        do {
            try folder.store.dropUpload(id)
        } catch {
            log("arena: upload \(id)'s place in its student's quota could not be given back: \(error)")
        }
    }

    func tooLarge(_ headers: HTTPFields) -> Problem {
        Problem(
            .contentTooLarge,
            "the upload is larger than \(settings.uploadBytes >> 20) MiB, the most the arena takes; leave out build output and data files",
            headers: headers)
    }

    /// A student's own: their login, roster name, the name the public pages show them under
    /// (nil before their first entry), their page in the arena (``ArenaStudentPage``, from their
    /// first upload) and the season's private page (their games; nil before they played).
    struct Me: Codable, Hashable {
        var login: String
        var name: String
        var publicName: String?
        /// `student/KEY`, relative to the arena's root.
        var page: String
        /// `season/private/TOKEN/index.html`, relative to the arena's root; nil before their first entry.
        var privatePage: String?
    }

    func me(_ login: String) throws(Problem) -> Me {
        let student = try stored { try folder.store.students() }.first { $0.login.lowercased() == login.lowercased() }
        let key = try privateKey(of: student?.login ?? login)
        let path = PrivateFeedback.path(token: key)
        let published = FileManager.default.fileExists(atPath: folder.path + "/" + ArenaSettings.publicFolder + "/" + path)
        return Me(
            login: login, name: student?.name ?? login, publicName: student?.publicName, page: "student/" + key,
            privatePage: published ? "season/" + path : nil)
    }

    /// The unguessable key of `login`'s pages: their season private page's token (128 bits of
    /// HMAC under the arena's publish secret).
    func privateKey(of login: String) throws(Problem) -> String {
        PrivateFeedback.token(secret: try secret(), folder: login)
    }

    /// The arena's publish secret (made at its first use).
    func secret() throws(Problem) -> [UInt8] {
        do {
            return try RunPublisher.secret(at: folder.path + "/" + ArenaSettings.secretFile)
        } catch {
            log("arena: \(error)")
            throw Problem(.serviceUnavailable, "the arena cannot read its secret just now; tell your instructor", retryAfter: 60)
        }
    }

    /// `GET /student/KEY`: the page of the student whose key it is; the same 404 as any
    /// unknown page otherwise.
    func studentPage(key: String) throws(Problem) -> Response {
        let students = try stored { try folder.store.students() }
        let secret = try secret()
        guard key.count == 32, let student = students.first(where: { PrivateFeedback.token(secret: secret, folder: $0.login) == key }) else {
            throw Problem(.notFound, "no such page")
        }
        let uploads = try stored { try folder.store.submissions(of: student.login, limit: 200) }
        let document = try season().document
        let row = student.publicName.flatMap { name in document.standings.first { $0.bot == name } }
        let path = PrivateFeedback.path(token: key)
        let published = FileManager.default.fileExists(atPath: folder.path + "/" + ArenaSettings.publicFolder + "/" + path)
        let counted = try stored { try folder.store.countedUploads(of: student.login, at: clock()) }
        return ServiceReply.html(
            try stored {
                try ArenaStudentPage.render(
                    .init(
                        tournament: settings.tournament.config.name, login: student.login, name: student.name, publicName: student.publicName,
                        standing: row,
                        ranked: document.standings.count, gamesPage: published ? "season/" + path : nil, uploads: uploads,
                        quota: ArenaQuota(perDay: settings.submissionsPerDay), counted: counted
                    ))
            })
    }
}
