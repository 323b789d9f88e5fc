"""Why a move that is not legal here is refused: the first rule it breaks, checked in the order the rules apply.

Each move kind has one function that walks the same conditions its move generator uses (actions.py, market.py,
death.py, mass.py) and returns ``(rule id without the "village." prefix, reason)``. A move that passes every
check but is still not legal gets ``UNEXPLAINED``, which the tests treat as a defect: it means a check is missing.
"""
from __future__ import annotations

import re
from typing import Callable

from .actions import GREEN_NEED, RESOURCE_NEED, STAGE, TOP_STAGE, farm_gens
from .data import (AREAS, BREAD, BREWERY, BUILDING_OF_GOOD, BUILDINGS, CHURCH_STAGES, COLOURS, CUBE_NAMES, GENERATIONS,
                   GOODS, MASS_PIECES, MILL_GRAIN, SCROLL, TOOL, WAGON, WELL_CUBES)
from .death import death_options
from .info import church_grain, goods_totals
from .moves import HOW, Move
from .market import DEMAND, GRAIN_DEMAND
from .payment import Need
from .places import BAG, CHURCH1, COUNCIL1, FARM, PLACE_INDEX, PLACE_NAMES, TOWN0, alive_on_board, visible
from .state import VillageState
from .travel import TOWN_INDEX, routes_from_place

Refusal = tuple[str, str]
TOWN_INDEX_LOWER = {name.lower(): i for name, i in TOWN_INDEX.items()}
UNEXPLAINED = "no rule of this position allows it"
AREA_INDEX = {name: i for i, name in enumerate(AREAS)}
GOOD_INDEX = {name: i for i, name in enumerate(GOODS)}
BARE = ("skip", "harvest", "birth", "mill", "pass", "done")
KIND_RULE = {"take": "turn.take_cube", "well": "well.action", "free": "end.no_cubes", "skip": "turn.skip",
             "harvest": "harvest.grain", "birth": "family.birth", "recall": "family.recall", "craft": "crafts.worker",
             "mill": "crafts.mill", "council": "council.enter", "privilege": "council.privilege",
             "travel": "travel.route", "church": "church.action", "serve": "market.available",
             "pass": "market.pass_final", "cubes": "council.cubes", "dies": "death.oldest", "redeem": "mass.select",
             "raise": "mass.advance", "done": "mass.select"}
BROWN_NEED: Need = (0, 0, 1, 0)
SURCHARGE_NEED: Need = (0, 1, 0, 0)
CHURCH4 = CHURCH1 + CHURCH_STAGES - 1
_STALL = re.compile(r"[1-9][0-9]*", re.ASCII)


def field_fault(move: Move) -> Refusal | None:
    """Fields of the wrong type or out of range, whatever the position (the notation's own limits)."""
    rule = KIND_RULE[move.kind]
    for name in ("a", "b"):
        value = getattr(move, name)
        if not isinstance(value, str):
            return rule, f"the move's field '{name}' must be text (a name), not {value!r}"
    gen, coins = move.gen, move.coins
    if type(gen) is not int or not 0 <= gen <= 4:
        return rule, f"the move's field 'gen' must be a generation 1 to 4 (0: no villager), not {gen!r}"
    if type(coins) is not int or not 0 <= coins <= 9:
        return "coins.joker", f"the move's field 'coins' must be a number of coins from 0 to 9, not {coins!r}"
    if move.kind in BARE and (move.a or move.b or gen or coins):
        return rule, f"'{move.kind}' takes nothing more: no place, choice, generation or coins" + _bare_hint(move.kind)
    return None


def _bare_hint(kind: str) -> str:
    if kind == "birth":
        return " (the lowest-numbered unborn villager is born, whatever its generation)"
    return ""


def _names(items: list[str]) -> str:
    return ", ".join(items) if items else "none"


def _own_gens(st: VillageState, p: int, place: int) -> list[int]:
    return sorted({g for w, g in zip(st.places[p], GENERATIONS) if w == place})


def _villager_fault(st: VillageState, p: int, place: int, gen: int, rule: str) -> Refusal | None:
    """The mover must own a villager of ``gen`` at ``place``."""
    gens = _own_gens(st, p, place)
    if gen == 0:
        return rule, f"name the villager's generation (g1 to g4); yours at {PLACE_NAMES[place]}: {_names([f'g{g}' for g in gens])}"
    if gen not in gens:
        return rule, (f"you have no generation-{gen} villager at {PLACE_NAMES[place]} (there: "
                      f"{_names([f'g{g}' for g in gens])})")
    return None


