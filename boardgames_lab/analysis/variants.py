"""Rule-variant experiments: the same bots under different option sets, compared with confidence intervals.

Measures, each per game: seat advantage (did the first seat win), score spread (best minus worst
score), game length (moves), lead changes (how often the sole leader changed during play) and
decisiveness (the winner's lead over the runner-up).
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from .stats import mean_ci, unfinished_games, wilson
from .tournament import tournament

MEASURES = ("first_seat_wins", "score_spread", "game_length", "lead_changes", "decisiveness")


def per_game(results: Any) -> Any:
    """One row per finished game with the five measures (games stopped at the move cap are left out)."""
    import pandas as pd

    if "finished" in results:
        results = results[results["finished"].astype(bool)]
    grouped = results.groupby("game")
    first = results[results["seat"] == 0].set_index("game")
    return pd.DataFrame({
        "first_seat_wins": first["win"],
        "score_spread": grouped["spread"].first(),
        "game_length": grouped["plies"].first(),
        "lead_changes": grouped["lead_changes"].first().astype(float),
        "decisiveness": grouped["margin"].max(),
    })


def compare_variants(game: str, bots: Sequence[Any], variants: Mapping[str, Mapping[str, Any]], games: int = 100,
                     **kwargs: Any) -> Any:
    """Play the same tournament (same seeds, same bots) under each option set; one row per variant and
    measure with the mean and its 95% interval. ``kwargs`` go to :func:`tournament`."""
    import pandas as pd

    rows = []
    for label, options in variants.items():
        results = tournament(game, bots, games=games, options=dict(options), trace=True, **kwargs)
        measures = per_game(results)
        for measure in MEASURES:
            values = measures[measure].tolist()
            if measure == "first_seat_wins":
                mean = sum(values) / len(values) if values else float("nan")
                low, high = wilson(sum(values), len(values))
            else:
                mean, low, high = mean_ci(values)
            rows.append({"variant": label, "measure": measure, "mean": mean, "ci_low": low, "ci_high": high,
                         "games": len(values), "unfinished": unfinished_games(results)})
    table = pd.DataFrame(rows).set_index(["measure", "variant"]).sort_index()
    table.attrs.update(game=game, variants={k: dict(v) for k, v in variants.items()})
    return table


def plot_variants(table: Any, measures: Sequence[str] = MEASURES) -> Any:
    """One small panel per measure: each variant's mean with its 95% interval."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(measures), figsize=(3 * len(measures), 3), squeeze=False)
    for ax, measure in zip(axes[0], measures):
        part = table.loc[measure]
        x = range(len(part))
        ax.errorbar(list(x), part["mean"], yerr=[part["mean"] - part["ci_low"], part["ci_high"] - part["mean"]],
                    fmt="o", capsize=4)
        ax.set_xticks(list(x), [str(v) for v in part.index], rotation=20, ha="right")
        ax.set_xlim(-0.5, len(part) - 0.5)
        ax.set_title(measure.replace("_", " "))
    fig.tight_layout()
    return fig
