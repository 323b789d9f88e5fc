"""What each move does to the state (its check has passed): ``apply_move`` dispatches on the move kind."""
from __future__ import annotations

from typing import Any, Callable

from .checks_actions import BROWN_NEED, GREEN_NEED, RESOURCE_NEED
from .data import (AREAS, BAG, BUILDING0, BUILDINGS, BUILDING_OF_GOOD, CHURCH_TIME, COLOURS, COUNCIL1,
                   COUNCIL_ENTER_TIME, CUBE_NAMES, FARM, GENERATIONS, GOODS, GRAIN_LIMIT, HARVEST_BASE, HARVEST_HORSE,
                   HARVEST_OX, HORSE, MILL_COINS, MILL_GRAIN, MILL_TIME, OX, PLACE_INDEX, PLACE_NAMES, PLAGUE,
                   PLAGUE_TIME, PLOUGH, PRESTIGE_PRIVILEGE, SCROLL, TOOL, TOOL_FACTOR, TOWN0, TRAVEL_PRESTIGE,
                   TRAVEL_TIME, UNBORN, WAGON, WELL_CUBES)
from .death import die, resolve_forced
from .draws import DRAW_EFFECTS
from .info import council_advance_time
from .market import serve
from .mass import mass_done, raise_villager, redeem
from .payment import Need, pay_influence, piece_at, spend_time
from .state import VillageState
from .travel import REWARD, routes_from_place
from .words import place

GOOD_INDEX = {name: i for i, name in enumerate(GOODS)}
AREA_INDEX = {name: i for i, name in enumerate(AREAS)}
CUBE_INDEX = {name: i for i, name in enumerate(CUBE_NAMES)}
WELL_NEED: tuple[Need, ...] = ((WELL_CUBES, 0, 0, 0), (0, WELL_CUBES, 0, 0), (0, 0, WELL_CUBES, 0), (0, 0, 0, WELL_CUBES))
DONE, PRIVILEGE_OWED, CUBES_OWED = 3, 1, 2


def say(st: VillageState, text: str, **data: object) -> None:
    if st.events is not None:
        st.note(text, dict(data))


def harvest_gain(st: VillageState, p: int) -> int:
    """village.harvest.grain / harvest.limit: one combination only, capped by the farm's store and the supply."""
    goods = st.goods[p]
    gain = HARVEST_OX if goods[PLOUGH] and goods[OX] else HARVEST_HORSE if goods[PLOUGH] and goods[HORSE] else HARVEST_BASE
    gain = min(gain, GRAIN_LIMIT - st.grain[p], st.grain_supply)
    return gain if gain > 0 else 0


# --- the turn --------------------------------------------------------------------------------------------------

def _take(st: VillageState, move: Any) -> None:
    """village.turn.take_cube / turn.plague"""
    p = move.player
    a = AREA_INDEX[move.area]
    c = CUBE_INDEX[move.cube]
    st.spaces[a][c] -= 1
    st.area_cubes[a * 5 + c] -= 1
    st.area = a
    if c == PLAGUE:
        st.supply[PLAGUE] += 1
        if st.events is not None:
            say(st, f"{{p{p}}} takes a plague cube from {move.area}: two time lost.", player=p, area=move.area)
        spend_time(st, p, PLAGUE_TIME)
    else:
        st.cubes[p][c] += 1
        if st.events is not None:
            article = "an" if move.cube[0] in "aeiou" else "a"
            say(st, f"{{p{p}}} takes {article} {move.cube} cube from {move.area}.", player=p, area=move.area,
                cube=move.cube)


def _well(st: VillageState, move: Any) -> None:
    p = move.player
    colour = COLOURS.index(move.colour) if move.colour else 0
    pay_influence(st, p, WELL_NEED[colour], move.coins)
    st.area = AREA_INDEX[move.area]
    if st.events is not None:
        say(st, f"{{p{p}}} uses the Well for the {move.area} action.", player=p, area=move.area)


def _free(st: VillageState, move: Any) -> None:
    st.area = AREA_INDEX[move.area]
    if st.events is not None:
        say(st, f"{{p{move.player}}} takes the {move.area} action as a last action.", player=move.player,
            area=move.area)


# --- the actions -------------------------------------------------------------------------------------------------

