import HTMLText

/// The arena's upload page (`GET /upload`), for students without Salvo: their token, the
/// archive of their bot's folder, then the check's lines as they happen, followed from
/// `/api/submissions/ID`. The token stays in the page (and the browser's own storage when
/// asked), never in a URL; the script writes only text nodes.
enum ArenaUploadPage {
    static func render(tournament: String, uploadMB: Int) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(tournament)): upload your bot</title>
        <style>body{font-family:system-ui,sans-serif;margin:1rem auto;max-width:50rem;padding:0 1rem}pre{white-space:pre-wrap;background:#f6f6f6;padding:.5rem}.FAIL{color:#a00}.PASS{color:#060}</style>
        </head><body>
        <h1>Upload your bot to \(HTML.escape(tournament))</h1>
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
        const tokenField = document.getElementById("token");
        tokenField.value = localStorage.getItem("salvo-arena-token") || "";
        function say(text) { document.getElementById("state").textContent = text; }
        function show(status) {
          const out = document.getElementById("lines");
          out.replaceChildren();
          for (const line of status.lines) {
            const span = document.createElement("span");
            if (line.kind === "step") { span.className = line.passed ? "PASS" : "FAIL"; span.textContent = (line.passed ? "PASS  " : "FAIL  ") + line.name + "\\n    " + line.detail.split("\\n").join("\\n    ") + "\\n"; }
            else if (line.kind === "stderr") { span.textContent = line.text ? "The bot's stderr, its last lines:\\n" + line.text + "\\n" : "The bot wrote nothing to stderr.\\n"; }
            else { span.textContent = "Hint: " + line.text + "\\n"; }
            out.appendChild(span);
          }
          say("Upload " + status.id + ": " + status.state + (status.reason ? " (" + status.reason + ")" : "") + (status.version ? ", version " + status.version : ""));
        }
        async function follow(id, token) {
          for (;;) {
            const r = await fetch("api/submissions/" + id, {headers: {"Authorization": "Bearer " + token}, cache: "no-store"});
            if (!r.ok) { say("The arena answered " + r.status); return; }
            const status = await r.json();
            show(status);
            if (status.final) { mine(token); return; }
            await new Promise(done => setTimeout(done, 1000));
          }
        }
        async function mine(token) {
          const r = await fetch("api/me", {headers: {"Authorization": "Bearer " + token}, cache: "no-store"});
          if (!r.ok) return;
          const me = await r.json();
          if (!me.privatePage) return;
          const link = document.createElement("a");
          link.href = me.privatePage;
          link.textContent = "Your private page (your games' forfeits with your bot's stderr, your build log, rematch files); keep its address to yourself";
          document.getElementById("mine").replaceChildren(link);
        }
        document.getElementById("form").addEventListener("submit", async event => {
          event.preventDefault();
          const token = tokenField.value.trim();
          if (document.getElementById("remember").checked) localStorage.setItem("salvo-arena-token", token); else localStorage.removeItem("salvo-arena-token");
          say("Uploading…");
          const r = await fetch("api/submissions", {method: "POST", headers: {"Authorization": "Bearer " + token}, body: document.getElementById("file").files[0]});
          const body = await r.json().catch(() => ({}));
          if (r.status !== 202) { say("Not taken (" + r.status + "): " + (body.error || "")); return; }
          show(body);
          follow(body.id, token);
        });
        </script>
        </body></html>

        """
    }
}
