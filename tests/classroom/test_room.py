"""The session without the network: bots, pause, sandbox undo, the end, the decision record, rebuilding."""
from __future__ import annotations

from pathlib import Path

import pytest

from boardgames_lab.classroom.protocol import ProtocolError
from boardgames_lab.classroom.room import Room
from tests.conftest import cites

from tests.classroom.helpers import Client, FrozenClock


def _move(room: Room, table_id: str) -> str:
    game = room.tables[table_id].game
    seat = game.to_act()[0]
    move = str(game.definition.seat_moves(game.state, seat)[0])
    room.move(table_id, seat, move, game.ply)
    return move


@cites("core.game_over")
def test_bots_in_every_seat_play_a_whole_game_and_then_no_move_is_taken(room: Room) -> None:
    for seat in range(4):
        room.seat_bot("t2", seat, "random")
    game = room.tables["t2"].game
    assert game.is_over
    decisions = room.decisions()
    assert len(decisions) == game.ply and set(decisions["bot"]) == {"random"}
    with pytest.raises(ProtocolError) as err:
        room.move("t2", 0, "pass", game.ply)
    assert err.value.rule == "core.game_over"


def test_a_bot_in_one_seat_answers_when_that_seat_is_to_act(room: Room) -> None:
    game = room.tables["t1"].game
    acting = game.to_act()[0]
    room.seat_bot("t1", acting, "heuristic")
    assert game.ply >= 1 and game.to_act()[0] != acting
    with pytest.raises(ProtocolError) as err:
        room.seat_bot("t1", 9, "random")
    assert err.value.field == "seat"
    with pytest.raises(ProtocolError) as err:
        room.seat_bot("t1", 0, "oracle")
    assert err.value.field == "bot"


def test_each_decision_keeps_what_the_seat_saw_its_choices_and_its_time(room: Room, clock: FrozenClock) -> None:
    game = room.tables["t1"].game
    seat = game.to_act()[0]
    seen, legal = game.view(seat), [str(m) for m in game.definition.seat_moves(game.state, seat)]
    clock.advance(7.5)
    move = _move(room, "t1")
    clock.advance(2.0)
    _move(room, "t1")
    rows = room.decisions()
    assert list(rows.columns[:10]) == ["table", "game", "seat", "name", "ply", "phase", "seen", "legal", "move",
                                       "time_taken"]
    first = rows.iloc[0]
    assert (first["table"], first["seat"], first["ply"], first["phase"], first["move"]) == ("t1", seat, 1, "draft", move)
    assert first["seen"] == seen and first["legal"] == legal and move in first["legal"]
    assert list(rows["time_taken"]) == [7.5, 2.0]


def test_pause_and_end_stop_the_moves_and_survive_a_restart(room: Room) -> None:
    room.pause("t1")
    game = room.tables["t1"].game
    with pytest.raises(ProtocolError) as err:
        _move(room, "t1")
    assert err.value.code == "paused" and game.ply == 0
    room.pause("t1", False)
    _move(room, "t1")
    room.pause("t2")
    room.end()
    with pytest.raises(ProtocolError) as err:
        _move(room, "t1")
    assert err.value.code == "ended"
    again = Room(room.store.url)
    assert again.ended and again.tables["t2"].paused and not again.tables["t1"].paused
    assert again.tables["t1"].game.ply == 1
    assert [s.token for s in again.tables["t1"].seats] == [s.token for s in room.tables["t1"].seats]


def test_undo_only_at_a_sandbox_table_and_the_database_forgets_the_move(room: Room) -> None:
    _move(room, "t1")
    with pytest.raises(ProtocolError):
        room.undo("t1")
    sandbox = room.add_table("saint_petersburg", players=2, seed=3, mode="sandbox")
    _move(room, sandbox.id)
    _move(room, sandbox.id)
    room.undo(sandbox.id)
    assert sandbox.game.ply == 1
    assert Room(room.store.url).tables[sandbox.id].game.ply == 1


