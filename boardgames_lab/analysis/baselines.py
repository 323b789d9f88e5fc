"""Baselines: a round-robin of five kinds of player on one game, with win rates and 95% intervals.

The players, each deciding from what its seat may know (a :class:`~boardgames_lab.bots.Seat`: the seat's view,
its legal moves and samples of the hidden part drawn by the game's ``determinize``; none reads the real state):

- ``random``: uniform among the legal moves.
- ``heuristic``: the game's rule of thumb (``bots.HeuristicBot``), from the seat's view.
- ``mcts``: the lab's MCTS on one determinized sample per decision (``bots.MCTSBot``).
- ``openspiel_ismcts``: OpenSpiel's information-set MCTS (``bots.spiel.OpenSpielISMCTSBot``) on the OpenSpiel
  adapter, each simulation from ``resample_from_infostate``.
- ``learner``: a linear softmax policy over the game's observation features (``bots.learner``), trained here
  through the PettingZoo environment by REINFORCE with a linear value baseline, numpy only.

Every pair plays ``games`` games (seats rotated, the seeds shared by all pairs, as in a tournament); at more
than two players the pair alternates round the table. ``baselines`` returns one row per seat per game (as
``tournament`` does, with ``pairing`` and ``opponent``); ``bot_table`` and ``pairing_table`` give the win rates.
"""
from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Sequence

import numpy as np

from ..bots import HeuristicBot, MCTSBot, RandomBot, Seat, decide
from ..bots.learner import LearnerBot, LinearPolicy, squash
from ..core.registry import definition
from .play import bot_seed
from .stats import win_rates
from .tournament import schedule

BOTS = ("random", "heuristic", "mcts", "openspiel_ismcts", "learner")
OPPONENTS = ("random", "self")


@dataclass(frozen=True)
class Budgets:
    """The search budgets and the learner's training, stated with every table."""

    mcts_iterations: int = 30  # playouts per decision of the lab's MCTS
    mcts_depth: int = 30  # random moves per playout before it is scored at the running scores
    ismcts_simulations: int = 10  # simulations per decision of OpenSpiel's ISMCTS
    ismcts_depth: int = 20  # moves per simulation before the adapter ends it at the running scores
    train_episodes: int = 200  # PettingZoo episodes the learner trains on
    train_cycles: int = 300  # a training episode is cut after this many cycles (a move per seat each)
    learning_rate: float = 0.1  # step of the policy (normalised by the features' squared length)
    opponent: str = "self"  # the learner trains against itself in every seat, or against random seats
    block_rows: bool = False  # also train a row per block of the action table, shared by the block's actions

    def check(self) -> None:
        for name, value in asdict(self).items():
            if name == "block_rows":
                if not isinstance(value, bool):
                    raise ValueError(f"block_rows must be True or False, not {value!r}")
            elif name == "opponent":
                if value not in OPPONENTS:
                    raise ValueError(f"opponent must be one of {list(OPPONENTS)}, not {value!r}")
            elif name == "learning_rate":
                if not 0 < value <= 10:
                    raise ValueError(f"learning_rate must lie in (0, 10], not {value}")
            elif isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number of at least 1, not {value!r}")

    def describe(self, trained: bool = True, learner: bool = True) -> str:
        """The budgets in words; the learner's part as trained here (``trained``), as a policy trained before, or
        left out where no learner plays (``learner`` False)."""
        rows = ", block rows" if self.block_rows else ""
        said = (f"; learner trained on {self.train_episodes} PettingZoo episodes against {self.opponent} (cut at "
                f"{self.train_cycles} cycles, learning rate {self.learning_rate}{rows})" if trained
                else "; learner: a policy trained before")
        return (f"mcts {self.mcts_iterations} playouts (depth {self.mcts_depth}); openspiel_ismcts "
                f"{self.ismcts_simulations} simulations (depth {self.ismcts_depth}){said if learner else ''}")


QUICK = Budgets(mcts_iterations=10, mcts_depth=20, ismcts_simulations=4, ismcts_depth=10, train_episodes=40,
                train_cycles=100)


