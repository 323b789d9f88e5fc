"""Moves and teacher actions at a table are taken in the order they arrive: one that comes while the table's
last move is being written waits for it (nobody is told "busy"), and a seat free to act in a window open to
several seats at once is not "stale" because another seat answered first."""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from boardgames_lab.classroom.protocol import ProtocolError
from boardgames_lab.classroom.room import Room
from boardgames_lab.classroom.server import MAX_WAITING
from boardgames_lab.core.game import Game
from tests.citadels.position import deal_characters, give, variant
from tests.conftest import cites

from tests.classroom.helpers import WAIT, Client, FrozenClock, HeldWriter, until

P = "citadels."


def _acrobat_window() -> Game:
    """Citadels with the action cards, at the Acrobat's window: every seat may answer (seat 2 holds the card)."""
    game = deal_characters(give(variant(), 2, hand=["acrobat"]), {"bishop": 3}, start=3)
    assert game.phase == "acrobat" and game.to_act() == (0, 1, 2, 3)
    return game


def _recorded(room: Room, table_id: str) -> list[tuple[int, int, str]]:
    return [(m.ply, m.seat, m.move) for m in room.store.moves(table_id)]


def _stale(room: Room, table_id: str, seat: int, move: str, ply: int) -> None:
    with pytest.raises(ProtocolError) as err:
        room.move(table_id, seat, move, ply)
    assert err.value.code == "stale" and err.value.field == "ply"


@cites(P + "action.window", P + "action.acrobat")
def test_a_seat_free_to_act_since_it_decided_is_not_stale_but_its_replay_is(tmp_path: Path,
                                                                            clock: FrozenClock) -> None:
    room = Room(str(tmp_path / "class.sqlite3"), clock=clock)
    table = room.add_table("citadels", start=_acrobat_window().position())
    clock.advance(5)
    assert room.move(table.id, 2, "decline", 0) == 1
    clock.advance(3)
    assert room.move(table.id, 3, "decline", 0) == 2  # decided at ply 0, free to act ever since
    _stale(room, table.id, 3, "decline", 0)  # its own move again: it has moved since ply 0
    _stale(room, table.id, 2, "decline", 1)  # seat 2 has answered and is to act no more
    _stale(room, table.id, 0, "decline", 3)  # a ply the table has not reached
    assert table.game.to_act() == (0, 1) and _recorded(room, table.id) == [(1, 2, "decline"), (2, 3, "decline")]
    clock.advance(2)
    assert room.move(table.id, 0, "decline", 1) == 3  # seat 0 too has been free since ply 0
    assert list(room.decisions()["time_taken"]) == [5, 8, 10]  # each seat's time since the window opened
    room.close()
    reopened = Room(str(tmp_path / "class.sqlite3"), clock=clock)  # rebuilt: seat 1 counts as free from now on
    _stale(reopened, table.id, 1, "decline", 0)
    assert reopened.move(table.id, 1, "decline", 3) == 4 and reopened.tables[table.id].game.phase == "turn"
    reopened.close()


@cites(P + "action.window", P + "action.acrobat")
def test_a_bots_answer_in_the_window_does_not_make_a_waiting_seat_stale(room: Room) -> None:
    table = room.add_table("citadels", start=_acrobat_window().position())
    room.seat_bot(table.id, 0, "random")  # the bot answers at once: ply 1
    assert table.game.ply == 1 and 0 not in table.game.to_act()
    assert room.move(table.id, 3, "decline", 0) == 2
    assert [(ply, seat) for ply, seat, _ in _recorded(room, table.id)] == [(1, 0), (2, 3)]


def _teacher(server: Any, room: Room) -> Client:
    teacher = Client(server.url)
    teacher.send({"type": "hello", "token": room.teacher_token})
    teacher.until("welcome")
    return teacher


def _seat(server: Any, room: Room, table_id: str, seat: int) -> Client:
    client = Client(server.url)
    client.hello(room.tables[table_id].seats[seat].token, table_id)
    return client


