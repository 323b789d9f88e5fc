"""Village's observation features: a fixed layout of a seat's view (``faces.Layout``).

Built from the view alone (``definition.view(state, seat)``), so two positions the seat cannot tell apart give
the same vector. Seats are counted from the observer (``you``, ``+1`` the next seat, ...) up to four.
``encode_state`` writes the same vector straight from the state: everything but the customer pile's order is on
the table (village.hidden.pile), and it reads the pile's size only. tests/adapters/test_features.py checks the two
agree on many positions.
"""
from __future__ import annotations

from array import array
from itertools import chain
from struct import Struct
from typing import Any

from ...faces import Layout, relative_seats, seat_order
from .data import (AREAS, CATEGORIES, COLOURS, CUBE_NAMES, CUSTOMERS, GENERATIONS, GOODS, PLACE_NAMES, QUEUE_SPACES,
                   STALLS, TOWN_IDS)
from .flow import FLOW
from .info import chronicle_spaces, grave_count
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
_BLANK = LAYOUT.blank()
_PHASE_AT = {phase: _AT["phase"] + i for phase, i in LAYOUT.index["phase"].items()}
_ROUND, _TO_ACT, _TURN, _START, _RING, _END_BY, _SEATED = (
    _AT[f] for f in ("round", "to_act", "turn_player", "start_player", "ring", "end_by", "seated"))
_ONES = tuple(array("f", [1.0] * k) for k in range(PLAYERS + 1))  # the first k seats at the table
# time_lap and the areas: one run; acting_in; the bags, the supply and the monks: another run
_BOARD, _ACTING, _BAGS, _BOARD_END = _AT["time_lap"], _AT["acting_in"], _AT["green_bag"], _AT["monks"] + 1
_AREAS_RUN, _BAGS_RUN = Struct(f"{_ACTING - _BOARD}f"), Struct(f"{_BOARD_END - _BAGS}f")
# the stalls and the waiting spaces: one run of one-hot rows, a tile's row by its number (-1, empty: zeros)
_STALLS = _AT["stall.0"]
_TILE_ROWS = tuple(array("f", [float(t == i) for i in range(len(TILES))]).tobytes() for t in range(len(TILES) + 1))
_NO_STALLS = tuple((-1,) * (STALL_SLOTS - k) for k in range(STALL_SLOTS + 1))  # the unused stalls' slots
_PILE, _MARKET, _OPENER, _PASSED = _AT["pile"], _AT["market"], _AT["market.opener"], _AT["market.passed"]
_LAST_ACTIONS, _MASS, _MASS_QUEUE = _AT["last_actions"], _AT["mass"], _AT["mass.queue"]
# the chronicle, the spaces per category, the graves used and there are, and the deaths owed: one run
_CHRONICLE = _AT["chronicle"]
_CHRONICLE_RUN = Struct(f"{_AT['deaths_owed'] + 1 - _CHRONICLE}f")
# cubes.<colour>, goods.<good>, grain, coins, prestige, time and lap_position: one entry per seat each, one field
# after another, so a seat's entries are every PLAYERS-th from the first field's entry of that seat
_PER_SEAT_NAMES = (*(f"cubes.{c}" for c in COLOURS), *(f"goods.{g}" for g in GOODS), "grain", "coins", "prestige",
                   "time", "lap_position")
_PER_SEAT, _PER_SEAT_END = _AT[_PER_SEAT_NAMES[0]], _AT[_PER_SEAT_NAMES[-1]] + PLAYERS
_SEAT_RUN = Struct(f"{len(_PER_SEAT_NAMES)}f")
# the k-th seat from the observer's entries: per-seat fields, villagers, towns, customers
_SEAT_SLICES = tuple((slice(_PER_SEAT + k, _PER_SEAT_END, PLAYERS),
                      *(slice(_AT[f"{f}.{s}"], _AT[f"{f}.{s}"] + len(LAYOUT.index[f"{f}.{s}"]))
                        for f in ("villagers", "towns", "customers"))) for k, s in enumerate(SEATS))
_IN_TURN = tuple(tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n)) for n in range(PLAYERS + 1))


def _in_order(*names: str) -> bool:
    """Whether the fields ``names`` lie one after another in the layout."""
    return all(_AT[a] + len(LAYOUT.index[a]) == _AT[b] for a, b in zip(names, names[1:]))


