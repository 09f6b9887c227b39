import Foundation
import Testing

@testable import Submissions

/// Issue 40's disk: everything a build writes is capped by a file system of its own, a night
/// short of space stops before anything with the numbers, and old copies do not pile up.
@Suite("Submissions: the builds' disk", .serialized)
struct BuildDiskTests {
    static let python = "import sys\nfor line in sys.stdin:\n    pass\n"

    /// Mounts a tmpfs of `megabytes` on `folder` (made if missing), as a small output disk;
    /// false where it cannot (not root).
    static func smallDisk(_ folder: String, megabytes: Int) -> Bool {
        guard geteuid() == 0 else { return false }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return mount("tmpfs", folder, "tmpfs", 0, "size=\(megabytes)m") == 0
    }

    static func used(_ folder: String) -> Int {
        var status = statvfs()
        guard statvfs(folder, &status) == 0 else { return -1 }
        return Int(status.f_blocks - status.f_bfree) * Int(status.f_frsize)
    }

    @Test(
        "a build that writes 8 files of 200 MB fills its own 64 MiB disk and fails alone, its copy removed; the others are entered, on an output disk of 300 MB"
    )
    func diskFillingBuild() async throws {
        let folders = SubmissionFolders("disk-fill")
        defer { folders.remove() }
        guard Self.smallDisk(folders.output, megabytes: 300) else { return }
        defer { umount2(folders.output, Int32(MNT_DETACH)) }
        let fill =
            "chunk = b'0' * (1 << 20)\nfor i in range(8):\n    with open('f%d' % i, 'wb') as f:\n        for _ in range(200):\n            f.write(chunk)\n"
        try folders.write("mallory", ["bot.yaml": "command: python3 bot.py\nbuild: python3 fill.py\n", "bot.py": Self.python, "fill.py": fill])
        try folders.write("alice", ["bot.yaml": "command: python3 bot.py\nbuild: echo built > out.txt\n", "bot.py": Self.python])
        try folders.write("bob", ["bot.yaml": "command: python3 bot.py\n", "bot.py": Self.python])
        var settings = folders.settings()
        settings.buildDiskBytes = 64 << 20
        let entries = try await SubmissionFolders.enter(settings)
        #expect(entries.entered.map(\.name) == ["alice", "bob"])
        let mallory = try #require(entries.notEntered.first)
        #expect(mallory.folder == "mallory")
        #expect(mallory.reason.hasPrefix("the build filled its 64 MiB of disk (build_disk_mb) and failed"), "\(mallory.reason)")
        let copies = try FileManager.default.contentsOfDirectory(atPath: folders.workFolder + "/bots")
        #expect(!copies.contains { $0.hasPrefix("mallory") }, "the failed build's copy is removed: \(copies)")
        #expect(!copies.contains { $0.hasPrefix(".build-") }, "its disk is unmounted and gone: \(copies)")
        #expect(
            Self.used(folders.output) < 20 << 20,
            "the output disk holds copies and logs, not the build's writes: \(Self.used(folders.output) >> 20) MiB")
        // alice's build ran on its disk too, and its output was kept.
        let alice = try #require(entries.entered.first?.spec.folder)
        #expect(try String(contentsOfFile: alice + "/out.txt", encoding: .utf8) == "built\n")
    }

    @Test("an output disk without room for a build stops the night before anything is built, with the numbers")
    func shortage() async throws {
        let folders = SubmissionFolders("disk-short")
        defer { folders.remove() }
        guard Self.smallDisk(folders.output, megabytes: 100) else { return }
        defer { umount2(folders.output, Int32(MNT_DETACH)) }
        try folders.write("alice", ["bot.yaml": "command: python3 bot.py\nbuild: echo built > out.txt\n", "bot.py": Self.python])
        try folders.write("bob", ["bot.yaml": "command: python3 bot.py\n", "bot.py": Self.python])
        await #expect {
            _ = try await SubmissionFolders.enter(folders.settings())
        } throws: { error in
            let text = "\(error)"
            return text.contains(
                "the output folder's file system (\(folders.workFolder)) has 99 MiB free, and a build may write up to 512 MiB (build_disk_mb), with 64 MiB kept for the journal and reports"
            )
                && text.hasSuffix("free space there or lower build_disk_mb, then run again; nothing was played")
        }
        #expect(!FileManager.default.fileExists(atPath: folders.workFolder + "/logs/alice.build.log"))
        let logs = (try? FileManager.default.contentsOfDirectory(atPath: folders.workFolder + "/logs")) ?? []
        #expect(logs.isEmpty, "no build ran: \(logs)")
    }

    @Test("a folder resubmitted five times keeps the copies of its last three entered versions; the others are removed")
    func retention() async throws {
        let folders = SubmissionFolders("retention")
        defer { folders.remove() }
        var versions: [String] = []
        for round in 0..<5 {
            try folders.write("carol", ["bot.yaml": "command: python3 bot.py\n", "bot.py": Self.python + "# \(round)\n"])
            let entries = try await SubmissionFolders.enter(folders.settings())
            versions.append(try #require(entries.entered.first?.version))
        }
        #expect(Set(versions).count == 5)
        let copies = try FileManager.default.contentsOfDirectory(atPath: folders.workFolder + "/bots").filter { !$0.hasPrefix(".") }.sorted()
        #expect(copies == versions.suffix(3).map { "carol@" + $0 }.sorted())
    }

    @Test("a build disk a killed run left mounted is unmounted first: the build gets a fresh disk and nothing of the old one")
    func leftoverDisk() async throws {
        let folders = SubmissionFolders("disk-leftover")
        defer { folders.remove() }
        try folders.write("alice", ["bot.yaml": "command: python3 bot.py\nbuild: ls > listing.txt\n", "bot.py": Self.python])
        let leftover = folders.workFolder + "/bots/.build-alice"
        guard Self.smallDisk(leftover, megabytes: 8) else { return }  // root, where mounting is allowed
        try "from the killed run".write(toFile: leftover + "/stale.txt", atomically: true, encoding: .utf8)
        let entries = try await SubmissionFolders.enter(folders.settings())
        let alice = try #require(entries.entered.first?.spec.folder, "\(entries.notEntered)")
        let listing = try String(contentsOfFile: alice + "/listing.txt", encoding: .utf8)
        #expect(listing.split(separator: "\n").sorted() == ["bot.py", "bot.yaml", "listing.txt"], "\(listing)")
        #expect(!FileManager.default.fileExists(atPath: leftover), "no disk is left mounted")
        let mounts = try String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)
        #expect(!mounts.contains(".build-alice"))
    }
}