@dataclass
class Training:
    """What training did: the learner's reward per episode (the win, shared among tied winners) and the time."""

    policy: LinearPolicy
    rewards: list[float] = field(default_factory=list)
    seconds: float = 0.0

    def curve(self, window: int = 50) -> list[float]:
        """Mean reward per block of ``window`` episodes."""
        r = self.rewards
        return [sum(r[i:i + window]) / len(r[i:i + window]) for i in range(0, len(r), window)]


def train_learner(game: str, players: int = 2, budgets: Budgets = Budgets(), seed: int = 0,
                  policy: LinearPolicy | None = None, **options: Any) -> Training:
    """Train a :class:`LinearPolicy` on the PettingZoo environment of ``game`` (its observation vectors and
    action masks only) by REINFORCE: after each episode every decision of a learning seat moves the policy
    towards its move by the seat's reward minus the value baseline, and the value towards the reward. Against
    ``random`` one seat learns (the seat rotates by episode) and the others play uniformly at random; against
    ``self`` every seat plays and learns with the same policy. Seeded: the same call gives the same policy."""
    from ..adapters.pettingzoo import env as make_env

    budgets.check()
    d = definition(game)
    d.check_players(players)
    if policy is None:
        policy = LinearPolicy(game, players)
    else:
        check_policy(policy, d.info.name, players)
    e = make_env(game, players=players, max_cycles=budgets.train_cycles, **options)
    rng = np.random.default_rng(seed)
    rate = budgets.learning_rate
    training = Training(policy)
    start = time.perf_counter()
    for episode in range(budgets.train_episodes):
        learning = set(range(players)) if budgets.opponent == "self" else {episode % players}
        steps: dict[str, list[tuple[np.ndarray, np.ndarray, int, np.ndarray]]] = {a: [] for a in e.possible_agents}
        final: dict[str, float] = {}
        e.reset(seed=(seed * 1_000_003 + episode) & 0x7FFFFFFF)
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            if terminated or truncated:
                final[agent] = float(reward)
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            if e.agent_seat[agent] not in learning or len(legal) == 1:
                e.step(int(legal[rng.integers(len(legal))]))
                continue
            x = squash(obs["observation"].astype(np.float64))
            p = policy.probabilities(x, legal.tolist())
            i = int(rng.choice(len(p), p=p))
            steps[agent].append((x, legal, i, p))
            e.step(int(legal[i]))
        for agent, taken in steps.items():
            if e.agent_seat[agent] not in learning:
                continue
            ret = final.get(agent, 0.0)
            training.rewards.append(ret)
            for x, legal, i, p in taken:
                norm = float(x @ x)
                advantage = ret - float(policy.value @ x)
                policy.value += rate * advantage * x / norm
                grad = -p
                grad[i] += 1.0
                rows = [policy.row_of(a) for a in legal.tolist()]  # may grow the weights: before indexing them
                step = np.outer(grad * (rate * advantage / norm), x)
                policy.weights[rows] += step
                if budgets.block_rows:
                    np.add.at(policy.block_weights, policy.block[legal], step)
    training.seconds = time.perf_counter() - start
    return training


def check_policy(policy: Any, game: str, players: int) -> None:
    """Refuse (ValueError) a policy that is not a :class:`LinearPolicy` of ``game`` at ``players`` players with the
    game's action numbering."""
    if not isinstance(policy, LinearPolicy):
        raise ValueError(f"policy must be a LinearPolicy (bots.learner), not {type(policy).__name__}")
    policy.check_fits(game, players)


def check_max_moves(max_moves: Any) -> None:
    """Refuse (ValueError) a move cap that is not a whole number of at least 1 (None: the game's ``move_cap``)."""
    if max_moves is not None and (type(max_moves) is not int or max_moves < 1):
        raise ValueError(f"max_moves must be a whole number of at least 1 or None, not {max_moves!r}")


BotMaker = Callable[[int], Any]


def makers(budgets: Budgets, policy: LinearPolicy | None) -> dict[str, BotMaker]:
    """The five players, each made from a seed for one seat of one game."""
    from ..bots.spiel import OpenSpielISMCTSBot

    out: dict[str, BotMaker] = {
        "random": lambda s: RandomBot(seed=s),
        "heuristic": lambda s: HeuristicBot(seed=s),
        "mcts": lambda s: MCTSBot(seed=s, iterations=budgets.mcts_iterations, depth=budgets.mcts_depth),
        "openspiel_ismcts": lambda s: OpenSpielISMCTSBot(seed=s, simulations=budgets.ismcts_simulations,
                                                         depth=budgets.ismcts_depth),
    }
    if policy is not None:
        out["learner"] = lambda s: LearnerBot(policy, seed=s)
    return out


