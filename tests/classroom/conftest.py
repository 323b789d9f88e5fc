from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from boardgames_lab.classroom.room import Room  # noqa: E402
from boardgames_lab.classroom.server import BackgroundServer  # noqa: E402

from .helpers import FrozenClock  # noqa: E402


@pytest.fixture
def clock() -> FrozenClock:
    return FrozenClock()


@pytest.fixture
def room(tmp_path: Path, clock: FrozenClock) -> Iterator[Room]:
    """Two tables: Citadels and Saint Petersburg, four seats each, fixed seeds."""
    r = Room(str(tmp_path / "class.sqlite3"), clock=clock)
    r.add_table("citadels", players=4, seed=11)
    r.add_table("saint_petersburg", players=4, seed=12)
    yield r
    r.close()


@pytest.fixture
def server(room: Room, clock: FrozenClock) -> Iterator[BackgroundServer]:
    """The room served by uvicorn on a free loopback port; the rate limiter reads the frozen clock."""
    s = BackgroundServer(room, port=0, clock=clock).start()
    yield s
    s.stop()
