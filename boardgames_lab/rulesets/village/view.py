"""What each player may see, declared per position field from the rulebook (FIELDS), the views built from the
redacted position (show), the teacher's full view, a text rendering, hidden-information sampling, invariants."""
from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from ...core.visibility import EVERYONE, NOBODY, Seen, is_hidden
from .data import (AREAS, BASE_GOODS, CATEGORIES, COIN_SUPPLY, COLOURS, CUBE_NAMES, CUBES_PER_COLOUR,
                   CUSTOMERS, GENERATIONS, GOODS, GRAIN_SUPPLY, MONKS, PLAGUE_CUBES)
from .info import chronicle_spaces, goods_totals, grave_count, resolved_lap
from .position import FIELDS as POSITION_FIELDS
from .state import VillageState

# village.hidden.pile: the customer pile lies face down, its order seen by nobody (its size is public); all else is
# on the table (served customers were served from a face-up stall; the bags' contents follow from public counts).
FIELDS: dict[str, Seen] = {name: NOBODY if name == "pile" else EVERYONE for name in POSITION_FIELDS}


def _customer(tile: int) -> dict[str, Any] | None:
    if tile < 0:
        return None
    c = CUSTOMERS[tile]
    wants = {name: n for name, n in zip(BASE_GOODS + ("grain",), c.demand) if n}
    return {"tile": tile, "wants": wants, "prestige": c.prestige}


def _player(data: dict[str, Any], p: int, lap: int) -> dict[str, Any]:
    return {
        "seat": p,
        "villagers": [{"generation": g, "place": w} for g, w in zip(GENERATIONS, data["places"][p])],
        "cubes": dict(zip(COLOURS, data["cubes"][p])),
        "goods": dict(zip(GOODS, data["goods"][p])),
        "grain": data["grain"][p], "coins": data["coins"][p], "prestige": data["prestige"][p],
        "time": data["time"][p], "lap_position": data["time"][p] % lap,
        "towns": list(data["towns"][p]),
        "customers": [_customer(t) for t in data["served"][p]],
    }


def _none(value: int) -> int | None:
    return None if value < 0 else value


def show(data: dict[str, Any], player: int | None, st: VillageState) -> dict[str, Any]:
    """The view built from the redacted position (FIELDS) and the public facts of the state."""
    over = st.final is not None
    n, options = st.num_players, st.options
    pile = data["pile"]
    return {
        "game": "village", "round": data["round"], "phase": st.phase,
        "current_player": None if over else st.current,
        "turn_player": data["turn_player"], "start_player": data["start_player"], "ring": _none(data["ring"]),
        "time_lap": resolved_lap(options),
        "areas": {name: dict(zip(CUBE_NAMES, data["spaces"][a])) for a, name in enumerate(AREAS)},
        "acting_in": AREAS[data["area"]] if data["area"] >= 0 else None,
        "green_bag": dict(zip(CUBE_NAMES, data["bag"])),
        "supply": {"cubes": dict(zip(CUBE_NAMES, data["supply"])), "goods": dict(zip(GOODS, data["goods_supply"])),
                   "coins": data["coin_supply"], "grain": data["grain_supply"]},
        "black_bag_monks": data["monks"],
        "stalls": [_customer(t) for t in data["stalls"]],
        "queue": [_customer(t) for t in data["queue"]],
        "pile": pile["count"] if is_hidden(pile) else len(pile),
        "market": None if data["opener"] < 0 else {"opener": data["opener"], "passed": list(data["passed"]),
                                                   "first_sale": data["first_sale"]},
        "chronicle": {"used": dict(zip(CATEGORIES, data["chronicle"])),
                      "spaces_per_category": chronicle_spaces(options, n)},
        "graves": {"used": data["graves"], "spaces": grave_count(options, n)},
        "deaths_owed": data["deaths"],
        "end_by": _none(data["end_by"]),
        "last_actions": None if data["last_queue"] is None else list(data["last_queue"]),
        "mass": {"queue": list(data["mass_queue"]), "selected": data["selected"]} if st.phase.startswith("mass")
        else None,
        "players": [_player(data, p, resolved_lap(options)) for p in range(n)],
        "final": st.final,
        "perspective": player,
    }


def full_view(data: dict[str, Any], st: VillageState) -> dict[str, Any]:
    """The teacher's view: everything, the order of the face-down pile too (top first)."""
    view = show(data, None, st)
    view["perspective"] = "teacher"
    view["pile_order"] = [_customer(t) for t in reversed(data["pile"])]
    return view


