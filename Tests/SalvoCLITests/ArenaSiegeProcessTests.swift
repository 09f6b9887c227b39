import Foundation
import SalvoTestSupport
import Testing

/// A real `salvo arena serve` against one student's token sending what the source allows
/// (issue 51): its memory is measured from outside, the way the kernel counts it.
@Suite("The arena process under siege", .serialized, .timeLimit(.minutes(5)))
struct ArenaSiegeProcessTests {
    /// The process's resident memory now and at its peak, in MiB (`/proc/PID/status`).
    static func memory(of pid: Int32) -> (now: Int, peak: Int) {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1_024
        }
        return (field("VmRSS"), field("VmHWM"))
    }

    /// A connection that sends an upload's head (19 MiB declared) and what of `body` the
    /// server takes within a moment, then stalls: the connection.
    static func stall(port: Int, token: String, body: Data) throws -> Int32 {
        let fd = try LoopbackSocket.connect(port: port)
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let head = "POST /api/submissions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nContent-Length: \(19 << 20)\r\n\r\n"
        try LoopbackSocket.send(fd, Data(head.utf8) + body, stopAtClose: true)
        return fd
    }

    @Test(
        "120 stalled 19 MiB uploads from one token: the arena stays under 200 MiB, 112 are refused before their bodies, a classmate is served and uploads meanwhile, and once they are cut nothing of them is kept or counted"
    )
    func stalledUploads() async throws {
        let folder = NSTemporaryDirectory() + "salvo-arena-siege-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arena = folder + "/cs101"
        let tokens = try await ArenaProcess.make(
            at: arena, roster: "alice\nbob\n",
            settings: "name: cs101\nbots: [random]\ngames_per_pairing: 1\ncheck_games: 1\nsubmissions_per_day: 10\nrequests_per_second: 0\n"
        )
        let alice = try #require(tokens["alice"])
        let bob = try #require(tokens["bob"])
        let (server, url) = try await ArenaProcess.serve(arena)
        defer { server.terminate() }
        let port = try #require(Int(url.split(separator: ":").last?.filter(\.isNumber) ?? ""))
        let before = Self.memory(of: server.pid)
        let body = Data(repeating: 0x55, count: 1 << 20)
        let open = try await LoopbackSocket.onThread { try (0..<120).map { _ in try Self.stall(port: port, token: alice, body: body) } }
        defer { open.forEach { close($0) } }
        // Every refusal is said before the body: a 429 with Retry-After. The connections are
        // looked at in rounds until the 112 refusals are read (a loaded machine may take a while
        // to answer them all); the 8 admitted ones never answer.
        let replies = try await LoopbackSocket.onThread { () -> [Int] in
            var statuses = [Int](repeating: 0, count: open.count)
            var received = [Data](repeating: Data(), count: open.count)
            let end = Date().addingTimeInterval(30)
            while Date() < end, statuses.filter({ $0 != 0 }).count < open.count - 8 {
                for (index, fd) in open.enumerated() where statuses[index] == 0 {
                    let head =
                        (try? LoopbackSocket.read(fd, into: &received[index], deadline: Date().addingTimeInterval(0.05)) {
                            $0.range(of: Data("\r\n\r\n".utf8)) != nil
                        }) ?? false
                    if head { statuses[index] = (try? LoopbackSocket.parse(received[index]))?.status ?? -1 }
                }
            }
            return statuses
        }
        let during = Self.memory(of: server.pid)
        #expect(during.peak < 200, "the arena's peak resident memory: \(during.peak) MiB (it was \(before.now) MiB before)")
        // A classmate meanwhile: the standings within a second (the best of three tries, so a
        // loaded test machine's pause is not counted), an upload of their own taken.
        var fastest = Duration.seconds(60)
        for _ in 0..<3 {
            let started = ContinuousClock.now
            let reply = try await LoopbackSocket.onThread { try LoopbackSocket.forward("GET", "/api/standings", body: Data(), to: port) }
            #expect(reply.status == 200)
            fastest = min(fastest, ContinuousClock.now - started)
        }
        #expect(fastest < .seconds(1), "\(fastest)")
        let taken = try await SalvoExecutable.run(["submit", ClassFolder.examples + "/python-random", "--arena", url, "--token=" + bob, "--no-wait"])
        #expect(taken.status == 0, "\(taken.out)\(taken.err)")
        // Cut off: nothing of them is kept, nothing counted; alice's next whole upload is taken.
        open.forEach { shutdown($0, Int32(SHUT_RDWR)) }
        var status = ""
        for _ in 0..<100 {
            status = try await SalvoExecutable.run(["arena", "status", arena]).out
            let partial = ((try? FileManager.default.contentsOfDirectory(atPath: arena + "/uploads")) ?? []).filter { $0.hasSuffix(".partial") }
            if !status.contains("receiving"), partial.isEmpty { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(!status.contains("receiving"), "\(status)")
        let again = try await SalvoExecutable.run([
            "submit", ClassFolder.examples + "/python-random", "--arena", url, "--token=" + alice, "--no-wait",
        ])
        #expect(again.status == 0, "\(again.out)\(again.err)")
        #expect(Self.memory(of: server.pid).peak < 200)
    }
}
