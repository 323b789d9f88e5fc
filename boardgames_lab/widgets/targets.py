"""The target map: what a seat can click on the table now, and which move a sequence of clicks makes.

Pure Python (no widget import), so it is tested without a browser. ``TargetMap(game, seats)`` takes the
legal moves of those seats (``definition.seat_moves``), names each by its clicks (``paths.click_path``)
and arranges them as a tree: at each step only the targets that can still lead to a legal move are
offered, and a sequence of clicks makes a move as soon as exactly one legal move is left below it. Two
moves that would share their clicks get one more step naming each in notation, so every sequence of
clicks makes exactly one legal move and every legal move has one.

A target that cannot be used now gets its "why not?" from ``game.explain`` (the engine's one check): the
nearest move that names it (the first candidate of the seat's move kinds whose clicks pass through it)
and that move's refusal, so the board never words a rule itself.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Sequence

from ..core.definition import Explanation
from ..core.game import Game
from .paths import Path, Target, click_path

Prefix = tuple[str, ...]


class NotOffered(Exception):
    """A click on a target that leads to no legal move from here (ask ``why_not``)."""


@dataclass(frozen=True)
class Made:
    """A sequence of clicks that made a move."""

    move: Any


@dataclass(frozen=True)
class Building:
    """A sequence of clicks that still names several moves: the next click chooses among ``options``."""

    prefix: Prefix
    options: tuple[Target, ...]


def _seat_step(game: Game, seat: int) -> Target:
    return Target(f"seat:{seat}", game.names[seat])


class TargetMap:
    """The clickable moves of ``seats`` (those of them that may act now) in ``game``'s position."""

    def __init__(self, game: Game, seats: Iterable[int]):
        self.game = game
        acting = game.to_act()
        self.seats = tuple(s for s in dict.fromkeys(seats) if s in acting and s >= 0)
        self.paths: dict[Any, Path] = _distinct(game, {m: self._path(s, m) for s in self.seats
                                                       for m in game.definition.seat_moves(game.state, s)})
        self._ids = {move: tuple(t.id for t in path) for move, path in self.paths.items()}

    def _path(self, seat: int, move: Any) -> Path:
        path = click_path(self.game.name, move, self.game.state, self.game.names)
        return (_seat_step(self.game, seat), *path) if len(self.seats) > 1 else path

    # --- the tree ------------------------------------------------------------------------------
    def moves_under(self, prefix: Prefix) -> list[Any]:
        """The legal moves whose clicks begin with ``prefix``."""
        n = len(prefix)
        return [m for m, ids in self._ids.items() if ids[:n] == prefix]

    def options(self, prefix: Prefix = ()) -> tuple[Target, ...]:
        """The targets a next click may choose, in the order of the legal moves."""
        n = len(prefix)
        found: dict[str, Target] = {}
        for move, ids in self._ids.items():
            if ids[:n] == prefix and len(ids) > n:
                found.setdefault(ids[n], self.paths[move][n])
        return tuple(found.values())

    def click(self, prefix: Prefix, target: str) -> Made | Building:
        """Click ``target`` after ``prefix``: the move it completes, or the choices that are left."""
        if target not in {t.id for t in self.options(prefix)}:
            raise NotOffered(target)
        step = (*prefix, target)
        under = self.moves_under(step)
        if len(under) == 1:
            return Made(under[0])
        return Building(step, self.options(step))

    def labels(self, prefix: Prefix) -> list[str]:
        """What the clicks so far named, in words (for the "building this move" strip)."""
        under = self.moves_under(prefix)
        return [t.label for t in self.paths[under[0]][:len(prefix)]] if under else []

    # --- words on a target ------------------------------------------------------------------------
    def preview(self, prefix: Prefix, target: str) -> str:
        """What clicking a usable target does: the move in the game's words (with its price term by term where
        the game gives one), or the moves it still leads to."""
        under = self.moves_under((*prefix, target))
        if len(under) == 1:
            return move_words(self.game, under[0], detail=True)
        shown = " ".join(move_words(self.game, m) for m in under[:4]) + (" ..." if len(under) > 4 else "")
        return f"{len(under)} moves: {shown}"

    def why_not(self, prefix: Prefix, target: str, seats: Sequence[int]) -> tuple[Any, Explanation] | None:
        """The nearest move of ``seats`` whose clicks pass through ``target`` after ``prefix`` (as the next click,
        else at a later one: a deck is named after the Observatory), with the engine's refusal of it; None when
        no illegal move of theirs names that target."""
        several = len(self.seats) > 1
        named: list[tuple[int, Any]] = []  # moves naming the target at a later click: the second choice
        n = len(prefix)
        for seat in seats:
            for move in candidates(self.game, seat):
                path = click_path(self.game.name, move)
                ids = tuple(t.id for t in ((_seat_step(self.game, seat), *path) if several else path))
                if ids[:n] != prefix or target not in ids[n:]:
                    continue
                if ids[n] != target:
                    named.append((seat, move))
                    continue
                why = self.game.explain(move, player=seat)
                if not why.legal:
                    return move, why
        for seat, move in named:
            why = self.game.explain(move, player=seat)
            if not why.legal:
                return move, why
        return None


    def about(self, target: str) -> str:
        """What the thing ``target`` names is and when it can be used, in the game's words (its ``words`` face's
        ``thing``): the answer on a target no move of the asking seats names now."""
        return thing_words(self.game, target)


