import Foundation
import HTMLText
import Tournament

/// A student's private page, `private/TOKEN/index.html` of a published run
/// (``PrivateFeedback``): whether their bot was entered and why not, their build log, and
/// every game their bot forfeited with the end of its stderr, each linked to its public
/// replay. Self-contained (inline CSS, no script); every outside text is escaped.
///
/// DOM contract: `<main id="private-page" data-folder="FOLDER">`; `<p id="entry"
/// class="entered|not-entered">`; `<pre class="build-log">` when there was a build;
/// one `<article class="forfeit" data-game="N">` per forfeit shown, its stderr in
/// `<pre class="stderr">`; `<section id="try-again">`.
public enum PrivateFeedbackPage {
    /// Forfeits shown in full, at most.
    public static let forfeitLimit = 50
    /// The build log's last bytes shown.
    public static let buildLogLimit = 64 << 10

    /// The page of `student` in the run `tournament`; `buildLog` is the log's text when there
    /// was a build; `rematches` the games whose ``SoloRematch`` file is beside the page.
    public static func render(_ student: PrivateFeedback.Student, tournament: String, buildLog: String?, rematches: Set<Int> = []) -> String {
        let who = student.name.map { $0 == student.folder ? $0 : "\($0) (folder \(student.folder))" } ?? student.folder
        var html: Markup = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width,initial-scale=1">
            <meta name="robots" content="noindex,nofollow">
            <title>\(who) · \(tournament) · private</title>
            <style>\(PageStyle.css)\(BotPage.css)</style></head>
            <body><main id="private-page" data-folder="\(student.folder)">
            <h1>\(who)</h1>
            <p class="meta">Your own feedback from <a href="../../index.html">\(tournament)</a>. \
            This page's address is yours alone: the other students cannot find it, and its stderr and build log are on no public page. Do not share it.</p>

            """
        if let reason = student.notEntered, let kept = student.keptVersion {
            html +=
                "<section><h2>Your new version was not entered</h2><p id=\"entry\" class=\"kept\">Your newest version was not entered in this run, so your previous version, <code>\(kept)</code>, still plays as <code>\(student.folder)</code>; its results are on the <a href=\"../../index.html\">public pages</a>. Why the new one was not entered:</p><pre class=\"stderr\">\(reason)</pre></section>\n"
        } else if let reason = student.notEntered {
            html +=
                "<section><h2>Not entered</h2><p id=\"entry\" class=\"not-entered\">You were not entered in this run, and no earlier version of yours plays, because:</p><pre class=\"stderr\">\(reason)</pre></section>\n"
        } else {
            html +=
                "<section><h2>Entered</h2><p id=\"entry\" class=\"entered\">Your bot played as <code>\(student.publicName ?? student.name ?? student.folder)</code>; its results are on the <a href=\"../../index.html\">public pages</a>.</p></section>\n"
        }
        if let buildLog {
            let shown =
                buildLog.utf8.count > buildLogLimit
                ? "[… the start of the log is left out]\n" + String(decoding: buildLog.utf8.suffix(buildLogLimit), as: UTF8.self) : buildLog
            html += "<section id=\"build\"><h2>Build log</h2><pre class=\"stderr build-log\">\(shown)</pre></section>\n"
        }
        html += forfeits(student, rematches: rematches)
        html += tryAgain(student)
        return (html + "</main></body></html>\n").text
    }

    /// The forfeits, each with its reason and stderr.
    static func forfeits(_ student: PrivateFeedback.Student, rematches: Set<Int>) -> Markup {
        guard student.notEntered == nil || student.keptVersion != nil else { return "" }
        var html: Markup = "<section id=\"forfeits\"><h2>Forfeits</h2>"
        guard !student.forfeits.isEmpty else { return html + "<p class=\"note\">None: your bot forfeited no game.</p></section>\n" }
        html +=
            "<p class=\"note\">\(student.forfeits.count) game\(student.forfeits.count == 1 ? "" : "s") lost by forfeit; the stderr lines are the last your bot wrote in that game.</p>\n"
        for record in student.forfeits.prefix(forfeitLimit) {
            let moment = ForfeitMoment(record)
            html +=
                "<article class=\"forfeit\" data-game=\"\(record.index)\"><h3>Game <a class=\"replay-link\" href=\"../../\(ReportLayout.replayHTML(index: record.index))\">\(record.index)</a>: "
            html += "<span class=\"loss\">\(record.forfeitKind?.rawValue ?? "unknown")</span> \(moment?.description ?? "")</h3>"
            html += "<p class=\"reason\">\(record.reason ?? "no reason recorded")</p>"
            html +=
                record.stderrTail.map { "<pre class=\"stderr\">\($0)</pre>" as Markup }
                ?? "<p class=\"note\">Your bot wrote nothing to stderr in that game.</p>"
            if rematches.contains(record.index) {
                let file = SoloRematch.fileName(game: record.index)
                html +=
                    "<p class=\"meta\">Play it again with your bot alone: save <a class=\"solo-rematch\" href=\"\(file)\" download>\((file as NSString).lastPathComponent)</a> "
                html +=
                    "and run, in your bot's folder, <code class=\"rematch\">salvo bot-check . --rematch \((file as NSString).lastPathComponent)</code></p>"
            }
            html += "</article>\n"
        }
        if student.forfeits.count > forfeitLimit {
            html += "<p class=\"note\">\(student.forfeits.count - forfeitLimit) more forfeits are not shown.</p>"
        }
        return html + "</section>\n"
    }

    /// How to check the bot again on one's own machine.
    static func tryAgain(_ student: PrivateFeedback.Student) -> Markup {
        """
        <section id="try-again"><h2>Try it again</h2>
        <p>On your own machine, in your bot's folder, this builds and runs your bot exactly as the tournament does (the same sandbox, limits \
        and working folder), takes it through every step of the protocol and plays a few games; on a failure it shows your stderr and a hint:</p>
        <code class="rematch">salvo bot-check .</code>
        <p class="note">Each game's replay (linked above) shows every shot of the recorded game. A forfeit's file (linked above) plays that \
        game again with your bot alone: in your seat, with your seed, both fleets, and your opponent's recorded shots; a bot that \
        decides by its seed fires the same shots again and fails at the same move, its stderr on your terminal.</p></section>

        """
    }
}
