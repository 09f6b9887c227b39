import Foundation
import Hummingbird
import Reports

/// The live server's four routes, all GET:
/// - `/`: the page (``LivePage``);
/// - `/standings.json`: the board of the moment;
/// - `/events`: the board as Server-Sent Events (``LiveEventStream``);
/// - `/replays/NNNN.html`: the replay of one of the last ``LiveHub/replayLimit`` finished
///   games, drawn from memory with the server's game id left out (the report writes every
///   replay when the run ends).
struct LiveRoutes: Sendable {
    let hub: LiveHub

    func add(to router: Router<some RequestContext>) {
        router.get("/") { _, _ in
            LiveResponses.html(LivePage.render(hub.snapshot(), tournament: hub.board.tournament))
        }
        router.get("/standings.json") { _, _ in
            LiveResponses.bytes(hub.snapshot().json, contentType: "application/json")
        }
        router.get("/events") { request, _ in
            LiveEventStream(hub: hub).response(lastEventID: request.headers.first { $0.name.canonicalName == "last-event-id" }?.value)
        }
        router.get("/replays/:file") { _, context in
            replay(file: context.parameters.get("file") ?? "")
        }
    }

    /// The replay page of `NNNN.html`, or a 404 page saying why there is none.
    func replay(file: String) -> Response {
        guard file.hasSuffix(".html"), let index = Int(file.dropLast(5)), index >= 0 else {
            return LiveResponses.text("No such page: replays are replays/NNNN.html, NNNN a game's number.\n", status: .notFound)
        }
        guard let record = hub.finishedRecord(index: index) else {
            return LiveResponses.text(
                "Game \(index) is not among the last \(LiveHub.replayLimit) finished games: its replay is in the report written when the run ends.\n",
                status: .notFound
            )
        }
        var replay = ReplayBuilder.replay(of: record, tournament: hub.board.tournament)
        replay.gameId = ""
        replay.server = ""
        replay.outcome.reason = replay.outcome.reason.map(IDScrubber(record).scrub)
        return LiveResponses.bytes(ReplayPage.bytes(replay, indexLink: "../"), contentType: "text/html; charset=utf-8")
    }
}
