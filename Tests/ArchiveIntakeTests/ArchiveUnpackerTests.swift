import Foundation
import Testing

@testable import ArchiveIntake

/// Uploads as a hostile student would make them, written with libarchive itself, unpacked for
/// real into a temporary folder: each attack refused with its own reason, nothing written
/// outside the folder; a good archive (tar.gz and zip) unpacked exactly.
@Suite("Unpacking an uploaded archive")
struct ArchiveUnpackerTests {
    /// A fresh folder with `inside/` (the destination) beside `outside/` (what must stay empty).
    static func place() throws -> (inside: String, outside: String, archive: String) {
        let root = NSTemporaryDirectory() + "salvo-unpack-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/inside", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        return (root + "/inside", root + "/outside", root + "/upload")
    }

    static func unpack(_ entries: [ArchiveBuilder.Entry], format: ArchiveBuilder.Format = .tarGzip, limits: ArchiveLimits = .submission) throws -> (
        Result<ArchiveUnpacker.Unpacked, ArchiveRefusal>, inside: String, outside: String
    ) {
        let place = try place()
        var builder = ArchiveBuilder(format: format)
        for entry in entries { builder.add(entry) }
        try builder.write(to: place.archive)
        let result = Result { () throws(ArchiveRefusal) in try ArchiveUnpacker(limits: limits).unpack(archiveAt: place.archive, into: place.inside) }
        return (result, place.inside, place.outside)
    }

    @Test(
        "a folder packed, then unpacked, is the same files with the same executable bits and links", arguments: [ArchiveBuilder.Format.tarGzip, .zip])
    func roundTrip(format: ArchiveBuilder.Format) throws {
        let (result, inside, _) = try Self.unpack(
            [
                .file("bot.yaml", Array("name: mine\ncommand: ./run.sh\n".utf8), executable: false),
                .folder("src"),
                .file("src/main.py", Array("print('hi')\n".utf8), executable: false),
                .file("run.sh", Array("#!/bin/sh\nexec python3 src/main.py\n".utf8), executable: true),
                .link("main", target: "src/main.py"),
                .file("deep/er/data.txt", Array("x".utf8), executable: false),
            ], format: format)
        let unpacked = try result.get()
        #expect(unpacked.entries == 6)
        #expect(unpacked.bytes == 29 + 12 + 35 + 1)
        #expect(FileManager.default.contents(atPath: inside + "/src/main.py") == Data("print('hi')\n".utf8))
        #expect(FileManager.default.isExecutableFile(atPath: inside + "/run.sh"))
        #expect(!FileManager.default.isExecutableFile(atPath: inside + "/bot.yaml"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: inside + "/main") == "src/main.py")
        #expect(FileManager.default.contents(atPath: inside + "/deep/er/data.txt") == Data("x".utf8))
    }

