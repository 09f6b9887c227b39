(() => {
  const $ = id => document.getElementById(id);
  const root = $('live');
  let shown = 0;
  const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined && text !== null) e.textContent = String(text); if (cls) e.className = cls; return e; };
  const fixed = (v, d) => v === null || v === undefined ? '–' : Number(v).toFixed(d);
  const duration = s => { if (s === null || s === undefined) return null; s = Math.round(s); const h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60), r = s % 60;
    return h ? `${h} h ${m} min` : m ? `${m} min ${r} s` : `${r} s`; };
  const phases = { starting: 'starting', playing: 'playing', stopping: 'stopping after the games in flight', finished: 'finished', stopped: 'stopped early', failed: 'failed' };
  function render(s) {
    if (!s || s.version < shown) return;
    shown = s.version;
    root.dataset.version = s.version; root.dataset.phase = s.phase; root.dataset.done = s.done; root.dataset.total = s.total;
    $('tournament').textContent = s.tournament;
    $('phase').textContent = phases[s.phase] || s.phase;
    $('bar').style.width = s.total > 0 ? (100 * s.done / s.total).toFixed(1) + '%' : '0';
    const parts = [`${s.done} of ${s.total} games`];
    if (s.gamesPerSecond !== null) parts.push(`${fixed(s.gamesPerSecond, 1)} games/s`);
    const eta = duration(s.etaSeconds); if (eta) parts.push(`about ${eta} left`);
    if (s.reruns > 0) parts.push(`${s.reruns} replayed after no result`);
    if (s.sprt) parts.push(`SPRT: ${s.sprt}`);
    $('progress').textContent = parts.join(' · ');
    const over = s.phase === 'finished' || s.phase === 'stopped';
    $('standings-title').textContent = s.phase === 'finished' ? 'Final standings' : s.phase === 'stopped' ? 'Standings when the run stopped' : 'Standings so far';
    $('final').hidden = !over;
    if (over) $('final').textContent = (s.phase === 'finished' ? 'The tournament is over.' : 'The run stopped early; the same command continues it.')
      + (s.report ? ` Its report (Elo ratings, crosstable, every replay) is ${s.report}, beside the run's journal.` : '');
    const standings = $('standings').tBodies[0]; standings.replaceChildren();
    for (const r of s.standings) {
      const tr = el('tr'); tr.dataset.bot = r.bot;
      const kinds = Object.keys(r.forfeits).sort().map(k => `${r.forfeits[k]} ${k}`).join(', ') || '0';
      [r.rank, r.bot, r.games, r.wins, r.losses, fixed(r.scorePercent, 1) + '%', fixed(r.meanShotsToWin, 1), kinds]
        .forEach((v, i) => tr.append(el('td', v, i === 1 ? 'bot' : undefined)));
      standings.append(tr);
    }
    const recent = $('recent').tBodies[0]; recent.replaceChildren();
    for (const g of s.recent) {
      const tr = el('tr'); tr.dataset.index = g.index;
      const link = el('a', g.index, 'replay-link'); link.href = g.replay;
      const first = el('td'); first.append(link); tr.append(first);
      tr.append(el('td', g.players.join(' vs '), 'bot'), el('td', g.winner ?? '–', 'bot'),
        el('td', g.termination === 'forfeit' ? `forfeit (${g.forfeitKind ?? 'unknown'})` : g.termination), el('td', g.moves));
      recent.append(tr);
    }
    $('forfeit-count').textContent = s.forfeitCount > s.forfeits.length ? `${s.forfeitCount}, the last ${s.forfeits.length}` : String(s.forfeitCount);
    const list = $('forfeits'); list.replaceChildren();
    for (const f of s.forfeits) {
      const li = el('li'); li.dataset.index = f.index;
      const link = el('a', `Game ${f.index}`, 'replay-link'); link.href = f.replay;
      li.append(link, el('span', `: ${f.bot} forfeited (${f.kind}) at its shot ${f.shot} against ${f.opponent}` + (f.reason ? `: ${f.reason}` : '')));
      const tail = f.stderrTail ? el('pre', f.stderrTail) : null;
      if (tail) li.append(tail);
      list.append(li);
      // A traceback's error is at its end: show the end of a long tail.
      if (tail) tail.scrollTop = tail.scrollHeight;
    }
  }
  render(JSON.parse($('initial').textContent));
  if (!window.EventSource) { $('connection').textContent = 'no live updates in this browser: reload'; return; }
  const source = new EventSource('events');
  source.addEventListener('open', () => { $('connection').textContent = 'live'; $('connection').className = ''; });
  source.addEventListener('error', () => { $('connection').textContent = 'reconnecting'; $('connection').className = 'down'; });
  source.addEventListener('snapshot', event => render(JSON.parse(event.data)));
})();
