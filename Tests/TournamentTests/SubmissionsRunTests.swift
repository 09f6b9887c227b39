import Foundation
import SalvoTestSupport
import Testing

/// `salvo run` of a tournament with `bots_from:`: real folders, gcc in the real sandbox, the
/// printout before play, the report's "Submissions" section, and `salvo report` rebuilding it.
@Suite("Submissions in run and report", .serialized, .timeLimit(.minutes(4)))
struct SubmissionsRunTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("bots/submissions-example").path

    static func json(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    @Test("a Swiss class: the not entered are printed with their reasons, builds run then skipped, and the report links every build log")
    func classRun() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-subrun-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/subs", withIntermediateDirectories: true)
        for folder in ["python-random", "c-hunter", "broken-build", "bad-manifest"] {
            try FileManager.default.copyItem(atPath: Self.examples + "/" + folder, toPath: directory + "/subs/" + folder)
        }
        try """
        name: subrun
        format: swiss
        rounds: 2
        games_per_pairing: 2
        seed: 3
        bots: [density, hunt-target]
        bots_from: subs
        """.write(toFile: directory + "/class.yaml", atomically: true, encoding: .utf8)

        let first = try await SalvoExecutable.run(["run", "class.yaml", "--output", "out"], timeout: .seconds(180), workingDirectory: directory)
        #expect(first.status == 0, "\(first.err)")
        // The submissions' printout and the run's header are notes, on stderr (docs/output.md).
        let out = first.err
        #expect(out.contains("Submissions: 2 entered, 2 not entered; builds: 2 run, 0 skipped (unchanged since the last build); "), "\(out)")
        #expect(out.contains("Not entered:\n  bad-manifest: "), "\(out)")
        #expect(out.contains("unknown key `comand`; did you mean `command`?"), "\(out)")
        #expect(out.contains("  broken-build: the build failed"), "\(out)")
        #expect(
            out.contains("build log: \(directory)/out/submissions/logs/broken-build@") || out.contains("/out/submissions/logs/broken-build@"),
            "\(out)")
        // The printout comes before play.
        let printout = try #require(out.range(of: "Submissions:"))
        let header = try #require(out.range(of: "Tournament subrun:"))
        #expect(printout.lowerBound < header.lowerBound)
        // --output reached the builds: nothing under the file's default output folder.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory + "/out/submissions/logs").contains {
                $0.hasPrefix("c-hunter@") && $0.hasSuffix(".build.log")
            })
        #expect(!FileManager.default.fileExists(atPath: directory + "/reports/subrun"))

        func checkReport() throws {
            let results = try Self.json(directory + "/out/results.json")
            let submissions = try #require(results["submissions"] as? [String: Any])
            #expect(submissions["folder"] as? String == "subs")
            let notEntered = try #require(submissions["notEntered"] as? [[String: Any]])
            #expect(notEntered.map { $0["folder"] as? String } == ["bad-manifest", "broken-build"])
            #expect((notEntered[0]["reason"] as? String)?.contains("unknown key `comand`") == true)
            #expect(notEntered[0]["buildLog"] == nil)
            let brokenLog = try #require(notEntered[1]["buildLog"] as? String)
            #expect(brokenLog.hasPrefix("submissions/logs/broken-build@") && brokenLog.hasSuffix(".build.log"))
            let entered = try #require(submissions["entered"] as? [[String: Any]])
            #expect(entered.map { $0["bot"] as? String } == ["c-hunter", "python-random"])
            let cLog = try #require(entered[0]["buildLog"] as? String)
            #expect(cLog.hasPrefix("submissions/logs/c-hunter@") && cLog.hasSuffix(".build.log"))
            #expect(entered[1]["buildLog"] == nil, "a bot without build: has no log")
            for case let log? in (notEntered + entered).map({ $0["buildLog"] as? String }) {
                #expect(FileManager.default.fileExists(atPath: directory + "/out/" + log), "\(log)")
            }
            let html = try String(contentsOfFile: directory + "/out/index.html", encoding: .utf8)
            #expect(html.contains(#"<tr data-folder="broken-build">"#))
            #expect(html.contains(#"<a class="build-log" href="\#(brokenLog)">"#))
            #expect(html.contains(#"<a class="build-log" href="\#(cLog)">"#))
            #expect(html.contains(#"<section id="swiss">"#))
        }
        try checkReport()

        // Nothing changed: every build is skipped.
        let second = try await SalvoExecutable.run(["run", "class.yaml", "--output", "out"], timeout: .seconds(120), workingDirectory: directory)
        #expect(second.status == 0, "\(second.err)")
        #expect(second.err.contains("builds: 0 run, 2 skipped (unchanged since the last build)"), "\(second.err)")

        // `salvo report` rebuilds the section from the output folder alone.
        try FileManager.default.removeItem(atPath: directory + "/out/results.json")
        try FileManager.default.removeItem(atPath: directory + "/out/index.html")
        let report = try await SalvoExecutable.run(["report", directory + "/out"])
        #expect(report.status == 0, "\(report.err)")
        try checkReport()
    }
}
