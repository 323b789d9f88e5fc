"""Every move of every seat made once at import, in tables the generators index instead of building moves per call.

A bounded table: one ``SeatMoves`` per seat (four at most), each holding that seat's moves by place, generation
and coins. A row indexed by ``k`` holds the move paying ``k`` coins in place of cubes, so the legal payments of a
move are the slice ``row[short:top + 1]`` (``short``: the cubes the player lacks, ``top``: what coins can cover).
The plain path's candidates (checks.py) and the fast generator (fast.py) both read these tables.
"""
from __future__ import annotations

from typing import Any

from .data import (AREAS, BREWERY, BUILDING0, BUILDINGS, BUILDING_OF_GOOD, CHRONICLE0, CHURCH1, CHURCH_STAGES, COLOURS,
                   FARM, GOODS, PLACE_NAMES, TOWN0, WELL_CUBES, alive_on_board)
from .moves import (Birth, ChooseCubes, Church, Council, Craft, Dies, FreeAction, Harvest, MassDone, Mill, Pass,
                    Privilege, Raise, Recall, Redeem, Serve, Skip, TakeCube, Travel, Well)
from .travel import routes_from_place

SEATS = 4
MAX_STALLS = 8  # more than any stall option lays out
GENS = range(5)  # generation 1..4 (index 0 unused)
PLACES = range(len(PLACE_NAMES))
ALIVE = tuple(alive_on_board(w) for w in PLACES)  # a living villager on the board (not the farm or the bag)
IS_TOWN = tuple(TOWN0 <= w < CHRONICLE0 for w in PLACES)
LAST_CHURCH = CHURCH1 + CHURCH_STAGES - 1
CUBE_PAIRS = tuple((a, b) for a in range(4) for b in range(a, 4))
CAP3 = tuple(min(x, 3) for x in range(64))  # cubes and coins above three pay the Well no differently


def by_mask(row: tuple[Any, ...]) -> tuple[tuple[Any, ...], ...]:
    """``row`` (moves by generation) for each farm mask (bit g-1: a generation-g villager on the farm), lowest first."""
    return tuple(tuple(row[g] for g in GENS[1:] if mask >> (g - 1) & 1) for mask in range(1 << (len(GENS) - 1)))


class Craft_:
    """One good a craft building makes, with a seat's moves (by tool) and how its resource alternative is paid."""

    __slots__ = ("good", "worker_place", "grain", "pairs", "total", "brewery", "train", "train_by_mask", "worker", "pay")

    def __init__(self, seat: int, good: int) -> None:
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
        tools = (False, True)
        self.train = tuple(tuple(Craft(seat, name, "train", g, 0, t) for g in GENS) for t in tools)
        self.train_by_mask = tuple(by_mask(train) for train in self.train)  # by tool, then farm mask
        self.worker = tuple(Craft(seat, name, "worker", 0, 0, t) for t in tools)
        self.pay = tuple(tuple(Craft(seat, name, "pay", 0, k, t) for k in range(self.total + 1)) for t in tools)


def _travel_rows(seat: int, w: int) -> tuple[tuple[tuple[tuple[int, int], ...], int, tuple[tuple[Travel, ...], ...]], ...]:
    """Per route from place ``w``: its cubes as (colour, count) pairs, their total, and moves by generation and coins."""
    rows = []
    for town, need in routes_from_place(w):
        pairs = tuple((c, n) for c, n in enumerate(need) if n)
        total = sum(need)
        name = PLACE_NAMES[TOWN0 + town]
        moves = tuple(tuple(Travel(seat, PLACE_NAMES[w], name, g, k) for k in range(total + 1)) for g in GENS)
        rows.append((pairs, total, moves))
    return tuple(rows)


def _well_table(well: tuple[tuple[tuple[Well, ...], ...], ...]) -> tuple[tuple[tuple[Well, ...], ...], ...]:
    """Key (cubes of each colour and coins, each capped at three, base 4) -> Well moves by area; () when unpayable."""
    table = []
    for key in range(4 ** 5):
        money = key % 4
        have = [key // 4 ** (4 - c) % 4 for c in range(4)]
        pays = [(c, k) for c in range(4) for k in range(max(WELL_CUBES - have[c], 0), min(money, WELL_CUBES - 1) + 1)]
        if money >= WELL_CUBES:
            pays.append((4, WELL_CUBES))
        table.append(tuple(tuple(well[c][a][k] for c, k in pays) for a in range(len(AREAS))) if pays else ())
    return tuple(table)


class SeatMoves:
    """The moves of one seat, made once."""

    def __init__(self, s: int) -> None:
        self.skip, self.harvest, self.birth, self.mill = Skip(s), Harvest(s), Birth(s), Mill(s)
        self.pass_, self.done = Pass(s), MassDone(s)
        self.recall = tuple(tuple(Recall(s, PLACE_NAMES[w], g) for g in GENS) for w in PLACES)
        self.council_green = tuple(tuple(tuple(Council(s, PLACE_NAMES[w], g, "green", k) for k in range(3))
                                         for g in GENS) for w in PLACES)
        self.council_scroll = tuple(tuple(Council(s, PLACE_NAMES[w], g, "scroll") for g in GENS) for w in PLACES)
        self.church_brown = tuple(tuple(Church(s, g, "brown", k) for k in range(2)) for g in GENS)
        self.church_time = tuple(Church(s, g, "time") for g in GENS)
        # By farm mask, then the cubes short of one brown and the coins that may stand in (0 or 1 each): for each
        # generation on the farm, lowest first, its paid moves then the move paid with time.
        self.church = tuple(tuple(tuple(tuple(m for g in GENS[1:] if mask >> (g - 1) & 1
                                              for m in (*self.church_brown[g][short:top + 1], self.church_time[g]))
                                        for top in range(2)) for short in range(2)) for mask in range(16))
        self.priv_none, self.priv_ring, self.priv_cubes = Privilege(s, 0), Privilege(s, 1), Privilege(s, 2)
        self.priv_good = tuple(Privilege(s, 3, name) for name in GOODS)
        self.priv_prestige = Privilege(s, 4)
        self.travel = tuple(_travel_rows(s, w) if w == FARM or IS_TOWN[w] else () for w in PLACES)
        self.crafts = tuple(Craft_(s, g) for g in range(len(GOODS)) if BUILDING_OF_GOOD[g] >= 0)
        # The Well: by colour (4: three coins without a colour), moves by area and coins.
        well = tuple(tuple(tuple(Well(s, name, colour, k) for k in range(WELL_CUBES + 1)) for name in AREAS)
                     for colour in COLOURS + ("",))
        self.well = well
        self.well_by_key = _well_table(well)
        self.take = tuple(TakeCube(s, name, cube) for name in AREAS for cube in COLOURS + ("plague",))  # as spaces
        self.free = tuple(FreeAction(s, name) for name in AREAS)
        self.serve = tuple(tuple(Serve(s, i + 1, k) for k in range(2)) for i in range(MAX_STALLS))
        self.cubes = tuple(ChooseCubes(s, COLOURS[a], COLOURS[b]) for a, b in CUBE_PAIRS)
        self.dies = tuple(tuple(Dies(s, PLACE_NAMES[w], g) for g in GENS) for w in PLACES)
        self.redeem = tuple(Redeem(s, g) for g in GENS)
        self.raise_ = tuple(tuple(Raise(s, PLACE_NAMES[w], g) for g in GENS) for w in PLACES)
        self.raise_bread = tuple(tuple(Raise(s, PLACE_NAMES[w], g, True) for g in GENS) for w in PLACES)


MOVES = tuple(SeatMoves(s) for s in range(SEATS))
