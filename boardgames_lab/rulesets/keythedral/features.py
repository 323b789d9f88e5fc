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
from typing import Any

from ...faces import Layout, relative_seats, seat_order
from .data import (BUILDINGS, COTTAGES_PER_PLAYER, FENCES_PER_PLAYER, FIELD_COLOUR, FIELD_TILES, FIELDS_PER_PLAYER,
                   LAWS, LETTER)
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


# The layout's offsets, looked up once for ``encode_state``.
_AT = LAYOUT.offset
_PHASE = LAYOUT.index["phase"]
_FIELD_AT = tuple(_AT[f"field.{i}"] for i in range(FIELD_SLOTS))
_SITE_AT = tuple(_AT[f"site.{i}"] for i in range(SITE_SLOTS))
_FENCE_AT = tuple(_AT[f"fence.{i}"] for i in range(FENCE_SLOTS))
_FIELD_KIND = tuple(FIELD.index(FIELD_COLOUR[t.kind]) for t in FIELD_TILES)  # a field tile's colour entry
_FIELD_NUMBER, _FIELD_WORKER = FIELD.index("number"), FIELD.index(f"worker {SEATS[0]}")
_SITE_OWNER = SITE.index(f"owner {SEATS[0]}")
_FENCE_OWNER = FENCE.index(f"owner {SEATS[0]}")
_AUCTION_SEATS = tuple((key, _AT[f"auction.{key}"]) for key in ("high_bidder", "payer", "payee"))


(_P_PHASE, _ROUND, _TO_ACT, _START, _SEATED, _CUBE_COUNT, _SEAT_COUNT, _FENCES_LEFT, _LAW_COUNT, _OUT, _CUBES,
 _SEATS, _LAWS) = (_AT[f] for f in ("phase", "round", "to_act", "start_player", "seated", "cube_count", "seat_count",
                                     "fences_left", "law_count", "out_of_actions", "cubes", "seats", "laws"))
(_FIELD_STACK, _NEXT_FIELD, _WORK_ORDER, _STAGE, _FACE_UP, _COUNT, _TILES, _STORE, _SHOPS, _LAW_SPACES, _LAW_STACK,
 _LAWS_PLAYED, _EFFECTS, _PASSES, _AUCTION) = (_AT[f] for f in (
    "field_stack", "next_field", "work_order", "stage", "mat.face_up", "mat.count", "mat.tiles", "store", "shops",
    "law_spaces", "law_stack", "laws_played", "effects", "passes", "auction"))


def encode_state(st: KState, seat: int, public: bool = False) -> "array[float]":
    """``encode(definition.view(st, seat), seat, players)`` (the spectator's view where ``public``), read from
    the state."""
    out = LAYOUT.blank()
    n = st.num_players
    over = st.final is not None
    at = _PHASE.get(st.phase)
    if at is not None:
        out[_P_PHASE + at] = 1.0
    out[_ROUND] = st.round
    if not over and 0 <= st.current < n:
        out[_TO_ACT + (st.current - seat) % n] = 1.0
    out[_START + (st.start - seat) % n] = 1.0
    for k in range(n):
        out[_SEATED + k] = 1.0
    _board_state(out, st, seat)
    _stacks_state(out, st, seat, public)
    cubes, seats, fences_left, law_hands, out_of_actions = st.cubes, st.seats, st.fences_left, st.law_hands, st.out
    for k in range(n):
        p = (seat + k) % n
        out[_CUBE_COUNT + k] = sum(cubes[p])
        out[_SEAT_COUNT + k] = len(seats[p])
        out[_FENCES_LEFT + k] = fences_left[p]
        out[_LAW_COUNT + k] = len(law_hands[p])
        out[_OUT + k] = out_of_actions[p]
    if not public or over:  # keythedral.secret.screens: behind a screen is its owner's until the final scoring
        out[_CUBES:_CUBES + len(LETTER)] = array("f", cubes[seat])
        for t in seats[seat]:
            out[_SEATS + t] += 1.0
        for c in law_hands[seat]:
            out[_LAWS + c] += 1.0
    return out


_BOARD_START, _BOARD_END = _FIELD_AT[0], _SITE_AT[-1] + len(SITE)
_BOARDS: dict[tuple[Any, ...], tuple["array[float]", dict[tuple[int, int], int], list[tuple[int, int]]]] = {}
_BOARDS_KEPT = 4096  # boards remembered (cleared past that: a cache, not a record)


