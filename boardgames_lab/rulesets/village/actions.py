"""The village actions of one area: which moves are legal (their effects are in effects.py).

The hot path of every bot. Moves come from the tables of movetables.py; a payment with coins standing in for
cubes is the slice ``row[short:top + 1]`` of a row indexed by coins (``short``: the cubes the player lacks,
``top``: the coins that may stand in). Availability checks (for the Well and the last actions) answer "is there
at least one move" without building the moves.
"""
from __future__ import annotations

from itertools import compress

from .data import (BROWN, BUILDINGS, CHURCH, COUNCIL, COUNCIL_GREEN, COUNCIL_STAGES, CRAFTS, FAMILY, GENERATIONS, GRAIN_LIMIT,
                   GREEN, HARVEST, HARVEST_BASE, HARVEST_HORSE, HARVEST_OX, HORSE, MARKET, MILL_GRAIN, OX, PLOUGH,
                   SCROLL, TOOL, TRAVEL, WAGON)
from .movetables import (ALIVE, BIRTH, CHURCH_BROWN, CHURCH_TIME, COUNCIL_GREEN as COUNCIL_PAY, COUNCIL_SCROLL,
                         CRAFTS as CRAFT_TABLE, HARVEST_MOVE, IS_TOWN, MILL, PRIV_CUBES, PRIV_GOOD,
                         PRIV_NONE, PRIV_PRESTIGE, PRIV_RING, RECALL, SKIP, TRAVEL as TRAVEL_TABLE)
from .moves import Move
from .payment import Need
from .places import BAG, COUNCIL1, FARM, UNBORN
from .state import VillageState

GREEN_NEED: Need = (0, COUNCIL_GREEN, 0, 0)
BROWN_NEED: Need = (0, 0, 1, 0)
TOP_STAGE = COUNCIL1 + COUNCIL_STAGES - 1
STAGE = tuple(w - COUNCIL1 + 1 if COUNCIL1 <= w < BAG else 0 for w in range(len(ALIVE)))  # council stage, 0: none
ADVANCES = tuple(0 < stage < COUNCIL_STAGES for stage in STAGE)  # a councillor who can still advance


def _need(colours: tuple[int, ...]) -> Need:
    need = [0, 0, 0, 0]
    for c in colours:
        need[c] += 1
    return (need[0], need[1], need[2], need[3])


RESOURCE_NEED = tuple(_need(b.cubes) for b in BUILDINGS)


def harvest_gain(st: VillageState, p: int) -> int:
    """village.harvest.grain / harvest.limit: one combination only, capped by the farm's store and the supply."""
    goods = st.goods[p]
    gain = HARVEST_OX if goods[PLOUGH] and goods[OX] else HARVEST_HORSE if goods[PLOUGH] and goods[HORSE] else HARVEST_BASE
    room = GRAIN_LIMIT - st.grain[p]
    gain = min(gain, room, st.grain_supply)
    return gain if gain > 0 else 0


def farm_gens(places: list[int]) -> list[int]:
    """The distinct generations on the farm, lowest first (pieces are kept in generation order)."""
    found: list[int] = []
    if FARM in places:
        last = 0
        for w, g in zip(places, GENERATIONS):
            if w == FARM and g != last:
                found.append(g)
                last = g
    return found


def _short(pairs: tuple[tuple[int, int], ...], have: list[int]) -> int:
    """Cubes of ``pairs`` ((colour, count)) the player lacks: what coins must cover."""
    short = 0
    for c, n in pairs:
        h = have[c]
        if h < n:
            short += n - h
    return short


# --- move generation -----------------------------------------------------------------------------

def action_moves(st: VillageState, p: int, area: int) -> list[Move]:
    """Every action the area offers ``p`` now (without ``skip``)."""
    if area == CRAFTS:
        return craft_moves(st, p)
    places = st.places[p]
    if area == HARVEST:
        return [HARVEST_MOVE] if FARM in places else []
    if area == FAMILY:
        out = [BIRTH] if UNBORN in places else []
        seen: list[tuple[int, int]] = []
        for w, g in zip(places, GENERATIONS):
            if ALIVE[w] and (w, g) not in seen:
                seen.append((w, g))
                out.append(RECALL[w][g])
        return out
    if area == COUNCIL:
        return council_moves(st, p)
    if area == TRAVEL:
        return travel_moves(st, p)
    if area == CHURCH:
        return church_moves(st, p)
    return []  # the market is a market day, not an action move


