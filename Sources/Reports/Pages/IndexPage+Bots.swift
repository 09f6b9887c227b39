import Bots
import HTMLText

extension IndexPage {
    /// The "Bots" section: how each bot was run, and for each external bot its sandbox and
    /// limits, with "unsandboxed" in red where there was none.
    ///
    /// DOM contract: `<table id="bots">` with one `<tr data-bot="NAME">` per bot, the sandbox in
    /// `<td class="sandbox">`, marked `class="unsandboxed"` when the bot ran without one; where
    /// the machine's sandbox could not enforce everything, `<div id="unenforced">` with a `<li>`
    /// for each thing it could not.
    static func bots(_ results: ResultsDocument) -> Markup {
        var html: Markup = """
            <section><h2>Bots</h2><div class="scroll"><table id="bots">
            <thead><tr><th class="bot">Bot</th><th class="bot">Runs as</th><th class="bot">Processes</th><th class="bot">Sandbox</th><th class="bot">Limits</th></tr></thead><tbody>

            """
        for bot in results.configuration.bots {
            html += "<tr data-bot=\"\(bot.name)\"><td class=\"bot\">\(bot.name)</td>"
            if let strategy = bot.strategy {
                html +=
                    "<td class=\"bot\">built-in <code>\(strategy)</code></td><td class=\"bot\">–</td><td class=\"bot sandbox\">in-process</td><td class=\"bot\">–</td></tr>\n"
                continue
            }
            html += "<td class=\"bot\"><code>\((bot.command ?? []).joined(separator: " "))</code></td>"
            html += "<td class=\"bot restart\">\(bot.restart == "per-game" ? "one per game" : "reused, never across a mirrored pair")</td>"
            if bot.sandbox == "none" {
                html += "<td class=\"bot sandbox\"><span class=\"unsandboxed\">unsandboxed</span></td>"
            } else {
                let extra = (bot.readOnly ?? []).map { " + <code>\($0)</code>" as Markup }.joined()
                html += "<td class=\"bot sandbox\">bubblewrap\(extra)</td>"
            }
            html += "<td class=\"bot\">\(limits(bot.limits))</td></tr>\n"
        }
        html += "</tbody></table></div>"
        if let unenforced = results.configuration.unenforced, !unenforced.isEmpty {
            html +=
                "<div id=\"unenforced\" class=\"note\"><p><span class=\"unsandboxed\">Not enforced on the machine that ran this</span>: the sandbox there fell back, and could not enforce all of its limits:</p><ul>"
            html += unenforced.map { "<li>\($0)</li>" as Markup }.joined()
            html += "</ul></div>"
        }
        html += "<p class=\"note\">What a sandboxed bot can and cannot see, and every limit: Salvo's docs/sandbox.md.</p></section>\n"
        return html
    }

    /// `1024 MiB memory · 64 processes · 60 s CPU · 256 files · 64 MiB /tmp`.
    static func limits(_ limits: ResourceLimits?) -> String {
        guard let limits else { return "–" }
        var parts: [String] = []
        parts.append(limits.memoryBytes.map { "\($0 >> 20) MiB memory" } ?? "memory unlimited")
        parts.append(limits.processes.map { "\($0) processes" } ?? "processes unlimited")
        parts.append(limits.cpuSeconds.map { "\($0) s CPU" } ?? "CPU unlimited")
        if let files = limits.openFiles { parts.append("\(files) files") }
        if let size = limits.fileSizeBytes { parts.append("files up to \(size >> 20) MiB") }
        if let tmp = limits.tmpBytes { parts.append("\(tmp >> 20) MiB /tmp") }
        return parts.joined(separator: " · ")
    }
}
