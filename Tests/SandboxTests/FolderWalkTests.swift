import Foundation
import SalvoTestSupport
import Testing

@testable import Sandbox

/// A build's tree taken back and removed by descriptors, however deep (issue 40: a build that
/// nested 6,000 folders left 3,980 of them to its sandbox uid).
@Suite("Folders walked by descriptors")
struct FolderWalkTests {
    /// A tree `depth` folders deep under a fresh folder, with a file and a link at the bottom,
    /// made by descriptors (its paths pass the longest one a system call takes).
    static func deepTree(depth: Int) throws -> String {
        let root = NSTemporaryDirectory() + "salvo-walk-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var current = open(root, O_RDONLY | O_DIRECTORY)
        for _ in 0..<depth {
            #expect(mkdirat(current, "d", 0o700) == 0)
            let next = openat(current, "d", O_RDONLY | O_DIRECTORY)
            close(current)
            current = next
        }
        let file = openat(current, "deepest.txt", O_WRONLY | O_CREAT, 0o600)
        close(file)
        #expect(symlinkat("/etc/passwd", current, "link") == 0)
        close(current)
        return root
    }

    /// What GNU find (which walks by descriptors too) prints for `arguments` under `root`: an oracle of its own.
    static func find(_ root: String, _ arguments: [String]) throws -> String {
        try TestProcess("/usr/bin/find", [root] + arguments).finishBlocking().out
    }

    @Test(
        "a tree 6,000 folders deep given to a uid and taken back: nothing is left to the uid, folders are 755, and the link at the bottom is not followed"
    )
    func reclaimDeepTree() throws {
        guard geteuid() == 0 else { return }  // only root can give files away
        let root = try Self.deepTree(depth: 6_000)
        defer { FolderWalk.remove(root) }
        let passwd = try FileManager.default.attributesOfItem(atPath: "/etc/passwd")[.ownerAccountID] as? Int
        FolderOwnership.give(root, to: 1_879_048_999)
        #expect(try Self.find(root, ["-uid", "1879048999", "-printf", "x"]).count == 6_003, "given: the root, 6,000 folders, the file and the link")
        #expect(try FileManager.default.attributesOfItem(atPath: "/etc/passwd")[.ownerAccountID] as? Int == passwd, "the link's target is untouched")
        FolderOwnership.reclaim(root)
        #expect(try Self.find(root, ["-not", "-uid", "0", "-printf", "%p\n"]).isEmpty)
        #expect(try Self.find(root, ["-type", "d", "-not", "-perm", "755", "-printf", "x"]).isEmpty)
    }

    @Test("a tree 6,000 folders deep, read-only, is removed whole")
    func removeDeepTree() throws {
        let root = try Self.deepTree(depth: 6_000)
        chmod(root + "/d", 0o500)
        FolderWalk.remove(root)
        #expect(!FileManager.default.fileExists(atPath: root))
    }
}
