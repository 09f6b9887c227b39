import ArchiveIntake
import CurlHTTP
import Foundation
import HTTPGuards
import NIOCore
import Orchestrator
import SalvoTestSupport
import Sandbox
import Synchronization
import Testing

@testable import Arena

/// The arena against one student who holds a token and has read the source (issue 51), over
/// real HTTP on loopback with real uploads, a real store and, for the disk, a real small tmpfs:
/// whatever one token sends costs only that student's share.
@Suite("The arena under siege", .serialized)
struct ArenaSiegeTests {
    typealias Service = ArenaServiceTests

    /// An upload's head, and `bytes` of its body, sent on a connection of its own that is left
    /// open: the connection.
    static func openUpload(port: Int, token: String, length: Int, body: Data, chunked: Bool = false) throws -> Int32 {
        let fd = try LoopbackSocket.connect(port: port)
        var head = "POST /api/submissions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
        head += chunked ? "Transfer-Encoding: chunked\r\n\r\n" : "Content-Length: \(length)\r\n\r\n"
        var bytes = Data(head.utf8)
        if chunked {
            bytes += Data((String(body.count, radix: 16) + "\r\n").utf8) + body + Data("\r\n".utf8)
        } else {
            bytes += body
        }
        try LoopbackSocket.send(fd, bytes, stopAtClose: true)
        return fd
    }

    /// The rows of `login`'s uploads and the files of `uploads/`.
    static func kept(_ folder: ArenaFolder, _ login: String) throws -> (rows: [ArenaSubmission], files: [String]) {
        (try folder.store.submissions(of: login), ((try? FileManager.default.contentsOfDirectory(atPath: folder.uploadsFolder)) ?? []).sorted())
    }

