"""The fast legal-move generator: the same moves as the plain path (checks.py), made without asking each check.

The hot path of every bot. Moves come from the per-seat tables of movetables.py; a payment with coins standing in
for cubes is the slice ``row[short:top + 1]`` of a row indexed by coins (``short``: the cubes the player lacks,
``top``: the coins that may stand in). ``open_areas`` answers "does this area offer at least one move" without
building the moves. tests/village/test_fast.py proves ``legal_moves`` equal, as a set, to the plain path on
thousands of positions from seeded play with every option set.
"""
from __future__ import annotations

from itertools import compress
from typing import Any

from ...core.moves import Move
from .data import (BAG, BREAD, BROWN, CHURCH, CHURCH1, COUNCIL, COUNCIL1, COUNCIL_GREEN, COUNCIL_STAGES, CRAFTS, FAMILY,
                   FARM, GENERATIONS, GREEN, HARVEST, HORSE, MARKET, MASS_PIECES, MILL_GRAIN, OX, PLOUGH, SCROLL, TOOL,
                   TRAVEL, UNBORN, WAGON)
from .death import death_options
from .draws import WEIGHTS
from .info import church_grain
from .market import DEMAND, GRAIN_DEMAND
from .movetables import ALIVE, CAP3, CUBE_PAIRS, IS_TOWN, LAST_CHURCH, MOVES
from .state import VillageState

TOP_STAGE = COUNCIL1 + COUNCIL_STAGES - 1
STAGE = tuple(w - COUNCIL1 + 1 if COUNCIL1 <= w < BAG else 0 for w in range(len(ALIVE)))  # council stage, 0: none
# The pieces of each generation, as a slice of a seat's places.
_GEN1, _GEN2, _GEN3, _GEN4 = (slice(GENERATIONS.index(g), len(GENERATIONS) - GENERATIONS[::-1].index(g))
                              for g in range(1, 5))
ADVANCES = tuple(0 < stage < COUNCIL_STAGES for stage in STAGE)  # a councillor who can still advance
# As sets of places, for one pass over a seat's places in C (``isdisjoint``) instead of a lookup per piece.
ALIVE_PLACES = frozenset(w for w, alive in enumerate(ALIVE) if alive)
ADVANCING = frozenset(w for w, advances in enumerate(ADVANCES) if advances)
COUNCIL_DOWN = tuple((w, STAGE[w]) for w in range(len(STAGE) - 1, -1, -1) if STAGE[w])  # the top stage first
COUNCIL_PLACES = frozenset(w for w, _ in COUNCIL_DOWN)
# The Well's key (cubes of each colour and coins, each capped at three, base 4: movetables._well_table) as a sum of
# one lookup per count: the place value of each colour folded into its table.
WELL_KEY = tuple(tuple(CAP3[x] * 4 ** (4 - c) for x in range(len(CAP3))) for c in range(4))


def legal_moves(st: VillageState) -> list[Any]:
    phase = st.phase
    p = st.current
    if phase == "turn":
        return turn_moves(st, p)
    if phase == "action":
        moves = AREA_MOVES[st.area](st, p)
        moves.insert(0, MOVES[p].skip)
        return moves
    if phase == "market":
        return market_moves(st, p)
    if phase in ("death", "market_death"):
        t = MOVES[p].dies
        return [t[w][g] for w, g in death_options(st.places[p])]
    if phase == "privilege":
        return privilege_moves(st, p, st.priv_max, with_none=True)
    if phase == "cubes":
        supply, pairs = st.supply, MOVES[p].cubes
        return [pairs[i] for i, (a, b) in enumerate(CUBE_PAIRS) if supply[a] and supply[b] and (a != b or supply[a] >= 2)]
    if phase == "mass":
        return [MOVES[p].done, *redeem_moves(st, p)]
    if phase == "mass_advance":
        return [MOVES[p].done, *raise_moves(st, p)]
    weights = WEIGHTS.get(phase)  # a draw: its outcomes, made by CHANCE
    return [m for m, _ in weights(st)] if weights is not None else []