def thing_words(game: Game, target: str) -> str:
    """What the thing ``target`` names on ``game``'s table is and when it can be used, with the seats' names."""
    told = getattr(game.definition.words, "thing", None)
    text = told(game.state, target) if told is not None else None
    seat = target.partition(":")[2]
    if text is None and target.startswith("seat:") and seat.isdigit() and int(seat) < game.num_players:
        text = f"{{p{seat}}}: choose them to make a move of theirs."
    if text is None:
        return "Nothing to do with this now: it plays no part in a move from this position."
    names = game.names
    return re.sub(r"\{p(\d+)\}", lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0),
                  text)


def move_words(game: Game, move: Any, detail: bool = False) -> str:
    """A move as a sentence in the game's words (``game.describe``); with ``detail``, its kind's own account of
    what it does here (a price term by term), where the game gives one."""
    sentence = game.describe(move)
    kind = game.definition.kind_of.get(move.kind)
    if not detail or kind is None or kind.describe is None:
        return sentence
    terms = kind.describe(game.state, move)
    return f"{sentence} Price: {terms}." if terms else sentence


def candidates(game: Game, seat: int) -> Iterator[Any]:
    """Moves of ``seat`` worth asking about: the candidates of the phase's kinds first, then of every other
    kind (whose refusal names the phase they belong to)."""
    d = game.definition
    allowed = d.flow.phase(game.state.phase).moves
    kinds = [d.kind_of[k] for k in allowed if k in d.kind_of] + [k for k in d.kinds if k.name not in allowed]
    for kind in kinds:
        try:
            found = list(kind.candidates(game.state, seat))
        except Exception:  # a kind's candidates read the state of its own phase; elsewhere they may not apply
            continue
        yield from found


def _distinct(game: Game, paths: dict[Any, Path]) -> dict[Any, Path]:
    """Paths made distinct: moves sharing their clicks, or whose clicks begin another's, get a last step
    naming the move."""
    by_ids: dict[tuple[str, ...], list[Any]] = {}
    for move, path in paths.items():
        by_ids.setdefault(tuple(t.id for t in path), []).append(move)
    out = dict(paths)
    for ids, moves in by_ids.items():
        if len(moves) > 1:
            for move in moves:
                out[move] = (*paths[move], _named(game, move))
    all_ids = {tuple(t.id for t in path) for path in out.values()}
    prefixes = {ids[:n] for ids in all_ids for n in range(1, len(ids))}
    for move, path in list(out.items()):
        if tuple(t.id for t in path) in prefixes:
            out[move] = (*path, _named(game, move))
    return out


def _named(game: Game, move: Any) -> Target:
    """The last step that tells apart moves sharing their clicks: the id keeps the notation, the label says it."""
    return Target(f"move:{move}", game.describe(move))


__all__ = ["Building", "Made", "NotOffered", "Prefix", "TargetMap", "candidates", "thing_words"]
