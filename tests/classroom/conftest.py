from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any, Iterator

import pytest

# Without the `classroom` extra these tests are not collected (the rest of the suite does not need it).
MISSING = [m for m in ("starlette", "uvicorn", "websockets", "sqlalchemy", "segno") if importlib.util.find_spec(m) is None]
collect_ignore_glob = ["test_*.py"] if MISSING else []


@pytest.fixture
def clock() -> Any:
    from tests.classroom.helpers import FrozenClock
    return FrozenClock()


@pytest.fixture
def room(tmp_path: Path, clock: Any) -> Iterator[Any]:
    """Two tables: Citadels and Saint Petersburg, four seats each, fixed seeds."""
    from boardgames_lab.classroom.room import Room
    r = Room(str(tmp_path / "class.sqlite3"), clock=clock)
    r.add_table("citadels", players=4, seed=11)
    r.add_table("saint_petersburg", players=4, seed=12)
    yield r
    r.close()


@pytest.fixture
def server(room: Any, clock: Any) -> Iterator[Any]:
    """The room served by uvicorn on a free loopback port; the rate limiter reads the frozen clock."""
    from boardgames_lab.classroom.server import BackgroundServer
    s = BackgroundServer(room, port=0, clock=clock).start()
    yield s
    s.stop()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Any]:
    """A throwaway PostgreSQL server for the session (skipped only where the postgres binary is missing)."""
    from tests.classroom.postgres import PostgresServer, binary
    if binary("postgres") is None or binary("initdb") is None:
        pytest.skip("PostgreSQL is not installed (no postgres/initdb binary): the PostgreSQL runs need it")
    server = PostgresServer().start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The same tests on each database the classroom supports: a SQLite file, and a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "class.sqlite3")
    return str(request.getfixturevalue("postgres").url())
