"""The classroom protocol: JSON text messages over one WebSocket at ``/ws``.

Every message is one JSON object with a ``type``. A message larger than ``MAX_MESSAGE`` bytes,
text that is not JSON, an unknown type, a missing, unexpected or mistyped field, all get an
``error`` naming the field at fault, and change nothing. Each connection may send ``RATE``
messages a second on average (bursts of ``BURST``); beyond that the message is dropped with a
``rate_limited`` error, and a connection with more than ``CLOSE_AFTER`` messages dropped within the
last ``WINDOW`` seconds is closed (code 1008, the reason in words).

Every link and every ``hello`` or ``claim`` belongs to one session: ``session`` is the session's id
(``Room.session``, in every link the server prints). A message naming another session gets
``bad_session``: it comes from a link of another lesson.

Student (a seat) to server
    ``{"type": "hello", "session": "<id>", "table": "t1", "token": "<seat token>", "name": "Ann",
    "device": "<this browser's id>"}``
        Join a seat; ``name`` (optional, 1-40 printable characters) is the display name, unique at the
        table (another seat's name gets ``name_taken``). ``device`` (optional) is a random id the page keeps
        for its browser: when a seat is open on two devices (or two tabs) at once, each gets a ``notice``.
        The answer is ``welcome`` then a ``state``. A wrong table or token gets ``error`` code ``bad_token``
        (the same for both, so table ids cannot be probed), and the connection stays unjoined.
    ``{"type": "claim", "session": "<id>", "table": "t1", "join": "<table's join code>", "name": "Ann",
    "device": "<id>", "other": false}``
        Take the next free seat at a table from its table link (a seat nobody has named, joined or given
        to a bot). The answer is ``claimed`` with the seat's ``token`` (keep it: it is the seat from now
        on), then ``welcome`` and ``state`` as after a hello; ``table_full`` when no seat is free. A table
        link seats a device once: a second claim from the same ``device`` at the same table gets that
        device's seat back under the same name (a claim sent again), and under another name is refused
        ``already_seated`` unless ``other`` is true ("I am someone else"): then the device takes a free seat
        and the seat it held stays its student's.
    ``{"type": "move", "move": "<notation>", "ply": 12}``
        Make a move as this seat. ``ply`` is the ply of the state the student decided on: a move sent
        for an older state (a replayed or duplicated message) is refused with code ``stale``, unless the
        seat has been free to act, without moving, since that ply (a window open to several seats at
        once, where another seat answered first). The engine
        checks the seat (``game.apply(move, player=seat)``); the answer is ``accepted`` (sent only
        after the move is written to the database) or ``error`` with the rule id at fault.
    ``{"type": "explain", "move": "<notation>"}``
        "Why not?": ``explanation`` with ``legal``, ``rule``, ``reason`` and ``remedy``, for this seat.
    ``{"type": "why", "target": "row:U3", "prefix": ["hand:0:market"]}``
        "Why not?" for a thing touched on the board (its ``data-target`` id) after the clicks ``prefix``
        (at most ``MAX_CLICKS``): ``explanation`` with ``target``, the nearest ``move`` naming it, ``said`` (that
        move in words), ``rule``, ``reason`` and ``remedy`` (classroom/board.py).
    ``{"type": "lesson", "action": "attempt" | "hint" | "retry" | "next" | "goto" | "why", "move": "...",
    "step": 2, "target": "...", "prefix": [...]}``
        A step of the lesson the seat's table takes (``LessonRun``'s methods: ``move`` for attempt, ``step`` for
        goto, ``target`` and ``prefix`` for why). Answered by a new ``lesson_state`` (a why by ``explanation``);
        ``no_lesson`` when the table takes none, ``lesson`` (field ``action``) when the step cannot do it
        (a narration attempted, a task not yet solved asked for Next, no such step).
    ``{"type": "name", "name": "Ann"}``: change the display name.
    ``{"type": "ping"}``: answered by ``pong``.

Teacher to server (after ``hello`` with the teacher token and no table)
    ``{"type": "teacher", "action": "status"}``: a ``room`` message (every table's summary).
    ``{"type": "teacher", "action": "watch", "table": "t1"}``: a ``teacher_state`` with ``full_view``.
    ``{"type": "teacher", "action": "pause" | "resume", "table": "t1"}``
    ``{"type": "teacher", "action": "seat_bot", "table": "t1", "seat": 2, "bot": "random"}``
    ``{"type": "teacher", "action": "undo", "table": "t1"}``: take back the last move (sandbox tables only).
    ``{"type": "teacher", "action": "free_seat", "table": "t1", "seat": 2}``: take a seat back: its token is
        revoked (its link no longer works), its name, bot and device are cleared, and each page open at it
        is sent ``freed`` and closed (code 4001); the table link then hands the seat out again.
    ``{"type": "teacher", "action": "spectate"}``: from now on every ``room`` message carries each table's public
        view drawn (``html``, what a projector may show) and its ``join`` code.
    ``{"type": "teacher", "action": "add_table", "game": <a game's name>, "players": 4}``: a new table (``players``
        optional); ``done`` carries its ``table`` id. A game or a number of players the engine refuses gets
        ``bad_field`` naming ``game`` or ``players``.
    ``{"type": "teacher", "action": "end"}``: end the session (every table refuses moves from then on).
    ``{"type": "teacher", "action": "assign_lesson", "lesson": "first_round", "game": <a game's name>,
    "table": "t1"}``: the students at the table (no ``table``: at every table) take the lesson on their own
        pages (``game`` by default the table's; every table's must then be one game). ``done`` carries the
        ``tables``. A lesson the game has not, or a game the engine does not know, is a ``bad_field``.
    ``{"type": "teacher", "action": "clear_lesson", "table": "t1"}``: back to the table's game (no ``table``:
        every table); the students' progress is kept.
    Answered by ``done`` (with the action) or ``error``. A seat's token never gets these.

Server to client
    ``welcome``: ``role`` ("seat" or "teacher"), ``session``, ``table``, ``seat``, ``game``, ``players``; the
        teacher's also ``games`` (each game's name and its numbers of players) and ``bots``.
    ``state``: the seat's own picture, pushed after every change at its table: ``table``, ``seat``,
        ``ply``, ``phase``, ``to_act`` (the seats the engine says may act: public, as on the board),
        ``your_turn``, ``legal`` (this seat's legal moves as notation, from ``seat_moves``; empty when
        it may not act), ``view`` (``game.view(seat)``), ``html`` (that view drawn by the game's
        ``render.render_html``), ``log`` (``game.log_for(seat)`` entries after ``log_from``; with
        ``log_reset`` true the whole log), ``names`` (display names), ``paused``, ``ended``, ``over``,
        ``scores`` and ``winners`` (at the end only), ``targets`` (while it may act: each legal move's
        ``move``, its clicks ``path`` as ``[id, label]`` pairs and ``said``, the move in the game's words).
    ``lesson_state``: instead of ``state`` while the seat's table takes a lesson: ``table``, ``seat``, ``name``,
        ``lesson`` (``LessonRun.state()``: the step, the step's seat's view, feedback, hint, progress, records;
        never a solution), ``html`` (that view drawn) and ``targets`` (as in ``state``, while a task waits).
    ``lessons`` (to the teacher, after the welcome): ``games``, each game's lessons (id, title, summary, steps).
    ``claimed``: ``table``, ``seat``, ``token``.
    ``notice``: ``code`` (``opened_elsewhere``: this seat is open on more than one device or tab now) and
        ``message``, in words.
    ``freed``: the teacher took this seat back (``message``); the connection is closed after it.
    ``accepted``: ``ply`` (after the move) and ``move``.
    ``explanation``, ``pong``, ``teacher_state``, ``done``.
    ``room``: ``session``, ``ended`` and ``tables``, each a table's summary with ``lesson``: null, or the lesson it
        takes (``game``, ``id``, ``title``, ``steps``) and its ``students``: each seat's ``name``, ``started``,
        ``step``, ``title``, ``done``, ``finished``, ``missed`` and ``stuck`` (``lessons.STUCK_AFTER`` missed tries
        on the task now) and ``records`` (``LessonRun.records``).
    ``error``: ``code``, ``message``, and where it applies ``field`` (the message field at fault) or
        ``rule`` (the rule id that forbids a move).

Error codes: ``too_large``, ``bad_json``, ``bad_field``, ``unknown_type``, ``rate_limited``,
``bad_token``, ``bad_session``, ``no_lesson``, ``lesson``, ``table_full``, ``already_seated``, ``name_taken``, ``not_joined``, ``not_teacher``, ``notation``, ``illegal``, ``stale``, ``paused``,
``ended``, ``storage``, ``too_many_waiting`` (already 30 moves and teacher actions, ``server.MAX_WAITING``,
wait for the table's last move to be written; nothing was changed).

A table takes moves and teacher actions in arrival order: one that arrives while the table's last move is
being written waits for it and is answered once it has run (never refused as busy).
"""
from __future__ import annotations