    @Test(
        "each attack is refused with its own reason, and nothing lands outside the folder",
        arguments: [
            ([ArchiveBuilder.Entry.file("/tmp/x", [1], executable: false)], "absolute path, `/tmp/x`"),
            ([.file("../outside/x", [1], executable: false)], "a path with `..`, `../outside/x`"),
            ([.file("a/../../outside/x", [1], executable: false)], "a path with `..`"),
            ([.link("out", target: "../outside")], "the link `out` points to `../outside`, outside the folder"),
            ([.link("out", target: "/etc")], "points to `/etc`, outside"),
            ([.folder("a"), .link("a/up", target: "../../outside")], "points to `../../outside`"),
            ([.file("x", [1], executable: false), .hardLink("y", target: "/etc/passwd")], "a hard link, `y`"),
            ([.device("null")], "a device, `null`"),
            ([.file("bad\u{1B}[2Jname", [1], executable: false)], "not plain UTF-8 text"),
            ([.file("x", [1], executable: false), .file("x", [2], executable: false)], "holds `x` twice"),
            ([.link("d", target: "sub"), .folder("sub"), .file("d/x", [1], executable: false)], "holds `d/x` twice, or inside a file or a link"),
            ([.file("f", [1], executable: false), .file("f/x", [1], executable: false)], "inside a file or a link"),
        ])
    func attacks(entries: [ArchiveBuilder.Entry], reason: String) throws {
        let (result, _, outside) = try Self.unpack(entries)
        switch result {
        case .success: Issue.record("unpacked an archive that should be refused (\(reason))")
        case .failure(let refusal): #expect(refusal.description.contains(reason), "\(refusal.description)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/x") || (try? Data(contentsOf: URL(fileURLWithPath: "/tmp/x"))) != Data([1]))
    }

    @Test("a bomb is stopped by what was read: the ratio, the total, the entry count, the depth")
    func bombs() throws {
        let zeros = [UInt8](repeating: 0, count: 8 << 20)
        let (ratio, inside, _) = try Self.unpack([.file("zeros", zeros, executable: false)])
        guard case .failure(.ratio(let unpacked, let packed, 100)) = ratio else {
            Issue.record("the 8 MiB of zeros passed: \(ratio)")
            return
        }
        #expect(unpacked > 1 << 20 && unpacked < 2 << 20, "stopped early, at \(unpacked) bytes")
        #expect(packed < 20_000)
        // It stopped writing when it stopped reading.
        let written = (try FileManager.default.attributesOfItem(atPath: inside + "/zeros")[.size] as? Int) ?? -1
        #expect(written <= unpacked)

        var small = ArchiveLimits.submission
        small.bytes = 1_000
        small.ratio = 1_000_000
        let (total, _, _) = try Self.unpack(
            [.file("a", [UInt8](repeating: 7, count: 600), executable: false), .file("b", [UInt8](repeating: 7, count: 600), executable: false)],
            limits: small)
        #expect(total.failure == .tooLarge(limit: 1_000))

        small = .submission
        small.entries = 3
        let (count, _, _) = try Self.unpack((0..<5).map { .file("f\($0)", [1], executable: false) }, limits: small)
        #expect(count.failure == .tooManyEntries(limit: 3))

        small = .submission
        small.depth = 4
        let (deep, _, _) = try Self.unpack([.file("a/b/c/d/e", [1], executable: false)], limits: small)
        #expect(deep.failure == .tooDeep("a/b/c/d/e", limit: 4))
    }

    @Test("what is not an archive, or an empty one, is refused as unreadable, saying how to pack")
    func notAnArchive() throws {
        let place = try Self.place()
        for bytes in [Array("just some text, not an archive\n".utf8), []] {
            try Data(bytes).write(to: URL(fileURLWithPath: place.archive))
            #expect(throws: ArchiveRefusal.self) { try ArchiveUnpacker().unpack(archiveAt: place.archive, into: place.inside) }
            do {
                _ = try ArchiveUnpacker().unpack(archiveAt: place.archive, into: place.inside)
            } catch {
                #expect(error.description.contains("salvo submit"))
            }
        }
    }

    @Test("a name is a relative path or refused; a link's target stays inside or is refused (pure rules)")
    func pathRules() throws {
        #expect(try ArchivePath.components(of: "./a//b/") == ["a", "b"])
        #expect(try ArchivePath.components(of: "./") == nil)
        #expect(ArchivePath.linkStaysInside(at: ["a", "b", "link"], target: "../../x"))
        #expect(!ArchivePath.linkStaysInside(at: ["a", "link"], target: "../../x"))
        #expect(!ArchivePath.linkStaysInside(at: ["link"], target: ""))
    }

    @Test("a folder packed with ArchivePacker unpacks to the same tree")
    func packer() throws {
        let place = try Self.place()
        let source = place.outside
        try FileManager.default.createDirectory(atPath: source + "/src", withIntermediateDirectories: true)
        try Data("name: x\n".utf8).write(to: URL(fileURLWithPath: source + "/bot.yaml"))
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: source + "/src/run"))
        chmod(source + "/src/run", 0o755)
        try FileManager.default.createSymbolicLink(atPath: source + "/run", withDestinationPath: "src/run")
        try ArchivePacker.pack(folder: source, to: place.archive)
        let unpacked = try ArchiveUnpacker().unpack(archiveAt: place.archive, into: place.inside)
        #expect(unpacked.entries == 4)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: place.inside).sorted() == ["bot.yaml", "run", "src", "src/run"])
        #expect(FileManager.default.isExecutableFile(atPath: place.inside + "/src/run"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: place.inside + "/run") == "src/run")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
