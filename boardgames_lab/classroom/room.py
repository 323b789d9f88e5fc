"""A classroom session: tables of one or more games, seats with tokens, and the record of every move.

``Room`` holds no network code: the server (server.py) and the teacher's notebook (notebook.py)
both call it. Every move goes through the engine (``game.apply(move, player=seat)``), is written
to the database in its own transaction, and only then is it reported as accepted. A room opened on
an existing database rebuilds every table by replaying its recorded moves.
"""
from __future__ import annotations

import csv
import io
import json
import secrets
import threading
import time
from typing import Any, Callable

from ..bots import BOTS, bot_move, make_bot
from ..core.errors import GameError, IllegalMove
from ..core.game import Game
from ..core.positions import from_position
from ..core.registry import definition, new_game
from .lessons import LessonDesk
from .pictures import render, seat_log, seat_message, teacher_message
from .protocol import ProtocolError
from .store import MoveRow, Store, TableRow
from .tables import ClassTable, SeatInfo, new_token, seat_names

MAX_BOT_MOVES = 20_000  # a guard: bots alone at a table stop after this many moves in one go
SESSION_BYTES = 6  # a session id of 8 characters: it tells one lesson's links from another's, it guards nothing
WRITE_WAIT = 300.0  # seconds an action waits for a table's last write: only a database that hangs takes this long


DECISION_COLUMNS = ["table", "game", "seat", "name", "ply", "phase", "seen", "legal", "move", "time_taken", "at", "bot"]


class TableWriting(Exception):
    """The table's last move is being written and the caller asked not to wait (the server queues the action)."""


