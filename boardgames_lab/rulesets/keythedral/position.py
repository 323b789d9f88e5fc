"""A Keythedral position as data, and reading one back with every field checked.

Places are ``"x,y"`` text; building tiles and law cards by their ids (``"1-A"``, ``"work_order"``); field
tiles by their index in data.FIELD_TILES; the cubes behind a screen as their letters (S T F W V I G A), the store and shops as counts;
``drawn`` shows, per seat, the field tile a player holds in their set-up field step; a cottage as
its id ``owner * 5 + number - 1`` where a list of cottages waits (queue, relocating, placing).
"""
from __future__ import annotations

from typing import Any

from ...core.errors import PositionError
from ...core.moves import whole_number
from ...core.position import Reader, boolean, conserved, integer, ints, items, names, text
from .data import CENTRE, SITE_FIELDS, Node, fmt, is_field, is_site, on_board, parse_node
from .data import (BROWN, BUILDING_INDEX, GREY, LETTER, BUILDINGS, CRAFT_STOCK, FIELD_TILES, LAW_INDEX, LAW_SPACES,
                   LAW_SPACES_TWO_PLAYERS, LAWS, STORE_START)
from .laws import TURN_EFFECTS, WINDOW_CARDS
from .reachable import check_reachable
from .state import KEYTHEDRAL, KState

TILE_IDS = tuple(b.id for b in BUILDINGS)
LAW_IDS = tuple(law.id for law in LAWS)
FIELDS = ("start", "round", "field_stack", "fields", "sites", "houses", "fences", "fences_left", "cubes", "drawn", "store",
          "shops", "rows", "stage", "face_up", "surplus", "seats", "laid", "order_k", "chosen", "queue", "to_place",
          "placing", "workers", "out", "passes", "actor", "relocating", "auction", "stay", "law_deck", "law_spaces",
          "law_hands", "law_used", "effects", "window", "final")
AUCTION = ("b", "queue", "high", "high_bidder", "matched", "payer", "payee", "owe", "chooser", "done")
RESUME = ("order", "place", "harvest", "actions", "retrieve", "auction")
SEAT_EFFECTS = ("work_order", "broken_fences", "moratorium")
# The fields a law window's frame carries besides its kind and the players asked: a law card played waits
# for answers (the Repeal law), a purchase waits for the Price increase.
FRAME_KEYS = {"answer": ("law", "player", "args", "repealed"), "purchase": ("buyer", "tile", "move")}
KIND_EFFECTS = ("good", "poor")


def _tiles(ts: list[int]) -> list[str]:
    return [BUILDINGS[t].id for t in ts]


def _laws(cs: list[int]) -> list[str]:
    return [LAWS[c].id for c in cs]


