"""Clients and servers for the classroom tests: real uvicorn, real WebSockets, no wall-clock dependence."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

REPO = Path(__file__).resolve().parents[2]
WAIT = 20.0  # seconds a test waits for a message before it fails (never part of what is checked)


class FrozenClock:
    """A clock that moves only when a test moves it (rate limits and think times count, never time)."""

    def __init__(self, now: float = 1000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class HeldWriter:
    """Wraps ``store.add_moves``: records each transaction's rows and holds the first one until released."""

    def __init__(self, real: Callable[[list[Any]], None], fail: bool = False):
        self.real, self.fail = real, fail
        self.calls: list[list[tuple[str, int]]] = []
        self.release = threading.Event()

    def __call__(self, rows: list[Any]) -> None:
        self.calls.append([(r.table_id, r.ply) for r in rows])
        if len(self.calls) == 1:
            assert self.release.wait(WAIT), "the test never released the first write"
        if self.fail:
            raise OSError("disk full")
        self.real(rows)


def until(condition: Callable[[], bool]) -> None:
    """Wait for ``condition`` (the deadline only catches a hang)."""
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, "the condition never came true"
        time.sleep(0.01)


class Client:
    """One WebSocket to the classroom server, speaking JSON."""

    def __init__(self, url: str):
        self._connection = connect(url.replace("http://", "ws://") + "/ws", max_size=None, max_queue=None,
                                   open_timeout=WAIT)
        self.ws = self._connection.__enter__()
        self.seen: list[dict[str, Any]] = []

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    def recv(self) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout=WAIT))
        self.seen.append(message)
        return message

    def until(self, kind: str, test: Callable[[dict[str, Any]], bool] = lambda m: True) -> dict[str, Any]:
        """The next message of this type passing ``test`` (states pushed meanwhile are kept in ``seen``)."""
        while True:
            message = self.recv()
            if message["type"] == kind and test(message):
                return message
            if kind != "error" and message["type"] == "error" and message.get("code") != "rate_limited":
                raise AssertionError(f"error while waiting for {kind}: {message}")

    def hello(self, token: str, table: str | None = None, **extra: Any) -> dict[str, Any]:
        message = {"type": "hello", "token": token, **extra}
        if table is not None:
            message["table"] = table
        self.send(message)
        self.until("welcome")
        return self.until("state")

    def state_at(self, ply: int) -> dict[str, Any]:
        return self.until("state", lambda m: m["ply"] >= ply)

    def closed(self) -> bool:
        try:
            while True:
                self.recv()
        except ConnectionClosed:
            return True

    def close(self) -> None:
        self._connection.__exit__(None, None, None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_subprocess(db: Path | str, port: int, links: Path, *flags: str) -> subprocess.Popen[bytes]:
    """``boardgames-lab classroom serve`` as a real process of its own."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    cmd = [sys.executable, "-m", "boardgames_lab", "classroom", "serve", "--db", str(db), "--port", str(port),
           "--qr", "none", "--links-json", str(links), *flags]
    return subprocess.Popen(cmd, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def wait_listening(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server stopped: {process.stdout.read().decode() if process.stdout else ''}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"nothing listening on port {port}")