import json
import time
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable

from ..core.jsontext import read_json

MAX_MESSAGE = 16 * 1024  # bytes of one message's text
RATE = 10.0  # messages a second per connection, on average
BURST = 30  # messages a connection may send at once
CLOSE_AFTER = 100  # rate-limited messages within WINDOW seconds: one more and the connection is closed
WINDOW = 20.0  # seconds over which the rate-limited messages are counted
MAX_NAME = 40
MAX_MOVE = 200
MAX_TOKEN = 100
MAX_TABLE = 40
MAX_SESSION = 40

# The fields of each message type: name -> (type, required).
_SEATED: dict[str, dict[str, tuple[type, bool]]] = {  # per type: each field's type and whether it is required
    "hello": {"table": (str, False), "token": (str, True), "name": (str, False), "session": (str, False),
              "device": (str, False)},
    "claim": {"table": (str, True), "join": (str, True), "name": (str, True), "session": (str, False),
              "device": (str, False), "other": (bool, False)},
    "move": {"move": (str, True), "ply": (int, True)},
    "explain": {"move": (str, True)},
    "name": {"name": (str, True)},
    "ping": {},
    "why": {"target": (str, True), "prefix": (list, False)},
    "lesson": {"action": (str, True), "move": (str, False), "step": (int, False), "target": (str, False),
               "prefix": (list, False)},
    "teacher": {"action": (str, True), "table": (str, False), "seat": (int, False), "bot": (str, False),
                "game": (str, False), "players": (int, False), "lesson": (str, False)},
}
TEACHER_ACTIONS = ("status", "watch", "spectate", "pause", "resume", "seat_bot", "undo", "free_seat", "add_table",
                   "end", "assign_lesson", "clear_lesson")
