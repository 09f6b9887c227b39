import Foundation
import HTMLText
import Orchestrator
import Reports

/// A student's own page in the arena (`GET /student/KEY`, KEY their private link's token, the
/// same as their season private page's): from their first upload, passed or not, every upload
/// with its state, its check's lines (steps, the end of the bot's stderr, hints) and reason; the
/// name the public pages show them under and their current version's rank and interval; a link
/// to their games, forfeits and rematch files (the season's private page) once they played.
/// Served live from the store, so it is never staler than the upload it shows. Written as
/// ``HTMLText/Markup``: every string a student or their bot wrote is escaped.
///
/// DOM contract: `#who` (login and roster name), `#public-name` (the name on public pages, or
/// `data-none`), `#standing` (`data-rank`, empty when unranked), `#games` (a link, absent before
/// any game), `#uploads` with one `article.upload[data-id][data-state]` per upload, newest
/// first, each with `.state`, `.reason` and `pre.lines`.
enum ArenaStudentPage {
    struct Content {
        var tournament: String
        var login: String
        var name: String
        var publicName: String?
        var standing: ResultsDocument.Standing?
        var ranked: Int
        var gamesPage: String?
        var uploads: [ArenaSubmission]
        var quota: ArenaQuota
        var counted: Int
    }

    /// Throws when an upload's check lines cannot be read from the store.
    static func render(_ content: Content) throws -> String {
        let formatter = ISO8601DateFormatter()
        let uploads = try content.uploads.map { upload -> Markup in
            let lines = try upload.checkLines().map(\.text).joined(separator: "\n")
            let reason: Markup = upload.reason.map { "<p class=\"reason\">\($0)</p>" } ?? ""
            let archive: Markup = upload.archivePruned ? " <span class=\"meta\">(its archive removed to keep your disk budget)</span>" : ""
            return """
                <article class="upload" data-id="\(upload.id ?? 0)" data-state="\(upload.state.rawValue)">
                <h3>Upload \(upload.id ?? 0), received \(formatter.string(from: upload.receivedAt)): <span class="state">\(upload.state.rawValue)</span>\(upload.version.map { ", version \($0)" } ?? "")\(archive)</h3>
                \(reason)<pre class="lines">\(lines)</pre>
                </article>
                """
        }.joined(separator: "\n")
        let publicName: Markup =
            content.publicName.map { "<p id=\"public-name\">On the public pages and the leaderboard your bot is <strong>\($0)</strong>.</p>" }
            ?? "<p id=\"public-name\" data-none>Your bot is on no public page yet: it appears there, under a name this page will give, once a version of yours is entered.</p>"
        let standing: Markup
        if let row = content.standing {
            let rating: String =
                row.rating.map { String(format: "Elo %.0f (95%% interval %.0f to %.0f)", $0.value, $0.lower, $0.upper) } ?? "no rating yet"
            standing =
                "<p id=\"standing\" data-rank=\"\(row.rank)\">Rank \(row.rank) of \(content.ranked): \(rating), \(row.games) games, \(row.wins) won.</p>"
        } else {
            standing = "<p id=\"standing\" data-rank=\"\">Not ranked: no version of yours has played yet.</p>"
        }
        let games: Markup =
            content.gamesPage.map {
                "<p><a id=\"games\" href=\"../\($0)\">Your games: each forfeit with your bot's stderr, your build log, rematch files</a></p>"
            } ?? ""
        let left = max(0, content.quota.perDay - content.counted)
        let page: Markup = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
            <title>\(content.tournament): your uploads</title>
            <style>\(PageStyle.css)
            article.upload { border-top: 1px solid #ccc; margin-top: 1em; } pre.lines { white-space: pre-wrap; }</style>
            </head><body><main>
            <h1>Your uploads to \(content.tournament)</h1>
            <p id="who" class="meta">\(content.name) (login <code>\(content.login)</code>). Keep this page's address to yourself.</p>
            \(publicName)
            \(standing)
            \(games)
            <p id="quota" class="meta">\(left) of \(content.quota.perDay) uploads left in the last 24 hours; a refused upload gives its place back.</p>
            <section id="uploads"><h2>Every upload</h2>
            \(content.uploads.isEmpty ? "<p>None yet.</p>" : uploads)
            </section>
            <p><a href="../">The leaderboard</a> · <a href="../upload">Upload a new version</a></p>
            </main></body></html>

            """
        return page.text
    }
}
