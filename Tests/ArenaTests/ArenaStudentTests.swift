import ArchiveIntake
import Foundation
import SalvoTestSupport
import Testing

@testable import Arena

/// The arena from the student's side (issue 52) over real HTTP, real archives and real checks:
/// what the quota counts, archives made on real machines, the roster's names.
@Suite("The arena from the student's side", .serialized)
struct ArenaStudentTests {
    typealias Service = ArenaServiceTests

    /// An archive of the example Python bot packed as macOS's Finder zips a folder: the folder,
    /// `__MACOSX/` with its AppleDouble files, and `.DS_Store` files.
    static func macArchive() throws -> String {
        let source = ClassFolder.examples + "/python-random"
        var builder = ArchiveBuilder(format: .zip)
        builder.add(.folder("my-bot"))
        for name in try FileManager.default.contentsOfDirectory(atPath: source).sorted() {
            builder.add(.file("my-bot/" + name, Array(try Data(contentsOf: URL(fileURLWithPath: source + "/" + name))), executable: false))
            builder.add(.file("__MACOSX/my-bot/._" + name, [0, 5, 22, 7], executable: false))
        }
        builder.add(.file("my-bot/.DS_Store", [0, 0, 0, 1], executable: false))
        builder.add(.file(".DS_Store", [0, 0, 0, 1], executable: false))
        let path = NSTemporaryDirectory() + "salvo-mac-\(UUID().uuidString.prefix(8)).zip"
        try builder.write(to: path)
        return path
    }

    @Test(
        "a zip made by macOS (__MACOSX/, .DS_Store) is checked: the debris is left out and said so in the check's lines; an archive without bot.yaml is refused naming what its top holds"
    )
    func toolDebris() async throws {
        let (folder, tokens) = try Service.arena("schedule: nightly\nnight_at: \"23:59\"")
        let alice = try #require(tokens["alice"])
        let bob = try #require(tokens["bob"])
        try await Service.serving(folder) { _, client in
            let taken = try await client.upload(Self.macArchive(), token: alice)
            #expect(taken.status == 202)
            let id = try Service.status(taken).id
            var status = try Service.status(taken)
            for _ in 0..<600 where status.state != .waiting && !status.final {
                try await Task.sleep(for: .milliseconds(200))
                status = try Service.status(try await client.get("/api/submissions/\(id)", token: alice))
            }
            #expect(status.state == .waiting, "\(status)")
            let debris = status.lines.first { $0.name == "archive: tool debris left out" }
            #expect(debris?.passed == true)
            #expect(
                debris?.detail?.contains("__MACOSX/") == true && debris?.detail?.contains("my-bot/.DS_Store") == true
                    && debris?.detail?.contains(".DS_Store") == true, "\(String(describing: debris))")
            #expect(!FileManager.default.fileExists(atPath: folder.path + "/submissions/alice/.DS_Store"))

            let archive = try Service.hostileArchive([
                .file("README.md", Array("hi\n".utf8), executable: false), .folder("src"),
                .file("src/main.py", Array("print(1)\n".utf8), executable: false),
            ])
            let refused = try await client.follow(try Service.status(try await client.upload(archive, token: bob)).id, token: bob)
            #expect(refused.state == .refused)
            #expect(
                (refused.reason ?? "").contains("no bot.yaml at its top, nor in its one folder: its top holds `README.md`, `src/`"),
                "\(refused.reason ?? "")")
        }
    }

    @Test(
        "the quota counts what the student controls: a refused upload gives its place back, refused ones count toward three times the quota, and the instructor gives uploads back"
    )
    func quota() async throws {
        let (folder, tokens) = try Service.arena("submissions_per_day: 1\nschedule: nightly\nnight_at: \"23:59\"")
        let alice = try #require(tokens["alice"])
        let bob = try #require(tokens["bob"])
        try await Service.serving(folder) { _, client in
            // A broken upload, refused: its place comes back, and the fixed one is taken.
            let broken = try await client.upload(bytes: Array("not an archive".utf8), token: alice)
            #expect(try await client.follow(try Service.status(broken).id, token: alice).state == .refused)
            let fixed = try await client.upload(Service.botArchive(), token: alice)
            #expect(fixed.status == 202, "\(Service.error(fixed))")
            // One taken that was not refused: the next is refused, saying when and how.
            let third = try await client.upload(Service.botArchive(note: "2"), token: alice)
            #expect(third.status == 429)
            #expect(
                Service.error(third).contains("1 uploads in the last 24 hours that were not refused")
                    && Service.error(third).contains("your instructor can give uploads back"), "\(Service.error(third))")
            // The instructor gives one back.
            #expect(try folder.store.giveUploads(login: "alice", count: 5) == 2)
            #expect(try await client.upload(Service.botArchive(note: "3"), token: alice).status == 202)
            // Refused ones count toward three times the quota: bob's fourth broken upload is refused at the door.
            for _ in 0..<3 {
                let taken = try await client.upload(bytes: Array("not an archive".utf8), token: bob)
                #expect(try await client.follow(try Service.status(taken).id, token: bob).state == .refused)
            }
            let fourth = try await client.upload(bytes: Array("not an archive".utf8), token: bob)
            #expect(fourth.status == 429 && Service.error(fourth).contains("refused ones too"), "\(Service.error(fourth))")
            #expect(throws: ArenaError.self) { try folder.store.giveUploads(login: "nobody", count: 1) }
        }
    }
}
