"""Keythedral's observation features: a fixed layout of a seat's view (``faces.Layout``).

Built from the view alone (``definition.view(state, seat)``), so two positions the seat cannot tell apart give
the same vector. Seats are counted from the observer (``you``, ``+1`` the next seat, ...) up to five. The board
grows where the tiles are laid, so its fields, sites and fences are slots in the view's order, each with its
place's coordinates (``x``, ``y``, the Keythedral at 0,0). ``encode_state`` writes the same vector straight from
the state, reading only what the view shows the seat (what lies behind its own screen, the others' once the
screens open; the field tile it drew; the face-up rows; how many cards and tiles are in the stacks):
tests/adapters/test_features.py checks the two agree on many positions.
"""
from __future__ import annotations

from array import array
from itertools import compress
from typing import Any, cast

from ...faces import Layout, relative_seats, seat_order
from .data import (BUILDINGS, COTTAGES_PER_PLAYER, FENCES_PER_PLAYER, FIELD_COLOUR, FIELD_TILES, FIELDS_PER_PLAYER,
                   LAWS, LETTER, Node)
from .flow import FLOW
from .state import KEYTHEDRAL, KState

PLAYERS = 5
SEATS = relative_seats(PLAYERS)
PHASES = tuple(p.name for p in FLOW.phases)
TILE_IDS = tuple(b.id for b in BUILDINGS)
LAW_IDS = tuple(law.id for law in LAWS)
STAGES = ("1", "2", "3", "4", "5")
FIELD_SLOTS = FIELDS_PER_PLAYER * PLAYERS + 8  # the players' fields and the key fields around the Keythedral
SITE_SLOTS = COTTAGES_PER_PLAYER * PLAYERS + 1  # the cottages and the Keythedral
FENCE_SLOTS = FENCES_PER_PLAYER * PLAYERS
FIELD = ("present", "x", "y", *FIELD_COLOUR, "number", *(f"worker {s}" for s in SEATS))
SITE = ("present", "x", "y", "keythedral", "number", "house", *(f"owner {s}" for s in SEATS))
FENCE = ("present", "site x", "site y", "field x", "field y", *(f"owner {s}" for s in SEATS))

LAYOUT = Layout("keythedral", [
    ("phase", PHASES, "the phase, one-hot"),
    ("round", ("round",), "the round number"),
    ("to_act", SEATS, "the seat to act, one-hot"),
    ("start_player", SEATS, "the start player, one-hot"),
    ("seated", SEATS, "1 for each seat at the table"),
    *((f"field.{i}", FIELD, f"the board's field {i}: place, colour one-hot, number, whose worker stands on it")
      for i in range(FIELD_SLOTS)),
    *((f"site.{i}", SITE, f"the board's site {i}: place, the Keythedral or a cottage's number, house, owner")
      for i in range(SITE_SLOTS)),
    *((f"fence.{i}", FENCE, f"fence {i}: the site and field it stands between, its owner") for i in range(FENCE_SLOTS)),
    ("field_stack", ("tiles",), "field tiles left in the stack"),
    ("next_field", FIELD_COLOUR, "the colour of the field tile you drew, one-hot"),
    ("work_order", tuple(str(k) for k in range(1, PLAYERS + 1)), "the cottage numbers chosen, in order"),
    ("stage", ("stage",), "the building stage"),
    ("mat.face_up", STAGES, "1 for each face-up row of the building mat"),
    ("mat.count", STAGES, "tiles left in each row"),
    ("mat.tiles", TILE_IDS, "the face-up building tiles, 1 each"),
    ("store", LETTER, "cubes in the general store"),
    ("shops", LETTER[5:], "craft cubes left at each shop"),
    ("law_spaces", ("1", "2"), "1 for each law space holding a card"),
    ("law_stack", ("cards",), "law cards left in the stack"),
    ("laws_played", LAW_IDS, "the laws played, 1 each"),
    ("effects", ("effects",), "law effects in force"),
    ("passes", ("passes",), "passes in succession"),
    ("auction", ("open", "building", "high", "owe"), "the auction: open, its building, the high bid, what is owed"),
    ("auction.high_bidder", SEATS, "the high bidder, one-hot"),
    ("auction.payer", SEATS, "the seat paying, one-hot"),
    ("auction.payee", SEATS, "the seat paid, one-hot"),
    ("cube_count", SEATS, "cubes behind each seat's screen"),
    ("seat_count", SEATS, "building tiles each seat has taken"),
    ("fences_left", SEATS, "fences each seat has left"),
    ("law_count", SEATS, "law cards each seat holds"),
    ("out_of_actions", SEATS, "1 for each seat out of actions"),
    ("cubes", LETTER, "your cubes, a count per kind"),
    ("seats", TILE_IDS, "your building tiles, 1 each"),
    ("laws", LAW_IDS, "your law cards, 1 each"),
])


