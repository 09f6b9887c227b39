import Foundation
import LiveStandings
import SalvoTestSupport
import Testing

/// The live server over real HTTP on loopback, fed by a real tournament run in this process.
@Suite("Live standings over HTTP", .serialized, .timeLimit(.minutes(6)))
struct LiveServerTests {
    /// The JSON of an event's data.
    static func json(_ event: ServerSentEvent) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any])
    }

    static func done(_ event: ServerSentEvent) -> Int {
        ((try? JSONSerialization.jsonObject(with: Data(event.data.utf8))) as? [String: Any])?["done"] as? Int ?? -1
    }

    @Test("the stream opens with the board of the moment, then pushes a snapshot as each game finishes")
    func streamPushesFinishedGames() async throws {
        try await withRunning(LiveRun.start(delay: .seconds(3))) { live in
            let (events, reply) = try await LoopbackHTTP.events(port: live.port, timeout: 240) { events in
                events.contains { Self.done($0) >= 2 }
            }
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"] == "text/event-stream; charset=utf-8")
            #expect(reply.headers["cache-control"] == "no-store")
            let first = try #require(events.first)
            #expect(first.event == "snapshot")
            #expect(Self.done(first) == 0)
            let ids = events.compactMap { $0.id.flatMap(Int.init) }
            #expect(ids.count == events.count && ids == ids.sorted() && Set(ids).count == ids.count, "ids rise: \(ids)")
            let last = try Self.json(try #require(events.last))
            #expect(last["tournament"] as? String == "live-test")
            #expect(last["total"] as? Int == 6)
            let standings = try #require(last["standings"] as? [[String: Any]])
            #expect(Set(standings.compactMap { $0["bot"] as? String }) == ["random", "parity", "hunt-target"])
            #expect(standings.map { $0["rank"] as? Int } == [1, 2, 3])
            let games = standings.reduce(0) { $0 + ($1["games"] as? Int ?? 0) }
            #expect(games == 2 * (last["done"] as? Int ?? -1), "each game counts for both bots")
            let recent = try #require(last["recent"] as? [[String: Any]])
            #expect(recent.count == last["done"] as? Int)
            #expect(recent.allSatisfy { ($0["replay"] as? String)?.hasPrefix("replays/") == true })
        }
    }

    @Test("a browser that reconnects with Last-Event-ID catches up with one snapshot, and gets none it already has")
    func reconnectCatchesUp() async throws {
        try await withRunning(LiveRun.start()) { live in
            let (before, _) = try await LoopbackHTTP.events(port: live.port, timeout: 240) { $0.contains { Self.done($0) >= 1 } }
            let seen = try #require(before.last)
            let seenID = try #require(seen.id.flatMap(Int.init))
            // Away while more games finish.
            let awaited = min(Self.done(seen) + 2, 6)
            while live.hub.board.done < awaited { try await Task.sleep(for: .milliseconds(100)) }
            let (after, _) = try await LoopbackHTTP.events(port: live.port, lastEventID: String(seenID)) { !$0.isEmpty }
            let caughtUp = try #require(after.first)
            #expect(try #require(caughtUp.id.flatMap(Int.init)) > seenID)
            #expect(Self.done(caughtUp) >= awaited)
            // Once the run is over, the board no longer changes: a browser up to date gets nothing.
            _ = try await live.run.value
            let final = live.hub.snapshot()
            let quiet = try? await LoopbackHTTP.events(port: live.port, lastEventID: String(final.version), timeout: 1.5) { _ in false }
            #expect(quiet == nil, "the stream has nothing new to say, so it times out")
            let (fresh, _) = try await LoopbackHTTP.events(port: live.port) { !$0.isEmpty }
            #expect(fresh.first?.id == String(final.version))
            #expect(try Self.json(try #require(fresh.first))["phase"] as? String == "finished")
        }
    }

    @Test("every method but GET and HEAD is refused with 405, on every path, and changes nothing")
    func readOnly() async throws {
        try await withRunning(LiveRun.start(gamesPerPairing: 1)) { live in
            _ = try await live.run.value
            let before = live.hub.snapshot().version
            for method in ["POST", "PUT", "DELETE", "PATCH"] {
                for path in ["/", "/events", "/standings.json", "/replays/0000.html", "/api/games"] {
                    let reply = try await LoopbackHTTP.request(port: live.port, method: method, path: path, body: "{}")
                    #expect(reply.status == 405, "\(method) \(path)")
                    #expect(reply.headers["allow"] == "GET, HEAD")
                }
            }
            #expect(live.hub.snapshot().version == before)
            #expect(try await LoopbackHTTP.request(port: live.port, path: "/").status == 200)
            #expect(try await LoopbackHTTP.request(port: live.port, path: "/nothing").status == 404)
            #expect(try await LoopbackHTTP.request(port: live.port, path: "/replays/9999.html").status == 404)
            // Every refusal is a problem, {"error": sentence}, as the arena's.
            let refusals = [
                (
                    try await LoopbackHTTP.request(port: live.port, method: "POST", path: "/", body: "{}"),
                    "the live standings are read-only: POST is not allowed, only GET"
                ),
                (try await LoopbackHTTP.request(port: live.port, path: "/nothing"), "no such page: /nothing; the live standings are at /"),
                (
                    try await LoopbackHTTP.request(port: live.port, path: "/replays/x.html"),
                    "no such page: replays are replays/NNNN.html, NNNN a game's number"
                ),
            ]
            for (reply, sentence) in refusals {
                #expect(reply.headers["content-type"] == "application/json; charset=utf-8")
                #expect(try JSONDecoder().decode([String: String].self, from: reply.body) == ["error": sentence])
            }
        }
    }

    @Test("no game id or player id of the journal is in any byte served: page, data, events, replays")
    func noIDsServed() async throws {
        try await withRunning(LiveRun.start()) { live in
            let (events, stream) = try await LoopbackHTTP.events(port: live.port, timeout: 240) { $0.contains { Self.done($0) >= 6 } }
            _ = try await live.run.value
            var served = [stream.raw]
            served.append(try await LoopbackHTTP.request(port: live.port, path: "/").raw)
            let data = try await LoopbackHTTP.request(port: live.port, path: "/standings.json")
            served.append(data.raw)
            let board = try #require(try JSONSerialization.jsonObject(with: data.body) as? [String: Any])
            let replays = (board["recent"] as? [[String: Any]] ?? []).compactMap { $0["replay"] as? String }
            #expect(replays.count == 6)
            for replay in replays {
                let page = try await LoopbackHTTP.request(port: live.port, path: "/" + replay)
                #expect(page.status == 200)
                #expect(page.text.contains("id=\"replay\""))
                served.append(page.raw)
            }
            #expect(events.count >= 2)
            let ids = try live.journalIDs()
            #expect(ids.count == 6 * 3, "a game id and two player ids per game: \(ids.count)")
            for bytes in served {
                let text = String(decoding: bytes, as: UTF8.self)
                for id in ids { #expect(!text.contains(id), "id \(id) served") }
            }
        }
    }
}
