import Foundation
import SalvoTestSupport
import Testing

/// `/metrics` of a real `salvo serve` scraped while a real `salvo load` plays games against it,
/// then checked against the load.json that run wrote: the server counted what the client sent.
@Suite("salvo serve's /metrics under salvo load", .timeLimit(.minutes(5)))
struct MetricsUnderLoadTests {
    /// load.json's endpoint names and the routes Hummingbird labels them with.
    static let routes: [String: (method: String, route: String)] = [
        "create": ("POST", "/api/games"),
        "join": ("POST", "/api/games/{id}/join"),
        "guess": ("POST", "/api/games/{id}/guess"),
        "status": ("POST", "/api/games/{id}/status"),
        "board": ("POST", "/api/games/{id}/board"),
        "list": ("GET", "/api/games"),
        "detail": ("GET", "/api/games/{id}"),
    ]

    @Test("requests by route, games by status and SQLite commits match load.json, and only grow during the run")
    func countsMatchTheLoadReport() async throws {
        let database = NSTemporaryDirectory() + "salvo-metrics-load-\(UUID().uuidString.prefix(8)).sqlite"
        let folder = NSTemporaryDirectory() + "salvo-metrics-load-\(UUID().uuidString.prefix(8))"
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
            try? FileManager.default.removeItem(atPath: folder)
        }
        let server = try await ServerProcess.start(databasePath: database)
        defer { server.kill() }

        // 90 games: seconds of load even on a quiet machine, so that on a loaded one, where this
        // test's scrapes come slowly, one still lands part-way (30 were once all over between two).
        let load = try TestProcess(salvo: [
            "load", "--server", "http://127.0.0.1:\(server.port)", "--games", "90", "--concurrency", "4", "--bot", "density",
            "--list-every", "2", "--timeout", "30", "--output", folder, "--quiet",
        ])
        // Scrape as Prometheus would while the load runs, at intervals (20 a second, where
        // Prometheus waits seconds: a loop without a pause is a second load on the server and
        // takes the cores the run needs), until the run ends or a deadline passes: the counts
        // never go down.
        var during: [MetricsScrape] = []
        let loadDeadline = ContinuousClock.now + .seconds(240)
        while load.isRunning {
            guard ContinuousClock.now < loadDeadline else {
                load.terminate()
                Issue.record("salvo load still running after 240 s: \(load.errorText)")
                break
            }
            let reply = try await RawHTTP.get(port: server.port, "/metrics")
            #expect(reply.status == 200)
            during.append(MetricsScrape(reply.text))
            try await Task.sleep(for: .milliseconds(50))
        }
        let output = try await load.finish()
        #expect(output.status == 0, "\(output.err)")
        #expect(output.err.isEmpty, "--quiet printed: \(output.err)")

        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/load.json"))) as? [String: Any])
        let endpoints = try #require(report["endpoints"] as? [[String: Any]])
        var sent: [String: Int] = [:]
        for row in endpoints { sent[row["endpoint"] as? String ?? ""] = row["requests"] as? Int }
        #expect(Set(sent.keys) == Set(Self.routes.keys))
        let games = try #require(report["games"] as? [String: Any])
        let started = try #require(games["started"] as? Int)
        let finished = try #require(games["finished"] as? Int)
        #expect(started == 90 && finished == 90)
        let total = try #require(report["total"] as? [String: Any])
        #expect((total["errors"] as? [String: Int])?.values.allSatisfy { $0 == 0 } == true, "\(total)")

