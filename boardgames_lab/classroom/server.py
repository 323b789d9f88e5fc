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
from typing import Any, Callable

from starlette.applications import Starlette
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from .connection import Connection, Staged, Waiting
from .pictures import render
from .protocol import BURST, CLOSE_AFTER, RATE, WINDOW, ProtocolError, RateLimiter, dumps, parse
from .room import Room
from .server_arrival import MAX_WAITING
from .server_core import CLOSE
from .server_messages import Messages
from .server_pages import PAGE_HEADERS, Pages

HARD_MAX_SIZE = 4 * 1024 * 1024  # uvicorn closes the connection above this; the app answers above 16 KB
MAX_STRANGERS = 200  # connections open at once that have not said hello yet (a page says it at once)
MAX_STRANGERS_PER_ADDRESS = 32  # of them from one network address (a class behind one router opening at once)
HELLO_TIMEOUT = 15.0  # seconds a connection may stay open without a hello (the server's clock)
SWEEP_EVERY = 1.0  # seconds between looks for connections past HELLO_TIMEOUT
FREED = 4001  # the close code of a page whose seat the teacher took back


class TableServer(Pages, Messages):
    """The app and its connections, for one room: the pages (server_pages.py), the messages (server_messages.py)
    with the arrival order at a table and its group commit (server_arrival.py) and the lessons (server_lessons.py).
    Here: a connection's life (its limits, reading, sending) and the states it is sent."""

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
        self._lessoner = ThreadPoolExecutor(1, thread_name_prefix="classroom-lessons")
        room.add_listener(self._changed)
        self.app = Starlette(routes=[
            Route("/", self.index), Route("/play", self.play), Route("/static/student.js", self.script),
            Route("/teacher", self.teacher_page), Route("/static/teacher.js", self.teacher_script),
            Route("/teacher/decisions.csv", self.decisions_csv), WebSocketRoute("/ws", self.websocket)])
        self._public: dict[str, tuple[int, str]] = {}  # table -> (version, its public view drawn)

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

    # --- the states sent ------------------------------------------------------------------------
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


__all__ = ["BackgroundServer", "FREED", "HELLO_TIMEOUT", "MAX_STRANGERS", "MAX_STRANGERS_PER_ADDRESS", "MAX_WAITING",
           "PAGE_HEADERS", "TableServer", "create_app", "serve"]