def turn_moves(st: VillageState, p: int) -> list[Any]:
    t = MOVES[p]
    if st.no_cubes:  # village.end.no_cubes: any area; with nothing to do there the player skips
        return [t.free[a] for a in open_areas(st, p)] or list(t.free)
    out: list[Move] = [*compress(t.take, st.area_cubes)]  # a take per colour present on an area
    # village.well.action: three influence of one colour, coins standing in. The payments depend only on
    # cubes and coins capped at three; the table holds the Well moves of each such holding by area.
    orange, green, brown, pink = st.cubes[p]
    k0, k1, k2, k3 = WELL_KEY
    rows = t.well_by_key[k0[orange] + k1[green] + k2[brown] + k3[pink] + CAP3[st.coins[p]]]
    if rows:
        for a in open_areas(st, p):
            out.extend(rows[a])
    return out


def market_moves(st: VillageState, p: int) -> list[Any]:
    """village.market.available / first_sale / surcharge"""
    t = MOVES[p]
    out: list[Any] = [t.pass_]
    if st.first_sale and p == st.opener:
        short = top = 0  # the first sale is free
    else:  # one green, a coin standing in
        short = 0 if st.cubes[p][GREEN] else 1
        top = 1 if st.coins[p] else 0
        if short > top:
            return out
    grain, goods = st.grain[p], st.goods[p]
    for i, tile in enumerate(st.stalls):
        if tile >= 0 and grain >= GRAIN_DEMAND[tile]:
            for g, n in DEMAND[tile]:
                if goods[g] < n:
                    break
            else:
                out.extend(t.serve[i][short:top + 1])
    return out


def redeem_moves(st: VillageState, p: int) -> list[Any]:
    """village.mass.select: one coin per own villager taken out of the bag."""
    if not st.coins[p] or st.selected >= MASS_PIECES or BAG not in st.places[p]:
        return []
    t = MOVES[p].redeem
    out = []
    last = 0
    for place, g in zip(st.places[p], GENERATIONS):  # pieces in generation order: one move per generation
        if place == BAG and g != last:
            out.append(t[g])
            last = g
    return out


def raise_moves(st: VillageState, p: int) -> list[Any]:
    """village.mass.advance: one stage at a time, paying the grain of the stage entered."""
    t = MOVES[p]
    out: list[Any] = []
    seen: list[tuple[int, int]] = []
    grain, bread = st.grain[p], st.goods[p][BREAD]
    cost = church_grain(st.options)
    for place, g in zip(st.places[p], GENERATIONS):
        if CHURCH1 <= place < LAST_CHURCH and (place, g) not in seen:
            seen.append((place, g))
            if grain >= cost[place - CHURCH1 + 2]:
                out.append(t.raise_[place][g])
            if bread:  # Marriage: one bread replaces the stage's grain
                out.append(t.raise_bread[place][g])
    return out


def farm_mask(places: list[int]) -> int:
    """Bit g-1 set for each generation g with a villager on the farm (pieces are kept in generation order)."""
    return (FARM in places[_GEN1]) | (FARM in places[_GEN2]) << 1 | (FARM in places[_GEN3]) << 2 | (
        FARM in places[_GEN4]) << 3


def _short(pairs: tuple[tuple[int, int], ...], have: list[int]) -> int:
    """Cubes of ``pairs`` ((colour, count)) the player lacks: what coins must cover."""
    short = 0
    for c, n in pairs:
        h = have[c]
        if h < n:
            short += n - h
    return short


def action_moves(st: VillageState, p: int, area: int) -> list[Any]:
    """Every action the area offers ``p`` now (without ``skip``)."""
    return AREA_MOVES[area](st, p)


