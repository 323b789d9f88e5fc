// The student page: one seat's table, live over the classroom WebSocket (protocol in classroom/protocol.py).
// A link names its session, its table, and either a seat's token (a seat link) or the table's join code (a table
// link: the student types a name and is given a free seat). What the page keeps in the browser's storage (the
// seat's token, the join code) is under that session and table only: another lesson's tables, also called t1, t2,
// ..., never find it. A browser has one random device id: the server seats it once per table, and tells a seat's
// pages when it is open on two devices at once.
const params = new URLSearchParams(location.search);
let session = params.get("session") || "";
const table = params.get("table");
const prefix = "bgl-classroom";
const WELCOME_WAIT = 10000;  // ms: a server that has not answered a hello by then is said to be silent
let key = `${prefix}:${session || "-"}:${table}`;
localStorage.removeItem(`${prefix}-seat`);  // kept by earlier pages under the table id alone
let saved = {};
try { saved = JSON.parse(localStorage.getItem(key) || "{}"); } catch (e) { saved = {}; }
let join = params.get("join") || saved.join || null;
let token = params.get("token") || saved.token || null;
let device = localStorage.getItem(`${prefix}-device`);
if (!device) {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  device = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  localStorage.setItem(`${prefix}-device`, device);
}
keep();

function keep() {  // this session's and table's token and join code, in this browser
  if (table) localStorage.setItem(key, JSON.stringify({token, join}));
}

const $ = (id) => document.getElementById(id);
let ws = null;
let state = null;
let retry = 0;
let welcomed = false;
let other = false;  // "I am someone else": the next claim takes a free seat, not this device's
let waitingName = null;  // the name typed to take a seat, claimed once connected
let silence = null;
let rename = null;  // a name typed before the seat was welcomed

function show(text) { $("error").textContent = text || ""; }
function status(text, className = "off") { $("status").textContent = text; $("status").className = className; }

function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  else show("not connected: retrying…");
}

function withSession(message) { if (session) message.session = session; return message; }

function unseated(text) {
  // No seat on this device at this table: say why, and offer a free seat where the table's join code is known.
  welcomed = false;
  clearTable();
  $("seated").hidden = true;
  $("name-button").textContent = join ? "Take a seat" : "Set";
  $("name-form").hidden = !join;
  status(join ? "type your name to take a seat" : "not seated");
  show((text + (join ? " Type your name to take a free seat at this table."
                     : " Open your table's link (the teacher's board or QR code) to take a seat.")).trim());
}

function clearTable() {
  state = null;
  lesson = null;
  offered = [];
  clicks = [];
  document.body.dataset.turn = "no";
  delete document.body.dataset.ply;
  delete document.body.dataset.mode;
  for (const id of ["board", "moves", "log", "scores", "strip", "played"]) $(id).replaceChildren();
  $("scores").hidden = true;
  $("lesson").hidden = true;
  hideBubble();
}

// --- the board: the game's drawing, its things clicked to build a move -------------------------------------
// The server sends each legal move with the clicks that name it (``targets``: {move, path: [[id, label]], said});
// the page walks those paths. A click on a thing no path offers asks the server why not (the engine's refusal of
// the nearest move naming it). Nothing is decided here: the move made is sent as its notation, and checked there.
let lesson = null;  // the lesson_state shown, while the table takes a lesson
let offered = [];  // the moves that can be clicked now
let clicks = [];  // the ids clicked so far towards one move
let bubbleFor = null;

function under(prefix) {
  return offered.filter((t) => t.path.length >= prefix.length && prefix.every((id, i) => t.path[i][0] === id));
}

function options(prefix) {  // the next clicks that still lead to a move: id -> label
  const found = new Map();
  for (const t of under(prefix)) if (t.path.length > prefix.length) {
    const [id, label] = t.path[prefix.length];
    if (!found.has(id)) found.set(id, label);
  }
  return found;
}

function onBoard(id) { return $("board").querySelector(`[data-target="${CSS.escape(id)}"]`); }

function hideBubble() { $("bubble").hidden = true; bubbleFor = null; }

function showBubble(node, text, kind) {
  const bubble = $("bubble");
  bubble.textContent = text;
  bubble.className = kind;
  bubble.hidden = false;
  const box = $("play").getBoundingClientRect();
  const at = (node || $("strip")).getBoundingClientRect();
  const width = Math.min(bubble.offsetWidth, box.width);
  bubble.style.left = `${Math.max(0, Math.min(at.left - box.left, box.width - width))}px`;
  bubble.style.top = `${at.bottom - box.top + 4}px`;
}

function preview(id) {  // what clicking a usable thing does, in the game's words
  const left = under([...clicks, id]);
  if (left.length === 1) return left[0].said;
  return `${left.length} moves: ` + left.slice(0, 4).map((t) => t.said).join(" ") + (left.length > 4 ? " …" : "");
}

