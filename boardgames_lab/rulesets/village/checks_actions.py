"""The village actions (rulebook: Harvest, Family, Crafts, Council chamber, Travel, Church): one check per kind.

Each ``can_*`` decides whether the action is open to the player, whatever area their cube came from: None, or
the Refusal naming the rule that forbids it. The move kind's check (checks.py) adds the area rule first; the Well
and the last actions ask ``area_offers`` whether an area's action has any move to make.
"""
from __future__ import annotations

from typing import Any

from ...core.moves import Refusal
from .data import (BAG, BREWERY, BUILDING0, BUILDINGS, BUILDING_OF_GOOD, CHURCH, COLOURS, COUNCIL, COUNCIL1,
                   COUNCIL_GREEN, COUNCIL_STAGES, CRAFTS, FAMILY, FARM, GENERATIONS, GOODS, HARVEST, MARKET, MILL_GRAIN,
                   PLACE_INDEX, PLACE_NAMES, SCROLL, TOOL, TOWN0, TRAVEL, UNBORN, WAGON, alive_on_board)
from .moves import Church, Council, Craft, Privilege, Recall, Travel
from .movetables import IS_TOWN, MOVES
from .payment import Need
from .state import VillageState
from .travel import routes_from_place
from .words import place as place_words

P = "village."
GOOD_INDEX = {name: i for i, name in enumerate(GOODS)}
GREEN_NEED: Need = (0, COUNCIL_GREEN, 0, 0)
BROWN_NEED: Need = (0, 0, 1, 0)
TOP_STAGE = COUNCIL1 + COUNCIL_STAGES - 1
STAGE = tuple(w - COUNCIL1 + 1 if COUNCIL1 <= w < BAG else 0 for w in range(len(PLACE_NAMES)))  # 0: no council


def _need(colours: tuple[int, ...]) -> Need:
    need = [0, 0, 0, 0]
    for c in colours:
        need[c] += 1
    return (need[0], need[1], need[2], need[3])


RESOURCE_NEED = tuple(_need(b.cubes) for b in BUILDINGS)


def no(rule: str, reason: str, remedy: str = "") -> Refusal:
    return Refusal(P + rule, reason, remedy)


def _generations(gens: list[int]) -> str:
    """Villagers by generation in words: "generations 1 and 2", "none"."""
    if not gens:
        return "none"
    listed = ", ".join(map(str, gens[:-1])) + f" and {gens[-1]}" if len(gens) > 1 else str(gens[0])
    return f"generation{'s' if len(gens) > 1 else ''} {listed}"


def own_gens(st: VillageState, p: int, place: int) -> list[int]:
    return sorted({g for w, g in zip(st.places[p], GENERATIONS) if w == place})


def villager_fault(st: VillageState, p: int, place: int, gen: int, rule: str) -> Refusal | None:
    """The mover must own a villager of generation ``gen`` at ``place``."""
    gens = own_gens(st, p, place)
    if gen not in gens:
        return no(rule, f"you have no generation-{gen} villager at {place_words(PLACE_NAMES[place])} "
                        f"(yours there: {_generations(gens)})",
                  "name one of your villagers there" if gens else "")
    return None


def coin_fault(st: VillageState, p: int, need: Need, coins: int, rule: str, what: str) -> Refusal | None:
    """village.coins.joker: a coin may stand in for any one cube of ``need``; the cubes not covered are paid."""
    have, money = st.cubes[p], st.coins[p]
    total = sum(need)
    short = sum(n - have[c] for c, n in enumerate(need) if have[c] < n)
    cubes = " + ".join(f"{n} {COLOURS[c]}" for c, n in enumerate(need) if n)
    if coins < 0:
        return no("coins.joker", f"a number of coins is 0 or more, not {coins}")
    if coins > total:
        return no("coins.joker", f"{what} costs {cubes}: at most {total} coin(s) can stand in, not {coins}")
    if coins > money:
        return no("coins.joker", f"you have {money} coin(s), so {coins} cannot stand in for cubes")
    if short > money:
        return no(rule, f"{what} costs {cubes}; you lack {short} of those cubes and have only {money} coin(s) "
                        "to stand in")
    if coins < short:
        return no(rule, f"{what} costs {cubes}; you lack {short} of those cubes", f"pay {short} coin(s) in their "
                                                                                  "place")
    return None


