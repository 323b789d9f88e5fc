"""The classroom's database: SQLite by default (one file, WAL), PostgreSQL through the same code.

SQLAlchemy Core, parameterised statements only. A move is one transaction (its row is committed
before the move is acknowledged); a table is rebuilt by replaying its moves from its seed (or its
start position) through the engine.

How durable a commit is (``durability``):

- ``"disk"`` (the default): an acknowledged move survives a power cut or an operating-system crash, not
  only the server being killed. SQLite in WAL mode with ``synchronous=FULL`` (the write-ahead log is
  flushed to disk at every commit); PostgreSQL with ``synchronous_commit=on``.
- ``"process"``: an acknowledged move survives the server process dying (SIGKILL, a crash, the machine
  running out of memory), which is what the SIGKILL test checks, but a power cut may lose the last
  second or so of moves (the database stays consistent). SQLite with ``synchronous=NORMAL`` (the commit
  is in the operating system's cache, flushed at checkpoints); PostgreSQL with ``synchronous_commit=off``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterator

from sqlalchemy import (Boolean, Column, Float, Integer, MetaData, String, Table, Text, create_engine, event,
                        insert, inspect, select, text, update, delete)
from sqlalchemy.engine import Engine

META = MetaData()
TABLES = Table(
    "classroom_tables", META,
    Column("id", String(40), primary_key=True),
    Column("ord", Integer, nullable=False),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("mode", String(10), nullable=False),
    Column("start", Text, nullable=True),  # a position (JSON) when the table does not start from its seed
    Column("paused", Boolean, nullable=False, default=False),
    Column("created", Float, nullable=False),
    Column("join_code", String(100), nullable=False),  # the table's link: it hands out the free seats
)
SEATS = Table(
    "classroom_seats", META,
    Column("table_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token", String(100), nullable=False, unique=True),
    Column("name", String(80), nullable=True),
    Column("bot", String(40), nullable=True),
    Column("device", String(100), nullable=True),  # the browser that took the seat from the table link
)
MOVES = Table(
    "classroom_moves", META,
    Column("table_id", String(40), primary_key=True),
    Column("ply", Integer, primary_key=True),  # the ply after the move (1 for the first move)
    Column("seat", Integer, nullable=False),
    Column("move", String(200), nullable=False),
    Column("phase", String(40), nullable=False),
    Column("at", Float, nullable=False),  # when it was accepted (the server's clock)
    Column("think", Float, nullable=False),  # seconds from the position being offered to the move
    Column("seen", Text, nullable=False),  # the seat's view when it decided (JSON)
    Column("legal", Text, nullable=False),  # the seat's legal moves then, as notation (JSON list)
    Column("bot", String(40), nullable=True),  # the bot that made it, None for a person
    Column("name", String(80), nullable=True),  # the seat's name then (a seat freed and taken again has another)
)
LESSONS = Table(  # the lesson each table takes (a table without a row plays its game)
    "classroom_lessons", META,
    Column("table_id", String(40), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("lesson", String(80), nullable=False),
)
LESSON_RUNS = Table(  # each student's way through it: what replays their run (classroom/lessons.py)
    "classroom_lesson_runs", META,
    Column("table_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token", String(100), nullable=False),  # the seat's token then: a seat freed and taken again starts anew
    Column("game", String(40), nullable=False),
    Column("lesson", String(80), nullable=False),
    Column("snapshot", Text, nullable=False),  # JSON: the step, the records, the actions since the step began
)
OWN_LESSONS = Table(  # the teacher's own lessons assigned in this session (a game's own are read from the package)
    "classroom_own_lessons", META,
    Column("game", String(40), primary_key=True),
    Column("lesson", String(80), primary_key=True),
    Column("data", Text, nullable=False),  # the lesson as JSON (Lesson.to_dict)
)
META_KV = Table(
    "classroom_meta", META,
    Column("key", String(40), primary_key=True),
    Column("value", Text, nullable=False),
)


_INSERT_MOVE = insert(MOVES)


@dataclass(frozen=True)
class TableRow:
    id: str
    ord: int
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    mode: str
    start: dict[str, Any] | None
    paused: bool
    created: float
    join_code: str


@dataclass(frozen=True)
class MoveRow:
    table_id: str
    ply: int
    seat: int
    move: str
    phase: str
    at: float
    think: float
    seen: str
    legal: str
    bot: str | None
    name: str | None = None


def sqlite_url(path: str) -> str:
    return f"sqlite:///{path}"


DURABILITY = ("disk", "process")


def _sqlite_pragmas(durability: str) -> Any:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        # In WAL mode FULL syncs the log at each commit; NORMAL survives the process being killed, not a power cut.
        cursor.execute("PRAGMA synchronous=" + ("FULL" if durability == "disk" else "NORMAL"))
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()
    return on_connect


def _postgres_commit(durability: str) -> Any:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("SET synchronous_commit TO " + ("on" if durability == "disk" else "off"))
        cursor.close()
        dbapi_connection.commit()
    return on_connect


class Store:
    """The session's tables, seats, moves and settings in one database."""

    def __init__(self, url: str, durability: str = "disk"):
        if durability not in DURABILITY:
            raise ValueError(f"durability must be one of {DURABILITY}, not {durability!r}")
        if "://" not in url:
            url = sqlite_url(url)
        self.url = url
        self.durability = durability
        self.engine: Engine = create_engine(url, future=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas(durability))
        elif self.engine.dialect.name == "postgresql":
            event.listen(self.engine, "connect", _postgres_commit(durability))
        META.create_all(self.engine)
        self._add_columns()

    def _add_columns(self) -> None:
        """A database made before a column was added gets it (empty): an older session opens as it was."""
        inspector = inspect(self.engine)
        missing = [(table.name, column) for table in (SEATS, MOVES)
                   for column in table.columns if column.name not in
                   {c["name"] for c in inspector.get_columns(table.name)}]
        if not missing:
            return
        with self.engine.begin() as c:
            for table_name, column in missing:  # names from this module's own tables, never from outside
                kind = column.type.compile(dialect=self.engine.dialect)
                c.execute(text(f"ALTER TABLE {table_name} ADD COLUMN {column.name} {kind}"))

    def close(self) -> None:
        self.engine.dispose()

    # --- settings ---------------------------------------------------------------------------
    def get(self, key: str) -> str | None:
        with self.engine.connect() as c:
            return c.execute(select(META_KV.c.value).where(META_KV.c.key == key)).scalar_one_or_none()

    def put(self, key: str, value: str) -> None:
        with self.engine.begin() as c:
            if c.execute(select(META_KV.c.key).where(META_KV.c.key == key)).first() is None:
                c.execute(insert(META_KV).values(key=key, value=value))
            else:
                c.execute(update(META_KV).where(META_KV.c.key == key).values(value=value))

    # --- tables and seats ---------------------------------------------------------------------
    def add_table(self, row: TableRow, tokens: list[str]) -> None:
        with self.engine.begin() as c:
            c.execute(insert(TABLES).values(
                id=row.id, ord=row.ord, game=row.game, players=row.players, seed=row.seed,
                options=json.dumps(row.options), mode=row.mode,
                start=None if row.start is None else json.dumps(row.start), paused=row.paused, created=row.created,
                join_code=row.join_code))
            c.execute(insert(SEATS), [{"table_id": row.id, "seat": s, "token": t, "name": None, "bot": None,
                                       "device": None} for s, t in enumerate(tokens)])

    def tables(self) -> list[TableRow]:
        with self.engine.connect() as c:
            rows = c.execute(select(TABLES).order_by(TABLES.c.ord)).mappings().all()
        return [TableRow(id=r["id"], ord=r["ord"], game=r["game"], players=r["players"], seed=r["seed"],
                         options=json.loads(r["options"]), mode=r["mode"],
                         start=None if r["start"] is None else json.loads(r["start"]), paused=bool(r["paused"]),
                         created=r["created"], join_code=r["join_code"]) for r in rows]

    def seats(self, table_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as c:
            rows = c.execute(select(SEATS).where(SEATS.c.table_id == table_id).order_by(SEATS.c.seat)).mappings()
            return [dict(r) for r in rows]

    def set_seat(self, table_id: str, seat: int, **values: Any) -> None:
        with self.engine.begin() as c:
            c.execute(update(SEATS).where(SEATS.c.table_id == table_id, SEATS.c.seat == seat).values(**values))

    def set_paused(self, table_id: str, paused: bool) -> None:
        with self.engine.begin() as c:
            c.execute(update(TABLES).where(TABLES.c.id == table_id).values(paused=paused))

    # --- lessons --------------------------------------------------------------------------------
    def set_lesson(self, table_id: str, game: str | None, lesson: str | None) -> None:
        """The table takes this lesson (None: none); its students' runs of another lesson are dropped."""
        with self.engine.begin() as c:
            c.execute(delete(LESSONS).where(LESSONS.c.table_id == table_id))
            if game is not None and lesson is not None:
                c.execute(insert(LESSONS).values(table_id=table_id, game=game, lesson=lesson))
                c.execute(delete(LESSON_RUNS).where(LESSON_RUNS.c.table_id == table_id,
                                                    (LESSON_RUNS.c.game != game) | (LESSON_RUNS.c.lesson != lesson)))

    def lessons(self) -> dict[str, tuple[str, str]]:
        """Each table taking a lesson: table id -> (game, lesson id)."""
        with self.engine.connect() as c:
            return {r["table_id"]: (r["game"], r["lesson"]) for r in c.execute(select(LESSONS)).mappings()}

    def put_own_lesson(self, game: str, lesson: str, data: dict[str, Any]) -> None:
        """The teacher's own lesson, kept with the session; another version under the same id replaces it, and the
        students' runs of the old one are dropped (their steps may be other steps now)."""
        text = json.dumps(data, sort_keys=True)
        with self.engine.begin() as c:
            key = (OWN_LESSONS.c.game == game) & (OWN_LESSONS.c.lesson == lesson)
            kept = c.execute(select(OWN_LESSONS.c.data).where(key)).scalar()
            if kept == text:
                return
            c.execute(delete(OWN_LESSONS).where(key))
            c.execute(insert(OWN_LESSONS).values(game=game, lesson=lesson, data=text))
            c.execute(delete(LESSON_RUNS).where(LESSON_RUNS.c.game == game, LESSON_RUNS.c.lesson == lesson))

    def own_lessons(self) -> dict[tuple[str, str], dict[str, Any]]:
        """The teacher's own lessons: (game, lesson id) -> the lesson as JSON data."""
        with self.engine.connect() as c:
            return {(r["game"], r["lesson"]): json.loads(r["data"]) for r in c.execute(select(OWN_LESSONS)).mappings()}

    def put_run(self, table_id: str, seat: int, token: str, game: str, lesson: str, snapshot: dict[str, Any]) -> None:
        """One student's run, in one transaction (it replaces the one kept before)."""
        with self.engine.begin() as c:
            c.execute(delete(LESSON_RUNS).where(LESSON_RUNS.c.table_id == table_id, LESSON_RUNS.c.seat == seat))
            c.execute(insert(LESSON_RUNS).values(table_id=table_id, seat=seat, token=token, game=game, lesson=lesson,
                                                 snapshot=json.dumps(snapshot)))

    def runs(self) -> list[dict[str, Any]]:
        with self.engine.connect() as c:
            rows = c.execute(select(LESSON_RUNS).order_by(LESSON_RUNS.c.table_id, LESSON_RUNS.c.seat)).mappings()
            return [{**dict(r), "snapshot": json.loads(r["snapshot"])} for r in rows]

    # --- moves -----------------------------------------------------------------------------------
    def add_move(self, row: MoveRow) -> None:
        """One transaction: when this returns, the move is on disk."""
        self.add_moves([row])

    def add_moves(self, rows: list[MoveRow]) -> None:
        """One transaction for all the rows (all or none): when this returns, they are on disk."""
        with self.engine.begin() as c:
            c.execute(_INSERT_MOVE, [row.__dict__ for row in rows])  # one statement built once: the hot path

    def drop_last_move(self, table_id: str, ply: int) -> None:
        with self.engine.begin() as c:
            c.execute(delete(MOVES).where(MOVES.c.table_id == table_id, MOVES.c.ply == ply))

    def moves(self, table_id: str | None = None) -> Iterator[MoveRow]:
        query = select(MOVES).order_by(MOVES.c.table_id, MOVES.c.ply)
        if table_id is not None:
            query = query.where(MOVES.c.table_id == table_id)
        with self.engine.connect() as c:
            for r in c.execute(query).mappings():
                yield MoveRow(**dict(r))


__all__ = ["DURABILITY", "MoveRow", "Store", "TableRow", "sqlite_url"]
