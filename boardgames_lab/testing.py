"""The conformance suite every registered game must pass: ``check_game(name)``.

It plays seeded random games for every player count and option set and checks,
after every move, the promises the engine makes: legal moves apply and illegal
ones are refused with a rule id and change nothing; ``explain`` agrees with
``legal_moves``; undo restores an equal state; notation and saved games
round-trip; replay is deterministic; a view does not change when only what that
player cannot see changes; every phase change is a declared edge; and the
game's own invariants (conservation of cards, money, pieces) hold.
"""
from __future__ import annotations

import itertools
import json
import random
from dataclasses import dataclass, field
from typing import Any, Iterable

from .bots import bot_move, make_bot
from .core.errors import IllegalMove
from .core.game import SANDBOX, Game
from .core.records import load_game
from .core.registry import definition
from .core.rng import Rng


@dataclass
class Report:
    game: str
    games: int = 0
    moves: int = 0
    illegal_probes: int = 0
    view_checks: int = 0
    undo_checks: int = 0
    configurations: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return (f"{self.game}: {self.games} games, {self.moves} moves, {self.illegal_probes} illegal probes, "
                f"{self.view_checks} view checks, {self.undo_checks} undo checks, all conformant")


class ConformanceError(AssertionError):
    pass


def option_sets(name: str) -> list[dict[str, Any]]:
    """Every combination of the game's option values."""
    opts = definition(name).info.options
    return [dict(zip((o.name for o in opts), values)) for values in itertools.product(*(o.choices for o in opts))]


def check_game(name: str, seeds: Iterable[int] = (0,), players: Iterable[int] | None = None,
               options: list[dict[str, Any]] | None = None, undo_every: int = 7, view_every: int = 3,
               max_moves: int = 20_000, players_by: str = "random") -> Report:
    """Check the game's promises after every move of seeded games.

    ``players_by``: "random" (uniformly random moves; a game that names ``conformance_moves`` is checked
    over that many) or a bot name such as "heuristic", which plays every seat to the end of the game.
    """
    d = definition(name)
    report = Report(name)
    counts = list(players) if players is not None else list(range(d.info.min_players, d.info.max_players + 1))
    configurations = list(itertools.product(counts, options if options is not None else option_sets(name)))
    chosen = getattr(d, "conformance_configurations", None)
    if players is None and options is None and chosen is not None:
        configurations = chosen()  # a game whose option product is large names a covering subset
    for (n, opts), seed in itertools.product(configurations, seeds):
        report.configurations.append(f"{n} players, seed {seed}, {opts}")
        _check_one(name, n, seed, opts, report, undo_every, view_every, max_moves, players_by)
    return report


def _fail(game: Game, message: str) -> ConformanceError:
    return ConformanceError(f"{game.name}, {game.num_players} players, seed {game.seed}, options {game.options}, "
                            f"ply {game.ply}, phase {game.phase}: {message}")


def _check_one(name: str, n: int, seed: int, opts: dict[str, Any], report: Report,
               undo_every: int, view_every: int, max_moves: int, players_by: str) -> None:
    game = Game(definition(name), n, seed, opts, mode=SANDBOX)
    d = game.definition
    chooser = random.Random(seed * 7919 + n)
    pool: dict[str, Any] = {}  # every move seen so far, to probe later positions with
    _check_invariants(game)
    bots = [] if players_by == "random" else [make_bot(players_by, seed=seed * 31 + q) for q in range(n)]
    # A game whose random play rarely ends is checked over its first moves; bots play theirs to the end.
    horizon = None if bots else d.conformance_moves
    while not game.is_over:
        if horizon is not None and game.ply >= horizon:
            break
        if game.ply >= max_moves:
            raise _fail(game, f"no end after {max_moves} moves")
        legal = game.legal_moves()
        if not legal:
            raise _fail(game, "no legal move but the game is not over")
        for move in legal:
            pool.setdefault(str(move), move)
        _check_notation(game, legal)
        _check_explain(game, legal, pool, chooser, report)
        if game.ply % view_every == 0:
            _check_views(game, chooser, report)
        move = bot_move(game, bots[game.current_player]) if bots else chooser.choice(legal)
        before = d.snapshot(game.state)
        game.state.trail = []
        game.apply(move)
        for source, target in game.state.trail:
            if not d.flow.has_edge(source, target):
                raise _fail(game, f"phase change {source} -> {target} is not a declared edge")
        game.state.trail = None
        report.moves += 1
        _check_invariants(game)
        if game.ply % undo_every == 0:
            after = d.snapshot(game.state)
            game.undo()
            if d.snapshot(game.state) != before:
                raise _fail(game, f"undo of {move} did not restore the state")
            game.redo()
            if d.snapshot(game.state) != after:
                raise _fail(game, f"redo of {move} did not reach the same state")
            report.undo_checks += 1
    _check_views(game, chooser, report)
    _check_save_and_replay(game)
    report.games += 1