def _xy(where: str) -> tuple[float, float]:
    x, y = where.split(",")
    return float(x), float(y)


def _place(out: "array[float]", at: int, where: str) -> None:
    out[at] = 1.0
    out[at + 1], out[at + 2] = _xy(where)


def encode(view: dict[str, Any], seat: int, players: int) -> "array[float]":
    """A view as ``LAYOUT``'s vector, seats counted from ``seat`` (the view is ``seat``'s own, or a spectator's
    for a public observation: then the private fields stay 0)."""
    L, out = LAYOUT, LAYOUT.blank()
    order = seat_order(seat, players)
    rel = {s: SEATS[k] for k, s in enumerate(order)}
    L.one_hot(out, "phase", view["phase"])
    L.put(out, "round", view["round"])
    if view["current_player"] is not None:
        L.one_hot(out, "to_act", rel.get(view["current_player"]))
    L.one_hot(out, "start_player", rel.get(view["start_player"]))
    L.count(out, "seated", SEATS[:players])
    _board(out, view, rel)
    _players(out, view, seat, order)
    return out


def _players(out: "array[float]", view: dict[str, Any], seat: int, order: list[int]) -> None:
    """The per-seat fields, the observer's first, and the observer's own private fields."""
    L = LAYOUT
    for k, s in enumerate(order):
        p = view["players"][s]
        for key in ("cube_count", "seat_count", "fences_left", "law_count", "out_of_actions"):
            L.put(out, key, p[key], k)
    me = view["players"][seat]
    if me["cubes"] is not None:
        for i, letter in enumerate(LETTER):
            L.put(out, "cubes", me["cubes"][letter], i)
    L.count(out, "seats", (t["id"] for t in me["seats"] or ()))
    L.count(out, "laws", me["laws"] or ())


def _board(out: "array[float]", view: dict[str, Any], rel: dict[int, str]) -> None:
    """The fields, sites and fences, the stacks, the mat, the store and the laws."""
    L = LAYOUT
    for i, f in enumerate(view["fields"][:FIELD_SLOTS]):
        name = f"field.{i}"
        _place(out, L.offset[name], f["at"])
        L.one_hot(out, name, f["kind"])
        L.put(out, name, f["number"], FIELD.index("number"))
        if f["worker"] is not None:
            L.one_hot(out, name, f"worker {rel[f['worker']]}")
    for i, s in enumerate(view["sites"][:SITE_SLOTS]):
        name = f"site.{i}"
        _place(out, L.offset[name], s["at"])
        L.put(out, name, s["keythedral"], SITE.index("keythedral"))
        L.put(out, name, s["number"] or 0, SITE.index("number"))
        L.put(out, name, s["house"], SITE.index("house"))
        if s["owner"] is not None:
            L.one_hot(out, name, f"owner {rel[s['owner']]}")
    for i, f in enumerate(view["fences"][:FENCE_SLOTS]):
        name = f"fence.{i}"
        at = L.offset[name]
        out[at:at + 5] = array("f", (1.0, *_xy(f["site"]), *_xy(f["field"])))
        L.one_hot(out, name, f"owner {rel[f['owner']]}")
    _stacks(out, view, rel)


