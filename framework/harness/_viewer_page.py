"""The replay viewer page: HTML, CSS and JavaScript in one string, with ``{{TITLE}}`` and ``{{DATA}}``
filled in by :func:`rulestack.harness.html_replay.render_html`. No network, no build step: the page
draws everything from the JSON embedded in it, and writes only text nodes (never HTML) from it."""

PAGE = r"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{TITLE}}</title>
<style>
  :root { --bg:#f4f1ea; --panel:#fffdf8; --ink:#222; --muted:#777; --line:#d8d2c4; --hi:#ffe58a; --back:#4a5a8a; }
  * { box-sizing: border-box; }
  body { margin:0; font:13px/1.35 system-ui, sans-serif; background:var(--bg); color:var(--ink); }
  header { display:flex; flex-wrap:wrap; gap:6px 14px; align-items:center; padding:8px 12px; background:#2f3b52; color:#fff; }
  header h1 { font-size:15px; margin:0 12px 0 0; font-weight:600; }
  header button, header select, header input { font:inherit; padding:2px 6px; }
  header label { display:flex; gap:4px; align-items:center; }
  #clock { font-weight:600; }
  main { display:grid; grid-template-columns: minmax(0,1fr) 360px; gap:10px; padding:10px; }
  #board { display:flex; flex-direction:column; gap:8px; }
  .player { background:var(--panel); border:1px solid var(--line); border-radius:6px; padding:6px 8px; }
  .player.active { border-color:#c59b00; box-shadow:0 0 0 2px #f3d46b inset; }
  .player h2 { font-size:14px; margin:0 0 4px; display:flex; gap:12px; flex-wrap:wrap; }
  .player h2 .life { color:#a02020; }
  .player h2 .res { color:var(--muted); font-weight:normal; }
  .row { display:flex; flex-wrap:wrap; gap:6px; margin:4px 0; }
  .zone { border:1px dashed var(--line); border-radius:4px; padding:3px; min-width:70px; }
  .zone > .zname { font-size:11px; color:var(--muted); }
  .zone > .cards { display:flex; flex-wrap:wrap; gap:4px; min-height:20px; }
  .card { width:92px; min-height:54px; border:1px solid #888; border-radius:5px; background:#fff; padding:3px;
          cursor:pointer; font-size:11px; position:relative; overflow:hidden; }
  .card .nm { font-weight:600; display:block; }
  .card .stats { color:#333; }
  .card .badges span { display:inline-block; background:#eee; border-radius:3px; padding:0 3px; margin:1px 1px 0 0; font-size:10px; }
  .card.face-down { background:repeating-linear-gradient(45deg, var(--back), var(--back) 6px, #5d6fa5 6px, #5d6fa5 12px); color:#fff; }
  .card.turned { transform:rotate(8deg); opacity:.8; }
  .card.selected { outline:3px solid #e08a00; }
  .card.mentioned { box-shadow:0 0 0 3px var(--hi); }
  .pile { display:flex; flex-direction:column; align-items:flex-start; }
  .pile .count { font-size:11px; color:var(--muted); }
  #shared { background:#ece7db; border:1px solid var(--line); border-radius:6px; padding:6px 8px; }
  #shared h3 { margin:0 0 4px; font-size:12px; }
  #items li { margin:2px 0; }
  aside { display:flex; flex-direction:column; gap:8px; min-width:0; }
  #details, #logbox { background:var(--panel); border:1px solid var(--line); border-radius:6px; padding:6px 8px; }
  #details h3, #logbox h3 { margin:0 0 4px; font-size:13px; }
  #details .text { white-space:pre-wrap; margin-top:4px; }
  #details dl { display:grid; grid-template-columns:auto 1fr; gap:1px 8px; margin:4px 0; }
  #details dt { color:var(--muted); }
  #log { list-style:none; margin:0; padding:0; max-height:60vh; overflow:auto; position:relative; }
  #log li { padding:1px 4px; border-radius:3px; cursor:pointer; white-space:pre-wrap; }
  #log li.turn { font-weight:600; margin-top:4px; }
  #log li.phase { color:var(--muted); }
  #log li.current { background:var(--hi); }
  #log li.future { color:#aaa; }
  #result { font-weight:600; color:#7a1010; }
</style>
</head>
<body>
<header>
  <h1 id="title"></h1>
  <button id="first" title="first step (Home)">|◀</button>
  <button id="prev" title="previous step (←)">◀</button>
  <button id="play" title="play / pause (space)">▶︎ play</button>
  <button id="next" title="next step (→)">▶</button>
  <button id="last" title="last step (End)">▶|</button>
  <input id="slider" type="range" min="0" value="0" aria-label="step">
  <span id="step-label"></span>
  <label>turn <select id="turn"></select></label>
  <label>view <select id="view"></select></label>
  <label>find <input id="filter-text" type="search" placeholder="card or words" size="14"></label>
  <label>cause <select id="filter-cause"><option value="">any</option><option>action</option><option>effect</option>
    <option>cost</option><option>battle</option><option>rule</option></select></label>
  <label title="only the lines about the selected card"><input id="filter-card" type="checkbox"> selected card only</label>
  <span id="clock"></span>
</header>
<main>
  <section id="board" aria-label="board"></section>
  <aside>
    <div id="details"><h3>Card</h3><div id="details-body">Select a card to see it.</div></div>
    <div id="logbox"><h3>Log <span id="result"></span></h3><ol id="log"></ol></div>
  </aside>
</main>
<script type="application/json" id="replay-data">{{DATA}}</script>
<script>
"use strict";
const DATA = JSON.parse(document.getElementById("replay-data").textContent);
// the recording holds every card of every view: once read, it leaves the document, so that the DOM holds only
// what the chosen view shows (a hidden card's name is nowhere in it)
document.getElementById("replay-data").remove();
const NP = DATA.players.length;
const STEPS = DATA.steps;
const ZONES = {}; DATA.zones.forEach(z => { ZONES[z.name] = z; });
const VIEWS = [{label: "spectator", line: 0, who: null}];
DATA.players.forEach((p, i) => VIEWS.push({label: p + "'s view", line: i + 1, who: i}));
VIEWS.push({label: "omniscient", line: NP + 1, who: "all"});
let view = 0, cur = 0, selected = null, playing = null, cardFilter = null;
const $ = id => document.getElementById(id);
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = String(text); return e; }
function words(s) { return String(s).replace(/_/g, " "); }
// statuses drawn as a card turned sideways (a layout hint may name its own under "turned")
const TURNED = (DATA.layout && DATA.layout.turned) || ["tapped", "rested", "exhausted", "suspended", "sleep"];

// -- the board at each step: checkpoints every 100 steps, deltas applied forward ------------------
const CP = 100, checkpoints = [];
function copy(s) { return {zones: Object.assign({}, s.zones), cards: Object.assign({}, s.cards), players: s.players, stack: s.stack, clock: s.clock}; }
function apply(s, st) {
  if (st.z) Object.assign(s.zones, st.z);
  if (st.c) Object.assign(s.cards, st.c);
  if (st.p) s.players = st.p;
  if (st.s) s.stack = st.s;
  if (st.t) s.clock = st.t;
}
checkpoints.push(copy(DATA.initial));
function stateAt(i) {
  const k = Math.floor(i / CP);
  while (checkpoints.length <= k) {
    const s = copy(checkpoints[checkpoints.length - 1]), base = (checkpoints.length - 1) * CP;
    for (let j = base; j < base + CP; j++) apply(s, STEPS[j]);
    checkpoints.push(s);
  }
  const s = copy(checkpoints[k]);
  for (let j = k * CP; j < i; j++) apply(s, STEPS[j]);
  return s;
}

// -- what the chosen view may see -----------------------------------------------------------------
function sees(cs) {
  const who = VIEWS[view].who;
  if (who === "all") return true;
  if (!cs) return false;
  return who === null ? cs.seen.length >= NP : cs.seen.indexOf(who) >= 0;
}
function lineOf(i) { return i > 0 ? STEPS[i - 1].lines[VIEWS[view].line] : null; }
function passes(i) {
  const st = STEPS[i - 1], text = $("filter-text").value.trim().toLowerCase(), cause = $("filter-cause").value;
  const line = st.lines[VIEWS[view].line];
  if (!line) return false;
  if (cause && st.cause !== cause) return false;
  if (cardFilter !== null && st.cards.indexOf(cardFilter) < 0) return false;
  if (text && line.toLowerCase().indexOf(text) < 0) return false;
  return true;
}

// -- drawing --------------------------------------------------------------------------------------
function cardBox(s, id, mentioned) {
  const cs = s.cards[id], info = infoOf(s, id), vis = sees(cs);
  const box = el("div", "card");
  box.dataset.id = id;
  if (!vis) { box.classList.add("face-down"); box.appendChild(el("span", "nm", "face-down")); }
  else {
    box.dataset.name = info.name;
    box.appendChild(el("span", "nm", info.name));
    const v = cs.v || {};
    const stats = Object.keys(v).filter(k => k !== "cost" || Object.keys(v).length === 1).map(k => k === "power" && "toughness" in v ? null : (k === "toughness" && "power" in v ? v.power + "/" + v.toughness : words(k) + " " + v[k])).filter(Boolean);
    if (stats.length) box.appendChild(el("span", "stats", stats.join(" · ")));
    const badges = el("div", "badges");
    Object.entries(cs.ct || {}).forEach(([k, n]) => badges.appendChild(el("span", "", n + "× " + k)));
    // on the card: flags and words (tapped, rested, defense position) and damage; every status in the details
    Object.entries(cs.st || {}).forEach(([k, n]) => {
      if (n === true) badges.appendChild(el("span", "", words(k)));
      else if (typeof n === "string") badges.appendChild(el("span", "", words(k) + " " + words(n)));
      else if (k === "damage" && n) badges.appendChild(el("span", "", n + " damage"));
    });
    const zspec = ZONES[cs.z.split("/")[0]] || {};
    if (!cs.up && zspec.visibility === "public") badges.appendChild(el("span", "", "face down"));
    if (badges.childNodes.length) box.appendChild(badges);
  }
  const st = cs && cs.st || {};
  if (TURNED.some(k => st[k])) box.classList.add("turned");
  if (String(selected) === String(id)) box.classList.add("selected");
  if (vis && mentioned.indexOf(Number(id)) >= 0) box.classList.add("mentioned");
  box.addEventListener("click", () => { selected = id; render(); });
  return box;
}
function zoneBox(s, name, player, mentioned) {
  const key = player === null ? name : name + "/" + player, ids = s.zones[key] || [], spec = ZONES[name] || {};
  const pile = spec.visibility === "hidden" || (spec.ordered && spec.visibility !== "private");
  const box = el("div", "zone" + (pile ? " pile" : ""));
  box.dataset.zone = key;
  box.dataset.count = ids.length;
  box.appendChild(el("div", "zname", words(name) + " (" + ids.length + ")"));
  const cards = el("div", "cards");
  const shown = pile ? ids.slice(-1) : ids;
  shown.forEach(id => cards.appendChild(cardBox(s, id, mentioned)));
  box.appendChild(cards);
  return box;
}
function rowsFor(player) {
  const L = DATA.layout;
  if (L && L.rows) return L.rows;
  const own = DATA.zones.filter(z => z.per_player);
  const field = own.filter(z => z.visibility === "public" && !z.ordered).map(z => z.name);
  const hand = own.filter(z => z.visibility === "private").map(z => z.name);
  const piles = own.filter(z => z.visibility === "hidden" || (z.ordered && z.visibility === "public")).map(z => z.name);
  return [hand, piles, field].filter(r => r.length);
}
function nameOf(s, id) { const cs = s.cards[id]; return sees(cs) ? infoOf(s, id).name : "a hidden card"; }
// a card as it is at this step: the card it became (a copy effect, "k") or its own
function infoOf(s, id) {
  const cs = s.cards[id], own = DATA.cards[id], look = cs && cs.k && DATA.looks ? DATA.looks[cs.k] : null;
  return look ? Object.assign({}, own, look) : own;
}
function render() {
  const s = stateAt(cur), st = cur > 0 ? STEPS[cur - 1] : null, mentioned = st ? st.cards : [];
  // the log about one card: only a card this view may see now (a hidden card's lines would give it away)
  cardFilter = $("filter-card").checked && selected !== null && sees(s.cards[selected]) ? Number(selected) : null;
  const board = $("board"); board.textContent = "";
  const me = typeof VIEWS[view].who === "number" ? VIEWS[view].who : 0;
  const order = []; for (let k = 1; k <= NP; k++) order.push((me + k) % NP);   // opponents first, the viewer last
  const [turn, active, phase, step] = s.clock || [0, null, null, null];
  order.forEach((p, idx) => {
    const panel = el("div", "player" + (p === active ? " active" : ""));
    panel.dataset.player = p;
    const pl = (s.players || [])[p] || {name: DATA.players[p], values: {}};
    if (pl.life !== null && pl.life !== undefined) panel.dataset.life = pl.life;
    const h = el("h2");
    h.appendChild(el("span", "", pl.name + (p === active ? " (turn player)" : "")));
    if (pl.life !== null && pl.life !== undefined) h.appendChild(el("span", "life", "life " + pl.life));
    const res = Object.entries(pl.values || {}).filter(([k, v]) => v !== "").map(([k, v]) => words(k) + " " + v).join(" · ");
    if (res) h.appendChild(el("span", "res", res));
    panel.appendChild(h);
    let rows = rowsFor(p).slice();
    if (idx === order.length - 1) rows.reverse();    // rows run from the player's edge inward: the viewer sits at the bottom
    if (idx === order.length - 1) panel.classList.add("viewer");
    rows.forEach(r => { const row = el("div", "row"); r.forEach(z => { if (ZONES[z] && ZONES[z].per_player) row.appendChild(zoneBox(s, z, p, mentioned)); }); panel.appendChild(row); });
    if (idx === order.length - 2 || NP === 1) { board.appendChild(panel); board.appendChild(sharedBox(s, mentioned)); }
    else board.appendChild(panel);
  });
  $("clock").textContent = "turn " + turn + (phase ? " · " + words(phase) : "") + (step ? " · " + words(step) : "");
  $("step-label").textContent = "step " + cur + " / " + STEPS.length;
  $("slider").value = cur;
  let t = 0; turns.forEach(([i]) => { if (i <= cur) t = i; }); $("turn").value = t;
  renderDetails(s);
  renderLog();
}
function sharedBox(s, mentioned) {
  const box = el("div"); box.id = "shared";
  const shared = (DATA.layout && DATA.layout.shared) || DATA.zones.filter(z => !z.per_player).map(z => z.name);
  const row = el("div", "row");
  shared.forEach(z => row.appendChild(zoneBox(s, z, null, mentioned)));
  box.appendChild(el("h3", "", "Stack / chain" + ((s.stack || []).length ? " (" + s.stack.length + ")" : ": empty")));
  const items = el("ol"); items.id = "items";
  (s.stack || []).forEach(it => {
    const t = (it.targets || []).flat(3).map(x => typeof x === "number" ? nameOf(s, x) : (x && x.player !== undefined ? DATA.players[x.player] : (x && x.card !== undefined ? nameOf(s, x.card) : ""))).filter(Boolean);
    items.appendChild(el("li", "", (it.card !== null ? nameOf(s, it.card) : "an ability") + " (" + words(it.kind) + ", " + DATA.players[it.controller] + ")" + (t.length ? " → " + t.join(", ") : "")));
  });
  box.appendChild(items);
  if (shared.length) box.appendChild(row);
  return box;
}
function renderDetails(s) {
  const body = $("details-body"); body.textContent = "";
  if (selected === null || !s.cards[selected]) { body.textContent = selected === null ? "Select a card to see it." : "That card is no longer in play."; return; }
  const cs = s.cards[selected], info = infoOf(s, selected);
  const zone = cs.z.split("/"), where = (zone.length > 1 ? DATA.players[zone[1]] + "'s " : "the ") + words(zone[0]);
  if (!sees(cs)) { body.appendChild(el("div", "", "A hidden card in " + where + " (owner " + DATA.players[info.owner] + ").")); return; }
  body.appendChild(el("div", "nm", info.name));
  const dl = el("dl");
  const add = (k, v) => { dl.appendChild(el("dt", "", k)); dl.appendChild(el("dd", "", v)); };
  add("code", info.code); add("owner", DATA.players[info.owner]); add("controller", DATA.players[cs.ctl]); add("zone", where);
  add("face", cs.up ? "up" : "down");
  Object.entries(cs.v || {}).forEach(([k, v]) => add(words(k), v));
  Object.entries(cs.ct || {}).forEach(([k, v]) => add(k + " counters", v));
  Object.entries(cs.st || {}).forEach(([k, v]) => add(words(k), typeof v === "object" ? JSON.stringify(v) : v));
  Object.entries(info.fields || {}).forEach(([k, v]) => { if (!(cs.v && k in cs.v)) add(words(k), Array.isArray(v) ? v.join(", ") : v); });
  body.appendChild(dl);
  if (info.text) body.appendChild(el("div", "text", info.text));
}
// the log is built once per view and filter; a step only re-marks the lines between the old step and the new
let logBuiltFor = null, logItems = [], logSaid = 0, logCurrent = null;
function renderLog() {
  const key = view + "|" + $("filter-text").value + "|" + $("filter-cause").value + "|" + cardFilter;
  const log = $("log");
  if (logBuiltFor !== key) {
    log.textContent = "";
    logItems = [];
    for (let i = 1; i <= STEPS.length; i++) {
      if (!passes(i)) continue;
      const line = lineOf(i), li = el("li", (STEPS[i - 1].kind === "turn_began" || STEPS[i - 1].kind === "turn_header") ? "turn" : (STEPS[i - 1].kind === "phase" ? "phase" : ""), line);
      li.dataset.step = i;
      li.classList.add("future");
      li.addEventListener("click", () => go(i));
      log.appendChild(li);
      logItems.push(li);
    }
    logBuiltFor = key; logSaid = 0; logCurrent = null;
  }
  let lo = 0, hi = logItems.length;          // how many lines are said at or before this step
  while (lo < hi) { const mid = (lo + hi) >> 1; if (Number(logItems[mid].dataset.step) <= cur) lo = mid + 1; else hi = mid; }
  for (let k = Math.min(lo, logSaid); k < Math.max(lo, logSaid); k++) logItems[k].classList.toggle("future", k >= lo);
  logSaid = lo;
  const current = lo > 0 ? logItems[lo - 1] : null;     // the current line: the last one said at or before this step
  if (logCurrent !== current) {
    if (logCurrent) logCurrent.classList.remove("current");
    if (current) current.classList.add("current");
    logCurrent = current;
  }
  if (current) {      // scroll the log only, never the page
    const top = current.offsetTop;
    if (top < log.scrollTop || top + current.offsetHeight > log.scrollTop + log.clientHeight)
      log.scrollTop = Math.max(0, top - log.clientHeight / 2);
  }
}
function go(i) { cur = Math.max(0, Math.min(STEPS.length, i)); render(); }
function next() { for (let i = cur + 1; i <= STEPS.length; i++) if (passes(i)) return go(i); go(STEPS.length); }
function prev() { for (let i = cur - 1; i >= 1; i--) if (passes(i)) return go(i); go(0); }

// -- controls -------------------------------------------------------------------------------------
$("title").textContent = DATA.title;
VIEWS.forEach((v, i) => { const o = el("option", "", v.label); o.value = i; $("view").appendChild(o); });
const turns = [[0, "setup"]];
STEPS.forEach((st, i) => {
  if (st.kind === "turn_began" && st.t) turns.push([i + 1, "turn " + st.t[0] + " (" + DATA.players[st.t[1]] + ")"]);
  if (st.kind === "turn_header") {     // turn 1 has no turn_began: its header, and the clock of the next steps
    const clock = STEPS.slice(i).find(x => x.t && x.t[0] > 0);
    turns.push([i + 1, "turn 1" + (clock ? " (" + DATA.players[clock.t[1]] + ")" : "")]);
  }
});
turns.forEach(([i, label]) => { const o = el("option", "", label); o.value = i; $("turn").appendChild(o); });
$("slider").max = STEPS.length;
$("slider").addEventListener("input", e => go(Number(e.target.value)));
$("first").addEventListener("click", () => go(0));
$("last").addEventListener("click", () => go(STEPS.length));
$("next").addEventListener("click", next);
$("prev").addEventListener("click", prev);
$("turn").addEventListener("change", e => go(Number(e.target.value)));
$("view").addEventListener("change", e => { view = Number(e.target.value); render(); });
$("filter-text").addEventListener("input", () => render());
$("filter-cause").addEventListener("change", () => render());
$("filter-card").addEventListener("change", () => render());
$("play").addEventListener("click", () => {
  if (playing) { clearInterval(playing); playing = null; $("play").textContent = "▶︎ play"; return; }
  playing = setInterval(() => { if (cur >= STEPS.length) { clearInterval(playing); playing = null; $("play").textContent = "▶︎ play"; } else next(); }, 400);
  $("play").textContent = "⏸ pause";
});
document.addEventListener("keydown", e => {
  if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
  if (e.key === "ArrowRight") next(); else if (e.key === "ArrowLeft") prev();
  else if (e.key === "Home") go(0); else if (e.key === "End") go(STEPS.length);
});
if (DATA.result) {
  const w = DATA.result.winners.map(i => DATA.players[i]).join(", ");
  $("result").textContent = "— " + (w ? w + " won" : "draw") + " (" + DATA.result.reason + ")";
}
// #step=N&view=spectator|P0|omniscient&card=ID&find=TEXT&cause=CAUSE opens the page at that point
function fromHash() {
  const h = new URLSearchParams(location.hash.replace(/^#/, ""));
  if (h.has("view")) {
    const want = h.get("view"), i = VIEWS.findIndex((v, k) => v.label === want || DATA.players[k - 1] === want || String(k) === want);
    if (i >= 0) { view = i; $("view").value = i; }
  }
  if (h.has("find")) $("filter-text").value = h.get("find");
  if (h.has("cause")) $("filter-cause").value = h.get("cause");
  if (h.has("card")) selected = h.get("card");
  if (h.has("only")) $("filter-card").checked = true;
  cur = h.has("step") ? Math.max(0, Math.min(STEPS.length, Number(h.get("step")) || 0)) : cur;
  render();
}
window.addEventListener("hashchange", fromHash);
fromHash();
</script>
</body>
</html>
"""
