const tokenField = document.getElementById("token");
tokenField.value = localStorage.getItem("salvo-arena-token") || "";
function say(text) { document.getElementById("state").textContent = text; }
function show(status) {
  const out = document.getElementById("lines");
  out.replaceChildren();
  for (const line of status.lines) {
    const span = document.createElement("span");
    if (line.kind === "step") { span.className = line.passed ? "PASS" : "FAIL"; span.textContent = (line.passed ? "PASS  " : "FAIL  ") + line.name + "\n    " + line.detail.split("\n").join("\n    ") + "\n"; }
    else if (line.kind === "stderr") { span.textContent = line.text ? "The bot's stderr, its last lines:\n" + line.text + "\n" : "The bot wrote nothing to stderr.\n"; }
    else { span.textContent = "Hint: " + line.text + "\n"; }
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
  if (!me.page) return;
  const link = document.createElement("a");
  link.href = me.page;
  link.textContent = "Your page (every upload with its check, your public name and rank, your games); keep its address to yourself";
  const parts = [link];
  if (me.publicName) parts.push(document.createTextNode(" · on the leaderboard your bot is " + me.publicName));
  document.getElementById("mine").replaceChildren(...parts);
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
