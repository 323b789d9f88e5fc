"""The table server: a Starlette app (the student page and one WebSocket, ``/ws``) run by uvicorn.

The protocol is in protocol.py. Everything a connection is sent about a table is built from its
own seat's view and log (or, for the teacher, the full view); a connection is one seat or the
teacher, decided by the token of its ``hello`` and never changed afterwards.
"""
from __future__ import annotations

import asyncio
import threading
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from typing import Any, Callable

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .connection import Connection, Staged, Waiting
from .protocol import BURST, CLOSE_AFTER, RATE, WINDOW, ProtocolError, RateLimiter, dumps, parse
from .board import why_not
from .pictures import render
from .room import Room, TableWriting

HARD_MAX_SIZE = 4 * 1024 * 1024  # uvicorn closes the connection above this; the app answers above 16 KB
CLOSE = "_close"  # an internal marker in a connection's replies: close it once the replies before are out
MAX_WAITING = 30  # moves and teacher actions waiting for one table's write (a burst of one connection fits)
TABLE_ACTIONS = ("pause", "resume", "seat_bot", "undo", "free_seat")  # the teacher's, taken in arrival order
SEAT_ACTIONS = ("seat_bot", "free_seat")  # the teacher's actions on one seat
MAX_STRANGERS = 200  # connections open at once that have not said hello yet (a page says it at once)
MAX_STRANGERS_PER_ADDRESS = 32  # of them from one network address (a class behind one router opening at once)
HELLO_TIMEOUT = 15.0  # seconds a connection may stay open without a hello (the server's clock)
SWEEP_EVERY = 1.0  # seconds between looks for connections past HELLO_TIMEOUT
FREED = 4001  # the close code of a page whose seat the teacher took back
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'unsafe-inline' 'self'; "
                               "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; "
                               "frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",  # the token is in the page's address: never send it elsewhere
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


def _static(name: str) -> str:
    return resources.files("boardgames_lab.classroom").joinpath("static", name).read_text(encoding="utf-8")


