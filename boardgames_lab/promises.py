"""The promises a game in Engine 2's shape makes, checked by the conformance suite (testing.py).

Every game promises, in every position of play:

- its fast move generator, if it has one, yields exactly the moves the plain path (every candidate
  its kind's check passes) yields;
- its position is complete JSON that rebuilds the same game: the same position, legal moves and
  views, and the same next position after the same move; and undo and ``at()`` work from that
  rebuilt, edited start;
- every random draw is in the chance record: the generator advanced exactly once per recorded draw;
- views hide exactly what the field declarations hide: each rulebook secret the suite perturbs
  changes only fields the seat may not see, and every field of the position is declared.
"""
from __future__ import annotations

import json
from collections import Counter
from typing import Any, Callable

from .core.definition import GameDefinition
from .core.game import SANDBOX, Game
from .core.positions import game_from_position
from .core.rng import Rng
from .core.visibility import changed_paths, covered, hidden_paths

_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's step: the generator's state advances by it once per draw
_GAMMA_INVERSE = pow(_GAMMA, -1, 1 << 64)

Fail = Callable[[str], Exception]


def steps_between(before: int, after: int) -> int:
    """How many times the generator stepped from state ``before`` to ``after``."""
    return ((after - before) * _GAMMA_INVERSE) & ((1 << 64) - 1)


def check_setup_draws(game: Game, fail: Fail) -> None:
    if game.edited:
        return
    start = game._start.rng.state  # the set-up's last draw
    steps = steps_between(Rng(game.seed).state, start)
    drawn = _stepping(game.log[0]["chance"])
    if steps != drawn:
        raise fail(f"the set-up stepped the generator {steps} times but the chance record has {drawn} draws")


def check_move_draws(game: Game, fail: Fail) -> None:
    before, entry = game._state_at(game.ply - 1), game.log[-1]
    steps = steps_between(before.rng.state, game.state.rng.state)
    if steps != _stepping(entry["chance"]):
        raise fail(f"{entry['move']} stepped the generator {steps} times but the chance record has "
                   f"{_stepping(entry['chance'])} draws: a draw bypassed Rng.below/choice/shuffle")


def _stepping(chance: list[dict[str, Any]]) -> int:
    """The draws that step the generator (a card from the top of a shuffled stack was fixed by its shuffle,
    and an outcome the caller chose in explicit mode drew nothing)."""
    return sum(1 for draw in chance if draw["draw"] not in ("top", "chosen"))


def check_generator(d: GameDefinition[Any], state: Any, fail: Fail) -> int:
    """The fast generator against the plain path; 0 when the game has no fast generator."""
    if type(d).legal_moves is GameDefinition.legal_moves:
        return 0
    fast = d.legal_moves(state)
    plain = GameDefinition.legal_moves(d, state)
    if Counter(map(repr, fast)) != Counter(map(repr, plain)):
        only_fast = sorted(set(map(repr, fast)) - set(map(repr, plain)))[:4]
        only_plain = sorted(set(map(repr, plain)) - set(map(repr, fast)))[:4]
        raise fail(f"the fast generator and the plain path differ: only fast {only_fast}, only plain {only_plain}")
    return 1


def check_position(game: Game, move: Any, fail: Fail) -> bool:
    """The position rebuilds the same game, and history works from it as from an edited start."""
    data = game.position()
    if json.loads(json.dumps(data)) != data:
        raise fail("the position does not survive JSON")
    try:
        other = game_from_position(game.definition, data, names=game.names, mode=SANDBOX)
    except Exception as err:
        raise fail(f"from_position refused the game's own position: {err}") from None
    if other.position() != data:
        raise fail("from_position(position()) gave another position")
    if other.legal_moves() != game.legal_moves() or other.to_act() != game.to_act():
        raise fail("the rebuilt game has other legal moves or seats to act")
    if other.scores() != game.scores():  # a position that leaves something out shows in what it is worth
        raise fail(f"the rebuilt game scores {other.scores()}, the game {game.scores()}")
    for seat in [None, *range(game.num_players)]:
        if other.view(seat) != game.view(seat):
            raise fail(f"the rebuilt game shows seat {seat} another view")
    if move is None:
        return True
    seat = game.definition.seat_of(game.state, move)
    other.apply(move, player=seat)
    after = game.clone().apply(move, player=seat).position()
    if other.position() != after:
        raise fail(f"after {move} the rebuilt game and the game differ")
    if other.at(0).position() != data:
        raise fail("at(0) of a game from a position is not that position")
    other.undo()
    if other.position() != data:
        raise fail("undo in a game from a position did not restore it")
    return True