def _check_notation(game: Game, legal: tuple[Any, ...]) -> None:
    texts = set()
    for move in legal:
        text = str(move)
        if game.parse_move(text) != move:
            raise _fail(game, f"notation {text!r} does not parse back to {move!r}")
        texts.add(text)
    if len(texts) != len(legal):
        raise _fail(game, "two legal moves share a notation (or a move is listed twice)")


def _check_explain(game: Game, legal: tuple[Any, ...], pool: dict[str, Any], rng: random.Random,
                   report: Report) -> None:
    d = game.definition
    for move in legal:
        why = game.explain(move)
        if not why.legal:
            raise _fail(game, f"legal move {move} explained as illegal: {why}")
        if why.rule not in d.rulebook:
            raise _fail(game, f"explanation of {move} cites unknown rule {why.rule}")
    legal_set = set(legal)
    probes = [m for m in rng.sample(list(pool.values()), min(12, len(pool))) if m not in legal_set]
    for move in probes:
        why = game.explain(move)
        if why.legal:
            raise _fail(game, f"illegal move {move} explained as legal: {why}")
        if why.rule not in d.rulebook or not why.reason:
            raise _fail(game, f"illegal move {move} explained without a known rule: {why}")
        before = d.snapshot(game.state)
        try:
            game.apply(move)
        except IllegalMove as err:
            if err.rule != why.rule:
                raise _fail(game, f"apply and explain cite different rules for {move}") from None
        else:
            raise _fail(game, f"illegal move {move} was applied")
        if d.snapshot(game.state) != before:
            raise _fail(game, f"refusing {move} changed the state")
        report.illegal_probes += 1


def _check_views(game: Game, rng: random.Random, report: Report) -> None:
    d = game.definition
    state = game.state
    for player in [None, *range(game.num_players)]:
        view = game.view(player)
        json.dumps(view)
        other = d.determinize(state, player, Rng(rng.getrandbits(63)))
        if d.view(other, player) != view:
            raise _fail(game, f"the view of {player} changed when only hidden information changed")
        report.view_checks += 1
    json.dumps(game.full_view())


def _check_invariants(game: Game) -> None:
    broken = game.definition.invariants(game.state)
    if broken:
        raise _fail(game, "invariant broken: " + "; ".join(broken))


def _check_save_and_replay(game: Game) -> None:
    d = game.definition
    text = game.to_json()
    loaded = load_game(text)
    if d.snapshot(loaded.state) != d.snapshot(game.state) or loaded.to_json() != text:
        raise _fail(game, "save and load did not round-trip")
    replay = Game(d, game.num_players, game.seed, game.options, mode=SANDBOX)
    for move in game.moves:
        replay.apply(str(move))
    if d.snapshot(replay.state) != d.snapshot(game.state) or replay.scores() != game.scores():
        raise _fail(game, "replaying the same moves from the same seed gave a different game")
    json.dumps(game.log)