def can_harvest(st: VillageState, p: int) -> Refusal | None:
    return None if FARM in st.places[p] else no("harvest.grain", "harvesting needs a villager on your farm")


def can_birth(st: VillageState, p: int) -> Refusal | None:
    if UNBORN in st.places[p]:
        return None
    return no("family.birth", "every villager of yours is already born", "recall one instead")


def can_recall(st: VillageState, move: Recall) -> Refusal | None:
    place = PLACE_INDEX.get(move.place, -1)
    if place < 0:
        return no("family.recall", f"'{move.place}' is not a place on the board")
    if not alive_on_board(place):
        return no("family.recall", f"only a living villager on the board can be recalled, not one at {move.place} "
                                   "(the farm, the black bag, the unborn and the dead cannot)")
    return villager_fault(st, move.player, place, move.generation, "family.recall")


def can_craft(st: VillageState, move: Craft) -> Refusal | None:
    p = move.player
    if move.good == "mill":
        return no("crafts.mill", "the mill takes no worker and no choice: use the mill itself")
    good = GOOD_INDEX.get(move.good, -1)
    if good < 0 or BUILDING_OF_GOOD[good] < 0:
        made = [g for g, b in zip(GOODS, BUILDING_OF_GOOD) if b >= 0]
        return no("crafts.worker", f"no craft building makes '{move.good}'; goods made: {', '.join(made)}")
    b = BUILDING_OF_GOOD[good]
    if b == BREWERY and not st.options.get("inn_brewery"):
        return no("inn.brewery", "the brewery belongs to the Inn expansion", "start the game with inn_brewery=True")
    if move.how not in ("train", "worker", "pay"):
        return no("crafts.worker", f"say how the good is made: train, worker or pay; not '{move.how}'")
    if move.tool and not st.options.get("marriage"):
        return no("marriage.tools", "tools belong to the Marriage expansion", "start the game with marriage=True")
    if move.tool and not st.goods[p][TOOL]:
        return no("marriage.tools", "a doubled output needs a tool (Marriage)", "take one with the stage-3 privilege")
    if not st.goods_supply[good]:
        return no("crafts.worker", f"no {move.good} is left in the supply")
    if move.how == "train":
        return _train(st, move, BUILDINGS[b].name.replace("_", " "))
    if move.generation:
        return no("crafts.worker", "making a good this way uses no villager from the farm", "name no villager")
    if move.how == "worker":
        if move.coins:
            return no("crafts.worker", "a trained worker pays with time, not coins")
        if BUILDING0 + b not in st.places[p]:
            return no("crafts.worker", f"you have no trained villager at the {BUILDINGS[b].name.replace('_', ' ')}",
                      "train a villager of your farm there first, or pay the resources")
        return None
    return _resources(st, move, b)


def _train(st: VillageState, move: Craft, building: str) -> Refusal | None:
    if move.coins:
        return no("crafts.training", "training pays with time, not coins")
    gens = own_gens(st, move.player, FARM)
    if move.generation not in gens:
        return no("crafts.training", f"training at the {building} needs a generation-{move.generation} villager on "
                                     f"your farm (on your farm: {_generations(gens)})")
    return None


def _resources(st: VillageState, move: Craft, b: int) -> Refusal | None:
    building, p = BUILDINGS[b], move.player
    building = building._replace(name=building.name.replace("_", " "))  # named in words: "the wagon maker"
    if building.grain:
        if move.coins:
            return no("coins.joker", f"the {building.name} takes grain, and a coin stands in only for an influence "
                                     "cube")
        if st.grain[p] < building.grain:
            return no("crafts.resources", f"the {building.name} needs {building.grain} grain without a worker; "
                                          f"you have {st.grain[p]}")
        return None
    if not building.cubes:
        return no("crafts.resources", f"the {building.name} has no resource alternative: it needs a trained worker")
    return coin_fault(st, p, RESOURCE_NEED[b], move.coins, "crafts.resources", f"the {building.name} without a worker")