if not (_in_order("time_lap", *(f"area.{a}" for a in AREAS), "acting_in", "green_bag", "supply.cubes",
                  "supply.goods", "supply", "monks")
        and _in_order(*(f"stall.{i}" for i in range(STALL_SLOTS)), *(f"queue.{i}" for i in range(QUEUE_SPACES)))
        and _in_order("chronicle", "chronicle_spaces", "graves", "deaths_owed")
        and all(len(LAYOUT.index[f]) == PLAYERS for f in _PER_SEAT_NAMES) and _in_order(*_PER_SEAT_NAMES)
        and _AT["phase"] == 0 and _in_order("phase", "round", "to_act", "turn_player", "start_player", "ring",
                                            "end_by", "seated")
        and LAYOUT.fields[-1][0] == f"customers.{SEATS[-1]}"):
    raise AssertionError("village features: the fields written in one run are not one after another")
# a town bit set -> the towns field; a player's places (data.GENERATIONS order) -> the villagers field
_TOWN_BLOCKS = tuple(array("f", [float(bits >> t & 1) for t in range(len(TOWN_IDS))])
                     for bits in range(1 << len(TOWN_IDS)))
_PIECE = tuple(tuple(LAYOUT.index["villagers.you"][f"{place} g{g}"] for place in PLACE_NAMES) for g in GENERATIONS)
_FAMILIES: dict[tuple[int, ...], "array[float]"] = {}
_FAMILIES_KEPT = 4096  # families remembered (cleared past that: a cache, not a record)
# The values each run was last written from, copied, and the floats written: "board", "line", "chronicle" and
# each player's number. A run whose values are unchanged (the same position seen from another seat, or a player a move left as
# it was) is copied from there. Each entry is replaced whole, never changed.
_LAST: dict[Any, tuple[Any, ...]] = {}
_NOBODY = (None,) * 10  # the facts of a player not seen before
# The entries from the phase to the seats at the table, by what they are read from (phase, round, table size,
# observer, seat to act, turn player, start player, ring and end_by): cleared past _HEADS_KEPT, a cache, not a record.
_HEAD_END = _SEATED + PLAYERS
_HEADS: dict[tuple[Any, ...], "array[float]"] = {}
_HEADS_KEPT = 4096


def _head(key: tuple[Any, ...]) -> "array[float]":
    """The entries before the board: the phase one-hot, the round, the seats to act, whose turn it is, the start
    player, the ring, end_by (each counted from the observer) and the seats at the table."""
    phase, round_, n, seat, *seats = key
    block = _BLANK[:_HEAD_END]
    at = _PHASE_AT.get(phase)
    if at is not None:
        block[at] = 1.0
    block[_ROUND] = round_
    for field, who in zip((_TO_ACT, _TURN, _START, _RING, _END_BY), seats):
        if 0 <= who < n:
            block[field + (who - seat) % n] = 1.0
    block[_SEATED:_SEATED + n] = _ONES[n]
    if len(_HEADS) >= _HEADS_KEPT:
        _HEADS.clear()
    _HEADS[key] = block
    return block


def encode_state(st: VillageState, seat: int, public: bool = False) -> "array[float]":
    """``encode(definition.view(st, seat), seat, players)`` (the spectator's view where ``public``: the same, as
    nothing a seat holds is hidden), read from the state."""
    out = _BLANK[:]
    n = st.num_players
    key = (st.phase, st.round, n, seat, st.current if st.final is None else -1, st.turn_player, st.start_player,
           st.ring, st.end_by)
    out[:_HEAD_END] = _HEADS.get(key) or _head(key)
    _board_of_state(out, st)
    out[_PILE] = len(st.pile)  # village.hidden.pile: its size, never its order
    _market_state(out, st, seat)
    _players_of_state(out, st, seat)
    return out


def _board_of_state(out: "array[float]", st: VillageState) -> None:
    """The board, the bags and the supply (one run), then the market stalls and the waiting spaces (another)."""
    # kept apart by how often they change: the area acted in (nearly every move), the areas' cubes, the rest
    spaces, lap = st.spaces, st.lap
    last = _LAST.get("areas")
    if last is None or spaces != last[0] or lap != last[1]:
        floats = array("f", _AREAS_RUN.pack(lap, *chain.from_iterable(spaces)))
        last = _LAST["areas"] = (list(map(list.copy, spaces)), lap, floats)
    out[_BOARD:_ACTING] = last[2]
    if st.area >= 0:
        out[_ACTING + st.area] = 1.0
    bag, supply, goods, counts = st.bag, st.supply, st.goods_supply, (st.coin_supply, st.grain_supply, st.monks)
    last = _LAST.get("bags")
    if last is None or bag != last[0] or supply != last[1] or goods != last[2] or counts != last[3]:
        floats = array("f", _BAGS_RUN.pack(*bag, *supply, *goods, *counts))
        last = _LAST["bags"] = (bag[:], supply[:], goods[:], counts, floats)
    out[_BAGS:_BOARD_END] = last[4]
    stalls, queue = st.stalls, st.queue
    last = _LAST.get("line")
    if last is None or stalls != last[0] or queue != last[1]:
        rows = map(_TILE_ROWS.__getitem__, chain(stalls, _NO_STALLS[len(stalls)], queue))
        last = _LAST["line"] = (stalls[:], queue[:], array("f", b"".join(rows)))
    out[_STALLS:_STALLS + len(last[2])] = last[2]


