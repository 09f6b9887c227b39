import Foundation
import SalvoTestSupport
import Testing

@testable import Tournament

/// One owner per output folder: real `salvo` processes, a real `flock` holder, SIGKILL.
@Suite("One owner per output folder", .serialized, .timeLimit(.minutes(3)))
struct FolderLockTests {
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-lock-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Waits until the lock file names `pid` (its holder has the lock), or `process` ended.
    static func waitForLock(in folder: String, pid: Int32, while process: TestProcess) async throws {
        let path = folder + "/" + FolderLock.fileName
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning, ContinuousClock.now < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text == "\(pid)\n" { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the lock file never named pid \(pid)")
    }

    /// Every file under `folder` with its size and content, to compare before and after.
    static func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder))
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isDirectory)
            files[relative] = isDirectory.boolValue ? Data("folder".utf8) : FileManager.default.contents(atPath: folder + "/" + relative)
        }
        return files
    }

    @Test("a second claim in the same process is refused with the holder's pid, and a released folder can be claimed again")
    func claimInProcess() throws {
        let folder = try Self.temporaryDirectory() + "/out"
        let first = try FolderLock.acquire(folder)
        #expect(throws: FolderLock.Failure.inUse(folder: folder, pid: getpid())) { try FolderLock.acquire(folder) }
        first.release()
        let again = try FolderLock.acquire(folder)
        again.release()
        #expect(throws: FolderLock.Failure.self) { try FolderLock.acquire(folder + "/missing", createFolder: false) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing"))
    }

    @Test("while a run owns its folder a second run refuses with the folder and the pid; after SIGKILL the next run completes the tournament")
    func secondRunRefusedAndStaleLockIgnored() async throws {
        let directory = try Self.temporaryDirectory()
        let file = directory + "/t.yaml"
        // Slow on purpose: pure polling at 100 ms makes each game last seconds.
        try "name: locked\ngames_per_pairing: 2\nconcurrency: 1\nseed: 5\nbots: [random, parity]\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let output = directory + "/out"
        let first = try TestProcess(salvo: ["run", file, "--output", output, "--pure-polling", "--poll-interval", "100"])
        try await Self.waitForLock(in: output, pid: first.pid, while: first)
        // Stopped, it keeps the lock but cannot finish its games: on a loaded machine the
        // second run may take seconds to start, and must still meet a running owner.
        try #require(first.isRunning, "the first run ended before it could be stopped")
        first.send(SIGSTOP)

        let second = try await SalvoExecutable.run(["run", file, "--output", output])
        #expect(second.status == 1)
        let lines = second.err.split(separator: "\n")
        #expect(lines.count == 1, "\(second.err)")
        #expect(second.err.contains("The folder \(output) is in use by another salvo process (pid \(first.pid))"), "\(second.err)")
        #expect(!second.out.contains("Tournament locked"), "the refused run must not start playing")
        let report = try await SalvoExecutable.run(["report", output])
        #expect(report.status == 1 && report.err.contains("pid \(first.pid)"), "\(report.err)")

        // SIGKILL (which also ends a stopped process) leaves the lock file behind, but not the lock.
        first.send(SIGKILL)
        _ = try await first.finish()
        #expect(FileManager.default.fileExists(atPath: output + "/" + FolderLock.fileName))
        let third = try await SalvoExecutable.run(["run", file, "--output", output])
        #expect(third.status == 0, "\(third.err)")
        let rated = try Journal.read(path: output + "/journal.jsonl").compactMap { entry -> GameRecord? in
            if case .finished(let record) = entry, record.termination != .noResult { record } else { nil }
        }
        #expect(rated.map(\.index).sorted() == [0, 1])
    }

    @Test("a run and a report refused by a folder's owner leave every file of it exactly as it was")
    func refusalTouchesNothing() async throws {
        let directory = try Self.temporaryDirectory()
        let file = directory + "/t.yaml"
        try "name: untouched\ngames_per_pairing: 2\nseed: 7\nbots: [random, parity]\n".write(toFile: file, atomically: true, encoding: .utf8)
        let output = directory + "/out"
        let done = try await SalvoExecutable.run(["run", file, "--output", output])
        #expect(done.status == 0, "\(done.err)")
        // Another owner: util-linux flock(1), its pid written in the lock file first, as salvo does.
        let lockPath = output + "/" + FolderLock.fileName
        let holder = try TestProcess("/bin/sh", ["-c", "echo $$ > \"$0\"; exec flock \"$0\" sleep 3600", lockPath])
        // flock(1) starts its command (a child) once it has the lock.
        let children = "/proc/\(holder.pid)/task/\(holder.pid)/children"
        defer {
            // The sleep first (an orphan would hold the lock for its hour), then flock.
            let sleeper = ((try? String(contentsOfFile: children, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace).compactMap {
                Int32($0)
            }
            sleeper.forEach { kill($0, SIGKILL) }
            holder.send(SIGKILL)
        }
        try await Self.waitForLock(in: output, pid: holder.pid, while: holder)
        while holder.isRunning, ((try? String(contentsOfFile: children, encoding: .utf8)) ?? "").isEmpty {
            try await Task.sleep(for: .milliseconds(10))
        }
        let before = try Self.snapshot(output)
        for arguments in [["run", file, "--output", output], ["run", file, "--output", output, "--games", "4"], ["report", output]] {
            let refused = try await SalvoExecutable.run(arguments)
            #expect(refused.status == 1, "\(arguments)")
            #expect(refused.err.contains("is in use by another salvo process (pid \(holder.pid))"), "\(arguments): \(refused.err)")
        }
        #expect(try Self.snapshot(output) == before)
    }
}