def coin_fault(st: VillageState, p: int, need: Need, coins: int, rule: str, what: str) -> Refusal | None:
    """village.coins.joker: a coin may stand in for any one cube of ``need``; the cubes not covered are paid."""
    have, money = st.cubes[p], st.coins[p]
    total = sum(need)
    short = sum(n - have[c] for c, n in enumerate(need) if have[c] < n)
    cubes = " + ".join(f"{n} {COLOURS[c]}" for c, n in enumerate(need) if n)
    if coins > total:
        return "coins.joker", f"{what} costs {cubes}: at most {total} coin(s) can stand in, not {coins}"
    if coins > money:
        return "coins.joker", f"you have {money} coin(s), so {coins} cannot stand in for cubes"
    if short > money:
        return rule, (f"{what} costs {cubes}; you lack {short} of those cubes and have only {money} coin(s) "
                      "to stand in")
    if coins < short:
        return rule, f"{what} costs {cubes}; you lack {short} of those cubes: pay {short} coin(s) in their place (+{short}c)"
    return None


# --- the turn ---------------------------------------------------------------------------------------------------

def _take(st: VillageState, p: int, move: Move) -> Refusal:
    if st.no_cubes:
        return "end.no_cubes", "the board is empty: take any action with 'free <area>'"
    if move.a not in AREA_INDEX:
        return "turn.take_cube", f"'{move.a}' is not an action area; areas: {', '.join(AREAS)}"
    if move.b not in CUBE_NAMES:
        return "turn.take_cube", f"'{move.b}' is not a cube; cubes: {', '.join(CUBE_NAMES)}"
    if move.gen or move.coins:
        return "turn.take_cube", "taking a cube names only the area and the cube: 'take <area> <cube>'"
    return "turn.take_cube", f"the {move.a} area holds no {move.b} cube"


def _well(st: VillageState, p: int, move: Move) -> Refusal:
    if st.no_cubes:
        return "end.no_cubes", "the board is empty: act without the Well, e.g. 'free harvest'"
    if move.a not in AREA_INDEX:
        return "well.action", f"'{move.a}' is not an action area; areas: {', '.join(AREAS)}"
    if move.gen:
        return "well.action", "the Well takes no villager (no generation)"
    if move.b == "":
        if move.coins != WELL_CUBES:
            return "well.action", "the Well without a colour is paid with three coins (+3c)"
        if st.coins[p] < WELL_CUBES:
            return "coins.joker", f"you have {st.coins[p]} coin(s), not three"
    elif move.b not in COLOURS:
        return "well.action", f"the Well takes three influence of one colour ({', '.join(COLOURS)}), not '{move.b}'"
    else:
        colour = COLOURS.index(move.b)
        need = tuple(WELL_CUBES if c == colour else 0 for c in range(4))
        if move.coins >= WELL_CUBES:
            return "well.action", f"three coins pay the Well without a colour: 'well {move.a} +3c'"
        fault = coin_fault(st, p, need, move.coins, "well.action", "the Well")  # type: ignore[arg-type]
        if fault:
            return fault
    return "well.action", f"the {move.a} action offers you nothing to do now, so the Well cannot open it"


def _free(st: VillageState, p: int, move: Move) -> Refusal:
    if not st.no_cubes:
        return "end.no_cubes", "'free' actions exist only in the last actions once the board has no cubes; take a cube"
    if move.a not in AREA_INDEX or move.b or move.gen or move.coins:
        return "end.no_cubes", f"write a free action as 'free <area>'; areas: {', '.join(AREAS)}"
    return "end.no_cubes", f"the {move.a} action offers you nothing to do now"


# --- the actions --------------------------------------------------------------------------------------------------

def _harvest(st: VillageState, p: int, move: Move) -> Refusal:
    return "harvest.grain", "harvesting needs a villager on your farm"


def _birth(st: VillageState, p: int, move: Move) -> Refusal:
    return "family.birth", "every villager of yours is already born; recall one instead"


def _recall(st: VillageState, p: int, move: Move) -> Refusal:
    place = PLACE_INDEX.get(move.a, -1)
    if place < 0:
        return "family.recall", f"'{move.a}' is not a place on the board"
    if not alive_on_board(place):
        return "family.recall", (f"only a living villager on the board can be recalled, not one at {move.a} "
                                 "(the farm, the black bag, the unborn and the dead cannot)")
    if move.b or move.coins:
        return "family.recall", "a recall names only the place and the generation: 'recall <place> g<n>'"
    return _villager_fault(st, p, place, move.gen, "family.recall") or ("family.recall", UNEXPLAINED)