def _stacks(out: "array[float]", view: dict[str, Any], rel: dict[int, str]) -> None:
    """The stacks, the mat, the store, the laws and the auction."""
    L = LAYOUT
    L.put(out, "field_stack", view["field_stack"])
    if view["next_field"] is not None:
        L.one_hot(out, "next_field", view["next_field"])
    for i, k in enumerate(view["work_order"][:PLAYERS]):
        L.put(out, "work_order", k, i)
    L.put(out, "stage", view["stage"])
    for i, row in enumerate(view["mat"][:len(STAGES)]):
        L.put(out, "mat.face_up", row["face_up"], i)
        L.put(out, "mat.count", row["count"], i)
        L.count(out, "mat.tiles", (t["id"] for t in row["tiles"] or ()))
    for i, k in enumerate(LETTER):
        L.put(out, "store", view["store"][k], i)
    for i, k in enumerate(LETTER[5:]):
        L.put(out, "shops", view["shops"][k], i)
    for i, full in enumerate(view["law_spaces"][:2]):
        L.put(out, "law_spaces", full, i)
    L.put(out, "law_stack", view["law_stack"])
    L.count(out, "laws_played", view["laws_played"])
    L.put(out, "effects", len(view["effects"]))
    L.put(out, "passes", view["passes_in_succession"])
    a = view["auction"]
    if a is not None:
        L.put(out, "auction", 1.0)
        for i, key in enumerate(("b", "high", "owe"), 1):
            value = a.get(key)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                L.put(out, "auction", value, i)
        for key in ("high_bidder", "payer", "payee"):
            if a.get(key) is not None:
                L.one_hot(out, f"auction.{key}", rel.get(a[key]))


# The layout's offsets and constant entries, looked up once for ``encode_state``, which writes runs of entries at once
# (each part of the board, the field stack to the law spaces, the law stack to the effects, the auction, each seat's
# counts by _PER_SEAT[n][seat]); a field's entries before its workers, a site's before its house (place left 0).
_AT = LAYOUT.offset
_PHASE_AT = {name: _AT["phase"] + i for i, name in enumerate(PHASES)}
_FIELD_AT, _SITE_AT, _FENCE_AT = (tuple(_AT[f"{kind}.{i}"] for i in range(slots)) for kind, slots in (
    ("field", FIELD_SLOTS), ("site", SITE_SLOTS), ("fence", FENCE_SLOTS)))
_FIELD_WORKER, _SITE_HOUSE = FIELD.index(f"worker {SEATS[0]}"), SITE.index("house")
_SITE_OWNER, _FENCE_OWNER = SITE.index(f"owner {SEATS[0]}"), FENCE.index(f"owner {SEATS[0]}")
_NEXT_KIND = tuple(_AT["next_field"] + t.kind for t in FIELD_TILES)  # the drawn tile's colour entry
(_ROUND, _TO_ACT, _START, _SEATED, _FIELD_STACK, _WORK_ORDER, _STAGE, _FACE_UP, _TILES, _STORE, _SHOPS, _LAW_SPACES,
 _LAW_STACK, _LAWS_PLAYED, _PASSES, _AUCTION, _PAYEE, _CUBE_COUNT, _CUBES, _SEATS, _LAWS) = (_AT[f] for f in (
    "round", "to_act", "start_player", "seated", "field_stack", "work_order", "stage", "mat.face_up", "mat.tiles",
    "store", "shops", "law_spaces", "law_stack", "laws_played", "passes", "auction", "auction.payee", "cube_count",
    "cubes", "seats", "laws"))
_TABLE_END, _AUCTION_END, _BOARD_END = _LAW_SPACES + 2, _PAYEE + PLAYERS, _FENCE_AT[-1] + len(FENCE)
_REGIONS = ((_FIELD_AT[0], _SITE_AT[0]), (_SITE_AT[0], _FENCE_AT[0]), (_FENCE_AT[0], _BOARD_END))  # of each part
_AUCTION_SEATS = tuple((_AT[f"auction.{key}"] - _AUCTION, key) for key in ("high_bidder", "payer", "payee"))
_PER_SEAT = [[tuple((k, (seat + k) % n) for k in range(n)) for seat in range(n)] for n in range(PLAYERS + 1)]
_FIELD_ENTRY = tuple(array("f", (1.0, 0.0, 0.0, *(float(k == t.kind) for k in range(len(FIELD_COLOUR))), t.number))
                     for t in FIELD_TILES)
