"""Real decisions turned into small games a class can solve.

An exercise takes a position from a real game, offers the player to move a few labelled choices
(rows) and the next player a few answers (columns), and estimates every cell by playing the rest
of the game out many times with a rollout bot over freshly sampled futures. The class reads the
statement, answers with a pair of choices (or mixed strategies), gets it checked, and sees the
equilibria. A game declares its exercises in its exercises face (``EXERCISES`` in
rulesets/<game>/exercises.py): each builder finds a position and gives an :class:`Exercise`'s keyword
arguments; ``exercise("<game>.<name>")`` builds one.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from ..bots import Seat, decide, make_bot
from ..core.game import Game
from ..core.registry import definition, games
from ..faces import first_position
from .gametheory import equilibria, is_equilibrium

Future = Callable[[Any, random.Random], Any]  # a full state -> the same position with an unknown future resampled


@dataclass
class Exercise:
    name: str
    title: str
    story: str
    game: Game  # the position, just before the row player decides
    row_player: int
    col_player: int
    rows: dict[str, Any]  # label -> move of the row player
    # label -> move of the column player (legal after every row move), or a dict from row label to the
    # move that carries out the same intent after that row move (a reply that depends on the first move)
    cols: dict[str, Any]
    future: Future
    playouts: int = 20
    rollout_bot: str = "heuristic"
    seed: int = 0
    _payoffs: tuple[Any, Any] | None = field(default=None, repr=False)

    def payoffs(self) -> tuple[Any, Any]:
        """(A, B): the row and the column player's mean final score in each cell."""
        import pandas as pd

        if self._payoffs is None:
            A = pd.DataFrame(0.0, index=list(self.rows), columns=list(self.cols))
            B = A.copy()
            cells: dict[tuple[Any, Any], tuple[float, float]] = {}  # the same pair of moves is played out once
            for r, row_move in self.rows.items():
                for c, col_move in self.cols.items():
                    reply = col_move[r] if isinstance(col_move, dict) else col_move
                    if (row_move, reply) not in cells:
                        cells[(row_move, reply)] = self._estimate(row_move, reply)
                    A.loc[r, c], B.loc[r, c] = cells[(row_move, reply)]
            self._payoffs = (A, B)
        return self._payoffs

    def _estimate(self, row_move: Any, col_move: Any) -> tuple[float, float]:
        d, rng = self.game.definition, random.Random(self.seed)
        total_row = total_col = 0.0
        for k in range(self.playouts):
            st = self.future(self.game.state, rng)
            d.advance(st, row_move)
            d.advance(st, col_move)
            bots = [make_bot(self.rollout_bot, seed=self.seed * 1000 + k * 10 + p) for p in range(st.num_players)]
            while not d.is_over(st):
                p = st.current
                d.advance(st, decide(bots[p], Seat(d, st, p, d.legal_moves(st))))
            scores = d.scores(st)
            total_row += scores[self.row_player]
            total_col += scores[self.col_player]
        return total_row / self.playouts, total_col / self.playouts

    def statement(self) -> str:
        names = self.game.names
        lines = [f"### {self.title}", "", self.story, "",
                 f"{names[self.row_player]} (rows) chooses one of: " + ", ".join(
                     f"**{label}** (`{move}`)" for label, move in self.rows.items()),
                 f"{names[self.col_player]} (columns) answers with: " + ", ".join(
                     f"**{label}** (`{_moves(move)}`)" for label, move in self.cols.items()),
                 "", f"Each cell is the players' mean final score over {self.playouts} playouts by "
                 f"{self.rollout_bot} bots. Which pair of choices is an equilibrium?"]
        return "\n".join(lines)

    def check(self, row: Any, col: Any) -> "Feedback":
        """Is (row, col) a Nash equilibrium of the estimated game? Labels, or probability vectors."""
        A, B = self.payoffs()
        ok = is_equilibrium(A, row, col, tolerance=1e-9, col_payoffs=B)
        if ok:
            return Feedback(True, "Right: neither player gains by changing their choice alone.")
        hints = []
        if isinstance(row, str) and isinstance(col, str):
            better_r = A[col].idxmax()
            better_c = B.loc[row].idxmax()
            if A.loc[better_r, col] > A.loc[row, col]:
                hints.append(f"the row player would rather play {better_r} "
                             f"({A.loc[better_r, col]:.1f} instead of {A.loc[row, col]:.1f})")
            if B.loc[row, better_c] > B.loc[row, col]:
                hints.append(f"the column player would rather play {better_c} "
                             f"({B.loc[row, better_c]:.1f} instead of {B.loc[row, col]:.1f})")
        return Feedback(False, "Not an equilibrium: " + ("; ".join(hints) or "someone gains by deviating") + ".")

    def equilibria(self) -> Any:
        import nashpy
        import numpy as np
        import pandas as pd

        A, B = self.payoffs()
        rows = []
        for x, y in nashpy.Game(A.to_numpy(), B.to_numpy()).support_enumeration():
            row = {f"row:{l}": round(float(p), 4) for l, p in zip(A.index, x)}
            row.update({f"col:{l}": round(float(p), 4) for l, p in zip(A.columns, y)})
            row["row_payoff"] = float(x @ A.to_numpy() @ y)
            row["col_payoff"] = float(x @ B.to_numpy() @ y)
            rows.append(row)
        return pd.DataFrame(rows)


def _moves(move: Any) -> str:
    if isinstance(move, dict):
        return "; ".join(f"{m} after {r}" for r, m in move.items())
    return str(move)


@dataclass(frozen=True)
class Feedback:
    correct: bool
    text: str

    def __bool__(self) -> bool:
        return self.correct

    def __str__(self) -> str:
        return self.text


def _builders() -> dict[str, Callable[..., dict[str, Any]]]:
    """Every registered game's exercise builders, by ``<game>.<name>``."""
    out = {}
    for info in games():
        face = definition(info["name"]).exercises
        for name, build in getattr(face, "EXERCISES", {}).items():
            out[f"{info['name']}.{name}"] = build
    return out


def exercise(name: str, **kwargs: Any) -> Exercise:
    """Build an exercise by name, ``<game>.<name>`` (``playouts=``, ``seed=`` and the like size it)."""
    builders = _builders()
    if name not in builders:
        raise ValueError(f"no exercise called {name!r}; the exercises are {sorted(builders)}")
    return Exercise(**builders[name](**kwargs))


def exercises() -> list[str]:
    """The names of the exercises, ``<game>.<name>``."""
    return sorted(_builders())


__all__ = ["Exercise", "Feedback", "equilibria", "exercise", "exercises", "first_position"]