def craft_moves(st: VillageState, p: int) -> list[Move]:
    places = st.places[p]
    gens = farm_gens(places)
    have, money, grain = st.cubes[p], st.coins[p], st.grain[p]
    supply = st.goods_supply
    brewery = st.options.get("inn_brewery", False)
    tools = (0, 1) if st.goods[p][TOOL] else (0,)  # Marriage: a tool doubles the output
    out: list[Move] = []
    append, extend = out.append, out.extend
    for craft in CRAFT_TABLE:
        if not supply[craft.good] or (craft.brewery and not brewery):
            continue
        worker = craft.worker_place in places
        short, top = 1, 0  # no payment unless one of the cases below opens it
        if craft.grain:
            if grain >= craft.grain:
                short = 0
        elif craft.total:
            short = _short(craft.pairs, have)
            top = craft.total if craft.total < money else money
        for t in tools:
            train = craft.train[t]
            for g in gens:
                append(train[g])
            if worker:
                append(craft.worker[t])
            if short <= top:
                extend(craft.pay[t][short:top + 1])
    if grain >= MILL_GRAIN and st.coin_supply:
        append(MILL)
    return out


def council_moves(st: VillageState, p: int) -> list[Move]:
    places = st.places[p]
    green, money = st.cubes[p][GREEN], st.coins[p]
    short = COUNCIL_GREEN - green if green < COUNCIL_GREEN else 0
    top = money if money < COUNCIL_GREEN else COUNCIL_GREEN
    scroll = st.goods[p][SCROLL] > 0
    out: list[Move] = []
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
                    out.extend(COUNCIL_PAY[w][g][short:top + 1])
                if scroll:
                    out.append(COUNCIL_SCROLL[w][g])
    if stage:
        out.extend(privilege_moves(st, p, stage, with_none=False))
    return out


def privilege_moves(st: VillageState, p: int, top: int, with_none: bool) -> list[Move]:
    """village.council.privilege: the privileges of stages 1..top that are available now."""
    out = [PRIV_NONE] if with_none else []
    if top >= 1 and st.ring < 0:
        out.append(PRIV_RING)
    if top >= 2:
        supply = st.supply
        if supply[0] + supply[1] + supply[2] + supply[3] >= 2:
            out.append(PRIV_CUBES)
    if top >= 3:
        out.extend(compress(PRIV_GOOD, st.goods_supply))
    if top >= 4 and st.coins[p]:
        out.append(PRIV_PRESTIGE)
    return out


def travel_moves(st: VillageState, p: int) -> list[Move]:
    if not st.goods[p][WAGON]:
        return []
    places = st.places[p]
    have, money = st.cubes[p], st.coins[p]
    out: list[Move] = []
    seen: list[tuple[int, int]] = []
    for w, g in zip(places, GENERATIONS):
        if (w == FARM or IS_TOWN[w]) and (w, g) not in seen:
            seen.append((w, g))
            for pairs, total, moves in TRAVEL_TABLE[w]:
                short = _short(pairs, have)
                top = total if total < money else money
                if short <= top:
                    out.extend(moves[g][short:top + 1])
    return out


def church_moves(st: VillageState, p: int) -> list[Move]:
    gens = farm_gens(st.places[p])
    if not gens:
        return []
    short = 0 if st.cubes[p][BROWN] else 1
    top = 1 if st.coins[p] else 0
    out: list[Move] = []
    for g in gens:
        out.extend(CHURCH_BROWN[g][short:top + 1])
        out.append(CHURCH_TIME[g])
    return out


# --- availability ---------------------------------------------------------------------------------

def _crafts_open(st: VillageState, p: int, places: list[int], farm: bool) -> bool:
    """craft_moves(st, p) is not empty."""
    supply = st.goods_supply
    brewery = st.options.get("inn_brewery", False)
    for craft in CRAFT_TABLE:
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
    for w in places:
        if w == FARM or IS_TOWN[w]:
            for pairs, _, _ in TRAVEL_TABLE[w]:
                if _short(pairs, have) <= money:
                    return True
    return False


def open_areas(st: VillageState, p: int) -> list[int]:
    """The areas whose action ``p`` could take now (the Well, the last actions): each offers at least one move."""
    places = st.places[p]
    farm = FARM in places
    out = [HARVEST] if farm else []
    if UNBORN in places or any(map(ALIVE.__getitem__, places)):
        out.append(FAMILY)  # a birth or a recall
    if _crafts_open(st, p, places, farm):
        out.append(CRAFTS)
    stalls = st.stalls
    if stalls.count(-1) != len(stalls):
        out.append(MARKET)
    goods = st.goods[p]
    if goods[WAGON] and _travel_open(st, p, places):
        out.append(TRAVEL)
    pays = goods[SCROLL] or st.cubes[p][GREEN] + st.coins[p] >= COUNCIL_GREEN
    if pays and (farm or any(map(ADVANCES.__getitem__, places))):
        out.append(COUNCIL)  # a villager enters the council or a councillor advances
    else:
        stage = max(map(STAGE.__getitem__, places))
        if stage and _privilege_open(st, p, stage):
            out.append(COUNCIL)  # a privilege of the stages held
    if farm:
        out.append(CHURCH)  # a villager into the bag for three time
    return out
