import ArchiveIntake
import Bots
import CurlHTTP
import Foundation
import GRDB
import JSONCoding
import Reports
import RunControl
import SalvoTestSupport
import Sandbox
import Synchronization
import Testing

@testable import Arena

/// The arena's service over real HTTP on loopback, with real uploads (archives written by
/// libarchive), the real sandbox, real checks and a real season in a real folder: each
/// deliverable of issue 42's service that this round builds, as a student and an instructor
/// meet it.
@Suite("The arena's service", .serialized)
struct ArenaServiceTests {
    /// An arena in a new folder for alice (named "Alice A") and bob, a season of the built-in
    /// random and the students, played in small batches; `extra` lines join arena.yaml.
    static func arena(_ extra: String = "") throws -> (folder: ArenaFolder, tokens: [String: String]) {
        let path = NSTemporaryDirectory() + "salvo-arena-service-\(UUID().uuidString.prefix(8))"
        let folder = try ArenaFolder.create(at: path, roster: ArenaRoster.read("alice,Alice A\nbob\n"))
        try """
        name: cs101
        bots: [random]
        games_per_pairing: 1
        concurrency: 4
        check_games: 2
        \(extra)
        """.write(toFile: path + "/arena.yaml", atomically: true, encoding: .utf8)
        let lines = try String(contentsOfFile: path + "/tokens.tsv", encoding: .utf8).split(separator: "\n")
        let tokens = Dictionary(
            lines.map { line in
                let parts = line.split(separator: "\t")
                return (String(parts[0]), String(parts[1]))
            }, uniquingKeysWith: { _, last in last })
        return (folder, tokens)
    }

    /// The example Python bot's folder packed as `salvo submit` packs it; the archive's path.
    static func botArchive(note: String = "") throws -> String {
        let work = NSTemporaryDirectory() + "salvo-arena-bot-\(UUID().uuidString.prefix(8))"
        try FileManager.default.copyItem(atPath: ClassFolder.examples + "/python-random", toPath: work + "/bot")
        if !note.isEmpty { try Data(note.utf8).write(to: URL(fileURLWithPath: work + "/bot/NOTE")) }
        try ArchivePacker.pack(folder: work + "/bot", to: work + "/bot.tar.gz")
        return work + "/bot.tar.gz"
    }

    static func hostileArchive(_ entries: [ArchiveBuilder.Entry]) throws -> String {
        var builder = ArchiveBuilder(format: .tarGzip)
        for entry in entries { builder.add(entry) }
        let path = NSTemporaryDirectory() + "salvo-arena-hostile-\(UUID().uuidString.prefix(8)).tar.gz"
        try builder.write(to: path)
        return path
    }

    /// Runs `body` with the arena served on a free port (its settings changed by `adjust`), and
    /// stops it after, whatever happens.
    static func serving<T>(
        _ folder: ArenaFolder, clock: @escaping @Sendable () -> Date = { Date() }, adjust: (inout ArenaSettings) -> Void = { _ in },
        _ body: (RunningArena, Client) async throws -> T
    ) async throws -> T {
        var settings = try ArenaSettings.read(arena: folder.path)
        adjust(&settings)
        let running = try await ArenaServer.start(
            folder: folder, settings: settings, host: "127.0.0.1", port: 0, launcher: SandboxLauncher(), clock: clock)
        let client = Client(base: "http://127.0.0.1:\(running.port)")
        do {
            let result = try await body(running, client)
            await running.stop()
            await client.http.shutdown()
            return result
        } catch {
            await running.stop()
            await client.http.shutdown()
            throw error
        }
    }

    /// The arena's API as a student's program calls it.
    struct Client {
        let base: String
        let http = CurlHTTPClient()

        func upload(_ archive: String, token: String?) async throws -> HTTPResponse {
            try await upload(bytes: Array(Data(contentsOf: URL(fileURLWithPath: archive))), token: token)
        }

        func upload(bytes: [UInt8], token: String?) async throws -> HTTPResponse {
            var headers = HTTPHeaders()
            if let token { headers = ["Authorization": "Bearer " + token] }
            return try await http.execute(
                HTTPRequest(method: .post, url: base + "/api/submissions", headers: headers, body: bytes), timeout: .seconds(30))
        }

        func get(_ path: String, token: String? = nil) async throws -> HTTPResponse {
            try await http.execute(
                HTTPRequest(url: base + path, headers: token.map { ["Authorization": "Bearer " + $0] } ?? HTTPHeaders()), timeout: .seconds(30))
        }

