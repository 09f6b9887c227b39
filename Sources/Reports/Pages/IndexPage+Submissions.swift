import HTMLText

extension IndexPage {
    /// The submissions of `bots_from:`: the folders not entered with their reasons, and the
    /// entered bots, each with a link to its build log.
    ///
    /// DOM contract: `<section id="submissions">` holds `<table id="not-entered">` with one
    /// `<tr data-folder="FOLDER">` per folder not entered, its reason in `<td class="reason">`,
    /// and `<table id="entered">` with one `<tr data-bot="NAME">` per entered submission (NAME
    /// its folder's, its manifest's label in `<td class="label">`); a
    /// build log is linked as `<a class="build-log" href="submissions/logs/FOLDER.build.log">`.
    static func submissions(_ submissions: ResultsDocument.SubmissionsSection) -> Markup {
        var html: Markup = """
            <section id="submissions"><h2>Submissions</h2>
            <p class="meta">From <code>\(submissions.folder)</code>: \(submissions.entered.count) entered, \
            \(submissions.notEntered.count) not entered. Builds: \(submissions.buildsRun) run, \(submissions.buildsSkipped) skipped (unchanged since their last build).</p>

            """
        if !submissions.notEntered.isEmpty {
            html +=
                "<h3>Not entered</h3><div class=\"scroll\"><table id=\"not-entered\"><thead><tr><th class=\"bot\">Folder</th><th class=\"bot\">Reason</th><th class=\"bot\">Build log</th></tr></thead><tbody>\n"
            for skipped in submissions.notEntered {
                let folder = skipped.folder + (skipped.name.map { $0 == skipped.folder ? "" : " (\($0))" } ?? "")
                html += "<tr data-folder=\"\(skipped.folder)\"><td class=\"bot\">\(folder)</td>"
                html += "<td class=\"bot reason\"><pre>\(skipped.reason)</pre></td><td class=\"bot\">\(logLink(skipped.buildLog))</td></tr>\n"
            }
            html += "</tbody></table></div>\n"
        }
        if !submissions.entered.isEmpty {
            html +=
                "<h3>Entered</h3><div class=\"scroll\"><table id=\"entered\"><thead><tr><th class=\"bot\">Bot</th><th class=\"bot\">Label</th><th class=\"bot\">Build log</th></tr></thead><tbody>\n"
            for bot in submissions.entered {
                let skipped: Markup = bot.buildSkipped == true ? " <span class=\"meta\">(build skipped: unchanged)</span>" : ""
                html += "<tr data-bot=\"\(bot.bot)\"><td class=\"bot\">\(bot.bot)</td><td class=\"bot label\">\(bot.label ?? "–")</td>"
                html += "<td class=\"bot\">\(logLink(bot.buildLog))\(bot.buildLog == nil ? "" : skipped)</td></tr>\n"
            }
            html += "</tbody></table></div>\n"
        }
        // A published run links no build log: each is on its student's private page.
        let linked = submissions.entered.contains { $0.buildLog != nil } || submissions.notEntered.contains { $0.buildLog != nil }
        let logs: Markup = linked ? "Build logs are in the output folder's submissions/logs/" : "Each student's build log is on their private page"
        return html + "<p class=\"note\">\(logs); how to submit a bot: Salvo's bots/SUBMITTING.md.</p></section>\n"
    }

    /// A link to a build log, or a dash without one.
    private static func logLink(_ path: String?) -> Markup {
        guard let path else { return "–" }
        return "<a class=\"build-log\" href=\"\(path)\">build log</a>"
    }
}
