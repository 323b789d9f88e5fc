"""Keythedral's observation features: a fixed layout of a seat's view (``faces.Layout``).

Built from the view alone (``definition.view(state, seat)``), so two positions the seat cannot tell apart give
the same vector. Seats are counted from the observer (``you``, ``+1`` the next seat, ...) up to five. The board
grows where the tiles are laid, so its fields, sites and fences are slots in the view's order, each with its
place's coordinates (``x``, ``y``, the Keythedral at 0,0).
"""
from __future__ import annotations

from array import array
from typing import Any

from ...faces import Layout, relative_seats, seat_order
from .data import BUILDINGS, COTTAGES_PER_PLAYER, FENCES_PER_PLAYER, FIELD_COLOUR, FIELDS_PER_PLAYER, LAWS, LETTER
from .flow import FLOW

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