        /// Follows upload `id` until it is final (at most `limit`); its last state.
        func follow(_ id: Int64, token: String, limit: Duration = .seconds(240)) async throws -> ArenaStatus {
            let end = ContinuousClock.now + limit
            while true {
                let response = try await get("/api/submissions/\(id)", token: token)
                let status = try JSONFormat.decoder().decode(ArenaStatus.self, from: Data(response.body))
                if status.final || ContinuousClock.now > end { return status }
                try await Task.sleep(for: .milliseconds(300))
            }
        }
    }

    static func status(_ response: HTTPResponse) throws -> ArenaStatus {
        try JSONFormat.decoder().decode(ArenaStatus.self, from: Data(response.body))
    }

    static func error(_ response: HTTPResponse) -> String {
        ((try? JSONDecoder().decode([String: String].self, from: Data(response.body))) ?? [:])["error"] ?? ""
    }

    @Test(
        "an upload is taken (202), checked with the check's steps shown to its owner alone, entered, and played into public standings that show names, not logins"
    )
    func uploadToStandings() async throws {
        let (folder, tokens) = try Self.arena()
        let alice = try #require(tokens["alice"])
        let bob = try #require(tokens["bob"])
        try await Self.serving(folder) { _, client in
            let taken = try await client.upload(Self.botArchive(), token: alice)
            #expect(taken.status == 202)
            let first = try Self.status(taken)
            #expect(first.state == .queued)
            #expect(taken.headers.first { $0.name.lowercased() == "location" }?.value == "/api/submissions/\(first.id)")

            let done = try await client.follow(first.id, token: alice)
            #expect(done.state == .entered, "\(done)")
            #expect(done.version?.count == 12)
            let steps = done.lines.filter { $0.kind == "step" }
            #expect(steps.count >= 7, "\(steps.map { $0.name ?? "" })")
            #expect(steps.allSatisfy { $0.passed == true })
            #expect(steps.contains { ($0.name ?? "").hasPrefix("games: 2 against random") })

            // Another student's token reads nothing of it: the same 404 as an id that is not there.
            let foreign = try await client.get("/api/submissions/\(first.id)", token: bob)
            let missing = try await client.get("/api/submissions/999", token: bob)
            #expect(foreign.status == 404 && missing.status == 404 && foreign.body == missing.body)
            #expect(try await client.get("/api/submissions", token: bob).body == Array("[]".utf8))

            // Played: the public standings name alice by her roster name, never her login.
            var standings = ArenaStandings.Document(tournament: "", generatedAt: nil, games: 0, standings: [])
            for _ in 0..<100 {
                let body = try await client.get("/api/standings").body
                standings = try JSONFormat.decoder().decode(ArenaStandings.Document.self, from: Data(body))
                if standings.standings.contains(where: { $0.bot == "Alice A" }) { break }
                try await Task.sleep(for: .milliseconds(300))
            }
            #expect(standings.standings.map(\.bot).sorted() == ["Alice A", "random"])
            #expect(standings.games == 1)
            // The instructor's table beside the store names her by her roster name beside her
            // login, the column a grade sheet joins on; bob, who never entered, has his row.
            let csv = try String(contentsOfFile: folder.path + "/standings.csv", encoding: .utf8)
            #expect(csv.hasPrefix("rank,name,login,version,rating,") && csv.contains(",Alice A,alice,"), "\(csv)")
            #expect(csv.contains("\r\n,bob,bob,,,,,,0,0,0,0,\"never entered: no version played, no rank\"\r\n"), "\(csv)")
            let page = String(decoding: try await client.get("/").body, as: UTF8.self)
            #expect(page.contains("<td>Alice A</td>"))
            #expect(!page.contains("alice"))
            // One game between two entries rates neither: no history yet, and the page says so.
            #expect(page.contains("<p id=\"no-history\"") && !page.contains("<svg class=\"history-chart\""))
            #expect(try await client.get("/api/history.svg").body.isEmpty)
            #expect(FileManager.default.fileExists(atPath: folder.path + "/submissions/alice/bot.yaml"))

            // Her private page is published before her upload is said entered, and only her token learns where.
            let me = try JSONDecoder().decode([String: String].self, from: Data(try await client.get("/api/me", token: alice).body))
            let privatePath = try #require(me["privatePage"])
            #expect(privatePath.hasPrefix("season/private/") && privatePath.count == "season/private/".count + 32 + "/index.html".count)
            let bobs = try JSONDecoder().decode([String: String].self, from: Data(try await client.get("/api/me", token: bob).body))
            #expect(bobs["login"] == "bob" && bobs["privatePage"] == nil)
            #expect(try await client.get("/api/me").status == 401)
            let privatePage = try await client.get("/" + privatePath)
            #expect(privatePage.status == 200)
            #expect(String(decoding: privatePage.body, as: UTF8.self).contains("Your bot played as"))
            // The published season: every page served, nothing of the arena's own files.
            #expect(try await client.get("/season/").headers.first { $0.name.lowercased() == "location" }?.value == "index.html")
            #expect(try await client.get("/season").headers.first { $0.name.lowercased() == "location" }?.value == "season/index.html")
            let season = try await client.get("/season/index.html")
            #expect(season.status == 200 && String(decoding: season.body, as: UTF8.self).contains("<!DOCTYPE html>"))
            // The season's pages name her by her roster name too, never her login.
            for path in ["/season/index.html", "/season/results.json"] {
                let text = String(decoding: try await client.get(path).body, as: UTF8.self)
                // (Her bot page's file, bots/alice-a.html, is named after her public name.)
                #expect(text.contains("Alice A") && !text.replacingOccurrences(of: "alice-a", with: "").contains("alice"), "\(path)")
            }
            #expect(try await client.get("/season/results.json").status == 200)
            for hidden in ["/season/.salvo-published", "/season/../arena.sqlite", "/season/%2e%2e/arena.sqlite", "/season/private/"] {
                let answer = try await client.get(hidden)
                #expect(answer.status == 404 || !String(decoding: answer.body, as: UTF8.self).contains("SQLite"), "\(hidden)")
                #expect(!String(decoding: answer.body, as: UTF8.self).contains("index.html\""), "\(hidden) lists the private pages")
            }
        }
    }

