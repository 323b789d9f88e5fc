"""A fixed action space per game and player count: every move a seat can ever make, numbered once.

Learning frameworks want a fixed set of integers, the same in every position; our games list the
moves that are legal here. The table below enumerates, from each game's own data tables (its cards,
characters, board places, payments), every move of seat 0 in a fixed order; action ``i`` is the
``i``-th move with its ``player`` field set to the seat that acts. The same table serves the
PettingZoo and OpenSpiel adapters, so an action number means the same move in both.

A legal move missing from the table is a bug in its enumeration: ``encode`` raises
``UnmappedMove`` naming it (the adapter tests play many random games to find such gaps).
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any, Callable, Iterable, Sequence

from ..core.registry import definition

Enumerator = Callable[[int], Iterable[Any]]  # players -> every move of seat 0
_ENUMERATORS: dict[str, Enumerator] = {}


class UnmappedMove(LookupError):
    """A move that the game's action table does not list (the enumeration has a gap)."""


def register(name: str, enumerate_moves: Enumerator) -> None:
    """Declare how to enumerate every move of seat 0 of game ``name`` (for a game added to the lab)."""
    _ENUMERATORS[name] = enumerate_moves
    action_space.cache_clear()


class ActionSpace:
    """Every move of a game at one player count, numbered from 0; ``player`` is filled in per seat."""

    def __init__(self, name: str, players: int, moves: Iterable[Any]):
        self.name, self.players = name, players
        table: list[Any] = []
        index: dict[Any, int] = {}
        for move in moves:
            if move not in index:
                index[move] = len(table)
                table.append(move)
        self.moves: tuple[Any, ...] = tuple(table)
        self._index = index

    @property
    def size(self) -> int:
        return len(self.moves)

    def encode(self, move: Any) -> int:
        """The action number of ``move`` (any seat's)."""
        key = replace(move, player=0) if getattr(move, "player", 0) != 0 else move
        try:
            return self._index[key]
        except KeyError:
            raise UnmappedMove(f"{self.name} with {self.players} players: the move {move!r} is not in the "
                               "action table (boardgames_lab/adapters/actions.py enumerates it)") from None

    def decode(self, action: int, seat: int) -> Any:
        """The move that action number ``action`` stands for, made by ``seat``."""
        if type(action) is not int:
            action = int(action)  # numpy integers
        if not 0 <= action < len(self.moves):
            raise ValueError(f"action must be from 0 to {len(self.moves) - 1}, not {action}")
        move = self.moves[action]
        return replace(move, player=seat) if seat != 0 else move

    def actions(self, moves: Sequence[Any]) -> list[int]:
        """The sorted action numbers of ``moves``."""
        return sorted(self.encode(m) for m in moves)


@lru_cache(maxsize=None)
def action_space(name: str, players: int) -> ActionSpace:
    """The action table of game ``name`` at ``players`` players (built once)."""
    d = definition(name)
    d.check_players(players)
    if d.info.name not in _ENUMERATORS:
        raise UnmappedMove(f"no action table for {d.info.name}: register one with "
                           "boardgames_lab.adapters.actions.register")
    return ActionSpace(d.info.name, players, _ENUMERATORS[d.info.name](players))


# --- Saint Petersburg ---------------------------------------------------------------------------------------

def _saint_petersburg(players: int) -> Iterable[Any]:
    from ..rulesets.saint_petersburg import moves as m
    from ..rulesets.saint_petersburg.checks import _replaceable
    from ..rulesets.saint_petersburg.data import CARDS, DECKS, PUB_POINTS_PER_CARD

    yield m.Pass(0)
    for c, card in enumerate(CARDS):
        for slot in m.SLOTS:
            yield from (m.BuyCard(0, card.id, slot, r) for r in _replaceable(c))
            yield m.TakeCard(0, card.id, slot)
        yield from (m.PlayCard(0, card.id, r) for r in _replaceable(c))
        yield from (m.BuyDrawn(0, card.id, r) for r in _replaceable(c))
        yield m.TakeDrawn(0, card.id)
        yield m.DiscardDrawn(0, card.id)
    yield from (m.Observe(0, deck) for deck in DECKS)
    pubs = sum(card.copies for card in CARDS if card.id == "pub")
    yield from (m.BuyPoints(0, k) for k in range(PUB_POINTS_PER_CARD * pubs + 1))


# --- Citadels ---------------------------------------------------------------------------------------------

def _citadels(players: int) -> Iterable[Any]:
    from ..rulesets.citadels import moves as m
    from ..rulesets.citadels.data import CARD_INDEX, CHAR_INDEX

    for character in m.CHARACTER.values():
        yield from (character(0, c) for c in CHAR_INDEX)
    yield from (plain(0) for plain in m.PLAIN.values())
    yield from (m.ExchangeDone(0), m.Acrobat(0), m.Rasputin(0))
    for with_card in m.CARD.values():
        yield from (with_card(0, card) for card in CARD_INDEX)
    seats = range(players)
    for with_seat in (*m.SEAT.values(), m.FortuneTeller):
        yield from (with_seat(0, s) for s in seats)
    yield from (m.Destroy(0, card, s) for card in CARD_INDEX for s in seats)
    yield from (m.Cannonball(0, a, b) for a in CARD_INDEX for b in CARD_INDEX)


# --- Keythedral -------------------------------------------------------------------------------------------

