"""Lessons in the classroom: the teacher assigns a lesson to a table or to everyone, and each student takes it on
their own device, at their own pace.

``LessonDesk`` (``room.lessons``) keeps which lesson each table takes and one ``LessonRun`` per student (a seat
of that table, known by its token: a seat freed and taken again starts the lesson anew). Every change a student
makes is written to the database before it is shown (``Store.put_run``): the run's step, its records and the
actions since the step began, from which a restarted server replays it when the student comes back. What a
student is sent is the run's ``state()`` (the step's seat's view, never a solution), the board drawn from that
view and the clicks that make the seat's legal moves; what the teacher is sent is each student's records.
"""
from __future__ import annotations

import copy
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.errors import GameError
from ..core.registry import definition
from ..lessons import (Feedback, Lesson, LessonError, LessonRun, StepRecord, Task, lesson, lesson_from_dict,
                       lesson_summaries, validate)
from .board import targets, why_not
from .pictures import render
from .protocol import ProtocolError

if TYPE_CHECKING:
    from .room import Room

STUCK_AFTER = 3  # missed tries (wrong or refused) on an unsolved task: the teacher's page says the student is stuck


@dataclass
class Kept:
    """One student's run: built from its ``snapshot`` when the student first comes back after a restart."""

    token: str
    game: str
    lesson: str
    snapshot: dict[str, Any]
    run: LessonRun | None = None
    actions: list[list[Any]] = field(default_factory=list)  # since the step began: what replays it

    def records(self) -> list[dict[str, Any]]:
        if self.run is not None:
            return [r.to_dict() for r in self.run.records]
        return list(self.snapshot["records"])

    def number(self) -> int:
        return self.run.number if self.run is not None else int(self.snapshot["index"]) + 1


