"""One WebSocket connection to the table server, and what of its messages waits at a table (see server.py)."""
from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass
from typing import Any

from starlette.websockets import WebSocket

from .protocol import RateLimiter
from .store import MoveRow

MAX_QUEUED = 500  # replies waiting for a client that does not read: beyond this it is dropped


class Connection:
    """One WebSocket: a seat or the teacher. Replies go out in order; table updates are coalesced."""

    def __init__(self, ws: WebSocket, limiter: RateLimiter, address: str = "", opened: float = 0.0):
        self.ws = ws
        self.limiter = limiter
        self.address = address  # the client's network address (the cap on connections without a hello counts it)
        self.opened = opened  # when it was accepted (the server's clock): without a hello it is closed in time
        self.role: str | None = None  # "seat", "teacher", "freed" (its seat was taken back), None before hello
        self.table: str | None = None
        self.seat: int | None = None
        self.token: str | None = None  # the seat's token it said hello with (a freed seat's is revoked)
        self.device: str | None = None
        self.watching: str | None = None
        self.spectating = False  # the teacher's page: every table's public view with each room message
        self.log_ply = -1  # the last ply whose log entry this connection was sent
        self.replies: deque[dict[str, Any]] = deque()
        self.dirty = False
        self.wake = asyncio.Event()
        self.closed = False
        self.unacknowledged = 0  # its moves and actions waiting at a table or being written
        self.settled = asyncio.Event()  # set while none is
        self.settled.set()

    def pending(self, delta: int) -> None:
        self.unacknowledged += delta
        if self.unacknowledged:
            self.settled.clear()
        else:
            self.settled.set()

    def send(self, message: dict[str, Any]) -> None:
        if len(self.replies) >= MAX_QUEUED:
            self.closed = True
        self.replies.append(message)
        self.wake.set()

    def kick(self) -> None:
        self.dirty = True
        self.wake.set()


@dataclass
class Waiting:
    """A move or a teacher's table action that arrived while its table was writing: it runs, and is answered, in
    arrival order once the write is done."""
    conn: Connection
    data: dict[str, Any]


@dataclass
class Staged:
    """A move applied at its table and waiting for its rows to be written before it is acknowledged."""
    conn: Connection
    table: str
    ply: int
    move: str
    rows: list[MoveRow]


__all__ = ["MAX_QUEUED", "Connection", "Staged", "Waiting"]
