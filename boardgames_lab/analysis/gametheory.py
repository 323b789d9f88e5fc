"""Game theory from real games: empirical payoff matrices between strategies, equilibria, replicator dynamics.

A *strategy* is a bot with settings. ``payoff_matrix`` plays one seat with the row strategy against
a table of column strategies and records the row strategy's share of the wins. That is a symmetric
two-strategy-at-a-time game (the "meta-game" of empirical game theory), so its equilibria are those
of the bimatrix game ``(A, A.T)``, found with nashpy.
"""
from __future__ import annotations

from typing import Any, Mapping

from .play import as_spec
from .tournament import tournament


def payoff_matrix(game: str, strategies: Mapping[str, Any], games: int = 40, *, players: int = 2,
                  measure: str = "win", **kwargs: Any) -> Any:
    """DataFrame A: A[row, col] = mean ``measure`` (win share or score) of one row-strategy seat against
    ``players - 1`` column-strategy seats, seats rotated. ``kwargs`` go to :func:`tournament`."""
    import pandas as pd

    labels = list(strategies)
    table = pd.DataFrame(0.0, index=labels, columns=labels)
    table.index.name, table.columns.name = "strategy", "against"
    for row in labels:
        for col in labels:
            bots = [as_spec(strategies[row])] + [as_spec(strategies[col])] * (players - 1)
            results = tournament(game, bots, games=games, players=players, **kwargs)
            table.loc[row, col] = float(results.loc[results["slot"] == 0, measure].mean())
    table.attrs.update(game=game, players=players, games=games, measure=measure)
    return table


def equilibria(payoffs: Any, tolerance: float = 1e-9) -> Any:
    """Nash equilibria of the symmetric game with row payoffs ``payoffs`` (a square DataFrame or array):
    one row per equilibrium with each player's mixed strategy and expected payoff."""
    import nashpy
    import numpy as np
    import pandas as pd

    A = np.asarray(payoffs, dtype=float)
    labels = list(getattr(payoffs, "index", range(len(A))))
    game = nashpy.Game(A, A.T)
    rows, seen = [], set()
    for sigma_r, sigma_c in game.support_enumeration(tol=tolerance):
        key = (tuple(np.round(sigma_r, 6)), tuple(np.round(sigma_c, 6)))
        if key in seen:
            continue
        seen.add(key)
        row = {f"row:{l}": round(float(p), 6) for l, p in zip(labels, sigma_r)}
        row.update({f"col:{l}": round(float(p), 6) for l, p in zip(labels, sigma_c)})
        row["row_payoff"] = float(sigma_r @ A @ sigma_c)
        row["col_payoff"] = float(sigma_r @ A.T @ sigma_c)
        row["symmetric"] = bool(np.allclose(sigma_r, sigma_c, atol=1e-6))
        rows.append(row)
    return pd.DataFrame(rows)


def is_equilibrium(payoffs: Any, row: Any, col: Any | None = None, tolerance: float = 1e-6,
                   col_payoffs: Any | None = None) -> bool:
    """Is (row, col) a Nash equilibrium? Strategies are labels (pure) or probability vectors.
    Without ``col_payoffs`` the game is symmetric (the column player's payoffs are ``payoffs.T``)."""
    import numpy as np

    A = np.asarray(payoffs, dtype=float)
    B = A.T if col_payoffs is None else np.asarray(col_payoffs, dtype=float)
    labels_r = list(getattr(payoffs, "index", range(A.shape[0])))
    labels_c = list(getattr(payoffs, "columns", range(A.shape[1])))
    x = _mixed(row, labels_r)
    y = _mixed(row if col is None else col, labels_c)
    return bool((A @ y).max() <= x @ A @ y + tolerance and (x @ B).max() <= x @ B @ y + tolerance)


def _mixed(strategy: Any, labels: list[Any]) -> Any:
    import numpy as np

    if isinstance(strategy, str) or not hasattr(strategy, "__len__"):
        out = np.zeros(len(labels))
        out[labels.index(strategy)] = 1.0
        return out
    vector = np.asarray(strategy, dtype=float)
    if vector.shape != (len(labels),) or not np.isclose(vector.sum(), 1.0) or (vector < 0).any():
        raise ValueError(f"a mixed strategy is {len(labels)} probabilities summing to 1, not {strategy!r}")
    return vector


def replicator(payoffs: Any, start: Any | None = None, steps: int = 200, horizon: float = 20.0) -> Any:
    """Replicator dynamics of a population playing the symmetric game: shares of each strategy over time."""
    import numpy as np
    import nashpy
    import pandas as pd

    A = np.asarray(payoffs, dtype=float)
    labels = list(getattr(payoffs, "index", range(len(A))))
    y0 = np.full(len(A), 1.0 / len(A)) if start is None else np.asarray(start, dtype=float)
    times = np.linspace(0, horizon, steps)
    shares = nashpy.Game(A, A.T).replicator_dynamics(y0=y0, timepoints=times)
    frame = pd.DataFrame(shares, index=pd.Index(times, name="time"), columns=labels)
    return frame


def plot_replicator(trajectory: Any, ax: Any = None, title: str = "Replicator dynamics") -> Any:
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(5, 3))
    for label in trajectory.columns:
        ax.plot(trajectory.index, trajectory[label], label=str(label))
    ax.set_xlabel("time")
    ax.set_ylabel("share of the population")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend()
    return ax


def plot_payoffs(payoffs: Any, ax: Any = None, title: str = "Empirical payoffs (row against column)") -> Any:
    import matplotlib.pyplot as plt
    import numpy as np

    if ax is None:
        _, ax = plt.subplots(figsize=(4, 3.5))
    A = np.asarray(payoffs, dtype=float)
    image = ax.imshow(A, cmap="viridis")
    ax.set_xticks(range(A.shape[1]), [str(c) for c in payoffs.columns], rotation=20, ha="right")
    ax.set_yticks(range(A.shape[0]), [str(r) for r in payoffs.index])
    for i in range(A.shape[0]):
        for j in range(A.shape[1]):
            ax.text(j, i, f"{A[i, j]:.2f}", ha="center", va="center", color="white")
    ax.figure.colorbar(image, ax=ax)
    ax.set_title(title)
    return ax
