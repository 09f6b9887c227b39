import Foundation
import HeadlessBrowser
import SalvoTestSupport
import Testing

/// How long each kind of report page takes to render in headless Chromium. In `make test` it
/// times a report of ``affordableGames`` games of ``affordableBots`` bots (made from the shared
/// test run's real games, ``syntheticReport()``) and holds every page under
/// ``paintedLimitMilliseconds``; with `SALVO_RENDER_BENCH=FOLDER` (a report folder, e.g. the
/// one benchmarks/report-100k.sh makes) it times that folder instead, for BENCHMARKS.md.
@Suite("Render timing of report pages", .serialized, .timeLimit(.minutes(5)))
struct RenderTimingTests {
    static let runs = 5
    static let affordableGames = 12_000
    static let affordableBots = 60
    /// Generous: a loaded 2-core machine still paints every page of that report within it.
    static let paintedLimitMilliseconds = 8_000.0

    /// A report of `affordableGames` games: the shared run's games copied, as
    /// benchmarks/report-journal.py does, into the first games of a round robin of
    /// `affordableBots` bots with new names, indices and ids, then `salvo report`.
    static func syntheticReport() async throws -> URL {
        let source = try await TournamentReport.shared.value
        let lines = try String(contentsOf: source.directory.appendingPathComponent("journal.jsonl"), encoding: .utf8).split(separator: "\n")
        var started: [String: Any] = [:]
        var templates: [[String: Any]] = []
        for line in lines {
            guard let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
            if entry["type"] as? String == "started" { started = entry }
            if entry["type"] as? String == "finished", let game = entry["game"] as? [String: Any], game["termination"] as? String == "win" {
                templates.append(game)
            }
        }
        try #require(!templates.isEmpty && !started.isEmpty)
        let names = (0..<affordableBots).map { String(format: "bot-%03d", $0) }
        var config = try #require(started["configuration"] as? [String: Any])
        config["name"] = "render-timing"
        config["bots"] = names.map { ["name": $0, "builtin": "density"] }
        config["gamesPerPairing"] = 4
        started["configuration"] = config
        started["totalGames"] = affordableBots * (affordableBots - 1) / 2 * 4
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The line opens with its type, as the journal's reader expects of a current layout.
        started["type"] = nil
        var text = #"{"type":"started","# + String(decoding: try JSONSerialization.data(withJSONObject: started), as: UTF8.self).dropFirst() + "\n"
        var index = 0
        round: for round in 0..<4 {
            for first in names.indices {
                for second in (first + 1)..<names.count {
                    guard index < affordableGames else { break round }
                    var game = templates[index % templates.count]
                    let seats = round % 2 == 0 ? [first, second] : [second, first]
                    game["index"] = index
                    game["gameId"] = "game-\(index)"
                    game["gameName"] = "render \(index)"
                    game["players"] = (game["players"] as? [[String: Any]] ?? []).enumerated().map { seat, player in
                        var player = player
                        player["bot"] = names[seats[seat]]
                        player["serverName"] = names[seats[seat]]
                        player["playerId"] = "player-\(index)-\(seat)"
                        return player
                    }
                    text += #"{"type":"finished","game":"# + String(decoding: try JSONSerialization.data(withJSONObject: game), as: UTF8.self) + "}\n"
                    index += 1
                }
            }
        }
        try text.write(to: folder.appendingPathComponent("journal.jsonl"), atomically: true, encoding: .utf8)
        let report = try await SalvoExecutable.run(["report", folder.path])
        guard report.status == 0 else { throw TournamentReport.SetupFailure(command: "salvo report", output: report) }
        return folder
    }

    /// Milliseconds from navigation start to the load event, and to two frames after it (the
    /// page laid out and painted; for the replay viewer, after its game is shown), in a fresh tab.
    static func measure(_ browser: HeadlessBrowser, _ url: URL, phone: Bool) async throws -> (load: Double, painted: Double) {
        let page = try await browser.open(URL(string: "about:blank")!)
        if phone { try await page.emulatePhone() }
        try await page.navigate(to: url, timeout: .seconds(120))
        // The replay viewer is painted once its game is in (its pack loaded and inflated).
        let times = try await page.evaluate(
            """
            new Promise(done => { const ready = () => {
              const root = document.getElementById('replay');
              if (root && root.dataset.state === 'loading') { requestAnimationFrame(ready); return; }
              requestAnimationFrame(() => requestAnimationFrame(() =>
                done([performance.getEntriesByType('navigation')[0].loadEventEnd, performance.now()]))); };
              ready(); })
            """, timeout: .seconds(120))
        try await page.close()
        return (times[0]?.number ?? -1, times[1]?.number ?? -1)
    }

    @Test("index.html, a bot page, a page of games, the crosstable and the replay viewer: median of 5 loads each, desktop and phone width")
    func renderTimes() async throws {
        let given = ProcessInfo.processInfo.environment["SALVO_RENDER_BENCH"]
        let folder: URL
        if let given {
            folder = URL(fileURLWithPath: given)
        } else {
            folder = try await Self.syntheticReport()
        }
        defer { if given == nil { try? FileManager.default.removeItem(at: folder) } }
        let bots = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("bots").path).sorted()
        var pages = [("index.html", folder.appendingPathComponent("index.html"))]
        if let bot = bots.first { pages.append(("bot page", folder.appendingPathComponent("bots/" + bot))) }
        for (name, file) in [("games page", "games/001.html"), ("crosstable", "crosstable.html")]
        where FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path) {
            pages.append((name, folder.appendingPathComponent(file)))
        }
        let viewer = folder.appendingPathComponent("replays/viewer.html")
        if FileManager.default.fileExists(atPath: viewer.path) {
            // A game in the middle of the run: its pack is loaded as the page opens.
            let packs =
                (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("replays").path).filter { $0.hasPrefix("pack-") }
                    .count) ?? 1
            pages.append(("replay viewer", try #require(URL(string: viewer.absoluteString + "#game=\(packs / 2 * 1_000 + 1)"))))
        }
        if given == nil {
            #expect(pages.map(\.0) == ["index.html", "bot page", "games page", "crosstable", "replay viewer"])
            let size = (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("index.html").path)[.size] as? Int) ?? .max
            #expect(size < 1 << 20, "index.html of \(Self.affordableGames) games: \(size) bytes")
        }
        try await HeadlessBrowser.with { browser in
            print("render timing, \(browser.product), \(folder.path), median of \(Self.runs):")
            for (name, url) in pages {
                for phone in [false, true] {
                    var loads: [Double] = []
                    var painted: [Double] = []
                    for _ in 0..<Self.runs {
                        let time = try await Self.measure(browser, url, phone: phone)
                        loads.append(time.load)
                        painted.append(time.painted)
                    }
                    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
                    let median = { (values: [Double]) in values.sorted()[values.count / 2] }
                    print(
                        "  \(name) (\(size) bytes, \(phone ? "phone" : "desktop")): load \(Int(median(loads))) ms, painted \(Int(median(painted))) ms; all painted: \(painted.map { Int($0) })"
                    )
                    #expect(median(painted) > 0)
                    if given == nil {
                        #expect(
                            median(painted) < Self.paintedLimitMilliseconds, "\(name), \(phone ? "phone" : "desktop"): \(Int(median(painted))) ms")
                    }
                }
            }
        }
    }
}
