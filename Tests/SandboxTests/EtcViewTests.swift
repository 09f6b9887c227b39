import Foundation
import Testing

@testable import Sandbox

/// The copy of `/etc`'s entries that a sandbox sees at `/etc` through one bind.
@Suite("The sandbox's view of /etc")
struct EtcViewTests {
    /// A folder of sources: a file, a folder holding a file and a link, a link to a file at the
    /// top, and a path that does not exist.
    static func sources() throws -> (folder: String, paths: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-etc-sources-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/conf.d", withIntermediateDirectories: true)
        try Data("cache 1".utf8).write(to: URL(fileURLWithPath: folder + "/ld.so.cache"))
        try Data("include".utf8).write(to: URL(fileURLWithPath: folder + "/conf.d/a.conf"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/conf.d/b.conf", withDestinationPath: "/usr/share/b.conf")
        try Data("UTC".utf8).write(to: URL(fileURLWithPath: folder + "/zone"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/localtime", withDestinationPath: folder + "/zone")
        chmod(folder + "/ld.so.cache", 0o600)
        return (folder, [folder + "/ld.so.cache", folder + "/conf.d", folder + "/localtime", folder + "/missing"])
    }

    @Test(
        "the view holds each entry as a bind shows it: files readable by all, links below kept, a link at the top followed, a missing entry left out")
    func copiedAsBound() throws {
        let (folder, paths) = try Self.sources()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let view = try #require(EtcView.make(paths))
        defer { try? FileManager.default.removeItem(atPath: view) }
        #expect(view.hasPrefix(EtcView.parent + "/" + EtcView.prefix + "\(getpid())-"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: view).sorted() == ["conf.d", "ld.so.cache", "localtime"])
        #expect(FileManager.default.contents(atPath: view + "/ld.so.cache") == Data("cache 1".utf8))
        #expect(try FileManager.default.attributesOfItem(atPath: view + "/ld.so.cache")[.posixPermissions] as? Int == 0o644)
        #expect(try FileManager.default.attributesOfItem(atPath: view)[.posixPermissions] as? Int == 0o755)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: view + "/conf.d/b.conf") == "/usr/share/b.conf")
        #expect(try FileManager.default.attributesOfItem(atPath: view + "/localtime")[.type] as? FileAttributeType == .typeRegular)
        #expect(FileManager.default.contents(atPath: view + "/localtime") == Data("UTC".utf8))
    }

    @Test("a source that changes gets a new view at the next check; the old one stays whole for the sandboxes that bound it")
    func remadeOnChange() throws {
        let (folder, paths) = try Self.sources()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let etc = EtcView(sources: paths, recheck: .zero)
        let first = try #require(etc.currentFolder())
        #expect(etc.currentFolder() == first, "nothing changed")
        #expect(etc.arguments() == ["--ro-bind", first, "/etc"])
        try Data("cache 2, longer".utf8).write(to: URL(fileURLWithPath: folder + "/ld.so.cache"))
        let second = try #require(etc.currentFolder())
        #expect(second != first)
        #expect(FileManager.default.contents(atPath: second + "/ld.so.cache") == Data("cache 2, longer".utf8))
        #expect(FileManager.default.contents(atPath: first + "/ld.so.cache") == Data("cache 1".utf8))
        try Data("more".utf8).write(to: URL(fileURLWithPath: folder + "/conf.d/c.conf"))
        let third = try #require(etc.currentFolder())
        #expect(FileManager.default.fileExists(atPath: third + "/conf.d/c.conf"))
        for view in [first, second, third] { try? FileManager.default.removeItem(atPath: view) }
    }

    @Test("views of runners that have ended are removed; a live runner's are not")
    func endedRemoved() throws {
        // A process id no process has here.
        let dead = try #require((1..<10_000).lazy.map { Int32(4_194_000) - $0 }.first { kill($0, 0) != 0 && errno == ESRCH })
        let ended = EtcView.parent + "/" + EtcView.prefix + "\(dead)-test"
        let live = EtcView.parent + "/" + EtcView.prefix + "\(getppid())-test"
        for folder in [ended, live] { try FileManager.default.createDirectory(atPath: folder + "/inside", withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(atPath: live) }
        EtcView.removeEnded()
        #expect(!FileManager.default.fileExists(atPath: ended))
        #expect(FileManager.default.fileExists(atPath: live + "/inside"))
    }
}
