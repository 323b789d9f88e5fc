"""What the parts of the classroom server share: the room, its connections, and how a connection is closed or the
teachers' pages are redrawn. ``TableServer`` (server.py) sets these in its ``__init__``; the parts (pages, arrival
order at a table, lessons, messages) are its base classes, each in a module of its own."""
from __future__ import annotations

import asyncio
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import Callable

from .connection import Connection, Staged, Waiting
from .room import Room

CLOSE = "_close"  # an internal marker in a connection's replies: close it once the replies before are out


class ServerCore:
    """The state every part of the server reads (set by ``TableServer.__init__``)."""

    room: Room
    clock: Callable[[], float]
    connections: set[Connection]
    loop: asyncio.AbstractEventLoop | None
    _dumped: dict[tuple[str, int], tuple[int, str]]
    _staged: list[Staged]
    _waiting: dict[str, deque[Waiting]]
    _flushing: bool
    _flusher: asyncio.Task[None] | None
    _writer: ThreadPoolExecutor
    _lessoner: ThreadPoolExecutor
    _public: dict[str, tuple[int, str]]

    def _close(self, conn: Connection, reason: str, code: int = 1008) -> None:
        """Close once the replies before are out (the connection's reading loop ends with the close)."""
        conn.replies.append({"type": CLOSE, "reason": reason, "code": code})
        conn.wake.set()

    def _kick_teachers(self) -> None:
        for other in self.connections:
            if other.role == "teacher":
                other.kick()


__all__ = ["CLOSE", "ServerCore"]
