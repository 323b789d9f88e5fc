"""Village's observation features: a fixed layout of a seat's view (``faces.Layout``).

Built from the view alone (``definition.view(state, seat)``), so two positions the seat cannot tell apart give
the same vector. Seats are counted from the observer (``you``, ``+1`` the next seat, ...) up to four.
``encode_state`` writes the same vector straight from the state: everything but the customer pile's order is on
the table (village.hidden.pile), and it reads the pile's size only. tests/adapters/test_features.py checks the two
agree on many positions.
"""
from __future__ import annotations

from array import array
from typing import Any

from ...faces import Layout, relative_seats, seat_order
from .data import (AREAS, CATEGORIES, COLOURS, CUBE_NAMES, CUSTOMERS, GENERATIONS, GOODS, PLACE_NAMES, QUEUE_SPACES,
                   STALLS, TOWN_IDS)
from .flow import FLOW
from .info import chronicle_spaces, grave_count, resolved_lap
from .state import VillageState

PLAYERS = 4
SEATS = relative_seats(PLAYERS)
PHASES = tuple(p.name for p in FLOW.phases)
TILES = tuple(str(t) for t in range(len(CUSTOMERS)))
PIECES = tuple(f"{place} g{g}" for place in PLACE_NAMES for g in sorted(set(GENERATIONS)))
STALL_SLOTS = max(STALLS.values())

LAYOUT = Layout("village", [
    ("phase", PHASES, "the phase, one-hot"),
    ("round", ("round",), "the round number"),
    ("to_act", SEATS, "the seat to act, one-hot"),
    ("turn_player", SEATS, "the seat whose turn it is, one-hot"),
    ("start_player", SEATS, "the start player, one-hot"),
    ("ring", SEATS, "the holder of the next start player's ring, one-hot"),
    ("end_by", SEATS, "the seat that filled the last chronicle space or grave, one-hot"),
    ("seated", SEATS, "1 for each seat at the table"),
    ("time_lap", ("time",), "time units per lap of the time track"),
    *((f"area.{a}", CUBE_NAMES, f"the influence cubes on the {a} area") for a in AREAS),
    ("acting_in", AREAS, "the area being acted in, one-hot"),
    ("green_bag", CUBE_NAMES, "the cubes in the green bag"),
    ("supply.cubes", CUBE_NAMES, "cubes in the supply"),
    ("supply.goods", GOODS, "goods in the supply"),
    ("supply", ("coins", "grain"), "coins and grain in the supply"),
    ("monks", ("monks",), "monks in the black bag"),
    *((f"stall.{i}", TILES, f"the customer at market stall {i}, one-hot") for i in range(STALL_SLOTS)),
    *((f"queue.{i}", TILES, f"the customer at waiting space {i}, one-hot") for i in range(QUEUE_SPACES)),
    ("pile", ("tiles",), "customer tiles left face down"),
    ("market", ("open", "first_sale"), "1 on a market day; 1 once its first sale is made"),
    ("market.opener", SEATS, "the seat that opened the market day, one-hot"),
    ("market.passed", SEATS, "1 for each seat that passed at the market"),
    ("chronicle", CATEGORIES, "chronicle spaces used per category"),
    ("chronicle_spaces", ("spaces",), "chronicle spaces per category"),
    ("graves", ("used", "spaces"), "graves used, and graves there are"),
    ("deaths_owed", ("deaths",), "deaths still owed"),
    ("last_actions", SEATS, "1 for each seat still owed a last action"),
    ("mass", ("on", "selected"), "1 during a mass; the pieces taken out of the bag"),
    ("mass.queue", SEATS, "the seats still to go at the mass"),
    *((f"cubes.{c}", SEATS, f"each seat's {c} influence cubes") for c in COLOURS),
    *((f"goods.{g}", SEATS, f"each seat's {g}") for g in GOODS),
    ("grain", SEATS, "each seat's grain"),
    ("coins", SEATS, "each seat's coins"),
    ("prestige", SEATS, "each seat's prestige"),
    ("time", SEATS, "each seat's time"),
    ("lap_position", SEATS, "each seat's place on the time track's lap"),
    *((f"villagers.{s}", PIECES, f"seat {s}'s villagers: a count per place and generation") for s in SEATS),
    *((f"towns.{s}", TOWN_IDS, f"the towns seat {s} has reached") for s in SEATS),
    *((f"customers.{s}", TILES, f"the customers seat {s} has served") for s in SEATS),
])


def encode(view: dict[str, Any], seat: int, players: int) -> "array[float]":
    """A view as ``LAYOUT``'s vector, seats counted from ``seat`` (the view is ``seat``'s own, or a spectator's
    for a public observation: then the private fields stay 0)."""
    L, out = LAYOUT, LAYOUT.blank()
    order = seat_order(seat, players)
    rel = {s: SEATS[k] for k, s in enumerate(order)}
    L.one_hot(out, "phase", view["phase"])
    L.put(out, "round", view["round"])
    for name, key in (("to_act", "current_player"), ("turn_player", "turn_player"), ("start_player", "start_player"),
                      ("ring", "ring"), ("end_by", "end_by")):
        if view[key] is not None:
            L.one_hot(out, name, rel.get(view[key]))
    L.count(out, "seated", SEATS[:players])
    _table(out, view, rel)
    _players(out, view, seat, order)
    return out