def harvest_moves(st: VillageState, p: int) -> list[Any]:
    return [MOVES[p].harvest] if FARM in st.places[p] else []


def family_moves(st: VillageState, p: int) -> list[Any]:
    places = st.places[p]
    t = MOVES[p]
    out: list[Any] = [t.birth] if UNBORN in places else []
    seen: list[tuple[int, int]] = []
    for w, g in zip(places, GENERATIONS):
        if ALIVE[w] and (w, g) not in seen:
            seen.append((w, g))
            out.append(t.recall[w][g])
    return out


def no_moves(st: VillageState, p: int) -> list[Any]:
    return []  # the market is a market day, not an action move


def craft_moves(st: VillageState, p: int) -> list[Any]:
    t = MOVES[p]
    places = st.places[p]
    mask = farm_mask(places)
    have, money, grain = st.cubes[p], st.coins[p], st.grain[p]
    supply = st.goods_supply
    brewery = st.options.get("inn_brewery", False)
    tools = (0, 1) if st.goods[p][TOOL] else (0,)  # Marriage: a tool doubles the output
    out: list[Any] = []
    append, extend = out.append, out.extend
    for craft in t.crafts:
        if not supply[craft.good] or (craft.brewery and not brewery):
            continue
        worker = craft.worker_place in places
        short, top = 1, 0  # no payment unless one of the cases below opens it
        if craft.grain:
            if grain >= craft.grain:
                short = 0
        elif craft.total:
            short = 0
            for c, n in craft.pairs:  # the cubes lacking, which coins must cover
                if have[c] < n:
                    short += n - have[c]
            top = craft.total if craft.total < money else money
        for k in tools:
            extend(craft.train_by_mask[k][mask])
            if worker:
                append(craft.worker[k])
            if short <= top:
                extend(craft.pay[k][short:top + 1])
    if grain >= MILL_GRAIN and st.coin_supply:
        append(t.mill)
    return out


def council_moves(st: VillageState, p: int) -> list[Any]:
    t = MOVES[p]
    places = st.places[p]
    green, money = st.cubes[p][GREEN], st.coins[p]
    short = COUNCIL_GREEN - green if green < COUNCIL_GREEN else 0
    top = money if money < COUNCIL_GREEN else COUNCIL_GREEN
    scroll = st.goods[p][SCROLL] > 0
    out: list[Any] = []
    movers: list[tuple[int, int]] = []
    stage = 0
    for w, g in zip(places, GENERATIONS):
        if w == FARM or COUNCIL1 <= w < BAG:
            if w != FARM:
                if w - COUNCIL1 + 1 > stage:
                    stage = w - COUNCIL1 + 1
                if w == TOP_STAGE:
                    continue  # the top stage cannot advance
            if (w, g) not in movers:
                movers.append((w, g))
                if short <= top:
                    out.extend(t.council_green[w][g][short:top + 1])
                if scroll:
                    out.append(t.council_scroll[w][g])
    if stage:
        out.extend(privilege_moves(st, p, stage, with_none=False))
    return out


def privilege_moves(st: VillageState, p: int, top: int, with_none: bool) -> list[Any]:
    """village.council.privilege: the privileges of stages 1..top that are available now."""
    t = MOVES[p]
    out: list[Any] = [t.priv_none] if with_none else []
    if top >= 1 and st.ring < 0:
        out.append(t.priv_ring)
    if top >= 2:
        supply = st.supply
        if supply[0] + supply[1] + supply[2] + supply[3] >= 2:
            out.append(t.priv_cubes)
    if top >= 3:
        out.extend(compress(t.priv_good, st.goods_supply))
    if top >= 4 and st.coins[p]:
        out.append(t.priv_prestige)
    return out