def check_fields(d: GameDefinition[Any], state: Any, fail: Fail) -> None:
    """Every field of the position has a declaration of who may see it."""
    data = d.position(state)
    roots = {path.split(".")[0] for path in d.fields}
    missing = sorted(set(data) - roots)
    if missing:
        raise fail(f"fields without a visibility declaration: {missing} (declare them in definition.fields)")


def perturbed_fields(d: GameDefinition[Any], state: Any, other: Any, seat: int | None) -> str:
    """A secret's perturbation may change only what the declarations hide from ``seat``."""
    before = d.position(state)
    changed = changed_paths(before, d.position(other))
    hidden = hidden_paths(before, d.fields, seat, d.table(state))
    seen = sorted(p for p in changed if not covered(p, hidden))
    return f"it changed {seen}, which the field declarations show to this seat" if seen else ""


def has_chance_phases(d: GameDefinition[Any]) -> bool:
    return any(phase.chance for phase in d.flow.phases)


def check_chance_play(d: GameDefinition[Any], n: int, seed: int, opts: dict[str, Any], plies: int,
                      fail: Fail) -> int:
    """Explicit chance plays the same game: the same seat moves, made in a game that stops at every draw,
    where the caller picks the outcome normal play would draw, reach the same positions; at every stop the
    outcomes are checked moves of CHANCE whose probabilities sum to 1, and any of them leaves a sound game.
    Returns the number of draws stopped at."""
    import random

    from .core.game import EXPLICIT
    from .core.moves import CHANCE
    auto = Game(d, n, seed, opts, mode=SANDBOX)
    explicit = Game(d, n, seed, opts, mode=SANDBOX, chance=EXPLICIT)
    chooser = random.Random(seed * 104729 + n)
    generator = explicit.state.rng.state  # the caller's draws, from where normal play's generator stands
    stops = 0
    while True:
        while explicit.to_act() == (CHANCE,):
            stops += 1
            drawn, generator = _checked_outcome(d, explicit, generator, chooser, fail)
            explicit.apply(drawn, player=CHANCE)
        if {**explicit.position(), "rng": generator} != auto.position():
            raise fail(f"after ply {auto.ply} of normal play, the game that stopped at each draw stands elsewhere")
        if auto.is_over or auto.ply >= plies:
            return stops
        move = chooser.choice(auto.legal_moves())
        seat = d.seat_of(auto.state, move)
        auto.apply(move, player=seat)
        explicit.apply(move, player=seat)


def _checked_outcome(d: GameDefinition[Any], game: Game, generator: int, chooser: Any,
                     fail: Fail) -> tuple[Any, int]:
    """Check the outcomes of the draw the game stands at; return the one normal play would draw with the
    generator at ``generator``, and where the generator stands after it."""
    from .core.moves import CHANCE
    outcomes = game.chance_outcomes()
    if not outcomes:
        raise fail(f"the game stands at a draw in {game.phase} but lists no outcomes")
    if abs(sum(p for _, p in outcomes) - 1) > 1e-9 or any(not 0 < p <= 1 for _, p in outcomes):
        raise fail(f"the chance outcomes in {game.phase} have probabilities {[p for _, p in outcomes]}")
    moves = [m for m, _ in outcomes]
    if len(set(map(repr, moves))) != len(moves):
        raise fail(f"the chance outcomes in {game.phase} list a move twice")
    for move in chooser.sample(moves, min(4, len(moves))):
        why = game.explain(move, player=CHANCE)
        if not why.legal:
            raise fail(f"the chance outcome {move} is refused: {why.rule}: {why.reason}")
        other = game.clone().apply(move, player=CHANCE)
        broken = d.invariants(other.state)
        if broken:
            raise fail(f"after the chance outcome {move}: {broken}")
        other.legal_moves()
        json.loads(json.dumps(other.position()))
    state = d.clone_state(game.state)
    state.rng.state = generator
    drawn = d.sample_chance(state)
    if repr(drawn) not in set(map(repr, moves)):
        raise fail(f"normal play would draw {drawn!r}, which is not among the outcomes listed")
    return drawn, state.rng.state
