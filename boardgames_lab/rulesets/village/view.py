"""What each player may see, declared per position field from the rulebook (FIELDS), the views built from the
redacted position (show), the teacher's full view and hidden-information sampling."""
from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from ...core.visibility import EVERYONE, NOBODY, Seen, is_hidden
from .data import AREAS, BASE_GOODS, CATEGORIES, COLOURS, CUBE_NAMES, CUSTOMERS, GENERATIONS, GOODS
from .info import chronicle_spaces, grave_count, resolved_lap
from .position import FIELDS as POSITION_FIELDS, position
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


def full_view(st: VillageState) -> dict[str, Any]:
    """The teacher's view: everything, the order of the face-down pile too (top first)."""
    data = position(st)
    view = show(data, None, st)
    view["perspective"] = "teacher"
    view["pile_order"] = [_customer(t) for t in reversed(data["pile"])]
    return view


def determinize(st: VillageState, player: int | None, rng: Rng) -> VillageState:
    """Resample what nobody can see: the order of the customer pile."""
    out = st.clone()
    rng.shuffle(out.pile, what="the customer pile")
    return out
