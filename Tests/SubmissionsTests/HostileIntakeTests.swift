import Foundation
import SalvoTestSupport
import Testing

@testable import Submissions

/// Issue 40: what a student's folder claims is believed no more. Each test is a class of attack
/// (or an honest accident) on real folders, entered by the real discovery.
@Suite("Submissions: intake that believes nothing a folder claims", .serialized)
struct HostileIntakeTests {
    static let python = "import sys\nfor line in sys.stdin:\n    pass\n"
    static let manifest = "command: python3 bot.py\n"

    @Test(
        "a folder that puts another's name in its bot.yaml takes nothing: both are entered under their folders, the claimant's label shown with its folder"
    )
    func nameClaim() async throws {
        let folders = SubmissionFolders("claim")
        defer { folders.remove() }
        try folders.write("adam", ["bot.yaml": "name: alice\n" + Self.manifest, "bot.py": Self.python])
        try folders.write("alice", ["bot.yaml": "name: Alice\n" + Self.manifest, "bot.py": Self.python])
        try folders.write("bob", ["bot.yaml": "name: hunt-target\n" + Self.manifest, "bot.py": Self.python])
        let entries = try await SubmissionFolders.enter(folders.settings(takenNames: ["hunt-target"]))
        #expect(entries.notEntered.isEmpty)
        #expect(entries.entered.map(\.name) == ["adam", "alice", "bob"])
        // alice owns her name (shown as she wrote it); adam's claim is disambiguated; no built-in's name can be taken.
        #expect(entries.entered.map(\.label) == ["alice (adam)", "Alice", "hunt-target (bob)"])
        // Each has its own copy, under its own folder's name.
        #expect(entries.entered.allSatisfy { $0.spec.folder?.hasPrefix(folders.workFolder + "/bots/\($0.name)@") == true })
    }

    @Test(
        "a folder is an entry's name only when it is a safe one, and never a listed bot's",
        arguments: [
            ("=cmd", "may hold only ASCII letters"),
            ("-rf", "may hold only ASCII letters"),
            ("ali ce", "may hold only ASCII letters"),
            ("HUNT-TARGET", "is the name of a bot the tournament file lists"),
            (String(repeating: "a", count: 49), "longer than 48 characters"),
        ])
    func folderNames(folder: String, reason: String) async throws {
        let folders = SubmissionFolders("folder-name")
        defer { folders.remove() }
        try folders.write(folder, ["bot.yaml": Self.manifest, "bot.py": Self.python])
        try folders.write("alice", ["bot.yaml": Self.manifest, "bot.py": Self.python])
        let entries = try await SubmissionFolders.enter(folders.settings(takenNames: ["hunt-target"]))
        #expect(entries.entered.map(\.name) == ["alice"])
        #expect(entries.notEntered.map(\.folder) == [folder])
        #expect(entries.notEntered.first?.reason.contains(reason) == true, "\(entries.notEntered)")
    }

    @Test("a label's control characters and bidirectional overrides never leave the intake")
    func labelEscapes() async throws {
        let folders = SubmissionFolders("label")
        defer { folders.remove() }
        try folders.write("carol", ["bot.yaml": "name: \"x\\e]52;c;ZXZpbA==\\a\\e[2J\\u202Eevil\"\n" + Self.manifest, "bot.py": Self.python])
        let entries = try await SubmissionFolders.enter(folders.settings())
        let label = try #require(entries.entered.first?.label)
        #expect(label == "x ]52;c;ZXZpbA== [2J evil")
        #expect(!label.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format })
    }

