"""Tournaments, statistics and game theory from real games (needs the ``analysis`` extra;
the ``scale`` extra for Dask).

>>> from boardgames_lab.analysis import tournament, win_rates
>>> results = tournament("saint_petersburg", ["heuristic", "random"], games=20, backend="serial")
>>> sorted(win_rates(results).index)
['heuristic', 'random']
"""
from .exercises import Exercise, exercise, exercises
from .gametheory import equilibria, is_equilibrium, payoff_matrix, plot_payoffs, plot_replicator, replicator
from .play import DEFAULT_MOVE_CAP, BotSpec, as_spec, move_cap, play_batch
from .stats import margins, mean_ci, plot_win_rates, seat_advantage, summarize, unfinished_games, wilson, win_rates
from .tournament import PROCESSES, SERIAL, tournament
from .variants import MEASURES, compare_variants, per_game, plot_variants

__all__ = ["Exercise", "MEASURES", "compare_variants", "equilibria", "exercise", "exercises", "is_equilibrium",
           "payoff_matrix", "per_game", "plot_payoffs", "plot_replicator", "plot_variants",
           "replicator", "BotSpec", "PROCESSES", "SERIAL", "as_spec", "margins", "mean_ci", "play_batch", "plot_win_rates",
           "seat_advantage", "summarize", "tournament", "wilson", "win_rates", "DEFAULT_MOVE_CAP",
           "move_cap", "unfinished_games"]