@cites(P + "action.window")
def test_what_arrives_while_a_move_is_written_waits_and_runs_in_arrival_order(
        room: Room, server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    table = room.add_table("citadels", start=_acrobat_window().position())
    writer = HeldWriter(room.store.add_moves)
    monkeypatch.setattr(room.store, "add_moves", writer)
    first, second, teacher = _seat(server, room, table.id, 2), _seat(server, room, table.id, 3), _teacher(server, room)
    first.send({"type": "move", "move": "decline", "ply": 0})
    until(lambda: table.writing)
    second.send({"type": "move", "move": "decline", "ply": 0})
    for action in ({"action": "pause"}, {"action": "seat_bot", "seat": 0}, {"action": "resume"}):
        teacher.send({"type": "teacher", "table": table.id, **action})
    for c in (second, teacher):  # both still answered at once, and nothing of theirs is done yet
        c.send({"type": "ping"})
        c.until("pong")
    waiting = [m for c in (first, second, teacher) for m in c.seen if m["type"] in ("error", "accepted", "done")]
    assert waiting == [] and not table.paused and table.seats[0].bot is None and _recorded(room, table.id) == []
    writer.release.set()
    assert first.until("accepted")["ply"] == 1 and second.until("accepted")["ply"] == 2
    assert [teacher.until("done")["action"] for _ in range(3)] == ["pause", "seat_bot", "resume"]
    # In that order: paused, the bot sat down without playing, and answered only once the table was resumed.
    assert _recorded(room, table.id) == [(1, 2, "decline"), (2, 3, "decline"), (3, 0, "decline")]
    assert [m.bot for m in room.store.moves(table.id)] == [None, None, "random"] and not table.paused
    assert writer.calls == [[(table.id, 1)], [(table.id, 2)], [(table.id, 3)]]


def test_beyond_the_bound_an_operation_is_refused_too_many_waiting_and_changes_nothing(
        room: Room, server: Any, clock: FrozenClock, monkeypatch: pytest.MonkeyPatch) -> None:
    writer = HeldWriter(room.store.add_moves)
    monkeypatch.setattr(room.store, "add_moves", writer)
    game = room.tables["t1"].game
    seat = game.to_act()[0]
    mover, teacher = Client(server.url), _teacher(server, room)
    state = mover.hello(room.tables["t1"].seats[seat].token, "t1")
    mover.send({"type": "move", "move": state["legal"][0], "ply": 0})
    until(lambda: room.tables["t1"].writing)
    for i in range(MAX_WAITING):
        if i == 20:  # the burst is nearly spent: once these are read, a full one again (the limiter reads this clock)
            teacher.send({"type": "ping"})
            teacher.until("pong")
            clock.advance(10)
        teacher.send({"type": "teacher", "action": "resume", "table": "t1"})
    free = next(s for s in range(4) if s != seat)
    teacher.send({"type": "teacher", "action": "seat_bot", "table": "t1", "seat": free})
    error = teacher.until("error")
    assert error["code"] == "too_many_waiting" and str(MAX_WAITING) in error["message"]
    assert room.tables["t1"].seats[free].bot is None and room.store.seats("t1")[free]["bot"] is None
    writer.release.set()
    assert mover.until("accepted")["ply"] == 1
    assert [teacher.until("done")["action"] for _ in range(MAX_WAITING)] == ["resume"] * MAX_WAITING
    teacher.send({"type": "ping"})
    teacher.until("pong")
    assert room.tables["t1"].seats[free].bot is None and not [m for m in teacher.seen if m["type"] == "error"][1:]


def test_a_teacher_action_from_another_thread_waits_for_the_write_then_is_done(
        room: Room, server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The notebook calls the room from the kernel's thread, not the server's: it waits, it is not refused."""
    writer = HeldWriter(room.store.add_moves)
    monkeypatch.setattr(room.store, "add_moves", writer)
    game = room.tables["t1"].game
    seat = game.to_act()[0]
    mover = Client(server.url)
    state = mover.hello(room.tables["t1"].seats[seat].token, "t1")
    mover.send({"type": "move", "move": state["legal"][0], "ply": 0})
    until(lambda: room.tables["t1"].writing)
    free = next(s for s in range(4) if s != seat)
    outcome: list[BaseException | None] = []

    def teacher() -> None:
        try:
            room.seat_bot("t1", free, "random")
            room.pause("t1", True)
            outcome.append(None)
        except BaseException as err:  # handed to the test's thread
            outcome.append(err)

    worker = threading.Thread(target=teacher)
    worker.start()
    until(lambda: len(room.written._waiters) == 1)  # type: ignore[attr-defined]  # it waits for the write
    assert outcome == [] and room.tables["t1"].seats[free].bot is None and room.store.seats("t1")[free]["bot"] is None
    writer.release.set()
    worker.join(WAIT)
    assert not worker.is_alive() and outcome == [None]
    assert mover.until("accepted")["ply"] == 1
    assert room.tables["t1"].seats[free].bot == "random" and room.tables["t1"].paused


@cites(P + "action.window")
def test_a_move_waiting_when_its_connection_closes_is_still_made(room: Room, server: Any,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    table = room.add_table("citadels", start=_acrobat_window().position())
    writer = HeldWriter(room.store.add_moves)
    monkeypatch.setattr(room.store, "add_moves", writer)
    first, second = _seat(server, room, table.id, 2), _seat(server, room, table.id, 3)
    first.send({"type": "move", "move": "decline", "ply": 0})
    until(lambda: table.writing)
    second.send({"type": "move", "move": "decline", "ply": 0})
    second.send({"type": "ping"})
    second.until("pong")  # the move has arrived and waits
    second.close()
    writer.release.set()
    assert first.until("accepted")["ply"] == 1
    until(lambda: table.seats[3].connections == 0)  # the connection let go only once its move was answered
    assert _recorded(room, table.id) == [(1, 2, "decline"), (2, 3, "decline")]
