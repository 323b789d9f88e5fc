"""Village moves in words: who does what, naming the places, the villagers by generation, the goods, the time and
the influence paid, and what a customer or a privilege brings.

``describe(state, move)`` names seats as ``{p0}``, ``{p1}``... (``Game.describe`` puts the players' names in) and
never writes notation ("council2", "g1", "+1c", "wagon_maker").
"""
from __future__ import annotations

from typing import Any

from .data import (AREAS, BUILDING_OF_GOOD, BUILDINGS, CHURCH_GRAIN, COLOURS, CHURCH_TIME, COUNCIL_ENTER_TIME, COUNCIL_GREEN,
                   CUSTOMERS, GOODS, MILL_COINS, MILL_GRAIN, MILL_TIME, PLACE_INDEX, PLACE_NAMES, PLAGUE_TIME,
                   PRESTIGE_PRIVILEGE, PRIVILEGE_CUBES, TOWNS, TRAVEL_TIME, WELL_CUBES)
from .info import council_advance_time
from .state import VillageState

AREA_WORDS = {"harvest": "harvest", "family": "family", "crafts": "crafts", "market": "market",
              "travel": "travel", "council": "council chamber", "church": "church"}
TOWN_NAMES = {name.lower(): name for name, _ in TOWNS}
DEMAND_GOODS = (*GOODS[:5], "grain")  # a customer's demand: the five base goods, then grain
# The kinds whose sentence reads the move alone, never the position: an adapter may say each such move once.
PLAIN = frozenset({"take", "well", "free", "skip", "birth", "recall", "craft", "mill", "privilege", "travel", "church",
                   "pass", "cubes", "dies", "redeem", "raise", "done"})


def _seat(q: int) -> str:
    return f"{{p{q}}}"


def place(name: str) -> str:
    """A place of the board in words ("the wagon maker", "council stage 2", "Altdorf")."""
    if name in TOWN_NAMES:
        return TOWN_NAMES[name]
    if name.startswith("council") and name[7:].isdigit():
        return f"council stage {name[7:]}"
    if name.startswith("church") and name[6:].isdigit():
        return f"church stage {name[6:]}"
    if name == "bag":
        return "the black bag"
    if name.startswith("chronicle_"):
        return f"the chronicle's {name[10:]} column"
    return f"the {name.replace('_', ' ')}" if name in PLACE_INDEX else repr(name)


def villager(generation: int) -> str:
    return f"generation-{generation} villager"


def _coins(coins: int) -> str:
    if not coins:
        return ""
    return f", {coins} coin{'s' if coins != 1 else ''} standing in for cubes"


def _time(n: int) -> str:
    return f"{n} time"


def _good(name: str) -> str:
    return name.replace("_", " ")


def _customer(tile: int) -> str:
    if not 0 <= tile < len(CUSTOMERS):
        return "a customer"
    demand, prestige = CUSTOMERS[tile]
    return f"a customer wanting {listed([f'{n} {DEMAND_GOODS[g]}' for g, n in enumerate(demand) if n])} for " \
           f"{prestige} prestige"


def listed(parts: list[str]) -> str:
    """"a, b and c"."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + f" and {parts[-1]}" if parts else "nothing"


def _a(word: str) -> str:
    return "an" if word[:1] in ("a", "e", "i", "o", "u") else "a"


def describe(st: VillageState, move: Any) -> str:
    """The move as a sentence, seats written {p0}, {p1}... for the players' names."""
    for part in (_action_words, _council_to_mass_words, _mass_and_chance_words):
        text = part(st, move)
        if text is not None:
            return text
    return f"{{p{move.player}}} makes a move."


def _action_words(st: VillageState, move: Any) -> str | None:
    p, kind = move.player, move.kind
    who = _seat(p)
    if kind == "take":
        area = AREA_WORDS.get(move.area, repr(move.area))
        if move.cube == "plague":
            return f"{who} takes a plague cube from the {area} area, losing {_time(PLAGUE_TIME)}, for its action."
        return f"{who} takes {_a(move.cube)} {move.cube} cube from the {area} area for its action."
    if kind == "well":
        area = AREA_WORDS.get(move.area, repr(move.area))
        paid = f"{WELL_CUBES} {move.colour} influence" if move.colour else f"{WELL_CUBES} coins"
        return f"{who} uses the Well, paying {paid}{_coins(move.coins if move.colour else 0)}, for the {area} action."
    if kind == "free":
        return f"{who} takes the {AREA_WORDS.get(move.area, repr(move.area))} action as a last action."
    if kind == "skip":
        return f"{who} keeps the cube and does not act."
    if kind == "harvest":
        from .effects import harvest_gain  # the effects name places and villagers with this module's words
        return f"{who} harvests {harvest_gain(st, p)} grain."
    if kind == "birth":
        return f"{who} has a child: their next villager is born onto the farm."
    if kind == "recall":
        return f"{who} brings their {villager(move.generation)} back from {place(move.place)} to the farm."
    if kind == "craft":
        return _craft(st, who, move)
    if kind == "mill":
        return f"{who} uses the mill: {_time(MILL_TIME)} and {MILL_GRAIN} grain for {MILL_COINS} coins."
    if kind == "council":
        paid = "a scroll" if move.payment == "scroll" else f"{COUNCIL_GREEN} green influence"
        if move.place == "farm":
            return (f"{who} sends their {villager(move.generation)} from the farm into council stage 1 for "
                    f"{_time(COUNCIL_ENTER_TIME)} and {paid}{_coins(move.coins)}.")
        stage = PLACE_INDEX.get(move.place, 0) - PLACE_INDEX["council1"] + 2
        time = council_advance_time(st.options).get(stage, 0)
        return (f"{who} advances their {villager(move.generation)} on {place(move.place)} to council stage {stage} "
                f"for {_time(time)} and {paid}{_coins(move.coins)}.")
    return None


