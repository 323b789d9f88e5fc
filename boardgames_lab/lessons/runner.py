"""A lesson being taken: the step now, its live game, the student's attempts and what they are told.

``LessonRun`` is plain Python, so a notebook widget, the browser site and the classroom all drive the same one:
``attempt(move)`` on a task gives a ``Feedback`` (solved, wrong, refused or unreadable; nothing changes on a
wrong or refused move), ``next()`` steps a narration one ply at a time (a ``Told``) and then goes to the next
step, ``hint()`` and ``retry()`` help, and ``state()`` is everything to draw, as JSON data.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Iterable

from ..core.errors import GameError, InvalidNotation
from ..core.game import Game
from ..core.moves import Move
from .model import Lesson, LessonError, Narration, Task
from .steps import Check, changes_seen, describe, named_check, reaches, seat_of, solution_moves, start_game

SOLVED, WRONG, REFUSED, UNREADABLE = "solved", "wrong", "refused", "unreadable"
PUZZLE_ITERATIONS = 400  # the search bot's playouts for a puzzle's advice
PUZZLE_SEED = 0  # its seed: the same advice every time


@dataclass(frozen=True)
class Feedback:
    """What a task says to one attempt. ``outcome`` is ``solved``, ``wrong`` (legal, misses the goal, taken back),
    ``refused`` (illegal: ``rule`` and ``reason`` from ``game.explain``) or ``unreadable`` (text naming no move).
    ``text`` is the whole message in words; ``said`` the move as the game says it; ``changes`` what it changed
    (the log, as the step's seat reads it); ``bot`` a puzzle's advice: the search bot's ``move``, ``said``,
    ``reason``, ``rule_of_thumb`` and whether it ``agrees`` with the student's move."""

    outcome: str
    text: str
    move: str | None = None
    said: str = ""
    changes: tuple[str, ...] = ()
    rule: str = ""
    reason: str = ""
    bot: dict[str, Any] | None = None

    @property
    def solved(self) -> bool:
        return self.outcome == SOLVED

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["changes"] = list(self.changes)
        return data


@dataclass(frozen=True)
class Told:
    """One ply of a narration: the move (notation, None where the seat may not see it), ``said`` in the game's
    words, the teacher's ``note``, the ``changes`` it brought (scoring, refills, draws), the ``phase`` the game
    stands in now and the phase ``edges`` it went along (for the phase diagram)."""

    move: str | None
    said: str
    note: str
    changes: tuple[str, ...]
    phase: str
    edges: tuple[tuple[str, str], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"move": self.move, "said": self.said, "note": self.note, "changes": list(self.changes),
                "phase": self.phase, "edges": [list(e) for e in self.edges]}


@dataclass
class StepRecord:
    """How a student did on one step: for the teacher's view of where a class gets stuck."""

    title: str
    kind: str
    done: bool = False
    attempts: int = 0
    wrong: int = 0
    refused: int = 0
    hints: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class LessonRun:
    """One student taking ``lesson`` from its first step; ``names`` renames the seats of every step's game."""

    game: Game  # the step's live game: the board to draw
    feedback: Feedback | None  # what the last attempt was told (None since the step was entered)
    hint_shown: str | None  # the hint, once asked for
    told: list[Told]  # the narration's plies told so far
    _start_game: Game
    _seat: int | None
    _told_count: int
    _solved: bool
    _advice: dict[str, Any] | None
    _check: Check | None
    _solutions: list[Move]

    def __init__(self, lesson: Lesson, names: Iterable[str] | None = None):
        if not lesson.steps:
            raise LessonError("a lesson has one step or more", lesson.id, None, "steps")
        self.lesson = lesson
        self.names = list(names) if names is not None else None
        self.records = [StepRecord(step.title, step.kind) for step in lesson.steps]
        self.index = 0
        self._enter(0)

    # --- where the lesson stands -------------------------------------------------------------------------
    @property
    def step(self) -> Task | Narration:
        return self.lesson.steps[self.index]

    @property
    def number(self) -> int:
        """The step now, counted from 1."""
        return self.index + 1

    @property
    def done(self) -> bool:
        """Is the step now done: a task solved, a narration told to its end?"""
        return self.records[self.index].done

    @property
    def progress(self) -> tuple[int, int]:
        """(steps done, steps in the lesson)."""
        return sum(r.done for r in self.records), len(self.records)

    @property
    def finished(self) -> bool:
        return all(r.done for r in self.records)

    @property
    def can_next(self) -> bool:
        """Does Next do something: tell a narration's next ply, or go on from a done step to the next one?"""
        if isinstance(self.step, Narration) and self._told_count < len(self.step.moves):
            return True
        return self.done and self.index + 1 < len(self.lesson.steps)

    @property
    def seat(self) -> int | None:
        """Whose eyes the step is seen through (None: a spectator's)."""
        return self._seat

    # --- the student's actions -----------------------------------------------------------------------------
    def attempt(self, move: Move | str) -> Feedback:
        """Try a move (a value or its notation, for the task's seat). Solved: the move stays on the board. Wrong,
        refused or unreadable: the feedback says why and nothing changes."""
        task = self._task("attempt a move")
        if self._solved:
            raise LessonError("this task is solved; next() goes on, retry() sets it again", self.lesson.id,
                              self.number)
        record = self.records[self.index]
        record.attempts += 1
        game, seat = self.game, self._seat
        assert seat is not None  # a task's seat acts at its start (validated)
        try:
            value = game.parse_move(move, seat) if isinstance(move, str) else move
            why = game.explain(value, seat)
        except InvalidNotation as err:
            record.refused += 1
            self.feedback = Feedback(UNREADABLE, f"That is not a move here: {err}", reason=str(err))
            return self.feedback
        if not why.legal:
            record.refused += 1
            text = f"Not allowed: {why.reason}."  # the reason ends with its remedy, where the rule has one
            self.feedback = Feedback(REFUSED, text, str(value), rule=why.rule, reason=why.reason)
            return self.feedback
        said = describe(game, value, seat)
        hit, after = reaches(task, game, value, seat, self._check, self._solutions)
        changes = tuple(changes_seen(after.log_for(seat)[-1]))
        bot = self.advice(value) if task.puzzle else None
        if hit:
            record.done = self._solved = True
            self.game = after
            text = _join(said, task.success or "Well done: that reaches the goal.", _bot_words(bot))
            self.feedback = Feedback(SOLVED, text, str(value), said, changes, bot=bot)
        else:
            record.wrong += 1
            why_not = task.miss or f"That does not reach the goal: {task.goal}"
            text = _join(said, why_not, "The move is taken back.", _bot_words(bot))
            self.feedback = Feedback(WRONG, text, str(value), said, changes, reason=why_not, bot=bot)
        return self.feedback

    def hint(self) -> str:
        """The task's hint (counted in the step's record); a task without one says to read the goal again."""
        task = self._task("give a hint")
        self.records[self.index].hints += 1
        self.hint_shown = task.hint or f"Read the goal again: {task.goal}"
        return self.hint_shown

    def retry(self) -> None:
        """Start the step again from its start (a task's record keeps its attempts; a solved one is solved)."""
        self._enter(self.index)

    def next(self) -> Told | None:
        """Next: a narration's next ply (returned as ``Told``), or, once the step is done, the next step (None).
        LessonError where there is nothing next: a task not yet solved, or the lesson's end."""
        step = self.step
        if isinstance(step, Narration) and self._told_count < len(step.moves):
            return self._tell(step)
        if not self.done:
            raise LessonError("solve the task first (hint() helps)", self.lesson.id, self.number)
        if self.index + 1 >= len(self.lesson.steps):
            raise LessonError("the lesson is finished", self.lesson.id, self.number)
        self._enter(self.index + 1)
        return None

    def goto(self, number: int) -> None:
        """Go to step ``number`` (from 1), from its start: for a teacher showing a step, or a student going back."""
        if type(number) is not int or not 1 <= number <= len(self.lesson.steps):
            raise LessonError(f"there is no step {number!r}; the steps are 1 to {len(self.lesson.steps)}",
                              self.lesson.id)
        self._enter(number - 1)

    # --- the search bot's advice (puzzles) ----------------------------------------------------------------
    def advice(self, student: Move | None = None) -> dict[str, Any]:
        """What the search bot plays at the task's start and why: its ``move``, ``said``, ``reason`` (its
        search), ``rule_of_thumb`` (the game's heuristic on that move, "" without one) and whether it
        ``agrees`` with ``student``'s move. Deterministic: the same advice every time."""
        if self._advice is None:
            self._advice = _bot_advice(self._start_game, self._seat)
        advice = dict(self._advice)
        advice["agrees"] = student is not None and str(student) == advice["move"]
        return advice

    # --- everything to draw ----------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """The lesson now as JSON data: what a widget, the site or the classroom draws. A task's solutions,
        check and walked moves are left out (the student's screen must not hold the answer)."""
        step, game = self.step, self.game
        done, total = self.progress
        shown: dict[str, Any] = {"kind": step.kind, "title": step.title}
        if isinstance(step, Task):
            shown.update(goal=step.goal, puzzle=step.puzzle, has_hint=bool(step.hint))
        else:
            shown.update(text=step.text, moves=len(step.moves), left=len(step.moves) - self._told_count)
        return {
            "lesson": {"id": self.lesson.id, "game": self.lesson.game, "title": self.lesson.title,
                       "summary": self.lesson.summary, "steps": len(self.lesson.steps)},
            "number": self.number, "step": shown, "seat": self._seat, "names": list(game.names),
            "phase": game.phase, "to_act": list(game.to_act()), "ply": game.ply,
            "view": game.view(self._seat), "done": self.done, "can_next": self.can_next,
            "feedback": None if self.feedback is None else self.feedback.to_dict(),
            "hint": self.hint_shown, "told": [t.to_dict() for t in self.told],
            "progress": {"done": done, "total": total}, "finished": self.finished,
            "records": [r.to_dict() for r in self.records],
        }

    # --- inside --------------------------------------------------------------------------------------------
    def _enter(self, index: int) -> None:
        self.index = index
        step = self.lesson.steps[index]
        self.game = start_game(self.lesson, index + 1, self.names)
        self._start_game = self.game.clone()
        self._seat = seat_of(step, self.game)
        self.feedback = None
        self.hint_shown = None
        self.told = []
        self._told_count = 0
        self._solved = False  # solved since the step was entered (the record remembers any solving)
        self._advice = None
        self._check = None
        self._solutions = []
        if isinstance(step, Task):
            assert self._seat is not None
            self._check = named_check(self.lesson, index + 1, step)
            self._solutions = solution_moves(self.lesson, index + 1, step, self.game, self._seat)
        elif not step.moves:
            self.records[index].done = True  # words only: read, so done

    def _task(self, doing: str) -> Task:
        step = self.step
        if not isinstance(step, Task):
            raise LessonError(f"step {self.number} is a narration: it cannot {doing}; next() tells it",
                              self.lesson.id, self.number)
        return step

    def _tell(self, step: Narration) -> Told:
        game, seat, i = self.game, self._seat, self._told_count
        move = game.parse_move(step.moves[i])
        said = describe(game, move)
        seen = len(game.log_for(seat))
        game.apply(move)
        log = game.log_for(seat)
        # A move the seat may not see leaves no entry in its log, or one without the move: it is told only what
        # the seat's log says, never the move's own words (which may name a hidden card).
        entry = log[-1] if len(log) > seen else None
        note = step.notes[i] if i < len(step.notes) else ""
        edges = tuple((str(a), str(b)) for a, b in game.log[-1]["phases"])
        if entry is None:
            who = game.names[move.player] if 0 <= move.player < len(game.names) else "The game"
            told = Told(None, f"{who} acts out of sight.", note, (), game.phase, edges)
        else:
            hidden = entry["move"] is None
            told = Told(None if hidden else str(move), entry["text"] if hidden else said, note,
                        tuple(changes_seen(entry)), game.phase, edges)
        self.told.append(told)
        self._told_count += 1
        if self._told_count == len(step.moves):
            self.records[self.index].done = True
        return told


def _join(*parts: str) -> str:
    return " ".join(p.strip() for p in parts if p and p.strip())


def _bot_words(bot: dict[str, Any] | None) -> str:
    if bot is None:
        return ""
    verdict = "The search bot agrees." if bot["agrees"] else "The search bot would play otherwise."
    why = f" ({bot['reason']})" if bot["reason"] else ""
    thumb = f" Its rule of thumb says of that move: {bot['rule_of_thumb']}." if bot["rule_of_thumb"] else ""
    return f"{verdict} It plays: {bot['said'].rstrip('.')}{why}.{thumb}"


def _bot_advice(game: Game, seat: int | None) -> dict[str, Any]:
    """The MCTS bot's move at ``game`` for ``seat`` (it sees only that seat's view), with the heuristic's reason."""
    from ..bots import HeuristicBot, MCTSBot, Seat, bot_move
    bot = MCTSBot(seed=PUZZLE_SEED, iterations=PUZZLE_ITERATIONS)
    move = bot_move(game, bot, seat)
    thumb = ""
    if game.definition.heuristic is not None:
        legal = list(game.legal_moves())
        for m, _, reason in HeuristicBot(seed=PUZZLE_SEED).advise(Seat(game.definition, game.state, seat if seat is not None else 0, legal)):
            if m == move:
                thumb = reason
    return {"move": str(move), "said": describe(game, move, seat), "reason": bot.last_reason,
            "rule_of_thumb": thumb}


__all__ = ["Feedback", "LessonRun", "REFUSED", "SOLVED", "StepRecord", "Told", "UNREADABLE", "WRONG"]
