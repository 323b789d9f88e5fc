"""Every action move made once at import, in tables the move generators index instead of building moves per call.

A row indexed by ``k`` holds the move paying ``k`` coins in place of cubes, so the legal payments of a move are the
slice ``row[short:top + 1]`` (``short``: the cubes the player lacks, ``top``: what coins can cover).
"""
from __future__ import annotations

from .data import AREAS, BREWERY, BUILDING_OF_GOOD, BUILDINGS, COLOURS, GOODS, WELL_CUBES
from .moves import Move
from .places import BUILDING0, CHRONICLE0, FARM, PLACE_NAMES, TOWN0, alive_on_board
from .travel import routes_from_place

GENS = range(5)  # generation 1..4 (index 0 unused)
PLACES = range(len(PLACE_NAMES))
TOOLS = ("", "_tool")

SKIP = Move("skip")
HARVEST_MOVE = Move("harvest")
BIRTH = Move("birth")
MILL = Move("mill")

ALIVE = tuple(alive_on_board(w) for w in PLACES)  # a living villager on the board (not the farm or the bag)
IS_TOWN = tuple(TOWN0 <= w < CHRONICLE0 for w in PLACES)

RECALL = tuple(tuple(Move("recall", PLACE_NAMES[w], gen=g) for g in GENS) for w in PLACES)
COUNCIL_GREEN = tuple(tuple(tuple(Move("council", PLACE_NAMES[w], "green", g, k) for k in range(3)) for g in GENS)
                      for w in PLACES)
COUNCIL_SCROLL = tuple(tuple(Move("council", PLACE_NAMES[w], "scroll", g) for g in GENS) for w in PLACES)
CHURCH_BROWN = tuple(tuple(Move("church", "", "brown", g, k) for k in range(2)) for g in GENS)
CHURCH_TIME = tuple(Move("church", "", "time", g) for g in GENS)

PRIV_NONE = Move("privilege", "none")
PRIV_RING = Move("privilege", "1")
PRIV_CUBES = Move("privilege", "2")
PRIV_GOOD = tuple(Move("privilege", "3", name) for name in GOODS)
PRIV_PRESTIGE = Move("privilege", "4")


def _travel_rows(w: int) -> tuple[tuple[tuple[tuple[int, int], ...], int, tuple[tuple[Move, ...], ...]], ...]:
    """Per route from place ``w``: its cubes as (colour, count) pairs, their total, and moves by generation and coins."""
    rows = []
    for town, need in routes_from_place(w):
        pairs = tuple((c, n) for c, n in enumerate(need) if n)
        total = sum(need)
        name = PLACE_NAMES[TOWN0 + town]
        moves = tuple(tuple(Move("travel", PLACE_NAMES[w], name, g, k) for k in range(total + 1)) for g in GENS)
        rows.append((pairs, total, moves))
    return tuple(rows)


TRAVEL = tuple(_travel_rows(w) if w == FARM or IS_TOWN[w] else () for w in PLACES)


class Craft:
    """One good a craft building makes, with its moves (by tool suffix) and how its resource alternative is paid."""

    __slots__ = ("good", "worker_place", "grain", "pairs", "total", "brewery", "train", "worker", "pay")

    def __init__(self, good: int) -> None:
        b = BUILDING_OF_GOOD[good]
        building = BUILDINGS[b]
        name = GOODS[good]
        need = [0, 0, 0, 0]
        for c in building.cubes:
            need[c] += 1
        self.good = good
        self.worker_place = BUILDING0 + b
        self.grain = building.grain
        self.pairs = tuple((c, n) for c, n in enumerate(need) if n)  # empty: no cube alternative
        self.total = len(building.cubes)
        self.brewery = b == BREWERY
        self.train = tuple(tuple(Move("craft", name, "train" + t, g) for g in GENS) for t in TOOLS)
        self.worker = tuple(Move("craft", name, "worker" + t) for t in TOOLS)
        self.pay = tuple(tuple(Move("craft", name, "pay" + t, coins=k) for k in range(self.total + 1)) for t in TOOLS)


CRAFTS = tuple(Craft(g) for g in range(len(GOODS)) if BUILDING_OF_GOOD[g] >= 0)

# The Well: by colour (4: three coins without a colour), moves by area and coins.
WELL = tuple(tuple(tuple(Move("well", name, colour, coins=k) for k in range(WELL_CUBES + 1)) for name in AREAS)
             for colour in COLOURS + ("",))
TAKE = tuple(Move("take", name, cube) for name in AREAS for cube in COLOURS + ("plague",))  # area-major, as spaces
FREE = tuple(Move("free", name) for name in AREAS)


def _well_table() -> tuple[tuple[tuple[Move, ...], ...], ...]:
    """Key (cubes of each colour and coins, each capped at three, base 4) -> Well moves by area; () when unpayable."""
    table = []
    for key in range(4 ** 5):
        money = key % 4
        have = [key // 4 ** (4 - c) % 4 for c in range(4)]
        pays = [(c, k) for c in range(4) for k in range(max(WELL_CUBES - have[c], 0), min(money, WELL_CUBES - 1) + 1)]
        if money >= WELL_CUBES:
            pays.append((4, WELL_CUBES))
        table.append(tuple(tuple(WELL[c][a][k] for c, k in pays) for a in range(len(AREAS))) if pays else ())
    return tuple(table)


WELL_BY_KEY = _well_table()
CAP3 = tuple(min(x, 3) for x in range(64))  # cubes and coins above three pay the Well no differently