def test_a_move_the_database_refuses_is_not_made(room: Room, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(row: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(room.store, "add_moves", broken)
    with pytest.raises(ProtocolError) as err:
        _move(room, "t1")
    assert err.value.code == "storage" and room.tables["t1"].game.ply == 0


def test_a_new_session_gets_its_tables_and_an_old_one_is_only_reopened(tmp_path: Path) -> None:
    db = str(tmp_path / "s.sqlite3")
    first = Room.open(db, game="citadels", tables=3, players=5, seed=40)
    assert [t.game.seed for t in first.tables.values()] == [40, 41, 42]
    assert len({s.token for t in first.tables.values() for s in t.seats} | {first.teacher_token}) == 16
    assert all(len(s.token) >= 22 for t in first.tables.values() for s in t.seats)  # >= 128 bits
    again = Room.open(db, game="village", tables=9)
    assert [t.game.name for t in again.tables.values()] == ["citadels"] * 3


def test_the_notebook_shows_each_table_live_and_finds_the_slow_seats(tmp_path: Path) -> None:
    pytest.importorskip("ipywidgets")
    from boardgames_lab.classroom import Classroom

    clock = FrozenClock()
    session = Classroom("saint_petersburg", tables=2, players=2, seed=5, db=str(tmp_path / "n.sqlite3"),
                        clock=clock)
    try:
        box = session.widget()
        assert len(box.children) == 5 and "<svg" in box.children[0].value  # links, slow seats, 2 tables, controls
        link = session.links()[0]
        c = Client(session.url)
        c.send({"type": "claim", "table": "t1", "join": link["url"].split("join=")[1], "name": "Ann"})
        state = c.until("state")
        assert session.slow(60) == []
        clock.advance(90)
        assert [(s["table"], s["waiting"]) for s in session.slow(60)] == [("t1", 90.0), ("t2", 90.0)]
        game = session.room.tables["t1"].game
        mover = game.to_act()[0]
        if mover != state["seat"]:
            session.seat_bot("t1", mover, "random")
        state = c.until("state", lambda m: m["your_turn"])
        c.send({"type": "move", "move": state["legal"][0], "ply": state["ply"]})
        c.until("accepted")
        assert f'data-ply="{game.ply}"' in box.children[2].value and "Ann" in box.children[2].value
        assert list(session.progress().index) == ["t1", "t2"]
        assert len(session.decisions()) == game.ply
        added = session.add_table("citadels", players=4, seed=2)  # after the view is shown: it appears there
        assert added == "t3" and len(box.children) == 6 and 'data-table="t3"' in box.children[4].value
        assert box.children[0].value.count("<svg") == 3 and f"table={added}&amp;join=" in box.children[0].value
        choice = box.children[-1].children[1].children[0]
        assert list(choice.options) == ["t1", "t2", "t3"]
        choice.value = added
        session.pause(added)
        assert session.room.tables[added].paused and "paused" in box.children[4].value
        controls = box.children[-1]  # the teacher frees Ann's seat from the view: her page is told
        choice.value = "t1"
        taken, free = controls.children[3].children
        taken.value = state["seat"]
        free.click()
        assert c.until("freed") and session.room.tables["t1"].seats[state["seat"]].name is None
        assert "is free again" in controls.children[-1].value
        c.close()
    finally:
        session.stop()


def test_each_seat_log_read_move_by_move_is_the_engines_log_for_that_seat(tmp_path: Path) -> None:
    """The log is read incrementally for speed; it must stay exactly game.log_for(seat), private entries too."""
    room = Room(str(tmp_path / "l.sqlite3"))
    table = room.add_table("citadels", players=4, seed=8, options={"action_cards": True})
    for seat in range(4):
        room.state_for(table.id, seat)
    for _ in range(60):
        if table.game.is_over:
            break
        seat = table.game.to_act()[0]
        room.move(table.id, seat, str(table.game.definition.seat_moves(table.game.state, seat)[-1]), table.game.ply)
        for s in range(4):
            assert room.state_for(table.id, s)[1] == table.game.log_for(s)


def test_every_recorded_decision_is_what_that_seat_saw_and_could_do_then(room: Room) -> None:
    """Replayed from the seed, each row's position gives exactly its ``seen`` and ``legal`` (bots' rows too)."""
    import boardgames_lab as bgl

    table = room.tables["t2"]
    human = table.game.to_act()[0]
    for seat in range(4):
        if seat != human:
            room.seat_bot("t2", seat, "random")
    for _ in range(15):
        if table.game.is_over:
            break
        if human in table.game.to_act():
            for seat in range(4):  # every seat's page is up to date, as when all are connected
                room.state_for("t2", seat)
            _move(room, "t2")
    replay = bgl.new_game("saint_petersburg", players=4, seed=12)
    rows = room.decisions()
    assert len(rows) == table.game.ply and set(rows["bot"].dropna()) == {"random"} and rows["bot"].isna().any()
    for row in rows.itertuples():
        assert row.seen == replay.view(row.seat), f"ply {row.ply}"
        assert row.legal == [str(m) for m in replay.definition.seat_moves(replay.state, row.seat)]
        replay.apply(row.move, player=row.seat)


def test_the_live_view_never_waits_for_the_room_while_holding_its_own_lock(tmp_path: Path) -> None:
    """The room calls the view's redraw holding the room's lock; the view's clock redraws from its own thread.
    If the view took the room's lock while holding its own, the two threads could wait for each other forever."""
    import threading

    from boardgames_lab.classroom import Classroom

    inside: list[int] = []  # the threads holding the view's lock
    taken_inside: list[str] = []

    class ViewLock:
        def __init__(self) -> None:
            self.lock = threading.Lock()

        def __enter__(self) -> None:
            self.lock.acquire()
            inside.append(threading.get_ident())

        def __exit__(self, *exc: object) -> None:
            inside.remove(threading.get_ident())
            self.lock.release()

    class RoomLock(threading._PyRLock):  # type: ignore[name-defined,misc]
        def acquire(self, *args: object, **kwargs: object) -> bool:
            if threading.get_ident() in inside:
                taken_inside.append(threading.current_thread().name)
            return super().acquire(*args, **kwargs)

        __enter__ = acquire

    session = Classroom("saint_petersburg", tables=1, players=2, seed=5, db=str(tmp_path / "l.sqlite3"),
                        clock=FrozenClock(), start=False, refresh=0)
    session._drawing = ViewLock()
    session.room.lock = RoomLock()
    session.room.written = threading.Condition(session.room.lock)
    try:
        box = session.widget()
        session.add_table("saint_petersburg", players=2, seed=6)
        session.pause("t1")
        session.resume("t1")
        session.seat_bot("t2", 0)
        session._refresh("t2")
        assert len(box.children) == 5 and taken_inside == []
    finally:
        session.room.close()
