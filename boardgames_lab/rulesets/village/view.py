"""What each player may see, the teacher's full view, a text rendering, hidden-information sampling, invariants."""
from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from .data import (AREAS, BASE_GOODS, CATEGORIES, COIN_SUPPLY, COLOURS, CUBE_NAMES, CUBES_PER_COLOUR,
                   CUSTOMERS, GENERATIONS, GOODS, GRAIN_SUPPLY, MONKS, PLAGUE_CUBES, TOWNS)
from .info import chronicle_spaces, goods_totals, grave_count
from .places import PLACE_NAMES
from .state import VillageState


def _customer(tile: int) -> dict[str, Any] | None:
    if tile < 0:
        return None
    c = CUSTOMERS[tile]
    wants = {name: n for name, n in zip(BASE_GOODS + ("grain",), c.demand) if n}
    return {"tile": tile, "wants": wants, "prestige": c.prestige}


def _player(st: VillageState, p: int) -> dict[str, Any]:
    return {
        "seat": p,
        "villagers": [{"generation": g, "place": PLACE_NAMES[w]} for g, w in zip(GENERATIONS, st.places[p])],
        "cubes": dict(zip(COLOURS, st.cubes[p])),
        "goods": dict(zip(GOODS, st.goods[p])),
        "grain": st.grain[p], "coins": st.coins[p], "prestige": st.prestige[p],
        "time": st.time[p], "lap_position": st.time[p] % st.lap,
        "towns": [TOWNS[t][0] for t in range(len(TOWNS)) if st.visited[p] >> t & 1],
        "customers": [_customer(t) for t in st.served[p]],
    }


def _table(st: VillageState) -> dict[str, Any]:
    over = st.final is not None
    return {
        "game": "village",
        "round": st.round,
        "phase": st.phase,
        "current_player": None if over else st.current,
        "turn_player": st.turn_player,
        "start_player": st.start_player,
        "ring": None if st.ring < 0 else st.ring,
        "time_lap": st.lap,
        "areas": {name: dict(zip(CUBE_NAMES, st.spaces[a])) for a, name in enumerate(AREAS)},
        "acting_in": AREAS[st.area] if st.area >= 0 else None,
        "green_bag": dict(zip(CUBE_NAMES, st.bag)),
        "supply": {"cubes": dict(zip(CUBE_NAMES, st.supply)), "goods": dict(zip(GOODS, st.goods_supply)),
                   "coins": st.coin_supply, "grain": st.grain_supply},
        "black_bag_monks": st.monks,
        "stalls": [_customer(t) for t in st.stalls],
        "queue": [_customer(t) for t in st.queue],
        "pile": len(st.pile),
        "market": None if st.opener < 0 else {"opener": st.opener, "passed": list(st.passed),
                                               "first_sale": st.first_sale},
        "chronicle": {"used": dict(zip(CATEGORIES, st.chronicle)), "spaces_per_category": chronicle_spaces(st.options, st.num_players)},
        "graves": {"used": st.graves, "spaces": grave_count(st.options, st.num_players)},
        "deaths_owed": st.deaths,
        "end_by": None if st.end_by < 0 else st.end_by,
        "last_actions": None if st.last_queue is None else list(st.last_queue),
        "mass": {"queue": list(st.mass_queue), "selected": st.selected} if st.phase.startswith("mass") else None,
        "players": [_player(st, p) for p in range(st.num_players)],
        "final": st.final,
    }


def view(st: VillageState, player: int | None) -> dict[str, Any]:
    """Everything is public but the order of the face-down customer pile."""
    data = _table(st)
    data["perspective"] = player
    return data


def full_view(st: VillageState) -> dict[str, Any]:
    data = _table(st)
    data["perspective"] = "teacher"
    data["pile_order"] = [_customer(t) for t in reversed(st.pile)]
    return data


def render_text(st: VillageState, player: int | None) -> str:
    v = view(st, player)
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
    rng.shuffle(out.pile)
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
    if st.monks != MONKS:
        broken.append("monks left the bag")
    tiles = [t for t in st.stalls + st.queue + st.pile if t >= 0] + [t for s in st.served for t in s]
    if sorted(tiles) != list(range(len(CUSTOMERS))):
        broken.append("customer tiles do not add up")
    return broken
