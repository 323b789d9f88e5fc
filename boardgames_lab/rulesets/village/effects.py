"""What an action move does to the state (legality is checked before: see actions.py and explain.py)."""
from __future__ import annotations

from .actions import BROWN_NEED, GREEN_NEED, RESOURCE_NEED, harvest_gain
from .data import (BUILDING_OF_GOOD, BUILDINGS, CHURCH_TIME, COUNCIL_ENTER_TIME, GENERATIONS,
                   GOODS, MILL_COINS, MILL_GRAIN, MILL_TIME, PRESTIGE_PRIVILEGE, SCROLL, TOOL, TOOL_FACTOR,
                   TRAVEL_PRESTIGE, TRAVEL_TIME, WAGON)
from .info import council_advance_time
from .moves import Move
from .places import BAG, BUILDING0, COUNCIL1, FARM, PLACE_INDEX, PLACE_NAMES, TOWN0, UNBORN
from .payment import pay_influence, piece_at, spend_time
from .state import VillageState
from .travel import REWARD, routes_from_place

GOOD_INDEX = {name: i for i, name in enumerate(GOODS)}
DONE, PRIVILEGE_OWED, CUBES_OWED = 3, 1, 2


def _say(st: VillageState, text: str, **data: object) -> None:
    if st.events is not None:
        st.note(text, dict(data))


def apply_action(st: VillageState, p: int, move: Move) -> None:
    """Carry out an action; ``st.step`` says what is still owed afterwards."""
    st.step = DONE
    kind = move.kind
    if kind == "skip":
        if st.events is not None:
            _say(st, f"{{p{p}}} does not act.", player=p)
    elif kind == "harvest":
        gain = harvest_gain(st, p)
        st.grain[p] += gain
        st.grain_supply -= gain
        if st.events is not None:
            _say(st, f"{{p{p}}} harvests {gain} grain.", player=p, grain=gain)
    elif kind == "birth":
        places = st.places[p]
        i = places.index(UNBORN)  # pieces are kept in generation order: the first unborn is the lowest
        places[i] = FARM
        if st.events is not None:
            _say(st, f"{{p{p}}}: a generation-{GENERATIONS[i]} villager is born.", player=p, generation=GENERATIONS[i])
    elif kind == "recall":
        _move_piece(st, p, PLACE_INDEX[move.a], move.gen, FARM)
        if st.events is not None:
            _say(st, f"{{p{p}}} recalls a generation-{move.gen} villager from {move.a} to the farm.", player=p)
    elif kind == "craft":
        _craft(st, p, move)
    elif kind == "mill":
        spend_time(st, p, MILL_TIME)
        st.grain[p] -= MILL_GRAIN
        st.grain_supply += MILL_GRAIN
        coins = min(MILL_COINS, st.coin_supply)
        st.coins[p] += coins
        st.coin_supply -= coins
        if st.events is not None:
            _say(st, f"{{p{p}}} mills {MILL_GRAIN} grain into {coins} coin(s).", player=p, coins=coins)
    elif kind == "council":
        _council(st, p, move)
    elif kind == "privilege":
        take_privilege(st, p, move)
    elif kind == "travel":
        _travel(st, p, move)
    elif kind == "church":
        if move.b == "time":
            spend_time(st, p, CHURCH_TIME)
        else:
            pay_influence(st, p, BROWN_NEED, move.coins)
        _move_piece(st, p, FARM, move.gen, BAG)
        if st.events is not None:
            _say(st, f"{{p{p}}} sends a generation-{move.gen} villager into the church bag.", player=p)


def _move_piece(st: VillageState, p: int, source: int, gen: int, target: int) -> None:
    places = st.places[p]
    places[piece_at(places, source, gen)] = target


def gain_good(st: VillageState, p: int, good: int, count: int = 1) -> int:
    count = min(count, st.goods_supply[good])
    st.goods[p][good] += count
    st.goods_supply[good] -= count
    return count


def _craft(st: VillageState, p: int, move: Move) -> None:
    good = GOOD_INDEX[move.a]
    b = BUILDING_OF_GOOD[good]
    building = BUILDINGS[b]
    how, _, tool = move.b.partition("_")
    if how == "train":
        _move_piece(st, p, FARM, move.gen, BUILDING0 + b)
        spend_time(st, p, building.training + building.production)
    elif how == "worker":
        spend_time(st, p, building.production)
    elif building.grain:
        st.grain[p] -= building.grain
        st.grain_supply += building.grain
    else:
        pay_influence(st, p, RESOURCE_NEED[b], move.coins)
    count = building.output
    if tool:  # Marriage: the tool is spent and the output doubled
        st.goods[p][TOOL] -= 1
        st.goods_supply[TOOL] += 1
        count *= TOOL_FACTOR
    made = gain_good(st, p, good, count)
    if st.events is not None:
        _say(st, f"{{p{p}}} makes {made} {move.a} at the {building.name.replace('_', ' ')} ({move.b}).",
             player=p, good=move.a, how=move.b)


def _council(st: VillageState, p: int, move: Move) -> None:
    source = PLACE_INDEX[move.a]
    if source == FARM:
        target = COUNCIL1
        spend_time(st, p, COUNCIL_ENTER_TIME)
    else:
        target = source + 1
        spend_time(st, p, council_advance_time(st.options)[target - COUNCIL1 + 1])
    if move.b == "scroll":
        st.goods[p][SCROLL] -= 1
        st.goods_supply[SCROLL] += 1
    else:
        pay_influence(st, p, GREEN_NEED, move.coins)
    _move_piece(st, p, source, move.gen, target)
    st.priv_max = target - COUNCIL1 + 1
    st.step = PRIVILEGE_OWED
    if st.events is not None:
        _say(st, f"{{p{p}}}'s councillor reaches stage {st.priv_max}.", player=p, stage=st.priv_max)


def take_privilege(st: VillageState, p: int, move: Move) -> None:
    """village.council.ring / cubes / good / prestige"""
    k = move.a
    st.step = DONE
    if k == "1":
        st.ring = p
        if st.events is not None:
            _say(st, f"{{p{p}}} takes the next-starting-player ring.", player=p)
    elif k == "2":
        st.step = CUBES_OWED
    elif k == "3":
        gain_good(st, p, GOOD_INDEX[move.b])
        if st.events is not None:
            _say(st, f"{{p{p}}} takes a {move.b} (privilege 3).", player=p, good=move.b)
    elif k == "4":
        st.coins[p] -= 1
        st.coin_supply += 1
        st.prestige[p] += PRESTIGE_PRIVILEGE
        if st.events is not None:
            _say(st, f"{{p{p}}} pays a coin for {PRESTIGE_PRIVILEGE} prestige.", player=p)


def _travel(st: VillageState, p: int, move: Move) -> None:
    source = PLACE_INDEX[move.a]
    target = PLACE_INDEX[move.b]
    town = target - TOWN0
    need = next(n for t, n in routes_from_place(source) if t == town)
    spend_time(st, p, TRAVEL_TIME)
    st.goods[p][WAGON] -= 1
    st.goods_supply[WAGON] += 1
    pay_influence(st, p, need, move.coins)
    _move_piece(st, p, source, move.gen, target)
    if st.events is not None:
        _say(st, f"{{p{p}}} travels from {move.a} to {PLACE_NAMES[target]}.", player=p, town=PLACE_NAMES[target])
    if st.visited[p] >> town & 1:
        return
    st.visited[p] |= 1 << town  # village.travel.reward: a disc, and the reward once
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
        _say(st, f"{{p{p}}} places a disc on {PLACE_NAMES[target]} (reward: {reward}).", player=p, reward=reward)