def _skip(st: VillageState, move: Any) -> None:
    st.step = DONE
    if st.events is not None:
        say(st, f"{{p{move.player}}} does not act.", player=move.player)


def _harvest(st: VillageState, move: Any) -> None:
    p = move.player
    st.step = DONE
    gain = harvest_gain(st, p)
    st.grain[p] += gain
    st.grain_supply -= gain
    if st.events is not None:
        say(st, f"{{p{p}}} harvests {gain} grain.", player=p, grain=gain)


def _birth(st: VillageState, move: Any) -> None:
    p = move.player
    st.step = DONE
    places = st.places[p]
    i = places.index(UNBORN)  # pieces are kept in generation order: the first unborn is the lowest
    places[i] = FARM
    if st.events is not None:
        say(st, f"{{p{p}}}: a generation-{GENERATIONS[i]} villager is born.", player=p, generation=GENERATIONS[i])


def _recall(st: VillageState, move: Any) -> None:
    p = move.player
    st.step = DONE
    move_piece(st, p, PLACE_INDEX[move.place], move.generation, FARM)
    if st.events is not None:
        say(st, f"{{p{p}}} recalls a generation-{move.generation} villager from {place(move.place)} to the farm.",
            player=p)


def _mill(st: VillageState, move: Any) -> None:
    p = move.player
    st.step = DONE
    spend_time(st, p, MILL_TIME)
    st.grain[p] -= MILL_GRAIN
    st.grain_supply += MILL_GRAIN
    coins = min(MILL_COINS, st.coin_supply)
    st.coins[p] += coins
    st.coin_supply -= coins
    if st.events is not None:
        say(st, f"{{p{p}}} mills {MILL_GRAIN} grain into {coins} coin(s).", player=p, coins=coins)


def _church(st: VillageState, move: Any) -> None:
    p = move.player
    st.step = DONE
    if move.payment == "time":
        spend_time(st, p, CHURCH_TIME)
    else:
        pay_influence(st, p, BROWN_NEED, move.coins)
    move_piece(st, p, FARM, move.generation, BAG)
    if st.events is not None:
        say(st, f"{{p{p}}} sends a generation-{move.generation} villager into the church bag.", player=p)


def move_piece(st: VillageState, p: int, source: int, gen: int, target: int) -> None:
    places = st.places[p]
    places[piece_at(places, source, gen)] = target


def gain_good(st: VillageState, p: int, good: int, count: int = 1) -> int:
    count = min(count, st.goods_supply[good])
    st.goods[p][good] += count
    st.goods_supply[good] -= count
    return count


def _craft(st: VillageState, move: Any) -> None:
    p = move.player
    st.step = DONE
    good = GOOD_INDEX[move.good]
    b = BUILDING_OF_GOOD[good]
    building = BUILDINGS[b]
    if move.how == "train":
        move_piece(st, p, FARM, move.generation, BUILDING0 + b)
        spend_time(st, p, building.training + building.production)
    elif move.how == "worker":
        spend_time(st, p, building.production)
    elif building.grain:
        st.grain[p] -= building.grain
        st.grain_supply += building.grain
    else:
        pay_influence(st, p, RESOURCE_NEED[b], move.coins)
    count = building.output
    if move.tool:  # Marriage: the tool is spent and the output doubled
        st.goods[p][TOOL] -= 1
        st.goods_supply[TOOL] += 1
        count *= TOOL_FACTOR
    made = gain_good(st, p, good, count)
    if st.events is not None:
        how = move.how + ("_tool" if move.tool else "")
        say(st, f"{{p{p}}} makes {made} {move.good} at the {building.name.replace('_', ' ')} ({how}).",
            player=p, good=move.good, how=how)


def _council(st: VillageState, move: Any) -> None:
    p = move.player
    source = PLACE_INDEX[move.place]
    if source == FARM:
        target = COUNCIL1
        spend_time(st, p, COUNCIL_ENTER_TIME)
    else:
        target = source + 1
        spend_time(st, p, council_advance_time(st.options)[target - COUNCIL1 + 1])
    if move.payment == "scroll":
        st.goods[p][SCROLL] -= 1
        st.goods_supply[SCROLL] += 1
    else:
        pay_influence(st, p, GREEN_NEED, move.coins)
    move_piece(st, p, source, move.generation, target)
    st.priv_max = target - COUNCIL1 + 1
    st.step = PRIVILEGE_OWED
    if st.events is not None:
        say(st, f"{{p{p}}}'s councillor reaches stage {st.priv_max}.", player=p, stage=st.priv_max)


