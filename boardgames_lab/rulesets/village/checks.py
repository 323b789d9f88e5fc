"""One check per move kind, its candidates, and the KINDS the engine reads.

A check answers None (legal) or a Refusal naming the rule, the reason here and the remedy. The engine has
already refused a finished game, a value of the wrong shape, a seat that may not act and a kind of another
phase, so a check starts from the rule itself. The plain legal list is every candidate whose check passes;
fast.py builds the same list faster, and tests/village/test_fast.py proves them equal.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from ...core.moves import Kind, Refusal, always
from .checks_actions import (area_offers, can_birth, can_church, can_council, can_craft, can_harvest, can_mill,
                             can_privilege, can_recall, can_travel, churches, coin_fault, councils, crafts, no,
                             privileges, recalls, travels, villager_fault)
from .data import (AREAS, BAG, BREAD, CHURCH1, COLOURS, CUBE_NAMES, GOODS, MASS_PIECES, PLACE_INDEX, PLACE_NAMES,
                   WELL_CUBES, visible)
from .death import death_options
from .draws import (check_customer, check_monk, check_seed, check_villager, customer_candidates, MONK,
                    seed_candidates, villager_candidates)
from .info import church_grain
from .market import DEMAND, GRAIN_DEMAND, SURCHARGE_NEED
from .moves import (Birth, ChooseCubes, Church, Council, Craft, Dies, DrawCustomer, DrawMonk, DrawVillager, FreeAction,
                    Harvest, MassDone, Mill, Pass, Privilege, Raise, Recall, Redeem, SeedArea, Serve, Skip, TakeCube,
                    Travel, Well)
from .movetables import MOVES
from .state import VillageState
from .words import place as place_words

AREA_INDEX = {name: i for i, name in enumerate(AREAS)}
CUBE_INDEX = {name: i for i, name in enumerate(CUBE_NAMES)}
AREA_OF_KIND = {"harvest": 0, "birth": 1, "recall": 1, "craft": 2, "mill": 2, "council": 5, "privilege": 5,
                "travel": 4, "church": 6}
LAST_CHURCH = CHURCH1 + 3


# --- the turn: a cube, the Well, a last action on an empty board -------------------------------------------------

def check_take(st: VillageState, move: TakeCube) -> Refusal | None:
    """village.turn.take_cube"""
    if st.no_cubes:
        return no("end.no_cubes", "the board is empty", "take any action without a cube")
    if move.area not in AREA_INDEX:
        return no("turn.take_cube", f"'{move.area}' is not an action area", f"areas: {', '.join(AREAS)}")
    if move.cube not in CUBE_INDEX:
        return no("turn.take_cube", f"'{move.cube}' is not a cube", f"cubes: {', '.join(CUBE_NAMES)}")
    if not st.spaces[AREA_INDEX[move.area]][CUBE_INDEX[move.cube]]:
        return no("turn.take_cube", f"the {move.area} area holds no {move.cube} cube")
    return None


def check_well(st: VillageState, move: Well) -> Refusal | None:
    """village.well.action: three influence of one colour (coins standing in), or three coins."""
    p = move.player
    if st.no_cubes:
        return no("end.no_cubes", "the board is empty",
                  "take any action without a cube, and without paying the Well")
    if move.area not in AREA_INDEX:
        return no("well.action", f"'{move.area}' is not an action area", f"areas: {', '.join(AREAS)}")
    if move.colour == "":
        if move.coins != WELL_CUBES:
            return no("well.action", "the Well without a colour is paid with three coins", "pay three coins")
        if st.coins[p] < WELL_CUBES:
            return no("coins.joker", f"you have {st.coins[p]} coin(s), not three")
    elif move.colour not in COLOURS:
        return no("well.action", f"the Well takes three influence of one colour ({', '.join(COLOURS)}), "
                                 f"not '{move.colour}'")
    elif move.coins >= WELL_CUBES:
        return no("well.action", "three coins pay the Well without a colour",
                  "pay with three coins alone, naming no colour")
    else:
        colour = COLOURS.index(move.colour)
        need = (WELL_CUBES if colour == 0 else 0, WELL_CUBES if colour == 1 else 0,
                WELL_CUBES if colour == 2 else 0, WELL_CUBES if colour == 3 else 0)
        fault = coin_fault(st, p, need, move.coins, "well.action", "the Well")
        if fault:
            return fault
    if not area_offers(st, p, AREA_INDEX[move.area]):
        return no("well.action", f"the {move.area} action offers you nothing to do now, so the Well cannot open it")
    return None


def check_free(st: VillageState, move: FreeAction) -> Refusal | None:
    """village.end.no_cubes: any area whose action offers something (with none, any area: the player skips)."""
    if not st.no_cubes:
        return no("end.no_cubes", "an action without a cube is taken only in the last actions, once the board has "
                                  "no cubes",
                  "take a cube")
    if move.area not in AREA_INDEX:
        return no("end.no_cubes", f"'{move.area}' is not an action area", f"areas: {', '.join(AREAS)}")
    p = move.player
    if area_offers(st, p, AREA_INDEX[move.area]):
        return None
    open_ = [name for a, name in enumerate(AREAS) if area_offers(st, p, a)]
    if open_:
        return no("end.no_cubes", f"the {move.area} action offers you nothing to do now",
                  f"choose one of: {', '.join(open_)}")
    return None


# --- the action step -------------------------------------------------------------------------------------------

def _in_area(st: VillageState, kind: str) -> Refusal | None:
    """village.turn.take_cube: the cube taken (or the Well) opened one area; only its action may follow."""
    area = AREA_OF_KIND[kind]
    if st.area == area:
        return None
    here = AREAS[st.area] if 0 <= st.area < len(AREAS) else "no"
    return no("turn.take_cube", f"your cube came from the {here} area, so only its action is open; "
                                f"this is the {AREAS[area]} action", f"carry out the {here} action, or skip it")


def _action(rule: Callable[[VillageState, Any], Refusal | None]) -> Callable[[VillageState, Any], Refusal | None]:
    """An action kind's check: the area rule first, then the action's own rule."""
    def check(st: VillageState, move: Any) -> Refusal | None:
        return _in_area(st, move.kind) or rule(st, move)
    return check


def check_skip(st: VillageState, move: Skip) -> Refusal | None:
    """village.turn.skip: taking a cube without acting is always allowed (a market cube opens a market day)."""
    return None


def check_privilege(st: VillageState, move: Privilege) -> Refusal | None:
    if st.phase == "privilege":
        return can_privilege(st, move, True)
    return _in_area(st, move.kind) or can_privilege(st, move, False)


# --- the market day, the cubes owed, deaths and the Mass -----------------------------------------------------------

def check_serve(st: VillageState, move: Serve) -> Refusal | None:
    """village.market.available / first_sale / surcharge"""
    p, stalls = move.player, st.stalls
    if not 1 <= move.stall <= len(stalls):
        return no("market.available", f"name a stall from 1 to {len(stalls)}, not {move.stall}")
    tile = stalls[move.stall - 1]
    if tile < 0:
        return no("market.available", f"stall {move.stall} holds no customer")
    if st.first_sale and p == st.opener:
        if move.coins:
            return no("market.first_sale", "the first sale of your market day has no surcharge",
                      "serve without coins")
    else:
        fault = coin_fault(st, p, SURCHARGE_NEED, move.coins, "market.surcharge", "every sale after the first")
        if fault:
            return fault
    lacking = [f"{n - st.goods[p][g]} {GOODS[g]}" for g, n in DEMAND[tile] if st.goods[p][g] < n]
    if st.grain[p] < GRAIN_DEMAND[tile]:
        lacking.append(f"{GRAIN_DEMAND[tile] - st.grain[p]} grain")
    if lacking:
        return no("market.available", f"the customer on stall {move.stall} asks for more than you have: you lack "
                                      f"{', '.join(lacking)}")
    return None


def check_pass(st: VillageState, move: Pass) -> Refusal | None:
    """village.market.pass_final: passing is always allowed, and final."""
    return None


def check_cubes(st: VillageState, move: ChooseCubes) -> Refusal | None:
    """village.council.cubes / travel.reward: two influence cubes of any colours from the supply."""
    if move.first not in COLOURS or move.second not in COLOURS:
        return no("council.cubes", f"name two influence colours ({', '.join(COLOURS)})", "e.g. 'cubes green pink'")
    a, b = COLOURS.index(move.first), COLOURS.index(move.second)
    if a > b:
        return no("council.cubes", f"write the colours in the order {', '.join(COLOURS)}",
                  f"'cubes {move.second} {move.first}'")
    for c in {a, b}:
        if st.supply[c] < (a, b).count(c):
            return no("council.cubes", f"the supply holds {st.supply[c]} {COLOURS[c]} cube(s)")
    return None


def check_dies(st: VillageState, move: Dies) -> Refusal | None:
    """village.death.oldest: one of the oldest visible villagers."""
    options = death_options(st.places[move.player])
    named = "; ".join(f"the generation-{g} villager {'on' if PLACE_NAMES[w] == 'farm' else 'at'} "
                      f"{place_words(PLACE_NAMES[w])}" for w, g in options)
    place = PLACE_INDEX.get(move.place, -1)
    if place < 0:
        return no("death.oldest", f"'{move.place}' is not a place", f"choose from {named}")
    if (place, move.generation) in options:
        return None
    if not visible(place):
        return no("death.oldest", f"only a visible villager (farm or board) can die, not one at "
                                  f"{place_words(move.place)}",
                  f"choose from {named}")
    low = min((g for _, g in options), default=0)
    if move.generation != low:
        return no("death.oldest", f"the oldest visible villagers are of generation {low}: one of them dies",
                  f"choose from {named}")
    return no("death.oldest", f"no villager of generation {low} stands at {place_words(move.place)} to die",
              f"choose from {named}")


def check_redeem(st: VillageState, move: Redeem) -> Refusal | None:
    """village.mass.select: one coin per own villager taken out of the bag, until four are out."""
    if st.selected >= MASS_PIECES:
        return no("mass.select", f"{MASS_PIECES} pieces have been taken out of the bag already", "stop buying villagers out")
    if not st.coins[move.player]:
        return no("mass.select", "buying a villager out of the bag costs one coin and you have none", "stop buying villagers out")
    return villager_fault(st, move.player, BAG, move.generation, "mass.select")


def check_raise(st: VillageState, move: Raise) -> Refusal | None:
    """village.mass.advance / marriage.bread: one stage up, paying the grain of the stage entered (or a bread)."""
    p = move.player
    place = PLACE_INDEX.get(move.place, -1)
    if not CHURCH1 <= place <= LAST_CHURCH:
        return no("mass.advance", f"only a villager on a church stage advances, not one at '{move.place}'")
    if place == LAST_CHURCH:
        return no("mass.advance", "church stage 4 is the last: that villager cannot advance")
    fault = villager_fault(st, p, place, move.generation, "mass.advance")
    if fault:
        return fault
    if move.bread:
        if not st.options.get("marriage"):
            return no("marriage.bread", "bread belongs to the Marriage expansion", "start the game with marriage=True")
        if not st.goods[p][BREAD]:
            return no("marriage.bread", "you have no bread to pay the stage with")
        return None
    stage = place - CHURCH1 + 2
    cost = church_grain(st.options)[stage]
    if st.grain[p] < cost:
        return no("mass.advance", f"church stage {stage} costs {cost} grain; you have {st.grain[p]}")
    return None


def check_done(st: VillageState, move: MassDone) -> Refusal | None:
    """village.mass.select / mass.advance: a player may always stop."""
    return None


# --- candidates: every value worth asking about (a superset of the legal ones) ------------------------------------

def _one(name: str) -> Callable[[VillageState, int], Iterable[Any]]:
    return lambda st, seat: (getattr(MOVES[seat], name),)


def _wells(st: VillageState, seat: int) -> list[Well]:
    return [m for by_area in MOVES[seat].well for row in by_area for m in row]


def _serves(st: VillageState, seat: int) -> list[Serve]:
    return [m for row in MOVES[seat].serve[:len(st.stalls)] for m in row]


def _dies(st: VillageState, seat: int) -> list[Dies]:
    return [row[g] for w, row in enumerate(MOVES[seat].dies) if visible(w) for g in (1, 2, 3, 4)]


def _raises(st: VillageState, seat: int) -> list[Raise]:
    t = MOVES[seat]
    return [m for w in range(CHURCH1, LAST_CHURCH) for g in (1, 2, 3, 4) for m in (t.raise_[w][g], t.raise_bread[w][g])]


KINDS = (
    Kind(TakeCube, check_take, lambda st, seat: MOVES[seat].take, rule="village.turn.take_cube"),
    Kind(Well, check_well, _wells, rule="village.well.action"),
    Kind(FreeAction, check_free, lambda st, seat: MOVES[seat].free, rule="village.end.no_cubes"),
    Kind(Skip, check_skip, _one("skip"), rule="village.turn.skip"),
    Kind(Harvest, _action(lambda st, m: can_harvest(st, m.player)), _one("harvest"), rule="village.harvest.grain"),
    Kind(Birth, _action(lambda st, m: can_birth(st, m.player)), _one("birth"), rule="village.family.birth"),
    Kind(Recall, _action(can_recall), lambda st, seat: recalls(seat), rule="village.family.recall"),
    Kind(Craft, _action(can_craft), lambda st, seat: crafts(seat), rule="village.crafts.worker"),
    Kind(Mill, _action(lambda st, m: can_mill(st, m.player)), _one("mill"), rule="village.crafts.mill"),
    Kind(Council, _action(can_council), lambda st, seat: councils(seat), rule="village.council.enter"),
    Kind(Privilege, check_privilege, lambda st, seat: privileges(seat), rule="village.council.privilege"),
    Kind(Travel, _action(can_travel), lambda st, seat: travels(seat), rule="village.travel.route"),
    Kind(Church, _action(can_church), lambda st, seat: churches(seat), rule="village.church.action"),
    Kind(Serve, check_serve, _serves, rule="village.market.available"),
    Kind(Pass, check_pass, _one("pass_"), rule="village.market.pass_final"),
    Kind(ChooseCubes, check_cubes, lambda st, seat: MOVES[seat].cubes, rule="village.council.cubes"),
    Kind(Dies, check_dies, _dies, rule="village.death.oldest"),
    Kind(Redeem, check_redeem, lambda st, seat: MOVES[seat].redeem[1:], rule="village.mass.select"),
    Kind(Raise, check_raise, _raises, rule="village.mass.advance"),
    Kind(MassDone, check_done, _one("done"), rule="village.mass.select"),
    # The draws, made by CHANCE (draws.py): a drawn tile, cube or piece is seen by all.
    Kind(SeedArea, check_seed, seed_candidates, always, rule="village.round.seed"),
    Kind(DrawCustomer, check_customer, customer_candidates, always, rule="village.setup.customers"),
    Kind(DrawMonk, check_monk, lambda st, seat: (MONK,), always, rule="village.mass.draw"),
    Kind(DrawVillager, check_villager, villager_candidates, always, rule="village.mass.draw"),
)