    @Test("no token, a wrong one and a revoked one get the same 401; a new token works")
    func tokens() async throws {
        let (folder, tokens) = try Self.arena()
        let bob = try #require(tokens["bob"])
        try folder.store.revoke(login: "bob")
        try await Self.serving(folder) { _, client in
            let archive = try Self.botArchive()
            let answers = try await [
                client.upload(archive, token: nil), client.upload(archive, token: "not-a-token"), client.upload(archive, token: bob),
            ]
            #expect(answers.map(\.status) == [401, 401, 401])
            #expect(Set(answers.map(\.body)).count == 1)
            #expect(try folder.store.submissions(of: "bob").isEmpty)
            let fresh = try folder.newToken(login: "bob")
            #expect(try await client.upload(archive, token: fresh).status == 202)
        }
    }

    @Test("a hostile or wrong archive is refused with its reason, and nothing of it lands in the season")
    func refusals() async throws {
        let (folder, tokens) = try Self.arena("schedule: nightly\nnight_at: \"23:59\"")
        let alice = try #require(tokens["alice"])
        try await Self.serving(folder) { _, client in
            let cases: [(String, String)] = try [
                (
                    Self.hostileArchive([
                        .file("bot.yaml", Array("command: ./x\n".utf8), executable: false), .file("/etc/cron.d/x", [1], executable: false),
                    ]), "absolute path, `/etc/cron.d/x`"
                ),
                (
                    Self.hostileArchive([.file("bot.yaml", Array("command: ./x\n".utf8), executable: false), .link("up", target: "../../..")]),
                    "the link `up` points to `../../..`, outside the folder"
                ),
                (Self.hostileArchive([.file("main.py", Array("print(1)\n".utf8), executable: false)]), "no bot.yaml at its top"),
                (Self.hostileArchive([.file("bot.yaml", Array("command: python3 nothere.py\n".utf8), executable: false)]), "nothere.py"),
            ]
            for (archive, reason) in cases {
                let taken = try await client.upload(archive, token: alice)
                #expect(taken.status == 202)
                let done = try await client.follow(Self.status(taken).id, token: alice)
                #expect(done.state == .refused)
                #expect((done.reason ?? "").contains(reason), "\(done.reason ?? "")")
            }
            let text = try await client.upload(bytes: Array("not an archive".utf8), token: alice)
            let done = try await client.follow(Self.status(text).id, token: alice)
            #expect(done.state == .refused && (done.reason ?? "").contains("not a .tar.gz or .zip"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/submissions").isEmpty)
            #expect(!FileManager.default.fileExists(atPath: "/etc/cron.d/x"))
        }
    }

