import BattleshipServer
import Foundation
import LoopbackTestServer
import MutantServer
import SalvoTestSupport
import Synchronization
import Testing

/// `salvo load` as a user runs it: a real child process, real servers on loopback, real files.
@Suite("salvo load", .serialized, .timeLimit(.minutes(2)))
struct LoadCommandTests {
    /// Runs `salvo ARGUMENTS` to the end, off the test pool; returns status, stdout, stderr.
    static func salvo(_ arguments: [String]) async throws -> (status: Int32, out: String, err: String) {
        let output = try await SalvoExecutable.run(arguments)
        return (output.status, output.out, output.err)
    }

    static func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("salvo-load-\(UUID().uuidString)").path
    }

    static func json(_ folder: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/load.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The printed table's rows by endpoint: every column as text.
    static func tableRows(_ out: String) -> [String: [String]] {
        var rows: [String: [String]] = [:]
        for line in out.split(separator: "\n") {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let first = columns.first, ["create", "join", "guess", "status", "board", "list", "detail", "total"].contains(first),
                columns.count >= 9
            else { continue }
            rows[first] = columns
        }
        return rows
    }

    /// A fixed number of games rather than a duration, so a slow (debug, busy) machine still
    /// finishes some: the assertions need finished games.
    @Test("against the embedded server for 4 games: counts add up, games are consistent, no errors, load.json matches the table")
    func embeddedRun() async throws {
        let folder = Self.temporaryFolder()
        let result = try await Self.salvo([
            "load", "--server", "embedded", "--games", "4", "--concurrency", "3", "--bot", "density", "--list-every", "2", "--timeout", "30",
            "--output", folder,
        ])
        #expect(result.status == 0, "\(result.err)")
        let report = try Self.json(folder)
        #expect(report["schema"] as? String == "salvo-load/1" && report["embeddedServer"] as? Bool == true)
        // No --require, no requirements.
        #expect(report["requirements"] == nil)
        let endpoints = try #require(report["endpoints"] as? [[String: Any]])
        let total = try #require(report["total"] as? [String: Any])
        let games = try #require(report["games"] as? [String: Any])
        var requests: [String: Int] = [:]
        for row in endpoints { requests[row["endpoint"] as? String ?? ""] = row["requests"] as? Int }
        #expect(Set(requests.keys) == ["create", "join", "guess", "status", "board", "list", "detail"])
        #expect(requests.values.reduce(0, +) == total["requests"] as? Int)

        // No errors of any kind, no failed or inconsistent game.
        for row in endpoints + [total] {
            let errors = try #require(row["errors"] as? [String: Int])
            #expect(errors.count == 6 && errors.values.allSatisfy { $0 == 0 }, "\(row["endpoint"] ?? "")")
        }
        let finished = try #require(games["finished"] as? Int)
        #expect(finished > 0)
        #expect(games["failed"] as? Int == 0 && games["inconsistent"] as? Int == 0)
        #expect(games["started"] as? Int == finished + (games["abandoned"] as? Int ?? -1))
        // Every finished game's winner hit the 17 ship cells, so fired at least 17 guesses.
        #expect(games["winnerHits"] as? Int == 17 * finished)
        #expect((games["fewestWinnerGuesses"] as? Int ?? 0) >= 17)
        #expect((requests["guess"] ?? 0) >= 17 * finished)
        #expect((requests["detail"] ?? 0) == finished)
        #expect((requests["board"] ?? 0) == 2 * finished)
        #expect((requests["create"] ?? 0) == games["started"] as? Int)

        // The printed table shows the same numbers.
        let rows = Self.tableRows(result.out)
        for row in endpoints + [total] {
            let name = row["endpoint"] as? String ?? ""
            let printed = try #require(rows[name], "no row for \(name) in:\n\(result.out)")
            #expect(Int(printed[1]) == row["requests"] as? Int, "\(name)")
            // endpoint, requests, requests/s, errors, error %, mean, stdev, p50, p90, p95, p99, p99.9, max
            #expect(printed[3] == "0" && printed[4] == "0.00", "\(name)")
            #expect(row["errorCount"] as? Int == 0 && row["errorRatePercent"] as? Double == 0, "\(name)")
            let latency = try #require(row["latency"] as? [String: Double])
            #expect(printed[5] == String(format: "%.3f", latency["mean"] ?? -1), "\(name)")
            #expect(printed[6] == String(format: "%.3f", latency["stdev"] ?? -1), "\(name)")
            #expect(printed[7] == String(format: "%.3f", latency["p50"] ?? -1), "\(name)")
            #expect(printed[9] == String(format: "%.3f", latency["p95"] ?? -1), "\(name)")
            #expect(printed[10] == String(format: "%.3f", latency["p99"] ?? -1), "\(name)")
            #expect(printed[12] == String(format: "%.3f", latency["max"] ?? -1), "\(name)")
            #expect((latency["p90"] ?? 0) <= (latency["p95"] ?? -1) && (latency["p95"] ?? 0) <= (latency["p99"] ?? -1), "\(name)")
        }
        #expect(result.out.contains("games: \(games["started"] as? Int ?? -1) started, \(finished) finished"))
        // Second by second: every request and error counted once, in the second it ended.
        let timeline = try #require(report["timeline"] as? [[String: Any]])
        #expect(timeline.map { $0["second"] as? Int ?? -1 } == Array(0..<timeline.count))
        #expect(timeline.map { $0["requests"] as? Int ?? 0 }.reduce(0, +) == total["requests"] as? Int)
        #expect(timeline.map { $0["errors"] as? Int ?? -1 }.reduce(0, +) == 0)
        let html = try String(contentsOfFile: folder + "/load.html", encoding: .utf8)
        // A percentile curve per endpoint, then the two charts over time.
        #expect(html.components(separatedBy: "<svg").count - 1 == 9)
        #expect(
            html.contains("id=\"timeline-requests\"") && html.contains("id=\"timeline-latency\"") && html.contains("seconds after the first reply"))
    }

    @Test(
        "--require with one requirement met and one broken, against the embedded server: load.json and load.html carry each with its measured value and verdict, and the verdict of all; exit status 3"
    )
    func requirementsInTheReport() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await Self.salvo([
            "load", "--server", "embedded", "--games", "2", "--concurrency", "2", "--bot", "density", "--timeout", "30",
            "--require", "errors=0, p50<0.001ms", "--output", folder,
        ])
        #expect(result.status == 3, "\(result.out) \(result.err)")
        let report = try Self.json(folder)
        let total = try #require(report["total"] as? [String: Any])
        let p50 = try #require((total["latency"] as? [String: Double])?["p50"])
        #expect(total["errorCount"] as? Int == 0 && p50 > 0.001)
        let requirements = try #require(report["requirements"] as? [String: Any])
        #expect(requirements["verdict"] as? String == "broken")
        let checks = try #require(requirements["checks"] as? [[String: Any]])
        #expect(checks.count == 2)
        // Met: no request failed.
        #expect(checks[0]["requirement"] as? String == "errors=0" && checks[0]["metric"] as? String == "errors")
        #expect(checks[0]["comparison"] as? String == "=" && checks[0]["limit"] as? Double == 0 && checks[0]["unit"] as? String == "requests")
        #expect(checks[0]["measured"] as? Double == 0 && checks[0]["verdict"] as? String == "met" && checks[0]["endpoint"] == nil)
        // Broken: the successful requests' p50, the table's, is past 1 µs.
        #expect(checks[1]["requirement"] as? String == "p50<0.001ms" && checks[1]["metric"] as? String == "p50")
        #expect(checks[1]["comparison"] as? String == "<" && checks[1]["limit"] as? Double == 0.001 && checks[1]["unit"] as? String == "ms")
        #expect(checks[1]["measured"] as? Double == p50 && checks[1]["verdict"] as? String == "broken")
        // stderr says the same, and the file holds to its schema.
        let shown = p50.rounded() == p50 ? String(Int(p50)) : String(format: "%.3f", p50)
        #expect(result.err.contains("requirement p50<0.001ms: broken, measured \(shown)ms"), "\(result.err)")
        #expect(!result.err.contains("errors=0"))
        let schemaErrors = try await ProjectPython.schemaErrors(schema: ProjectPython.schema("load.schema.json"), documents: [folder + "/load.json"])
        #expect(schemaErrors.isEmpty, "\(schemaErrors)")

        let html = try String(contentsOfFile: folder + "/load.html", encoding: .utf8)
        #expect(html.contains("<section id=\"requirements\" data-verdict=\"broken\">"))
        #expect(
            html.contains(
                "<tr data-requirement=\"errors=0\" data-verdict=\"met\"><td><code>errors=0</code></td><td>0</td><td class=\"met\">met</td></tr>"),
            "\(html)")
        #expect(
            html.contains(
                "<tr data-requirement=\"p50&lt;0.001ms\" data-verdict=\"broken\"><td><code>p50&lt;0.001ms</code></td><td>\(shown)ms</td><td class=\"broken\">broken</td></tr>"
            ), "\(html)")
        #expect(html.contains("Requirements: <span class=\"broken\">broken</span> (1 of 2)"))

        // Kept: the verdict of all is met, and stdout says so.
        let kept = try await Self.salvo([
            "load", "--server", "embedded", "--games", "1", "--concurrency", "1", "--timeout", "30", "--require", "errors=0", "--output",
            folder + "/kept",
        ])
        #expect(kept.status == 0 && kept.out.contains("Requirements kept: errors=0"), "\(kept.err)")
        #expect(((try Self.json(folder + "/kept"))["requirements"] as? [String: Any])?["verdict"] as? String == "met")
    }

    @Test("a server that names the winner by player id: load.json and the summary line count every game inconsistent")
    func inconsistentGamesAreReported() async throws {
        try await withRunning(MutantServer.start(fault: .winnerIsPlayerId)) { server in
            let folder = Self.temporaryFolder()
            let result = try await Self.salvo([
                "load", "--server", server.baseURL, "--games", "2", "--concurrency", "2", "--bot", "random", "--list-every", "0", "--timeout", "30",
                "--output", folder,
            ])
            #expect(result.status == 0, "\(result.err)")
            let games = try #require(try Self.json(folder)["games"] as? [String: Any])
            #expect(games["finished"] as? Int == 2 && games["failed"] as? Int == 0)
            #expect(games["inconsistent"] as? Int == 2)
            #expect(result.out.contains("0 abandoned, 0 failed, 2 inconsistent"), "\(result.out)")
        }
    }

    @Test("--rate against a server that stalls: the stall shows in p99, not only in the stalled requests")
    func stallShowsInPercentiles() async throws {
        // Three /status requests in a row take 300 ms each: 0.9 s in which a closed-loop
        // client on one connection sends nothing. Closed-loop timing would count 3 slow
        // requests out of about 1,000 (p99 fast); on the timetable every request that was due
        // during the stall is charged its wait.
        let gameId = "22222222-2222-4222-8222-222222222222"
        let server = try LoopbackServer { request in
            if request.path == "/api/games", request.method == "POST" {
                return .json(#"{"playerId":"11111111-1111-4111-8111-111111111111","gameId":"\#(gameId)"}"#)
            }
            if request.path.hasSuffix("/join") { return .json(#"{"playerId":"33333333-3333-4333-8333-333333333333"}"#) }
            if request.path.hasSuffix("/status") {
                let reply = LoopbackBehavior.json(#"{"isYourTurn":true,"winner":"IN PROGRESS"}"#)
                return (301...303).contains(request.ordinal) ? .delay(.milliseconds(300), then: reply) : reply
            }
            return .respond(status: 400, body: #"{"message":"Game with the given id does not exist"}"#)
        }
        defer { server.stop() }
        let folder = Self.temporaryFolder()
        let result = try await Self.salvo([
            "load", "--server", server.baseURL, "--endpoint", "status", "--concurrency", "1",
            "--rate", "400", "--duration", "2.5", "--output", folder,
        ])
        #expect(result.status == 0, "\(result.err)")
        let endpoints = try #require(try Self.json(folder)["endpoints"] as? [[String: Any]])
        let status = try #require(endpoints.first { $0["endpoint"] as? String == "status" })
        let latency = try #require(status["latency"] as? [String: Double])
        let serviceTime = try #require(status["serviceTime"] as? [String: Double])
        // Every request due in the 2.5 s (k / 400 s for k = 0 ..< 1000) is sent, however late a
        // slow machine sends it, so the stalled requests 301 to 303 are always among them.
        #expect(server.count("POST", "/api/games/\(gameId)/status") == 1_000)
        // The stalls happened...
        #expect((serviceTime["max"] ?? 0) >= 300)
        // ...and, measured from the timetable, they reach the 99th percentile.
        #expect((latency["p99"] ?? 0) >= 300, "latency \(latency), service time \(serviceTime)")
        #expect((status["errors"] as? [String: Int])?.values.allSatisfy { $0 == 0 } == true)
    }

    @Test("an open loop asked more than it could send: load.json counts the requests due and sent, and the table and load.html warn")
    func openLoopShortfall() async throws {
        // Every reply takes 20 ms and one connection waits for each: about 50 requests a
        // second can be sent, against 1,000 due each second. The 200 requests due in the 0.2 s
        // asked for are all sent, late: the run lasts about 4 s, in which 4,000 were due.
        let server = try LoopbackServer { request in
            if request.path == "/api/games", request.method == "POST" {
                return .json(#"{"playerId":"11111111-1111-4111-8111-111111111111","gameId":"22222222-2222-4222-8222-222222222222"}"#)
            }
            if request.path.hasSuffix("/join") { return .json(#"{"playerId":"33333333-3333-4333-8333-333333333333"}"#) }
            return .delay(.milliseconds(20), then: .json(#"{"isYourTurn":true,"winner":"IN PROGRESS"}"#))
        }
        defer { server.stop() }
        let folder = Self.temporaryFolder()
        let result = try await Self.salvo([
            "load", "--server", server.baseURL, "--endpoint", "status", "--concurrency", "1", "--rate", "1000", "--duration", "0.2", "--output",
            folder,
        ])
        #expect(result.status == 0, "\(result.err)")
        let report = try Self.json(folder)
        let openLoop = try #require(report["openLoop"] as? [String: Any])
        let due = try #require(openLoop["due"] as? Int)
        let sent = try #require(openLoop["sent"] as? Int)
        let seconds = try #require(report["elapsedSeconds"] as? Double)
        #expect(openLoop["requestsPerSecondAsked"] as? Double == 1000)
        #expect(sent == 200 && sent == (report["total"] as? [String: Any])?["requests"] as? Int)
        #expect(seconds >= 4 && abs(Double(due) - 1000 * seconds) <= 1, "\(due) due in \(seconds) s")
        let warning = try #require(openLoop["warning"] as? String)
        // The run's seconds are printed to 0.1 from the unrounded time: not compared here.
        #expect(warning.hasPrefix("the load generator fell behind: at 1000 requests/s, \(due) requests were due in the run's "), "\(warning)")
        #expect(warning.contains(" s, and 200 were sent ("), "\(warning)")
        #expect(result.out.contains("warning: " + warning))
        let html = try String(contentsOfFile: folder + "/load.html", encoding: .utf8)
        #expect(html.contains("id=\"open-loop-warning\""))
    }

    @Test(
        "failed requests' latency is apart: against a server that fails every other status after 60 ms and answers the rest at once, the latencies are the fast successes', the failures' 60 ms are counted apart in the table, load.json and load.html"
    )
    func failedLatencyApart() async throws {
        let count = Mutex(0)
        let server = try LoopbackServer { request in
            if request.path == "/api/games", request.method == "POST" {
                return .json(#"{"playerId":"11111111-1111-4111-8111-111111111111","gameId":"22222222-2222-4222-8222-222222222222"}"#)
            }
            if request.path.hasSuffix("/join") { return .json(#"{"playerId":"33333333-3333-4333-8333-333333333333"}"#) }
            let odd = count.withLock { value in
                value += 1
                return value % 2 == 1
            }
            return odd
                ? .delay(.milliseconds(60), then: .respond(status: 503, body: #"{"error":"busy"}"#))
                : .json(#"{"isYourTurn":true,"winner":"IN PROGRESS"}"#)
        }
        defer { server.stop() }
        let folder = Self.temporaryFolder()
        let result = try await Self.salvo([
            "load", "--server", server.baseURL, "--endpoint", "status", "--concurrency", "1", "--duration", "1", "--output", folder,
        ])
        #expect(result.status == 0, "\(result.err)")
        let status = try #require((try Self.json(folder)["endpoints"] as? [[String: Any]])?.first { $0["endpoint"] as? String == "status" })
        let requests = try #require(status["requests"] as? Int)
        let errors = try #require(status["errorCount"] as? Int)
        #expect(requests >= 4 && abs(errors * 2 - requests) <= 1, "every other request failed: \(errors) of \(requests)")
        let latency = try #require(status["latency"] as? [String: Double])
        let failed = try #require(status["failedLatency"] as? [String: Double])
        // A success on loopback takes well under the failures' 60 ms, even on a loaded machine;
        // had the failures been mixed in, the p99 and max would be 60 ms or more.
        #expect((latency["max"] ?? 60) < 60 && (latency["p99"] ?? 60) < 60, "\(latency)")
        #expect((failed["p50"] ?? 0) >= 60 && (failed["max"] ?? 0) >= 60, "\(failed)")
        #expect(result.out.contains("latencies of successful requests; failed requests' time to failure apart:"), "\(result.out)")
        #expect(result.out.contains("  status failed: \(errors), time to failure p50 "), "\(result.out)")
        let html = try String(contentsOfFile: folder + "/load.html", encoding: .utf8)
        #expect(html.contains("<table id=\"failed-latency\">") && html.contains("<tr data-endpoint=\"status\">"))
        // A load.json with failures, and so with failedLatency, holds to its schema.
        let schemaErrors = try await ProjectPython.schemaErrors(schema: ProjectPython.schema("load.schema.json"), documents: [folder + "/load.json"])
        #expect(schemaErrors.isEmpty, "\(schemaErrors)")
    }

    @Test("an unreachable server or bad flags: one line on stderr, nothing run")
    func errors() async throws {
        let unreachable = try await Self.salvo(["load", "--server", "http://127.0.0.1:1", "--duration", "1", "--output", Self.temporaryFolder()])
        #expect(unreachable.status == 1)
        let lines = unreachable.err.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("Error: The server at http://127.0.0.1:1 is unreachable"), "\(unreachable.err)")
        for (arguments, message) in [
            (["--games", "3", "--duration", "2"], "Please give either --games or --duration, not both."),
            (["--games", "0"], "Please give --games a whole number of at least 1."),
            (["--rate", "0"], "Please give --rate a number of requests per second above 0."),
            (["--endpoint", "guess"], "Please give --endpoint as status, board or detail."),
        ] {
            let result = try await Self.salvo(["load", "--server", "http://127.0.0.1:1"] + arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.err.split(separator: "\n").first == "Error: \(message)"[...], "\(arguments): \(result.err)")
        }
        let notURL = try await Self.salvo(["load", "--server", "localhost:8080"])
        #expect(notURL.err.hasPrefix("Error: Please give --server as `embedded` or a URL such as http://127.0.0.1:8080"))
    }
}