def render_text(v: dict[str, Any]) -> str:
    """A few lines of text from a view."""
    lines = [f"Village, round {v['round']}, {v['phase']}"
             + (f", player {v['current_player'] + 1} to move" if v["current_player"] is not None else "")]
    for name, cubes in v["areas"].items():
        shown = ", ".join(f"{n} {c}" for c, n in cubes.items() if n)
        lines.append(f"  {name}: {shown or '-'}")
    for pl in v["players"]:
        lines.append(f"  Player {pl['seat'] + 1}: {pl['prestige']} prestige, {pl['coins']} coins, "
                     f"{pl['grain']} grain, time {pl['time']}")
    return "\n".join(lines)


def determinize(st: VillageState, player: int | None, rng: Rng) -> VillageState:
    """Resample what nobody can see: the order of the customer pile."""
    out = st.clone()
    rng.shuffle(out.pile, what="the customer pile")
    return out


def invariants(st: VillageState) -> list[str]:
    broken = []
    n = st.num_players
    for c in range(4):
        total = st.supply[c] + st.bag[c] + sum(s[c] for s in st.spaces) + sum(st.cubes[p][c] for p in range(n))
        if total != CUBES_PER_COLOUR:
            broken.append(f"{COLOURS[c]} cubes: {total}, the game has {CUBES_PER_COLOUR}")
    plague = st.supply[4] + st.bag[4] + sum(s[4] for s in st.spaces)
    if plague != PLAGUE_CUBES:
        broken.append(f"plague cubes: {plague}")
    for g, total in enumerate(goods_totals(st.options)):
        if st.goods_supply[g] + sum(st.goods[p][g] for p in range(n)) != total:
            broken.append(f"{GOODS[g]} tiles do not add up")
    if st.coin_supply + sum(st.coins) != COIN_SUPPLY:
        broken.append("coins do not add up")
    if st.grain_supply + sum(st.grain) != GRAIN_SUPPLY:
        broken.append("grain does not add up")
    if any(x < 0 for row in (st.coins, st.grain, st.supply, st.goods_supply, *st.cubes, *st.goods) for x in row):
        broken.append("a negative count")
    if any(g > 5 for g in st.grain):
        broken.append("more than five grain on a farm")
    if st.monks != MONKS and st.phase != "mass_draw":  # monks drawn at Mass go back when the draw ends
        broken.append("monks left the bag")
    tiles = [t for t in st.stalls + st.queue + st.pile if t >= 0] + [t for s in st.served for t in s]
    if sorted(tiles) != list(range(len(CUSTOMERS))):
        broken.append("customer tiles do not add up")
    # The chronicle's and the graves' counters are the villagers lying there (village.death.chronicle); a grave
    # is used only once a category is full, a villager leaves the game only once the graves are full too, and
    # the end is triggered exactly when the chronicle or the graves are full (village.end.trigger).
    from .data import CHRONICLE0, GRAVE, REMOVED
    dead = [place for p in range(n) for place in st.places[p] if place >= CHRONICLE0]
    spaces, graves = chronicle_spaces(st.options, n), grave_count(st.options, n)
    for c, category in enumerate(CATEGORIES):
        if st.chronicle[c] != dead.count(CHRONICLE0 + c):
            broken.append(f"chronicle ({category}): the counter says {st.chronicle[c]}, "
                          f"{dead.count(CHRONICLE0 + c)} villagers lie there (village.death.chronicle)")
    if st.graves != dead.count(GRAVE):
        broken.append(f"graves: the counter says {st.graves}, {dead.count(GRAVE)} villagers lie there "
                      "(village.death.chronicle)")
    if (st.graves or REMOVED in dead) and spaces not in st.chronicle:
        broken.append("a villager lies in a grave or left the game while no chronicle category is full "
                      "(village.death.chronicle)")
    if REMOVED in dead and st.graves < graves:
        broken.append("a villager left the game while a grave is free (village.death.chronicle)")
    ended = sum(st.chronicle) == spaces * len(CATEGORIES) or st.graves == graves
    if ended != (st.end_by >= 0):
        broken.append(f"the end is {'not ' if st.end_by < 0 else ''}triggered, but the chronicle and the graves "
                      f"are {'' if ended else 'not '}full (village.end.trigger)")
    if st.end_by < 0 and (st.end_opener >= 0 or st.last_queue is not None):
        broken.append("last actions are set while the end is not triggered (village.end.last_actions)")
    return broken
