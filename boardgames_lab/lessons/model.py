"""A lesson as data: steps, each starting from a position of a real game.

A ``Task`` waits for the student's move: a goal in words, the moves that reach it (``solutions``) and/or a named
check of the game after the move (``check``, declared in the game's ``lessons`` face as ``CHECKS``), a hint and
the words said on success. A ``Narration`` moves the game on by itself, one ply per Next, telling each ply in the
game's words. Every step has its own ``Start``: a seeded game (players, options, names) or a position, and the
moves in notation that lead from there to the step's position. Everything here is JSON data; see ``data`` for
reading it back and ``validate`` for the checks made when a lesson is loaded or written.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Union

from ..core.errors import GameError

FORMAT = "boardgames_lab.lesson"
VERSION = 1
TASK = "task"
NARRATION = "narration"


class LessonError(GameError, ValueError):
    """A lesson that fails validation, or a lesson run asked for what its step cannot do; nothing changed.

    ``lesson`` is the lesson's id, ``step`` the step's number counted from 1 (None: the lesson as a whole),
    ``field`` the field at fault ("" when none), ``reason`` what is wrong."""

    def __init__(self, reason: str, lesson: str = "", step: int | None = None, field: str = ""):
        self.reason = reason
        self.lesson = lesson
        self.step = step
        self.field = field
        where = [f"lesson {lesson!r}" if lesson else "", f"step {step}" if step is not None else "",
                 f"field {field!r}" if field else ""]
        prefix = ", ".join(w for w in where if w)
        super().__init__(f"{prefix}: {reason}" if prefix else reason)


@dataclass(frozen=True)
class Start:
    """Where a step starts: the game of ``seed`` (or the ``position``, a game's ``position()`` data), then ``moves``.

    ``players`` None is the game's default; ``names`` None names the seats Player 1, Player 2, ... A position
    carries its own players and options, so those two are not given with one."""

    seed: int = 0
    players: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    names: tuple[str, ...] | None = None
    moves: tuple[str, ...] = ()
    position: Mapping[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.position is not None:
            data["position"] = dict(self.position)
        else:
            data.update(seed=self.seed, players=self.players, options=dict(self.options))
        if self.names is not None:
            data["names"] = list(self.names)
        data["moves"] = list(self.moves)
        return data


@dataclass(frozen=True)
class Task:
    """A step that waits for the student's move.

    A move reaches the goal if it is one of ``solutions`` or ``check`` holds after it (either may be left out,
    not both). ``seat`` plays it (None: the seat to act). ``wrong`` is a legal move that misses the goal and
    ``illegal`` a move the rules refuse here, both walked by ``boardgames-lab lessons --walk`` and the tests;
    ``miss`` says why a legal move misses the goal (default: the goal again). A ``puzzle`` also shows, after
    the student's move, what the search bot plays here and why."""

    title: str
    start: Start
    goal: str
    solutions: tuple[str, ...] = ()
    check: str = ""
    seat: int | None = None
    hint: str = ""
    success: str = ""
    miss: str = ""
    wrong: str = ""
    illegal: str = ""
    puzzle: bool = False
    kind = TASK

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": TASK, "title": self.title, "start": self.start.to_dict(), "goal": self.goal}
        optional = {"solutions": list(self.solutions), "check": self.check, "seat": self.seat, "hint": self.hint,
                    "success": self.success, "miss": self.miss, "wrong": self.wrong, "illegal": self.illegal,
                    "puzzle": self.puzzle}
        data.update({k: v for k, v in optional.items() if v is not None and v is not False and v != "" and v != []})
        return data


@dataclass(frozen=True)
class Narration:
    """A step the game plays by itself: ``text`` is said first, then each Next makes one of ``moves`` (chance,
    scoring and refills follow on their own) and tells it, with the matching ``notes`` (teacher's words, "" for
    none). ``seat`` is whose eyes the board and the log are seen through (None: a spectator's)."""

    title: str
    start: Start
    text: str
    moves: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    seat: int | None = None
    kind = NARRATION

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": NARRATION, "title": self.title, "start": self.start.to_dict(),
                                "text": self.text, "moves": list(self.moves)}
        if self.notes:
            data["notes"] = list(self.notes)
        if self.seat is not None:
            data["seat"] = self.seat
        return data


Step = Union[Task, Narration]


@dataclass
class Lesson:
    """A lesson: an ``id`` (letters, digits and underscores), the ``game`` it teaches, a ``title``, a
    ``summary`` and its ``steps`` in order. Build one with ``Lesson.new`` and its ``task`` and ``narration``
    methods (authoring), or read one with ``load_lesson``."""

    id: str
    game: str
    title: str
    summary: str = ""
    steps: list[Step] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "id": self.id, "game": self.game, "title": self.title,
                "summary": self.summary, "steps": [step.to_dict() for step in self.steps]}

    def to_json(self, indent: int | None = 1) -> str:
        import json
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def outline(self) -> list[str]:
        """One line per step: its number, kind and title, and its goal or what it tells."""
        return [f"{i}. {step.kind} {step.title}: " + (step.goal if isinstance(step, Task) else step.text)
                for i, step in enumerate(self.steps, 1)]

    # --- authoring: a lesson in a few lines of Python (the helpers live in ``authoring``) ---------------
    @classmethod
    def new(cls, game: str, title: str, summary: str = "", id: str = "") -> "Lesson":
        """An empty lesson of ``game`` (its name as ``bgl.games()`` lists it); ``id`` defaults to the title's
        words joined by underscores."""
        from .authoring import new_lesson
        return new_lesson(cls, game, title, summary, id)

    def task(self, game: Any, goal: str, solutions: Any = (), check: str = "", hint: str = "",
             success: str = "", miss: str = "", wrong: str = "", illegal: str = "", puzzle: bool = False,
             title: str = "", seat: int | None = None) -> Task:
        """Add a task that starts where ``game`` (a ``Game``, set up by moves or on the board in sandbox mode)
        stands now; it is checked at once (LessonError if it does not behave) and returned."""
        from .authoring import add_task
        return add_task(self, game, goal=goal, solutions=solutions, check=check, hint=hint, success=success,
                        miss=miss, wrong=wrong, illegal=illegal, puzzle=puzzle, title=title, seat=seat)

    def narration(self, game: Any, text: str, moves: Any = (), notes: Any = (), title: str = "",
                  seat: int | None = None) -> Narration:
        """Add a narration that starts where ``game`` stands now and makes ``moves`` (notation) one Next at a
        time, each with its note; checked at once and returned."""
        from .authoring import add_narration
        return add_narration(self, game, text=text, moves=moves, notes=notes, title=title, seat=seat)

    def save(self, path: Any) -> None:
        """Check the whole lesson, then write it as JSON to ``path`` (read it back with ``load_lesson``)."""
        from .authoring import save_lesson
        save_lesson(self, path)
