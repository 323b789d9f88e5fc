"""What things cost: building tiles under the price cards and Substitution, the craft shops, and the ways to pay.

Shared by the checks, the effects and the fast generator, so each price rule is written once.
"""
from __future__ import annotations

from functools import lru_cache

from .data import BUILDINGS, GLASS, GOLD, IRON, LETTER
from .state import KState

LETTER_INDEX = {c: i for i, c in enumerate(LETTER)}
COSTS = tuple(b.cost for b in BUILDINGS)
CRAFT_INDEX = {IRON: 0, GLASS: 1, GOLD: 2}


def craft_available(st: KState, craft: int) -> bool:
    """keythedral.craft.restock: a shop's own stock, or used cubes of its colour waiting in the store."""
    return st.shops[CRAFT_INDEX[craft]] > 0 or st.store[craft] > 0


def adjusted_costs(st: KState, tile: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """keythedral.law.price_increase / law.price_decrease: the costs a buyer may choose, with their notation."""
    fx = st.effects
    return price_options(tile, tile in fx.get("up", ()), tile in fx.get("down", ()))


@lru_cache(maxsize=None)  # keyed by (tile, bool, bool): a finite table
def price_options(tile: int, up: bool, down: bool) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The costs of ``tile`` under a price increase and/or decrease, with their notation (made once)."""
    cost = COSTS[tile]
    shown = [k for k in range(8) if cost[k]]
    ups = [(f"+{LETTER[k]}", k) for k in shown] if up else [("", -1)]
    downs = [(f"-{LETTER[k]}", k) for k in shown if k != GOLD] if down else [("", -1)]
    out = []
    for plus, u in ups:
        for minus, d in downs:
            c = list(cost)
            if u >= 0:
                c[u] += 1
            if d >= 0:
                c[d] -= 1
            out.append((plus + minus, tuple(c)))
    return tuple(out)


def payments(holding: tuple[int, ...], size: int, first: int = 0) -> list[str]:
    """The different ways to hand over ``size`` cubes from ``holding`` (cube kinds from ``first`` on), as
    letters in notation order, listed lexicographically."""
    if size == 0:
        return [""]
    if first >= len(holding):
        return []
    letter = LETTER[first]
    return [letter * count + more for count in range(min(size, holding[first]), -1, -1)
            for more in payments(holding, size - count, first + 1)]


def substitutes(cost: tuple[int, ...], cubes: list[int]) -> list[str]:
    """keythedral.law.substitution: any resource cubes for the resource part, one craft cube swapped at most."""
    r = sum(cost[:5])
    res_holding = tuple(cubes[k] if k < 5 else 0 for k in range(8))
    res_options = payments(res_holding, r) if r else [""]
    crafts = list(cost[5:])
    craft_options = []
    if all(cubes[5 + i] >= crafts[i] for i in range(3)):
        craft_options.append(crafts)
    for a in range(3):
        for b in range(3):
            if a != b and crafts[a]:
                c = crafts[:]
                c[a] -= 1
                c[b] += 1
                if all(cubes[5 + i] >= c[i] for i in range(3)):
                    craft_options.append(c)
    out: list[str] = []
    for c in craft_options:
        letters = "".join(LETTER[5 + i] * c[i] for i in range(3))
        out.extend(res + letters for res in res_options)
    return sorted(set(out))


def substitution_payments(st: KState, p: int, tile: int) -> list[str]:
    """Every payment Substitution allows for ``tile`` (under any price card on it), without repeats."""
    out: dict[str, None] = {}
    for _change, cost in adjusted_costs(st, tile):
        out.update(dict.fromkeys(substitutes(cost, st.cubes[p])))
    return list(out)


def cubes_text(counts: tuple[int, ...] | list[int]) -> str:
    return "+".join(LETTER[k] * c for k, c in enumerate(counts) if c) or "nothing"


def counts_of(letters: str) -> list[int]:
    counts = [0] * 8
    for letter in letters:
        counts[LETTER_INDEX[letter]] += 1
    return counts


PLENTY = [99] * len(LETTER)  # a holding of every cube in plenty: more than any payment asks


@lru_cache(maxsize=None)  # keyed by (tile, bool, bool): a finite table
def tile_payments(tile: int, up: bool, down: bool) -> tuple[str, ...]:
    """keythedral.law.substitution: every payment Substitution allows for ``tile`` under this price state to a
    holding of every cube in plenty, in the order of the cubes paid (how many, then which)."""
    return tuple(sorted({p for _, cost in price_options(tile, up, down) for p in substitutes(cost, PLENTY)},
                        key=cubes_key))


def cubes_key(paid: str) -> tuple[int, ...]:
    """The order of payments: by the number of cubes, then by their kinds."""
    return (len(paid), *(LETTER_INDEX[c] for c in paid))


@lru_cache(maxsize=256)  # the rows and price cards a game meets: a handful per stage
def row_purchases(row: tuple[tuple[int, bool, bool], ...]) -> tuple[tuple[tuple[str, str], ...],
                                                                    dict[tuple[str, str], int]]:
    """The Substitution purchases a face-up row allows to a holding of every cube, the row given as (tile,
    price increase on it, decrease on it) in the order of the tiles' places in the box: (tile id, cubes paid) in
    order, and each one's place in that order (the adapters' numbers: rulesets/keythedral/actions.py)."""
    listed = tuple((BUILDINGS[t].id, pay) for t, up, down in row for pay in tile_payments(t, up, down))
    return listed, {key: k for k, key in enumerate(listed)}
