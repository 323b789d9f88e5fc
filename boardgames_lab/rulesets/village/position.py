"""A Village position as data: every field of the state in JSON, read back with every field validated.

Villagers are written by place name (``"farm"``, ``"council2"``), towns reached by name, customers by tile
number; counts are lists in the order of data.COLOURS (cubes), CUBE_NAMES (supply, bag, areas) and GOODS.
Reading refuses, naming the field, any value of the wrong type or range, a list of the wrong length, cubes,
goods, coins, grain or customer tiles that do not add up, and phase fields that do not fit the phase.
"""
from __future__ import annotations

from typing import Any

from ...core.errors import PositionError
from ...core.position import Reader, boolean, conserved, items, ints, names
from . import draws
from .data import (AREAS, CATEGORIES, COIN_SUPPLY, CUBES_PER_COLOUR, CUSTOMERS, GENERATIONS, GOODS, GRAIN_LIMIT,
                   GRAIN_SUPPLY, MARKET, MASS_PIECES, MONKS, PLACE_INDEX, PLACE_NAMES, PLAGUE_CUBES, QUEUE_SPACES, TOWNS)
from .info import chronicle_spaces, goods_totals, grave_count, resolved_lap, stall_count
from .scoring import final_scores
from .state import VillageState, count_area_cubes

TOWN_NAMES = tuple(name for name, _ in TOWNS)
FIELDS = ("places", "cubes", "goods", "grain", "coins", "prestige", "time", "towns", "served", "supply", "bag",
          "spaces", "goods_supply", "coin_supply", "grain_supply", "monks", "stalls", "queue", "pile", "chronicle",
          "graves", "start_player", "ring", "round", "area", "step", "priv_max", "deaths", "held_deaths", "opener",
          "passed", "first_sale", "served_any", "end_by", "end_opener", "last_queue", "no_cubes", "mass_queue",
          "selected", "final_mass", "turn_player")
BIG = 10**6


def position(st: VillageState) -> dict[str, Any]:
    n = st.num_players
    return {
        "places": [[PLACE_NAMES[w] for w in st.places[p]] for p in range(n)],
        "cubes": [row[:] for row in st.cubes], "goods": [row[:] for row in st.goods],
        "grain": st.grain[:], "coins": st.coins[:], "prestige": st.prestige[:], "time": st.time[:],
        "towns": [[name for t, name in enumerate(TOWN_NAMES) if st.visited[p] >> t & 1] for p in range(n)],
        "served": [row[:] for row in st.served],
        "supply": st.supply[:], "bag": st.bag[:], "spaces": [row[:] for row in st.spaces],
        "goods_supply": st.goods_supply[:], "coin_supply": st.coin_supply, "grain_supply": st.grain_supply,
        "monks": st.monks, "stalls": st.stalls[:], "queue": st.queue[:], "pile": st.pile[:],
        "chronicle": st.chronicle[:], "graves": st.graves, "start_player": st.start_player, "ring": st.ring,
        "round": st.round, "area": st.area, "step": st.step, "priv_max": st.priv_max, "deaths": st.deaths,
        "held_deaths": st.held_deaths, "opener": st.opener, "passed": st.passed[:], "first_sale": st.first_sale,
        "served_any": st.served_any, "end_by": st.end_by, "end_opener": st.end_opener,
        "last_queue": None if st.last_queue is None else st.last_queue[:], "no_cubes": st.no_cubes,
        "mass_queue": st.mass_queue[:], "selected": st.selected, "final_mass": st.final_mass,
        "turn_player": st.turn_player,
    }


def read_position(data: Reader, players: int, options: dict[str, Any], phase: str) -> VillageState:
    r = Reader(data.data, data.path, FIELDS)
    st = VillageState()
    st.init_base(players, 0)
    st.setup_fields(players, options)
    st.lap = resolved_lap(options)
    _read_seats(r, st, players)
    _read_board(r, st, players, options)
    _read_turn(r, st, players)
    _conserve(r, st, options)
    _fits_phase(r, st, phase)
    if phase == "game_over":
        st.final = final_scores(st)
    return st


