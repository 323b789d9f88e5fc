"""Lessons in the classroom: the teacher assigns one, each student takes it on their own page, the teacher sees
where each is; bad messages change nothing; a restart keeps every student's progress; a student's page holds
only the step's seat's view and never a solution (Saint Petersburg's lessons: rulesets/saint_petersburg/lessons.py)."""
from __future__ import annotations

import json
from typing import Any

import pytest

import boardgames_lab as bgl
from boardgames_lab.classroom.lessons import STUCK_AFTER
from boardgames_lab.classroom.notebook import AttachedClassroom, Classroom
from boardgames_lab.classroom.protocol import ProtocolError
from boardgames_lab.classroom.room import Room
from boardgames_lab.lessons import LessonRun
from boardgames_lab.rulesets.saint_petersburg.data import CARDS

from tests.classroom.helpers import Client

FIRST = bgl.lesson("saint_petersburg", "first_round")  # step 2: buy the Lumberjack (rulebook: the worker phase)


def _teacher(room: Room, server: Any) -> Client:
    c = Client(server.url)
    c.send({"type": "hello", "token": room.teacher_token})
    assert c.until("welcome")["role"] == "teacher"
    return c


def _student(room: Room, server: Any, table: str, seat: int, name: str) -> Client:
    c = Client(server.url)
    c.hello(room.tables[table].seats[seat].token, table, name=name)
    return c


def _lesson(c: Client, test: Any = lambda m: True) -> dict[str, Any]:
    return c.until("lesson_state", test)


def _keys(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in _keys(v)}
    if isinstance(data, list):
        return {k for v in data for k in _keys(v)}
    return set()


def test_a_lesson_assigned_to_a_table_is_taken_by_each_student_and_the_teacher_sees_where(room: Room,
                                                                                            server: Any) -> None:
    teacher = _teacher(room, server)
    ann, ben = _student(room, server, "t2", 0, "Ann"), _student(room, server, "t2", 1, "Ben")
    cleo = _student(room, server, "t1", 0, "Cleo")  # at the Citadels table: no lesson there
    teacher.send({"type": "teacher", "action": "assign_lesson", "table": "t2", "lesson": "first_round"})
    assert teacher.until("done")["tables"] == ["t2"]
    first = _lesson(ann)
    assert first["name"] == "Ann" and first["lesson"]["number"] == 1 and first["targets"] == []
    assert first["lesson"]["step"]["kind"] == "narration" and "Gold Miner" in first["html"]
    _lesson(ben)
    ann.send({"type": "lesson", "action": "next"})
    task = _lesson(ann, lambda m: m["lesson"]["number"] == 2)
    assert task["lesson"]["step"]["goal"] and task["lesson"]["seat"] == 0
    run = LessonRun(FIRST)
    run.goto(2)
    legal = sorted(str(m) for m in run.game.definition.seat_moves(run.game.state, 0))
    assert sorted(t["move"] for t in task["targets"]) == legal  # the clickable board: every legal move, none marked
    step = FIRST.steps[1]
    for message in ({"type": "lesson", "action": "attempt", "move": step.wrong},
                    {"type": "lesson", "action": "attempt", "move": step.illegal},
                    {"type": "lesson", "action": "hint"}):
        ann.send(message)
    shown = _lesson(ann, lambda m: m["lesson"]["hint"] is not None)
    assert shown["lesson"]["feedback"]["outcome"] == "refused" and shown["lesson"]["feedback"]["rule"]
    for _ in range(STUCK_AFTER - 2):  # one miss more makes the student stuck
        ann.send({"type": "lesson", "action": "attempt", "move": step.wrong})
    room_message = teacher.until("room", lambda m: m["tables"][1]["lesson"] is not None and
                                 m["tables"][1]["lesson"]["students"][0].get("stuck"))
    students = room_message["tables"][1]["lesson"]["students"]
    assert students[0]["step"] == 2 and students[0]["records"][1] == {
        "title": step.title, "kind": "task", "done": False, "attempts": STUCK_AFTER, "wrong": STUCK_AFTER - 1,
        "refused": 1, "hints": 1}
    assert students[1]["step"] == 1 and not students[1]["stuck"]  # Ben is on the first step, untouched
    assert room_message["tables"][0]["lesson"] is None
    ann.send({"type": "lesson", "action": "attempt", "move": step.solutions[0]})
    solved = _lesson(ann, lambda m: m["lesson"]["done"])
    assert solved["lesson"]["feedback"]["outcome"] == "solved" and solved["targets"] == []
    assert "Lumberjack" in solved["lesson"]["feedback"]["text"]
    progress = Classroom.attach(server.url, room.teacher_token).lesson_progress().set_index("name")
    assert progress.loc["Ann", "step"] == 2 and progress.loc["Ann", "done"] == 2 and not progress.loc["Ann", "stuck"]
    cleo.send({"type": "lesson", "action": "next"})
    assert cleo.until("error")["code"] == "no_lesson"
    teacher.send({"type": "teacher", "action": "clear_lesson", "table": "t2"})
    assert teacher.until("done")["tables"] == ["t2"]
    back = ann.until("state")  # the table's own game again, its whole log
    assert back["log_reset"] and back["table"] == "t2"
    for c in (teacher, ann, ben, cleo):
        c.close()


