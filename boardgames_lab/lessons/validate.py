"""A lesson played through before it is handed out: every start plays, every solution is legal and reaches its
goal, a goal given only as a check is reached by some legal move, the ``wrong`` move is legal and misses it, the
``illegal`` move is refused, and every narration's moves play in turn. The first fault raises LessonError naming
the lesson, the step (from 1) and the field."""
from __future__ import annotations

from ..core.errors import GameError, UnknownGame
from ..core.game import Game
from ..core.moves import Move
from ..core.registry import definition
from .model import Lesson, LessonError, Narration, Task
from .steps import named_check, reaches, seat_of, solution_moves, start_game


def validate(lesson: Lesson) -> None:
    """Play the whole lesson through (see the module's words); LessonError at the first fault, nothing changed."""
    try:
        definition(lesson.game)
    except UnknownGame as err:
        raise LessonError(str(err), lesson.id, None, "game") from None
    if not lesson.steps:
        raise LessonError("a lesson has one step or more", lesson.id, None, "steps")
    for number in range(1, len(lesson.steps) + 1):
        validate_step(lesson, number)


def validate_step(lesson: Lesson, number: int) -> None:
    """Play step ``number`` (from 1) through; LessonError at its first fault."""
    step = lesson.steps[number - 1]
    game = start_game(lesson, number)
    if step.seat is not None and not 0 <= step.seat < game.num_players:
        raise LessonError(f"seat {step.seat} is not at this table of {game.num_players}", lesson.id, number, "seat")
    if isinstance(step, Narration):
        _narration(lesson, number, step, game)
    else:
        _task(lesson, number, step, game)


def _narration(lesson: Lesson, number: int, step: Narration, game: Game) -> None:
    if len(step.notes) > len(step.moves):
        raise LessonError(f"{len(step.notes)} notes for {len(step.moves)} moves", lesson.id, number, "notes")
    for i, text in enumerate(step.moves):
        try:
            game.apply(text)
        except GameError as err:
            raise LessonError(f"{text!r} cannot be played there: {err}", lesson.id, number, f"moves[{i}]") from None


def _task(lesson: Lesson, number: int, task: Task, game: Game) -> None:
    seats = game.to_act()
    seat = seat_of(task, game)
    if seat is None or seat not in seats:
        raise LessonError(f"the task is for seat {seat}, but {'the game is over' if not seats else f'seats {list(seats)} act'}"
                          " at its start", lesson.id, number, "seat" if task.seat is not None else "start")
    if not task.solutions and not task.check:
        raise LessonError("a task names its solutions, a check, or both", lesson.id, number, "solutions")
    check = named_check(lesson, number, task)
    solutions = solution_moves(lesson, number, task, game, seat)
    for i, move in enumerate(solutions):
        why = game.explain(move, seat)
        if not why.legal:
            raise LessonError(f"{move} is not legal there: {why.reason} [{why.rule}]", lesson.id, number,
                              f"solutions[{i}]")
        if check is not None and not reaches(task, game, move, seat, check, ())[0]:
            raise LessonError(f"{move} does not pass the check {task.check!r}", lesson.id, number, f"solutions[{i}]")
    if not solutions and not any(reaches(task, game, m, seat, check, ())[0] for m in _seat_moves(game, seat)):
        raise LessonError(f"no legal move reaches the goal: none passes the check {task.check!r}", lesson.id,
                          number, "check")
    if task.wrong:
        move = _parsed(lesson, number, game, task.wrong, seat, "wrong")
        why = game.explain(move, seat)
        if not why.legal:
            raise LessonError(f"{move} is not legal there: {why.reason} [{why.rule}]", lesson.id, number, "wrong")
        if reaches(task, game, move, seat, check, solutions)[0]:
            raise LessonError(f"{move} reaches the goal; the wrong move must miss it", lesson.id, number, "wrong")
    if task.illegal:
        move = _parsed(lesson, number, game, task.illegal, seat, "illegal")
        if game.explain(move, seat).legal:
            raise LessonError(f"{move} is legal there; the illegal move must be refused", lesson.id, number,
                              "illegal")


def _parsed(lesson: Lesson, number: int, game: Game, text: str, seat: int, field: str) -> Move:
    try:
        return game.parse_move(text, seat)
    except GameError as err:
        raise LessonError(str(err), lesson.id, number, field) from None


def _seat_moves(game: Game, seat: int) -> tuple[Move, ...]:
    return tuple(game.legal_moves()) if game.to_act() == (seat,) else tuple(game.definition.seat_moves(game.state, seat))
