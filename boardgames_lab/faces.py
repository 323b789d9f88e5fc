"""What a game's faces declare, and the plain helpers they share (no widget, framework or table library).

A game's faces are modules of its package that the lab's tools read through its definition
(``definition(name).actions`` and so on; core/definition.py, docs/adding_a_game.md "Faces of a game"):

- ``actions``: ``ENCODING`` (an integer, bumped whenever a move's number changes) and ``every_move()``,
  every move of seat 0 in a fixed order; the PettingZoo and OpenSpiel adapters number them.
- ``board``: ``click_path(move)`` (the move's clicks as ``(target id, label)`` pairs) and
  ``setup(game, data, spots)`` (the set-up spots of a position); the clickable board reads them.
- ``heuristic``: ``score_moves(view, legal_moves)``, a score and a reason per move; the heuristic bot.
- ``exercises``: ``EXERCISES``, name -> builder of the keyword arguments of ``analysis.Exercise``.
- ``decisions``: ``DECISIONS``, name -> :class:`ClassDecision`; ``analysis.class_decisions`` solves them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence, TypeVar

T = TypeVar("T")


def first_position(find: Callable[[int], T | None], seeds: Iterable[int], what: str) -> T:
    """The first game seed whose play reaches the decision an exercise asks about.

    ``find(seed)`` plays a game from ``seed`` and returns what the exercise needs, or None when that
    game never reaches such a position."""
    tried = []
    for seed in seeds:
        found = find(seed)
        if found:
            return found
        tried.append(seed)
    raise RuntimeError(f"no {what} position in the games of seeds {tried[0]}..{tried[-1]}" if tried
                       else f"no seeds to look for a {what} position in")


def two_plies(game: Any, seat: int, move: str) -> int:
    """A decision's tree: the choice, then every legal reply."""
    return 2


@dataclass(frozen=True)
class ClassDecision:
    """A kind of decision students make at a table, to be solved in its real position against the equilibrium
    (``analysis.class_decisions``). Rows are those of the classroom record's ``decisions()``."""

    title: str
    # (move made, legal moves as notations) -> the root's options, the move among them; None: not such a decision
    options: Callable[[str, Sequence[str]], Sequence[str] | None]
    compare: Callable[[Any], dict[str, Any]]  # a solved decision -> its row of the comparison table
    columns: tuple[str, ...]  # the comparison table's columns, in order
    phase: str | None = None  # only decisions made in this phase (None: any)
    plies: Callable[[Any, int, str], int] = two_plies  # (position, seat, move made) -> the plies of its tree
    playouts: int = 4  # the playouts per leaf unless told otherwise
    option_name: Callable[[str], str] = str  # a root move's name in the payoff table
    no_reply: str = "(game over)"  # the reply column of an option nobody answers in the tree


__all__ = ["ClassDecision", "first_position", "two_plies"]
