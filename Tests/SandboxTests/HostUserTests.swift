import Bots
import Foundation
import Testing

@testable import Sandbox

/// Each sandboxed process in flight runs as a host user of its own (``HostUsers``), so that
/// nothing the kernel keys by user is shared between two sandboxes.
@Suite("A host user per sandbox", .timeLimit(.minutes(2)))
struct HostUserTests {
    static func temporaryDirectory(_ label: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("salvo-\(label)-\(UUID().uuidString)").path
    }

    @Test("sandboxes in flight at once run as different host users, all from the range", .enabled(if: geteuid() == 0))
    func ownUserEach() async throws {
        let launcher = SandboxLauncher()
        var processes: [PlanProcess] = []
        for _ in 0..<3 {
            processes.append(try await PlanProcess(launcher.plan(for: ExternalBotSpec(command: ["/bin/sh", "-c", "echo ready; exec cat"]))))
        }
        defer { processes.forEach { $0.finish() } }
        for process in processes { #expect(try process.readLine() == "ready") }
        let uids = processes.compactMap(\.hostUID)
        #expect(uids.count == 3)
        #expect(Set(uids).count == 3, "\(uids)")
        #expect(uids.allSatisfy(HostUsers.contains), "\(uids)")
    }

    @Test("two runners on one machine never hold the same uid, and a uid given back is taken again")
    func usersAreExclusive() throws {
        let folder = Self.temporaryDirectory("host-users")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try #require(HostUsers.make(folder: folder))
        let second = try #require(HostUsers.make(folder: folder))
        let a = try #require(first.take())
        let b = try #require(second.take())
        #expect(a.uid == HostUsers.first)
        #expect(b.uid == HostUsers.first + 1, "the other runner's uid \(a.uid) is held")
        a.lease.release()
        let third = try #require(HostUsers.make(folder: folder))
        let c = try #require(third.take())
        #expect(c.uid == HostUsers.first, "the uid given back is free again")
        // A lease no one holds any more gives its uid back by itself.
        var d = second.take()
        let held = try #require(d?.uid)
        d = nil
        let fourth = try #require(HostUsers.make(folder: folder))
        #expect(held == HostUsers.first + 2)
        #expect(fourth.take()?.uid == held, "first and first + 1 are held, first + 2 was let go")
        b.lease.release()
        c.lease.release()
    }

    @Test(
        "a build runs as a host user of its own that owns its folder, and leaves every file to the runner, readable by the bot",
        .enabled(if: geteuid() == 0))
    func buildFolderReclaimed() async throws {
        let folder = Self.temporaryDirectory("build-owner")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let build = "umask 077; mkdir out && printf x > out/made && printf x > secret && test \"$(pwd)\" = /bot"
        let process = try await PlanProcess(SandboxLauncher().buildPlan(build, folder: folder, limits: ResourceLimits()))
        #expect(process.waitForExit() == 0)
        // Before the lease is given back: what the build wrote belongs to its host user.
        let uid = try #require(try FileManager.default.attributesOfItem(atPath: folder + "/out/made")[.ownerAccountID] as? Int)
        #expect(HostUsers.contains(UInt32(uid)), "the build wrote as host uid \(uid)")
        process.finish()
        for (path, mode) in [("", 0o755), ("/out", 0o755), ("/out/made", 0o644), ("/secret", 0o644)] {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder + path)
            #expect(attributes[.ownerAccountID] as? Int == 0, "\(path)")
            #expect(attributes[.posixPermissions] as? Int == mode, "\(path): \(String(attributes[.posixPermissions] as? Int ?? 0, radix: 8))")
        }
    }
}