class Room:
    """The tables of one session, kept in memory and in the database ``store``."""

    def __init__(self, store: Store | str, clock: Callable[[], float] = time.time, durability: str = "disk"):
        self.store = store if isinstance(store, Store) else Store(store, durability)
        self.clock = clock
        self.lock = threading.RLock()
        self.written = threading.Condition(self.lock)  # notified whenever a table's write has finished
        self.tables: dict[str, ClassTable] = {}
        self._by_token: dict[str, tuple[str, int]] = {}
        self._listeners: list[Callable[[str], None]] = []
        teacher = self.store.get("teacher_token")
        if teacher is None:
            teacher = new_token()
            self.store.put("teacher_token", teacher)
        self.teacher_token = teacher
        session = self.store.get("session")
        if session is None:  # made once per database: every link and every page's storage carries it
            session = secrets.token_urlsafe(SESSION_BYTES)
            self.store.put("session", session)
        self.session = session
        self.ended = self.store.get("ended") == "1"
        for row in self.store.tables():
            self._load(row)
        self.lessons = LessonDesk(self)  # the lessons assigned to tables and each student's way through them

    @classmethod
    def open(cls, db: str, game: str | None = None, tables: int = 1, players: int | None = None,
             seed: int | None = None, options: dict[str, Any] | None = None,
             clock: Callable[[], float] = time.time, durability: str = "disk") -> "Room":
        """The session in ``db``; a new database gets ``tables`` tables of ``game`` (seeds count up from ``seed``).
        ``durability`` is "disk" or "process" (see ``classroom.store``)."""
        room = cls(db, clock=clock, durability=durability)
        if not room.tables and game is not None:
            base = secrets.randbelow(2**31) if seed is None else seed
            for i in range(tables):
                room.add_table(game, players=players, seed=base + i, options=options)
        return room

    # --- building tables ----------------------------------------------------------------------
    def add_table(self, game: str, players: int | None = None, seed: int | None = None,
                  options: dict[str, Any] | None = None, mode: str = "play",
                  start: dict[str, Any] | None = None) -> ClassTable:
        """A new table (validated by the engine before anything is written)."""
        with self.lock:
            seed = secrets.randbelow(2**31) if seed is None else seed
            built = _new_game(game, players, seed, options or {}, mode, start, None)
            row = TableRow(id=f"t{len(self.tables) + 1}", ord=len(self.tables), game=built.name,
                           players=built.num_players, seed=seed, options=dict(options or {}), mode=mode,
                           start=start, paused=False, created=self.clock(), join_code=new_token())
            while row.id in self.tables:
                row = TableRow(**{**row.__dict__, "id": f"t{int(row.id[1:]) + 1}"})
            tokens = [new_token() for _ in range(built.num_players)]
            self.store.add_table(row, tokens)
            table = ClassTable(row.id, built, [SeatInfo(t) for t in tokens], row.join_code, offered_at=self.clock())
            table.name_game()
            self._register(table)
            return table

    def add_table_checked(self, game: str, players: int | None = None) -> ClassTable:
        """``add_table`` for a message: a game or a number of players the engine refuses is a ``bad_field``."""
        try:
            info = definition(game).info
        except GameError as err:
            raise ProtocolError("bad_field", str(err), "game") from None
        if players is not None and not info.min_players <= players <= info.max_players:
            raise ProtocolError("bad_field", f"{info.name} takes {info.min_players} to {info.max_players} players, "
                                f"not {players}", "players")
        return self.add_table(info.name, players=players)

    def _load(self, row: TableRow) -> None:
        seats = [SeatInfo(s["token"], s["name"], s["bot"], device=s["device"]) for s in self.store.seats(row.id)]
        game = _new_game(row.game, row.players, row.seed, row.options, row.mode, row.start, seat_names(seats))
        last = row.created
        for m in self.store.moves(row.id):
            try:
                game.apply(m.move, player=m.seat)
            except GameError as err:
                raise RuntimeError(f"table {row.id}: recorded move {m.ply} {m.move!r} of seat {m.seat} "
                                   f"no longer replays: {err}") from None
            last = m.at
        table = ClassTable(row.id, game, seats, row.join_code, paused=row.paused, offered_at=max(last, self.clock()))
        for i, seat in enumerate(seats):
            if seat.bot:
                seat.player = make_bot(seat.bot, seed=row.seed * 10 + i)
        self._register(table)

    def _register(self, table: ClassTable) -> None:
        self.tables[table.id] = table
        for i, seat in enumerate(table.seats):
            self._by_token[seat.token] = (table.id, i)

    # --- who is who ---------------------------------------------------------------------------
    def check_session(self, session: str | None) -> None:
        """A link of another session (another lesson's, kept by a browser) is told apart from a wrong token."""
        if session is not None and not secrets.compare_digest(session.encode(), self.session.encode()):
            raise ProtocolError("bad_session", "this link belongs to another session (another lesson): open the "
                                "link your teacher gave for this one", "session")

    def authenticate(self, token: str, table_id: str | None = None) -> tuple[ClassTable, int]:
        """The table and seat of a seat token; the same error for an unknown table and a wrong token."""
        found = self._by_token.get(token) if isinstance(token, str) else None
        if found is None or (table_id is not None and found[0] != table_id):
            raise ProtocolError("bad_token", "no seat with this table and token", "token")
        return self.tables[found[0]], found[1]

    def claim(self, table_id: str, code: str, name: str, device: str | None = None,
              other: bool = False) -> tuple[ClassTable, int]:
        """A free seat at the table whose join code this is (a seat nobody has named, joined or given a bot).

        A table link seats a ``device`` once: the device's own seat again when it claims under that seat's name
        (its claim sent again), ``already_seated`` under another name, unless ``other`` (someone else at the same
        browser): then a free seat, which becomes the device's (the seat it held stays its student's)."""
        with self.lock:
            table = self.tables.get(table_id) if isinstance(table_id, str) else None
            if table is None or not secrets.compare_digest(code.encode(), table.join_code.encode()):
                raise ProtocolError("bad_token", "no table with this id and join code", "join")
            held = next((i for i, s in enumerate(table.seats) if device is not None and s.device == device), None)
            if held is not None and not other:
                if table.seats[held].name == name:
                    return table, held
                raise ProtocolError("already_seated", f"this device already holds a seat at table {table.id} "
                                    f"({table.names()[held]}); someone else on it says 'I am someone else'",
                                    "device")
            self._name_free(table, None, name)
            free = [i for i, s in enumerate(table.seats) if s.name is None and s.bot is None and not s.connections]
            if not free:
                raise ProtocolError("table_full", "every seat at this table is taken; ask the teacher for a link")
            seat = free[0]
            if held is not None:
                self.store.set_seat(table.id, held, device=None)
                table.seats[held].device = None
            self.store.set_seat(table.id, seat, name=name, device=device)
            table.seats[seat].name, table.seats[seat].device = name, device
            self._renamed(table)
            return table, seat

    def _name_free(self, table: ClassTable, seat: int | None, name: str) -> None:
        """Names are unique at a table (the log and the scores would not tell two Anns apart)."""
        wanted = name.casefold()
        for i, shown in enumerate(table.names()):
            if i != seat and wanted in (shown.casefold(), (table.seats[i].name or "").casefold()):
                raise ProtocolError("name_taken", f"{shown} is already the name of seat {i + 1} at table "
                                    f"{table.id}: names are unique at a table, choose another", "name")

    def _renamed(self, table: ClassTable) -> None:
        table.name_game()
        self._changed(table)

    def table_links(self, base: str) -> list[dict[str, Any]]:
        """One link per table: each student who opens it gets the next free seat."""
        base = base.rstrip("/")
        return [{"table": t.id, "game": t.game.name,
                 "url": f"{base}/play?session={self.session}&table={t.id}&join={t.join_code}"}
                for t in self.tables.values()]

    def is_teacher(self, token: str) -> bool:
        return isinstance(token, str) and secrets.compare_digest(token.encode(), self.teacher_token.encode())

    def table(self, table_id: str) -> ClassTable:
        if not isinstance(table_id, str) or table_id not in self.tables:
            raise ProtocolError("bad_field", "no table with this id", "table")
        return self.tables[table_id]

    def links(self, base: str) -> list[dict[str, Any]]:
        """One join link per seat (the token is in the link: whoever has it plays that seat)."""
        base = base.rstrip("/")
        return [{"table": t.id, "game": t.game.name, "seat": i, "name": t.names()[i],
                 "url": f"{base}/play?session={self.session}&table={t.id}&token={s.token}"}
                for t in self.tables.values() for i, s in enumerate(t.seats)]

    def add_listener(self, listener: Callable[[str], None]) -> None:
        """``listener(table_id)`` is called after every change at a table (from the thread that made it)."""
        self._listeners.append(listener)

    def _changed(self, table: ClassTable) -> None:
        self._invalidate(table)
        self._notify(table)

    def _invalidate(self, table: ClassTable) -> None:
        table.version += 1
        table._cache.clear()

    def _notify(self, table: ClassTable) -> None:
        for listener in list(self._listeners):
            listener(table.id)

    # --- playing ------------------------------------------------------------------------------
    def move(self, table_id: str, seat: int, text: str, ply: int) -> int:
        """Make ``seat``'s move ``text`` decided at ``ply``; return the ply after it once it is on disk.

        Bots seated at the table then answer at once; their moves are written in the same transaction."""
        made, rows = self.stage(table_id, seat, text, ply)
        self.finish(table_id, self._write(rows))
        return made

    def stage(self, table_id: str, seat: int, text: str, ply: int, wait: bool = True) -> tuple[int, list[MoveRow]]:
        """The first half of ``move``: check and apply the move (and the bots' answers) and return the ply after it
        with the rows to write. The table is then ``writing``: no other move or teacher action is taken there,
        and nobody is told, until ``finish`` says whether the rows were written. A table already writing is
        waited for (``wait=False``: ``TableWriting`` is raised instead)."""
        with self.lock:
            table = self._writable(table_id, wait)
            self._may_move(table)
            game = table.game
            if not table.fresh(seat, ply):
                why = "has not reached it" if ply > game.ply else "this seat has moved, or was not to act, since"
                raise ProtocolError("stale", f"this move was decided at ply {ply}; the table is at ply {game.ply} and "
                                    f"{why}", "ply")
            rows: list[MoveRow] = []
            self._play(table, seat, text, None, rows)
            made = game.ply
            self._run_bots(table, rows)
            table.writing = True
            self._invalidate(table)  # the seats' new pictures may be drawn while the rows are written, not sent
            return made, rows

    def finish(self, table_id: str, written: bool) -> None:
        """The second half of ``move``: the staged rows are on disk (the change is shown), or they could not be
        written (the table is rebuilt from the database and shown as it was; the caller reports the error)."""
        with self.lock:
            table = self.tables[table_id]
            table.writing = False
            if not written:
                self._reload(table_id)
            self.written.notify_all()
            if written:
                self._notify(table)
            else:
                self._changed(self.tables[table_id])
        if not written:
            raise ProtocolError("storage", "the move could not be saved; it was not made")

    def _write(self, rows: list[MoveRow]) -> bool:
        """The rows in one transaction; False if the database refused them (then none is written)."""
        try:
            self.store.add_moves(rows)
            return True
        except Exception:  # the database refused: the moves did not happen
            return False

    def _writable(self, table_id: str, wait: bool) -> ClassTable:
        """The table once its last move is written (the lock is held): an action never finds it half done."""
        if not self.tables[table_id].writing:
            return self.tables[table_id]
        if not wait:
            raise TableWriting(table_id)
        if not self.written.wait_for(lambda: not self.tables[table_id].writing, timeout=WRITE_WAIT):
            raise ProtocolError("storage", f"the last move at table {table_id} has not been written after "
                                f"{WRITE_WAIT:g} s: the database is not answering; nothing was changed", "table")
        return self.tables[table_id]

    def _may_move(self, table: ClassTable) -> None:
        if self.ended:
            raise ProtocolError("ended", "the session has ended")
        if table.paused:
            raise ProtocolError("paused", "the teacher has paused this table")

    def _play(self, table: ClassTable, seat: int, text: str | Any, bot: str | None, rows: list[MoveRow]) -> None:
        """Check with the engine and apply; the row to write is added to ``rows``."""
        game = table.game
        hit = table._cache.get(seat)
        if hit is not None and hit[0] == table.version and hit[1]["ply"] == game.ply:  # what the seat was shown
            view, legal = hit[1]["view"], hit[1]["legal"]
        else:
            seats = game.to_act()
            view = game.view(seat)
            legal = [str(m) for m in game.definition.seat_moves(game.state, seat)] if seat in seats else []
        seen = json.dumps(view, separators=(",", ":"))
        phase = game.phase
        try:
            game.apply(text, player=seat)
        except IllegalMove as err:
            raise ProtocolError("illegal", err.reason, "move", err.rule) from None
        except GameError as err:
            raise ProtocolError("notation", str(err), "move") from None
        table._cache.clear()  # a bot moving next must not be handed this seat's picture of the old position
        now = self.clock()
        rows.append(MoveRow(table.id, game.ply, seat, str(game.moves[-1]), phase, now, table.think(seat, now), seen,
                            json.dumps(legal), bot, game.names[seat]))
        table.moved(seat, now)
        table.offered_at = now

    def _reload(self, table_id: str) -> None:
        """The table as the database has it (after a failed write); connections and bots stay, versions go on."""
        old = self.tables.pop(table_id)
        for seat in old.seats:
            self._by_token.pop(seat.token, None)
        row = next(r for r in self.store.tables() if r.id == table_id)
        self._load(row)
        table = self.tables[table_id]
        table.version = old.version + 1
        for new, before in zip(table.seats, old.seats):
            new.connections, new.player = before.connections, before.player

    def _run_bots(self, table: ClassTable, rows: list[MoveRow]) -> None:
        game = table.game
        for _ in range(MAX_BOT_MOVES):
            if game.is_over or table.paused or self.ended:
                return
            bots = [s for s in game.to_act() if 0 <= s < len(table.seats) and table.seats[s].player is not None]
            if not bots:
                return
            seat = bots[0]
            self._play(table, seat, bot_move(game, table.seats[seat].player, player=seat), table.seats[seat].bot,
                       rows)

    def _bots_answer(self, table: ClassTable) -> None:
        """The bots seated at the table play now (a teacher's action); their moves are written before it returns."""
        rows: list[MoveRow] = []
        self._run_bots(table, rows)
        if rows and not self._write(rows):
            self._reload(table.id)
            self._changed(self.tables[table.id])
            raise ProtocolError("storage", "the bots' moves could not be saved; they were not made")

    def explain(self, table_id: str, seat: int, text: str) -> dict[str, Any]:
        """Why (not) this move, for this seat, here."""
        with self.lock:
            game = self.tables[table_id].game
            try:
                why = game.explain(text, player=seat)
            except GameError as err:
                return {"type": "explanation", "move": text, "legal": False, "rule": "notation",
                        "reason": str(err), "remedy": ""}
            return {"type": "explanation", "move": text, "legal": why.legal, "rule": why.rule,
                    "reason": why.reason, "remedy": why.remedy}

    def set_name(self, table_id: str, seat: int, name: str) -> None:
        with self.lock:
            table = self.tables[table_id]
            if table.seats[seat].name == name:
                return
            self._name_free(table, seat, name)
            self.store.set_seat(table_id, seat, name=name)
            table.seats[seat].name = name
            self._renamed(table)

    def connected(self, table_id: str, seat: int, delta: int, token: str | None = None) -> None:
        """A page opened (+1) or closed (-1) at the seat; one closed after the seat was freed counts no more."""
        with self.lock:
            seat_info = self.tables[table_id].seats[seat]
            if token is None or seat_info.token == token:
                seat_info.connections = max(0, seat_info.connections + delta)

    # --- what a seat sees ---------------------------------------------------------------------
    def state_for(self, table_id: str, seat: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The seat's state message (without its log) and its whole log, cached until the table changes."""
        with self.lock:
            table = self.tables[table_id]
            hit = table._cache.get(seat)
            if hit is not None and hit[0] == table.version:
                return hit[1], hit[2]
            message = seat_message(table, seat, self.ended)
            log = seat_log(table, seat)
            table._cache[seat] = (table.version, message, log)
            return message, log

    # --- the teacher --------------------------------------------------------------------------
    def pause(self, table_id: str, paused: bool = True, wait: bool = True) -> None:
        """Pause or resume a table (after its last move is written; ``wait`` as for ``stage``)."""
        with self.lock:
            self.table(table_id)
            table = self._writable(table_id, wait)
            self.store.set_paused(table_id, paused)
            table.paused = paused
            if not paused:
                table.offered_at = self.clock()
                table.free_from = dict.fromkeys(table.free_from, table.offered_at)  # think times leave out the pause
                self._bots_answer(table)
            self._changed(table)

    def seat_bot(self, table_id: str, seat: int, bot: str = "random", wait: bool = True) -> None:
        """A bot takes the seat (an empty or abandoned one); it plays at once when the seat is to act."""
        with self.lock:
            table = self.table(table_id)
            if type(seat) is not int or not 0 <= seat < len(table.seats):
                raise ProtocolError("bad_field", f"seat must be from 0 to {len(table.seats) - 1}", "seat")
            if bot not in BOTS:
                raise ProtocolError("bad_field", f"no bot {bot!r}; the bots are {sorted(BOTS)}", "bot")
            table = self._writable(table_id, wait)
            self.store.set_seat(table_id, seat, bot=bot)
            table.seats[seat].bot = bot
            table.seats[seat].player = make_bot(bot, seed=table.game.seed * 10 + seat)
            table.name_game()
            if not self.ended:
                self._bots_answer(table)
            self._changed(table)

    def free_seat(self, table_id: str, seat: int, wait: bool = True) -> None:
        """Take a seat back: its token is revoked (a new one is made), its name, bot and device are cleared, and
        the table link hands it out again. The server closes the pages open at it (they are told why)."""
        with self.lock:
            table = self.table(table_id)
            if type(seat) is not int or not 0 <= seat < len(table.seats):
                raise ProtocolError("bad_field", f"seat must be from 0 to {len(table.seats) - 1}", "seat")
            table = self._writable(table_id, wait)
            token = new_token()
            self.store.set_seat(table_id, seat, token=token, name=None, bot=None, device=None)
            old = table.seats[seat]
            self._by_token.pop(old.token, None)
            table.seats[seat] = SeatInfo(token)
            self._by_token[token] = (table_id, seat)
            self._renamed(table)

    def undo(self, table_id: str, wait: bool = True) -> None:
        """Take back the last move at a sandbox table (a table in play mode refuses)."""
        with self.lock:
            self.table(table_id)
            table = self._writable(table_id, wait)
            if table.game.mode != "sandbox":
                raise ProtocolError("bad_field", "undo is for sandbox tables only", "table")
            if not table.game.moves:
                raise ProtocolError("bad_field", "there is no move to undo", "table")
            ply = table.game.ply
            self.store.drop_last_move(table_id, ply)
            table.game.undo()
            table._logs.clear()
            table.offered_at = self.clock()
            table.reset_free(table.offered_at)
            self._changed(table)

    def end(self) -> None:
        with self.lock:
            self.store.put("ended", "1")
            self.ended = True
            for table in self.tables.values():
                self._changed(table)

    def summary(self) -> list[dict[str, Any]]:
        """Every table: progress, who is to act and for how long, who is connected."""
        with self.lock:
            now = self.clock()
            out = []
            for t in self.tables.values():
                g = t.game
                out.append({"table": t.id, "game": g.name, "ply": g.ply, "phase": g.phase, "over": g.is_over,
                            "paused": t.paused, "to_act": list(g.to_act()), "waiting": round(now - t.offered_at, 1),
                            "names": t.names(), "connected": [s.connections for s in t.seats],
                            "bots": [s.bot for s in t.seats], "scores": g.scores() if g.is_over else None})
            return out

    def teacher_state(self, table_id: str) -> dict[str, Any]:
        with self.lock:
            table = self.table(table_id)
            return teacher_message(table)

    def decisions(self) -> Any:
        """Every decision made in the session: a pandas DataFrame, one row per move."""
        import pandas as pd
        with self.lock:
            rows = []
            for m in self.store.moves():
                table = self.tables.get(m.table_id)
                name = m.name if m.name is not None else table.names()[m.seat] if table else None
                rows.append({"table": m.table_id, "game": table.game.name if table else None, "seat": m.seat,
                             "name": name, "ply": m.ply, "phase": m.phase,
                             "seen": json.loads(m.seen), "legal": json.loads(m.legal), "move": m.move,
                             "time_taken": m.think, "at": m.at, "bot": m.bot})
        return pd.DataFrame(rows, columns=DECISION_COLUMNS)

    def decisions_csv(self) -> str:
        """``decisions()`` as CSV text, without pandas: ``seen`` and ``legal`` are JSON in their cells."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(DECISION_COLUMNS)
        with self.lock:
            for m in self.store.moves():
                table = self.tables.get(m.table_id)
                name = m.name if m.name is not None else table.names()[m.seat] if table else None
                writer.writerow([m.table_id, table.game.name if table else "", m.seat, name, m.ply, m.phase, m.seen,
                                 m.legal, m.move, m.think, m.at, m.bot or ""])
        return out.getvalue()

    def close(self) -> None:
        self.store.close()


def _new_game(game: str, players: int | None, seed: int, options: dict[str, Any], mode: str,
              start: dict[str, Any] | None, names: list[str] | None) -> Game:
    if start is not None:
        return from_position(game, start, names=names, mode=mode)
    return new_game(game, players=players, seed=seed, mode=mode, names=names, **options)


__all__ = ["ClassTable", "Room", "SeatInfo", "TableWriting", "new_token", "render"]