def _read_seats(r: Reader, st: VillageState, n: int) -> None:
    st.places = r.items("places", _pieces, length=n)
    st.cubes = r.items("cubes", _counts(4, CUBES_PER_COLOUR), length=n)
    st.goods = r.items("goods", _counts(len(GOODS), BIG), length=n)
    st.grain = r.items("grain", ints(0, GRAIN_LIMIT), length=n)
    st.coins = r.items("coins", ints(0, COIN_SUPPLY), length=n)
    st.prestige = r.items("prestige", ints(0, BIG), length=n)
    st.time = r.items("time", ints(0, BIG), length=n)
    st.visited = r.items("towns", _towns, length=n)
    st.served = r.items("served", _tiles, length=n)


def _pieces(value: Any, path: str) -> list[int]:
    """One place name per piece, in the order of data.GENERATIONS."""
    return [PLACE_INDEX[x] for x in items(value, path, names(PLACE_NAMES), length=len(GENERATIONS))]


def _counts(length: int, high: int) -> Any:
    return lambda value, path: items(value, path, ints(0, high), length=length)


def _towns(value: Any, path: str) -> int:
    towns = items(value, path, names(TOWN_NAMES))
    if len(set(towns)) != len(towns):
        raise PositionError(path, "names a town twice")
    return sum(1 << TOWN_NAMES.index(t) for t in towns)


def _tiles(value: Any, path: str) -> list[int]:
    return items(value, path, ints(0, len(CUSTOMERS) - 1))


def _read_board(r: Reader, st: VillageState, n: int, options: dict[str, Any]) -> None:
    st.supply = r.items("supply", ints(0, CUBES_PER_COLOUR), length=5)
    st.bag = r.items("bag", ints(0, CUBES_PER_COLOUR), length=5)
    st.spaces = r.items("spaces", _counts(5, CUBES_PER_COLOUR), length=len(AREAS))
    count_area_cubes(st)
    st.goods_supply = r.items("goods_supply", ints(0, BIG), length=len(GOODS))
    st.coin_supply = r.integer("coin_supply", 0, COIN_SUPPLY)
    st.grain_supply = r.integer("grain_supply", 0, GRAIN_SUPPLY)
    st.monks = r.integer("monks", 0, MONKS)  # fewer only while the Mass draw has monks out
    st.stalls = r.items("stalls", ints(-1, len(CUSTOMERS) - 1), length=stall_count(options, n))
    st.queue = r.items("queue", ints(-1, len(CUSTOMERS) - 1), length=QUEUE_SPACES)
    st.pile = r.items("pile", ints(0, len(CUSTOMERS) - 1))
    st.chronicle = r.items("chronicle", ints(0, chronicle_spaces(options, n)), length=len(CATEGORIES))
    st.graves = r.integer("graves", 0, grave_count(options, n))


def _read_turn(r: Reader, st: VillageState, n: int) -> None:
    seat, seat_or_none = ints(0, n - 1), (-1, n - 1)
    st.start_player = r.integer("start_player", 0, n - 1)
    st.ring = r.integer("ring", *seat_or_none)
    st.round = r.integer("round", 1, BIG)
    st.area = r.integer("area", -1, len(AREAS) - 1)
    st.step = r.integer("step", 0, 3)
    st.priv_max = r.integer("priv_max", 0, 4)
    st.deaths = r.integer("deaths", 0, BIG)
    st.held_deaths = r.integer("held_deaths", 0, BIG)
    st.opener = r.integer("opener", *seat_or_none)
    st.passed = r.items("passed", boolean, length=n)
    st.first_sale = r.boolean("first_sale")
    st.served_any = r.boolean("served_any")
    st.end_by = r.integer("end_by", *seat_or_none)
    st.end_opener = r.integer("end_opener", *seat_or_none)
    last = r.raw("last_queue")
    st.last_queue = None if last is None else r.items("last_queue", seat, most=n)
    st.no_cubes = r.boolean("no_cubes")
    st.mass_queue = r.items("mass_queue", seat, most=n)
    st.selected = r.integer("selected", 0, 4)
    st.final_mass = r.boolean("final_mass")
    st.turn_player = r.integer("turn_player", 0, n - 1)


