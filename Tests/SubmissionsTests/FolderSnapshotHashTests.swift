import Foundation
import Testing

@testable import Submissions

/// The build cache's key over a folder's contents, pinned: the same folder gives the same
/// hash on every machine and after every change of the SHA-256 library (a changed key would
/// rebuild every submission once and orphan the old cache).
@Suite("A submission folder's content hash")
struct FolderSnapshotHashTests {
    @Test("a file, an executable in a subfolder and a link hash to the digest computed by Python's hashlib")
    func pinned() throws {
        let root = NSTemporaryDirectory() + "salvo-snapshot-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/lib", withIntermediateDirectories: true)
        try "print(1)\n".write(toFile: root + "/bot.py", atomically: false, encoding: .utf8)
        try "#!/bin/sh\n".write(toFile: root + "/lib/run.sh", atomically: false, encoding: .utf8)
        chmod(root + "/bot.py", 0o644)
        chmod(root + "/lib/run.sh", 0o755)
        try FileManager.default.createSymbolicLink(atPath: root + "/run", withDestinationPath: "bot.py")

        let copy = root + "-copy"
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let snapshot = try FolderSnapshot.copy(from: root, to: copy)
        // python3: h = hashlib.sha256(); for part in (b"f\0bot.py\0-\x009\0", b"print(1)\n", b"d\0lib\0",
        //   b"f\0lib/run.sh\0x\x0010\0", b"#!/bin/sh\n", b"l\0run\0bot.py\0"): h.update(part)
        #expect(try snapshot.contentHash() == "0fd1f2ecce05f0e32e6b3cad5387879892f101d9133f67aacd47f3c51b6c0fa7")
    }
}