_SITE_ENTRY = {KEYTHEDRAL: array("f", (1.0, 0.0, 0.0, 1.0, 0.0)),
               **{c: array("f", (1.0, 0.0, 0.0, 0.0, c % 5 + 1)) for c in range(COTTAGES_PER_PLAYER * PLAYERS)}}


def encode_state(st: KState, seat: int, public: bool = False) -> "array[float]":
    """``encode(definition.view(st, seat), seat, players)`` (a spectator's view where ``public``), from the state."""
    n = st.num_players
    kept = _SEAT[n][seat]
    out = _kept(st, seat, n, kept)[:]
    over = st.final is not None
    at = _PHASE_AT.get(st.phase)
    if at is not None:
        out[at] = 1.0
    out[_ROUND] = st.round
    current = st.current
    if not over and 0 <= current < n:
        out[_TO_ACT + (current - seat) % n] = 1.0
    out[_START + (st.start - seat) % n] = 1.0
    table = _table(st)
    out[_FIELD_STACK:_TABLE_END], out[_LAW_STACK:_PASSES] = table[2], table[3]
    out[_PASSES] = st.passes
    if not public and st.field_taken and current == seat:  # keythedral.secret.field_stack: the taker's tile
        out[_NEXT_KIND[st.field_stack[-1]]] = 1.0
    if st.auction:
        out[_AUCTION:_AUCTION_END] = _auction(st.auction, seat, n, kept)
    out[_CUBE_COUNT:] = _screens(st, seat, n, not public or over, kept)
    return out


# What changes less often than it is observed is kept with what it was read from, and most calls copy it: the last
# fields, sites and fences (_PARTS, and _BOARDS by state), table, mat and holdings (_LAST); per table size and seat
# (_SEAT), 0 the board with its owners and 1 with its workers and houses counted from the seat, 2 the auction, 3 and
# 4 the screens (a spectator's and the seat's own view), 5 what lies behind the seat's own screen.
_PARTS: list[Any] = [None] * 3
_LAST: dict[str, Any] = {"table": None, "mat": None, "held": None}
_BOARDS: dict[int, tuple[dict[int, Any], tuple[Any, ...]]] = {}  # by the id of a state's fence-move cache
_SEAT: list[list[list[Any]]] = [[[None] * 6 for _ in range(PLAYERS)] for _ in range(PLAYERS + 1)]


def _table(st: KState) -> tuple[Any, ...]:
    """What all seats see alike: the entries from the field stack to the law spaces and from the law stack to the
    effects, of the mat and the rest kept apart (the field stack, work order, store and shops change more often)."""
    rest = (st.stage, st.rows, st.face_up, st.law_spaces, len(st.law_deck), st.law_used, len(st.effects))
    mat = _LAST["mat"]
    if mat is None or mat[0] != rest:
        stage, rows, face_up, law_spaces, deck, law_used, effects = rest
        block, laws = array("f", bytes(4 * (_TABLE_END - _FIELD_STACK))), array("f", bytes(4 * (_PASSES - _LAW_STACK)))
        block[_STAGE - _FIELD_STACK], laws[0], laws[-1] = min(stage, 4) + 1, deck, effects
        for i, row in enumerate(rows[:len(STAGES)]):
            block[_FACE_UP - _FIELD_STACK + len(STAGES) + i] = len(row)
            if face_up[i]:  # keythedral.buy.next_stage: a row's tiles are seen once it is turned face up
                block[_FACE_UP - _FIELD_STACK + i] = 1.0
                for t in row:
                    block[_TILES - _FIELD_STACK + t] += 1.0
        for i, c in enumerate(law_spaces[:2]):
            if c >= 0:
                block[_LAW_SPACES - _FIELD_STACK + i] = 1.0
        for c in law_used:
            laws[_LAWS_PLAYED - _LAW_STACK + c] += 1.0
        read = (stage, list(map(list.copy, rows)), face_up[:], law_spaces[:], deck, law_used[:], effects)
        mat = _LAST["mat"] = (read, block, laws)
    key, last = (len(st.field_stack), st.chosen, st.store, st.shops), _LAST["table"]
    if last is not None and last[0] is mat and last[1] == key:
        return last
    (stack, chosen, store, shops), block = key, mat[1][:]
    block[0] = stack
    block[_WORK_ORDER - _FIELD_STACK:_WORK_ORDER - _FIELD_STACK + len(chosen[:PLAYERS])] = array("f", chosen[:PLAYERS])
    block[_STORE - _FIELD_STACK:_STORE - _FIELD_STACK + len(store)] = array("f", store)
    block[_SHOPS - _FIELD_STACK:_SHOPS - _FIELD_STACK + len(shops)] = array("f", shops)
    found = _LAST["table"] = (mat, (stack, chosen[:], store[:], shops[:]), block, mat[2])
    return found