def position(st: KState) -> dict[str, Any]:
    n = st.num_players
    return {
        "start": st.start, "round": st.round, "field_stack": list(st.field_stack),
        "fields": {fmt(node): t for node, t in sorted(st.fields.items())},
        "sites": {fmt(node): "keythedral" if c == KEYTHEDRAL else [c // 5, c % 5 + 1]
                  for node, c in sorted(st.sites.items())},
        "houses": [st.houses[5 * p:5 * p + 5] for p in range(n)],
        "fences": [{"site": fmt(s), "field": fmt(f), "owner": o} for (s, f), o in sorted(st.fences.items())],
        "fences_left": list(st.fences_left), "cubes": [[LETTER[k] for k in range(8) for _ in range(c[k])] for c in st.cubes],
        "drawn": drawn(st), "store": list(st.store),
        "shops": list(st.shops), "rows": [_tiles(r) for r in st.rows], "stage": st.stage,
        "face_up": list(st.face_up), "surplus": _tiles(st.surplus), "seats": [_tiles(s) for s in st.seats],
        "laid": list(st.laid), "order_k": st.order_k, "chosen": list(st.chosen), "queue": list(st.queue),
        "to_place": st.to_place, "placing": st.placing,
        "workers": {fmt(node): o for node, o in sorted(st.workers.items())},
        "out": list(st.out), "passes": st.passes, "actor": st.actor, "relocating": list(st.relocating),
        "auction": {k: (list(v) if k == "queue" else v) for k, v in st.auction.items()},
        "stay": st.stay, "law_deck": _laws(st.law_deck),
        "law_spaces": [LAWS[c].id if c >= 0 else None for c in st.law_spaces],
        "law_hands": [_laws(h) for h in st.law_hands], "law_used": _laws(st.law_used),
        "effects": _effects_out(st.effects), "window": _window_out(st.window),
        "final": None if st.final is None else [dict(f) for f in st.final],
    }


def drawn(st: KState) -> list[int | None]:
    """keythedral.secret.field_stack: the top field tile, held by the player whose field step it is."""
    out: list[int | None] = [None] * st.num_players
    if st.field_taken:
        out[st.current] = st.field_stack[-1]
    return out


def _effects_out(fx: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in fx.items():
        if key in ("up", "down"):
            out[key] = _tiles(value)
        elif key == "design":
            out[key] = BUILDINGS[value].id
        elif key == "renumbered":
            out[key] = {str(c): k for c, k in sorted(value.items())}
        else:
            out[key] = list(value) if isinstance(value, list) else value
    return out


def _window_out(window: dict[str, Any]) -> dict[str, Any]:
    if not window:
        return {}
    return {"frames": [{**f, "ask": list(f["ask"])} for f in window["frames"]], "resume": window["resume"],
            "current": window["current"]}


# --- reading ------------------------------------------------------------------------------------------------

def _place(kind: str) -> Any:
    test = is_field if kind == "field" else is_site

    def read(value: Any, path: str) -> Node:
        node = parse_node(text(value, path))
        if node is None or not on_board(node) or not test(node):
            raise PositionError(path, f"{value!r} is not a {kind} place on the board (x,y)")
        return node
    return read


def _place_map(data: Reader, key: str, kind: str, value: Any) -> dict[Node, Any]:
    raw = data.obj(key)
    return {_place(kind)(k, raw.at(k)): value(v, raw.at(k)) for k, v in raw.data.items()}


def read_position(data: Reader, players: int, options: dict[str, Any], phase: str) -> KState:
    data = Reader(data.data, data.path, FIELDS)
    n = players
    st = KState()
    st.init_base(n, 0)
    st.setup_fields(n, options)
    seat, seats = ints(0, n - 1), ints(-1, n - 1)
    st.start, st.round = data.integer("start", 0, n - 1), data.integer("round", 0, 10**6)
    _read_board(st, data, n)
    _read_cubes(st, data, n)
    _read_tiles(st, data, n)
    _read_laws(st, data, n)
    st.laid = data.items("laid", ints(0, 5), length=n)
    st.order_k = data.integer("order_k", 0, 4)
    st.chosen = data.items("chosen", ints(1, 5), most=5)
    if len(set(st.chosen)) != len(st.chosen):
        raise PositionError(data.at("chosen"), "names a work order number twice")
    st.queue = data.items("queue", ints(0, 5 * n - 1), most=5 * n)
    st.to_place = data.integer("to_place", 0, 2)
    st.placing = data.integer("placing", -1, 5 * n - 1)
    st.workers = _place_map(data, "workers", "field", seat)
    for node in st.workers:
        if node not in st.fields:
            raise PositionError(data.obj("workers").at(fmt(node)), "a worker stands where no field is laid")
    st.out = data.items("out", boolean, length=n)
    st.passes = data.integer("passes", 0, n)
    st.actor = data.integer("actor", 0, n - 1)
    st.relocating = data.items("relocating", ints(0, 5 * n - 1), most=5 * n)
    for c in st.relocating:
        if st.cottage_at[c] is not None:
            raise PositionError(data.at("relocating"), f"cottage {c} waits to be laid again but lies on the board")
    st.auction = _read_auction(data, n, seat, seats)
    st.stay = data.boolean("stay")
    st.effects = _read_effects(data.obj("effects"), st, n)
    st.window = _read_window(data, n, seats)
    st.final = None if data.raw("final") is None else data.items("final", _final, length=n)
    check_reachable(st, data, phase)
    return st


def tiles_in_play(n: int) -> list[int]:
    """keythedral.setup.field_tiles / variant.two_players: the field tiles of a game of ``n`` players."""
    ones = [i for i, t in enumerate(FIELD_TILES) if t.number == 1]
    if n > 2:
        return [i for i, t in enumerate(FIELD_TILES) if t.number <= n]
    quarry = next(i for i in ones if FIELD_TILES[i].kind == GREY)
    wood = next(i for i in ones if FIELD_TILES[i].kind == BROWN)
    return [quarry, wood] + [i for i, t in enumerate(FIELD_TILES) if t.number == 2]


def _read_board(st: KState, data: Reader, n: int) -> None:
    st.fields = _place_map(data, "fields", "field", ints(0, len(FIELD_TILES) - 1))
    st.field_stack = data.items("field_stack", ints(0, len(FIELD_TILES) - 1))
    conserved(data.at("field_stack"), "field tiles", st.field_stack + list(st.fields.values()),
              {i: 1 for i in tiles_in_play(n)})
    sites = data.obj("sites")
    st.cottage_at = [None] * (5 * n)
    for key, value in sites.data.items():
        node = _place("site")(key, sites.at(key))
        if value == "keythedral":
            st.sites[node] = KEYTHEDRAL
            continue
        pair = items(value, sites.at(key), ints(0, max(n - 1, 5)), length=2)
        owner, number = pair
        if not (0 <= owner < n and 1 <= number <= 5):
            raise PositionError(sites.at(key), f"{value!r} is not [owner seat, cottage number 1-5]")
        c = owner * 5 + number - 1
        if st.cottage_at[c] is not None:
            raise PositionError(sites.at(key), f"cottage {number} of seat {owner} lies on two sites")
        st.sites[node], st.cottage_at[c] = c, node
    if n > 2 and st.sites.get(CENTRE) != KEYTHEDRAL or KEYTHEDRAL in [c for s, c in st.sites.items() if s != CENTRE]:
        raise PositionError(sites.at(fmt(CENTRE)), "the Keythedral tile lies on 0,0 (with three or more players only)")
    st.houses = [h for row in data.items("houses", lambda v, p: items(v, p, boolean, length=5), length=n)
                 for h in row]
    st.fences = {}
    for i, raw in enumerate(data.items("fences", lambda v, p: Reader(v, p, ("site", "field", "owner")))):
        s, f = _place("site")(raw.raw("site"), raw.at("site")), _place("field")(raw.raw("field"), raw.at("field"))
        if f not in SITE_FIELDS[s]:
            raise PositionError(raw.at("field"), f"field {fmt(f)} is not next to site {fmt(s)}")
        if (s, f) in st.fences:
            raise PositionError(data.at("fences"), f"two fences on {fmt(s)}>{fmt(f)}")
        st.fences[(s, f)] = raw.integer("owner", 0, n - 1)
    st.fences_left = data.items("fences_left", ints(0, 3), length=n)
    for p in range(n):
        if st.fences_left[p] + sum(1 for o in st.fences.values() if o == p) > 3:
            raise PositionError(data.at("fences_left"), f"seat {p} would have more than three fences")


def _read_cubes(st: KState, data: Reader, n: int) -> None:
    letters = data.items("cubes", lambda v, p: items(v, p, names(LETTER), most=115), length=n)
    st.cubes = [[hand.count(c) for c in LETTER] for hand in letters]
    st.store = data.items("store", ints(0, 20), length=8)
    st.shops = data.items("shops", ints(0, CRAFT_STOCK), length=3)
    for k in range(8):
        held = sum(c[k] for c in st.cubes) + st.store[k] + (st.shops[k - 5] if k >= 5 else 0)
        total = STORE_START[k] if k < 5 else CRAFT_STOCK
        if held != total:
            raise PositionError(data.at("store"), f"the cubes of kind {k} (S T F W V I G A) add up to {held}, "
                                f"the game has {total}")


def _read_tiles(st: KState, data: Reader, n: int) -> None:
    tile = lambda v, p: BUILDING_INDEX[names(TILE_IDS)(v, p)]  # noqa: E731
    st.rows = data.items("rows", lambda v, p: items(v, p, tile), length=5)
    for s, row in enumerate(st.rows):
        if any(BUILDINGS[t].stage != s for t in row):
            raise PositionError(data.at("rows") + f"[{s}]", f"holds a tile of another stage than {s + 1}")
    st.surplus = data.items("surplus", tile)
    st.seats = data.items("seats", lambda v, p: items(v, p, tile), length=n)
    conserved(data.at("surplus"), "building tiles", st.surplus + [t for r in st.rows for t in r]
              + [t for s in st.seats for t in s], {t: 1 for t in range(len(BUILDINGS))})
    st.stage = data.integer("stage", 0, 5)
    if any(st.rows[s] for s in range(st.stage)):
        raise PositionError(data.at("stage"), f"stage {st.stage + 1} is for sale while an earlier row still has tiles")
    st.face_up = data.items("face_up", boolean, length=5)


def _read_laws(st: KState, data: Reader, n: int) -> None:
    law = lambda v, p: LAW_INDEX[names(LAW_IDS)(v, p)]  # noqa: E731
    st.law_deck = data.items("law_deck", law)
    spaces = LAW_SPACES_TWO_PLAYERS if n == 2 else LAW_SPACES
    st.law_spaces = data.items("law_spaces", lambda v, p: -1 if v is None else law(v, p), length=spaces)
    st.law_hands = data.items("law_hands", lambda v, p: items(v, p, law), length=n)
    for h in st.law_hands:
        h.sort()
    st.law_used = data.items("law_used", law)
    conserved(data.at("law_deck"), "law cards", st.law_deck + [c for c in st.law_spaces if c >= 0]
              + [c for h in st.law_hands for c in h] + st.law_used, {c: 1 for c in range(len(LAWS))})


def _read_auction(data: Reader, n: int, seat: Any, seats: Any) -> dict[str, Any]:
    if data.raw("auction") == {}:
        return {}
    a = data.obj("auction", AUCTION)
    return {"b": a.integer("b", 0, n - 1), "queue": a.items("queue", seat, most=n), "high": a.integer("high", 0, 200),
            "high_bidder": a.integer("high_bidder", -1, n - 1), "matched": a.boolean("matched"),
            "payer": a.integer("payer", -1, n - 1), "payee": a.integer("payee", -1, n - 1), "owe": a.integer("owe", 0, 200),
            "chooser": a.integer("chooser", 0, n - 1), "done": a.boolean("done")}


def _read_effects(fx: Reader, st: KState, n: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in fx.data.items():
        path = fx.at(key)
        if key in SEAT_EFFECTS:
            out[key] = integer(value, path, 0, n - 1)
        elif key in KIND_EFFECTS:
            out[key] = integer(value, path, 0, 4)
        elif key in ("up", "down"):
            out[key] = items(value, path, lambda v, p: BUILDING_INDEX[names(TILE_IDS)(v, p)])
        elif key == "design":
            out[key] = BUILDING_INDEX[text(value, path, TILE_IDS)]
        elif key == "turn":
            out[key] = text(value, path, TURN_EFFECTS)
        elif key == "double":
            out[key] = fmt(_place("field")(value, path))
        elif key in ("unexpected", "choose"):
            pair = items(value, path, ints(0, 200), length=2)
            if pair[0] >= n or (key == "unexpected" and pair[1] > 4):
                raise PositionError(path, f"{value!r} is not [seat, {'field kind' if key == 'unexpected' else 'count'}]")
            out[key] = pair
        elif key == "renumbered":
            raw = Reader(value, path)
            out[key] = {integer(_key_number(c), raw.at(c), 0, 5 * n - 1):
                        integer(k, raw.at(c), 0, 4) for c, k in raw.data.items()}
        else:
            raise PositionError(path, f"is not a law effect (effects are {sorted(SEAT_EFFECTS + KIND_EFFECTS)}, "
                                "up, down, turn, double, unexpected, choose, renumbered)")
    return out


def _frame(n: int, seats: Any) -> Any:
    def read(value: Any, path: str) -> dict[str, Any]:
        kind = Reader(value, path).text("kind", tuple(WINDOW_CARDS))
        keys = FRAME_KEYS.get(kind, ())
        optional = ("cancelled",) if kind == "purchase" and "cancelled" in value else ()
        raw = Reader(value, path, ("kind", "ask") + keys + optional)
        frame = dict(raw.data)
        frame["kind"] = kind
        for key in ("repealed",) + optional:
            if key in frame:
                raw.boolean(key)
        if "move" in frame:
            raw.text("move")
        frame["ask"] = raw.items("ask", ints(0, n - 1), most=n)
        for key in ("buyer", "player"):
            if key in frame:
                frame[key] = raw.integer(key, 0, n - 1)
        if "tile" in frame:
            raw.text("tile", TILE_IDS)
        if "law" in frame:
            raw.text("law", LAW_IDS)
        return frame
    return read


def _read_window(data: Reader, n: int, seats: Any) -> dict[str, Any]:
    if data.raw("window") == {}:
        return {}
    w = data.obj("window", ("frames", "resume", "current"))
    frames = w.items("frames", _frame(n, seats), most=20)
    current = None if w.raw("current") is None else w.integer("current", 0, n - 1)
    return {"frames": frames, "resume": w.text("resume", RESUME), "current": current}


def _final(value: Any, path: str) -> dict[str, int]:
    raw = Reader(value, path, ("seats", "cubes", "total"))
    return {"seats": raw.integer("seats", 0, 10**4), "cubes": raw.integer("cubes", 0, 10**4), "total": raw.integer("total", 0, 10**4)}


def _key_number(key: str) -> int | str:
    """A JSON object's key read as the whole number it writes; the key itself (refused by ``integer``) if not."""
    number = whole_number(key)
    return key if number is None else number
