"""Attacks on the classroom server, as a student at the table (or anyone on the network) would try them.

Each test checks the refusal (a clear error naming the field or rule) and that nothing changed: the table's
ply, its recorded moves, and every other seat's picture.
"""
from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from websockets.exceptions import ConnectionClosed

from boardgames_lab.classroom.protocol import BURST, CLOSE_AFTER
from boardgames_lab.classroom.room import Room
from tests.conftest import cites

from tests.classroom.helpers import Client


def _seated(room: Room, server, table_id: str = "t1", acting: bool = True) -> tuple[Client, int, dict]:
    """A connection at a seat that may act now (or one that may not), and its first state."""
    table = room.tables[table_id]
    to_act = table.game.to_act()[0]
    seat = to_act if acting else (to_act + 1) % table.game.num_players
    client = Client(server.url)
    return client, seat, client.hello(table.seats[seat].token, table_id)


def _recorded(room: Room) -> list[tuple[str, int, str]]:
    return [(m.table_id, m.ply, m.move) for m in room.store.moves()]


def test_a_token_works_only_at_its_own_table_and_an_unknown_table_looks_the_same(room: Room, server) -> None:
    c = Client(server.url)
    other_table_token = room.tables["t2"].seats[0].token
    refusals = []
    for table, token in (("t1", other_table_token), ("t999", other_table_token), ("t1", "A" * 32),
                         ("'; DROP TABLE classroom_seats;--", other_table_token), ("t1", room.tables["t2"].join_code)):
        c.send({"type": "hello", "table": table, "token": token})
        refusals.append(c.until("error"))
    assert {(e["code"], e["field"], e["message"]) for e in refusals} == {
        ("bad_token", "token", "no seat with this table and token")}
    c.send({"type": "move", "move": "pick king", "ply": 0})
    assert c.until("error")["code"] == "not_joined"
    assert len(room.store.seats("t1")) == 4 and _recorded(room) == []


def test_a_forged_seat_number_is_not_a_field(room: Room, server) -> None:
    c, seat, state = _seated(room, server, acting=False)
    acting = room.tables["t1"].game.to_act()[0]
    for forged in ({"type": "move", "move": "pick king", "ply": 0, "seat": acting},
                   {"type": "move", "move": "pick king", "ply": 0, "player": acting},
                   {"type": "explain", "move": "pick king", "seat": acting}):
        c.send(forged)
        error = c.until("error")
        assert error["code"] == "bad_field" and error["field"] in ("seat", "player")
    assert room.tables["t1"].game.ply == 0 and _recorded(room) == []


@cites("core.not_your_turn")
def test_a_seat_that_may_not_act_cannot_move_even_with_a_legal_move_of_the_seat_to_act(room: Room, server) -> None:
    waiting, seat, state = _seated(room, server, acting=False)
    assert not state["your_turn"] and state["legal"] == []
    table = room.tables["t1"]
    move = str(table.game.legal_moves()[0])
    waiting.send({"type": "move", "move": move, "ply": 0})
    error = waiting.until("error")
    assert error["code"] == "illegal" and error["rule"] == "core.not_your_turn" and error["field"] == "move"
    assert table.game.ply == 0 and _recorded(room) == []


def test_a_replayed_move_is_stale_and_changes_nothing(room: Room, server) -> None:
    c, seat, state = _seated(room, server)
    move = {"type": "move", "move": state["legal"][0], "ply": state["ply"]}
    c.send(move)
    assert c.until("accepted")["ply"] == 1
    for _ in range(3):
        c.send(move)
        error = c.until("error")
        assert error["code"] in ("stale", "illegal") and error["field"] in ("ply", "move")
    assert room.tables["t1"].game.ply == 1 and len(_recorded(room)) == 1


def test_a_one_megabyte_message_gets_an_error_and_the_connection_goes_on(room: Room, server) -> None:
    c, seat, state = _seated(room, server)
    c.send(json.dumps({"type": "move", "move": "x" * (1024 * 1024), "ply": 0}))
    assert c.until("error")["code"] == "too_large"
    c.send(b"\x00" * (1024 * 1024))
    assert c.until("error")["code"] == "too_large"
    c.send({"type": "ping"})
    assert c.until("pong") == {"type": "pong"}
    assert room.tables["t1"].game.ply == 0 and _recorded(room) == []


def test_a_thousand_messages_at_once_are_cut_to_the_burst_then_the_connection_is_closed(room: Room, server) -> None:
    """The server's clock is frozen: the count decides, not how fast this machine is."""
    c, seat, state = _seated(room, server)  # the hello used one message of the burst
    move = {"type": "move", "move": state["legal"][0], "ply": state["ply"]}
    sent = 0
    try:
        for sent in range(1, 1001):
            c.send(move)
    except ConnectionClosed:  # the server closed it partway: the rest were never delivered
        pass
    assert sent > CLOSE_AFTER + BURST - 1
    assert c.closed()
    replies = [m for m in c.seen if m["type"] in ("accepted", "error")]
    accepted = [m for m in replies if m["type"] == "accepted"]
    limited = [m for m in replies if m.get("code") == "rate_limited"]
    assert len(accepted) == 1 and len(replies) - len(limited) == BURST - 1
    assert len(limited) == CLOSE_AFTER  # the next refusal, the 101st within the window, closes it
    assert c.ws.close_code == 1008 and c.ws.close_reason.startswith("too many messages: over 100 refused in 20 s")
    assert room.tables["t1"].game.ply == 1 and len(_recorded(room)) == 1