    @Test(
        "bot.yaml as a link is refused, naming it; a link that leaves the folder is refused however it is built; links inside are kept",
        arguments: [
            ([("bot.yaml", "OUTSIDE")], "`bot.yaml` is a symbolic link to `/"),
            ([("bot.yaml", "lib/keep.txt")], "bot.yaml is a symbolic link (to `lib/keep.txt`); make it a plain file"),
            ([("helper.py", "OUTSIDE")], "`helper.py` is a symbolic link to `/"),
            ([("helper.py", "../../secret.py")], "`helper.py` is a symbolic link to `../../secret.py`, a path that leaves the folder"),
            // `top -> .` stays inside; through it, `top/..` climbs out, which a check of the text alone would miss.
            (
                [("top", "."), ("helper.py", "top/../secret.py")],
                "`helper.py` is a symbolic link to `top/../secret.py`, a path that leaves the folder"
            ),
            ([("loop", "loop")], "a chain of more than 40 links"),
            ([("helper.py", "lib/../bot.py"), ("here", "."), ("also.py", "here/lib/../bot.py")], nil),
        ] as [([(String, String)], String?)])
    func links(links: [(String, String)], reason: String?) async throws {
        let folders = SubmissionFolders("links")
        defer { folders.remove() }
        var files = ["bot.py": Self.python, "lib/keep.txt": "x"]
        if !links.contains(where: { $0.0 == "bot.yaml" }) { files["bot.yaml"] = Self.manifest }
        try folders.write("dana", files)
        let outside = folders.root + "/home-of-dana.yaml"
        try Self.manifest.write(toFile: outside, atomically: true, encoding: .utf8)
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(
                atPath: folders.submissions + "/dana/" + link, withDestinationPath: target == "OUTSIDE" ? outside : target)
        }
        let entries = try await SubmissionFolders.enter(folders.settings())
        if let reason {
            #expect(entries.entered.isEmpty)
            #expect(entries.notEntered.first?.reason.contains(reason) == true, "\(entries.notEntered)")
        } else {
            let bot = try #require(entries.entered.first, "\(entries.notEntered)")
            for (link, target) in links {
                #expect(
                    try FileManager.default.destinationOfSymbolicLink(atPath: try #require(bot.spec.folder) + "/" + link) == target,
                    "a link inside is kept as a link")
            }
        }
    }

    @Test("the version is what was read: the manifest is the copy's, so a file changed after the copy changes nothing of that version")
    func versionIsTheCopy() async throws {
        let folders = SubmissionFolders("version")
        defer { folders.remove() }
        try folders.write("erin", ["bot.yaml": Self.manifest, "bot.py": Self.python])
        let first = try await SubmissionFolders.enter(folders.settings())
        let bot = try #require(first.entered.first)
        let copy = try #require(bot.spec.folder)
        #expect(try String(contentsOfFile: copy + "/bot.yaml", encoding: .utf8) == Self.manifest)
        // The copy is a plain file, never a link to the student's.
        var status = stat()
        #expect(lstat(copy + "/bot.yaml", &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
        try (Self.manifest + "memory_mb: 64\n").write(toFile: folders.submissions + "/erin/bot.yaml", atomically: true, encoding: .utf8)
        let second = try await SubmissionFolders.enter(folders.settings())
        #expect(second.entered.first?.version != bot.version, "a changed manifest is a new version")
        #expect(second.entered.first?.spec.limits.memoryBytes == 64 << 20)
    }

    @Test(
        "the deadline is about content: a touched or copied folder keeps its sighting; new content after the deadline is late; accept_late enters it on purpose"
    )
    func deadlineByContent() async throws {
        let folders = SubmissionFolders("deadline")
        defer { folders.remove() }
        try folders.write("fay", ["bot.yaml": Self.manifest, "bot.py": Self.python])
        try folders.write("gus", ["bot.yaml": Self.manifest, "bot.py": Self.python])
        var settings = folders.settings()
        settings.deadline = Date().addingTimeInterval(3_600)
        let before = try await SubmissionFolders.enter(settings)
        #expect(before.entered.map(\.name) == ["fay", "gus"])

        // After the deadline: fay's folder is copied anew (new times, same content), gus edits his bot.
        let fay = folders.submissions + "/fay"
        try FileManager.default.removeItem(atPath: fay)
        try folders.write("fay", ["bot.yaml": Self.manifest, "bot.py": Self.python])
        let future = [
            timespec(tv_sec: Int(Date().timeIntervalSince1970) + 86_400, tv_nsec: 0),
            timespec(tv_sec: Int(Date().timeIntervalSince1970) + 86_400, tv_nsec: 0),
        ]
        #expect(utimensat(AT_FDCWD, fay + "/bot.py", future, 0) == 0)
        try (Self.python + "# late\n").write(toFile: folders.submissions + "/gus/bot.py", atomically: true, encoding: .utf8)
        // The deadline falls between the two discoveries (the record keeps whole seconds).
        try await Task.sleep(for: .milliseconds(1_500))
        settings.deadline = Date().addingTimeInterval(-0.5)
        let after = try await SubmissionFolders.enter(settings)
        #expect(after.entered.map(\.name) == ["fay"])
        #expect(after.entered.first?.version == before.entered.first?.version)
        let late = try #require(after.notEntered.first)
        #expect(late.folder == "gus")
        #expect(late.reason.hasPrefix("this version was first seen by Salvo at "), "\(late.reason)")
        #expect(late.reason.contains("file times do not count"))

        // The instructor accepts it on purpose.
        settings.acceptLate = ["gus"]
        let accepted = try await SubmissionFolders.enter(settings)
        #expect(accepted.entered.map(\.name) == ["fay", "gus"])
        #expect(accepted.entered.last?.version != before.entered.last?.version)
    }

    @Test("a folder nested deeper than 64 folders is refused before anything is built")
    func deepNesting() async throws {
        let folders = SubmissionFolders("deep")
        defer { folders.remove() }
        let deep = (0..<70).map { _ in "d" }.joined(separator: "/")
        try folders.write("hal", ["bot.yaml": Self.manifest, "bot.py": Self.python, deep + "/x.txt": "x"])
        let entries = try await SubmissionFolders.enter(folders.settings())
        #expect(entries.entered.isEmpty)
        #expect(entries.notEntered.first?.reason.hasPrefix("the folder nests more than 64 folders deep") == true, "\(entries.notEntered)")
        // Nothing of its copy is left in the work folder.
        let left = try FileManager.default.contentsOfDirectory(atPath: folders.workFolder + "/bots")
        #expect(left.isEmpty, "\(left)")
    }

    @Test("a build that nests 6,000 folders, past the longest path, fails alone (its output cannot be kept) and leaves nothing to a sandbox uid")
    func deepBuildReclaimed() async throws {
        guard geteuid() == 0 else { return }  // only a root runner gives builds host users of their own
        let folders = SubmissionFolders("deep-build")
        defer {
            SubmissionDiscovery.removeWorkFolder(folders.workFolder)
            folders.remove()
        }
        let nest = "import os\nfor _ in range(6000):\n    os.mkdir('d')\n    os.chdir('d')\nopen('deepest.txt', 'w').write('x')\n"
        try folders.write("ivy", ["bot.yaml": Self.manifest + "build: python3 nest.py\n", "bot.py": Self.python, "nest.py": nest])
        try folders.write("jay", ["bot.yaml": Self.manifest, "bot.py": Self.python])
        let entries = try await SubmissionFolders.enter(folders.settings())
        // On its own disk (a root runner that may mount) the output cannot be kept, 256 folders at
        // most; built in place (no mount allowed here), it is entered. Either way nothing is left to the uid.
        #expect(entries.entered.map(\.name).contains("jay"))
        if let ivy = entries.notEntered.first {
            #expect(ivy.reason.hasPrefix("the build's output cannot be kept: the build's output nests more than 256 folders deep"), "\(ivy.reason)")
        } else {
            #expect(entries.entered.map(\.name) == ["ivy", "jay"])
        }
        // GNU find walks by descriptors too, and counts what is not root's: an oracle of its own.
        let left = try await TestProcess.run("/usr/bin/find", [folders.workFolder, "-not", "-uid", "0", "-printf", "%p\n"]).out
        #expect(left.isEmpty, "left to a sandbox uid: \(left.prefix(500))")
    }
}
