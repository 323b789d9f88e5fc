"""Numbers a student can trust: win rates and margins with 95% confidence intervals, and their plots."""
from __future__ import annotations

import math
from typing import Any, Sequence

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (sound near 0 and 1, unlike the normal one)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))  # rounding never leaves p outside


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean with a normal-approximation interval (fine for the hundreds of games a tournament plays)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return (mean, math.nan, math.nan)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return (mean, mean - half, mean + half)


def unfinished_games(results: Any) -> int:
    """How many games were stopped at the move cap (they count in no statistic)."""
    if "finished" not in results:
        return 0
    return int(results.loc[~results["finished"].astype(bool), "game"].nunique())


def _groups(results: Any, by: str) -> Any:
    """(key, finished rows, unfinished row count) per group: stopped games never count as results."""
    done = results["finished"].astype(bool) if "finished" in results else None
    for key, group in results.groupby(by, sort=True):
        if done is None:
            yield key, group, 0
        else:
            mask = done.loc[group.index]
            yield key, group[mask], int((~mask).sum())


def win_rates(results: Any, by: str = "bot") -> Any:
    """Share of wins (ties shared) per bot, or per ``by`` column, with a 95% Wilson interval, over the
    finished games; ``unfinished`` counts the games stopped at the move cap and left out."""
    import pandas as pd

    rows = []
    for key, group, stopped in _groups(results, by):
        wins, n = float(group["win"].sum()), len(group)
        low, high = wilson(wins, n)
        rows.append({by: key, "games": n, "win_rate": wins / n if n else math.nan, "ci_low": low,
                     "ci_high": high, "unfinished": stopped})
    return pd.DataFrame(rows).set_index(by)


def summarize(results: Any, column: str, by: str = "bot") -> Any:
    """Mean of any per-seat column (score, margin, rank, plies) with a 95% interval, over the finished
    games; ``unfinished`` counts the games left out."""
    import pandas as pd

    rows = []
    for key, group, stopped in _groups(results, by):
        mean, low, high = mean_ci(group[column].astype(float).tolist())
        rows.append({by: key, "games": len(group), column: mean, "ci_low": low, "ci_high": high,
                     "unfinished": stopped})
    return pd.DataFrame(rows).set_index(by)


def margins(results: Any, by: str = "bot") -> Any:
    """Score margin over the best other player, per bot, with a 95% interval."""
    return summarize(results, "margin", by)


def seat_advantage(results: Any) -> Any:
    """Win rate per seat (seat rotation makes this a property of the game, not the bots)."""
    return win_rates(results, by="seat")


def plot_win_rates(results: Any, by: str = "bot", ax: Any = None, title: str | None = None) -> Any:
    """Bar chart of win rates with their 95% intervals; returns the matplotlib Axes."""
    import matplotlib.pyplot as plt

    table = win_rates(results, by)
    if ax is None:
        _, ax = plt.subplots(figsize=(5, 3))
    x = range(len(table))
    err = [table["win_rate"] - table["ci_low"], table["ci_high"] - table["win_rate"]]
    ax.bar(x, table["win_rate"], yerr=err, capsize=4, color="#4c72b0")
    ax.set_xticks(list(x), [str(i) for i in table.index], rotation=20, ha="right")
    players = results.attrs.get("players")
    if players:
        ax.axhline(1 / players, color="grey", linestyle=":", label="fair share")
        ax.legend()
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(title or f"Win rate by {by}")
    return ax
