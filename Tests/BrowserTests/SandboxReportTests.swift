import Foundation
import HeadlessBrowser
import SalvoTestSupport
import Testing

/// The report says how every bot was run: a real `salvo run` of two external bots, one in the
/// sandbox and one with `sandbox: none`, opened in headless Chromium.
@Suite("Sandbox settings in the report", .serialized, .timeLimit(.minutes(2)))
struct SandboxReportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test("the Bots section shows each external bot's sandbox and limits, and 'unsandboxed' in red where there was none")
    func unsandboxedInRed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-sandbox-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("t.yaml")
        try """
        name: sandbox-report
        games_per_pairing: 2
        seed: 4
        bots:
          - name: caged
            command: python3 bots/python/random_bot.py
            memory_mb: 256
          - name: trusted
            command: python3 bots/python/random_bot.py
            sandbox: none
        """.write(to: file, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("run")
        // A fixed seed key: the same games every run (docs/seeds.md).
        try FixedSeedKey.write(into: output.path)
        let run = try await SalvoExecutable.run(["run", file.path, "--output", output.path], workingDirectory: Self.root)
        try #require(run.status == 0, "salvo run failed: \(run.err)")
        let results = try JSONValue.parse(Data(contentsOf: output.appendingPathComponent("results.json")))
        let bots = results["configuration"]?["bots"]?.array ?? []
        #expect(bots.map { $0["sandbox"]?.string } == ["bubblewrap", "none"])
        #expect(bots.first?["limits"]?["memoryBytes"]?.int == 256 << 20)
        try await HeadlessBrowser.with { browser in
            let page = try await browser.open(output.appendingPathComponent("index.html"))
            let rows =
                try await page.evaluate(
                    """
                    [...document.querySelectorAll('table#bots > tbody > tr')].map(row => {
                      const marked = row.querySelector('td.sandbox .unsandboxed');
                      return { bot: row.dataset.bot, sandbox: row.querySelector('td.sandbox').textContent,
                               color: marked ? getComputedStyle(marked).color : null };
                    })
                    """
                ).array ?? []
            #expect(rows.map { $0["bot"]?.string } == ["caged", "trusted"])
            #expect(rows.first?["sandbox"]?.string == "bubblewrap")
            #expect(rows.first?["color"]?.string == nil)
            #expect(rows.last?["sandbox"]?.string == "unsandboxed")
            // --loss: #c62828 in light mode, which headless Chromium uses.
            #expect(rows.last?["color"]?.string == "rgb(198, 40, 40)")
        }
    }
}
