"""Simulated students (classroom/simulate.py): each plays its own seat over the real server, from its own state."""
from __future__ import annotations

from typing import Any

from boardgames_lab.classroom.room import Room
from boardgames_lab.classroom.simulate import play_students


def test_simulated_students_play_every_table_through_the_server_and_every_move_is_recorded(
        room: Room, server: Any) -> None:
    seen: list[tuple[str, int]] = []

    def first_move(state: dict[str, Any], rng: Any) -> str:
        assert state["your_turn"] and state["legal"]
        seen.append((state["table"], state["seat"]))
        return str(state["legal"][0])

    made = play_students(server.url, room.links(server.url), moves=6, choose=first_move, seed=2)
    assert made == 12 and len(seen) == 12
    record = room.decisions()
    assert len(record) == 12 and record["bot"].isna().all()
    assert [(r.table, r.seat) for r in record.itertuples()] == sorted(seen, key=lambda ts: ts[0])
    assert all(r.move == r.legal[0] for r in record.itertuples())
    assert {t: room.tables[t].game.ply for t in room.tables} == {"t1": 6, "t2": 6}