function touch(node, id) {
  const next = options(clicks);
  if (next.has(id)) {
    clicks.push(id);
    hideBubble();
    const left = under(clicks);
    if (left.length === 1) { make(left[0]); return; }
    decorate();
    showBubble(node, previewLeft(left), "preview");
    return;
  }
  bubbleFor = id;
  showBubble(node, "Why not? Asking the rules…", "why");
  if (lesson) send({type: "lesson", action: "why", target: id, prefix: clicks});
  else send({type: "why", target: id, prefix: clicks});
}

function previewLeft(left) {
  return `${left.length} moves left: ` + left.slice(0, 4).map((t) => t.said).join(" ") + (left.length > 4 ? " …" : "");
}

function make(t) {
  clicks = [];
  $("played").textContent = `Sent: ${t.said}`;
  if (lesson) send({type: "lesson", action: "attempt", move: t.move});
  else send({type: "move", move: t.move, ply: state.ply});
  offered = [];
  decorate();
}

function drawBoard(html, targets) {
  // The board is the game's own drawing of the seat's view (escaped by render.py on the server).
  $("board").innerHTML = html;
  offered = targets || [];
  clicks = [];
  hideBubble();
  for (const node of $("board").querySelectorAll("[data-target]")) {
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    const id = node.getAttribute("data-target");
    node.addEventListener("click", (event) => { event.stopPropagation(); touch(node, id); });
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); touch(node, id); }
    });
    node.addEventListener("mouseenter", () => {
      if (options(clicks).has(id)) { bubbleFor = id; showBubble(node, preview(id), "preview"); }
    });
    node.addEventListener("mouseleave", () => { if (bubbleFor === id && $("bubble").className === "preview") hideBubble(); });
  }
  decorate();
}

function decorate() {  // outline what can be clicked next; the strip holds the clicks made and the choices not drawn
  const next = options(clicks);
  for (const node of $("board").querySelectorAll("[data-target]")) {
    const id = node.getAttribute("data-target");
    node.classList.toggle("live", next.has(id));
    node.classList.toggle("chosen", clicks.includes(id));
    const label = next.get(id) || id.replace(/:/g, " ");
    node.setAttribute("aria-label", next.has(id) ? `${label}: can be used now` : `${label}: not now (why not?)`);
  }
  const strip = $("strip");
  strip.replaceChildren();
  if (!offered.length) { strip.textContent = lesson ? "" : "Nothing to click now."; return; }
  const labels = clicks.map((id, i) => (under(clicks)[0] || {path: []}).path[i]?.[1] || id);
  strip.append(clicks.length ? `Your move: ${labels.join(" › ")} ›` : "Click a thing outlined on the table, or:");
  for (const [id, label] of next) {
    if (onBoard(id)) continue;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "option";
    b.dataset.target = id;
    b.textContent = label;
    b.onclick = () => touch(b, id);
    b.onmouseenter = () => { bubbleFor = id; showBubble(b, preview(id), "preview"); };
    strip.append(b);
  }
  if (clicks.length) {
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "cancel";
    cancel.textContent = "Cancel";
    cancel.onclick = () => { clicks = []; hideBubble(); decorate(); };
    strip.append(cancel);
  }
}

function explained(m) {  // a "why not?" answer, beside the thing touched
  if (bubbleFor !== m.target) return;
  const node = onBoard(m.target) || $("strip").querySelector(`[data-target="${CSS.escape(m.target)}"]`);
  const why = m.move ? `${m.said} No: ${m.reason}.` : `Not now: ${m.reason}.`;
  showBubble(node, `Why not? ${why}${m.remedy ? ` ${m.remedy}` : ""}`, "why");
}