    @Test("limits: uploads per day (429 with Retry-After), the upload's size (413), the deadline (kept, late, not entered)")
    func limits() async throws {
        let (folder, tokens) = try Self.arena(
            "submissions_per_day: 2\nupload_mb: 1\ndeadline: 2026-01-01T00:00:00Z\nschedule: nightly\nnight_at: \"23:59\"")
        let alice = try #require(tokens["alice"])
        let bob = try #require(tokens["bob"])
        // The arena's clock: past the deadline for this test's uploads.
        try await Self.serving(folder, clock: { Date(timeIntervalSince1970: 1_800_000_000) }) { _, client in
            let archive = try Self.botArchive()
            let first = try await client.upload(archive, token: alice)
            #expect(first.status == 202)
            let late = try Self.status(first)
            #expect(late.state == .late && late.final)
            #expect((late.reason ?? "").contains("after the deadline"))
            #expect(try await client.upload(archive, token: alice).status == 202)
            let third = try await client.upload(archive, token: alice)
            #expect(third.status == 429)
            #expect(
                third.headers.first { $0.name.lowercased() == "retry-after" }.flatMap { Int($0.value) }.map { $0 > 86_000 && $0 <= 86_400 } == true)
            #expect(Self.error(third).contains("2 uploads in the last 24 hours"))
            // Another student's quota is their own; a body past upload_mb is refused unread.
            let large = try await client.upload(bytes: [UInt8](repeating: 1, count: 2 << 20), token: bob)
            #expect(large.status == 413)
            #expect(Self.error(large).contains("larger than 1 MiB"))
            // Late uploads are kept on disk.
            let kept = try folder.store.submissions(of: "alice")
            #expect(kept.count == 2 && kept.allSatisfy { $0.state == .late })
            #expect(kept.allSatisfy { FileManager.default.fileExists(atPath: folder.path + "/uploads/" + $0.archive) })
        }
    }

    @Test("request rates: an address past its burst gets 429 with Retry-After and a sentence, then is served again once its tokens return")
    func requestRate() async throws {
        let (folder, _) = try Self.arena("requests_per_second: 1\nrequest_burst: 3")
        try await Self.serving(folder) { _, client in
            for _ in 0..<3 { #expect(try await client.get("/api/standings").status == 200) }
            // A token comes back each second: ten requests in a row outrun it, however busy the machine.
            var refused: HTTPResponse?
            for _ in 0..<10 where refused == nil {
                let response = try await client.get("/api/standings")
                if response.status == 429 { refused = response } else { #expect(response.status == 200) }
            }
            let answer = try #require(refused, "ten requests past the burst were all served")
            let wait = try #require(answer.headers.first { $0.name.lowercased() == "retry-after" }.flatMap { Int($0.value) })
            #expect(wait == 1, "a token within a second, said as a whole second")
            #expect(Self.error(answer).contains("Too many requests from this address") && Self.error(answer).contains("at most 1 a second"))
            try await Task.sleep(for: .seconds(wait))
            #expect(try await client.get("/api/standings").status == 200)
        }
    }

    @Test(
        "request rates per token: a student's token past its burst gets 429 while another's, and requests without one, are served from the same address; a wrong token counts against the address, whose X-Forwarded-For is ignored without a trusted proxy"
    )
    func requestRatePerToken() async throws {
        let (folder, tokens) = try Self.arena("requests_per_second: 1\nrequest_burst: 3")
        let alice = try #require(tokens["alice"])
        let bob = try #require(tokens["bob"])
        try await Self.serving(folder) { _, client in
            for _ in 0..<3 { #expect(try await client.get("/api/me", token: alice).status == 200) }
            // A token comes back each second: ten requests in a row outrun it, however busy the machine.
            var refused: HTTPResponse?
            for _ in 0..<10 where refused == nil {
                let response = try await client.get("/api/me", token: alice)
                if response.status == 429 { refused = response } else { #expect(response.status == 200) }
            }
            let answer = try #require(refused, "ten requests past alice's burst were all served")
            #expect(answer.headers.first { $0.name.lowercased() == "retry-after" }.flatMap { Int($0.value) } == 1)
            #expect(
                Self.error(answer).contains("Too many requests with this token") && Self.error(answer).contains("at most 1 a second"),
                "\(Self.error(answer))")
            // The same address, another token or none: each has its own burst.
            #expect(try await client.get("/api/me", token: bob).status == 200)
            #expect(try await client.get("/api/standings").status == 200)
            // A wrong token earns no bucket of its own: it is counted against the address (401, then 429).
            var statuses: [Int] = []
            for _ in 0..<10 where statuses.last != 429 {
                statuses.append(Int(try await client.get("/api/me", token: ArenaToken.random()).status))
            }
            #expect(statuses.last == 429 && statuses.dropLast().allSatisfy { $0 == 401 }, "\(statuses)")
            // Naming another address each time earns nothing either: ten in a row outrun the rate.
            var spoofed: HTTPResponse?
            for index in 0..<10 where spoofed == nil {
                let response = try await client.http.execute(
                    HTTPRequest(url: client.base + "/api/standings", headers: ["X-Forwarded-For": "203.0.113.\(index)"]), timeout: .seconds(30))
                if response.status == 429 { spoofed = response }
            }
            let counted = try #require(spoofed, "a client named other addresses in X-Forwarded-For and was counted as them")
            #expect(Self.error(counted).contains("Too many requests from this address"))
        }
    }

    @Test(
        "behind a reverse proxy on a Unix socket only it can open (mode 0660), each address it forwards has its own rate, the rightmost in X-Forwarded-For, whatever the client wrote to its left; trusted_proxy on this machine's loopback is refused at start"
    )
    func requestRateBehindProxy() async throws {
        let (folder, _) = try Self.arena("requests_per_second: 1\nrequest_burst: 3")
        let path = folder.path + "/arena.sock"
        let settings = try ArenaSettings.read(arena: folder.path)
        let running = try await ArenaServer.start(
            folder: folder, settings: settings, host: "127.0.0.1", port: 0, socket: .init(path: path), launcher: SandboxLauncher())
        defer { unlink(path) }
        do {
            var status = stat()
            #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK && status.st_mode & 0o777 == 0o660)
            func get(forwardedFor: String) async throws -> Int {
                try await LoopbackSocket.onThread {
                    let fd = try LoopbackSocket.connect(unixPath: path)
                    defer { close(fd) }
                    try LoopbackSocket.send(
                        fd, Data("GET /api/standings HTTP/1.1\r\nHost: arena\r\nX-Forwarded-For: \(forwardedFor)\r\nConnection: close\r\n\r\n".utf8))
                    var received = Data()
                    _ = try LoopbackSocket.read(fd, into: &received, deadline: Date().addingTimeInterval(20)) { _ in false }
                    return try LoopbackSocket.parse(received).status
                }
            }
            for _ in 0..<3 { #expect(try await get(forwardedFor: "203.0.113.7") == 200) }
            var statuses: [Int] = []
            for _ in 0..<10 where statuses.last != 429 { statuses.append(try await get(forwardedFor: "203.0.113.7")) }
            #expect(statuses.last == 429, "ten requests past 203.0.113.7's burst were all served: \(statuses)")
            // Another client behind the proxy is served; one that wrote an address of its own
            // before the proxy's is still the address the proxy saw.
            #expect(try await get(forwardedFor: "203.0.113.8") == 200)
            statuses = []
            for index in 0..<10 where statuses.last != 429 { statuses.append(try await get(forwardedFor: "198.51.100.\(index), 203.0.113.7")) }
            #expect(statuses.last == 429, "the addresses a client wrote were counted, not the proxy's: \(statuses)")
        } catch {
            await running.stop()
            throw error
        }
        await running.stop()
        // On a port, a trusted proxy on this machine is refused: any local user could be it.
        var trusting = settings
        trusting.trustedProxies = ["127.0.0.1"]
        await #expect(throws: ArenaError.self) {
            _ = try await ArenaServer.start(folder: folder, settings: trusting, host: "127.0.0.1", port: 0, launcher: SandboxLauncher())
        }
    }

    @Test(
        "a class uploading at once: once a checked version has waited 30 s a batch enters it while the other uploads' checks go on, and each student's last version is entered"
    )
    func batchAfterWaiting() async throws {
        let (folder, _) = try Self.arena("checks_at_once: 2")
        let archive = try Self.botArchive()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: archive))
        let logins = ["alice", "bob", "alice", "bob"]
        var queued: [Int64] = []
        for login in logins {
            let name = try bytes.withUnsafeBytes { try folder.saveUpload($0) }
            queued.append(
                try #require(
                    try folder.store.insert(
                        ArenaSubmission(login: login, receivedAt: Date(), state: .queued, archive: name, archiveBytes: bytes.count)
                    ).id))
        }
        // The worker's clock moves 40 s each time it is read: every check looks long.
        let ticks = Mutex(0.0)
        let clock: @Sendable () -> Date = {
            ticks.withLock {
                $0 += 40
                return Date(timeIntervalSince1970: 1_900_000_000 + $0)
            }
        }
        let lines = Mutex<[String]>([])
        let worker = ArenaWorker(
            folder: folder, settings: try ArenaSettings.read(arena: folder.path), launcher: SandboxLauncher(), stop: StopSignal(), clock: clock,
            log: { line in
                lines.withLock { $0.append(line) }
            })
        func states() throws -> [ArenaSubmission.State] {
            try zip(queued, logins).map { id, login in try #require(try folder.store.submission(id, of: login)).state }
        }
        #expect(await worker.workOnce() == .done, "nothing is left queued")
        let log = lines.withLock { $0 }
        // The first batch began once a version had waited (its first check passed), and a
        // second check of that student began before the batch ended: checks go on meanwhile.
        let firstBatchEnd = try #require(log.firstIndex { $0.hasPrefix("batch 1:") }, "\(log)")
        let secondChecks = log.indices.filter {
            log[$0] == "upload \(queued[2]) from alice: building" || log[$0] == "upload \(queued[3]) from bob: building"
        }
        #expect(secondChecks.count == 2, "\(log)")
        #expect(secondChecks.contains { $0 < firstBatchEnd }, "no check began while the first batch played: \(log)")
        #expect(await worker.batches >= 2)
        // Each student's last upload is entered; the first ones were entered before it or
        // replaced by it in one batch.
        let ends = try states()
        #expect(ends[2] == .entered && ends[3] == .entered, "\(ends)")
        #expect(ends[0] == .entered || ends[0] == .replaced, "\(ends)")
        #expect(ends[1] == .entered || ends[1] == .replaced, "\(ends)")
        #expect(try String(contentsOfFile: folder.path + "/submissions/alice/bot.yaml", encoding: .utf8).isEmpty == false)
    }

    @Test("the submissions folder is held by one side at a time: a check's install waits while a batch enters, and the waiters go in order")
    func submissionsGate() async throws {
        let gate = SubmissionsGate()
        let order = Mutex<[String]>([])
        let note: @Sendable (String) -> Void = { name in order.withLock { $0.append(name) } }
        await gate.enter()
        // Each task is seen waiting before the next starts, so "first" is the first in line;
        // 60 s for a task to start on a loaded machine, then a failure that says so.
        func waitFor(_ count: Int) async throws {
            let deadline = ContinuousClock.now + .seconds(60)
            while gate.waiters < count {
                try #require(ContinuousClock.now < deadline, "only \(gate.waiters) of \(count) holds waiting after 60 s")
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        let first = Task { await gate.hold { note("first") } }
        try await waitFor(1)
        let second = Task { await gate.hold { note("second") } }
        try await waitFor(2)
        #expect(order.withLock { $0 }.isEmpty, "a hold ran while the gate was held")
        gate.leave()
        await first.value
        await second.value
        #expect(order.withLock { $0 } == ["first", "second"])
        #expect(!gate.isHeld && gate.waiters == 0)
    }

    @Test(
        "checks two at a time: two students' uploads are checked at once, a student's second waits for their first, and the version entered is their last"
    )
    func checksAtOnce() async throws {
        let (folder, tokens) = try Self.arena("checks_at_once: 2")
        let alice = try #require(tokens["alice"])
        let bob = try #require(tokens["bob"])
        // Queued as the upload route queues them (file synced, then the row), while the arena
        // was down: alice's first, her second, then bob's, all there when the worker starts.
        var ids: [String: Int64] = [:]
        for (key, login) in [("alice-1", "alice"), ("alice-2", "alice"), ("bob-1", "bob")] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.botArchive(note: key)))
            let name = try bytes.withUnsafeBytes { try folder.saveUpload($0) }
            ids[key] = try #require(
                try folder.store.insert(ArenaSubmission(login: login, receivedAt: Date(), state: .queued, archive: name, archiveBytes: bytes.count))
                    .id)
        }
        let a1 = try #require(ids["alice-1"])
        let a2 = try #require(ids["alice-2"])
        let b1 = try #require(ids["bob-1"])
        try await Self.serving(folder) { _, client in
            let ends = try await [client.follow(a1, token: alice), client.follow(a2, token: alice), client.follow(b1, token: bob)]
            #expect(ends[1].state == .entered && ends[2].state == .entered, "\(ends)")
            // Alice's first passed too: entered in an earlier batch, or replaced by her second in the same one.
            #expect(ends[0].state == .entered || ends[0].state == .replaced, "\(ends[0])")
            // Each says when its check began and ended, to its owner.
            #expect(ends.allSatisfy { end in end.checkStartedAt.flatMap { start in end.checkedAt.map { start <= $0 } } == true }, "\(ends)")
        }
        func row(_ id: Int64, _ login: String) throws -> (start: Date, end: Date) {
            let row = try #require(try folder.store.submission(id, of: login))
            return (try #require(row.checkStartedAt), try #require(row.checkedAt))
        }
        let (alice1, alice2, bob1) = try (row(a1, "alice"), row(a2, "alice"), row(b1, "bob"))
        // Alice's first and Bob's overlap: each began before the other ended.
        #expect(alice1.start < bob1.end && bob1.start < alice1.end, "alice's first \(alice1), bob's \(bob1)")
        // Alice's second began only once her first had ended.
        #expect(alice2.start >= alice1.end, "alice's second \(alice2) against her first \(alice1)")
        // Her folder in the season is her last upload's.
        #expect(try String(contentsOfFile: folder.path + "/submissions/alice/NOTE", encoding: .utf8) == "alice-2")
        #expect(try String(contentsOfFile: folder.path + "/submissions/bob/NOTE", encoding: .utf8) == "bob-1")
    }

    @Test("nothing is lost on a kill: an upload caught mid-check is checked again, a passed one not yet entered is entered, at the next start")
    func restart() async throws {
        let (folder, tokens) = try Self.arena()
        let alice = try #require(tokens["alice"])
        let bob = try #require(tokens["bob"])
        // What a killed arena leaves: alice's upload on disk, marked mid-check; bob's passed
        // and installed, waiting for a batch that never ran.
        let archive = try Self.botArchive()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: archive))
        let name = try bytes.withUnsafeBytes { try folder.saveUpload($0) }
        var row = try folder.store.insert(
            ArenaSubmission(login: "alice", receivedAt: Date(), state: .queued, archive: name, archiveBytes: bytes.count))
        try folder.store.update(try #require(row.id), to: .checking)
        try FileManager.default.copyItem(atPath: ClassFolder.examples + "/python-random", toPath: folder.path + "/submissions/bob")
        let waiting = try folder.store.insert(
            ArenaSubmission(login: "bob", receivedAt: Date(), state: .waiting, archive: name, archiveBytes: bytes.count))
        try await Self.serving(folder) { _, client in
            row = try #require(try folder.store.submissions(of: "alice").first)
            let alicesEnd = try await client.follow(try #require(row.id), token: alice)
            let bobsEnd = try await client.follow(try #require(waiting.id), token: bob)
            #expect(alicesEnd.state == .entered, "\(alicesEnd)")
            #expect(bobsEnd.state == .entered, "\(bobsEnd)")
            // The check began again from its first step: one entry step, not two.
            #expect(alicesEnd.lines.filter { ($0.name ?? "").hasPrefix("entry:") }.count == 1)
            // The leaderboard's history chart: a line per entry the published results rate (three
            // games rate nobody when every first mover won: the fit's first-move advantage has no
            // bound), by public name, on the page and on its own for the page's refresh.
            let published = try JSONFormat.decoder().decode(
                ResultsDocument.self, from: Data(contentsOf: URL(fileURLWithPath: folder.path + "/public/results.json")))
            let rated = Set((published.season?.nights ?? []).flatMap(\.entries).filter { $0.rating != nil }.map(\.bot))
            let page = String(decoding: try await client.get("/").body, as: UTF8.self)
            let chart = try await client.get("/api/history.svg")
            let chartText = String(decoding: chart.body, as: UTF8.self)
            #expect(chart.headers.first { $0.name.lowercased() == "content-type" }?.value.hasPrefix("image/svg+xml") == true)
            let lines = chartText.components(separatedBy: "<polyline class=\"history\" data-bot=\"").dropFirst().map {
                String($0.prefix { $0 != "\"" })
            }
            #expect(Set(lines) == rated && !chartText.contains("alice"), "\(lines) against the rated \(rated)")
            if rated.isEmpty {
                #expect(chartText.isEmpty && page.contains("id=\"no-history\""))
            } else {
                #expect(
                    chartText.hasPrefix("<svg class=\"history-chart\"") && page.contains(chartText) && !page.contains("id=\"no-history\""),
                    "the page is served with the chart the API gives")
            }
        }
    }

    @Test(
        "an arena the sandbox's users cannot reach (a folder above it closed to others) is refused before it serves, so no student's check fails for it",
        .enabled(if: geteuid() == 0))
    func unreachable() async throws {
        let closed = NSTemporaryDirectory() + "salvo-arena-closed-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: closed, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: closed) }
        let folder = try ArenaFolder.create(at: closed + "/cs101", roster: ArenaRoster.read("alice\n"))
        try "name: cs101\nbots: [random]\n".write(toFile: closed + "/cs101/arena.yaml", atomically: true, encoding: .utf8)
        do {
            let running = try await ArenaServer.start(
                folder: folder, settings: ArenaSettings.read(arena: folder.path), host: "127.0.0.1", port: 0, launcher: SandboxLauncher())
            await running.stop()
            Issue.record("served an arena its sandbox cannot reach")
        } catch {
            #expect(error.description.contains("the sandbox's users cannot pass through \(closed) (mode 700)"), "\(error)")
        }
    }

    @Test("a store that cannot record an upload's end stops the queue with a line in the log, instead of checking the same upload forever")
    func storeFailure() async throws {
        let (folder, _) = try Self.arena()
        let name = try Data("not an archive".utf8).withUnsafeBytes { try folder.saveUpload($0) }
        _ = try folder.store.insert(ArenaSubmission(login: "alice", receivedAt: Date(), state: .queued, archive: name, archiveBytes: 14))
        // A full disk, as far as SQLite is concerned: every change of an upload fails.
        let database = try DatabaseQueue(path: folder.path + "/" + ArenaFolder.storeFile)
        try await database.write { db in
            try db.execute(sql: "CREATE TRIGGER full BEFORE UPDATE ON submission BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")
        }
        let lines = Mutex<[String]>([])
        let worker = ArenaWorker(
            folder: folder, settings: try ArenaSettings.read(arena: folder.path), launcher: SandboxLauncher(), stop: StopSignal(),
            log: { line in
                lines.withLock { $0.append(line) }
            })
        await worker.workOnce()
        let log = lines.withLock { $0 }
        #expect(log.contains { $0.contains("upload 1 could not be marked refused") && $0.contains("database or disk is full") }, "\(log)")
        #expect(
            log.last
                == "arena: the store did not record the end of upload 1's check; the queue waits until the store can be written (check the disk)",
            "\(log)")
        #expect(log.filter { $0 == "upload 1 from alice: building" }.count == 1)
    }

    @Test("arena.yaml: the arena's own keys are read, and what the arena owns is refused with its line")
    func settings() throws {
        let good = try ArenaSettings.read(
            "name: x\nbots: [random]\nsubmissions_per_day: 3\nupload_mb: 5\nschedule: nightly\nnight_at: \"03:30\"\nbots_from: {build_timeout_s: 60}\n",
            file: "a.yaml", arena: "/srv/a")
        #expect(good.submissionsPerDay == 3 && good.uploadBytes == 5 << 20 && good.schedule == .nightly(hour: 3, minute: 30))
        #expect(good.checksAtOnce == 2, "two checks at once unless told")
        #expect(good.trustedProxies.isEmpty)
        #expect(
            try ArenaSettings.read(
                "name: x\nbots: [random]\ntrusted_proxy: [127.0.0.1, \"::ffff:10.0.0.1\", \"0:0::1\"]\n", file: "a.yaml", arena: "/srv/a"
            ).trustedProxies == ["127.0.0.1", "10.0.0.1", "::1"])
        #expect(try ArenaSettings.read("name: x\nbots: [random]\nchecks_at_once: 3\n", file: "a.yaml", arena: "/srv/a").checksAtOnce == 3)
        #expect(good.tournament.botsFrom?.folder == "/srv/a/submissions")
        #expect(good.tournament.botsFrom?.buildTimeout == .seconds(60))
        #expect(good.tournament.config.outputDirectory == "/srv/a/season")
        let refusals = [
            ("name: x\nbots: [random]\noutput: elsewhere\n", "a.yaml:3: the arena writes its season into /srv/a/season"),
            ("name: x\nbots: [random]\nbots_from: {folder: subs}\n", "remove `folder:`"),
            ("name: x\nbots: [random]\nbots_from: {deadline: 2026-01-01T00:00:00Z}\n", "top-level `deadline:`"),
            ("name: x\nbots: [random]\nschedule: hourly\n", "`schedule` must be"),
            ("name: x\nbots: [random]\nnight_at: \"02:00\"\n", "`night_at` is for `schedule: nightly`"),
            ("name: x\nbots: [random]\nupload_mb: 0\n", "`upload_mb` must be a whole number from 1"),
            ("name: x\nbots: [random]\nchecks_at_once: 0\n", "`checks_at_once` must be a whole number from 1 to 64"),
            ("name: x\nbots: [random]\ntrusted_proxy: nginx.local\n", "`trusted_proxy` must be the IP address your reverse proxy connects from"),
            ("name: x\nbots: [random]\nformat: gauntlet\nchallenger: random\n", "unknown key `challenger`"),
        ]
        for (text, message) in refusals {
            do {
                _ = try ArenaSettings.read(text, file: "a.yaml", arena: "/srv/a")
                Issue.record("accepted: \(text)")
            } catch {
                #expect(error.description.contains(message), "\(error.description)")
            }
        }
    }
}