def can_mill(st: VillageState, p: int) -> Refusal | None:
    if st.grain[p] < MILL_GRAIN:
        return no("crafts.mill", f"the mill needs {MILL_GRAIN} grain; you have {st.grain[p]}")
    if not st.coin_supply:
        return no("crafts.mill", "no coins are left in the supply for the mill to give")
    return None


def can_council(st: VillageState, move: Council) -> Refusal | None:
    place = PLACE_INDEX.get(move.place, -1)
    if place != FARM and not COUNCIL1 <= place <= TOP_STAGE:
        return no("council.enter", f"a councillor comes from your farm or a council stage, not from '{move.place}'")
    rule = "council.enter" if place == FARM else "council.advance"
    if place == TOP_STAGE:
        return no(rule, "stage 4 is the top of the council chamber: that councillor cannot advance")
    fault = villager_fault(st, move.player, place, move.generation, rule)
    if fault:
        return fault
    if move.payment == "scroll":
        if move.coins:
            return no(rule, "a scroll pays on its own: no coins with it")
        if not st.goods[move.player][SCROLL]:
            return no(rule, "you have no scroll", "pay two green (coins may stand in)")
        return None
    if move.payment != "green":
        return no(rule, f"the council is paid with two green or a scroll, not {move.payment!r}")
    return coin_fault(st, move.player, GREEN_NEED, move.coins, rule, "the council")


def can_privilege(st: VillageState, move: Privilege, owed: bool) -> Refusal | None:
    """village.council.privilege: as the action, a privilege of a stage held; after entering or advancing
    (``owed``), one of the stage reached or below, or none."""
    p, stage = move.player, move.stage
    action = not owed
    top = max(map(STAGE.__getitem__, st.places[p])) if action else st.priv_max
    if stage == 0:
        if action:
            return no("council.privilege", "taking no privilege answers only a privilege owed for entering or "
                      "advancing", "here just take the action you want")
        return None if not move.good else no("council.privilege", "taking no privilege takes no good either")
    if not 1 <= stage <= 4:
        return no("council.privilege", f"privileges are numbered 1 to 4 by stage, not {stage}")
    if action and not top:
        return no("council.privilege", "a privilege without advancing needs a councillor of yours in the chamber")
    if stage > top:
        return no("council.privilege", f"stage {stage}'s privilege needs a councillor on stage {stage} or higher; "
                                       f"yours reach stage {top}")
    if stage != 3 and move.good:
        return no("council.privilege", f"privilege {stage} takes no choice of good")
    return _privilege_detail(st, p, stage, move.good)


def _privilege_detail(st: VillageState, p: int, stage: int, good: str) -> Refusal | None:
    if stage == 1:
        return None if st.ring < 0 else no("council.ring", "the next-starting-player ring has already been taken "
                                                           "this round")
    if stage == 2:
        supply = st.supply
        if supply[0] + supply[1] + supply[2] + supply[3] >= 2:
            return None
        return no("council.cubes", "the supply holds fewer than two influence cubes")
    if stage == 3:
        if good not in GOOD_INDEX:
            return no("council.good", f"name the good you take: {', '.join(GOODS)}")
        if not st.goods_supply[GOOD_INDEX[good]]:
            return no("council.good", f"no {good} is left in the supply (or none is in this game)")
        return None
    if not st.coins[p]:
        return no("council.prestige", "the stage-4 privilege costs one coin and you have none")
    return None