def test_bad_lesson_messages_name_their_field_and_change_nothing(room: Room, server: Any) -> None:
    teacher = _teacher(room, server)
    ann = _student(room, server, "t2", 0, "Ann")
    teacher.send({"type": "teacher", "action": "assign_lesson", "table": "t2", "lesson": "first_round"})
    teacher.until("done")
    _lesson(ann)
    refusals = [
        (teacher, {"type": "teacher", "action": "assign_lesson", "table": "t2"}, "lesson"),
        (teacher, {"type": "teacher", "action": "assign_lesson", "table": "t2", "lesson": "no_such"}, "lesson"),
        (teacher, {"type": "teacher", "action": "assign_lesson", "table": "t9", "lesson": "first_round"}, "table"),
        (teacher, {"type": "teacher", "action": "assign_lesson", "lesson": "first_round"}, "game"),  # two games
        (teacher, {"type": "teacher", "action": "assign_lesson", "lesson": "x", "game": "chess"}, "game"),
        (teacher, {"type": "teacher", "action": "assign_lesson", "lesson": 3}, "lesson"),
        (ann, {"type": "lesson", "action": "dance"}, "action"),
        (ann, {"type": "lesson", "action": "attempt"}, "move"),
        (ann, {"type": "lesson", "action": "goto"}, "step"),
        (ann, {"type": "lesson", "action": "why"}, "target"),
        (ann, {"type": "lesson", "action": "why", "target": "row:U1", "prefix": [1]}, "prefix"),
        (ann, {"type": "lesson", "action": "why", "target": "row:U1", "prefix": ["a"] * 13}, "prefix"),
        (ann, {"type": "lesson", "action": "goto", "step": 99}, "action"),
        (ann, {"type": "lesson", "action": "attempt", "move": "buy gold_miner@U1"}, "action"),  # a narration
        (ann, {"type": "lesson", "action": "next", "extra": 1}, "extra"),
        (ann, {"type": "teacher", "action": "assign_lesson", "lesson": "first_round"}, "type"),
    ]
    for client, message, field in refusals:
        client.send(message)
        error = client.until("error")
        assert error["field"] == field, (message, error)
    assert room.lessons.assigned == {"t2": ("saint_petersburg", "first_round")}
    kept = room.lessons.kept[("t2", 0)]
    assert kept.number() == 1 and all(r["attempts"] == 0 for r in kept.records())
    with pytest.raises(ProtocolError) as err:
        Classroom.attach(server.url, room.teacher_token).assign_lesson("no_such", "t2")
    assert err.value.field == "lesson"
    teacher.close()
    ann.close()


def test_a_restart_keeps_every_students_step_board_and_records(tmp_path: Any, clock: Any) -> None:
    db = str(tmp_path / "lessons.sqlite3")
    room = Room(db, clock=clock)
    room.add_table("saint_petersburg", players=2, seed=3)
    room.lessons.assign("first_round")
    step = FIRST.steps[3]  # a building: after the worker phase's narration
    act = room.lessons.act
    for message in ({"action": "next"}, {"action": "attempt", "move": FIRST.steps[1].solutions[0]},
                    *[{"action": "next"}] * (len(FIRST.steps[2].moves) + 2), {"action": "hint"},
                    {"action": "attempt", "move": step.wrong}, {"action": "attempt", "move": step.solutions[0]}):
        assert act("t1", 0, message) is None
    act("t1", 1, {"action": "next"})
    _, before = room.lessons.message("t1", 0)
    _, other = room.lessons.message("t1", 1)
    room.close()
    again = Room(db, clock=clock)
    assert again.lessons.assigned == {"t1": ("saint_petersburg", "first_round")}
    assert again.lessons.summary("t1")["students"][0]["step"] == 4  # read before any run is built again
    _, after = again.lessons.message("t1", 0)
    assert after == before and after["lesson"]["number"] == 4 and after["lesson"]["feedback"]["outcome"] == "solved"
    assert after["lesson"]["hint"] and after["lesson"]["records"][3]["wrong"] == 1
    assert again.lessons.message("t1", 1)[1] == other
    again.lessons.act("t1", 0, {"action": "next"})  # and it goes on from there
    assert again.lessons.message("t1", 0)[1]["lesson"]["number"] == 5
    again.free_seat("t1", 0)  # a new student in the seat starts the lesson anew
    assert again.lessons.message("t1", 0)[1]["lesson"]["number"] == 1
    again.close()