def _conserve(r: Reader, st: VillageState, options: dict[str, Any]) -> None:
    """Every cube, good, coin, grain and customer tile is somewhere, once."""
    n = st.num_players
    for c in range(5):
        total = st.supply[c] + st.bag[c] + sum(s[c] for s in st.spaces) + (sum(st.cubes[p][c] for p in range(n))
                                                                           if c < 4 else 0)
        want = CUBES_PER_COLOUR if c < 4 else PLAGUE_CUBES
        if total != want:
            raise PositionError(r.at("supply") + f"[{c}]", f"the game has {want} of these cubes; supply, bag, "
                                                           f"areas and farmyards hold {total}")
    for g, want in enumerate(goods_totals(options)):
        total = st.goods_supply[g] + sum(st.goods[p][g] for p in range(n))
        if total != want:
            raise PositionError(r.at("goods_supply") + f"[{g}]", f"the game has {want} {GOODS[g]} tiles, not {total}")
    if st.coin_supply + sum(st.coins) != COIN_SUPPLY:
        raise PositionError(r.at("coin_supply"), f"the game has {COIN_SUPPLY} coins, not "
                                                 f"{st.coin_supply + sum(st.coins)}")
    if st.grain_supply + sum(st.grain) != GRAIN_SUPPLY:
        raise PositionError(r.at("grain_supply"), f"the game has {GRAIN_SUPPLY} grain, not "
                                                  f"{st.grain_supply + sum(st.grain)}")
    tiles = [t for t in st.stalls + st.queue if t >= 0] + st.pile + [t for row in st.served for t in row]
    conserved(r.at("pile"), "customer tiles", tiles, {t: 1 for t in range(len(CUSTOMERS))})


def _fits_phase(r: Reader, st: VillageState, phase: str) -> None:
    """The fields that say where a turn stands must fit the phase."""
    def bad(field: str, why: str) -> PositionError:
        return PositionError(r.at(field), f"{why} in the {phase} phase")
    if phase == "action" and not (st.area >= 0 and st.area != MARKET and st.step == 0):
        raise bad("area", f"an action needs the area of the cube taken (not {st.area}) and step 0")
    if phase == "turn" and (st.area >= 0 or st.step):
        raise bad("area", "no area is chosen yet")
    if phase in ("market", "market_death") and st.opener < 0:
        raise bad("opener", "a market day needs the seat that opened it")
    if phase not in ("market", "market_death") and st.opener >= 0:
        raise bad("opener", "no market day is open")
    if phase == "privilege" and not (st.step == 1 and st.priv_max >= 1):
        raise bad("step", "an owed privilege needs step 1 and a stage reached")
    if phase == "cubes" and st.step != 2:
        raise bad("step", "two cubes owed need step 2")
    if phase in ("death", "market_death") and not st.deaths:
        raise bad("deaths", "a choice of who dies needs a death owed")
    if phase in ("mass", "mass_advance") and not st.mass_queue:
        raise bad("mass_queue", "the Mass needs a seat to decide")
    _fits_draw(r, st, phase)


def _fits_draw(r: Reader, st: VillageState, phase: str) -> None:
    """A position at a draw has something to draw (else the flow would have gone on); monks are out only then."""
    if phase != "mass_draw" and st.monks != MONKS:
        raise PositionError(r.at("monks"), f"all {MONKS} monks stay in the black bag outside the Mass draw")
    if phase == "mass_draw" and st.selected + MONKS - st.monks > MASS_PIECES:
        raise PositionError(r.at("monks"), f"the Mass draw takes {MASS_PIECES} pieces out, not more")
    due = {"customers": draws.customers_dealt, "refill": draws.market_refilled, "seed": draws.board_seeded,
           "mass_draw": draws.mass_drawn}.get(phase)
    if phase == "seed" and not draws.seeded_in_order(st):
        raise PositionError(r.at("spaces"), "the areas are seeded in board order, each with the setup card's "
                                            "cubes: the seed draw stands at the first empty area")
    if due is not None and due(st):
        field = {"customers": "pile", "refill": "served_any", "seed": "bag", "mass_draw": "selected"}[phase]
        raise PositionError(r.at(field), f"nothing is left to draw in the {phase} phase")