def _players(out: "array[float]", view: dict[str, Any], seat: int, order: list[int]) -> None:
    """The per-seat fields, the observer's first, and the observer's own private fields."""
    L = LAYOUT
    for k, s in enumerate(order):
        p = view["players"][s]
        for c in COLOURS:
            L.put(out, f"cubes.{c}", p["cubes"][c], k)
        for g in GOODS:
            L.put(out, f"goods.{g}", p["goods"][g], k)
        for key in ("grain", "coins", "prestige", "time", "lap_position"):
            L.put(out, key, p[key], k)
        L.count(out, f"villagers.{SEATS[k]}", (f"{v['place']} g{v['generation']}" for v in p["villagers"]))
        L.count(out, f"towns.{SEATS[k]}", (town.lower() for town in p["towns"]))
        L.count(out, f"customers.{SEATS[k]}", (str(c["tile"]) for c in p["customers"] if c is not None))


def _table(out: "array[float]", view: dict[str, Any], rel: dict[int, str]) -> None:
    """The board, the bags, the supply and the market."""
    L = LAYOUT
    L.put(out, "time_lap", view["time_lap"])
    for a in AREAS:
        for i, c in enumerate(CUBE_NAMES):
            L.put(out, f"area.{a}", view["areas"][a][c], i)
    if view["acting_in"] is not None:
        L.one_hot(out, "acting_in", view["acting_in"])
    supply = view["supply"]
    for i, c in enumerate(CUBE_NAMES):
        L.put(out, "green_bag", view["green_bag"][c], i)
        L.put(out, "supply.cubes", supply["cubes"][c], i)
    for i, g in enumerate(GOODS):
        L.put(out, "supply.goods", supply["goods"][g], i)
    L.put(out, "supply", supply["coins"], 0)
    L.put(out, "supply", supply["grain"], 1)
    L.put(out, "monks", view["black_bag_monks"])
    for row, slots in (("stall", view["stalls"][:STALL_SLOTS]), ("queue", view["queue"][:QUEUE_SPACES])):
        for i, c in enumerate(slots):
            if c is not None:
                L.one_hot(out, f"{row}.{i}", str(c["tile"]))
    L.put(out, "pile", view["pile"])
    _market(out, view, rel)


def _market(out: "array[float]", view: dict[str, Any], rel: dict[int, str]) -> None:
    """The market day, the chronicle, the graves and the mass."""
    L = LAYOUT
    market = view["market"]
    if market is not None:
        L.put(out, "market", 1.0, 0)
        L.put(out, "market", market["first_sale"], 1)
        L.one_hot(out, "market.opener", rel.get(market["opener"]))
        L.count(out, "market.passed", (rel.get(s) for s, passed in enumerate(market["passed"]) if passed))
    for i, c in enumerate(CATEGORIES):
        L.put(out, "chronicle", view["chronicle"]["used"][c], i)
    L.put(out, "chronicle_spaces", view["chronicle"]["spaces_per_category"])
    L.put(out, "graves", view["graves"]["used"], 0)
    L.put(out, "graves", view["graves"]["spaces"], 1)
    L.put(out, "deaths_owed", view["deaths_owed"])
    L.count(out, "last_actions", (rel.get(s) for s in view["last_actions"] or ()))
    mass = view["mass"]
    if mass is not None:
        L.put(out, "mass", 1.0, 0)
        L.put(out, "mass", mass["selected"], 1)
        L.count(out, "mass.queue", (rel.get(s) for s in mass["queue"]))


# The layout's offsets, looked up once for ``encode_state``.
_AT = LAYOUT.offset
_PHASE = LAYOUT.index["phase"]
_AREA_AT = tuple(_AT[f"area.{a}"] for a in AREAS)
_STALL_AT = tuple(_AT[f"stall.{i}"] for i in range(STALL_SLOTS))
_QUEUE_AT = tuple(_AT[f"queue.{i}"] for i in range(QUEUE_SPACES))
_CUBES_AT = tuple(_AT[f"cubes.{c}"] for c in COLOURS)
_GOODS_AT = tuple(_AT[f"goods.{g}"] for g in GOODS)
_VILLAGERS_AT = tuple(_AT[f"villagers.{s}"] for s in SEATS)
_TOWNS_AT = tuple(_AT[f"towns.{s}"] for s in SEATS)
_CUSTOMERS_AT = tuple(_AT[f"customers.{s}"] for s in SEATS)
_PER_SEAT_NAMES = (*(f"cubes.{c}" for c in COLOURS), *(f"goods.{g}" for g in GOODS), "grain", "coins", "prestige",
                   "time", "lap_position")