def test_a_students_lesson_page_holds_the_steps_seat_view_and_never_a_solution(room: Room) -> None:
    for lesson_id in ("hidden_information", "first_round"):
        lesson = bgl.lesson("saint_petersburg", lesson_id)
        room.lessons.assign(lesson_id, "t2")
        for number, step in enumerate(lesson.steps, 1):
            room.lessons.act("t2", 0, {"action": "goto", "step": number})
            _, message = room.lessons.message("t2", 0)
            run = LessonRun(lesson)
            run.goto(number)
            assert message["lesson"]["view"] == run.game.view(run.seat)
            assert not _keys(message) & {"solutions", "check", "illegal", "full_view", "success", "miss"}
            # The clickable moves are every legal move alike; nothing else on the page names a walked move.
            said = json.dumps({k: v for k, v in message.items() if k != "targets"})
            for move in (*getattr(step, "solutions", ()), getattr(step, "wrong", ""), getattr(step, "illegal", "")):
                assert not move or move not in said, (lesson_id, number, move)
            # Another seat's hand card is secret unless the seat saw it taken (a take from the board is public:
            # the seat's own log tells it); the page names no other card of a hand.
            seen = " ".join(text for e in run.game.log_for(run.seat)
                            for text in (e["text"], *(c["text"] for c in e["changes"])))
            for seat, hand in enumerate(run.game.state.hands):
                if seat != run.seat and run.game.state.final is None:
                    for card in hand:
                        if CARDS[card].name in seen:
                            continue
                        assert CARDS[card].id not in said and CARDS[card].name not in said, (number, card)
    hidden = bgl.lesson("saint_petersburg", "hidden_information").steps[2]
    assert hidden.check and not hidden.solutions  # a goal given as a check: nothing on the page names the answer


def test_the_notebook_and_the_attached_notebook_have_the_same_lesson_methods(tmp_path: Any, server: Any,
                                                                            room: Room) -> None:
    for name in ("assign_lesson", "clear_lesson", "lesson_progress"):
        assert callable(getattr(Classroom, name)) and callable(getattr(AttachedClassroom, name))
    session = Classroom("saint_petersburg", tables=2, players=2, seed=1, db=str(tmp_path / "nb.sqlite3"),
                        start=False)
    try:
        assert session.assign_lesson("costs_and_scoring") == ["t1", "t2"]
        session.room.lessons.act("t2", 1, {"action": "hint"})
        frame = session.lesson_progress()
        assert len(frame) == 4 and list(frame["hints"]) == [0, 0, 0, 1]
        assert list(frame["step"]) == [0, 0, 0, 1]  # 0: not started
        assert session.clear_lesson("t1") == ["t1"] and session.room.lessons.assigned.keys() == {"t2"}
    finally:
        session.room.close()
    attached = Classroom.attach(server.url, room.teacher_token)
    assert attached.assign_lesson("first_round", game="saint_petersburg") == ["t1", "t2"]
    assert set(attached.lesson_progress()["lesson"]) == {"first_round"}
    assert attached.clear_lesson() == ["t1", "t2"] and not room.lessons.assigned


def test_the_table_state_carries_the_clicks_of_each_legal_move_and_why_not_answers_a_touch(room: Room,
                                                                                          server: Any) -> None:
    game = room.tables["t2"].game
    seat = game.to_act()[0]
    c = Client(server.url)
    state = c.hello(room.tables["t2"].seats[seat].token, "t2", name="Ann")
    assert sorted(t["move"] for t in state["targets"]) == sorted(state["legal"])
    paths = [tuple(i for i, _ in t["path"]) for t in state["targets"]]
    assert len(set(paths)) == len(paths)  # every sequence of clicks makes one move
    buy = next(t for t in state["targets"] if t["move"].startswith("buy "))
    assert buy["said"].startswith("Ann buys the ")
    # A worker that costs more than Ann holds: the nearest move naming it and the rule refusing it, in words.
    dear = next(f"row:{c_['slot']}" for c_ in state["view"]["upper"] if c_ and c_["cost_for_current"] > 25)  \
        if any(c_ and c_["cost_for_current"] > 25 for c_ in state["view"]["upper"]) else "deck:workers"
    c.send({"type": "why", "target": dear})
    answer = c.until("explanation")
    assert answer["target"] == dear and answer["legal"] is False and answer["reason"]
    c.send({"type": "why", "target": "row:U1", "prefix": ["x"] * 13})
    assert c.until("error")["field"] == "prefix"
    c.close()