def _craft(st: VillageState, p: int, move: Move) -> Refusal:
    if move.a == "mill":
        return "crafts.mill", "the mill takes no worker and no choice: it is its own move, 'mill'"
    good = GOOD_INDEX.get(move.a, -1)
    if good < 0 or BUILDING_OF_GOOD[good] < 0:
        made = [g for g, b in zip(GOODS, BUILDING_OF_GOOD) if b >= 0]
        return "crafts.worker", f"no craft building makes '{move.a}'; goods made: {', '.join(made)}"
    b = BUILDING_OF_GOOD[good]
    building = BUILDINGS[b]
    if b == BREWERY and not st.options.get("inn_brewery"):
        return "inn.brewery", "the brewery belongs to the Inn expansion: start the game with inn_brewery=True"
    if move.b not in HOW:
        return "crafts.worker", f"say how the good is made: {', '.join(HOW)}; not '{move.b}'"
    how, _, tool = move.b.partition("_")
    if tool and not st.options.get("marriage"):
        return "marriage.tools", "tools belong to the Marriage expansion: start the game with marriage=True"
    if tool and not st.goods[p][TOOL]:
        return "marriage.tools", "a doubled output needs a tool (Marriage); take one with the stage-3 privilege"
    if not st.goods_supply[good]:
        return "crafts.worker", f"no {move.a} is left in the supply"
    if how == "train":
        return _train(st, p, move, building.name)
    if move.gen:
        return "crafts.worker", f"'{how}' uses no villager from the farm: leave out the generation"
    if how == "worker":
        if move.coins:
            return "crafts.worker", "a trained worker pays with time, not coins"
        return "crafts.worker", f"you have no trained villager at the {building.name}; train one ('craft {move.a} train g<n>')"
    return _resources(st, p, move, b)


def _train(st: VillageState, p: int, move: Move, building: str) -> Refusal:
    if move.coins:
        return "crafts.training", "training pays with time, not coins"
    if move.gen == 0:
        return "crafts.training", "name the generation of the farm villager who trains ('train g<n>')"
    gens = farm_gens(st.places[p])
    if move.gen not in gens:
        return "crafts.training", (f"training at the {building} needs a generation-{move.gen} villager on your farm "
                                   f"(on your farm: {_names([f'g{g}' for g in gens])})")
    return "crafts.training", UNEXPLAINED


def _resources(st: VillageState, p: int, move: Move, b: int) -> Refusal:
    building = BUILDINGS[b]
    if building.grain:
        if move.coins:
            return "coins.joker", f"the {building.name} takes grain, and a coin stands in only for an influence cube"
        if st.grain[p] < building.grain:
            return "crafts.resources", f"the {building.name} needs {building.grain} grain without a worker; you have {st.grain[p]}"
        return "crafts.resources", UNEXPLAINED
    if not building.cubes:
        return "crafts.resources", f"the {building.name} has no resource alternative: it needs a trained worker"
    return (coin_fault(st, p, RESOURCE_NEED[b], move.coins, "crafts.resources", f"the {building.name} without a worker")
            or ("crafts.resources", UNEXPLAINED))


def _mill(st: VillageState, p: int, move: Move) -> Refusal:
    if st.grain[p] < MILL_GRAIN:
        return "crafts.mill", f"the mill needs {MILL_GRAIN} grain; you have {st.grain[p]}"
    return "crafts.mill", "no coins are left in the supply for the mill to give"


def _council(st: VillageState, p: int, move: Move) -> Refusal:
    place = PLACE_INDEX.get(move.a, -1)
    if place != FARM and not COUNCIL1 <= place <= TOP_STAGE:
        return "council.enter", f"a councillor comes from your farm or a council stage, not from '{move.a}'"
    rule = "council.enter" if place == FARM else "council.advance"
    if place == TOP_STAGE:
        return "council.advance", "stage 4 is the top of the council chamber: that councillor cannot advance"
    fault = _villager_fault(st, p, place, move.gen, rule)
    if fault:
        return fault
    if move.b == "scroll":
        if move.coins:
            return rule, "a scroll pays on its own: no coins with it"
        if not st.goods[p][SCROLL]:
            return rule, "you have no scroll; pay two green (coins may stand in)"
        return rule, UNEXPLAINED
    if move.b != "green":
        return rule, f"the council is paid with 'green' (two green) or 'scroll', not '{move.b}'"
    return coin_fault(st, p, GREEN_NEED, move.coins, rule, "the council") or (rule, UNEXPLAINED)