def _council_to_mass_words(st: VillageState, move: Any) -> str | None:
    p, kind = move.player, move.kind
    who = _seat(p)
    if kind == "privilege":
        return f"{who} {_privilege(move)}."
    if kind == "travel":
        return (f"{who} sends their {villager(move.generation)} from {place(move.origin)} to {place(move.town)}, "
                f"paying {_time(TRAVEL_TIME)}, a wagon and the route's influence{_coins(move.coins)}.")
    if kind == "church":
        paid = _time(CHURCH_TIME) if move.payment == "time" else "1 brown influence"
        return (f"{who} sends their {villager(move.generation)} from the farm into the black bag for the Mass, "
                f"paying {paid}{_coins(move.coins)}.")
    if kind == "serve":
        tile = st.stalls[move.stall - 1] if 1 <= move.stall <= len(st.stalls) else -1
        extra = ", a coin paying the surcharge" if move.coins else ""
        return f"{who} serves {_customer(tile)} at market stall {move.stall}{extra}."
    if kind == "pass":
        return f"{who} passes for the rest of the market day."
    if kind == "cubes":
        return f"{who} takes {_a(move.first)} {move.first} and {_a(move.second)} {move.second} influence cube from the supply."
    if kind == "dies":
        where = "on the farm" if move.place == "farm" else f"in {place(move.place)}" if move.place in TOWN_NAMES \
            else f"at {place(move.place)}"
        return f"{who}'s {villager(move.generation)} {where} dies."
    if kind == "redeem":
        return f"{who} pays a coin to take their {villager(move.generation)} back out of the black bag."
    if kind == "raise":
        stage = PLACE_INDEX.get(move.place, 0) - PLACE_INDEX["church1"] + 2
        paid = "a bread" if move.bread else f"{CHURCH_GRAIN.get(stage, 0)} grain"
        return (f"{who} advances their {villager(move.generation)} from {place(move.place)} to church stage {stage}, "
                f"paying {paid}.")
    return None


def _mass_and_chance_words(st: VillageState, move: Any) -> str | None:
    p, kind = move.player, move.kind
    who = _seat(p)
    if kind == "done":
        return f"{who} is done at this Mass."
    if kind == "seed":
        drawn = listed([f"{_a(c)} {c}" for c in move.cubes]) + " cube" if move.cubes else "no cube"
        return f"Chance: the bag gives the {AREA_WORDS.get(move.area, 'action')} area {drawn}."
    if kind == "customer":
        return f"Chance: {_customer(move.tile)} comes into the market line."
    if kind == "monk":
        return "Chance: a monk comes out of the black bag at the Mass."
    if kind == "villager":
        return f"Chance: {_seat(move.owner)}'s {villager(move.generation)} comes out of the black bag at the Mass."
    return None


def _craft(st: VillageState, who: str, move: Any) -> str:
    good = _good(move.good)
    b = BUILDING_OF_GOOD[GOODS.index(move.good)] if move.good in GOODS else -1
    if b < 0:
        return f"{who} makes {good}."
    building = BUILDINGS[b]
    shop = f"the {building.name.replace('_', ' ')}"
    count = building.output * (2 if move.tool else 1)
    made = f"{count} {good}" if count == 1 else f"{count} {good}{'s' if not good.endswith('s') else ''}"
    tool = ", spending a tool to double it" if move.tool else ""
    if move.how == "train":
        time = building.training + building.production
        return f"{who} trains their {villager(move.generation)} at {shop} and makes {made} for {_time(time)}{tool}."
    if move.how == "worker":
        return f"{who} has their trained villager at {shop} make {made} for {_time(building.production)}{tool}."
    paid = f"{building.grain} grain" if building.grain else " and ".join(
        f"1 {('orange', 'green', 'brown', 'pink')[c]} influence" for c in building.cubes) or "its resource"
    return f"{who} makes {made} at {shop}, paying {paid}{_coins(move.coins)}{tool}."