def _keythedral(players: int) -> Iterable[Any]:
    from ..rulesets.keythedral import moves as m
    from ..rulesets.keythedral.data import (BUILDINGS, COTTAGES_PER_PLAYER, CRAFT_PRICE, CRAFTS, FIELD_SITES,
                                            LAW_SPACES, LAWS, LETTER, RESOURCES, SITE_FIELDS, STORE_START, fmt)
    from ..rulesets.keythedral.prices import payments, price_options, substitutes

    fields, sites = sorted(FIELD_SITES), sorted(SITE_FIELDS)
    edges = [(s, f) for s in sites for f in SITE_FIELDS[s]]
    numbers = range(1, COTTAGES_PER_PLAYER + 1)
    plenty = (99,) * len(LETTER)
    yield from (m.LayField(0, f) for f in fields)
    yield from (m.LayCottage(0, k, s) for k in numbers for s in sites)
    yield from (m.ChooseOrder(0, k) for k in numbers)
    yield from (m.PlaceWorker(0, f) for f in fields)
    yield from (m.Pass(0), m.Decline(0))
    for t, tile in enumerate(BUILDINGS):
        options = [o for up in (False, True) for down in (False, True) for o in price_options(t, up, down)]
        yield from (m.BuyTile(0, tile.id, change) for change in dict.fromkeys(c for c, _ in options))
        paid = dict.fromkeys(p for _, cost in options for p in substitutes(cost, list(plenty)))
        yield from (m.BuyTile(0, tile.id, "", p) for p in paid)
    yield from (m.BuildHouse(0, k) for k in numbers)
    yield from (m.BuildFence(0, s, f) for s, f in edges)
    yield from (m.RemoveFence(0, s, f) for s, f in edges)
    for craft in CRAFTS:
        without = tuple(0 if k == craft else 99 for k in range(len(LETTER)))
        for size in sorted({CRAFT_PRICE[craft], CRAFT_PRICE[craft] - 2}):
            yield from (m.BuyCraft(0, LETTER[craft], p) for p in payments(without, size))
    for r in RESOURCES:
        without = tuple(0 if k == r else 99 for k in range(len(LETTER)))
        yield from (m.Trade(0, LETTER[r], p) for p in payments(without, 2))
    pairs = [LETTER[a] + LETTER[b] for a in RESOURCES for b in RESOURCES if a <= b]
    yield from (m.Trade(0, pair, letter) for pair in pairs for letter in LETTER)
    yield from (m.ProcureLaw(0, space, letter) for space in range(1, LAW_SPACES + 1) for letter in LETTER)
    yield from (m.Relocate(0, s) for s in sites)
    yield from (m.Bid(0, k) for k in range(sum(STORE_START) + 10 * len(CRAFTS) + 1))
    yield from (m.GiveCube(0, letter) for letter in LETTER)
    yield from (m.TakeCube(0, letter) for letter in LETTER[:5])
    yield from (m.ChooseStart(0, s) for s in range(players))
    choices = _law_choices(players, fields, sites, edges, numbers)
    for law in LAWS:
        yield from (m.PlayLaw(0, law.id, c) for c in choices(law.id))


def _law_choices(players: int, fields: list[Any], sites: list[Any], edges: list[Any],
                 numbers: range) -> Callable[[str], list[str]]:
    """Every argument each law card can be played with (keythedral/laws.py, play_choices)."""
    from ..rulesets.keythedral.data import BUILDINGS, CRAFTS, LETTER, RESOURCES, fmt
    from ..rulesets.keythedral.laws import CHOICES, NO_CHOICE

    tiles = [b.id for b in BUILDINGS]
    table = {"broken_fences": [str(q + 1) for q in range(players)],
             "start_order": [str(q + 1) for q in range(players)],
             "design_change": tiles, "price_decrease": tiles,
             "craft_bargain": [f"{LETTER[c]}:{LETTER[r]}" for c in CRAFTS for r in RESOURCES],
             "cottage_number": [str(k) for k in numbers], "upgrade_cottage": [str(k) for k in numbers],
             "double_production": [fmt(f) for f in fields], "downgrade_house": [fmt(s) for s in sites],
             "unsafe_fence": [f"{fmt(s)}>{fmt(f)}" for s, f in edges]}
    for law in ("unexpected_harvest", "good_harvest", "poor_harvest"):
        table[law] = [LETTER[k] for k in RESOURCES]
    for law in NO_CHOICE:
        table[law] = [""]
    unknown = set(CHOICES) - set(table)
    if unknown:
        raise UnmappedMove(f"keythedral: no action table for the choices of {sorted(unknown)}")
    return lambda law: table[law]


# --- Village ----------------------------------------------------------------------------------------------

def _village(players: int) -> Iterable[Any]:
    """Village makes every move of every seat once at import (movetables.py): read seat 0's."""
    from ..core.moves import Move
    from ..rulesets.village.movetables import MOVES

    def walk(value: Any) -> Iterable[Any]:
        if isinstance(value, Move):
            yield value
        elif isinstance(value, (tuple, list)):
            for item in value:
                yield from walk(item)
        elif hasattr(value, "__slots__") or hasattr(value, "__dict__"):
            names = getattr(value, "__slots__", None) or vars(value)
            for name in names:
                yield from walk(getattr(value, name))

    yield from walk(MOVES[0])


register("saint_petersburg", _saint_petersburg)
register("citadels", _citadels)
register("keythedral", _keythedral)
register("village", _village)

__all__ = ["ActionSpace", "UnmappedMove", "action_space", "register"]