def play_pair(game: str, players: int, pair: tuple[str, str], make: dict[str, BotMaker], games: int, seed: int,
              options: dict[str, Any] | None = None, max_moves: int | None = None,
              score_cut: bool = False) -> list[dict[str, Any]]:
    """``games`` games of ``pair`` (seats alternate between the two round the table and rotate by game): one
    row per seat per game, with the seconds the seat's bot spent deciding (``think``) and its decisions. A game
    still running after ``max_moves`` moves (default: the game's ``move_cap``) is stopped: unfinished and left
    out of the win rates, or, with ``score_cut``, ranked by its running scores (the leaders share the win, as
    the adapters end a cut game) and marked ``cut``."""
    d = definition(game)
    check_max_moves(max_moves)
    resolved = d.resolve_options(options or {})
    d.check_options(players, resolved)
    cap = d.move_cap if max_moves is None else max_moves
    label = f"{pair[0]} v {pair[1]}"
    rows: list[dict[str, Any]] = []
    for number, game_seed, rotation in schedule(players, games, None, seed):
        names = [pair[(seat + rotation) % players % 2] for seat in range(players)]
        bots = [make[name](bot_seed(game_seed, seat)) for seat, name in enumerate(names)]
        st = d.new_state(players, game_seed, resolved)
        think, decisions = [0.0] * players, [0] * players
        plies = 0
        clock = time.perf_counter
        while not d.is_over(st) and plies < cap:
            seats = d.to_act(st)
            p = seats[0]
            legal = d.legal_moves(st) if len(seats) == 1 else d.seat_moves(st, p)
            began = clock()
            move = decide(bots[p], Seat(d, st, p, legal))
            think[p] += clock() - began
            decisions[p] += 1
            d.advance(st, move)
            plies += 1
        over = d.is_over(st)
        counted = over or score_cut
        scores = list(d.scores(st)) if counted else [math.nan] * players
        winners = list(d.winners(st)) if over else [s for s in range(players) if counted and scores[s] == max(scores)]
        for seat in range(players):
            other = pair[1] if names[seat] == pair[0] else pair[0]
            rows.append({"pairing": label, "game": number, "seed": game_seed, "rotation": rotation, "seat": seat,
                         "bot": names[seat], "opponent": other, "score": scores[seat],
                         "win": (1.0 / len(winners) if seat in winners else 0.0) if counted else math.nan,
                         "plies": plies, "finished": counted, "cut": not over, "think": think[seat],
                         "decisions": decisions[seat]})
    return rows


def baselines(game: str, players: int = 2, games: int = 10, seed: int = 0, budgets: Budgets = Budgets(),
              bots: Sequence[str] = BOTS, policy: LinearPolicy | None = None, options: dict[str, Any] | None = None,
              max_moves: int | None = None, score_cut: bool = False,
              on_pair: Callable[[str, float], None] | None = None) -> Any:
    """Every pair of ``bots`` plays ``games`` games of ``game``; returns a pandas DataFrame, one row per seat per
    game (``max_moves`` and ``score_cut`` as in :func:`play_pair`). Without a ``policy`` the learner is first trained with ``train_learner`` (same seed and budgets).
    ``attrs`` holds the game, players, budgets, the training's seconds and reward curve, and each pair's seconds;
    ``on_pair(label, seconds)`` is called as each pair finishes."""
    import pandas as pd

    budgets.check()
    d = definition(game)
    d.check_players(players)
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    check_max_moves(max_moves)
    unknown = [b for b in bots if b not in BOTS]
    if unknown or len(set(bots)) < 2 or len(set(bots)) != len(bots):
        raise ValueError(f"bots must be two or more different names among {list(BOTS)}, not {list(bots)}")
    if policy is not None:
        check_policy(policy, d.info.name, players)
    training = None
    if "learner" in bots and policy is None:
        training = train_learner(d.info.name, players, budgets, seed, **(options or {}))
        policy = training.policy
    make = makers(budgets, policy)
    rows: list[dict[str, Any]] = []
    seconds: dict[str, float] = {}
    for i, a in enumerate(bots):
        for b in bots[i + 1:]:
            began = time.perf_counter()
            rows.extend(play_pair(d.info.name, players, (a, b), make, games, seed, options, max_moves,
                                  score_cut))
            label = f"{a} v {b}"
            seconds[label] = time.perf_counter() - began
            if on_pair is not None:
                on_pair(label, seconds[label])
    frame = pd.DataFrame(rows)
    frame.attrs.update(game=d.info.name, players=players, games=games, seed=seed, budgets=asdict(budgets),
                       bots=list(bots), pair_seconds=seconds, score_cut=score_cut,
                       max_moves=definition(game).move_cap if max_moves is None else max_moves,
                       train_seconds=training.seconds if training else None,
                       train_curve=training.curve() if training else None)
    return frame