def test_names_that_look_like_sql_or_html_are_kept_as_text(room: Room, server) -> None:
    c, seat, state = _seated(room, server)
    names = ["Robert'); DROP TABLE classroom_moves;--", "<img src=x onerror=alert(1)>", "\" OR 1=1 --"]
    for name in names:
        c.send({"type": "name", "name": name})
        latest = c.until("state", lambda m: m["names"][seat] == name)
        assert name not in latest["html"] or "<" not in name  # drawn escaped
    assert "<img src=x" not in latest["html"]
    c.send({"type": "move", "move": state["legal"][0], "ply": 0})
    c.until("accepted")
    reopened = Room(room.store.url)
    assert reopened.tables["t1"].seats[seat].name == names[-1] and reopened.tables["t1"].game.ply == 1
    assert list(reopened.decisions()["move"]) == [state["legal"][0]]


def test_malformed_json_gets_an_error_and_changes_nothing(room: Room, server) -> None:
    c, seat, state = _seated(room, server)
    for text in ("{", "[1,2]", '"move"', '{"type":"move","move":"x","ply":Infinity}', "[" * 8000,
                 '{"type":"move","move":"a","move":"b","ply":0}', b"\xff{"):
        c.send(text)
        assert c.until("error")["code"] == "bad_json"
    c.send({"type": "ping"})
    c.until("pong")
    assert room.tables["t1"].game.ply == 0


def test_a_student_cannot_read_another_seats_view_or_the_teachers(room: Room, server) -> None:
    c, seat, state = _seated(room, server, acting=False)
    game = room.tables["t1"].game
    assert state["view"] == json.loads(json.dumps(game.view(seat))) != json.loads(json.dumps(game.full_view()))
    for ask in ({"type": "teacher", "action": "watch", "table": "t1"},
                {"type": "teacher", "action": "status"},
                {"type": "teacher", "action": "pause", "table": "t1"},
                {"type": "teacher", "action": "seat_bot", "table": "t1", "seat": seat}):
        c.send(ask)
        assert c.until("error")["code"] == "not_teacher"
    other = (seat + 1) % 4
    c.send({"type": "hello", "table": "t1", "token": room.tables["t1"].seats[other].token})
    assert c.until("error")["code"] == "bad_field"  # a connection is one seat for good
    c.send({"type": "ping"})
    c.until("pong")
    assert all(m["type"] != "state" or m["seat"] == seat for m in c.seen)
    assert not room.tables["t1"].paused and room.tables["t1"].seats[seat].bot is None
    # Nor over HTTP: the pages hold no table data, and no other address answers.
    index = urllib.request.urlopen(server.url + "/").read().decode()
    assert room.teacher_token not in index and "t1" not in index
    for path in ("/state", "/api/tables", "/ws/t1", "/static/../room.py", "/play/../../classroom.sqlite3"):
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(server.url + path)
        assert err.value.code in (403, 404)


def test_the_teacher_controls_need_the_teacher_token(room: Room, server) -> None:
    intruder = Client(server.url)
    intruder.send({"type": "teacher", "action": "end"})
    assert intruder.until("error")["code"] == "not_joined"
    intruder.send({"type": "hello", "token": room.teacher_token[:-1] + ("A" if room.teacher_token[-1] != "A" else "B")})
    assert intruder.until("error")["code"] == "bad_token"
    assert not room.ended
    teacher = Client(server.url)
    teacher.send({"type": "hello", "token": room.teacher_token})
    assert teacher.until("welcome")["role"] == "teacher"
    assert {t["table"] for t in teacher.until("room")["tables"]} == {"t1", "t2"}
    teacher.send({"type": "teacher", "action": "watch", "table": "t99"})
    assert teacher.until("error")["field"] == "table"
    teacher.send({"type": "teacher", "action": "watch", "table": "t1"})
    watched = teacher.until("teacher_state")
    assert watched["full_view"] == json.loads(json.dumps(room.tables["t1"].game.full_view()))
    teacher.send({"type": "teacher", "action": "pause", "table": "t1"})
    teacher.until("done", lambda m: m["action"] == "pause")
    assert room.tables["t1"].paused and room.store.tables()[0].paused
    c, seat, state = _seated(room, server)
    assert state["paused"]
    c.send({"type": "move", "move": state["legal"][0], "ply": 0})
    assert c.until("error")["code"] == "paused" and room.tables["t1"].game.ply == 0
    teacher.send({"type": "teacher", "action": "end"})
    teacher.until("done", lambda m: m["action"] == "end")
    assert c.until("state", lambda m: m["ended"])["ended"] and room.store.get("ended") == "1"
