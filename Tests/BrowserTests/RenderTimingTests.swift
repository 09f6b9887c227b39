import Foundation
import HeadlessBrowser
import Testing

/// How long each kind of report page takes to render in headless Chromium, for BENCHMARKS.md:
/// run with `SALVO_RENDER_BENCH=FOLDER` (a report folder, e.g. the one benchmarks/report-100k.sh
/// makes) and read the medians it prints. Skipped otherwise.
@Suite("Render timing of report pages", .serialized, .enabled(if: ProcessInfo.processInfo.environment["SALVO_RENDER_BENCH"] != nil))
struct RenderTimingTests {
    static let runs = 5

    /// Milliseconds from navigation start to the load event, and to two frames after it
    /// (the page laid out and painted), in a fresh tab.
    static func measure(_ browser: HeadlessBrowser, _ url: URL, phone: Bool) async throws -> (load: Double, painted: Double) {
        let page = try await browser.open(URL(string: "about:blank")!)
        if phone { try await page.emulatePhone() }
        try await page.navigate(to: url, timeout: .seconds(120))
        let times = try await page.evaluate("""
            new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() =>
              done([performance.getEntriesByType('navigation')[0].loadEventEnd, performance.now()]))))
            """, timeout: .seconds(120))
        try await page.close()
        return (times[0]?.number ?? -1, times[1]?.number ?? -1)
    }

    @Test("index.html, a bot page, a page of games and a replay: median of 5 loads each, desktop and phone width")
    func renderTimes() async throws {
        let folder = URL(fileURLWithPath: try #require(ProcessInfo.processInfo.environment["SALVO_RENDER_BENCH"]))
        let bots = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("bots").path).sorted()
        let replays = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("replays").path).filter { $0.hasSuffix(".html") }.sorted()
        var pages = [("index.html", folder.appendingPathComponent("index.html"))]
        if let bot = bots.first { pages.append(("bot page", folder.appendingPathComponent("bots/" + bot))) }
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("games/001.html").path) {
            pages.append(("games page", folder.appendingPathComponent("games/001.html")))
        }
        if let replay = replays.first { pages.append(("replay", folder.appendingPathComponent("replays/" + replay))) }
        try await HeadlessBrowser.with { browser in
            print("render timing, \(browser.product), \(folder.path), median of \(Self.runs):")
            for (name, url) in pages {
                for phone in [false, true] {
                    var loads: [Double] = [], painted: [Double] = []
                    for _ in 0..<Self.runs {
                        let time = try await Self.measure(browser, url, phone: phone)
                        loads.append(time.load)
                        painted.append(time.painted)
                    }
                    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
                    let median = { (values: [Double]) in values.sorted()[values.count / 2] }
                    print("  \(name) (\(size) bytes, \(phone ? "phone" : "desktop")): load \(Int(median(loads))) ms, painted \(Int(median(painted))) ms; all painted: \(painted.map { Int($0) })")
                    #expect(median(painted) > 0)
                }
            }
        }
    }
}
