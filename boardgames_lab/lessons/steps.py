"""What the validation and the runner share: a step's game built from its start, a move read for the step's seat,
and whether a move reaches a task's goal. Checks are named in the game's ``lessons`` face (``CHECKS``)."""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from ..core.errors import GameError
from ..core.game import Game
from ..core.moves import Move
from ..core.positions import from_position
from ..core.registry import definition, new_game
from .model import Lesson, LessonError, Start, Step, Task

Check = Callable[[Game, int], bool]


def checks_of(game: str) -> Mapping[str, Check]:
    """The named goal checks of a game's lessons: ``CHECKS`` of its ``lessons`` face (none without one)."""
    face = definition(game).lessons
    return getattr(face, "CHECKS", {}) if face is not None else {}


def start_game(lesson: Lesson, number: int, names: Iterable[str] | None = None) -> Game:
    """The game of step ``number`` (from 1) at its start: its seed or position, then its moves. A start that
    does not play raises LessonError naming the step and the field; ``names`` renames the seats."""
    start: Start = lesson.steps[number - 1].start
    try:
        if start.position is not None:
            game = from_position(lesson.game, dict(start.position), names=start.names)
        else:
            game = new_game(lesson.game, players=start.players, seed=start.seed, names=start.names, **start.options)
    except GameError as err:
        field = "start.position" if start.position is not None else "start"
        raise LessonError(f"the start does not make a game: {err}", lesson.id, number, field) from None
    except ValueError as err:  # the names
        raise LessonError(str(err), lesson.id, number, "start.names") from None
    for i, text in enumerate(start.moves):
        try:
            game.apply(text)
        except GameError as err:
            raise LessonError(f"{text!r} cannot be played there: {err}", lesson.id, number,
                              f"start.moves[{i}]") from None
    if names is not None:
        game.rename(names)
    return game


def seat_of(step: Step, game: Game) -> int | None:
    """Whose eyes a step is seen through: its seat, else (a task) the seat to act."""
    if step.seat is not None or not isinstance(step, Task):
        return step.seat
    seats = game.to_act()
    return seats[0] if seats else None


def read_move(game: Game, move: Move | str, seat: int | None) -> Move:
    """A move typed or clicked by ``seat`` (InvalidNotation if the text names no move)."""
    return game.parse_move(move, seat) if isinstance(move, str) else move


def reaches(task: Task, game: Game, move: Move, seat: int, check: Check | None,
            solutions: Iterable[Move]) -> tuple[bool, Game]:
    """Does the legal ``move`` reach the task's goal? With the game after it (a copy; ``game`` is unchanged)."""
    after = game.clone()
    after.apply(move)
    if move in set(solutions):
        return True, after
    return (check is not None and bool(check(after, seat))), after


def named_check(lesson: Lesson, number: int, task: Task) -> Check | None:
    """The task's check function by its name, or None; an unknown name is a LessonError."""
    if not task.check:
        return None
    checks = checks_of(lesson.game)
    if task.check not in checks:
        known = ", ".join(sorted(checks)) or "none"
        raise LessonError(f"no check named {task.check!r} in {lesson.game}'s lessons (the checks: {known})",
                          lesson.id, number, "check")
    return checks[task.check]


def solution_moves(lesson: Lesson, number: int, task: Task, game: Game, seat: int) -> list[Move]:
    """The task's solutions as moves of its game (LessonError naming the one that is not a move)."""
    moves = []
    for i, text in enumerate(task.solutions):
        try:
            moves.append(game.parse_move(text, seat))
        except GameError as err:
            raise LessonError(str(err), lesson.id, number, f"solutions[{i}]") from None
    return moves


def describe(game: Game, move: Move, seat: int | None = None) -> str:
    """The move as a sentence in the game's words (its notation where the game has none)."""
    try:
        return game.describe(move, seat)
    except GameError:
        return str(move)


def changes_seen(entry: Mapping[str, Any]) -> list[str]:
    """The words of a log entry's changes."""
    return [str(change["text"]) for change in entry["changes"]]