    /// Waits (at most `seconds`, generous for a loaded machine) until `done` holds.
    static func eventually(seconds: Int = 60, _ done: () throws -> Bool) async throws -> Bool {
        for _ in 0..<seconds * 10 {
            if try done() { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return try done()
    }

    @Test("30 uploads at once against a quota of 3: exactly three 202s and three rows, the rest 429 before their bodies")
    func quotaRace() async throws {
        let (folder, tokens) = try Service.arena("submissions_per_day: 3\nrequests_per_second: 0\nschedule: nightly\nnight_at: \"23:59\"")
        let alice = try #require(tokens["alice"])
        let archive = try Array(Data(contentsOf: URL(fileURLWithPath: Service.botArchive())))
        try await Service.serving(folder) { _, client in
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<30 { group.addTask { Int(try await client.upload(bytes: archive, token: alice).status) } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 202 }.count == 3, "\(statuses.sorted())")
            #expect(statuses.filter { $0 == 429 }.count == 27, "\(statuses.sorted())")
            let (rows, files) = try Self.kept(folder, "alice")
            #expect(rows.count == 3 && files.count == 3, "\(rows.map(\.state)) \(files)")
            #expect(rows.allSatisfy { $0.state != .receiving && $0.archiveBytes == archive.count })
        }
    }

    @Test(
        "an upload cut off (the client closes mid-body, plain or chunked) or stalled past the request deadline leaves no file, no row and its quota place given back"
    )
    func cutUploads() async throws {
        let (folder, tokens) = try Service.arena("submissions_per_day: 1\nrequests_per_second: 0\nschedule: nightly\nnight_at: \"23:59\"")
        let alice = try #require(tokens["alice"])
        try await Service.serving(
            folder, adjust: { $0.requestDeadline = RequestDeadline(base: .seconds(1), bytesPerSecond: 1 << 20, maximum: .seconds(2)) }
        ) { running, client in
            // Closed by the client mid-body: a declared length, then a chunked body without its end.
            for chunked in [false, true] {
                let fd = try Self.openUpload(
                    port: running.port, token: alice, length: 100_000, body: Data(repeating: 7, count: 10_000), chunked: chunked)
                #expect(try await Self.eventually { try Self.kept(folder, "alice").rows.count == 1 }, "the upload never began")
                close(fd)
                #expect(
                    try await Self.eventually { try Self.kept(folder, "alice") == ([], []) },
                    "chunked \(chunked): \(String(describing: try? Self.kept(folder, "alice")))")
            }
            // Stalled: the request deadline closes it, and the same is cleaned.
            let stalled = try Self.openUpload(port: running.port, token: alice, length: 100_000, body: Data(repeating: 7, count: 10_000))
            defer { close(stalled) }
            #expect(try await Self.eventually { try Self.kept(folder, "alice").rows.count == 1 })
            #expect(
                try await Self.eventually { try Self.kept(folder, "alice") == ([], []) }, "\(String(describing: try? Self.kept(folder, "alice")))")
            // The server closed the connection (nothing more to read, or a reset).
            var received = Data()
            #expect(try LoopbackSocket.read(stalled, into: &received, deadline: Date().addingTimeInterval(10)) { _ in true })
            // The one place of the day was given back each time: a whole upload is taken.
            let taken = try await client.upload(Service.botArchive(), token: alice)
            #expect(taken.status == 202, "\(Service.error(taken))")
        }
    }

    @Test("the deadline is the last byte: an upload whose head came before the deadline and whose body ended after it is late, dated by its end")
    func deadlineAtLastByte() async throws {
        let (folder, tokens) = try Service.arena("deadline: 2030-01-01T00:00:00Z\nrequests_per_second: 0\nschedule: nightly\nnight_at: \"23:59\"")
        let alice = try #require(tokens["alice"])
        let deadline = Date(timeIntervalSince1970: 1_893_456_000)
        let now = Mutex(deadline.addingTimeInterval(-60))
        let archive = try Data(contentsOf: URL(fileURLWithPath: Service.botArchive()))
        try await Service.serving(folder, clock: { now.withLock { $0 } }) { running, _ in
            let fd = try Self.openUpload(port: running.port, token: alice, length: archive.count, body: archive.prefix(100))
            defer { close(fd) }
            #expect(try await Self.eventually { try Self.kept(folder, "alice").rows.first?.state == .receiving })
            // The rest of the body comes five minutes after the deadline.
            now.withLock { $0 = deadline.addingTimeInterval(300) }
            try LoopbackSocket.send(fd, archive.dropFirst(100))
            var received = Data()
            try LoopbackSocket.read(fd, into: &received, deadline: Date().addingTimeInterval(20)) {
                (try? LoopbackSocket.parse($0))?.body.count ?? 0 > 0
            }
            let reply = try LoopbackSocket.parse(received)
            #expect(reply.status == 202, "\(reply.text)")
            let row = try #require(try Self.kept(folder, "alice").rows.first)
            #expect(row.state == .late && row.receivedAt == deadline.addingTimeInterval(300), "\(row)")
        }
    }

    @Test("uploads per token: two are read at once, the rest wait unread, past eight 429 before the body; another student is served meanwhile")
    func inFlightPerToken() async throws {
        let (folder, tokens) = try Service.arena("submissions_per_day: 100\nrequests_per_second: 0\nschedule: nightly\nnight_at: \"23:59\"")
        let alice = try #require(tokens["alice"])
        let bob = try #require(tokens["bob"])
        try await Service.serving(folder) { running, client in
            var open: [Int32] = []
            defer { open.forEach { close($0) } }
            for _ in 0..<12 {
                open.append(try Self.openUpload(port: running.port, token: alice, length: 1 << 20, body: Data(repeating: 1, count: 1_000)))
            }
            // The four past the eighth are refused at once, before their bodies, and closed.
            var refused = 0
            for fd in open {
                var received = Data()
                if try LoopbackSocket.read(
                    fd, into: &received, deadline: Date().addingTimeInterval(0.5), done: { $0.range(of: Data("\r\n\r\n".utf8)) != nil }),
                    let reply = try? LoopbackSocket.parse(received)
                {
                    #expect(
                        reply.status == 429 && reply.headers["retry-after"] == "10" && reply.headers["connection"] == "close",
                        "\(reply.status) \(reply.text)")
                    #expect(reply.text.contains("8 uploads in the arena already"))
                    refused += 1
                }
            }
            #expect(refused == 4)
            #expect(try await Self.eventually { try Self.kept(folder, "alice").rows.count == 8 })
            // Two are read (their partial files exist); six wait, unread.
            #expect(
                try await Self.eventually { try Self.kept(folder, "alice").files.filter { $0.hasSuffix(".partial") }.count == 2 },
                "\(String(describing: try? Self.kept(folder, "alice").files))")
            let taken = try await client.upload(Service.botArchive(), token: bob)
            #expect(taken.status == 202, "\(Service.error(taken))")
            #expect(try await client.get("/api/standings").status == 200)
        }
    }

    /// The example Python bot made slow but legal: 2.5 s of sleep before each shot, under the
    /// 3 s wall guard of a move and using no CPU; the archive's path.
    static func slowBotArchive() throws -> String {
        let work = NSTemporaryDirectory() + "salvo-arena-slow-\(UUID().uuidString.prefix(8))"
        try FileManager.default.copyItem(atPath: ClassFolder.examples + "/python-random", toPath: work + "/bot")
        let source = try String(contentsOfFile: work + "/bot/bot.py", encoding: .utf8)
        let slowed = source.replacingOccurrences(
            of: "        elif command == \"your-turn\":\n",
            with: "        elif command == \"your-turn\":\n            __import__(\"time\").sleep(2.5)\n")
        guard slowed != source else { throw LoopbackSocket.Failure(description: "the example bot changed: no your-turn branch to slow") }
        try slowed.write(toFile: work + "/bot/bot.py", atomically: true, encoding: .utf8)
        try ArchivePacker.pack(folder: work + "/bot", to: work + "/bot.tar.gz")
        return work + "/bot.tar.gz"
    }

    @Test(
        "a slow but legal bot (2.5 s a shot) is refused on its game clock, and a classmate's version that passed beside it is entered without waiting for its check"
    )
    func slowBot() async throws {
        // A 30 s bank: the slow check lasts that long, so the classmate's check and batch have
        // half a minute to end first however loaded the machine.
        let (folder, tokens) = try Service.arena("requests_per_second: 0\ntime_control: 30+0.1")
        let alice = try #require(tokens["alice"])
        let bob = try #require(tokens["bob"])
        try await Service.serving(folder) { _, client in
            let slow = try Service.status(try await client.upload(Self.slowBotArchive(), token: bob))
            let honest = try Service.status(try await client.upload(Service.botArchive(), token: alice))
            let refused = try await client.follow(slow.id, token: bob)
            #expect(refused.state == .refused && (refused.reason ?? "").contains("ran out of its game clock (30+0.1)"), "\(refused)")
            let entered = try await client.follow(honest.id, token: alice)
            #expect(entered.state == .entered, "\(entered)")
            // Entered before the slow check ended: the batch did not wait for it.
            let rows = try folder.store.submissions(of: "alice") + folder.store.submissions(of: "bob")
            let aliceEntered = try #require(rows.first { $0.login == "alice" }?.updatedAt)
            let bobChecked = try #require(rows.first { $0.login == "bob" }?.checkedAt)
            #expect(aliceEntered < bobChecked, "alice entered at \(aliceEntered), bob's check ended at \(bobChecked)")
        }
    }

    @Test("a busy arena (uploads_at_once taken) answers 503 with Retry-After before the body, and the students' client waits it out and is taken")
    func busyArena() async throws {
        let (folder, tokens) = try Service.arena("uploads_at_once: 1\nrequests_per_second: 0\nschedule: nightly\nnight_at: \"23:59\"")
        let alice = try #require(tokens["alice"])
        let bob = try #require(tokens["bob"])
        let archive = try Array(Data(contentsOf: URL(fileURLWithPath: Service.botArchive())))
        try await Service.serving(folder) { running, _ in
            // Bob's upload holds the arena's one place, its body stalled.
            let stalled = try Self.openUpload(port: running.port, token: bob, length: 1 << 20, body: Data(count: 1_000))
            #expect(try await Self.eventually { try Self.kept(folder, "bob").rows.count == 1 })
            try await CurlHTTPClient.withClient { http in
                let client = ArenaClient(base: "http://127.0.0.1:\(running.port)/", token: alice, http: http)
                let waits = Mutex<[Int]>([])
                async let taken = client.upload(archive) { seconds in waits.withLock { $0.append(seconds) } }
                #expect(try await Self.eventually { !waits.withLock { $0 }.isEmpty })
                close(stalled)
                let status = try await taken
                #expect(status.state == .queued)
                #expect(waits.withLock { $0 }.first == 5)
                #expect(try Self.kept(folder, "alice").rows.count == 1 && Self.kept(folder, "bob").rows.isEmpty)
            }
        }
    }

    @Test(
        "a disk too full is the host's: uploads are refused before their bodies (507, no quota charged, no host path), queued checks wait instead of failing, and go on once space returns",
        .enabled(if: geteuid() == 0))
    func hostDisk() async throws {
        let base = NSTemporaryDirectory() + "salvo-siege-disk-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        guard mount("tmpfs", base, "tmpfs", 0, "size=\(160 << 20),mode=0755") == 0 else {
            throw LoopbackSocket.Failure(description: "cannot mount a tmpfs: errno \(errno)")
        }
        defer {
            umount2(base, Int32(MNT_DETACH))
            rmdir(base)
        }
        let path = base + "/cs101"
        let folder = try ArenaFolder.create(at: path, roster: ArenaRoster.read("alice\nbob\n"))
        try
            "name: cs101\nbots: [random]\ngames_per_pairing: 1\ncheck_games: 1\nupload_mb: 1\ndisk_reserve_mb: 40\nrequests_per_second: 0\nschedule: nightly\nnight_at: \"23:59\"\nbots_from: {build_disk_mb: 16}\n"
            .write(toFile: path + "/arena.yaml", atomically: true, encoding: .utf8)
        let tokens = Dictionary(
            try String(contentsOfFile: path + "/tokens.tsv", encoding: .utf8).split(separator: "\n").map { line in
                let parts = line.split(separator: "\t")
                return (String(parts[0]), String(parts[1]))
            }, uniquingKeysWith: { _, last in last })
        let alice = try #require(tokens["alice"])
        let archive = try Service.botArchive()
        try await Service.serving(folder) { running, client in
            // An upload while there is room: queued, not yet checked (the worker is held below).
            // Then someone else's file fills the disk.
            let filler = base + "/filler"
            let free = try #require(ArenaDisk(arena: path, settings: ArenaSettings.read(arena: path)).available)
            // Written by a program of its own: a descriptor this test process held open while
            // it wrote could be inherited by a process another test starts meanwhile, and keep
            // the file's space taken after it is removed.
            #expect(try await TestProcess.run("/usr/bin/fallocate", ["-l", String(free - (30 << 20)), filler]).status == 0)
            let refused = try await client.upload(archive, token: alice)
            #expect(refused.status == 507, "\(refused.status) \(Service.error(refused))")
            #expect(Service.error(refused).contains("nothing was counted against your quota") && !Service.error(refused).contains(base))
            #expect(refused.headers.first { $0.name.lowercased() == "retry-after" } != nil)
            #expect(try Self.kept(folder, "alice").rows.isEmpty)
            // A queued upload is not checked, and not refused, while the disk is short.
            let bytes = try Data(contentsOf: URL(fileURLWithPath: archive))
            let name = try bytes.withUnsafeBytes { try folder.saveUpload($0) }
            let id = try #require(
                try folder.store.insert(ArenaSubmission(login: "alice", receivedAt: Date(), state: .queued, archive: name, archiveBytes: bytes.count))
                    .id)
            await running.worker.workOnce()
            #expect(try folder.store.submission(id, of: "alice")?.state == .queued)
            #expect(await running.worker.hostShortage?.contains("disk_reserve_mb") == true)
            // Space returns: the check goes on, and the upload is taken again.
            unlink(filler)
            await running.worker.workOnce()
            let state = try folder.store.submission(id, of: "alice")?.state
            #expect(state == .waiting || state == .entered, "\(String(describing: state))")
            #expect(await running.worker.hostShortage == nil)
            #expect(try await client.upload(archive, token: alice).status == 202)
        }
    }

    @Test("each student's older archives fit their budget: the newest three and the version playing stay, refused ones go first; the rows stay")
    func diskBudget() throws {
        func upload(_ id: Int64, _ state: ArenaSubmission.State, _ megabytes: Int) -> ArenaSubmission {
            var row = ArenaSubmission(
                login: "alice", receivedAt: Date(timeIntervalSince1970: Double(id)), state: state, archive: "\(id).upload",
                archiveBytes: megabytes << 20)
            row.id = id
            return row
        }
        let rows = [
            upload(1, .entered, 10), upload(2, .refused, 10), upload(3, .entered, 10), upload(4, .late, 10), upload(5, .refused, 10),
            upload(6, .queued, 10), upload(7, .refused, 10), upload(8, .refused, 10),
        ]
        // Past the newest three (8, 7, 6): 5, 4, 3 (playing), 2, 1; 40 MiB of them may go.
        #expect(ArenaDiskBudget(bytes: 20 << 20).pruned(rows).compactMap(\.id) == [2, 4])
        #expect(ArenaDiskBudget(bytes: 0).pruned(rows).compactMap(\.id) == [2, 4, 5, 1])
        #expect(ArenaDiskBudget(bytes: 100 << 20).pruned(rows).isEmpty)
        // A pruned archive counts no more.
        var pruned = rows
        pruned[1].archivePruned = true
        #expect(ArenaDiskBudget(bytes: 20 << 20).pruned(pruned).compactMap(\.id) == [4])
    }

    @Test(
        "the arena's folder is closed to other local users (750, the sandbox's group): another user can read nothing of it, a sandbox's user can pass through, and a student's upload is still checked and entered",
        .enabled(if: geteuid() == 0))
    func closedToOthers() async throws {
        let (folder, tokens) = try Service.arena("schedule: nightly\nnight_at: \"23:59\"")
        let alice = try #require(tokens["alice"])
        try await Service.serving(folder) { _, client in
            var status = stat()
            #expect(stat(folder.path, &status) == 0 && status.st_mode & 0o7777 == 0o750 && status.st_gid == SandboxLauncher.sandboxGroup)
            for file in [ArenaFolder.storeFile, ArenaFolder.tokensFile] {
                #expect(stat(folder.path + "/" + file, &status) == 0 && status.st_mode & 0o777 == 0o600, "\(file)")
            }
            let taken = try await client.upload(Service.botArchive(), token: alice)
            let id = try Service.status(taken).id
            #expect(
                try await Self.eventually(seconds: 180) {
                    try folder.store.submission(id, of: "alice")?.state.isFinal == true || folder.store.submission(id, of: "alice")?.state == .waiting
                })
            #expect(try folder.store.submission(id, of: "alice")?.state == .waiting, "the sandbox could not check the upload in the closed folder")
            // nobody, as any other local user: nothing of the arena, the student's code least of all.
            func read(_ file: String, groups: [String]) async throws -> Int32 {
                try await TestProcess.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534"] + groups + ["--", "/bin/cat", file]).status
            }
            for file in ["arena.yaml", "arena.sqlite", "submissions/alice/bot.yaml", "uploads"] {
                #expect(try await read(folder.path + "/" + file, groups: ["--clear-groups"]) != 0, "\(file)")
            }
            // The same user with the sandbox's group passes through to what is not the arena's own.
            #expect(try await read(folder.path + "/arena.yaml", groups: ["--groups=\(SandboxLauncher.sandboxGroup)"]) == 0)
            #expect(try await read(folder.path + "/arena.sqlite", groups: ["--groups=\(SandboxLauncher.sandboxGroup)"]) != 0)
        }
    }

    @Test("a kill's leftovers are removed at the next start: uploads that were arriving (rows and partial files) and a half-staged publication")
    func leftovers() async throws {
        let (folder, _) = try Service.arena()
        try FileManager.default.createDirectory(atPath: folder.uploadsFolder, withIntermediateDirectories: true)
        guard case .taken(let row) = try folder.store.reserveUpload(login: "alice", at: Date(), quota: ArenaQuota(perDay: 10)) else {
            throw LoopbackSocket.Failure(description: "no place")
        }
        #expect(FileManager.default.createFile(atPath: folder.partialUpload(row.archive), contents: Data(count: 1_000)))
        #expect(FileManager.default.createFile(atPath: folder.uploadsFolder + "/stray.upload.partial", contents: Data(count: 10)))
        // A publisher killed while staging (a PID no process has) and one still alive (this one's parent).
        let dead = folder.path + "/public.salvo-new-2147483646"
        let alive = folder.path + "/public.salvo-new-\(getppid())"
        for staged in [dead, alive] { try FileManager.default.createDirectory(atPath: staged + "/bots", withIntermediateDirectories: true) }
        try await Service.serving(folder) { _, _ throws in
            #expect(try Self.kept(folder, "alice") == ([], []))
            #expect(!FileManager.default.fileExists(atPath: dead))
            #expect(FileManager.default.fileExists(atPath: alive))
        }
    }
}
