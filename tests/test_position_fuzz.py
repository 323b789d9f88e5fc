"""Corrupted positions are refused or play on soundly.

From real positions of every game (seeded random games, every player count, a position every ~40 plies),
one field at a time is changed: numbers by one, to 0, negative or large; lists lose, repeat or swap an
element; text becomes another id seen in that field; booleans flip; keys go. ``from_position`` must
refuse the result with a ``PositionError`` or accept it, and then every accepted position is played on at
random (seeded) to the end or a cap, checking at every step that a seat to act has a legal move unless the
game is over, that the game's invariants hold, and that nothing raises.

``python tests/test_position_fuzz.py`` runs a larger sweep and prints its figures.
"""
from __future__ import annotations

import copy
import json
import random
import sys
from dataclasses import dataclass, field
from typing import Any, Iterator

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.game import Game

GAMES = {"saint_petersburg": (2, 3, 4), "citadels": (2, 3, 4, 5, 7), "keythedral": (2, 3, 4, 5),
         "village": (2, 3, 4)}
# Envelope fields checked for an exact value: changing them tests nothing about the game.
FIXED = {"format", "version", "game", "rules_version"}
Path = tuple[Any, ...]


@dataclass
class Figures:
    tried: int = 0
    refused: int = 0
    accepted: int = 0
    broke: list[str] = field(default_factory=list)

    def add(self, other: "Figures") -> None:
        self.tried += other.tried
        self.refused += other.refused
        self.accepted += other.accepted
        self.broke += other.broke

    def __str__(self) -> str:
        return (f"tried {self.tried}, refused {self.refused}, accepted {self.accepted}, "
                f"broke later {len(self.broke)}")


def sample_positions(name: str, seeds: range, every: int = 40, cap: int = 400) -> list[tuple[str, dict[str, Any]]]:
    """Positions of seeded random games: every ``every`` plies and the last, for every player count."""
    out = []
    for n in GAMES[name]:
        for seed in seeds:
            game = bgl.new_game(name, players=n, seed=seed)
            rng = random.Random(seed)
            while True:
                if game.ply % every == 0 or game.is_over:
                    out.append((f"{name} players={n} seed={seed} ply={game.ply}", game.position()))
                if game.is_over or game.ply >= cap:
                    break
                game.apply(rng.choice(game.legal_moves()))
    return out


def _shape(path: Path) -> Path:
    """The path with list indices dropped: the fields whose values may stand in for each other."""
    return tuple("*" if isinstance(k, int) else k for k in path)


def _leaves(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, path + (i,))


def value_pools(positions: list[tuple[str, dict[str, Any]]]) -> dict[Path, list[Any]]:
    """Every scalar seen at each field's shape, in a fixed order: the valid ids a field may be changed to."""
    pools: dict[Path, dict[str, Any]] = {}
    for _, data in positions:
        for path, value in _leaves(data):
            if not isinstance(value, (dict, list)):
                pools.setdefault(_shape(path), {})[json.dumps(value)] = value
    return {k: [v[key] for key in sorted(v)] for k, v in pools.items()}


def _number_changes(v: int) -> list[int]:
    return sorted({v + 1, v - 1, 0, -1, -v - 1, v + 100, 10**6} - {v})


def changes(data: dict[str, Any], pools: dict[Path, list[Any]], rng: random.Random,
            others: int = 3) -> Iterator[tuple[str, Path, Any]]:
    """Each one-field change of ``data``: described, the field and its new value (text and null become ``others`` of the
    values seen in that field, drawn with ``rng``)."""
    for path, value in _leaves(data):
        if not path or path[0] in FIXED:
            continue
        where = ".".join(map(str, path))
        if type(value) is bool:
            yield f"{where} flipped", path, not value
        elif type(value) is int:
            for v in _number_changes(value):
                yield f"{where} {value}->{v}", path, v
        elif isinstance(value, list):
            for i in range(len(value)):
                yield f"{where} drop [{i}]", path, value[:i] + value[i + 1:]
                yield f"{where} repeat [{i}]", path, value[:i + 1] + value[i:]
            for i in range(len(value) - 1):
                if value[i] != value[i + 1]:
                    yield f"{where} swap [{i}] [{i + 1}]", path, value[:i] + [value[i + 1], value[i]] + value[i + 2:]
        if isinstance(value, dict) and path != ("state",):
            for k in value:
                yield f"{where} without {k}", path, {a: b for a, b in value.items() if a != k}
        if not isinstance(value, (dict, list)):
            pool = [v for v in pools.get(_shape(path), [])
                    if (type(v) is not type(value) or v != value) and not (type(value) is int and type(v) is int)]
            for other in rng.sample(pool, min(others, len(pool))):
                yield f"{where} {value!r}->{other!r}", path, other


def _set(data: dict[str, Any], path: Path, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    target = out
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = value
    return out


def play_on(game: Game, seed: int, cap: int) -> str | None:
    """Random moves from an accepted position to the end or ``cap`` plies; what went wrong, if anything."""
    d = game.definition
    rng = random.Random(seed)
    for _ in range(cap):
        try:
            broken = d.invariants(game.state)
            if broken:
                return f"ply {game.ply}: invariants broken: {broken[0]}"
            if game.is_over:
                return None
            legal = game.legal_moves()
            if not legal:
                return f"ply {game.ply}: phase {game.phase}, seat {game.to_act()} has no legal move"
            game.apply(rng.choice(legal))
        except Exception as err:  # anything raised while playing legal moves is a fault of the accepted position
            return f"ply {game.ply}: {type(err).__name__}: {err}"
    return None


def fuzz(name: str, seeds: range, every: int = 40, per_position: int | None = None, cap: int = 200,
         seed: int = 0) -> Figures:
    """Corrupt every sampled position (all changes, or ``per_position`` of them drawn at random) and play on."""
    positions = sample_positions(name, seeds, every)
    pools = value_pools(positions)
    figures = Figures()
    rng = random.Random(seed)
    for label, data in positions:
        tried = list(changes(data, pools, rng))
        if per_position is not None and len(tried) > per_position:
            tried = rng.sample(tried, per_position)
        for what, path, value in tried:
            changed = _set(data, path, value)
            figures.tried += 1
            try:
                game = bgl.from_position(name, changed)
            except bgl.PositionError:
                figures.refused += 1
                continue
            except Exception as err:
                figures.broke.append(f"{label}: {what}: from_position raised {type(err).__name__}: {err}")
                continue
            figures.accepted += 1
            problem = play_on(game, rng.randrange(2**32), cap)
            if problem:
                figures.broke.append(f"{label}: {what}: {problem}")
    return figures


@pytest.mark.parametrize("name", sorted(GAMES))
def test_corrupted_positions_are_refused_or_play_on(name: str) -> None:
    figures = fuzz(name, range(2), every=40, per_position=25, cap=100)
    assert figures.accepted and figures.refused, figures
    assert not figures.broke, f"{figures}:\n" + "\n".join(figures.broke[:10])


def main(argv: list[str]) -> None:
    seeds = range(int(argv[0]) if argv else 3)
    per_position = int(argv[1]) if len(argv) > 1 and argv[1] != "all" else None
    names = argv[2:] or sorted(GAMES)
    total = Figures()
    for name in names:
        figures = fuzz(name, seeds, every=40, per_position=per_position, cap=300)
        print(f"{name}: {figures}", flush=True)
        for line in figures.broke[:25]:
            print("   ", line)
        total.add(figures)
    print(f"all: {total}")


if __name__ == "__main__":
    main(sys.argv[1:])
