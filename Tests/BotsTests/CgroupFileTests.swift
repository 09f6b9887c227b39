import Bots
import Foundation
import Processes
import Testing

/// The one reader and writer of a cgroup's files, on ordinary files shaped like the kernel's.
@Suite("A cgroup's files")
struct CgroupFileTests {
    @Test("a file is read whole, first line apart; a file kept open is read again from its start; a missing or empty one is nil")
    func reading() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cgroup-file-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stat = folder + "/cpu.stat"
        #expect(CgroupFile.write("usage_usec 1500\nuser_usec 1000\nsystem_usec 500\n", to: stat) == false, "write never creates a file")
        #expect(FileManager.default.createFile(atPath: stat, contents: Data()))
        #expect(CgroupFile.read(stat) == nil)
        #expect(CgroupFile.write("usage_usec 1500\nuser_usec 1000\nsystem_usec 500\n", to: stat))
        #expect(CgroupFile.read(stat) == "usage_usec 1500\nuser_usec 1000\nsystem_usec 500\n")
        #expect(CgroupFile.firstLine(of: stat) == "usage_usec 1500")
        #expect(CgroupAccounting(cpuFile: stat, memoryEventsFile: nil, memoryCapBytes: nil).cpuNanoseconds() == 1_500_000)

        let descriptor = open(stat, O_RDONLY | O_CLOEXEC)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(CgroupFile.read(descriptor: descriptor)?.hasPrefix("usage_usec 1500\n") == true)
        #expect(CgroupFile.write("usage_usec 2500\n", to: stat))
        #expect(CgroupFile.read(descriptor: descriptor)?.hasPrefix("usage_usec 2500\n") == true)
        #expect(CgroupFile.read(folder + "/missing") == nil && CgroupFile.firstLine(of: folder + "/missing") == nil)
    }
}