class TableServer:
    """The app and its connections, for one room.

    Moves are written by one thread of their own (``_flush``): the event loop goes on serving every other
    table while the database makes a move durable, and the moves that arrive meanwhile are written together
    in the next transaction (a group commit: one flush to disk for all of them). Each move is acknowledged,
    and its table's new state shown to anyone, only once its transaction is committed. A move or teacher action
    for a table whose move is being written waits in that table's queue (``MAX_WAITING`` at most) and runs, in
    arrival order, when the write is done: nobody is asked to try again because of the server's own write."""

    def __init__(self, room: Room, clock: Callable[[], float] = time.monotonic, rate: float = RATE,
                 burst: int = BURST, window: float = WINDOW, close_after: int = CLOSE_AFTER,
                 max_strangers: int = MAX_STRANGERS, max_strangers_per_address: int = MAX_STRANGERS_PER_ADDRESS,
                 hello_timeout: float = HELLO_TIMEOUT):
        self.room = room
        self.clock = clock
        self.rate = rate
        self.burst = burst
        self.window = window
        self.close_after = close_after
        self.max_strangers = max_strangers
        self.max_strangers_per_address = max_strangers_per_address
        self.hello_timeout = hello_timeout
        self.connections: set[Connection] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._dumped: dict[tuple[str, int], tuple[int, str]] = {}
        self._staged: list[Staged] = []
        self._waiting: dict[str, deque[Waiting]] = {}
        self._flushing = False
        self._flusher: asyncio.Task[None] | None = None
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="classroom-db")
        # Lessons run in a thread of their own, in arrival order: a puzzle's search bot thinks for a second, and
        # a game's lessons are validated on first use, while the loop goes on serving the tables.
        self._lessoner = ThreadPoolExecutor(1, thread_name_prefix="classroom-lessons")
        room.add_listener(self._changed)
        self.app = Starlette(routes=[
            Route("/", self.index), Route("/play", self.play), Route("/static/student.js", self.script),
            Route("/teacher", self.teacher_page), Route("/static/teacher.js", self.teacher_script),
            Route("/teacher/decisions.csv", self.decisions_csv), WebSocketRoute("/ws", self.websocket)])
        self._public: dict[str, tuple[int, str]] = {}  # table -> (version, its public view drawn)

    # --- pages ------------------------------------------------------------------------------
    async def index(self, request: Request) -> Response:
        return HTMLResponse("<!doctype html><title>boardgames_lab classroom</title>"
                            "<p>Open the join link your teacher gave you.</p>", headers=PAGE_HEADERS)

    async def play(self, request: Request) -> Response:
        return HTMLResponse(_static("student.html"), headers=PAGE_HEADERS)

    async def script(self, request: Request) -> Response:
        return Response(_static("student.js"), media_type="text/javascript", headers=PAGE_HEADERS)

    async def teacher_page(self, request: Request) -> Response:
        """The teacher's page: it holds no data; it asks for the teacher token and speaks the protocol."""
        return HTMLResponse(_static("teacher.html"), headers=PAGE_HEADERS)

    async def teacher_script(self, request: Request) -> Response:
        return Response(_static("teacher.js"), media_type="text/javascript", headers=PAGE_HEADERS)

    async def decisions_csv(self, request: Request) -> Response:
        """Every decision of the session as CSV, for the teacher token (``Authorization: Bearer <token>``)."""
        given = request.headers.get("authorization", "")
        if not given.startswith("Bearer ") or not self.room.is_teacher(given[len("Bearer "):]):
            return PlainTextResponse("the teacher token is needed (Authorization: Bearer <token>)", status_code=403,
                                     headers=PAGE_HEADERS)
        text = await asyncio.get_running_loop().run_in_executor(None, self.room.decisions_csv)
        headers = {**PAGE_HEADERS, "Content-Disposition": 'attachment; filename="decisions.csv"'}
        return Response(text, media_type="text/csv; charset=utf-8", headers=headers)

    # --- changes from the room (any thread) ----------------------------------------------------
    def _changed(self, table_id: str) -> None:
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(self._kick, table_id)
        except RuntimeError:  # the loop stopped between the check and the call
            pass

    def _kick(self, table_id: str) -> None:
        self._drain(table_id)  # a write made by another thread (the teacher's notebook) may have just finished
        table = self.room.tables.get(table_id)
        for conn in list(self.connections):
            if conn.role == "seat" and conn.table == table_id and table is not None and conn.seat is not None \
                    and table.seats[conn.seat].token != conn.token:
                self._freed(conn)  # the teacher took the seat back (from here or from the notebook)
            elif conn.table == table_id or conn.role == "teacher":
                conn.kick()

    def _freed(self, conn: Connection) -> None:
        """The seat's token is revoked: its page is told why, then closed (its moves waiting are refused)."""
        conn.role = "freed"
        conn.send({"type": "freed", "table": conn.table, "message": "the teacher has taken this seat back: "
                   "its link no longer works. Take a free seat from your table's link, or ask the teacher"})
        self._close(conn, "the teacher freed this seat", FREED)

    def _close(self, conn: Connection, reason: str, code: int = 1008) -> None:
        """Close once the replies before are out (the connection's reading loop ends with the close)."""
        conn.replies.append({"type": CLOSE, "reason": reason, "code": code})
        conn.wake.set()

    # --- connections without a hello -------------------------------------------------------------
    def _stranger_refusal(self, address: str) -> str | None:
        """Why a new connection is not taken: too many open without a hello, from its address or in all."""
        strangers = [c for c in self.connections if c.role is None]
        if len(strangers) >= self.max_strangers:
            return f"server busy: {len(strangers)} connections have not said hello; try again shortly"
        if sum(c.address == address for c in strangers) >= self.max_strangers_per_address:
            return (f"too many connections without a hello from this address (at most "
                    f"{self.max_strangers_per_address}); try again shortly")
        return None

    def sweep(self) -> int:
        """Close the connections that have said no hello for ``hello_timeout`` seconds; return how many."""
        now = self.clock()
        late = [c for c in self.connections if c.role is None and not c.closed
                and now - c.opened >= self.hello_timeout]
        for conn in late:
            conn.closed = True
            self._close(conn, f"no hello within {self.hello_timeout:g} s")
        return len(late)

    async def _sweep_while_open(self) -> None:
        try:
            while self.connections:
                await asyncio.sleep(SWEEP_EVERY)
                self.sweep()
        finally:
            self._sweeper = None

    # --- arrival order at a table ---------------------------------------------------------------
    def _submit(self, conn: Connection, table_id: str, data: dict[str, Any]) -> None:
        """Run the operation now, or queue it behind the table's write and the operations that came before."""
        queue = self._waiting.setdefault(table_id, deque())
        if not queue and self._run(conn, table_id, data):
            return
        if len(queue) >= MAX_WAITING:
            raise ProtocolError("too_many_waiting", f"{MAX_WAITING} moves and actions are already waiting for table "
                                f"{table_id}; send this again once they are answered (nothing was changed)")
        queue.append(Waiting(conn, data))
        conn.pending(+1)

    def _drain(self, table_id: str) -> None:
        """The table's waiting operations, in arrival order, until one makes it write again."""
        queue = self._waiting.get(table_id)
        while queue:
            waiting = queue[0]
            if not self._run(waiting.conn, table_id, waiting.data):
                return
            queue.popleft()
            waiting.conn.pending(-1)

    def _run(self, conn: Connection, table_id: str, data: dict[str, Any]) -> bool:
        """Do the operation and answer it; False (nothing done) while the table is writing."""
        table = self.room.tables.get(table_id)
        if table is not None and table.writing:
            return False
        try:
            if data["type"] == "move" and conn.role != "seat":
                raise ProtocolError("seat_freed", "the teacher has taken this seat back; the move was not made")
            if data["type"] == "move":
                self._stage(conn, table_id, data)
            else:
                self._table_action(conn, data)
        except TableWriting:  # another thread's write began in between: the operation waits for it
            return False
        except ProtocolError as err:
            conn.send(err.as_message())
        return True

    def _stage(self, conn: Connection, table_id: str, data: dict[str, Any]) -> None:
        assert conn.seat is not None
        ply, rows = self.room.stage(table_id, conn.seat, data["move"], data["ply"], wait=False)
        self._staged.append(Staged(conn, table_id, ply, data["move"], rows))
        conn.pending(+1)
        loop = asyncio.get_running_loop()
        if not self._flushing:
            self._flushing = True
            self._flusher = loop.create_task(self._flush())  # kept: the loop holds tasks only weakly
        loop.call_soon(self._prepare, table_id)  # after the flush has handed the rows to the writer

    def _table_action(self, conn: Connection, data: dict[str, Any]) -> None:
        action, table_id = data["action"], data["table"]
        if action in ("pause", "resume"):
            self.room.pause(table_id, action == "pause", wait=False)
        elif action == "seat_bot":
            self.room.seat_bot(table_id, data["seat"], data.get("bot", "random"), wait=False)
        elif action == "free_seat":
            self.room.free_seat(table_id, data["seat"], wait=False)
        else:
            self.room.undo(table_id, wait=False)
        conn.send({"type": "done", "action": action})

    # --- one connection ----------------------------------------------------------------------
    async def websocket(self, ws: WebSocket) -> None:
        self.loop = asyncio.get_running_loop()
        address = ws.client.host if ws.client is not None else ""
        refusal = self._stranger_refusal(address)
        if refusal is not None:  # accepted only to say why, in words the page can show
            try:
                await ws.accept()
                await ws.close(code=1013, reason=refusal)
            except (WebSocketDisconnect, RuntimeError, OSError):  # it went away first
                pass
            return
        conn = Connection(ws, RateLimiter(self.rate, self.burst, self.clock, self.window, self.close_after),
                          address, self.clock())
        self.connections.add(conn)  # counted from here on: connections arriving during the handshake see it
        if self._sweeper is None:
            self._sweeper = asyncio.create_task(self._sweep_while_open())
        sender: asyncio.Task[None] | None = None
        try:
            await ws.accept()
            sender = asyncio.create_task(self._sender(conn))
            reason = await self._receive(conn)
            await asyncio.wait_for(conn.settled.wait(), timeout=30)  # its moves written and answered first
            if reason is not None:  # the replies so far go out first, then the close
                self._close(conn, reason)
                await asyncio.wait_for(sender, timeout=10)
        except (WebSocketDisconnect, asyncio.TimeoutError, OSError):
            pass
        finally:
            self.connections.discard(conn)
            if sender is not None:
                sender.cancel()
            if conn.role == "seat" and conn.table is not None and conn.seat is not None:
                self.room.connected(conn.table, conn.seat, -1, conn.token)
                self._kick_teachers()

    async def _receive(self, conn: Connection) -> str | None:
        """Read and answer messages until the client leaves (None) or must be closed (the reason)."""
        while not conn.closed:
            message = await conn.ws.receive()
            if message["type"] == "websocket.disconnect":
                return None
            if not conn.limiter.allow():
                if conn.limiter.flooding:
                    return conn.limiter.close_reason()
                conn.send({"type": "error", "code": "rate_limited",
                           "message": f"at most {self.rate:g} messages a second (bursts of {self.burst}); this one "
                                      f"was dropped"})
                continue
            text = message.get("text")
            if text is None:
                text = message.get("bytes") or b""
            try:
                self._handle(conn, parse(text))
            except ProtocolError as err:
                conn.send(err.as_message())
        return "not reading its messages"

    async def _sender(self, conn: Connection) -> None:
        try:
            while True:
                await conn.wake.wait()
                conn.wake.clear()
                while conn.replies:
                    reply = conn.replies.popleft()
                    if reply["type"] == CLOSE:
                        await conn.ws.close(code=reply["code"], reason=reply["reason"])
                        return
                    await conn.ws.send_text(dumps(reply))
                if conn.dirty and not self._held(conn):
                    conn.dirty = False
                    text = await self._lesson_text(conn) if self._in_lesson(conn) else self._update(conn)
                    if text is not None:
                        await conn.ws.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):  # the client went away mid-send
            conn.closed = True

    def _held(self, conn: Connection) -> bool:
        """A seat is not sent its table while a move there is being written (it is kicked again once written)."""
        table = self.room.tables.get(conn.table) if conn.role == "seat" and conn.table is not None else None
        return table is not None and table.writing

    def _update(self, conn: Connection) -> str | None:
        if conn.role == "seat":
            return self._seat_state(conn)
        if conn.role == "teacher":
            if conn.watching is not None:
                conn.replies.append(self.room.teacher_state(conn.watching))
                conn.wake.set()
            tables = self.room.summary()
            for row in tables:
                row["lesson"] = self.room.lessons.summary(row["table"])
            if conn.spectating:
                for row in tables:
                    row["html"], row["join"] = self._public_view(row["table"])
            return dumps({"type": "room", "session": self.room.session, "tables": tables, "ended": self.room.ended})
        return None

    # --- lessons ------------------------------------------------------------------------------------
    def _in_lesson(self, conn: Connection) -> bool:
        return conn.role == "seat" and conn.table is not None and self.room.lessons.takes(conn.table)

    async def _lesson_text(self, conn: Connection) -> str:
        """The student's ``lesson_state`` (drawn in the lessons' thread: a run comes back by replaying its step)."""
        assert conn.table is not None and conn.seat is not None
        table, seat = conn.table, conn.seat
        begun, message = await asyncio.get_running_loop().run_in_executor(
            self._lessoner, self.room.lessons.message, table, seat)
        if begun:
            self._kick_teachers()
        conn.log_ply = -1  # back at the table, the whole log is sent again
        return dumps(message)

    def _lesson(self, conn: Connection, data: dict[str, Any]) -> None:
        """A student's lesson action, done in the lessons' thread; the student's pages and the teachers are
        redrawn after it, or it is answered at once (a "why not?", a refusal)."""
        assert conn.table is not None and conn.seat is not None
        table, seat = conn.table, conn.seat
        loop = asyncio.get_running_loop()
        conn.pending(+1)

        def done(future: "asyncio.Future[dict[str, Any] | None]") -> None:
            conn.pending(-1)
            try:
                answer = future.result()
            except ProtocolError as err:
                conn.send(err.as_message())
                return
            if answer is not None:
                conn.send(answer)
                return
            for other in self.connections:
                if other.role == "seat" and other.table == table and other.seat == seat:
                    other.kick()
            self._kick_teachers()

        loop.run_in_executor(self._lessoner, self.room.lessons.act, table, seat, data).add_done_callback(done)

    def _teacher_lesson(self, conn: Connection, data: dict[str, Any]) -> None:
        """Assign a lesson (to a table, or to every table without one named) or clear it, in the lessons' thread."""
        action, desk = data["action"], self.room.lessons
        if action == "assign_lesson" and "lesson" not in data:
            raise ProtocolError("bad_field", "field 'lesson' is missing", "lesson")
        table, game = data.get("table"), data.get("game")
        conn.pending(+1)

        def work() -> list[str]:
            if action == "assign_lesson":
                return desk.assign(data["lesson"], table, game)
            return desk.clear(table)

        def done(future: "asyncio.Future[list[str]]") -> None:
            conn.pending(-1)
            try:
                conn.send({"type": "done", "action": action, "tables": future.result()})
            except ProtocolError as err:
                conn.send(err.as_message())

        asyncio.get_running_loop().run_in_executor(self._lessoner, work).add_done_callback(done)

    def _lesson_menu(self, conn: Connection, names: list[str]) -> None:
        """Each game's lessons (id, title, steps), for the teacher's page: read in the lessons' thread."""
        from ..lessons import lesson_summaries

        def done(future: "asyncio.Future[dict[str, Any]]") -> None:
            conn.send({"type": "lessons", "games": future.result()})

        asyncio.get_running_loop().run_in_executor(
            self._lessoner, lambda: {name: lesson_summaries(name) for name in names}).add_done_callback(done)

    def _public_view(self, table_id: str) -> tuple[str, str]:
        """A table's public view drawn (what anyone at it sees: ``game.view(None)``), once per change; its join code."""
        table = self.room.tables[table_id]
        cached = self._public.get(table_id)
        if cached is None or cached[0] != table.version:
            with self.room.lock:
                game = table.game
                cached = (table.version, render(game.name, game.view(None), table.names(), game.winners()))
            self._public[table_id] = cached
        return cached[1], table.join_code

    def _seat_state(self, conn: Connection) -> str:
        """The seat's state: its cached text, with the log entries it has not been sent yet spliced in."""
        assert conn.table is not None and conn.seat is not None
        message, log, text = self._seat_text(conn.table, conn.seat)
        reset = conn.log_ply > message["ply"] or conn.log_ply < 0
        if reset:
            entries = log
        else:  # the entries are in ply order: read back from the end only as far as this connection has
            start = len(log)
            while start > 0 and log[start - 1]["ply"] > conn.log_ply:
                start -= 1
            entries = log[start:]
        tail = dumps({"log": entries, "log_from": -1 if reset else conn.log_ply, "log_reset": reset})
        conn.log_ply = message["ply"]
        return text[:-1] + "," + tail[1:]

    def _seat_text(self, table_id: str, seat: int) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
        """The seat's state message, its log and the message as JSON text, each made once per change."""
        message, log = self.room.state_for(table_id, seat)
        version = self.room.tables[table_id].version
        cached = self._dumped.get((table_id, seat))
        if cached is None or cached[0] != version:
            cached = (version, dumps(message))
            self._dumped[(table_id, seat)] = cached
        return message, log, cached[1]

    def _prepare(self, table_id: str) -> None:
        """Draw the new state of each seat connected at the table while its move is being written (sent after)."""
        for seat in {c.seat for c in self.connections if c.role == "seat" and c.table == table_id}:
            if seat is not None:
                self._seat_text(table_id, seat)

    async def _flush(self) -> None:
        """Write the staged moves, all those waiting in one transaction, then acknowledge them (or report the error)."""
        loop = asyncio.get_running_loop()
        try:
            while self._staged:
                batch, self._staged = self._staged, []
                rows = [row for staged in batch for row in staged.rows]
                written = await loop.run_in_executor(self._writer, self.room._write, rows)
                for staged in batch:
                    try:
                        self.room.finish(staged.table, written)
                        staged.conn.send({"type": "accepted", "ply": staged.ply, "move": staged.move})
                    except ProtocolError as err:
                        staged.conn.send(err.as_message())
                    staged.conn.pending(-1)
                    self._drain(staged.table)  # what waited for this write runs now (it may stage the next batch)
        finally:
            self._flushing = False

    def _kick_teachers(self) -> None:
        for other in self.connections:
            if other.role == "teacher":
                other.kick()

    # --- messages ------------------------------------------------------------------------------
    def _handle(self, conn: Connection, data: dict[str, Any]) -> None:
        kind = data["type"]
        if kind == "ping":
            conn.send({"type": "pong"})
        elif kind == "hello":
            self._hello(conn, data)
        elif kind == "claim":
            if conn.role is not None:
                raise ProtocolError("bad_field", "this connection has already said hello", "type")
            self.room.check_session(data.get("session"))
            table, seat = self.room.claim(data["table"], data["join"], data["name"], data.get("device"),
                                          data.get("other", False))
            conn.send({"type": "claimed", "table": table.id, "seat": seat, "token": table.seats[seat].token})
            self._seated(conn, table, seat, data.get("device"))
        elif conn.role is None:
            raise ProtocolError("not_joined", "say hello with your token first")
        elif conn.role == "freed":
            raise ProtocolError("seat_freed", "the teacher has taken this seat back; nothing was changed")
        elif kind == "teacher":
            if conn.role != "teacher":
                raise ProtocolError("not_teacher", "only the teacher's token may do this", "type")
            self._teacher(conn, data)
        elif conn.role != "seat":
            raise ProtocolError("bad_field", f"the teacher does not {kind}; the teacher sends 'teacher'", "type")
        elif kind == "move":
            assert conn.table is not None
            self._submit(conn, conn.table, data)
        elif kind == "explain":
            assert conn.table is not None and conn.seat is not None
            conn.send(self.room.explain(conn.table, conn.seat, data["move"]))
        elif kind == "why":
            assert conn.table is not None and conn.seat is not None
            with self.room.lock:
                conn.send(why_not(self.room.tables[conn.table].game, conn.seat, data.get("prefix", []),
                                  data["target"]))
        elif kind == "lesson":
            self._lesson(conn, data)
        elif kind == "name":
            assert conn.table is not None and conn.seat is not None
            self.room.set_name(conn.table, conn.seat, data["name"])

    def _hello(self, conn: Connection, data: dict[str, Any]) -> None:
        if conn.role is not None:
            raise ProtocolError("bad_field", "this connection has already said hello", "type")
        self.room.check_session(data.get("session"))
        token = data["token"]
        if self.room.is_teacher(token):
            from ..bots import BOTS
            from ..core.registry import games
            conn.role = "teacher"
            conn.send({"type": "welcome", "role": "teacher", "session": self.room.session, "table": None,
                       "seat": None, "bots": sorted(BOTS),
                       "games": [{"name": g["name"], "title": g["title"], "players": g["players"],
                                  "default_players": g["default_players"]} for g in games()]})
            conn.kick()
            self._lesson_menu(conn, [g["name"] for g in games()])
            return
        table, seat = self.room.authenticate(token, data.get("table"))
        if "name" in data:
            self.room.set_name(table.id, seat, data["name"])
        self._seated(conn, table, seat, data.get("device"))

    def _seated(self, conn: Connection, table: Any, seat: int, device: str | None) -> None:
        conn.role, conn.table, conn.seat = "seat", table.id, seat
        conn.token, conn.device = table.seats[seat].token, device
        self.room.connected(table.id, seat, +1, conn.token)
        conn.send({"type": "welcome", "role": "seat", "session": self.room.session, "table": table.id, "seat": seat,
                   "name": table.names()[seat], "game": table.game.name, "players": table.game.num_players})
        conn.kick()
        self._kick_teachers()
        self._tell_open_elsewhere(conn)

    def _tell_open_elsewhere(self, conn: Connection) -> None:
        """A seat opened on a second device (or in a second tab): every page at the seat is told, in words."""
        here = [c for c in self.connections if c.role == "seat" and c.table == conn.table and c.seat == conn.seat]
        if len(here) < 2:
            return
        assert conn.table is not None and conn.seat is not None
        name = self.room.tables[conn.table].names()[conn.seat]
        devices = {c.device for c in here}
        where = (f"in {len(here)} tabs of one browser" if len(devices) == 1 and None not in devices
                 else f"on {len(here)} devices or tabs")
        for c in here:
            c.send({"type": "notice", "code": "opened_elsewhere", "seat": conn.seat,
                    "message": f"{name}'s seat at table {conn.table} has just been opened again: it is open {where} "
                               f"now. If that was not you, tell the teacher."})

    def _teacher(self, conn: Connection, data: dict[str, Any]) -> None:
        action = data["action"]
        room = self.room
        if action == "watch" or action in TABLE_ACTIONS:
            if "table" not in data:
                raise ProtocolError("bad_field", "field 'table' is missing", "table")
            room.table(data["table"])
        if action in SEAT_ACTIONS and "seat" not in data:
            raise ProtocolError("bad_field", "field 'seat' is missing", "seat")
        if action == "status":
            conn.kick()
            return
        if action in ("assign_lesson", "clear_lesson"):
            self._teacher_lesson(conn, data)
            return
        if action in TABLE_ACTIONS:
            self._submit(conn, data["table"], data)
            return
        if action == "watch":
            conn.watching = data["table"]
            conn.send(room.teacher_state(data["table"]))
        elif action == "spectate":
            conn.spectating = True
            conn.kick()
        elif action == "add_table":
            if "game" not in data:
                raise ProtocolError("bad_field", "field 'game' is missing", "game")
            table = room.add_table_checked(data["game"], data.get("players"))
            conn.send({"type": "done", "action": action, "table": table.id})
            self._kick_teachers()
            return
        elif action == "end":
            room.end()
        conn.send({"type": "done", "action": action})