def _auction(a: dict[str, Any], seat: int, n: int, kept: list[Any]) -> "array[float]":
    """The auction's entries (open, building, high bid, owed; the seats bidding, paying, paid) counted from ``seat``."""
    last = kept[2]
    if last is not None and last[0] == a:
        return last[1]
    block = array("f", [1.0] + [0.0] * (_AUCTION_END - _AUCTION - 1))  # open
    for i, key in enumerate(("b", "high", "owe"), 1):
        value = a.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            block[i] = value
    for at, key in _AUCTION_SEATS:
        who = a.get(key)
        if who is not None and 0 <= who < n:
            block[at + (who - seat) % n] = 1.0
    kept[2] = ({k: v.copy() if isinstance(v, list) else v for k, v in a.items()}, block)
    return block


def _screens(st: KState, seat: int, n: int, own: bool, kept: list[Any]) -> "array[float]":
    """The entries from the per-seat counts to the end: what each seat holds, counted from ``seat``, and what lies
    behind its screen where ``own`` (keythedral.secret.screens: its owner's until the final scoring)."""
    key = (st.cubes, st.seats, st.law_hands, st.fences_left, st.out)
    held = _LAST["held"]
    if held is None or held[0] != key:
        cubes, seats, law_hands, fences_left, out_of_actions = key
        counts = list(map(array, "f" * len(cubes), zip(map(sum, cubes), map(len, seats), fences_left,
                                                      map(len, law_hands), out_of_actions)))
        held = _LAST["held"] = ((list(map(list.copy, cubes)), list(map(list.copy, seats)),
                                 list(map(list.copy, law_hands)), fences_left[:], out_of_actions[:]), counts)
    last = kept[3 + own]
    if last is not None and last[0] is held:
        return last[1]
    out = array("f", bytes(4 * (LAYOUT.size - _CUBE_COUNT)))
    for k, p in _PER_SEAT[n][seat]:  # each seat's five counts, a field apart
        out[k:5 * PLAYERS:PLAYERS] = held[1][p]
    if own:  # the seat's cubes, building tiles and law cards
        mine, screen = (st.cubes[seat], st.seats[seat], st.law_hands[seat]), kept[5]
        if screen is None or screen[0] != mine:  # written whole before it is kept: another thread may read it
            block = array("f", bytes(4 * (LAYOUT.size - _CUBES)))
            block[:len(LETTER)] = array("f", mine[0])
            for t in mine[1]:
                block[_SEATS - _CUBES + t] += 1.0
            for c in mine[2]:
                block[_LAWS - _CUBES + c] += 1.0
            screen = kept[5] = ((mine[0][:], mine[1][:], mine[2][:]), block)
        out[_CUBES - _CUBE_COUNT:] = screen[1]
    kept[3 + own] = (held, out)
    return out


