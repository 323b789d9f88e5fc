"""A move is acknowledged, and shown to anyone, only once its transaction is committed; the moves that arrive
while one is being written go to disk together (a group commit), and a write the database refuses undoes them."""
from __future__ import annotations

from typing import Any

import pytest

from boardgames_lab.classroom.room import Room
from tests.classroom.helpers import Client, HeldWriter, until as _until


def _at(room: Room, server: Any, table_id: str) -> tuple[Client, Client, dict[str, Any]]:
    """The acting seat's connection, another seat's, and the acting seat's state."""
    table = room.tables[table_id]
    acting = table.game.to_act()[0]
    mover, other = Client(server.url), Client(server.url)
    state = mover.hello(table.seats[acting].token, table_id)
    other.hello(table.seats[(acting + 1) % table.game.num_players].token, table_id)
    return mover, other, state


def test_no_seat_is_shown_a_move_nor_is_it_acknowledged_before_it_is_written(room: Room, server: Any,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    writer = HeldWriter(room.store.add_moves)
    monkeypatch.setattr(room.store, "add_moves", writer)
    mover, other, state = _at(room, server, "t1")
    mover.send({"type": "move", "move": state["legal"][0], "ply": 0})
    _until(lambda: room.tables["t1"].writing)
    for c in (mover, other):  # the server still answers (the write is off its event loop), and shows nothing new
        c.send({"type": "ping"})
        c.until("pong")
        assert not [m for m in c.seen if m["type"] in ("accepted", "state") and m.get("ply", 0) > 0]
    assert list(room.store.moves()) == []
    writer.release.set()
    assert mover.until("accepted")["ply"] == 1
    assert other.state_at(1)["ply"] == 1 and [m.ply for m in room.store.moves()] == [1]


def test_moves_that_arrive_while_one_is_written_are_committed_together(room: Room, server: Any,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    room.add_table("saint_petersburg", players=2, seed=13)
    writer = HeldWriter(room.store.add_moves)
    monkeypatch.setattr(room.store, "add_moves", writer)
    seated = {t: _at(room, server, t) for t in ("t1", "t2", "t3")}
    for t in ("t1", "t2", "t3"):
        mover, _, state = seated[t]
        mover.send({"type": "move", "move": state["legal"][0], "ply": 0})
        _until(lambda: room.tables[t].writing)
    writer.release.set()
    for t, (mover, other, _) in seated.items():
        assert mover.until("accepted")["ply"] == 1 and other.state_at(1)["ply"] == 1
    assert writer.calls == [[("t1", 1)], [("t2", 1), ("t3", 1)]]
    assert sorted((m.table_id, m.ply) for m in room.store.moves()) == [("t1", 1), ("t2", 1), ("t3", 1)]


def test_a_move_the_database_refuses_is_reported_and_the_table_is_shown_as_it_was(
        room: Room, server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    writer = HeldWriter(room.store.add_moves, fail=True)
    writer.release.set()
    monkeypatch.setattr(room.store, "add_moves", writer)
    mover, other, state = _at(room, server, "t1")
    mover.send({"type": "move", "move": state["legal"][0], "ply": 0})
    assert mover.until("error")["code"] == "storage"
    assert room.tables["t1"].game.ply == 0 and not room.tables["t1"].writing and list(room.store.moves()) == []
    writer.fail = False
    mover.send({"type": "move", "move": state["legal"][0], "ply": 0})  # the same move again, now it is saved
    assert mover.until("accepted")["ply"] == 1 and other.state_at(1)["ply"] == 1
