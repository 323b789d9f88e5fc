"""A teacher's week: sessions told apart, devices shared, names unique, seats taken back by the teacher."""
from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from boardgames_lab.classroom.notebook import Classroom
from boardgames_lab.classroom.protocol import ProtocolError
from boardgames_lab.classroom.room import Room
from boardgames_lab.classroom.server import FREED
from boardgames_lab.classroom.store import Store
from tests.conftest import cites

from tests.classroom.helpers import Client, FrozenClock, until


def _claim(c: Client, room: Room, name: str, table: str = "t2", **extra: Any) -> dict[str, Any]:
    c.send({"type": "claim", "session": room.session, "table": table, "join": room.tables[table].join_code,
            "name": name, **extra})
    return c.recv()


def _seat_names(room: Room, table: str) -> list[str | None]:
    return [s.name for s in room.tables[table].seats]


# --- 1. sessions are distinct -------------------------------------------------------------------

def test_every_link_names_its_session_and_each_database_is_a_session_of_its_own(tmp_path: Path) -> None:
    first = Room.open(str(tmp_path / "monday.sqlite3"), game="citadels", tables=2, players=4, seed=1)
    second = Room.open(str(tmp_path / "tuesday.sqlite3"), game="citadels", tables=2, players=4, seed=1)
    assert first.session != second.session and len(first.session) == 8
    assert [t.id for t in first.tables.values()] == [t.id for t in second.tables.values()] == ["t1", "t2"]
    for link in first.table_links("http://x:8000") + first.links("http://x:8000"):
        assert parse_qs(urlparse(link["url"]).query)["session"] == [first.session]
    session = first.session
    first.close()
    assert Room(str(tmp_path / "monday.sqlite3")).session == session  # resumed: the same links


def test_a_link_of_another_session_is_refused_in_words_and_changes_nothing(room: Room, server: Any,
                                                                           tmp_path: Path) -> None:
    last_week = Room(str(tmp_path / "last_week.sqlite3"))
    old = last_week.add_table("saint_petersburg", players=4, seed=12)
    c = Client(server.url)
    for message in ({"type": "hello", "session": last_week.session, "table": "t2", "token": old.seats[0].token},
                    {"type": "claim", "session": last_week.session, "table": "t2", "join": old.join_code,
                     "name": "Ann"}):
        c.send(message)
        error = c.until("error")
        assert (error["code"], error["field"]) == ("bad_session", "session")
        assert "another session" in error["message"]
    c.send({"type": "hello", "session": room.session, "table": "t2", "token": old.seats[0].token})
    assert c.until("error")["code"] == "bad_token"  # the right session, a token it does not know
    assert _seat_names(room, "t2") == [None] * 4
    welcome = Client(server.url)
    welcome.send({"type": "hello", "session": room.session, "table": "t2", "token": room.tables["t2"].seats[0].token})
    assert welcome.until("welcome")["session"] == room.session