def _kept(st: KState, seat: int, n: int, kept: list[Any]) -> "array[float]":
    """The seats at the table and the board in the view's order (by place), its owners, workers and houses counted
    from ``seat``, the rest 0: kept, so not to be written to."""
    token = st.fence_moves
    found = _BOARDS.get(id(token))
    board, owned = found[1] if found is not None and found[0] is token else _board_parts(st, token), kept[0]
    if owned is None or owned[0] is not board:
        out = owned[1][:] if owned is not None else LAYOUT.blank()
        if owned is None:
            out[_SEATED:_SEATED + n] = array("f", [1.0] * n)
        for part, (start, end), was in zip(board, _REGIONS, owned[0] if owned is not None else (None,) * 3):
            if part is not was:  # only the parts that changed are written again, with their owners
                out[start:end] = part[1]
                for at, owner in part[3]:
                    out[at + (owner - seat) % n] = 1.0
        owned = kept[0] = (board, out)
    last, workers, houses = kept[1], st.workers, st.houses
    if last is not None and last[0] is owned and last[1] == workers and last[2] == houses:
        return last[3]
    out, slots, cottages = owned[1][:], board[0][2], board[1][2]
    for node, worker in workers.items():
        at = slots.get(node)
        if at is not None:
            out[at + (worker - seat) % n] = 1.0
    for c in compress(range(len(houses)), houses):
        at = cottages.get(c)
        if at is not None:
            out[at] = 1.0
    kept[1] = (owned, workers.copy(), houses[:], out)
    return out


def _board_parts(st: KState, token: dict[int, Any]) -> tuple[Any, ...]:
    """The fields, sites and fences (each: its entries, where its workers or houses go, its owners), kept by the
    state's fence-move cache ``token``, which the board's only changers (KState's methods) replace at each change."""
    found = []
    for i, value in enumerate(cast("tuple[dict[Any, int], ...]", (st.fields, st.sites, st.fences))):
        part = _PARTS[i]  # read once: another thread may replace it meanwhile
        if part is None or part[0] != value:
            part = _PARTS[i] = (value.copy(), *(_fields, _sites, _fences)[i](value))
        found.append(part)
    if len(_BOARDS) >= 256:  # a cache of the states last seen, not a record
        _BOARDS.clear()
    kept = _BOARDS[id(token)] = (token, tuple(found))  # the cache is held, so its id is not reused while it is here
    return kept[1]


def _fields(fields: dict[Node, int]) -> tuple["array[float]", dict[Node, int], list[tuple[int, int]]]:
    """The fields' entries (by place), and where each field's first worker entry goes."""
    out, slots, start = array("f", bytes(4 * (_SITE_AT[0] - _FIELD_AT[0]))), {}, _FIELD_AT[0]
    for at, node in zip(_FIELD_AT, sorted(fields)):
        out[at - start:at - start + _FIELD_WORKER] = _FIELD_ENTRY[fields[node]]
        out[at - start + 1], out[at - start + 2] = node
        slots[node] = at + _FIELD_WORKER
    return out, slots, []


def _sites(sites: dict[Node, int]) -> tuple["array[float]", dict[int, int], list[tuple[int, int]]]:
    """The sites' entries (by place), where each cottage's house entry goes, and its first owner entry and owner."""
    out, cottages, owners, start = array("f", bytes(4 * (_FENCE_AT[0] - _SITE_AT[0]))), {}, [], _SITE_AT[0]
    for at, node in zip(_SITE_AT, sorted(sites)):
        c = sites[node]
        out[at - start:at - start + _SITE_HOUSE] = _SITE_ENTRY[c]
        out[at - start + 1], out[at - start + 2] = node
        if c != KEYTHEDRAL:
            cottages[c] = at + _SITE_HOUSE
            owners.append((at + _SITE_OWNER, c // 5))
    return out, cottages, owners


def _fences(fences: dict[tuple[Node, Node], int]) -> tuple["array[float]", dict[Any, int], list[tuple[int, int]]]:
    """The fences' entries (by site and field), and each one's first owner entry and owner."""
    out, owners, start = array("f", bytes(4 * (_BOARD_END - _FENCE_AT[0]))), [], _FENCE_AT[0]
    for at, edge in zip(_FENCE_AT, sorted(fences)):
        (sx, sy), (fx, fy) = edge
        out[at - start:at - start + _FENCE_OWNER] = array("f", (1.0, sx, sy, fx, fy))
        owners.append((at + _FENCE_OWNER, fences[edge]))
    return out, {}, owners
