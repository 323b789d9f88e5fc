"""Lessons written in Python by a teacher: set a game up (by moves, or on the board in sandbox mode), then turn
where it stands into a step. Each step is played through as it is added, so a mistake is named at once."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterable

from ..core.game import SANDBOX, Game
from ..core.registry import definition
from .model import Lesson, LessonError, Narration, Start, Task
from .validate import validate, validate_step


def new_lesson(cls: type[Lesson], game: str, title: str, summary: str, id: str) -> Lesson:
    name = definition(game).info.name
    lesson_id = id or "_".join(re.findall(r"[a-z0-9]+", title.lower()))[:64] or "lesson"
    return cls(id=lesson_id, game=name, title=title, summary=summary)


def start_of(game: Game) -> Start:
    """Where ``game`` stands, as a step's start: its seed and moves, or (a game set up on the board, or from
    a position) the position itself."""
    if not isinstance(game, Game):
        raise LessonError(f"a step starts from a Game, not {type(game).__name__}", field="start")
    if game.chance != "auto":
        raise LessonError("a step starts from a game whose chance is drawn by the game (chance='auto')",
                          field="start")
    names = tuple(game.names)
    if game.edited or game.mode == SANDBOX:
        return Start(position=game.position(), names=names)
    return Start(seed=game.seed, players=game.num_players, options=dict(game.options), names=names,
                 moves=tuple(str(m) for m in game.moves))


def _texts(value: Any, field: str) -> tuple[str, ...]:
    items = [value] if isinstance(value, str) else list(value) if isinstance(value, Iterable) else None
    if items is None or not all(isinstance(v, str) for v in items):
        raise LessonError(f"must be a list of moves in notation, not {value!r}", field=field)
    return tuple(items)


def _add(lesson: Lesson, step: Task | Narration) -> None:
    lesson.steps.append(step)
    try:
        validate_step(lesson, len(lesson.steps))
    except LessonError:
        lesson.steps.pop()  # a step that does not behave is not kept
        raise


def add_task(lesson: Lesson, game: Game, *, goal: str, solutions: Any, check: str, hint: str, success: str,
             miss: str, wrong: str, illegal: str, puzzle: bool, title: str, seat: int | None) -> Task:
    task = Task(title=title or goal, start=start_of(game), goal=goal, solutions=_texts(solutions, "solutions"),
                check=check, seat=seat, hint=hint, success=success, miss=miss, wrong=wrong, illegal=illegal,
                puzzle=puzzle)
    _add(lesson, task)
    return task


def add_narration(lesson: Lesson, game: Game, *, text: str, moves: Any, notes: Any, title: str,
                  seat: int | None) -> Narration:
    narration = Narration(title=title or text.split(".")[0][:60], start=start_of(game), text=text,
                          moves=_texts(moves, "moves"), notes=_texts(notes, "notes"), seat=seat)
    _add(lesson, narration)
    return narration


def save_lesson(lesson: Lesson, path: Any) -> None:
    validate(lesson)
    try:
        Path(path).write_text(lesson.to_json(), encoding="utf-8")
    except OSError as err:
        raise LessonError(f"cannot write {path}: {err.strerror}", lesson.id) from None