def _privilege(move: Any) -> str:
    if move.stage == 0:
        return "takes no council privilege"
    if move.stage == 1:
        return "takes the council's first privilege: the next-starting-player ring"
    if move.stage == 2:
        return f"takes the council's second privilege: {PRIVILEGE_CUBES} influence cubes of their choice"
    if move.stage == 3:
        return f"takes the council's third privilege: a {_good(move.good)}"
    return f"takes the council's fourth privilege: pays a coin for {PRESTIGE_PRIVILEGE} prestige"


# --- the things on the table: what each is and when it can be used (the board's "why not?" on any of them) ---

AREA_DOES = {  # each action area's action, in the rulebook's words
    "harvest": "take two grain, or more with a plough and a horse or an ox (a villager must be on the farm)",
    "family": "a new villager is born onto the farm, or one on the board comes back to it",
    "crafts": "make a good in a craft building, with a trained villager and time or with influence",
    "market": "start a market day, when the players in turn serve the customers at the stalls",
    "travel": "a villager travels on to a town, paying time and the route's influence",
    "council": "a villager enters or climbs the council chamber, paying time and influence",
    "church": "a villager goes into the black bag, to be drawn onto the church at the Mass",
}
PRIVILEGE_WORDS = ("take the next-starting-player ring", f"take {PRIVILEGE_CUBES} influence cubes of any colours",
                   "take one good of your choice", f"pay 1 coin for {PRESTIGE_PRIVILEGE} prestige")
REWARD_WORDS = {"cubes": "two influence cubes of any colours", "coin": "one coin", "prestige": "three prestige"}


def _area_thing(st: VillageState, name: str) -> str:
    cubes = sum(st.spaces[AREAS.index(name)])
    return (f"The {AREA_WORDS[name]} area, {cubes} cube{'s' if cubes != 1 else ''}: on your turn take a cube from "
            f"it (or use the Well) to carry out its action: {AREA_DOES[name]}.")


def _building_thing(st: VillageState, name: str) -> str:
    if name == "brewery" and not st.options.get("inn_brewery"):
        return "The brewery belongs to the Inn expansion, which this game is played without: it makes nothing."
    b = BUILDINGS[[x.name for x in BUILDINGS].index(name)]
    goods = " or ".join(_good(GOODS[g]) for g in b.goods)
    pay = ("; without a worker it takes " + listed([f"1 {COLOURS[c]}" for c in b.cubes] + (
        [f"{b.grain} grain"] if b.grain else []))) if b.cubes or b.grain else ""
    return (f"The {_good(name)}, a craft building: with the crafts action a villager trained here ({_time(b.training)}"
            f" once) makes {b.output} {goods} for {_time(b.production)}{pay}.")


def _villager_thing(st: VillageState, seat: int, where: str, generation: str) -> str:
    at = "on the farm" if where == "farm" else f"at {place(where)}" if where in PLACE_INDEX else "here"
    return (f"{_seat(seat)}'s {villager(int(generation))} {at}. When time runs out the oldest visible villagers "
            "die first; the family action can bring one on the board back to the farm.")


def thing(st: VillageState, target: str) -> str | None:
    """What the thing ``target`` names on the table is and when it can be used, or None for no such thing."""
    kind, _, rest = target.partition(":")
    if kind == "area" and rest in AREAS:
        return _area_thing(st, rest)
    if kind == "building" and rest in [b.name for b in BUILDINGS]:
        return _building_thing(st, rest)
    if kind == "privilege" and rest.isdigit() and 1 <= int(rest) <= len(PRIVILEGE_WORDS):
        return (f"Council stage {rest}: a councillor reaching it may {PRIVILEGE_WORDS[int(rest) - 1]}; the council "
                "action gives this privilege again to a player with a councillor on this stage or higher.")
    if target == "bag":
        return (f"The black bag, with {st.monks} monks: the church action sends villagers into it; at the Mass, at "
                "the end of a round, the villagers drawn from it go onto church stage 1.")
    if kind == "stall" and rest.isdigit() and 1 <= int(rest) <= len(st.stalls):
        tile = st.stalls[int(rest) - 1]
        who = _customer(tile) if tile >= 0 else "no customer now"
        return f"Market stall {rest}, {who}: on a market day a player serves a customer here with the goods asked."
    if target == "town:village":
        return ("The village, where every journey starts: the travel action takes a villager from the farm to a town "
                "next to it.")
    if kind == "town" and rest in TOWN_NAMES:
        reward = dict(TOWNS)[TOWN_NAMES[rest]]
        return (f"{TOWN_NAMES[rest]}, a town on the travel map: with the travel action a villager comes here for "
                f"time, a wagon and the route's influence; a player's first visit brings {REWARD_WORDS.get(reward, reward)}.")
    seat, _, spot = rest.partition(":")
    where, _, generation = spot.rpartition(":")
    if kind == "vil" and seat.isdigit() and int(seat) < st.num_players and generation.isdigit():
        return _villager_thing(st, int(seat), where, generation)
    return None
