"""``boardgames-lab classroom serve``: one command starts a session, prints links and QR codes, resumes it."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from boardgames_lab.cli import main

from tests.classroom.helpers import REPO, Client, free_port, serve_subprocess, wait_listening


def _run(db: Path, tmp: Path, *flags: str) -> tuple[str, dict]:
    port, links = free_port(), tmp / "links.json"
    process = serve_subprocess(db, port, links, *flags)
    try:
        wait_listening(port, process)
        data = json.loads(links.read_text())
        c = Client(f"http://127.0.0.1:{port}")
        c.send({"type": "hello", "token": data["teacher_token"]})
        assert c.until("welcome")["role"] == "teacher"
        c.close()
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    assert process.stdout is not None
    return process.stdout.read().decode(), data


@pytest.mark.slow
def test_serve_prints_the_links_with_qr_codes_and_resumes_the_same_session(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite3"
    out, first = _run(db, tmp_path, "--game", "citadels", "--tables", "2", "--players", "4", "--seed", "9",
                      "--qr", "text")
    assert "listening on 127.0.0.1:" in out and first["teacher_token"] in out
    assert len(first["tables"]) == 2 and len(first["seats"]) == 8
    assert all(link["url"] in out for link in first["tables"] + first["seats"])
    assert out.count("▀▀▀▀▀▀▀▀▀▀") >= 2  # a QR code under each table link
    again, second = _run(db, tmp_path, "--game", "village", "--tables", "5")
    def paths(data: dict) -> list[str]:
        return [link["url"].removeprefix(data["base"]) for link in data["tables"] + data["seats"]]

    assert paths(second) == paths(first) and second["teacher_token"] == first["teacher_token"]  # resumed, not new


def test_serve_needs_a_game_for_a_new_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as err:
        main(["classroom", "serve", "--db", str(tmp_path / "empty.sqlite3")])
    assert "--game" in str(err.value)
    result = subprocess.run([sys.executable, "-m", "boardgames_lab", "classroom", "serve", "--help"], cwd=REPO,
                            capture_output=True, text=True, check=True)
    assert "--host" in result.stdout and "127.0.0.1" in result.stdout


def test_serve_keeps_a_lesson_file_with_the_session_and_refuses_a_faulty_one(tmp_path: Path) -> None:
    import dataclasses

    import boardgames_lab as bgl
    from boardgames_lab.classroom.room import Room
    own = dataclasses.replace(bgl.lesson("saint_petersburg", "first_round"), id="our_first_round")
    own.save(tmp_path / "ours.json")
    db = tmp_path / "c.sqlite3"
    out, _ = _run(db, tmp_path, "--game", "saint_petersburg", "--lesson", str(tmp_path / "ours.json"))
    assert "Lesson 'our_first_round' of saint_petersburg" in out
    room = Room(str(db))
    try:
        assert list(room.lessons.own) == [("saint_petersburg", "our_first_round")]
    finally:
        room.close()
    (tmp_path / "bad.json").write_text('{"format": "boardgames_lab.lesson"}')
    with pytest.raises(SystemExit) as err:
        main(["classroom", "serve", "--db", str(db), "--lesson", str(tmp_path / "bad.json")])
    assert str(err.value).startswith(f"--lesson {tmp_path / 'bad.json'}:")