def _laid(fields: dict[tuple[int, int], int], sites: dict[tuple[int, int], int], seat: int, n: int
           ) -> tuple["array[float]", dict[tuple[int, int], int], list[tuple[int, int]]]:
    """The laid tiles' entries, which change only when a tile is laid: the fields and sites in the view's order (by
    place) with their place, colour, number, the Keythedral and each cottage's number and owner counted from
    ``seat``; where each field's entries start (for the workers); and each cottage's entries and id (for houses)."""
    key = (tuple(fields.items()), tuple(sites.items()), seat, n)
    found = _BOARDS.get(key)
    if found is not None:
        return found
    block = array("f", bytes(4 * (_BOARD_END - _BOARD_START)))
    slots: dict[tuple[int, int], int] = {}
    cottages: list[tuple[int, int]] = []
    for at, (node, t) in zip(_FIELD_AT, sorted(fields.items())):
        slots[node] = at
        at -= _BOARD_START
        block[at], block[at + 1], block[at + 2] = 1.0, node[0], node[1]
        block[at + _FIELD_KIND[t]] = 1.0
        block[at + _FIELD_NUMBER] = FIELD_TILES[t].number
    for at, (node, c) in zip(_SITE_AT, sorted(sites.items())):
        block[at - _BOARD_START], block[at - _BOARD_START + 1], block[at - _BOARD_START + 2] = 1.0, node[0], node[1]
        if c == KEYTHEDRAL:
            block[at - _BOARD_START + 3] = 1.0
        else:
            block[at - _BOARD_START + 4] = c % 5 + 1
            block[at - _BOARD_START + _SITE_OWNER + (c // 5 - seat) % n] = 1.0
            cottages.append((at, c))
    if len(_BOARDS) >= _BOARDS_KEPT:
        _BOARDS.clear()
    found = _BOARDS[key] = (block, slots, cottages)
    return found


# The board's entries (fields, sites, fences) are one run; each seat's last one is kept with what it was read from
_BOARD_END_ALL = _FENCE_AT[-1] + len(FENCE)
if _BOARD_END != _FENCE_AT[0]:
    raise AssertionError("keythedral features: the fences do not follow the sites")
_BOARD_MEMO: dict[tuple[int, int], tuple[Any, ...]] = {}


def _board_state(out: "array[float]", st: KState, seat: int) -> None:
    """The fields, sites and fences, in the view's order (by place): the seat's last board again while the tiles,
    fences, houses and workers are the same (the board changes far less often than it is observed)."""
    n = st.num_players
    fields, sites, fences, houses, workers = st.fields, st.sites, st.fences, st.houses, st.workers
    memo = _BOARD_MEMO.get((seat, n))
    if (memo is not None and memo[0] == houses and memo[1] == workers and memo[2] == fences and memo[3] == sites
            and memo[4] == fields):
        out[_BOARD_START:_BOARD_END_ALL] = memo[5]
        return
    block, slots, cottages = _laid(fields, sites, seat, n)
    out[_BOARD_START:_BOARD_END] = block
    for node, worker in workers.items():
        at = slots.get(node)
        if at is not None:
            out[at + _FIELD_WORKER + (worker - seat) % n] = 1.0
    for at, c in cottages:
        if houses[c]:
            out[at + 5] = 1.0
    for at, (edge, owner) in zip(_FENCE_AT, sorted(fences.items())):
        out[at:at + _FENCE_OWNER] = _fence_block(edge)
        out[at + _FENCE_OWNER + (owner - seat) % n] = 1.0
    _BOARD_MEMO[(seat, n)] = (houses[:], workers.copy(), fences.copy(), sites.copy(), fields.copy(),
                              out[_BOARD_START:_BOARD_END_ALL])


_FENCES: dict[tuple[tuple[int, int], tuple[int, int]], "array[float]"] = {}  # at most the lattice's edges


def _fence_block(edge: tuple[tuple[int, int], tuple[int, int]]) -> "array[float]":
    """A fence's entries before its owner: present, its site's and its field's places."""
    block = _FENCES.get(edge)
    if block is None:
        (sx, sy), (fx, fy) = edge
        block = _FENCES[edge] = array("f", (1.0, sx, sy, fx, fy))
    return block


def _stacks_state(out: "array[float]", st: KState, seat: int, public: bool) -> None:
    """The stacks, the mat, the store, the laws and the auction."""
    n = st.num_players
    out[_FIELD_STACK] = len(st.field_stack)
    if not public and st.field_taken and st.current == seat:  # keythedral.secret.field_stack: the taker's tile
        out[_NEXT_FIELD + FIELD_TILES[st.field_stack[-1]].kind] = 1.0
    chosen = st.chosen[:PLAYERS]
    out[_WORK_ORDER:_WORK_ORDER + len(chosen)] = array("f", chosen)
    out[_STAGE] = min(st.stage, 4) + 1
    for i, row in enumerate(st.rows[:len(STAGES)]):
        out[_COUNT + i] = len(row)
        if st.face_up[i]:  # keythedral.buy.next_stage: a row's tiles are seen once it is turned face up
            out[_FACE_UP + i] = 1.0
            for t in row:
                out[_TILES + t] += 1.0
    out[_STORE:_STORE + len(st.store)] = array("f", st.store)
    out[_SHOPS:_SHOPS + len(st.shops)] = array("f", st.shops)
    for i, c in enumerate(st.law_spaces[:2]):
        if c >= 0:
            out[_LAW_SPACES + i] = 1.0
    out[_LAW_STACK] = len(st.law_deck)
    for c in st.law_used:
        out[_LAWS_PLAYED + c] += 1.0
    out[_EFFECTS] = len(st.effects)
    out[_PASSES] = st.passes
    a = st.auction
    if a:
        out[_AUCTION] = 1.0
        for i, key in enumerate(("b", "high", "owe"), 1):
            value = a.get(key)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                out[_AUCTION + i] = value
        for key, at in _AUCTION_SEATS:
            who = a.get(key)
            if who is not None and 0 <= who < n:
                out[at + (who - seat) % n] = 1.0
