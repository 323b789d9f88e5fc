"""The classroom's database, the same tests on SQLite and on a real PostgreSQL server (tests/classroom/postgres.py)."""
from __future__ import annotations

import pytest
from sqlalchemy.exc import IntegrityError

from boardgames_lab.classroom.room import Room
from boardgames_lab.classroom.store import MoveRow, Store, TableRow


def _table(id: str = "t1", ord: int = 0) -> TableRow:
    return TableRow(id=id, ord=ord, game="citadels", players=4, seed=7, options={"action_cards": True}, mode="play",
                    start=None, paused=False, created=1000.5, join_code="j" * 32)


def _move(ply: int, table: str = "t1") -> MoveRow:
    return MoveRow(table, ply, ply % 4, f"m{ply}", "draft", 1000.0 + ply, 0.25 * ply, '{"hand":["x"]}',
                   '["m1","m2"]', None if ply % 2 else "random")


def test_tables_seats_moves_and_settings_come_back_as_written(db_url: str) -> None:
    store = Store(db_url)
    try:
        store.add_table(_table(), [f"token{i}" for i in range(4)])
        store.add_table(_table("t2", 1), [f"other{i}" for i in range(4)])
        assert store.tables() == [_table(), _table("t2", 1)]
        assert [s["token"] for s in store.seats("t1")] == [f"token{i}" for i in range(4)]
        for ply in (1, 2, 3):
            store.add_move(_move(ply))
        store.add_move(_move(1, "t2"))
        assert list(store.moves("t1")) == [_move(1), _move(2), _move(3)]
        assert [m.table_id for m in store.moves()] == ["t1", "t1", "t1", "t2"]
        store.drop_last_move("t1", 3)
        assert [m.ply for m in store.moves("t1")] == [1, 2]
        store.set_seat("t1", 2, name="Robert'); DROP TABLE classroom_moves; --", bot="random")
        assert store.seats("t1")[2]["name"] == "Robert'); DROP TABLE classroom_moves; --"
        store.set_paused("t2", True)
        assert [t.paused for t in store.tables()] == [False, True]
        assert store.get("teacher_token") is None
        store.put("ended", "0")
        store.put("ended", "1")
        assert store.get("ended") == "1"
    finally:
        store.close()


def test_a_ply_is_recorded_once_and_a_token_belongs_to_one_seat(db_url: str) -> None:
    store = Store(db_url)
    try:
        store.add_table(_table(), [f"token{i}" for i in range(4)])
        store.add_move(_move(1))
        with pytest.raises(IntegrityError):  # a replayed move can never be written twice
            store.add_move(_move(1))
        with pytest.raises(IntegrityError):
            store.add_table(_table("t2", 1), ["token0", "a", "b", "c"])
        assert [m.ply for m in store.moves()] == [1] and [t.id for t in store.tables()] == ["t1"]
    finally:
        store.close()


def test_a_room_on_either_database_rebuilds_every_table_with_its_tokens(db_url: str) -> None:
    room = Room(db_url)
    table = room.add_table("saint_petersburg", players=3, seed=4)
    for _ in range(12):
        seat = table.game.to_act()[0]
        room.move(table.id, seat, str(table.game.definition.seat_moves(table.game.state, seat)[0]), table.game.ply)
    room.set_name(table.id, 1, "Zoë")
    tokens, teacher, view = [s.token for s in table.seats], room.teacher_token, table.game.view(0)
    room.close()
    again = Room(db_url)
    try:
        back = again.tables[table.id]
        assert back.game.ply == 12 and back.game.view(0) == view and again.teacher_token == teacher
        assert [s.token for s in back.seats] == tokens and back.names()[1] == "Zoë"
        assert len(again.decisions()) == 12
    finally:
        again.close()


@pytest.mark.parametrize("durability", ["disk", "process"])
def test_the_durability_asked_for_is_the_databases_own_setting_on_every_connection(db_url: str,
                                                                                   durability: str) -> None:
    from sqlalchemy import text
    store = Store(db_url, durability)
    try:
        with store.engine.connect() as c:
            if store.engine.dialect.name == "sqlite":
                assert c.execute(text("PRAGMA journal_mode")).scalar() == "wal"
                assert c.execute(text("PRAGMA synchronous")).scalar() == (2 if durability == "disk" else 1)  # FULL, NORMAL
            else:
                assert c.execute(text("SHOW synchronous_commit")).scalar() == ("on" if durability == "disk" else "off")
    finally:
        store.close()
    with pytest.raises(ValueError, match="durability must be one of"):
        Store(db_url, "fast")
