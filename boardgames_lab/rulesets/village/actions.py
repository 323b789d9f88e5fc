"""The village actions of one area: which moves are legal (their effects are in effects.py)."""
from __future__ import annotations

from .data import (BREWERY, BUILDING_OF_GOOD, BUILDINGS, CHURCH, COUNCIL, COUNCIL_GREEN, COUNCIL_STAGES, CRAFTS, FAMILY,
                   GENERATIONS, GOODS, GRAIN_LIMIT, HARVEST, HARVEST_BASE, HARVEST_HORSE, HARVEST_OX, HORSE, MARKET,
                   MILL_GRAIN, OX, PLOUGH, SCROLL, TOOL, TRAVEL, WAGON)
from .moves import Move
from .places import BAG, BUILDING0, CHRONICLE0, COUNCIL1, FARM, PLACE_NAMES, TOWN0, UNBORN, alive_on_board
from .payment import Need, coin_choices, farm_generations
from .state import VillageState
from .travel import routes_from_place

GREEN_NEED: Need = (0, COUNCIL_GREEN, 0, 0)
BROWN_NEED: Need = (0, 0, 1, 0)
SKIP = Move("skip")
HARVEST_MOVE = Move("harvest")
BIRTH = Move("birth")
MILL = Move("mill")


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


def board_villagers(places: list[int]) -> list[tuple[int, int]]:
    """(place, generation) of every living villager on the board, each pair once."""
    found = []
    for i, place in enumerate(places):
        if alive_on_board(place):
            pair = (place, GENERATIONS[i])
            if pair not in found:
                found.append(pair)
    found.sort()
    return found


# --- move generation -----------------------------------------------------------------------------

def action_moves(st: VillageState, p: int, area: int) -> list[Move]:
    """Every action the area offers ``p`` now (without ``skip``)."""
    places = st.places[p]
    if area == HARVEST:
        return [HARVEST_MOVE] if FARM in places else []
    if area == FAMILY:
        out = [BIRTH] if UNBORN in places else []
        out.extend(Move("recall", PLACE_NAMES[place], gen=g) for place, g in board_villagers(places))
        return out
    if area == CRAFTS:
        return craft_moves(st, p)
    if area == COUNCIL:
        return council_moves(st, p)
    if area == TRAVEL:
        return travel_moves(st, p)
    if area == CHURCH:
        return church_moves(st, p)
    return []  # the market is a market day, not an action move


def craft_moves(st: VillageState, p: int) -> list[Move]:
    places = st.places[p]
    out: list[Move] = []
    gens = farm_generations(places)
    have, money = st.cubes[p], st.coins[p]
    brewery = st.options.get("inn_brewery", False)
    suffixes = ("", "_tool") if st.goods[p][TOOL] else ("",)  # Marriage: a tool doubles the output
    for good, name in enumerate(GOODS):
        b = BUILDING_OF_GOOD[good]
        if b < 0 or not st.goods_supply[good] or (b == BREWERY and not brewery):
            continue
        building = BUILDINGS[b]
        for tool in suffixes:
            out.extend(Move("craft", name, "train" + tool, g) for g in gens)
            if BUILDING0 + b in places:
                out.append(Move("craft", name, "worker" + tool))
            if building.grain:
                if st.grain[p] >= building.grain:
                    out.append(Move("craft", name, "pay" + tool))
            elif building.cubes:
                out.extend(Move("craft", name, "pay" + tool, coins=k)
                           for k in coin_choices(have, money, RESOURCE_NEED[b]))
    if st.grain[p] >= MILL_GRAIN and st.coin_supply:
        out.append(MILL)
    return out


def council_moves(st: VillageState, p: int) -> list[Move]:
    places = st.places[p]
    have, money = st.cubes[p], st.coins[p]
    green = coin_choices(have, money, GREEN_NEED)
    scroll = st.goods[p][SCROLL] > 0
    out: list[Move] = []
    movers = [("farm", g) for g in farm_generations(places)]
    top = 0
    for place, g in board_villagers(places):
        if COUNCIL1 <= place < BAG:
            stage = place - COUNCIL1 + 1
            top = max(top, stage)
            if stage < COUNCIL_STAGES:
                movers.append((PLACE_NAMES[place], g))
    for name, g in movers:
        out.extend(Move("council", name, "green", g, k) for k in green)
        if scroll:
            out.append(Move("council", name, "scroll", g))
    out.extend(privilege_moves(st, p, top, with_none=False))
    return out


def privilege_moves(st: VillageState, p: int, top: int, with_none: bool) -> list[Move]:
    """village.council.privilege: the privileges of stages 1..top that are available now."""
    out = [Move("privilege", "none")] if with_none else []
    if top >= 1 and st.ring < 0:
        out.append(Move("privilege", "1"))
    if top >= 2 and sum(st.supply[:4]) >= 2:
        out.append(Move("privilege", "2"))
    if top >= 3:
        out.extend(Move("privilege", "3", GOODS[g]) for g in range(8) if st.goods_supply[g])
    if top >= 4 and st.coins[p]:
        out.append(Move("privilege", "4"))
    return out


def travel_moves(st: VillageState, p: int) -> list[Move]:
    if not st.goods[p][WAGON]:
        return []
    places = st.places[p]
    have, money = st.cubes[p], st.coins[p]
    starts = [(FARM, g) for g in farm_generations(places)]
    starts.extend(pg for pg in board_villagers(places) if pg[0] >= TOWN0)
    out: list[Move] = []
    for place, g in starts:
        for town, need in routes_from_place(place):
            name = PLACE_NAMES[TOWN0 + town]
            out.extend(Move("travel", PLACE_NAMES[place], name, g, k) for k in coin_choices(have, money, need))
    return out


def church_moves(st: VillageState, p: int) -> list[Move]:
    gens = farm_generations(st.places[p])
    brown = coin_choices(st.cubes[p], st.coins[p], BROWN_NEED)
    out = [Move("church", "", "brown", g, k) for g in gens for k in brown]
    out.extend(Move("church", "", "time", g) for g in gens)
    return out


def _crafts_open(st: VillageState, p: int, places: list[int]) -> bool:
    supply = st.goods_supply
    if FARM in places and (supply[WAGON] or supply[SCROLL]):
        return True  # training at the wagon maker or the office is open
    for w in places:
        if BUILDING0 <= w < BUILDING0 + 4 and any(supply[g] for g in BUILDINGS[w - BUILDING0].goods):
            return True  # a trained worker can produce
    if st.grain[p] >= MILL_GRAIN and st.coin_supply:
        return True
    return bool(craft_moves(st, p))


def area_available(st: VillageState, p: int, area: int) -> bool:
    """An action the Well (or a last action) can reach: the area offers at least one move."""
    if area == MARKET:
        return any(t >= 0 for t in st.stalls)
    places = st.places[p]
    if area == HARVEST or area == CHURCH:
        return FARM in places  # harvest, or a villager into the bag for three time
    if area == FAMILY:
        return UNBORN in places or any(BUILDING0 <= w < CHRONICLE0 and w != BAG for w in places)
    if area == CRAFTS:
        return _crafts_open(st, p, places)
    if area == COUNCIL and FARM in places and (st.goods[p][SCROLL] or st.cubes[p][1] + st.coins[p] >= COUNCIL_GREEN):
        return True  # a farm villager can enter stage 1
    if area == TRAVEL and not st.goods[p][WAGON]:
        return False
    return bool(action_moves(st, p, area))
