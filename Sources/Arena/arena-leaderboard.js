function cell(row, text) { const td = document.createElement("td"); td.textContent = text; row.appendChild(td); }
// The rank, and the ranks of its statistical tie when it is in one: "4 tied 3–5", as the page was served.
function rank(row, s) {
  const td = document.createElement("td"); td.textContent = s.rank;
  if (s.tie) {
    const tie = document.createElement("span"); tie.className = "tie";
    tie.title = "ranks " + s.tie.first + " to " + s.tie.last + " cannot be told apart at 95%";
    tie.textContent = "tied " + s.tie.first + "–" + s.tie.last;
    td.append(" ", tie);
  }
  row.appendChild(td);
}
function show(doc) {
  const body = document.getElementById("standings");
  body.replaceChildren();
  for (const s of doc.standings) {
    const row = document.createElement("tr");
    rank(row, s); cell(row, s.bot); cell(row, s.rating ? Math.round(s.rating.value) : "–");
    cell(row, s.games); cell(row, s.wins); cell(row, s.scorePercent.toFixed(1));
    body.appendChild(row);
  }
  document.getElementById("games").textContent = doc.games + " rated games" + (doc.generatedAt ? "; updated " + doc.generatedAt : "; no games yet");
}
async function refresh() {
  try { const r = await fetch("api/standings", {cache: "no-store"}); if (r.ok) show(await r.json()); } catch (e) {}
  try {
    const r = await fetch("api/history.svg", {cache: "no-store"});
    if (!r.ok) return;
    const text = await r.text();
    const history = document.getElementById("history");
    if (!text) return;
    // Parsed as HTML, as the page was: its <svg> lands in the SVG namespace, and no script runs.
    const svg = new DOMParser().parseFromString(text, "text/html").querySelector("svg");
    if (svg && !(document.activeElement && history.contains(document.activeElement))) history.replaceChildren(document.importNode(svg, true));
  } catch (e) {}
}
setInterval(refresh, 5000);
