// The teacher's page: every table live (its public view, what a projector may show), pause and resume, free a
// seat, seat a bot, add a table, download the decisions. It speaks the classroom protocol with the teacher token
// (typed, or given after # in the address: the part of an address the browser never sends to a server).
const $ = (id) => document.getElementById(id);
const stored = "bgl-classroom-teacher";
let token = new URLSearchParams(location.hash.slice(1)).get("token") || sessionStorage.getItem(stored) || "";
if (location.hash) history.replaceState(null, "", location.pathname);  // the token off the screen
let ws = null;
let welcomed = false;
let bots = [];
let games = [];
let lessons = {};  // game -> its lessons (id, title, steps), sent after the welcome
let retry = 0;
const cards = new Map();  // table id -> its card's parts, made once (a redraw keeps the choices being made)

function status(text, off = true) { $("status").textContent = text; $("status").className = off ? "off" : ""; }
function answer(text, refused = false) {
  const span = document.createElement("span");
  span.className = refused ? "refused" : "done";
  span.textContent = text;
  $("answer").replaceChildren(span);
}
function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN && welcomed) ws.send(JSON.stringify({type: "teacher", ...message}));
  else answer("not connected: nothing was sent", true);
}

function connect() {
  if (!token) { status("type the teacher token"); return; }
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/ws`);
  ws = socket;
  status("connecting…");
  socket.onopen = () => socket.send(JSON.stringify({type: "hello", token}));
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    if (ws !== socket) return;
    const was = welcomed;
    welcomed = false;
    $("csv").disabled = true;
    if (!was && !token) return;
    status(`disconnected${event.reason ? ` (${event.reason})` : ""}: reconnecting…`);
    retry = Math.min(retry + 1, 4);
    setTimeout(connect, 250 * 2 ** retry);
  };
}

function receive(m) {
  if (m.type === "welcome") {
    if (m.role !== "teacher") { refuse("that is a seat's token, not the teacher's"); return; }
    welcomed = true;
    retry = 0;
    sessionStorage.setItem(stored, token);
    bots = m.bots;
    games = m.games;
    status(`session ${m.session}`, false);
    $("csv").disabled = false;
    $("token-form").hidden = true;
    fillGames();
    ws.send(JSON.stringify({type: "teacher", action: "spectate"}));
  } else if (m.type === "lessons") { lessons = m.games; fillLessons(); }
  else if (m.type === "room") drawRoom(m);
  else if (m.type === "done") answer(m.action === "add_table" ? `table ${m.table} added` :
    m.tables ? `done: ${m.action.replace("_", " ")} (tables ${m.tables.join(", ")})` : `done: ${m.action.replace("_", " ")}`);
  else if (m.type === "error" && !welcomed) refuse(m.message);
  else if (m.type === "error") answer(m.message, true);
}

function refuse(text) {  // a wrong token: say so, forget it, and ask again
  token = "";
  sessionStorage.removeItem(stored);
  const socket = ws;
  ws = null;
  if (socket) socket.close();
  $("token-form").hidden = false;
  status("not connected");
  answer(`The server refused the token: ${text}.`, true);
}

function fillGames() {
  const game = $("add-game");
  game.replaceChildren(...games.map((g) => new Option(g.title, g.name)));
  const players = () => {
    const g = games.find((x) => x.name === game.value);
    $("add-players").replaceChildren(...g.players.map((n) => new Option(String(n), String(n), false, n === g.default_players)));
  };
  game.onchange = players;
  players();
  $("add-form").hidden = false;
}

function lessonOptions(game) { return (lessons[game] || []).map((l) => new Option(`${l.title} (${l.steps.length} steps)`, l.id)); }

function fillLessons() {  // the lesson menus: each table's game's lessons, and every game's for all tables at once
  const all = [];
  for (const [game, list] of Object.entries(lessons)) {
    for (const l of list) all.push(new Option(`${game.replace(/_/g, " ")}: ${l.title}`, `${game}/${l.id}`));
  }
  $("lesson-all").replaceChildren(...all);
  $("lesson-form").hidden = !all.length;
  for (const card of cards.values()) {
    card.lesson.replaceChildren(...lessonOptions(card.game));
    card.lessonBox.hidden = !card.lesson.options.length;
  }
}

function drawLesson(card, about) {  // where each student is in the table's lesson, and who is stuck
  card.progress.replaceChildren();
  card.clear.hidden = !about;
  if (!about) return;
  const head = document.createElement("div");
  head.textContent = `Lesson: ${about.title} (${about.steps} steps)`;
  const list = document.createElement("ul");
  for (const s of about.students) {
    const li = document.createElement("li");
    li.dataset.seat = s.seat;
    if (!s.started) li.textContent = `${s.name}: not started`;
    else {
      const now = s.records[s.step - 1];
      li.textContent = `${s.name}: step ${s.step} of ${about.steps} (${s.title}) · ${s.done} done · ` +
        `tries ${now.attempts}, wrong ${now.wrong}, refused ${now.refused}, hints ${now.hints}` +
        (s.finished ? " · finished" : "");
      if (s.stuck) { const stuck = document.createElement("span"); stuck.className = "stuck"; stuck.textContent = " · stuck here"; li.append(stuck); }
    }
    list.append(li);
  }
  card.progress.append(head, list);
}

function drawRoom(m) {
  for (const t of m.tables) {
    let card = cards.get(t.table);
    if (!card) { card = makeCard(t); cards.set(t.table, card); $("tables").append(card.box); }
    const toAct = t.to_act.filter((s) => s >= 0).map((s) => t.names[s]).join(", ") || "nobody";
    card.box.className = t.paused ? "table paused" : "table";
    card.box.dataset.ply = t.ply;
    card.title.textContent = `Table ${t.table} · ${t.game.replace(/_/g, " ")} · ply ${t.ply} · ` +
      (t.over ? "game over" : t.paused ? "paused" : `${toAct} to act (${Math.round(t.waiting)} s)`);
    card.seats.textContent = "Seats: " + t.names.map((n, i) =>
      `${i + 1}. ${n}${t.bots[i] ? "" : t.connected[i] ? " (here)" : " (away)"}`).join(" · ");
    card.link.textContent = `${location.origin}/play?session=${m.session}&table=${t.table}&join=${t.join}`;
    card.pause.textContent = t.paused ? "Resume" : "Pause";
    card.pause.onclick = () => send({action: t.paused ? "resume" : "pause", table: t.table});
    const keep = card.seat.value;
    card.seat.replaceChildren(...t.names.map((n, i) => new Option(`${i + 1}: ${n}`, String(i))));
    if (keep) card.seat.value = keep;
    drawLesson(card, t.lesson);
    // The board is the game's own drawing of the public view (escaped by render.py on the server).
    card.board.innerHTML = t.html;
  }
}

function makeCard(t) {
  const box = document.createElement("section");
  box.dataset.table = t.table;
  const title = document.createElement("h3");
  const seats = document.createElement("div");
  seats.className = "line seats";
  const linkLine = document.createElement("div");
  linkLine.className = "line";
  linkLine.append("Table link: ");
  const link = document.createElement("code");
  linkLine.append(link);
  const controls = document.createElement("div");
  controls.className = "controls";
  const pause = document.createElement("button");
  pause.className = "pause";
  const seat = document.createElement("select");
  seat.className = "seat";
  const free = document.createElement("button");
  free.textContent = "Free the seat";
  free.className = "free";
  free.onclick = () => send({action: "free_seat", table: t.table, seat: Number(seat.value)});
  const bot = document.createElement("select");
  bot.className = "bot";
  bot.replaceChildren(...bots.map((b) => new Option(b, b)));
  const seatBot = document.createElement("button");
  seatBot.textContent = "Seat a bot";
  seatBot.className = "seat-bot";
  seatBot.onclick = () => send({action: "seat_bot", table: t.table, seat: Number(seat.value), bot: bot.value});
  controls.append(pause, "Seat", seat, free, bot, seatBot);
  const lessonBox = document.createElement("div");
  lessonBox.className = "controls lesson-controls";
  const lesson = document.createElement("select");
  lesson.className = "lesson";
  lesson.replaceChildren(...lessonOptions(t.game));
  lessonBox.hidden = !lesson.options.length;
  const assign = document.createElement("button");
  assign.className = "assign";
  assign.textContent = "Assign the lesson";
  assign.onclick = () => send({action: "assign_lesson", table: t.table, game: t.game, lesson: lesson.value});
  const clear = document.createElement("button");
  clear.className = "clear-lesson";
  clear.textContent = "Back to the game";
  clear.hidden = true;
  clear.onclick = () => send({action: "clear_lesson", table: t.table});
  lessonBox.append("Lesson", lesson, assign, clear);
  const progress = document.createElement("div");
  progress.className = "lesson-line";
  const board = document.createElement("div");
  board.className = "board";
  box.append(title, seats, linkLine, controls, lessonBox, progress, board);
  return {box, title, seats, link, pause, seat, board, lesson, lessonBox, clear, progress, game: t.game};
}

$("token-form").onsubmit = (event) => {
  event.preventDefault();
  token = $("token").value.trim();
  $("token").value = "";
  if (token) connect();
};
$("add-form").onsubmit = (event) => {
  event.preventDefault();
  send({action: "add_table", game: $("add-game").value, players: Number($("add-players").value)});
};
$("lesson-form").onsubmit = (event) => {
  event.preventDefault();
  const [game, lesson] = $("lesson-all").value.split("/");
  send({action: "assign_lesson", game, lesson});
};
$("clear-all").onclick = () => send({action: "clear_lesson"});
$("csv").onclick = async () => {  // fetched with the token in a header (never in an address), saved as a file
  const reply = await fetch("/teacher/decisions.csv", {headers: {Authorization: `Bearer ${token}`}});
  if (!reply.ok) { answer(await reply.text(), true); return; }
  const url = URL.createObjectURL(await reply.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = "decisions.csv";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
connect();