def travel_moves(st: VillageState, p: int) -> list[Any]:
    if not st.goods[p][WAGON]:
        return []
    table = MOVES[p].travel
    places = st.places[p]
    have, money = st.cubes[p], st.coins[p]
    out: list[Any] = []
    seen: list[tuple[int, int]] = []
    for w, g in zip(places, GENERATIONS):
        if (w == FARM or IS_TOWN[w]) and (w, g) not in seen:
            seen.append((w, g))
            for pairs, total, moves in table[w]:
                short = _short(pairs, have)
                top = total if total < money else money
                if short <= top:
                    out.extend(moves[g][short:top + 1])
    return out


def church_moves(st: VillageState, p: int) -> list[Any]:
    return [*MOVES[p].church[farm_mask(st.places[p])][0 if st.cubes[p][BROWN] else 1][1 if st.coins[p] else 0]]


# By area (data.AREAS order): the builder of its action's moves.
AREA_MOVES = (harvest_moves, family_moves, craft_moves, no_moves, travel_moves, council_moves, church_moves)


# --- availability ---------------------------------------------------------------------------------

def _crafts_open(st: VillageState, p: int, places: list[int], farm: bool) -> bool:
    """craft_moves(st, p) is not empty."""
    supply = st.goods_supply
    brewery = st.options.get("inn_brewery", False)
    for craft in MOVES[p].crafts:
        if not supply[craft.good] or (craft.brewery and not brewery):
            continue
        if farm or craft.worker_place in places:
            return True  # training or a trained worker
        if craft.grain:
            if st.grain[p] >= craft.grain:
                return True
        elif craft.total and _short(craft.pairs, st.cubes[p]) <= st.coins[p]:
            return True
    return st.grain[p] >= MILL_GRAIN and st.coin_supply > 0


def _privilege_open(st: VillageState, p: int, top: int) -> bool:
    supply = st.supply
    return ((top >= 1 and st.ring < 0) or (top >= 2 and supply[0] + supply[1] + supply[2] + supply[3] >= 2)
            or (top >= 3 and any(st.goods_supply)) or (top >= 4 and st.coins[p] > 0))


def _travel_open(st: VillageState, p: int, places: list[int]) -> bool:
    """travel_moves(st, p) is not empty (the player holds a wagon)."""
    have, money = st.cubes[p], st.coins[p]
    table = MOVES[p].travel
    for w in places:
        if w == FARM or IS_TOWN[w]:
            for pairs, _, _ in table[w]:
                if _short(pairs, have) <= money:
                    return True
    return False


def open_areas(st: VillageState, p: int) -> list[int]:
    """The areas whose action ``p`` could take now (the Well, the last actions): each offers at least one move."""
    places = st.places[p]
    farm = FARM in places
    out = [HARVEST] if farm else []
    if UNBORN in places or not ALIVE_PLACES.isdisjoint(places):
        out.append(FAMILY)  # a birth or a recall
    supply = st.goods_supply
    if farm and (supply[WAGON] or supply[HORSE] or supply[OX] or supply[PLOUGH] or supply[SCROLL]) or _crafts_open(
            st, p, places, farm):
        out.append(CRAFTS)  # a farm villager can train for any good in the supply (the base buildings' goods)
    stalls = st.stalls
    if stalls.count(-1) != len(stalls):
        out.append(MARKET)
    goods = st.goods[p]
    if goods[WAGON] and _travel_open(st, p, places):
        out.append(TRAVEL)
    pays = goods[SCROLL] or st.cubes[p][GREEN] + st.coins[p] >= COUNCIL_GREEN
    if pays and (farm or not ADVANCING.isdisjoint(places)):
        out.append(COUNCIL)  # a villager enters the council or a councillor advances
    elif not COUNCIL_PLACES.isdisjoint(places):
        for w, stage in COUNCIL_DOWN:  # the highest stage held
            if w in places:
                if _privilege_open(st, p, stage):
                    out.append(COUNCIL)  # a privilege of the stages held
                break
    if farm:
        out.append(CHURCH)  # a villager into the bag for three time
    return out