def test_a_session_made_before_sessions_had_ids_opens_and_gets_one(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    room = Room(str(db))
    game = room.add_table("saint_petersburg", players=2, seed=3).game
    seat = game.to_act()[0]
    room.move("t1", seat, str(game.definition.seat_moves(game.state, seat)[0]), 0)
    room.close()
    with sqlite3.connect(db) as c:  # as an older version left it: no session, no device, no name of a mover
        c.execute("DELETE FROM classroom_meta WHERE key = 'session'")
        c.execute("ALTER TABLE classroom_seats DROP COLUMN device")
        c.execute("ALTER TABLE classroom_moves DROP COLUMN name")
    again = Room(str(db))
    assert len(again.session) == 8 and again.tables["t1"].game.ply == 1
    assert list(again.decisions()["name"]) == [f"Seat {seat + 1}"]
    again.claim("t1", again.tables["t1"].join_code, "Ann", device="d1")
    assert Store(str(db)).seats("t1")[0]["device"] == "d1"


# --- 2. shared devices, unique names, the students' names -------------------------------------------

def test_a_table_link_seats_a_device_once_and_someone_else_takes_a_free_seat(room: Room, server: Any) -> None:
    ann = _claim(Client(server.url), room, "Ann", device="browser-1")
    assert ann["type"] == "claimed"
    again = _claim(Client(server.url), room, "Ann", device="browser-1")  # the claim sent again: the same seat
    assert (again["seat"], again["token"]) == (ann["seat"], ann["token"])
    refused = _claim(Client(server.url), room, "Ben", device="browser-1")
    assert (refused["code"], refused["field"]) == ("already_seated", "device")
    assert "Ann" in refused["message"] and "I am someone else" in refused["message"]
    assert _seat_names(room, "t2") == ["Ann", None, None, None]
    ben = _claim(Client(server.url), room, "Ben", device="browser-1", other=True)
    assert ben["type"] == "claimed" and ben["seat"] != ann["seat"]
    assert _seat_names(room, "t2") == ["Ann", "Ben", None, None]
    assert [s.device for s in room.tables["t2"].seats] == [None, "browser-1", None, None]  # one seat a device
    back = Client(server.url)  # Ann's seat is still Ann's, from her own link
    assert back.hello(ann["token"], "t2")["names"][:2] == ["Ann", "Ben"]


@cites("core.not_your_turn")
def test_names_are_unique_at_a_table_and_the_log_and_answers_use_them(room: Room, server: Any) -> None:
    table = room.tables["t1"]
    acting = table.game.to_act()[0]
    other = (acting + 1) % 4
    me, them = Client(server.url), Client(server.url)
    me.hello(table.seats[acting].token, "t1", name="Ann")
    them.hello(table.seats[other].token, "t1")
    for taken in ("Ann", "ann", "  ANN ", f"Seat {(other + 1) % 4 + 1}"):  # a seat nobody has named yet
        them.send({"type": "name", "name": taken})
        error = them.until("error")
        assert (error["code"], error["field"]) == ("name_taken", "name") and "unique at a table" in error["message"]
    assert table.seats[other].name is None
    refused = _claim(Client(server.url), room, "Ben", table="t2")
    assert refused["type"] == "claimed"
    assert _claim(Client(server.url), room, "BEN", table="t2")["code"] == "name_taken"
    them.send({"type": "name", "name": "Ben"})
    state = them.until("state", lambda m: m["names"][other] == "Ben")
    assert not re.search(r"Player \d", state["html"]) and "Ann" in state["html"] and "Ben" in state["html"]
    move = table.game.definition.seat_moves(table.game.state, acting)[0]
    them.send({"type": "move", "move": str(move), "ply": 0})  # not Ben's turn: the answer names Ann and Ben
    error = them.until("error")
    assert error["rule"] == "core.not_your_turn" and "Ben may not act now: Ann to act" in error["message"]
    me.send({"type": "move", "move": str(move), "ply": 0})
    me.until("accepted")
    log = me.state_at(1)["log"]  # a pick in the draft is Ann's to read only
    assert log[-1]["text"].startswith("Ann ") and str(move) not in log[-1]["text"]  # a sentence, with her name
    assert not re.search(r"Player \d", json.dumps(log))
    whole = Client(server.url).hello(table.seats[other].token, "t1")["log"]  # told again with the names
    assert whole[0]["text"] == "Set-up" and not re.search(r"Player \d", json.dumps(whole))
    assert re.search(r"\b(Ann|Ben)\b", json.dumps(whole[0]["changes"]))
    assert list(room.decisions()["name"]) == ["Ann"]


def test_a_seat_opened_on_a_second_device_tells_both_pages(room: Room, server: Any) -> None:
    token = room.tables["t1"].seats[2].token
    laptop, phone = Client(server.url), Client(server.url)
    laptop.hello(token, "t1", name="Cleo", device="laptop")
    phone.hello(token, "t1", device="phone")
    for page in (laptop, phone):
        notice = _notice(page)
        assert notice["code"] == "opened_elsewhere" and notice["seat"] == 2
        assert notice["message"].startswith("Cleo's seat at table t1 has just been opened again: it is open on 2")
        assert "tell the teacher" in notice["message"]
    tab = Client(server.url)
    alone = room.tables["t1"].seats[3].token
    tab.hello(alone, "t1", device="laptop")
    Client(server.url).hello(alone, "t1", device="laptop")
    assert "in 2 tabs of one browser" in _notice(tab)["message"]


def _notice(page: Client) -> dict[str, Any]:
    """The page's notice (it may have come between the welcome and the state its hello waited for)."""
    return next((m for m in page.seen if m["type"] == "notice"), None) or page.until("notice")


# --- 3. the teacher takes a seat back -------------------------------------------------------------

def test_the_teacher_frees_a_seat_one_client_took_and_a_student_takes_it(room: Room, server: Any) -> None:
    """One client claims every free seat of a table, one connection each: the teacher frees them all."""
    grabber = [Client(server.url) for _ in range(4)]
    claims = [_claim(c, room, f"X{i}") for i, c in enumerate(grabber)]
    assert [c["type"] for c in claims] == ["claimed"] * 4
    for c in grabber:
        c.until("state")
    assert _claim(Client(server.url), room, "Ann")["code"] == "table_full"
    teacher = Client(server.url)
    teacher.send({"type": "hello", "token": room.teacher_token})
    teacher.until("welcome")
    for seat in range(4):
        teacher.send({"type": "teacher", "action": "free_seat", "table": "t2", "seat": seat})
        teacher.until("done", lambda m: m["action"] == "free_seat")
    for claim, c in zip(claims, grabber):
        freed = c.until("freed")
        assert "taken this seat back" in freed["message"]
        assert c.closed() and (c.ws.close_code, c.ws.close_reason) == (FREED, "the teacher freed this seat")
    old = Client(server.url)
    old.send({"type": "hello", "table": "t2", "token": claims[0]["token"]})
    assert old.until("error")["code"] == "bad_token"  # revoked
    assert _seat_names(room, "t2") == [None] * 4
    until(lambda: all(s.connections == 0 for s in room.tables["t2"].seats))
    ann = _claim(Client(server.url), room, "Ann")
    assert ann["type"] == "claimed" and ann["token"] not in {c["token"] for c in claims}


def test_a_bad_free_seat_is_refused_and_changes_nothing(room: Room, server: Any) -> None:
    teacher = Client(server.url)
    teacher.send({"type": "hello", "token": room.teacher_token})
    teacher.until("welcome")
    tokens = [s.token for s in room.tables["t1"].seats]
    for message, field in (({"action": "free_seat", "table": "t1", "seat": 4}, "seat"),
                           ({"action": "free_seat", "table": "t9", "seat": 0}, "table"),
                           ({"action": "free_seat", "table": "t1"}, "seat")):
        teacher.send({"type": "teacher", **message})
        error = teacher.until("error")
        assert (error["code"], error["field"]) == ("bad_field", field)
    student = Client(server.url)
    student.hello(tokens[0], "t1")
    student.send({"type": "teacher", "action": "free_seat", "table": "t1", "seat": 1})
    assert student.until("error")["code"] == "not_teacher"
    assert [s.token for s in room.tables["t1"].seats] == tokens


def test_the_notebook_frees_a_seat_with_a_page_open_and_a_bots_seat(tmp_path: Path) -> None:
    session = Classroom("saint_petersburg", tables=1, players=2, seed=5, db=str(tmp_path / "c.sqlite3"),
                        clock=FrozenClock(), refresh=0)
    try:
        room = session.room
        page = Client(session.url)
        page.hello(room.tables["t1"].seats[0].token, "t1", name="Ann")
        session.seat_bot("t1", 1, "random")
        moves = room.tables["t1"].game.ply
        session.free_seat("t1", 0)  # from the kernel's thread, as the notebook does
        assert page.until("freed") and page.closed() and page.ws.close_code == FREED
        session.free_seat("t1", 1)
        assert [(s.name, s.bot) for s in room.tables["t1"].seats] == [(None, None)] * 2
        assert room.tables["t1"].game.ply == moves and room.tables["t1"].names() == ["Seat 1", "Seat 2"]
        reopened = Room(str(tmp_path / "c.sqlite3"))
        assert [s.token for s in reopened.tables["t1"].seats] == [s.token for s in room.tables["t1"].seats]
        assert reopened.tables["t1"].seats[1].player is None
        with pytest.raises(ProtocolError) as err:
            session.free_seat("t1", 2)
        assert err.value.field == "seat"
    finally:
        session.stop()