def _privilege(st: VillageState, p: int, move: Move) -> Refusal:
    if move.gen or move.coins:
        return "council.privilege", "a privilege takes no generation and no coins"
    action = st.phase == "action"
    top = max(map(STAGE.__getitem__, st.places[p])) if action else st.priv_max
    if move.a == "none":
        if action:
            return "council.privilege", "'privilege none' answers an owed privilege; here just take the action you want"
        return "council.privilege", "'privilege none' takes nothing more"
    if move.a not in ("1", "2", "3", "4"):
        return "council.privilege", f"privileges are numbered 1 to 4 by stage, not '{move.a}'"
    stage = int(move.a)
    if action and not top:
        return "council.privilege", "a privilege without advancing needs a councillor of yours in the chamber"
    if stage > top:
        return "council.privilege", f"stage {stage}'s privilege needs a councillor on stage {stage} or higher; yours reach stage {top}"
    if stage != 3 and move.b:
        return "council.privilege", f"privilege {stage} takes no choice of good"
    return _privilege_detail(st, p, stage, move.b)


def _privilege_detail(st: VillageState, p: int, stage: int, good: str) -> Refusal:
    if stage == 1:
        return "council.ring", "the next-starting-player ring has already been taken this round"
    if stage == 2:
        return "council.cubes", "the supply holds fewer than two influence cubes"
    if stage == 3:
        if good not in GOOD_INDEX:
            return "council.good", f"name the good you take: {', '.join(GOODS)}"
        if not goods_totals(st.options)[GOOD_INDEX[good]]:
            return "council.good", f"there is no {good} in this game: it comes with an expansion option"
        if not st.goods_supply[GOOD_INDEX[good]]:
            return "council.good", f"no {good} is left in the supply"
        return "council.good", UNEXPLAINED
    if not st.coins[p]:
        return "council.prestige", "the stage-4 privilege costs one coin and you have none"
    return "council.prestige", UNEXPLAINED


def _travel(st: VillageState, p: int, move: Move) -> Refusal:
    if not st.goods[p][WAGON]:
        return "travel.route", "travelling costs one wagon and you have none; make one at the wagon maker"
    place = PLACE_INDEX.get(move.a, -1)
    if place != FARM and move.a not in TOWN_INDEX_LOWER:
        return "travel.route", f"a traveller sets out from your farm or a town, not from '{move.a}'"
    fault = _villager_fault(st, p, place, move.gen, "travel.route")
    if fault:
        return fault
    routes = {PLACE_NAMES[TOWN0 + town]: need for town, need in routes_from_place(place)}
    if move.b not in routes:
        where = "the village" if place == FARM else move.a
        return "travel.route", f"no route leads from {where} to '{move.b}'; routes go to {', '.join(routes)}"
    return (coin_fault(st, p, routes[move.b], move.coins, "travel.route", f"the route to {move.b}")
            or ("travel.route", UNEXPLAINED))


def _church(st: VillageState, p: int, move: Move) -> Refusal:
    if move.a:
        return "church.action", (f"the church names no place (it takes a farm villager), not '{move.a}': "
                                 "'church g<n> brown' or 'church g<n> time'")
    fault = _villager_fault(st, p, FARM, move.gen, "church.action")
    if fault:
        return fault
    if move.b == "time":
        if move.coins:
            return "church.action", "three time pays on its own: no coins with it"
        return "church.action", UNEXPLAINED
    if move.b != "brown":
        return "church.action", f"the church is paid with 'brown' (one brown) or 'time' (three time), not '{move.b}'"
    return coin_fault(st, p, BROWN_NEED, move.coins, "church.action", "the church") or ("church.action", UNEXPLAINED)


# --- the market day, deaths, the cubes owed and the Mass -----------------------------------------------------------

def _serve(st: VillageState, p: int, move: Move) -> Refusal:
    if not _STALL.fullmatch(move.a) or int(move.a) > len(st.stalls):
        return "market.available", f"name a stall from 1 to {len(st.stalls)}, not '{move.a}'"
    tile = st.stalls[int(move.a) - 1]
    if tile < 0:
        return "market.available", f"stall {move.a} holds no customer"
    if move.b or move.gen:
        return "market.available", "a sale names only the stall: 'serve <stall>' (+1c: a coin pays the green)"
    if st.first_sale and p == st.opener:
        if move.coins:
            return "market.first_sale", "the first sale of your market day has no surcharge: serve without coins"
    else:
        fault = coin_fault(st, p, SURCHARGE_NEED, move.coins, "market.surcharge", "every sale after the first")
        if fault:
            return fault
    lacking = [f"{n - st.goods[p][g]} {GOODS[g]}" for g, n in DEMAND[tile] if st.goods[p][g] < n]
    if st.grain[p] < GRAIN_DEMAND[tile]:
        lacking.append(f"{GRAIN_DEMAND[tile] - st.grain[p]} grain")
    if lacking:
        return "market.available", f"the customer on stall {move.a} asks for more than you have: you lack {', '.join(lacking)}"
    return "market.available", UNEXPLAINED


