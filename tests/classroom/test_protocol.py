"""The classroom protocol: messages checked field by field, the rate limiter, and a short game over WebSockets."""
from __future__ import annotations

import json

import pytest

from boardgames_lab.classroom.protocol import MAX_MESSAGE, ProtocolError, RateLimiter, parse
from boardgames_lab.classroom.room import Room

from tests.classroom.helpers import Client, FrozenClock


def _code(text: str) -> tuple[str, str | None]:
    with pytest.raises(ProtocolError) as err:
        parse(text)
    return err.value.code, err.value.field


def test_a_well_formed_message_is_read() -> None:
    assert parse('{"type": "move", "move": "pick king", "ply": 3}') == {"type": "move", "move": "pick king", "ply": 3}
    assert parse('{"type": "hello", "token": "x", "name": "  Ann   Lee "}')["name"] == "Ann Lee"


@pytest.mark.parametrize("text, code, field", [
    ("{", "bad_json", None),
    ("[]", "bad_json", None),
    ("null", "bad_json", None),
    ('{"type": "move", "move": "x", "ply": NaN}', "bad_json", None),
    ('{"type": "ping", "type": "ping"}', "bad_json", "type"),
    ("[" * 5000 + "]" * 5000, "bad_json", None),
    ('{"move": "x"}', "bad_field", "type"),
    ('{"type": 7}', "bad_field", "type"),
    ('{"type": "fly"}', "unknown_type", "type"),
    ('{"type": "move", "move": "x"}', "bad_field", "ply"),
    ('{"type": "move", "move": "x", "ply": "3"}', "bad_field", "ply"),
    ('{"type": "move", "move": "x", "ply": true}', "bad_field", "ply"),
    ('{"type": "move", "move": "x", "ply": 3.0}', "bad_field", "ply"),
    ('{"type": "move", "move": "x", "ply": -1}', "bad_field", "ply"),
    ('{"type": "move", "move": "x", "ply": ' + "9" * 400 + "}", "bad_field", "ply"),
    ('{"type": "move", "move": "x", "ply": ' + "9" * 5000 + "}", "bad_json", None),
    ('{"type": "move", "move": "x", "ply": 1, "seat": 2}', "bad_field", "seat"),
    ('{"type": "move", "move": 5, "ply": 1}', "bad_field", "move"),
    ('{"type": "hello", "token": "x", "name": ""}', "bad_field", "name"),
    ('{"type": "hello", "token": "x", "name": "a\\u202eb"}', "bad_field", "name"),
    ('{"type": "hello", "token": "x", "name": "' + "n" * 41 + '"}', "bad_field", "name"),
    ('{"type": "teacher", "action": "delete_everything"}', "bad_field", "action"),
])
def test_a_bad_message_names_what_is_wrong(text: str, code: str, field: str | None) -> None:
    assert _code(text) == (code, field)


def test_a_number_past_pythons_digit_limit_is_refused_in_words() -> None:
    from boardgames_lab.classroom.protocol import ProtocolError, parse
    with pytest.raises(ProtocolError, match=r"not valid JSON: a number of 5000 digits \(at most 4300\)"):
        parse('{"type": "move", "move": "x", "ply": ' + "9" * 5000 + "}")


def test_a_message_over_the_limit_is_refused_before_it_is_read() -> None:
    assert _code('{"type": "ping", "x": "' + "a" * MAX_MESSAGE + '"}') == ("too_large", None)
    assert _code(b"\xff\xfe") == ("bad_json", None)


def test_the_rate_limiter_counts_messages_not_seconds() -> None:
    clock = FrozenClock()
    limiter = RateLimiter(rate=10, burst=5, clock=clock)
    assert [limiter.allow() for _ in range(7)] == [True] * 5 + [False] * 2
    assert limiter.refused == 2
    clock.advance(0.1)  # one message's worth
    assert [limiter.allow(), limiter.allow()] == [True, False]
    assert limiter.refused == 3  # a message let through forgives none of the refusals before it
    clock.advance(100)  # a long pause refills to the burst, no more, and the old refusals leave the window
    assert sum(limiter.allow() for _ in range(20)) == 5 and limiter.refused == 15


def test_a_seat_plays_sees_its_view_and_asks_why_not(room: Room, server) -> None:
    table = room.tables["t1"]
    game = table.game
    seat = game.to_act()[0]
    other = (seat + 1) % 4
    me, them = Client(server.url), Client(server.url)
    first = me.hello(table.seats[seat].token, "t1", name="Ann")
    them.hello(table.seats[other].token, "t1")
    assert first["your_turn"] and first["legal"] == [str(m) for m in game.definition.seat_moves(game.state, seat)]
    assert first["view"] == json.loads(json.dumps(game.view(seat)))
    assert first["log"] == json.loads(json.dumps(game.log_for(seat))) and first["log_reset"]
    me.send({"type": "explain", "move": "build palace"})
    why = me.until("explanation")
    assert why["legal"] is False and why["rule"] != "core.legal" and why["reason"]
    me.send({"type": "move", "move": first["legal"][0], "ply": first["ply"]})
    assert me.until("accepted") == {"type": "accepted", "ply": 1, "move": first["legal"][0]}
    mine, theirs = me.state_at(1), them.state_at(1)
    assert mine["ply"] == theirs["ply"] == game.ply == 1
    assert mine["log_from"] == 0 and [e["ply"] for e in mine["log"]] == [1]
    assert theirs["view"] == json.loads(json.dumps(game.view(other)))
    assert theirs["names"][seat] == "Ann"
    assert room.store.get("teacher_token") == room.teacher_token
    me.close(), them.close()


def test_a_table_link_hands_out_the_free_seats_in_turn(room: Room, server) -> None:
    table = room.tables["t2"]
    seats = []
    for i in range(4):
        c = Client(server.url)
        c.send({"type": "claim", "table": "t2", "join": table.join_code, "name": f"Student {i}"})
        claimed = c.until("claimed")
        assert claimed["token"] == table.seats[claimed["seat"]].token
        assert c.until("state")["seat"] == claimed["seat"]
        seats.append(claimed["seat"])
    assert sorted(seats) == [0, 1, 2, 3]
    late = Client(server.url)
    late.send({"type": "claim", "table": "t2", "join": table.join_code, "name": "Late"})
    assert late.until("error")["code"] == "table_full"
    late.send({"type": "claim", "table": "t2", "join": "x" * 32, "name": "Guess"})
    assert late.until("error")["code"] == "bad_token"
