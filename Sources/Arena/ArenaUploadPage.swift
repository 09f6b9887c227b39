import HTMLText

/// The arena's upload page (`GET /upload`), for students without Salvo: their token, the
/// archive of their bot's folder, then the check's lines as they happen, followed from
/// `/api/submissions/ID`. The token stays in the page (and the browser's own storage when
/// asked), never in a URL; the script (arena-upload.js) writes only text nodes.
enum ArenaUploadPage {
    static func render(tournament: String, uploadMB: Int) -> String {
        let page: Markup = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(tournament): upload your bot</title>
            <style>\(css)</style>
            </head><body>
            <h1>Upload your bot to \(tournament)</h1>
            <p>Pack your bot's folder (the one with <code>bot.yaml</code>) as a .tar.gz or .zip of at most \(uploadMB) MiB,
            e.g. <code>tar czf bot.tar.gz -C my-bot .</code>, or use <code>salvo submit my-bot --arena URL</code>.</p>
            <form id="form">
            <p><label>Your token <input id="token" type="password" autocomplete="current-password" required size="50"></label>
            <label><input id="remember" type="checkbox"> remember it in this browser</label></p>
            <p><label>Archive <input id="file" type="file" accept=".gz,.tgz,.zip" required></label></p>
            <p><button type="submit">Upload</button></p>
            </form>
            <p id="state"></p>
            <pre id="lines"></pre>
            <p id="mine"></p>
            <p><a href="./">The leaderboard</a></p>
            <script>
            \(script)
            </script>
            </body></html>

            """
        return page.text
    }

    /// The page's style.
    static let css = Markup.resource(PackageResources.arena_upload_css)

    /// Uploads the archive and follows the check, writing text nodes only.
    static let script = Markup.resource(PackageResources.arena_upload_js)
}