class LessonDesk:
    """The lessons of a room's tables and the students' runs of them (thread-safe: the server's loop, its lesson
    threads and the teacher's notebook all call it)."""

    def __init__(self, room: "Room"):
        self.room = room
        self.lock = threading.RLock()
        self.assigned: dict[str, tuple[str, str]] = room.store.lessons()
        self.kept: dict[tuple[str, int], Kept] = {
            (r["table_id"], r["seat"]): Kept(r["token"], r["game"], r["lesson"], r["snapshot"])
            for r in room.store.runs()}
        # The teacher's own lessons assigned in this session (validated when assigned): (game, id) -> lesson.
        self.own: dict[tuple[str, str], Lesson] = {
            key: lesson_from_dict(data) for key, data in room.store.own_lessons().items()}

    def find(self, game: str, lesson_id: str) -> Lesson:
        """A copy of the lesson ``lesson_id`` of ``game``: the teacher's own kept with the session, or the game's."""
        own = self.own.get((game, lesson_id))
        return copy.deepcopy(own) if own is not None else lesson(game, lesson_id)

    def summaries(self, game: str) -> list[dict[str, Any]]:
        """The game's own lessons, then the teacher's own of that game (id, title, summary, steps): the menu."""
        own = [{"id": one.id, "title": one.title, "summary": one.summary,
                "steps": [{"kind": s.kind, "title": s.title} for s in one.steps]}
               for (name, _), one in sorted(self.own.items()) if name == game]
        return lesson_summaries(game) + own

    # --- the teacher -------------------------------------------------------------------------------------
    def assign(self, lesson_id: "str | Lesson", table: str | None = None, game: str | None = None) -> list[str]:
        """Every student at ``table`` (None: at every table) takes the lesson ``lesson_id`` of ``game`` (by default
        the table's game) from its first step, or goes on where they were in it; the tables it went to. A ``Lesson``
        (the teacher's own, from ``load_lesson`` or built in a notebook) is validated and kept with the session."""
        with self.lock:
            tables = [self.room.table(table).id] if table is not None else list(self.room.tables)
            if not tables:
                raise ProtocolError("bad_field", "the session has no table yet", "table")
            if isinstance(lesson_id, Lesson):
                name, chosen = self.keep(lesson_id, game), lesson_id.id
            else:
                name, chosen = self._game(tables, game), lesson_id
                try:
                    self.find(name, chosen)
                except LessonError as err:
                    raise ProtocolError("bad_field", str(err), "lesson") from None
            for t in tables:
                self.room.store.set_lesson(t, name, chosen)
                self.assigned[t] = (name, chosen)
                for key in [k for k, kept in self.kept.items() if k[0] == t and (kept.game, kept.lesson) != (name, chosen)]:
                    del self.kept[key]
            self._changed(tables)
            return tables

    def _game(self, tables: list[str], game: str | None) -> str:
        """The game whose lesson is named: ``game`` (any case) or the one game the tables play."""
        if game is None:
            games = {self.room.tables[t].game.name for t in tables}
            if len(games) > 1:
                raise ProtocolError("bad_field", f"the tables play {sorted(games)}: name the lesson's game", "game")
            game = games.pop()
        try:
            return definition(game).info.name
        except GameError as err:
            raise ProtocolError("bad_field", str(err), "game") from None

    def keep(self, own: Lesson, game: str | None = None) -> str:
        """Validate the teacher's lesson (played through) and keep it with the session, to be assigned by its id
        (the teacher page lists it); its game's name. Another version under the same id replaces the one kept, and
        the runs of that one start anew."""
        with self.lock:
            return self._keep(own, game)

    def _keep(self, own: Lesson, game: str | None) -> str:
        name = self._game([], own.game)
        if game is not None and self._game([], game) != name:
            raise ProtocolError("bad_field", f"the lesson teaches {name}, not {game}", "game")
        if any(s["id"] == own.id for s in lesson_summaries(name)):
            raise ProtocolError("bad_field", f"{name} has a lesson of its own with the id {own.id!r}: give yours "
                                             f"another id", "lesson")
        try:
            validate(own)
        except LessonError as err:
            raise ProtocolError("bad_field", str(err), "lesson") from None
        data = own.to_dict()
        kept = self.own.get((name, own.id))
        if kept is None or kept.to_dict() != data:
            self.room.store.put_own_lesson(name, own.id, data)
            self.own[(name, own.id)] = lesson_from_dict(data)
            for key in [k for k, run in self.kept.items() if (run.game, run.lesson) == (name, own.id)]:
                del self.kept[key]
        return name

    def clear(self, table: str | None = None) -> list[str]:
        """The students at ``table`` (None: every table) go back to its game; their runs are kept, to go on with
        if the same lesson is assigned again."""
        with self.lock:
            tables = [self.room.table(table).id] if table is not None else list(self.room.tables)
            for t in tables:
                self.room.store.set_lesson(t, None, None)
                self.assigned.pop(t, None)
            self._changed(tables)
            return tables

    def _changed(self, tables: list[str]) -> None:
        for t in tables:
            self.room._changed(self.room.tables[t])

    def summary(self, table_id: str) -> dict[str, Any] | None:
        """The lesson a table takes and where each of its students is: for the teacher's live view."""
        with self.lock:
            assigned = self.assigned.get(table_id)
            if assigned is None:
                return None
            game, lesson_id = assigned
            about = next(s for s in self.summaries(game) if s["id"] == lesson_id)
            table = self.room.tables[table_id]
            students = []
            for seat, (info, name) in enumerate(zip(table.seats, table.names())):
                kept = self.kept.get((table_id, seat))
                if kept is None or kept.token != info.token:
                    students.append({"seat": seat, "name": name, "started": False})
                    continue
                records = kept.records()
                number = kept.number()
                now = records[number - 1]
                missed = now["wrong"] + now["refused"]
                students.append({"seat": seat, "name": name, "started": True, "step": number,
                                 "title": now["title"], "done": sum(r["done"] for r in records),
                                 "finished": all(r["done"] for r in records), "missed": missed,
                                 "stuck": now["kind"] == "task" and not now["done"] and missed >= STUCK_AFTER,
                                 "records": records})
            return {"game": game, "id": lesson_id, "title": about["title"], "steps": len(about["steps"]),
                    "step_titles": [s["title"] for s in about["steps"]], "students": students}

    # --- a student -------------------------------------------------------------------------------------------
    def takes(self, table_id: str) -> bool:
        return table_id in self.assigned

    def _kept(self, table_id: str, seat: int) -> Kept:
        """The student's run of the table's lesson: their own (built again after a restart) or a new one."""
        game, lesson_id = self.assigned[table_id]
        token = self.room.tables[table_id].seats[seat].token
        kept = self.kept.get((table_id, seat))
        if kept is None or kept.token != token or (kept.game, kept.lesson) != (game, lesson_id):
            kept = Kept(token, game, lesson_id, {"index": 0, "actions": [], "feedback": None})
            kept.run = LessonRun(self.find(game, lesson_id))
            self.kept[(table_id, seat)] = kept
            self._save(table_id, seat, kept)
        elif kept.run is None:
            kept.run, kept.actions = _replayed(self.find(game, lesson_id), kept.snapshot), list(kept.snapshot["actions"])
        return kept

    def act(self, table_id: str, seat: int, data: dict[str, Any]) -> dict[str, Any] | None:
        """A student's lesson action (a ``lesson`` message); its answer to send at once (an explanation), or None
        (the student's new state is then pushed). A refused action raises ProtocolError and changes nothing."""
        with self.lock:
            if table_id not in self.assigned:
                raise ProtocolError("no_lesson", "your table takes no lesson now", "type")
            kept = self._kept(table_id, seat)
            run = kept.run
            assert run is not None
            action, step = data["action"], run.index
            needed = {"attempt": "move", "goto": "step", "why": "target"}.get(action)
            if needed is not None and needed not in data:
                raise ProtocolError("bad_field", f"field {needed!r} is missing", needed)
            if action == "why":
                return why_not(run.game, run.seat, data.get("prefix", []), data["target"])
            try:
                if action == "attempt":
                    if _solved(run):
                        raise LessonError("this task is solved: Next goes on, Retry sets it again")
                    feedback = run.attempt(data["move"])
                    if feedback.solved:
                        kept.actions.append(["attempt", data["move"]])
                elif action == "hint":
                    run.hint()
                    kept.actions.append(["hint"])
                elif action == "retry":
                    run.retry()
                elif action == "next":
                    told = run.next()
                    if told is not None:
                        kept.actions.append(["next"])
                else:
                    run.goto(data["step"])
            except LessonError as err:
                raise ProtocolError("lesson", err.reason, "action") from None
            if action in ("retry", "goto") or run.index != step:
                kept.actions = []
            self._save(table_id, seat, kept)
            return None

    def _save(self, table_id: str, seat: int, kept: Kept) -> None:
        run = kept.run
        assert run is not None
        kept.snapshot = {"index": run.index, "records": [r.to_dict() for r in run.records], "actions": kept.actions,
                         "feedback": None if run.feedback is None else run.feedback.to_dict()}
        self.room.store.put_run(table_id, seat, kept.token, kept.game, kept.lesson, kept.snapshot)

    def message(self, table_id: str, seat: int) -> tuple[bool, dict[str, Any]]:
        """Whether the student's run has just begun (the teacher is then told), and their ``lesson_state``
        message: the run's state (the step's seat's view, no
        solution), the board drawn from that view and the clicks of the seat's legal moves while a task waits."""
        with self.lock:
            begun = self.kept.get((table_id, seat)) is None or self.kept[(table_id, seat)].token != \
                self.room.tables[table_id].seats[seat].token
            kept = self._kept(table_id, seat)
            run = kept.run
            assert run is not None
            state = run.state()
            game = run.game
            waiting = isinstance(run.step, Task) and not _solved(run)
            table = self.room.tables[table_id]
            return begun, {
                "type": "lesson_state", "table": table_id, "seat": seat, "name": table.names()[seat],
                "lesson": state, "html": render(game.name, state["view"], state["names"], game.winners()),
                "targets": targets(game, run.seat) if waiting else []}


