// The student page: one seat's table, live over the classroom WebSocket (protocol in classroom/protocol.py).
// The seat's token comes from a seat link (?table=..&token=..), or from a table link (?table=..&join=..)
// once the student has typed a name and been given a free seat; it is kept in localStorage and put in the
// address, so a reload or a lost connection brings the same seat back.
const params = new URLSearchParams(location.search);
const key = "bgl-classroom-seat";
let saved = {};
try { saved = JSON.parse(localStorage.getItem(key) || "{}"); } catch (e) { saved = {}; }
const table = params.get("table") || saved.table;
const join = params.get("join");
let token = params.get("token") || (saved.table === table ? saved.token : null);
if (table && token) remember(token);

function remember(t) {
  token = t;
  localStorage.setItem(key, JSON.stringify({table, token}));
  history.replaceState(null, "", `${location.pathname}?table=${encodeURIComponent(table)}&token=${encodeURIComponent(t)}`);
}

const $ = (id) => document.getElementById(id);
let ws = null;
let state = null;
let retry = 0;

function show(text) { $("error").textContent = text || ""; }

function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  else show("not connected: retrying…");
}

function connect() {
  if (!table || (!token && !join)) { show("This page needs your join link (it names your table)."); return; }
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${scheme}//${location.host}/ws`);
  ws.onopen = () => {
    retry = 0;
    const name = localStorage.getItem(`${key}-name-${table}`);
    if (!token) {  // a table link: a seat is claimed once the student has typed a name
      $("status").textContent = "type your name to take a seat";
      if (name) ws.send(JSON.stringify({type: "claim", table, join, name}));
      return;
    }
    const hello = {type: "hello", table, token};
    if (name) hello.name = name;
    ws.send(JSON.stringify(hello));
  };
  ws.onmessage = (event) => receive(JSON.parse(event.data));
  ws.onclose = () => {
    $("status").textContent = "disconnected: reconnecting…";
    $("status").className = "off";
    document.body.dataset.turn = "no";
    retry = Math.min(retry + 1, 3);
    setTimeout(connect, 250 * 2 ** retry);
  };
}

function receive(m) {
  if (m.type === "state") draw(m);
  else if (m.type === "claimed") remember(m.token);
  else if (m.type === "error") show(`${m.message}${m.rule ? ` [${m.rule}]` : ""}`);
  else if (m.type === "accepted") show("");
  else if (m.type === "explanation") {
    const out = $("why-out");
    out.className = m.legal ? "legal" : "illegal";
    out.textContent = `${m.legal ? "legal" : "not allowed"}: ${m.reason}${m.rule ? ` [${m.rule}]` : ""}` +
      (m.remedy ? ` (${m.remedy})` : "");
  }
}

function draw(m) {
  state = m;
  document.body.dataset.ply = m.ply;  // for scripts and tests: the ply this page shows
  document.body.dataset.turn = m.your_turn && !m.paused && !m.ended ? "yes" : "no";
  $("title").textContent = `${m.game.replace(/_/g, " ")} · table ${m.table} · you are ${m.names[m.seat]}`;
  // The board is the game's own drawing of this seat's view (escaped by render.py on the server).
  $("board").innerHTML = m.html;
  const status = $("status");
  const others = m.to_act.filter((s) => s !== m.seat).map((s) => m.names[s] || `seat ${s + 1}`);
  if (m.ended) { status.textContent = "the session has ended"; status.className = "off"; }
  else if (m.over) { status.textContent = "game over"; status.className = ""; }
  else if (m.paused) { status.textContent = "paused by the teacher"; status.className = "off"; }
  else if (m.your_turn) { status.textContent = "your turn"; status.className = "turn"; }
  else { status.textContent = `waiting for ${others.join(", ") || "the table"}`; status.className = ""; }
  const moves = $("moves");
  moves.replaceChildren();
  const open = m.your_turn && !m.paused && !m.ended;
  for (const text of m.legal) {
    const b = document.createElement("button");
    b.textContent = text;
    b.className = "move";
    b.disabled = !open;
    b.onclick = () => send({type: "move", move: text, ply: state.ply});
    moves.append(b);
  }
  if (!m.legal.length) moves.textContent = m.over ? "The game is over." : "Nothing to decide now.";
  drawScores(m);
  const box = $("log");  // only the new entries are added: a whole game's log is not rebuilt on every move
  const lines = m.log.map((e) => {
    const line = document.createElement("div");
    line.textContent = [e.text, ...e.changes.map((c) => `    ${c.text}`)].join("\n");
    return line;
  });
  if (m.log_reset) box.replaceChildren(...lines);
  else box.append(...lines);
  box.scrollTop = box.scrollHeight;
  if (document.activeElement !== $("name")) $("name").value = m.names[m.seat].startsWith("Seat ") ? "" : m.names[m.seat];
}

function drawScores(m) {  // at the end of the game: every seat's final score, the winners marked
  const box = $("scores");
  box.hidden = !m.over || !m.scores;
  if (box.hidden) { box.replaceChildren(); return; }
  const head = document.createElement("h3");
  head.textContent = "Final scores";
  const rows = m.scores.map((score, seat) => {
    const tr = document.createElement("tr");
    tr.dataset.seat = seat;
    if (m.winners.includes(seat)) tr.className = "winner";
    for (const text of [m.names[seat], String(score), m.winners.includes(seat) ? "wins" : ""]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    return tr;
  });
  const grid = document.createElement("table");
  grid.append(...rows);
  box.replaceChildren(head, grid);
}

$("name-form").onsubmit = (event) => {
  event.preventDefault();
  const name = $("name").value.trim();
  if (!name) return;
  localStorage.setItem(`${key}-name-${table}`, name);
  send(token ? {type: "name", name} : {type: "claim", table, join, name});
};
$("why-form").onsubmit = (event) => {
  event.preventDefault();
  const text = $("why").value.trim();
  if (text) send({type: "explain", move: text});
};
$("play-typed").onclick = () => {
  const text = $("why").value.trim();
  if (text && state) send({type: "move", move: text, ply: state.ply});
};
connect();