LESSON_ACTIONS = ("attempt", "hint", "retry", "next", "goto", "why")
_LIMITS = {"table": MAX_TABLE, "token": MAX_TOKEN, "join": MAX_TOKEN, "name": MAX_NAME, "move": MAX_MOVE, "bot": 20,
           "action": 20, "session": MAX_SESSION, "device": MAX_TOKEN, "game": 40, "lesson": 80, "target": MAX_MOVE}
MAX_CLICKS = 12  # the clicks a "why not?" may name before the thing touched


class ProtocolError(Exception):
    """A message the server refuses; ``code`` and ``field`` go into the error message."""

    def __init__(self, code: str, message: str, field: str | None = None, rule: str | None = None):
        super().__init__(message)
        self.code = code
        self.field = field
        self.rule = rule

    def as_message(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "error", "code": self.code, "message": str(self)}
        if self.field is not None:
            out["field"] = self.field
        if self.rule is not None:
            out["rule"] = self.rule
        return out


def parse(text: str | bytes) -> dict[str, Any]:
    """One client message, checked field by field (raises ProtocolError naming what is wrong)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("bad_json", "a message is UTF-8 JSON text") from None
    if len(text.encode("utf-8")) > MAX_MESSAGE:
        raise ProtocolError("too_large", f"a message may be at most {MAX_MESSAGE} bytes")
    data = read_json(text, lambda reason, key: ProtocolError("bad_json", reason, key))
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", "a message is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_field", "field 'type' is missing or not text", "type")
    if kind not in _SEATED:
        raise ProtocolError("unknown_type", f"no message type {kind[:40]!r}; the types are {sorted(_SEATED)}", "type")
    fields = _SEATED[kind]
    for name in data:
        if name != "type" and name not in fields:
            raise ProtocolError("bad_field", f"field {name[:40]!r} is not a field of {kind!r}", name[:40])
    for name, (wanted, required) in fields.items():
        if name not in data:
            if required:
                raise ProtocolError("bad_field", f"field {name!r} is missing", name)
            continue
        _check_value(name, data[name], wanted)
    if kind == "teacher" and data["action"] not in TEACHER_ACTIONS:
        raise ProtocolError("bad_field", f"field 'action' must be one of {list(TEACHER_ACTIONS)}", "action")
    if kind == "lesson" and data["action"] not in LESSON_ACTIONS:
        raise ProtocolError("bad_field", f"field 'action' must be one of {list(LESSON_ACTIONS)}", "action")
    if "name" in data:
        data["name"] = display_name(data["name"])
    return data


def _check_value(name: str, value: Any, wanted: type) -> None:
    if type(value) is not wanted:  # exact: True is not a ply, 3.0 is not a seat
        raise ProtocolError("bad_field", f"field {name!r} must be {wanted.__name__}, not {type(value).__name__}", name)
    if isinstance(value, str) and len(value) > _LIMITS.get(name, MAX_MOVE):
        raise ProtocolError("bad_field", f"field {name!r} may be at most {_LIMITS.get(name, MAX_MOVE)} characters",
                            name)
    if isinstance(value, int) and not 0 <= value < 1_000_000:
        raise ProtocolError("bad_field", f"field {name!r} must be from 0 to 999999", name)
    if isinstance(value, list):  # the clicks made so far: a few target ids
        if len(value) > MAX_CLICKS:
            raise ProtocolError("bad_field", f"field {name!r} may hold at most {MAX_CLICKS} items", name)
        for item in value:
            if type(item) is not str or len(item) > MAX_MOVE:
                raise ProtocolError("bad_field", f"field {name!r} holds text of at most {MAX_MOVE} characters", name)


def display_name(text: str) -> str:
    """A display name: trimmed, 1 to MAX_NAME characters, no control or invisible format characters."""
    name = " ".join(text.split())
    if not name:
        raise ProtocolError("bad_field", "field 'name' is empty", "name")
    if len(name) > MAX_NAME:
        raise ProtocolError("bad_field", f"field 'name' may be at most {MAX_NAME} characters", "name")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in name):
        raise ProtocolError("bad_field", "field 'name' holds control or invisible characters", "name")
    return name


def dumps(message: dict[str, Any]) -> str:
    # Messages are built of the engine's JSON-ready views (no cycles): skipping the check saves a fifth of the time.
    return json.dumps(message, separators=(",", ":"), check_circular=False)


@dataclass
class RateLimiter:
    """A token bucket per connection: ``rate`` messages a second, bursts of ``burst``; and the messages it
    refused within the last ``window`` seconds, so that a flood is told from a burst.

    A message let through now and then does not forgive the refusals before it: a client sending far over the
    rate is ``flooding`` once more than ``close_after`` of its messages were refused within ``window`` seconds,
    however its messages are spaced. The clock is injectable so tests count messages instead of timing them."""

    rate: float = RATE
    burst: int = BURST
    clock: Callable[[], float] = time.monotonic
    window: float = WINDOW
    close_after: int = CLOSE_AFTER
    _tokens: float = field(init=False)
    _last: float = field(init=False)
    _refused: deque[float] = field(init=False, default_factory=deque)  # when each recent refusal was

    def __post_init__(self) -> None:
        self._tokens = float(self.burst)
        self._last = self.clock()

    def allow(self) -> bool:
        now = self.clock()
        self._tokens = min(float(self.burst), self._tokens + max(0.0, now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        self._refused.append(now)
        return False

    @property
    def refused(self) -> int:
        """The messages refused within the last ``window`` seconds."""
        since = self.clock() - self.window
        refused = self._refused
        while refused and refused[0] <= since:
            refused.popleft()
        return len(refused)

    @property
    def flooding(self) -> bool:
        return self.refused > self.close_after

    def close_reason(self) -> str:
        """Why a flooding connection is closed (a WebSocket close reason: at most 123 bytes)."""
        return (f"too many messages: over {self.close_after} refused in {self.window:g} s "
                f"(at most {self.rate:g} a second)")


__all__ = ["BURST", "CLOSE_AFTER", "LESSON_ACTIONS", "MAX_CLICKS", "MAX_MESSAGE", "RATE", "WINDOW", "ProtocolError", "RateLimiter", "display_name",
           "dumps", "parse"]