_PER_SEAT, _PER_SEAT_FIELDS = _AT[_PER_SEAT_NAMES[0]], len(_PER_SEAT_NAMES)
if [_AT[f] for f in _PER_SEAT_NAMES] != [_PER_SEAT + PLAYERS * i for i in range(_PER_SEAT_FIELDS)]:
    raise AssertionError("village features: the per-seat fields written in one stride are not one after another")
_TOWN_BITS = tuple(tuple(t for t in range(len(TOWN_IDS)) if bits >> t & 1) for bits in range(1 << len(TOWN_IDS)))
_PIECE = tuple(tuple(LAYOUT.index["villagers.you"][f"{place} g{g}"] for place in PLACE_NAMES) for g in GENERATIONS)


def encode_state(st: VillageState, seat: int, public: bool = False) -> "array[float]":
    """``encode(definition.view(st, seat), seat, players)`` (the spectator's view where ``public``: the same, as
    nothing a seat holds is hidden), read from the state."""
    out = LAYOUT.blank()
    n = st.num_players
    at = _PHASE.get(st.phase)
    if at is not None:
        out[_AT["phase"] + at] = 1.0
    out[_AT["round"]] = st.round
    for name, who in (("to_act", None if st.final is not None else st.current), ("turn_player", st.turn_player),
                      ("start_player", st.start_player), ("ring", st.ring), ("end_by", st.end_by)):
        if who is not None and 0 <= who < n:
            out[_AT[name] + (who - seat) % n] = 1.0
    for k in range(n):
        out[_AT["seated"] + k] = 1.0
    lap = resolved_lap(st.options)
    out[_AT["time_lap"]] = lap
    for at, row in zip(_AREA_AT, st.spaces):
        out[at:at + len(row)] = array("f", row)
    if st.area >= 0:
        out[_AT["acting_in"] + st.area] = 1.0
    for name, row in (("green_bag", st.bag), ("supply.cubes", st.supply), ("supply.goods", st.goods_supply)):
        at = _AT[name]
        out[at:at + len(row)] = array("f", row)
    out[_AT["supply"]], out[_AT["supply"] + 1] = st.coin_supply, st.grain_supply
    out[_AT["monks"]] = st.monks
    for slots, tiles in ((_STALL_AT, st.stalls), (_QUEUE_AT, st.queue)):
        for at, tile in zip(slots, tiles):
            if tile >= 0:
                out[at + tile] = 1.0
    out[_AT["pile"]] = len(st.pile)  # village.hidden.pile: its size, never its order
    _market_state(out, st, seat)
    _players_of_state(out, st, seat, lap)
    return out


def _players_of_state(out: "array[float]", st: VillageState, seat: int, lap: int) -> None:
    """The players' part of ``encode_state``: each seat's goods, villagers, towns and customers, from ``seat``."""
    n = st.num_players
    cubes, goods, grain, coins, prestige, time = st.cubes, st.goods, st.grain, st.coins, st.prestige, st.time
    for k in range(n):
        p = (seat + k) % n
        # cubes.<colour>, goods.<good>, grain, coins, prestige, time and lap_position lie one after another, each
        # with one entry per seat: seat k's entries are every PLAYERS-th from the first field's k-th
        at = _PER_SEAT + k
        out[at:at + _PER_SEAT_FIELDS * PLAYERS:PLAYERS] = array(
            "f", (*cubes[p], *goods[p], grain[p], coins[p], prestige[p], time[p], time[p] % lap))
        at = _VILLAGERS_AT[k]
        for piece, place in zip(_PIECE, st.places[p]):
            out[at + piece[place]] += 1.0
        at = _TOWNS_AT[k]
        for t in _TOWN_BITS[st.visited[p]]:
            out[at + t] = 1.0
        at = _CUSTOMERS_AT[k]
        for tile in st.served[p]:
            if tile >= 0:
                out[at + tile] += 1.0


def _market_state(out: "array[float]", st: VillageState, seat: int) -> None:
    """The market day, the chronicle, the graves and the mass."""
    n = st.num_players
    if st.opener >= 0:
        out[_AT["market"]], out[_AT["market"] + 1] = 1.0, st.first_sale
        if st.opener < n:
            out[_AT["market.opener"] + (st.opener - seat) % n] = 1.0
        for s, passed in enumerate(st.passed):
            if passed and 0 <= s < n:
                out[_AT["market.passed"] + (s - seat) % n] += 1.0
    at = _AT["chronicle"]
    out[at:at + len(CATEGORIES)] = array("f", st.chronicle)
    out[_AT["chronicle_spaces"]] = chronicle_spaces(st.options, n)
    out[_AT["graves"]], out[_AT["graves"] + 1] = st.graves, grave_count(st.options, n)
    out[_AT["deaths_owed"]] = st.deaths
    for s in st.last_queue or ():
        if 0 <= s < n:
            out[_AT["last_actions"] + (s - seat) % n] += 1.0
    if st.phase.startswith("mass"):
        out[_AT["mass"]], out[_AT["mass"] + 1] = 1.0, st.selected
        for s in st.mass_queue:
            if 0 <= s < n:
                out[_AT["mass.queue"] + (s - seat) % n] += 1.0
