"""Every move a seat can make, from the board, tile and law tables: the numbered moves of the PettingZoo and
OpenSpiel adapters."""
from __future__ import annotations

from typing import Any, Callable, Iterator

from . import moves as m
from .data import (BUILDINGS, COTTAGES_PER_PLAYER, CRAFT_PRICE, CRAFTS, FIELD_SITES, LAW_SPACES, LAWS, LETTER,
                   RESOURCES, SITE_FIELDS, STORE_START, fmt)
from .info import INFO
from .laws import CHOICES, NO_CHOICE
from .prices import payments, price_options, substitutes

FIELDS, SITES = sorted(FIELD_SITES), sorted(SITE_FIELDS)
EDGES = [(s, f) for s in SITES for f in SITE_FIELDS[s]]
NUMBERS = range(1, COTTAGES_PER_PLAYER + 1)
SEATS = range(INFO.max_players)  # every seat of the largest table: a move has the same number at every count

# The encoding's version: bump it whenever a move's number changes (tests/adapters/action_tables.json records
# each version's fingerprint). The table is large (about 82,000 moves, most of them Buy tile payments).
ENCODING = 1


def every_move() -> Iterator[Any]:
    """Every move of seat 0, in a fixed order."""
    yield from (m.LayField(0, f) for f in FIELDS)
    yield from (m.LayCottage(0, k, s) for k in NUMBERS for s in SITES)
    yield from (m.ChooseOrder(0, k) for k in NUMBERS)
    yield from (m.PlaceWorker(0, f) for f in FIELDS)
    yield from (m.Pass(0), m.Decline(0))
    yield from _purchases()
    yield from (m.Relocate(0, s) for s in SITES)
    yield from (m.Bid(0, k) for k in range(sum(STORE_START) + 10 * len(CRAFTS) + 1))
    yield from (m.GiveCube(0, letter) for letter in LETTER)
    yield from (m.TakeCube(0, letter) for letter in LETTER[:5])
    yield from (m.ChooseStart(0, s) for s in SEATS)
    choices = _law_choices()
    for law in LAWS:
        yield from (m.PlayLaw(0, law.id, c) for c in choices(law.id))


def _purchases() -> Iterator[Any]:
    """Phase three's actions: the building tiles with every change and payment, houses, fences, crafts, trades
    and laws."""
    plenty = [99] * len(LETTER)
    for t, tile in enumerate(BUILDINGS):
        options = [o for up in (False, True) for down in (False, True) for o in price_options(t, up, down)]
        yield from (m.BuyTile(0, tile.id, change) for change in dict.fromkeys(c for c, _ in options))
        paid = dict.fromkeys(p for _, cost in options for p in substitutes(cost, list(plenty)))
        yield from (m.BuyTile(0, tile.id, "", p) for p in paid)
    yield from (m.BuildHouse(0, k) for k in NUMBERS)
    yield from (m.BuildFence(0, s, f) for s, f in EDGES)
    yield from (m.RemoveFence(0, s, f) for s, f in EDGES)
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


def _law_choices() -> Callable[[str], list[str]]:
    """Every argument each law card can be played with (laws.py, play_choices)."""
    tiles = [b.id for b in BUILDINGS]
    table = {"broken_fences": [str(q + 1) for q in SEATS],
             "start_order": [str(q + 1) for q in SEATS],
             "design_change": tiles, "price_decrease": tiles,
             "craft_bargain": [f"{LETTER[c]}:{LETTER[r]}" for c in CRAFTS for r in RESOURCES],
             "cottage_number": [str(k) for k in NUMBERS], "upgrade_cottage": [str(k) for k in NUMBERS],
             "double_production": [fmt(f) for f in FIELDS], "downgrade_house": [fmt(s) for s in SITES],
             "unsafe_fence": [f"{fmt(s)}>{fmt(f)}" for s, f in EDGES]}
    for law in ("unexpected_harvest", "good_harvest", "poor_harvest"):
        table[law] = [LETTER[k] for k in RESOURCES]
    for law in NO_CHOICE:
        table[law] = [""]
    unknown = set(CHOICES) - set(table)
    if unknown:
        raise LookupError(f"keythedral: the action table lists no choices for the laws {sorted(unknown)}")
    return lambda law: table[law]
