/// The one style sheet of every report page, inlined in each (pages open from file:// and
/// fetch nothing). Readable from 375 px wide up; follows the system's dark mode.
public enum PageStyle {
    public static let css = """
    :root{--bg:#f6f7f9;--fg:#1d232a;--muted:#5b6773;--card:#fff;--line:#e1e5ea;--accent:#0b62d6;\
    --win:#1a7f37;--loss:#c62828;--sea:#dcebf7;--ship:#7a8591;--hit:#d32f2f;--miss:#9bb3c9;--sunk:#5c1a1a;--bar:#3b82c4}
    @media (prefers-color-scheme:dark){:root{--bg:#111418;--fg:#e6e9ed;--muted:#9aa5b1;--card:#1a1f25;\
    --line:#2c333b;--accent:#6aa8ff;--win:#4cc26a;--loss:#ff6b6b;--sea:#1d3347;--ship:#8a96a3;--hit:#ff5252;\
    --miss:#4f6b85;--sunk:#ffb4a9;--bar:#6aa8ff}}
    *{box-sizing:border-box}
    body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:var(--bg);color:var(--fg)}
    main{max-width:1000px;margin:0 auto;padding:12px}
    h1{font-size:1.45rem;margin:.3em 0;overflow-wrap:anywhere}
    h2{font-size:1.1rem;margin:0 0 .6em}
    section{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px 14px;margin:12px 0}
    .meta,.note{color:var(--muted);font-size:.9rem}
    .scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
    table{border-collapse:collapse;font-variant-numeric:tabular-nums}
    th,td{padding:5px 8px;border-bottom:1px solid var(--line);text-align:right;white-space:nowrap}
    th{font-weight:600;color:var(--muted);font-size:.85rem}
    .bot{text-align:left;white-space:normal;overflow-wrap:break-word;min-width:6em}
    a{color:var(--accent)}
    .win{color:var(--win)}.loss{color:var(--loss)}
    .unsandboxed{color:var(--loss);font-weight:700}
    .warning{color:var(--loss);font-weight:600}
    svg{display:block;max-width:100%;height:auto}
    svg text{fill:var(--fg);font-size:12px}
    svg .axis{stroke:var(--line)}svg .bar{fill:var(--bar)}svg .err{stroke:var(--bar);stroke-width:2}
    svg .dot{fill:var(--fg)}svg .mean{stroke:var(--loss);stroke-dasharray:3 2}
    svg .history{fill:none;stroke:var(--bar);stroke-width:1.5}svg .history.mine{stroke:var(--fg);stroke-width:3}svg .history.other{opacity:.45}
    svg .axis-title{fill:var(--muted);font-weight:600}svg .leader{fill:none;stroke:var(--line);stroke-width:1}
    svg g.entry{cursor:pointer;outline:none}svg.history-chart:hover g.entry,svg.history-chart:focus-within g.entry{opacity:.18}
    svg.history-chart g.entry:hover,svg.history-chart g.entry:focus{opacity:1}svg g.entry:hover .history,svg g.entry:focus .history{stroke-width:3.5}
    svg g.entry:hover .label,svg g.entry:focus .label{font-weight:700}
    .latest,.best,.back{font-size:.8em;border:1px solid var(--line);border-radius:3px;padding:0 4px}.best{font-weight:600}
    .verdict{font-size:1.1rem;font-weight:600}
    .reason pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0;font-size:.85em}
    details{border-top:1px solid var(--line);padding:6px 0}
    summary{cursor:pointer;font-weight:600;overflow-wrap:anywhere}
    .pages a{display:inline-block;margin:2px 8px 2px 0}
    .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:12px}
    @media (max-width:600px){main{padding:8px}section{padding:10px 8px}th,td{padding:4px 5px}    body{font-size:14px}.bot{min-width:5em}}
    .q0{background:rgba(198,40,40,.28)}.q1{background:rgba(198,40,40,.12)}.q2{background:transparent}\
    .q3{background:rgba(26,127,55,.12)}.q4{background:rgba(26,127,55,.28)}
    """
}
