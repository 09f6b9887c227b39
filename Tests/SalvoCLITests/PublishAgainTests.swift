import Foundation
import SalvoTestSupport
import Synchronization
import Testing

/// Publishing again into the live folder (issue 43: a nightly cron had to `rm -rf` the site
/// first, leaving it empty meanwhile): the folder salvo publish wrote is replaced whole.
@Suite("salvo publish into its own folder again")
struct PublishAgainTests {
    @Test("a second publish into the same folder replaces it whole, in one step; a folder salvo did not write is refused")
    func again() async throws {
        let folder = NSTemporaryDirectory() + "salvo-publish-again-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "name: nightly\ngames_per_pairing: 2\nbots: [random, hunt-target]\n".write(toFile: folder + "/t.yaml", atomically: true, encoding: .utf8)
        #expect(try await SalvoExecutable.run(["run", "t.yaml", "--output", "out", "--quiet"], workingDirectory: folder).status == 0)

        let first = try await SalvoExecutable.run(["publish", "out", "public"], workingDirectory: folder)
        #expect(first.status == 0, "\(first.err)")
        #expect(FileManager.default.fileExists(atPath: folder + "/public/.salvo-published"))
        try "not ours".write(toFile: folder + "/public/stray.txt", atomically: true, encoding: .utf8)
        let inodeBefore = try FileManager.default.attributesOfItem(atPath: folder + "/public")[.systemFileNumber] as? Int

        // A reader polls the live site all through the second publish, as a web server would:
        // every read of index.html finds a whole page, never a missing or half-written one.
        let reading = Atomic<Bool>(true)
        let index = folder + "/public/index.html"
        let poller = Task.detached { () -> (reads: Int, failures: [String]) in
            var reads = 0
            var failures: [String] = []
            while reading.load(ordering: .acquiring) {
                reads += 1
                guard let page = FileManager.default.contents(atPath: index) else {
                    failures.append("index.html missing")
                    continue
                }
                if !String(decoding: page, as: UTF8.self).hasSuffix("</html>\n") { failures.append("index.html cut at \(page.count) bytes") }
                usleep(200)
            }
            return (reads, failures)
        }
        let second = try await SalvoExecutable.run(["publish", "out", "public"], workingDirectory: folder)
        reading.store(false, ordering: .releasing)
        let polled = await poller.value
        #expect(polled.reads > 20 && polled.failures.isEmpty, "\(polled.reads) reads: \(polled.failures.prefix(5))")
        #expect(second.status == 0, "\(second.err)")
        #expect(second.out.contains("public/index.html: copy public as it is (the folder's last reports were replaced whole)"), "\(second.out)")
        #expect(FileManager.default.fileExists(atPath: folder + "/public/index.html"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/public/stray.txt"), "nothing else is published with the reports")
        #expect(
            try FileManager.default.attributesOfItem(atPath: folder + "/public")[.systemFileNumber] as? Int != inodeBefore,
            "a new folder was swapped in")
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(!beside.contains { $0.contains(".salvo-new-") }, "nothing is left beside it: \(beside)")

        try FileManager.default.createDirectory(atPath: folder + "/mine", withIntermediateDirectories: true)
        try "keep".write(toFile: folder + "/mine/notes.txt", atomically: true, encoding: .utf8)
        let refused = try await SalvoExecutable.run(["publish", "out", "mine"], workingDirectory: folder)
        #expect(refused.status == 1 && refused.err.contains("mine is not empty and is not a folder salvo publish wrote"), "\(refused.err)")
        #expect(
            refused.err.contains("a folder it wrote is replaced whole, in one step"),
            "the message says how a live site is published again: \(refused.err)")
        #expect(FileManager.default.fileExists(atPath: folder + "/mine/notes.txt"))
    }
}