def bot_table(results: Any) -> Any:
    """Each bot's win rate over all its games (every pair it is in), with a 95% Wilson interval, and the
    milliseconds it spent per decision."""
    table = win_rates(results, by="bot")
    think = results.groupby("bot")[["think", "decisions"]].sum()
    table["ms_per_move"] = 1000 * think["think"] / think["decisions"].clip(lower=1)
    table["cut"] = results.groupby("bot")["cut"].sum().astype(int)
    return table.sort_values("win_rate", ascending=False)


def pairing_table(results: Any) -> Any:
    """The first-named bot's win rate against the second in each pair, with a 95% Wilson interval."""
    first = results[results["bot"] == results["pairing"].str.split(" v ").str[0]]
    table = win_rates(first, by="pairing")
    table["cut"] = first.groupby("pairing")["cut"].sum().astype(int)
    return table


def format_tables(results: Any) -> str:
    """Both tables as Markdown, with the settings above them."""
    attrs = results.attrs
    said = Budgets(**attrs["budgets"]).describe(attrs.get("train_seconds") is not None,
                                                 "learner" in attrs.get("bots", BOTS))
    lines = [f"{attrs['game']}, {attrs['players']} players, {attrs['games']} games per pair (seats rotated), "
             f"seed {attrs['seed']}; {said}."]
    if attrs.get("train_seconds") is not None:
        lines.append(f"Training took {attrs['train_seconds']:.0f} s.")
        if attrs["budgets"]["opponent"] == "random":  # in self-play every episode's rewards add up to 1
            curve = ", ".join(f"{r:.2f}" for r in attrs["train_curve"])
            lines[-1] += f" The learner's mean reward per 50 episodes: {curve}."
    fair = 1 / attrs["players"]
    lines += ["", "| bot | games | win rate | 95% CI | ms per move | cut | unfinished |",
              "| --- | --: | --: | --: | --: | --: | --: |"]
    for bot, row in bot_table(results).iterrows():
        lines.append(f"| {bot} | {int(row['games'])} | {row['win_rate']:.3f} | {row['ci_low']:.3f}-{row['ci_high']:.3f} "
                     f"| {row['ms_per_move']:.1f} | {int(row['cut']) - int(row['unfinished'])} | {int(row['unfinished'])} |")
    lines += ["", "| pair | games | first's win rate | 95% CI | cut | unfinished | seconds |",
              "| --- | --: | --: | --: | --: | --: | --: |"]
    seconds = attrs.get("pair_seconds", {})
    for pair, row in pairing_table(results).iterrows():
        lines.append(f"| {pair} | {int(row['games'])} | {row['win_rate']:.3f} | {row['ci_low']:.3f}-{row['ci_high']:.3f} "
                     f"| {int(row['cut']) - int(row['unfinished'])} | {int(row['unfinished'])} "
                     f"| {seconds.get(pair, math.nan):.0f} |")
    lines.append("")
    cut = ("games still running at the move cap are ranked by their running scores (cut)" if attrs.get("score_cut")
           else "games still running at the move cap are left out (unfinished)")
    lines.append(f"A fair share is {fair:.3f}; ties are shared; {cut}; the cap is {attrs.get('max_moves')} moves.")
    return "\n".join(lines)


__all__ = ["BOTS", "Budgets", "QUICK", "Training", "baselines", "bot_table", "check_max_moves", "check_policy",
           "format_tables", "makers", "pairing_table", "play_pair", "train_learner"]