// --- a lesson: the goal, the board of the step, feedback, Hint / Retry / Next, progress -----------------------
function drawLesson(m) {
  lesson = m;
  state = null;
  const L = m.lesson;
  document.body.dataset.mode = "lesson";
  document.body.dataset.step = L.number;
  document.body.dataset.turn = "no";
  delete document.body.dataset.ply;
  $("title").textContent = `${L.lesson.title} · table ${m.table} · ${m.name}`;
  $("lesson").hidden = false;
  $("table-moves").hidden = true;
  $("log-box").hidden = true;
  $("scores").hidden = true;
  $("lesson-title").textContent = `Lesson: ${L.lesson.title}`;
  $("lesson-progress").max = L.progress.total;
  $("lesson-progress").value = L.progress.done;
  $("lesson-count").textContent = `step ${L.number} of ${L.lesson.steps} · ${L.progress.done} done`;
  $("step-title").textContent = L.step.title;
  const seen = L.seat === null ? "as the table sees it" : `through ${L.names[L.seat]}'s eyes`;
  $("lesson-text").replaceChildren();
  const text = document.createElement("div");
  text.className = L.step.kind === "task" ? "goal" : "text";
  text.textContent = L.step.kind === "task" ? `Goal: ${L.step.goal}` : L.step.text;
  const eyes = document.createElement("div");
  eyes.textContent = `The board ${seen}.`;
  $("lesson-text").append(text, eyes);
  $("lesson-told").replaceChildren(...L.told.map((t) => {
    const line = document.createElement("div");
    line.textContent = [t.said, ...t.changes].join(" ");
    if (t.note) { const note = document.createElement("span"); note.className = "note"; note.textContent = ` ${t.note}`; line.append(note); }
    return line;
  }));
  const fb = $("lesson-feedback");
  fb.textContent = L.feedback ? L.feedback.text : "";
  if (L.feedback) fb.dataset.outcome = L.feedback.outcome; else delete fb.dataset.outcome;
  $("lesson-hint").hidden = !L.hint;
  $("lesson-hint").textContent = L.hint ? `Hint: ${L.hint}` : "";
  $("hint").hidden = L.step.kind !== "task";
  $("retry").hidden = L.step.kind !== "task" && !L.told.length;
  $("next").disabled = !L.can_next;
  $("next").textContent = L.step.kind === "narration" && L.step.left ? "Next move" : L.finished && !L.can_next ? "Finished" : "Next";
  $("status").textContent = L.finished ? "lesson finished" : L.step.kind === "task" && !L.done ? "your task" : "read, then Next";
  $("status").className = L.step.kind === "task" && !L.done ? "turn" : "";
  if (L.feedback && L.feedback.outcome !== "solved") $("played").textContent = "";
  drawBoard(m.html, m.targets);
  seatedLine(m.name);
}

function connect() {
  if (!table || (!token && !join)) { status("not seated"); show("This page needs your join link (it names your table)."); return; }
  if (!token && !waitingName) { unseated(""); $("name").focus(); return; }  // a table link: a name first
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  status("connecting…");
  const socket = new WebSocket(`${scheme}//${location.host}/ws`);
  ws = socket;
  socket.onopen = () => {
    retry = 0;
    if (token) socket.send(JSON.stringify(withSession({type: "hello", table, token, device})));
    else socket.send(JSON.stringify(withSession({type: "claim", table, join, name: waitingName, device, other})));
    clearTimeout(silence);
    silence = setTimeout(() => {  // never "connecting…" for ever: say so, and try again
      if (ws === socket && !welcomed) {
        show(`The server has not answered in ${WELCOME_WAIT / 1000} s; trying again.`);
        socket.close();
      }
    }, WELCOME_WAIT);
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    if (ws !== socket) return;
    ws = null;
    clearTimeout(silence);
    const seated = welcomed;
    welcomed = false;
    document.body.dataset.turn = "no";
    if (event.code === 4001) return;  // the seat was freed: "freed" has said so
    if (event.code === 1013 || event.code === 1008) show(`The server closed the connection: ${event.reason}.`);
    if (!token && !waitingName) return;  // nothing to say hello with: the page waits for a name
    status(seated ? "disconnected: reconnecting…" : "no connection: retrying…");
    retry = Math.min(retry + 1, 4);
    setTimeout(connect, 250 * 2 ** retry);
  };
}

function receive(m) {
  if (m.type === "state") draw(m);
  else if (m.type === "lesson_state") drawLesson(m);
  else if (m.type === "welcome") welcome(m);
  else if (m.type === "claimed") { token = m.token; other = false; waitingName = null; keep(); }
  else if (m.type === "notice") { $("notice").hidden = false; $("notice").textContent = m.message; }
  else if (m.type === "freed") {
    token = null;
    keep();
    unseated(`The teacher has taken this seat back: its link no longer works.`);
  }
  else if (m.type === "error" && !welcomed) refused(m);
  else if (m.type === "error") show(`${m.message}${m.rule ? ` [${m.rule}]` : ""}`);
  else if (m.type === "accepted") show("");
  else if (m.type === "explanation" && m.target !== undefined) explained(m);
  else if (m.type === "explanation") {
    const out = $("why-out");
    out.className = m.legal ? "legal" : "illegal";
    out.textContent = `${m.legal ? "legal" : "not allowed"}: ${m.reason}${m.rule ? ` [${m.rule}]` : ""}` +
      (m.remedy ? ` (${m.remedy})` : "");
  }
}