def create_app(room: Room, clock: Callable[[], float] = time.monotonic, rate: float = RATE,
               burst: int = BURST, **limits: Any) -> Starlette:
    """The Starlette app serving ``room`` (``app.state.server`` is its TableServer; ``limits`` as for it)."""
    server = TableServer(room, clock, rate, burst, **limits)
    server.app.state.server = server
    return server.app


def uvicorn_config(app: Starlette, host: str = "127.0.0.1", port: int = 8000) -> Any:
    import uvicorn
    return uvicorn.Config(app, host=host, port=port, ws_max_size=HARD_MAX_SIZE, log_level="warning",
                          lifespan="off", ws_per_message_deflate=False)


class BackgroundServer:
    """uvicorn in a thread of this process (the teacher's kernel); ``port=0`` picks a free port."""

    def __init__(self, room: Room, host: str = "127.0.0.1", port: int = 0, **app_options: Any):
        import uvicorn
        self.room = room
        self.app = create_app(room, **app_options)
        self.host = host
        self.server = uvicorn.Server(uvicorn_config(self.app, host, port))
        self.thread = threading.Thread(target=self.server.run, name="classroom-server", daemon=True)
        self.port = port

    def start(self, timeout: float = 30.0) -> "BackgroundServer":
        self.thread.start()
        deadline = time.monotonic() + timeout
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the classroom server did not start on {self.host}:{self.port}")
            time.sleep(0.02)
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        return self

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.host in ("0.0.0.0", "::") else self.host
        return f"http://{host}:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def serve(room: Room, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve in this thread until interrupted (the command line's way)."""
    import uvicorn
    uvicorn.Server(uvicorn_config(create_app(room), host, port)).run()


__all__ = ["BackgroundServer", "TableServer", "create_app", "serve"]
