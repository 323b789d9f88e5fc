"""The teacher's own lesson in the classroom: a lesson file (``Lesson.save``, read by ``load_lesson``) or a ``Lesson``
built in the notebook is validated by playing it through, kept with the session and taken by the students like a
game's own; a restart keeps it and the students' progress; a faulty one, or one reusing a game's lesson id, is
refused with its field named and changes nothing; a new version under the same id starts the runs anew."""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

import boardgames_lab as bgl
from boardgames_lab.classroom.notebook import AttachedClassroom, Classroom
from boardgames_lab.classroom.protocol import ProtocolError
from boardgames_lab.classroom.room import Room
from boardgames_lab.lessons import Lesson, load_lesson

from tests.classroom.helpers import Client


def _own(title: str = "Our first round") -> Lesson:
    """Saint Petersburg's first lesson as a teacher's own: another id and title, the same steps."""
    return dataclasses.replace(bgl.lesson("saint_petersburg", "first_round"), id="our_first_round", title=title)


def test_a_lesson_file_is_assigned_kept_with_the_session_and_taken_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "our_first_round.json"
    _own().save(path)
    db = str(tmp_path / "class.sqlite3")
    session = Classroom("saint_petersburg", tables=2, players=2, seed=1, db=db, start=False)
    try:
        assert session.assign_lesson(path, "t1") == ["t1"]  # the file's path, read and validated
        desk = session.room.lessons
        assert desk.assigned == {"t1": ("saint_petersburg", "our_first_round")}
        assert [s["id"] for s in desk.summaries("saint_petersburg")][-1] == "our_first_round"  # the teacher's menu
        assert desk.summary("t1")["title"] == "Our first round"
        desk.act("t1", 0, {"action": "next"})
        task = load_lesson(path).steps[1]
        desk.act("t1", 0, {"action": "attempt", "move": task.solutions[0]})
        _, before = desk.message("t1", 0)
        assert before["lesson"]["lesson"]["title"] == "Our first round"
        assert before["lesson"]["feedback"]["outcome"] == "solved"
        assert session.assign_lesson(load_lesson(path), "t2") == ["t2"]  # the same lesson again: runs go on
        assert desk.message("t1", 0)[1] == before
    finally:
        session.room.close()
    again = Room(db)  # a restart: the lesson is read from the session's database, not from the file
    path.unlink()
    try:
        assert again.lessons.assigned["t1"] == ("saint_petersburg", "our_first_round")
        assert again.lessons.message("t1", 0)[1] == before
        assert again.lessons.assign("our_first_round") == ["t1", "t2"]  # by its id, as the teacher page does
    finally:
        again.close()


def test_a_faulty_own_lesson_is_refused_with_its_field_and_changes_nothing(tmp_path: Path) -> None:
    room = Room(str(tmp_path / "class.sqlite3"))
    room.add_table("saint_petersburg", players=2, seed=1)
    try:
        broken = _own()
        task = broken.steps[1]
        broken.steps[1] = dataclasses.replace(task, solutions=("buy no_such_card@U1",))
        reused = dataclasses.replace(_own(), id="first_round")
        for lesson, field, words in ((broken, "lesson", "no_such_card"), (reused, "lesson", "another id"),
                                     (dataclasses.replace(_own(), game="chess"), "game", "chess")):
            with pytest.raises(ProtocolError) as refused:
                room.lessons.assign(lesson)
            assert refused.value.field == field and words in str(refused.value), str(refused.value)
        with pytest.raises(ProtocolError, match="teaches saint_petersburg, not citadels"):
            room.lessons.assign(_own(), game="citadels")
        assert room.lessons.assigned == {} and room.lessons.own == {} and room.store.own_lessons() == {}
    finally:
        room.close()


def test_a_new_version_under_the_same_id_replaces_the_kept_one_and_its_runs_start_anew(tmp_path: Path) -> None:
    db = str(tmp_path / "class.sqlite3")
    room = Room(db)
    room.add_table("saint_petersburg", players=2, seed=1)
    try:
        room.lessons.assign(_own())
        room.lessons.act("t1", 0, {"action": "next"})
        assert room.lessons.message("t1", 0)[1]["lesson"]["number"] == 2
        shorter = _own("Our first round, shorter")
        shorter.steps = shorter.steps[:2]
        room.lessons.assign(shorter)
        _, message = room.lessons.message("t1", 0)
        assert message["lesson"]["number"] == 1 and message["lesson"]["lesson"]["title"] == "Our first round, shorter"
        assert room.lessons.summary("t1")["steps"] == 2
    finally:
        room.close()
    again = Room(db)
    try:
        assert again.lessons.summary("t1")["title"] == "Our first round, shorter"
    finally:
        again.close()


def test_the_teacher_page_is_offered_the_kept_lesson_and_an_attached_notebook_assigns_it_by_id(
        room: Room, server: Any) -> None:
    room.lessons.keep(_own())
    teacher = Client(server.url)
    teacher.send({"type": "hello", "token": room.teacher_token})
    menu = teacher.until("lessons")["games"]["saint_petersburg"]
    assert menu[-1]["id"] == "our_first_round" and menu[-1]["title"] == "Our first round"
    attached = Classroom.attach(server.url, room.teacher_token)
    assert attached.assign_lesson("our_first_round", "t2") == ["t2"]
    assert room.lessons.assigned == {"t2": ("saint_petersburg", "our_first_round")}
    with pytest.raises(TypeError, match="by its id"):
        AttachedClassroom.assign_lesson(attached, _own(), "t2")  # type: ignore[arg-type]
    teacher.close()