function refused(m) {  // a hello or a claim refused: the page says why in words, and waits for the student
  const socket = ws;
  waitingName = null;
  if (m.code === "bad_token") {
    token = null;
    keep();
    unseated(`This device's seat at table ${table} is not known to the server (the teacher may have freed it, or ` +
             "it belongs to another lesson).");
  } else if (m.code === "bad_session") {
    token = null;
    keep();
    unseated("This link belongs to another session (another lesson).");
  } else if (m.code === "already_seated") {
    unseated(m.message + ".");
    $("seated").hidden = false;
    $("seated-text").textContent = "This device already has a seat at this table.";
    $("someone-else").hidden = false;
  } else {
    show(`${m.message}${m.rule ? ` [${m.rule}]` : ""}`);
    status(token ? "not seated" : "type your name to take a seat");
  }
  ws = null;  // an unjoined connection is closed by this page, not left for the server to time out
  if (socket) socket.close();
}

function welcome(m) {
  welcomed = true;
  retry = 0;
  clearTimeout(silence);
  show("");
  if (m.session && m.session !== session) {  // an older link without its session: the address and storage get it
    session = m.session;
    key = `${prefix}:${session}:${table}`;
    keep();
    params.set("session", session);
    history.replaceState(null, "", `${location.pathname}?${params}`);
  }
  $("name-form").hidden = false;
  $("name-button").textContent = "Set";
  seatedLine(m.name);
  if (rename) { send({type: "name", name: rename}); rename = null; }
}

function seatedLine(name) {
  $("seated").hidden = false;
  $("seated-text").textContent = `Seated on this device: ${name}`;
  $("someone-else").hidden = !join;  // a free seat needs the table's link
  if (!join) $("seated-text").textContent += " (not you? ask the teacher for your own link)";
}

function draw(m) {
  if (lesson) { lesson = null; $("lesson").hidden = true; $("played").textContent = ""; }
  $("table-moves").hidden = false;
  $("log-box").hidden = false;
  document.body.dataset.mode = "table";
  delete document.body.dataset.step;
  const fresh = !state || state.ply !== m.ply;
  state = m;
  document.body.dataset.ply = m.ply;  // for scripts and tests: the ply this page shows
  document.body.dataset.turn = m.your_turn && !m.paused && !m.ended ? "yes" : "no";
  $("title").textContent = `${m.game.replace(/_/g, " ")} · table ${m.table} · you are ${m.names[m.seat]}`;
  const open = m.your_turn && !m.paused && !m.ended;
  if (fresh || !clicks.length) drawBoard(m.html, open ? m.targets : []);  // a rename keeps the clicks made
  if (fresh && m.log.length) $("played").textContent = "";
  const status = $("status");
  const others = m.to_act.filter((s) => s !== m.seat).map((s) => m.names[s] || `seat ${s + 1}`);
  if (m.ended) { status.textContent = "the session has ended"; status.className = "off"; }
  else if (m.over) { status.textContent = "game over"; status.className = ""; }
  else if (m.paused) { status.textContent = "paused by the teacher"; status.className = "off"; }
  else if (m.your_turn) { status.textContent = "your turn"; status.className = "turn"; }
  else { status.textContent = `waiting for ${others.join(", ") || "the table"}`; status.className = ""; }
  const moves = $("moves");  // every move in words: for a screen reader, or a thing hard to touch
  moves.replaceChildren();
  const said = new Map((m.targets || []).map((t) => [t.move, t.said]));
  for (const text of m.legal) {
    const b = document.createElement("button");
    b.textContent = said.get(text) || text;
    b.className = "move";
    b.dataset.move = text;
    b.disabled = !open;
    b.onclick = () => { $("played").textContent = `Sent: ${b.textContent}`; send({type: "move", move: text, ply: state.ply}); };
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
  seatedLine(m.names[m.seat]);
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
  if (token && welcomed) { send({type: "name", name}); return; }
  if (token) { rename = name; return; }  // sent once the seat is welcomed
  if (!join) return;
  waitingName = name;  // a claim: sent once connected
  show("");
  if (ws) ws.close();
  ws = null;
  connect();
};
$("someone-else").onclick = () => {
  // Someone else at this browser: this device forgets the seat it holds here (its student keeps it, by their
  // own link) and the next name typed takes a free seat.
  const socket = ws;
  ws = null;
  if (socket) socket.close();
  token = null;
  other = true;
  keep();
  unseated("");
  $("name").value = "";
  $("name").focus();
};
$("hint").onclick = () => send({type: "lesson", action: "hint"});
$("retry").onclick = () => { $("played").textContent = ""; send({type: "lesson", action: "retry"}); };
$("next").onclick = () => { $("played").textContent = ""; send({type: "lesson", action: "next"}); };
document.addEventListener("click", (event) => {  // a click elsewhere closes the bubble
  if (!event.target.closest("#bubble, #strip, [data-target]")) hideBubble();
});
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