        // A request is counted once its reply is written, just after the client has it, and a
        // commit once its writes' replies are on their way: scrape until the last ones are in
        // (a hang guard, not a time bound).
        var final = MetricsScrape(try await RawHTTP.get(port: server.port, "/metrics").text)
        let deadline = Date().addingTimeInterval(120)
        while !(Self.matches(final, sent) && final.committedWrites == final.successfulWrites) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
            final = MetricsScrape(try await RawHTTP.get(port: server.port, "/metrics").text)
        }
        for (endpoint, (method, route)) in Self.routes {
            let counted = final.requests(method: method, route: route, status: "200")
            #expect(counted == sent[endpoint], "\(endpoint): \(counted) counted, \(sent[endpoint] ?? -1) sent")
            // Besides, salvo load asks once for the detail of a game that does not exist (400,
            // as the reference answers), to see that the server answers before it starts;
            // load.json does not count that request.
            let reachabilityCheck = endpoint == "detail" ? 1 : 0
            #expect(final.requests(method: method, route: route) == counted + reachabilityCheck, "\(endpoint): other statuses counted")
        }
        #expect(final.requests(method: "GET", route: "/api/games/{id}", status: "400") == 1)
        #expect(final.value(#"salvo_games{status="done"}"#) == Double(finished))
        #expect(final.value(#"salvo_games{status="waiting"}"#) == 0)
        #expect(final.value(#"salvo_games{status="playing"}"#) == Double(started - finished))
        // Every create, join and accepted guess is one write (salvo serve awaits each commit);
        // group commit may have carried several in one commit, never none.
        #expect(final.committedWrites == final.successfulWrites)
        #expect(final.successfulWrites == Double((sent["create"] ?? 0) + (sent["join"] ?? 0) + (sent["guess"] ?? 0)))
        let commits = final.value("salvo_sqlite_commit_duration_seconds_count") ?? 0
        #expect(commits >= 1 && commits <= final.committedWrites)
        #expect(final.value("salvo_sqlite_commit_writes_count") == commits)
        #expect(final.value(#"salvo_sqlite_commit_duration_seconds_bucket{le="+Inf"}"#) == commits)

        // The run was watched while it ran: a scrape saw some of its requests but not all, and
        // no count ever went down from one scrape to the next (or to the final one).
        let totals = (during + [final]).map { scrape in Self.routes.values.reduce(0) { $0 + scrape.requests(method: $1.method, route: $1.route) } }
        let sentTotal = sent.values.reduce(0, +) + 1
        #expect(totals.contains { $0 > 0 && $0 < sentTotal }, "no scrape during the run saw it part-way: \(totals.count) scrapes")
        #expect(zip(totals, totals.dropFirst()).allSatisfy { $0 <= $1 })
        let finishedSeen = (during + [final]).map { $0.value(#"salvo_games{status="done"}"#) ?? 0 }
        #expect(zip(finishedSeen, finishedSeen.dropFirst()).allSatisfy { $0 <= $1 })
    }

    /// Whether `scrape` counts as many answered requests on every route as load.json says were sent.
    static func matches(_ scrape: MetricsScrape, _ sent: [String: Int]) -> Bool {
        routes.allSatisfy { endpoint, route in scrape.requests(method: route.method, route: route.route, status: "200") == sent[endpoint] }
    }
}

/// One reply of `/metrics`, its samples by series (`name{labels}`, as printed).
struct MetricsScrape {
    let samples: [String: Double]

    init(_ text: String) {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = value
        }
        self.samples = samples
    }

    /// The sample of series `series`, if scraped.
    func value(_ series: String) -> Double? { samples[series] }

    /// Requests counted on `method route`, of every status or of `status` only.
    func requests(method: String, route: String, status: String? = nil) -> Int {
        let prefix = #"hb_requests{http_route="\#(route)",http_request_method="\#(method)",http_response_status_code=""#
        var sum = 0.0
        for (series, value) in samples where series.hasPrefix(prefix) {
            if let status, series != prefix + status + #""}"# { continue }
            sum += value
        }
        return Int(sum)
    }

    /// The writes the SQLite commits carried.
    var committedWrites: Double { value("salvo_sqlite_commit_writes_sum") ?? 0 }

    /// The requests that wrote: creates, joins and guesses answered 200.
    var successfulWrites: Double {
        Double(["/api/games", "/api/games/{id}/join", "/api/games/{id}/guess"].reduce(0) { $0 + requests(method: "POST", route: $1, status: "200") })
    }
}