PROGRESS_COLUMNS = ["table", "seat", "name", "lesson", "step", "steps", "title", "done", "finished", "attempts",
                    "wrong", "refused", "hints", "stuck"]


def progress_rows(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per student at a table taking a lesson (``tables``: the room message's rows, each with its
    ``lesson`` summary): the step they are on and how they did on it; a student not yet started is on step 0."""
    rows = []
    for t in tables:
        about = t.get("lesson")
        if not about:
            continue
        for s in about["students"]:
            row: dict[str, Any] = {"table": t["table"], "seat": s["seat"], "name": s["name"], "lesson": about["id"],
                                   "step": 0, "steps": about["steps"], "title": "", "done": 0, "finished": False,
                                   "attempts": 0, "wrong": 0, "refused": 0, "hints": 0, "stuck": False}
            if s["started"]:
                now = s["records"][s["step"] - 1]
                row.update(step=s["step"], title=s["title"], done=s["done"], finished=s["finished"],
                           attempts=now["attempts"], wrong=now["wrong"], refused=now["refused"], hints=now["hints"],
                           stuck=s["stuck"])
            rows.append(row)
    return rows


def _solved(run: LessonRun) -> bool:
    """Is the task solved since the step began (its record may say done from an earlier time)?"""
    return run.feedback is not None and run.feedback.solved


def _replayed(found: Any, snapshot: dict[str, Any]) -> LessonRun:
    """A run as the snapshot left it: its step entered again, the actions since replayed, its records and last
    feedback as they were (the runner is deterministic: the same actions give the same board)."""
    run = LessonRun(found)
    if snapshot["index"]:
        run.goto(int(snapshot["index"]) + 1)
    for action in snapshot["actions"]:
        if action[0] == "attempt":
            run.attempt(action[1])
        elif action[0] == "hint":
            run.hint()
        else:
            run.next()
    run.records = [StepRecord(**r) for r in snapshot["records"]]
    fb = snapshot["feedback"]
    run.feedback = None if fb is None else Feedback(**{**fb, "changes": tuple(fb["changes"])})
    return run


__all__ = ["Kept", "LessonDesk", "PROGRESS_COLUMNS", "STUCK_AFTER", "progress_rows"]