def _privilege(st: VillageState, move: Any) -> None:
    """village.council.ring / cubes / good / prestige"""
    p, k = move.player, move.stage
    st.step = DONE
    if k == 1:
        st.ring = p
        if st.events is not None:
            say(st, f"{{p{p}}} takes the next-starting-player ring.", player=p)
    elif k == 2:
        st.step = CUBES_OWED
    elif k == 3:
        gain_good(st, p, GOOD_INDEX[move.good])
        if st.events is not None:
            say(st, f"{{p{p}}} takes a {move.good} (privilege 3).", player=p, good=move.good)
    elif k == 4:
        st.coins[p] -= 1
        st.coin_supply += 1
        st.prestige[p] += PRESTIGE_PRIVILEGE
        if st.events is not None:
            say(st, f"{{p{p}}} pays a coin for {PRESTIGE_PRIVILEGE} prestige.", player=p)


def _travel(st: VillageState, move: Any) -> None:
    p = move.player
    st.step = DONE
    source = PLACE_INDEX[move.origin]
    target = PLACE_INDEX[move.town]
    town = target - TOWN0
    need = next(n for t, n in routes_from_place(source) if t == town)
    spend_time(st, p, TRAVEL_TIME)
    st.goods[p][WAGON] -= 1
    st.goods_supply[WAGON] += 1
    pay_influence(st, p, need, move.coins)
    move_piece(st, p, source, move.generation, target)
    if st.events is not None:
        say(st, f"{{p{p}}} travels from {place(move.origin)} to {place(PLACE_NAMES[target])}.", player=p,
            town=PLACE_NAMES[target])
    if not st.visited[p] >> town & 1:
        _reach(st, p, town)


def _reach(st: VillageState, p: int, town: int) -> None:
    """village.travel.reward: a disc on a town newly reached, and its reward once."""
    st.visited[p] |= 1 << town
    reward = REWARD[town]
    if reward == "cubes":
        if sum(st.supply[:4]) >= 2:
            st.step = CUBES_OWED
    elif reward == "coin":
        if st.coin_supply:
            st.coins[p] += 1
            st.coin_supply -= 1
    else:
        st.prestige[p] += TRAVEL_PRESTIGE
    if st.events is not None:
        say(st, f"{{p{p}}} places a disc on {PLACE_NAMES[TOWN0 + town]} (reward: {reward}).", player=p, reward=reward)


# --- the market day, the cubes owed, deaths, the Mass --------------------------------------------------------------

def _serve(st: VillageState, move: Any) -> None:
    serve(st, move.player, move.stall - 1, move.coins)
    st.first_sale = False
    resolve_forced(st)  # village.death.market_at_once


def _pass(st: VillageState, move: Any) -> None:
    st.passed[move.player] = True
    st.first_sale = False


def _cubes(st: VillageState, move: Any) -> None:
    p = move.player
    for name in (move.first, move.second):
        c = COLOURS.index(name)
        st.supply[c] -= 1
        st.cubes[p][c] += 1
    st.step = DONE
    if st.events is not None:
        say(st, f"{{p{p}}} takes two cubes: {move.first} and {move.second}.", player=p)


def _dies(st: VillageState, move: Any) -> None:
    die(st, move.player, PLACE_INDEX[move.place], move.generation)
    resolve_forced(st)


EFFECTS: dict[str, Callable[[VillageState, Any], None]] = {
    "take": _take, "well": _well, "free": _free, "skip": _skip, "harvest": _harvest, "birth": _birth,
    "recall": _recall, "craft": _craft, "mill": _mill, "council": _council, "privilege": _privilege,
    "travel": _travel, "church": _church, "serve": _serve, "pass": _pass, "cubes": _cubes, "dies": _dies,
    "redeem": redeem, "raise": raise_villager, "done": mass_done, **DRAW_EFFECTS,
}


def apply_move(st: VillageState, move: Any) -> None:
    EFFECTS[move.kind](st, move)