def _players_of_state(out: "array[float]", st: VillageState, seat: int) -> None:
    """The players' part of ``encode_state``: each seat's goods, villagers, towns and customers, from ``seat``."""
    lap, grain, coins, prestige, time, visited = st.lap, st.grain, st.coins, st.prestige, st.time, st.visited
    cubes, goods, places, served = st.cubes, st.goods, st.places, st.served
    for p, (per_seat, villagers, towns, customers) in zip(_IN_TURN[st.num_players][seat], _SEAT_SLICES):
        facts = (lap, grain[p], coins[p], prestige[p], time[p], visited[p], cubes[p], goods[p], places[p], served[p])
        last = _LAST.get(p)
        if last is None or facts != last[0]:
            last = _LAST[p] = _player_runs(facts, last)
        out[per_seat] = last[1]
        out[villagers] = last[2]
        if facts[5]:
            out[towns] = _TOWN_BLOCKS[facts[5]]
        if facts[9]:  # none served: the field stays 0
            out[customers] = last[3]


def _player_runs(facts: tuple[Any, ...], last: tuple[Any, ...] | None) -> tuple[Any, ...]:
    """A player's ``facts`` (lists copied), and its entries in the per-seat fields, its villagers field and its
    customers field, each taken from ``last`` (the player's previous facts and entries) where its facts are the same."""
    lap, grain, coins, prestige, time, visited, cubes, goods, places, served = facts
    was, (per_seat, villagers, customers) = (_NOBODY, (None,) * 3) if last is None else (last[0], last[1:])
    if facts[:5] == was[:5] and cubes == was[6] and goods == was[7]:
        cubes, goods = was[6], was[7]
    else:
        per_seat = array("f", _SEAT_RUN.pack(*cubes, *goods, grain, coins, prestige, time, time % lap))
        cubes, goods = cubes[:], goods[:]
    if places == was[8]:
        places = was[8]
    else:
        family = tuple(places)
        villagers, places = _FAMILIES.get(family) or _family(family), places[:]
    if served == was[9]:
        served = was[9]
    else:
        customers = array("f", bytes(4 * len(TILES)))
        for tile in served:
            if tile >= 0:
                customers[tile] += 1.0
        served = served[:]
    return (lap, grain, coins, prestige, time, visited, cubes, goods, places, served), per_seat, villagers, customers


def _family(family: tuple[int, ...]) -> "array[float]":
    """The villagers field of a player whose pieces stand at ``family``: a count per place and generation."""
    block = array("f", bytes(4 * len(PIECES)))
    for piece, place in zip(_PIECE, family):
        block[piece[place]] += 1.0
    if len(_FAMILIES) >= _FAMILIES_KEPT:
        _FAMILIES.clear()
    _FAMILIES[family] = block
    return block


def _market_state(out: "array[float]", st: VillageState, seat: int) -> None:
    """The market day, the chronicle, the graves and the mass."""
    n = st.num_players
    if st.opener >= 0:
        out[_MARKET], out[_MARKET + 1] = 1.0, st.first_sale
        if st.opener < n:
            out[_OPENER + (st.opener - seat) % n] = 1.0
        for s, passed in enumerate(st.passed):
            if passed and 0 <= s < n:
                out[_PASSED + (s - seat) % n] += 1.0
    counts, last = (n, st.options, st.graves, st.deaths), _LAST.get("chronicle")
    if last is None or st.chronicle != last[0] or counts != last[1]:
        floats = array("f", _CHRONICLE_RUN.pack(*st.chronicle, chronicle_spaces(st.options, n), st.graves,
                                                grave_count(st.options, n), st.deaths))
        kept = (n, dict(st.options), st.graves, st.deaths)  # a copy: compared by value, even if changed in place
        last = _LAST["chronicle"] = (st.chronicle[:], kept, floats)
    out[_CHRONICLE:_CHRONICLE + len(last[2])] = last[2]
    for s in st.last_queue or ():
        if 0 <= s < n:
            out[_LAST_ACTIONS + (s - seat) % n] += 1.0
    if st.phase.startswith("mass"):
        out[_MASS], out[_MASS + 1] = 1.0, st.selected
        for s in st.mass_queue:
            if 0 <= s < n:
                out[_MASS_QUEUE + (s - seat) % n] += 1.0
