"""Simulated students: one WebSocket per seat to a running classroom server, each playing from its own state.

For demonstrations and notebooks run without a class (a teacher's real session replaces this): every
student joins with its seat's token over the same protocol as the student page, sees only its own
``state`` messages, and when its state says it may act sends the move ``choose(state, rng)`` picks from
its ``legal`` list. Nothing here reads the server's memory.
"""
from __future__ import annotations

import json
import random
from contextlib import ExitStack
from typing import Any, Callable, Iterable
from urllib.parse import parse_qs, urlparse

Choose = Callable[[dict[str, Any], random.Random], str]
WAIT = 30.0  # seconds to wait for one message before giving up


def random_move(state: dict[str, Any], rng: random.Random) -> str:
    """Any legal move, all alike."""
    return str(rng.choice(state["legal"]))


class _Student:
    def __init__(self, ws: Any, table: str, token: str):
        self.ws = ws
        self.ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
        self.state: dict[str, Any] = self.until("state")

    def until(self, kind: str, ply: int = -1) -> dict[str, Any]:
        """The next message of ``kind`` (a state: the latest, once at ``ply`` or later); states meanwhile are kept."""
        if kind == "state" and getattr(self, "state", {"ply": -1})["ply"] >= ply >= 0:
            return self.state
        while True:
            message = json.loads(self.ws.recv(timeout=WAIT))
            if message["type"] == "error":
                raise RuntimeError(f"the server refused a simulated student: {message}")
            if message["type"] == "state":
                self.state = message
            if message["type"] == kind and message.get("ply", 0) >= ply:
                return message


def play_students(url: str, seats: Iterable[dict[str, Any]], moves: int, choose: Choose = random_move,
                  seed: int = 0) -> int:
    """Play up to ``moves`` moves at each table through the server at ``url``; return the moves made.

    ``seats`` are the seat links' dicts (``table`` and ``url`` holding ``token=``, as ``Classroom.seat_links()``
    gives them) or dicts with ``table`` and ``token``. Each move is acknowledged (written) before the next."""
    from websockets.sync.client import connect
    rng = random.Random(seed)
    tables: dict[str, list[_Student]] = {}
    made = 0
    with ExitStack() as connections:
        for seat in seats:
            token = seat.get("token") or parse_qs(urlparse(seat["url"]).query)["token"][0]
            ws = connections.enter_context(connect(url.replace("http://", "ws://").rstrip("/") + "/ws", max_size=None,
                                                   open_timeout=WAIT))
            tables.setdefault(seat["table"], []).append(_Student(ws, seat["table"], token))
        for students in tables.values():
            for _ in range(moves):
                ply = max(s.state["ply"] for s in students)
                turn = [s for s in students if s.state["ply"] == ply and s.state["your_turn"] and s.state["legal"]]
                if not turn or turn[0].state["over"]:
                    break
                mover = turn[0]
                mover.ws.send(json.dumps({"type": "move", "move": choose(mover.state, rng), "ply": ply}))
                after = mover.until("accepted")["ply"]
                for s in students:  # every seat has its update before the next student decides
                    s.until("state", after)
                made += 1
    return made


__all__ = ["play_students", "random_move"]
