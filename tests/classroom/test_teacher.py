"""The teacher away from the notebook: the teacher page, its messages, the decisions as CSV, and a notebook
attached to a server that runs elsewhere."""
from __future__ import annotations

import csv
import io
import json
import urllib.error
import urllib.request
from typing import Any

import pytest

from boardgames_lab.classroom.notebook import AttachedClassroom, Classroom
from boardgames_lab.classroom.pictures import render
from boardgames_lab.classroom.protocol import ProtocolError
from boardgames_lab.classroom.room import Room

from tests.classroom.helpers import Client


def _teacher(room: Room, server: Any) -> Client:
    c = Client(server.url)
    c.send({"type": "hello", "token": room.teacher_token})
    assert c.until("welcome")["role"] == "teacher"
    return c


def _play(room: Room, table_id: str, moves: int) -> None:
    game = room.tables[table_id].game
    for _ in range(moves):
        seat = game.to_act()[0]
        room.move(table_id, seat, str(game.definition.seat_moves(game.state, seat)[0]), game.ply)


def test_the_teacher_page_is_served_and_holds_no_data(room: Room, server: Any) -> None:
    with urllib.request.urlopen(server.url + "/teacher") as reply:
        page = reply.read().decode()
        assert "default-src 'none'" in reply.headers["Content-Security-Policy"]
    assert "/static/teacher.js" in page and room.teacher_token not in page and room.session not in page
    with urllib.request.urlopen(server.url + "/static/teacher.js") as reply:
        assert "spectate" in reply.read().decode()


def test_the_decisions_as_csv_need_the_teacher_token(room: Room, server: Any) -> None:
    room.set_name("t2", 1, "Ann")
    _play(room, "t2", 6)
    url = server.url + "/teacher/decisions.csv"
    for headers in ({}, {"Authorization": "Bearer " + room.tables["t1"].seats[0].token},
                    {"Authorization": room.teacher_token}):
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(urllib.request.Request(url, headers=headers))
        assert err.value.code == 403 and b"teacher token" in err.value.read()
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {room.teacher_token}"})
    with urllib.request.urlopen(request) as reply:
        assert reply.headers["Content-Type"].startswith("text/csv")
        rows = list(csv.DictReader(io.StringIO(reply.read().decode())))
    frame = room.decisions()
    assert len(rows) == len(frame) == 6
    for row, (_, want) in zip(rows, frame.iterrows()):
        assert (row["table"], int(row["seat"]), row["name"], int(row["ply"]), row["move"]) == \
            (want["table"], want["seat"], want["name"], want["ply"], want["move"])
        assert json.loads(row["seen"]) == want["seen"] and json.loads(row["legal"]) == want["legal"]
    assert "Ann" in {r["name"] for r in rows}


def test_the_teacher_spectates_every_table_and_adds_one(room: Room, server: Any) -> None:
    teacher = _teacher(room, server)
    teacher.send({"type": "teacher", "action": "spectate"})
    seen = teacher.until("room", lambda m: "html" in m["tables"][0])
    for row in seen["tables"]:
        table = room.tables[row["table"]]
        game = table.game
        assert row["html"] == render(game.name, game.view(None), table.names(), game.winners())
        assert row["join"] == table.join_code
    assert seen["session"] == room.session
    for message, field in (({"game": "chess"}, "game"), ({"game": "citadels", "players": 9}, "players"),
                           ({}, "game")):
        teacher.send({"type": "teacher", "action": "add_table", **message})
        error = teacher.until("error")
        assert (error["code"], error["field"]) == ("bad_field", field)
    assert list(room.tables) == ["t1", "t2"]
    teacher.send({"type": "teacher", "action": "add_table", "game": "village", "players": 3})
    assert teacher.until("done", lambda m: m["action"] == "add_table")["table"] == "t3"
    assert room.tables["t3"].game.num_players == 3
    assert [t["table"] for t in teacher.until("room", lambda m: len(m["tables"]) == 3)["tables"]] == ["t1", "t2", "t3"]
    student = Client(server.url)
    student.hello(room.tables["t1"].seats[0].token, "t1")
    student.send({"type": "teacher", "action": "spectate"})
    assert student.until("error")["code"] == "not_teacher"


def test_a_notebook_attaches_to_a_running_server_by_its_address_and_token(room: Room, server: Any) -> None:
    with pytest.raises(ProtocolError) as err:
        Classroom.attach(server.url, room.teacher_token[::-1])
    assert err.value.code == "bad_token"
    remote = Classroom.attach(server.url, room.teacher_token)
    assert isinstance(remote, AttachedClassroom) and remote.session == room.session
    assert list(remote.progress().index) == ["t1", "t2"]
    assert [link["url"] for link in remote.links()] == [link["url"] for link in room.table_links(server.url)]
    remote.pause("t1")
    assert room.tables["t1"].paused
    remote.resume("t1")
    page = Client(server.url)
    page.hello(room.tables["t2"].seats[2].token, "t2", name="Cleo")
    remote.free_seat("t2", 2)
    assert page.until("freed") and room.tables["t2"].seats[2].name is None
    remote.seat_bot("t2", 0, "random")
    assert room.tables["t2"].seats[0].bot == "random"
    assert remote.add_table("citadels", players=3) == "t3"
    with pytest.raises(ProtocolError) as err:
        remote.free_seat("t9", 0)
    assert err.value.field == "table"
    _play(room, "t1", 5)
    theirs, ours = remote.decisions(), room.decisions()
    assert list(theirs.columns) == list(ours.columns) and len(theirs) == len(ours) == 6  # and the bot's move
    for column in ("table", "seat", "name", "ply", "move", "seen", "legal", "bot"):
        assert list(theirs[column]) == list(ours[column]), column