def can_travel(st: VillageState, move: Travel) -> Refusal | None:
    p = move.player
    if not st.goods[p][WAGON]:
        return no("travel.route", "travelling costs one wagon and you have none", "make one at the wagon maker")
    place = PLACE_INDEX.get(move.origin, -1)
    if place != FARM and not (place >= 0 and IS_TOWN[place]):
        return no("travel.route", f"a traveller sets out from your farm or a town, not from '{move.origin}'")
    fault = villager_fault(st, p, place, move.generation, "travel.route")
    if fault:
        return fault
    routes = {PLACE_NAMES[TOWN0 + town]: need for town, need in routes_from_place(place)}
    if move.town not in routes:
        where = "the village" if place == FARM else move.origin
        return no("travel.route", f"no route leads from {where} to '{move.town}'; routes go to {', '.join(routes)}")
    return coin_fault(st, p, routes[move.town], move.coins, "travel.route", f"the route to {move.town}")


def can_church(st: VillageState, move: Church) -> Refusal | None:
    fault = villager_fault(st, move.player, FARM, move.generation, "church.action")
    if fault:
        return fault
    if move.payment == "time":
        return no("church.action", "three time pays on its own: no coins with it") if move.coins else None
    if move.payment != "brown":
        return no("church.action", f"the church is paid with one brown or three time, not {move.payment!r}")
    return coin_fault(st, move.player, BROWN_NEED, move.coins, "church.action", "the church")


# --- what an area offers -------------------------------------------------------------------------------------------

def _offers(st: VillageState, p: int, area: int) -> list[Any]:
    """The candidate action moves of ``area`` for ``p`` with the check each must pass."""
    t = MOVES[p]
    if area == HARVEST:
        return [(t.harvest, lambda m: can_harvest(st, p))]
    if area == FAMILY:
        return [(t.birth, lambda m: can_birth(st, p))] + [(m, lambda m: can_recall(st, m)) for m in recalls(p)]
    if area == CRAFTS:
        return [(t.mill, lambda m: can_mill(st, p))] + [(m, lambda m: can_craft(st, m)) for m in crafts(p)]
    if area == TRAVEL:
        return [(m, lambda m: can_travel(st, m)) for m in travels(p)]
    if area == COUNCIL:
        return ([(m, lambda m: can_council(st, m)) for m in councils(p)]
                + [(m, lambda m: can_privilege(st, m, False)) for m in privileges(p)])
    if area == CHURCH:
        return [(m, lambda m: can_church(st, m)) for m in churches(p)]
    return []


def area_offers(st: VillageState, p: int, area: int) -> bool:
    """Does the action of ``area`` offer ``p`` at least one move now (the Well, a last action)?"""
    if area == MARKET:
        return any(tile >= 0 for tile in st.stalls)  # village.market.day: a customer to serve
    return any(check(m) is None for m, check in _offers(st, p, area))


def recalls(p: int) -> list[Recall]:
    return [row[g] for w, row in enumerate(MOVES[p].recall) if alive_on_board(w) for g in (1, 2, 3, 4)]


def crafts(p: int) -> list[Craft]:
    out: list[Craft] = []
    for craft in MOVES[p].crafts:
        for t in (0, 1):
            out.extend(craft.train[t][1:])
            out.append(craft.worker[t])
            out.extend(craft.pay[t])
    return out


def councils(p: int) -> list[Council]:
    t = MOVES[p]
    out: list[Council] = []
    for w in (FARM, *range(COUNCIL1, TOP_STAGE)):
        for g in (1, 2, 3, 4):
            out.extend(t.council_green[w][g])
            out.append(t.council_scroll[w][g])
    return out


def privileges(p: int) -> list[Privilege]:
    t = MOVES[p]
    return [t.priv_none, t.priv_ring, t.priv_cubes, *t.priv_good, t.priv_prestige]


def travels(p: int) -> list[Travel]:
    return [m for rows in MOVES[p].travel for _, _, by_gen in rows for row in by_gen[1:] for m in row]


def churches(p: int) -> list[Church]:
    t = MOVES[p]
    return [m for g in (1, 2, 3, 4) for m in (*t.church_brown[g], t.church_time[g])]