def _cubes(st: VillageState, p: int, move: Move) -> Refusal:
    if move.gen or move.coins or move.a not in COLOURS or move.b not in COLOURS:
        return "council.cubes", f"name two influence colours ({', '.join(COLOURS)}), e.g. 'cubes green pink'"
    if COLOURS.index(move.a) > COLOURS.index(move.b):
        return "council.cubes", f"write the colours in the order {', '.join(COLOURS)}: 'cubes {move.b} {move.a}'"
    want = [COLOURS.index(move.a), COLOURS.index(move.b)]
    for c in set(want):
        if st.supply[c] < want.count(c):
            return "council.cubes", f"the supply holds {st.supply[c]} {COLOURS[c]} cube(s)"
    return "council.cubes", UNEXPLAINED


def _dies(st: VillageState, p: int, move: Move) -> Refusal:
    options = death_options(st.places[p])
    named = ", ".join(f"'dies {PLACE_NAMES[w]} g{g}'" for w, g in options)
    if move.b or move.coins:
        return "death.oldest", f"a death names only the place and the generation, e.g. {named}"
    if move.a not in PLACE_INDEX:
        return "death.oldest", f"'{move.a}' is not a place; choose from {named}"
    if not visible(PLACE_INDEX[move.a]):
        return "death.oldest", f"only a visible villager (farm or board) can die, not one at {move.a}; choose from {named}"
    low = min((g for _, g in options), default=0)
    if not move.gen:
        return "death.oldest", f"name the generation of the villager who dies: {named}"
    if move.gen and move.gen != low:
        return "death.oldest", f"the oldest visible villagers are of generation {low}: one of them dies ({named})"
    return "death.oldest", f"no villager of that generation stands at {move.a} to die; choose from {named}"


def _redeem(st: VillageState, p: int, move: Move) -> Refusal:
    if move.a or move.b or move.coins:
        return "mass.select", "a buy-out costs one coin and names only the generation: 'redeem g<n>'"
    if st.selected >= MASS_PIECES:
        return "mass.select", f"{MASS_PIECES} pieces have been taken out of the bag already"
    if not st.coins[p]:
        return "mass.select", "buying a villager out of the bag costs one coin and you have none"
    return _villager_fault(st, p, BAG, move.gen, "mass.select") or ("mass.select", UNEXPLAINED)


def _raise(st: VillageState, p: int, move: Move) -> Refusal:
    place = PLACE_INDEX.get(move.a, -1)
    if not CHURCH1 <= place <= CHURCH4:
        return "mass.advance", f"only a villager on a church stage advances, not one at '{move.a}'"
    if place == CHURCH4:
        return "mass.advance", "church stage 4 is the last: that villager cannot advance"
    if move.coins:
        return "mass.advance", "a church stage is paid with grain or bread, not coins"
    fault = _villager_fault(st, p, place, move.gen, "mass.advance")
    if fault:
        return fault
    if move.b == "bread":
        if not st.options.get("marriage"):
            return "marriage.bread", "bread belongs to the Marriage expansion: start the game with marriage=True"
        if not st.goods[p][BREAD]:
            return "marriage.bread", "you have no bread to pay the stage with"
        return "marriage.bread", UNEXPLAINED
    if move.b:
        return "mass.advance", f"a stage is paid with grain (nothing to write) or 'bread', not '{move.b}'"
    stage = place - CHURCH1 + 2
    cost = church_grain(st.options)[stage]
    return "mass.advance", f"church stage {stage} costs {cost} grain; you have {st.grain[p]}"


Check = Callable[[VillageState, int, Move], Refusal]
ACTION_CHECKS: dict[str, Check] = {
    "harvest": _harvest, "birth": _birth, "recall": _recall, "craft": _craft, "mill": _mill, "council": _council,
    "privilege": _privilege, "travel": _travel, "church": _church, "serve": _serve, "cubes": _cubes,
    "dies": _dies, "redeem": _redeem, "raise": _raise,
}
TURN_CHECKS: dict[str, Check] = {"take": _take, "well": _well, "free": _free}
CHECKS = {**TURN_CHECKS, **ACTION_CHECKS}

