import Foundation
import HTTPGuards
import Hummingbird
import Reports
import ServiceKit

/// The live server's four routes, all GET:
/// - `/`: the page (``LivePage``);
/// - `/standings.json`: the board of the moment;
/// - `/events`: the board as Server-Sent Events (``LiveEventStream``);
/// - `/replays/NNNN.html` (the group `replays`): the replay of one of the last
///   ``LiveHub/replayLimit`` finished games, drawn from memory with the server's game id left
///   out (the report writes every replay when the run ends).
struct LiveRoutes: Sendable {
    let hub: LiveHub

    func add(to router: Router<some RequestContext>) {
        router.get("/") { _, _ in
            ServiceReply.html(LivePage.render(hub.snapshot(), tournament: hub.board.tournament))
        }
        router.get("/standings.json") { _, _ in
            ServiceReply.bytes(hub.snapshot().json, contentType: "application/json")
        }
        router.get("/events") { request, _ in
            LiveEventStream(hub: hub).response(lastEventID: request.headers.first { $0.name.canonicalName == "last-event-id" }?.value)
        }
        router.group("replays").get(":file") { _, context in
            try replay(file: context.parameters.get("file") ?? "")
        }
    }

    /// The replay page of `NNNN.html`; a 404 saying why there is none.
    func replay(file: String) throws(Problem) -> Response {
        guard file.hasSuffix(".html"), let index = Int(file.dropLast(5)), index >= 0 else {
            throw Problem(.notFound, "no such page: replays are replays/NNNN.html, NNNN a game's number")
        }
        guard let record = hub.finishedRecord(index: index) else {
            throw Problem(
                .notFound,
                "game \(index) is not among the last \(LiveHub.replayLimit) finished games: its replay is in the report written when the run ends"
            )
        }
        var replay = ReplayBuilder.replay(of: record, tournament: hub.board.tournament)
        replay.gameId = ""
        replay.server = ""
        replay.outcome.reason = replay.outcome.reason.map(IDScrubber(record).scrub)
        return ServiceReply.bytes(ReplayPage.bytes(replay, indexLink: "../"), contentType: "text/html; charset=utf-8")
    }
}
