"""Nothing is lost: the server as a real process, killed with SIGKILL mid-game and started again."""
from __future__ import annotations

import json
import random
import signal
from pathlib import Path

import pytest

import boardgames_lab as bgl
from boardgames_lab.classroom.room import Room

from tests.classroom.helpers import Client, free_port, serve_subprocess, wait_listening

GAMES = (("citadels", 21), ("saint_petersburg", 22))


def _play(clients: dict[int, Client], mirror: bgl.Game, rng: random.Random, moves: int) -> None:
    """Each move by the seat the engine says may act, over its own connection, acknowledged before the next."""
    for _ in range(moves):
        if mirror.is_over:
            return
        seat = mirror.to_act()[0]
        move = str(rng.choice(mirror.definition.seat_moves(mirror.state, seat)))
        clients[seat].send({"type": "move", "move": move, "ply": mirror.ply})
        assert clients[seat].until("accepted")["ply"] == mirror.ply + 1
        mirror.apply(move, player=seat)


def _connect(url: str, tokens: dict[int, str], table: str) -> dict[int, Client]:
    """A connection per seat; each keeps the state it was sent on joining as ``first``."""
    clients = {}
    for seat, token in tokens.items():
        clients[seat] = Client(url)
        clients[seat].first = clients[seat].hello(token, table)  # type: ignore[attr-defined]
    return clients


@pytest.mark.slow
def test_sigkill_mid_game_then_restart_resumes_every_table_with_every_token(tmp_path: Path, db_url: str) -> None:
    """On SQLite and on PostgreSQL alike (``db_url``): the same code, the same guarantee."""
    db = db_url
    setup = Room(db)
    for game, seed in GAMES:
        setup.add_table(game, players=4, seed=seed)
    tokens = {t.id: {i: s.token for i, s in enumerate(t.seats)} for t in setup.tables.values()}
    teacher = setup.teacher_token
    setup.close()
    mirrors = {f"t{i + 1}": bgl.new_game(game, players=4, seed=seed) for i, (game, seed) in enumerate(GAMES)}
    rng = random.Random(5)
    port, links = free_port(), tmp_path / "links.json"
    server = serve_subprocess(db, port, links)
    try:
        wait_listening(port, server)
        assert json.loads(links.read_text())["teacher_token"] == teacher
        url = f"http://127.0.0.1:{port}"
        clients = {t: _connect(url, tokens[t], t) for t in mirrors}
        for t, mirror in mirrors.items():
            _play(clients[t], mirror, rng, 25)
        # One more move is sent at t1 and the server is killed without waiting for its answer.
        mirror = mirrors["t1"]
        seat = mirror.to_act()[0]
        in_flight = str(rng.choice(mirror.definition.seat_moves(mirror.state, seat)))
        clients["t1"][seat].send({"type": "move", "move": in_flight, "ply": mirror.ply})
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
    acknowledged = {t: m.ply for t, m in mirrors.items()}
    server = serve_subprocess(db, port, links)
    try:
        wait_listening(port, server)
        for t, mirror in mirrors.items():
            back = _connect(url, tokens[t], t)  # the same tokens, straight after the restart
            states = {seat: c.first for seat, c in back.items()}  # type: ignore[attr-defined]
            ply = states[0]["ply"]
            if t == "t1" and ply == acknowledged[t] + 1:  # written before the kill, not yet acknowledged
                mirror.apply(in_flight, player=seat)
            assert ply == mirror.ply and acknowledged[t] <= ply <= acknowledged[t] + (t == "t1")
            for s, state in states.items():
                assert state["view"] == json.loads(json.dumps(mirror.view(s)))
                assert state["legal"] == ([str(m) for m in mirror.definition.seat_moves(mirror.state, s)]
                                          if s in mirror.to_act() else [])
            _play(back, mirror, rng, 10)  # and play goes on with the old tokens
        check = Room(db)
        assert {t: check.tables[t].game.ply for t in mirrors} == {t: m.ply for t, m in mirrors.items()}
        assert check.teacher_token == teacher
        check.close()
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
