"""Every move a seat can make, numbered for the PettingZoo and OpenSpiel adapters: a compact numbering in blocks,
some of them read in the position (docs/adapters/pettingzoo.md, "Keythedral's numbering").

The board grows where the players lay it, and Substitution opens hundreds of payments per tile, so numbering
every place and payment outright takes about 82,000 numbers, with at most a few hundred legal at once. Here
each move kind has a block. Moves without a place or a payment keep a fixed number (``buy 2-C +T``,
``craft I ST``, ``bid 3``, ``play start_order 2``). Places are named from the laid fields, counted in the order
of their coordinates (the order of the observation's ``field.i`` slots; fields are laid in set-up only, so a
field keeps its number for the rest of the game):

- a laid field is ``f<i>``;
- a cottage site is a corner of the first laid field next to it (``f<i>`` and one of ``CORNERS``); a fence
  edge is a corner of its own field (each edge has one field);
- an empty field place for the next field tile is a step in ``REACH`` from the first laid field it is that
  step from (every place a tile may go touches a laid field or a laid site next to a laid field).

A Substitution purchase is the ``k``-th of the Substitution purchases the face-up row allows to a holding of
every cube in plenty (``row_purchases``), in the order of the tile's place in the box and then of the cubes paid:
the buyer's open purchases are some of them, and the number tells nothing of the buyer's cubes behind the
screen, which the other seats see it played with; ``substitution_cap()`` proves the block large enough.
A number that names no move in the position (a place not on the board, a corner that another field names
first, a purchase past the row's) decodes to nothing.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import chain, product
from typing import Any, Callable, Iterator, Sequence

from . import exchanges, fast, moves as m
from .data import (BUILDINGS, COTTAGE_NUMBERS as NUMBERS, COTTAGES_PER_PLAYER, CRAFT_PRICE, CRAFTS, FIELD_TILES,
                   LAW_SPACES, LAWS, LETTER, MOST_CUBES, RESOURCES, STAGE_FULL_ASSUMED, STAGE_TILES, Node, fmt,
                   parse_node)
from .info import INFO
from .laws import CHOICES, NO_CHOICE
from .layout import CORNERS, LAID, LOCK, REACH, kept_numbers, laid_numbers, layout
from .prices import LETTER_INDEX, payments, price_options, row_purchases, tile_payments
from .state import KState

# The encoding's version: bump it whenever a move's number changes (tests/adapters/action_tables.json records
# each version's fingerprint). Version 1 numbered every place of the lattice and every payment (82,409 moves);
# version 2 counted a Substitution purchase among those open to the buyer, which told the others its cubes.
ENCODING = 3
POSITIONAL = True  # some numbers are read in the position (the adapters pass it)

FIELD_MAX = len(FIELD_TILES)  # the most fields laid: every field tile, at the largest table
CORNER_INDEX = {d: c for c, d in enumerate(CORNERS)}
SITE_NAMES = FIELD_MAX * len(CORNERS)  # sites and fence edges, each a field's corner
SEATS = range(INFO.max_players)  # every seat of the largest table: a move has the same number at every count
PLACE_LAWS = {"double_production": "field", "downgrade_house": "site", "unsafe_fence": "edge"}


def substitution_cap() -> int:
    """keythedral.law.substitution / buy.face_up: the most Substitution purchases open at once. Only the face-up
    row of the current stage is bought from, at most ``STAGE_FULL_ASSUMED`` tiles (Design change swaps one for
    one); a tile's payments are those of its one price state (none, increase, decrease or both), at most the
    payments from a holding of every cube in plenty. So the cap is, over the stages, the sum of the row's
    largest tiles' largest counts (891: stage three, 3-H's 315 under a price increase)."""
    most = [max(len(tile_payments(t, up, down)) for up, down in product((False, True), repeat=2))
            for t in range(len(BUILDINGS))]
    return max(sum(sorted((most[t] for t in STAGE_TILES[s]), reverse=True)[:STAGE_FULL_ASSUMED[s]])
               for s in range(len(STAGE_TILES)))


SUBSTITUTION_CAP = substitution_cap()


# --- the blocks -----------------------------------------------------------------------------------------------

def _fixed_buys() -> Iterator[Any]:
    """Building tiles bought at their price, with a price card's change (``buy 2-C +T``)."""
    for t, tile in enumerate(BUILDINGS):
        options = [o for up in (False, True) for down in (False, True) for o in price_options(t, up, down)]
        yield from (m.BuyTile(0, tile.id, change) for change in dict.fromkeys(c for c, _ in options))


def _exchanges() -> Iterator[Any]:
    """The craft shops, the trader, Bargain and the law spaces, with every payment (a few hundred)."""
    for craft in CRAFTS:
        without = tuple(0 if k == craft else 99 for k in range(len(LETTER)))
        for size in sorted({CRAFT_PRICE[craft], CRAFT_PRICE[craft] - 2}):
            yield from (m.BuyCraft(0, LETTER[craft], p) for p in payments(without, size))
    for r in RESOURCES:
        without = tuple(0 if k == r else 99 for k in range(len(LETTER)))
        yield from (m.Trade(0, LETTER[r], p) for p in payments(without, 2))
    pairs = [LETTER[a] + LETTER[b] for a in RESOURCES for b in RESOURCES if a <= b]
    yield from (m.Trade(0, pair, letter) for pair in pairs for letter in LETTER)
    yield from (m.ProcureLaw(0, space, letter) for space in range(1, LAW_SPACES + 1) for letter in LETTER)


def _plays() -> Iterator[Any]:
    """The law cards whose choice is not a place, with every choice (laws.py, play_choices)."""
    tiles = [b.id for b in BUILDINGS]
    table = {"broken_fences": [str(q + 1) for q in SEATS], "start_order": [str(q + 1) for q in SEATS],
             "design_change": tiles, "price_decrease": tiles,
             "craft_bargain": [f"{LETTER[c]}:{LETTER[r]}" for c in CRAFTS for r in RESOURCES],
             "cottage_number": [str(k) for k in NUMBERS], "upgrade_cottage": [str(k) for k in NUMBERS]}
    for law in ("unexpected_harvest", "good_harvest", "poor_harvest"):
        table[law] = [LETTER[k] for k in RESOURCES]
    for law in NO_CHOICE:
        table[law] = [""]
    unknown = set(CHOICES) - set(table) - set(PLACE_LAWS)
    if unknown:
        raise LookupError(f"keythedral: the action table lists no choices for the laws {sorted(unknown)}")
    for card in LAWS:
        yield from (m.PlayLaw(0, card.id, c) for c in table.get(card.id, ()))


def _labels(block: str, size: int) -> list[str]:
    """The names of a block's numbers, for the fingerprint and for a number that names no move here."""
    if block == "field":
        return [f"field f{i}{dx:+d}{dy:+d}" for i in range(FIELD_MAX) for dx, dy in REACH]
    sites = [f"f{i}{dx:+d}{dy:+d}" for i in range(FIELD_MAX) for dx, dy in CORNERS]
    if block == "cottage":
        return [f"cottage {k}@{s}" for k in NUMBERS for s in sites]
    if block == "substitution":
        return [f"buy substitution #{k} of the row" for k in range(size)]
    if block in ("worker", "play double_production"):
        return [f"{block} f{i}" for i in range(FIELD_MAX)]
    return [f"{block} {s}" for s in sites]


# The blocks in order: a fixed block lists its moves of seat 0, a positional one its size.
BLOCKS: tuple[tuple[str, Any], ...] = (
    ("field", FIELD_MAX * len(REACH)),
    ("cottage", len(NUMBERS) * SITE_NAMES),
    ("fixed order", [m.ChooseOrder(0, k) for k in NUMBERS]),
    ("worker", FIELD_MAX),
    ("fixed turn", [m.Pass(0), m.Decline(0), *_fixed_buys(), *(m.BuildHouse(0, k) for k in NUMBERS)]),
    ("substitution", SUBSTITUTION_CAP),
    ("fence", SITE_NAMES),
    ("unfence", SITE_NAMES),
    ("fixed exchange", list(_exchanges())),
    ("relocate", SITE_NAMES),
    ("fixed phase five", [*(m.Bid(0, k) for k in range(MOST_CUBES + 1)),
                          *(m.GiveCube(0, letter) for letter in LETTER),
                          *(m.TakeCube(0, letter) for letter in LETTER[:5]),
                          *(m.ChooseStart(0, s) for s in SEATS)]),
    ("fixed law", list(_plays())),
    ("play double_production", FIELD_MAX),
    ("play downgrade_house", SITE_NAMES),
    ("play unsafe_fence", SITE_NAMES),
)
BASE: dict[str, int] = {}
FIXED: dict[Any, int] = {}  # a fixed move of seat 0 -> its number
LABELS: list[str] = []
for _name, _block in BLOCKS:
    BASE[_name] = len(LABELS)
    if isinstance(_block, list):
        FIXED.update((move, len(LABELS) + i) for i, move in enumerate(_block))
        LABELS.extend(f"{move.kind}:{move}" for move in _block)
    else:
        LABELS.extend(_labels(_name, _block))
ENDS = [(BASE[name], name) for name, _ in BLOCKS]
FIXED_AT = {number: move for move, number in FIXED.items()}
# Every seat's fixed moves, so that reading a number needs no copy of the move.
FIXED_ANY = {(move if seat == 0 else replace(move, player=seat)): number
             for move, number in FIXED.items() for seat in SEATS}


def premade() -> list[Any]:
    """The fast generator's moves of a fixed number, every seat's, made now with their numbers on them
    (``core.moves.Numbered``) so that play never numbers them for the first time: the moves fast.py makes at
    import, and the exchanges of exchanges.py's tables (made there when first met, here all at once)."""
    specs = ([("craft", move.craft, move.paid) for move in FIXED if move.kind == "craft"]
             + [("trade", move.receive, move.paid) for move in FIXED if move.kind == "trade" and len(move.receive) == 1]
             + [("law", str(move.space), move.paid) for move in FIXED if move.kind == "law"])
    ids = tuple(exchanges._ex_id(*spec) for spec in specs)
    rows = (fast.PASS, fast.DECLINE, *fast.ORDER, *fast.START, *fast.BIDS, *fast.GIVE, *fast.TAKE, *fast.HOUSE,
            *fast.BUY, *(exchanges._seat_moves(seat, ids) for seat in SEATS))
    numbered = [move for move in chain.from_iterable(rows) if move in FIXED_ANY]  # not a bid past every cube
    for move in numbered:
        object.__setattr__(move, "_action", FIXED_ANY[move])
    return numbered


def labels() -> list[str]:
    """Every number's name, in order: a fixed move's kind and notation, a positional number's block and place."""
    return list(LABELS)


def fixed_number(move: Any) -> int | None:
    """The number of a move that keeps one number in every position (``player`` ignored), else None."""
    return FIXED_ANY.get(move)


class Numbering:
    """The numbers of one position: its laid fields (``Layout``), and the face-up row's Substitution purchases
    (``row_purchases``), worked out once when first needed."""

    def __init__(self, st: KState):
        self.st = st
        self.layout = layout(st)
        self._buys: tuple[tuple[tuple[str, str], ...], dict[tuple[str, str], int]] | None = None

    def fields(self) -> list[Node]:
        return self.layout.fields

    def field_code(self, node: Node) -> int | None:
        return self.layout.index.get(node)

    def site_code(self, site: Node) -> int | None:
        """The first laid field's corner that is ``site``."""
        return self.layout.sites().get(site)

    def edge_code(self, site: Node, field: Node) -> int | None:
        i = self.layout.index.get(field)
        c = CORNER_INDEX.get((site[0] - field[0], site[1] - field[1]))
        return None if i is None or c is None else i * 4 + c

    def spot_code(self, node: Node) -> int | None:
        """An empty field place: the first laid field it is a step of ``REACH`` from."""
        return self.layout.spots().get(node)

    def corner(self, code: int) -> Node | None:
        """The site a corner code names (any code: the canonical check is the caller's)."""
        fields = self.fields()
        i, c = divmod(code, 4)
        return None if i >= len(fields) else (fields[i][0] + CORNERS[c][0], fields[i][1] + CORNERS[c][1])

    def purchases(self) -> tuple[tuple[tuple[str, str], ...], dict[tuple[str, str], int]]:
        """keythedral.law.substitution: the face-up row's Substitution purchases (``row_purchases``), the same for
        every seat: (tile id, cubes paid) in order, and each one's place in that order."""
        found = self._buys
        if found is None:
            st = self.st
            row = st.rows[st.stage] if st.stage < len(st.rows) else []
            up, down = st.effects.get("up", ()), st.effects.get("down", ())
            found = self._buys = row_purchases(tuple((t, t in up, t in down) for t in sorted(row)))
        return found

    def number(self, move: Any) -> int | None:
        """The number of ``move`` in this position, or None when it has none."""
        number = fixed_number(move)
        return number if number is not None else self.placed(move)

    def placed(self, move: Any, locked: bool = False) -> int | None:
        """The number of a move without a fixed one (its place or payment read here), or None. ``locked``: the
        caller holds layout.LOCK."""
        found = _placed(self, move)
        if found is None or found[1] is None:
            return None
        number = BASE[found[0]] + found[1]
        if move.kind != "buy":  # a Substitution purchase is read in the position, not the layout
            (self.layout.hold if locked else self.layout.keep)(move, number)
        return number

    def move(self, seat: int, number: int) -> Any:
        """The move of ``seat`` that ``number`` names in this position, or None."""
        fixed = FIXED_AT.get(number)
        if fixed is not None:
            return fixed if seat == 0 else replace(fixed, player=seat)
        block = next(name for base, name in reversed(ENDS) if base <= number)
        move = UNNAMED.get(block, _unnamed)(self, seat, number - BASE[block])
        return move if move is not None and self.number(move) == number else None  # one number per move


def numbers(moves: Sequence[Any], st: KState) -> list[int] | None:
    """The numbers of ``moves`` in this position, in their order, or None when one has none here. Each move keeps
    its number on itself (``core.moves.Numbered``): a fixed number for good, a place's while its layout is the one
    read (``layout``), so most lists are numbered by reading one attribute per move."""
    listed = kept_numbers(moves, st)
    if listed is not None:
        return listed
    with LOCK:  # layout.LOCK: the layout read stays this one while the numbers are read and learnt
        found = layout(st)
        try:
            return [move._action for move in moves]
        except AttributeError:
            pass
        if moves[0].kind in LAID:  # set-up's lists, each in a new layout
            laid = laid_numbers(moves, found, BASE["field"], COTTAGE_FIRST)
            if laid is not None:
                return laid
        return _learnt(moves, st)


COTTAGE_FIRST = [BASE["cottage"] + (k - 1) * SITE_NAMES for k in range(COTTAGES_PER_PLAYER + 1)]  # by number


def _learnt(moves: Sequence[Any], st: KState) -> list[int] | None:
    """The numbers of ``moves``, those not numbered yet read now and kept on the moves (but a Substitution
    purchase's, read in the position). Called holding layout.LOCK."""
    n = Numbering(st)
    found: list[int] = []
    for move in moves:
        try:
            number = move._action
        except AttributeError:
            number = None if move.kind in PLACES else fixed_number(move)
            if number is None:
                number = n.placed(move, locked=True)
                if number is None:
                    return None
            else:
                object.__setattr__(move, "_action", number)
        found.append(number)
    return found



def _placed(n: Numbering, move: Any) -> tuple[str, int | None] | None:
    """The positional block of ``move`` and its code there (None: no code in this position)."""
    place = PLACED.get(move.kind)
    return None if place is None else place(n, move)


def _cottage(n: Numbering, move: Any) -> tuple[str, int | None]:
    site = n.site_code(move.site)
    return "cottage", None if site is None or move.number not in NUMBERS else (move.number - 1) * SITE_NAMES + site


def _bought(n: Numbering, move: Any) -> tuple[str, int | None] | None:
    if not move.paid or move.change:
        return None
    return "substitution", n.purchases()[1].get((move.tile, move.paid))


def _played(n: Numbering, move: Any) -> tuple[str, int | None] | None:
    what = PLACE_LAWS.get(move.law)
    return None if what is None else ("play " + move.law, _place_choice(n, what, move.choice))


PLACED: dict[str, Callable[[Numbering, Any], tuple[str, int | None] | None]] = {
    "field": lambda n, move: ("field", n.spot_code(move.field)),
    "cottage": _cottage,
    "worker": lambda n, move: ("worker", n.field_code(move.field)),
    "fence": lambda n, move: ("fence", n.edge_code(move.site, move.field)),
    "unfence": lambda n, move: ("unfence", n.edge_code(move.site, move.field)),
    "relocate": lambda n, move: ("relocate", n.site_code(move.site)),
    "buy": _bought,
    "play": _played,
}
PLACES = frozenset(PLACED) - {"buy", "play"}  # the kinds whose number is always read in the position


def _place_choice(n: Numbering, what: str, choice: str) -> int | None:
    if what == "edge":
        site, _, field = choice.partition(">")
        s, f = parse_node(site), parse_node(field)
        return None if s is None or f is None else n.edge_code(s, f)
    node = parse_node(choice)
    return None if node is None else n.field_code(node) if what == "field" else n.site_code(node)


def _unnamed(n: Numbering, seat: int, code: int) -> Any:
    raise LookupError(f"keythedral: no decoder for action code {code}")


def _field_of(n: Numbering, code: int) -> Node | None:
    fields = n.fields()
    return fields[code] if code < len(fields) else None


def _spot(n: Numbering, seat: int, code: int) -> Any:
    fields = n.fields()
    i, r = divmod(code, len(REACH))
    return None if i >= len(fields) else m.LayField(seat, (fields[i][0] + REACH[r][0], fields[i][1] + REACH[r][1]))


def _edge(n: Numbering, code: int) -> tuple[Node, Node] | None:
    field = _field_of(n, code // 4)
    site = n.corner(code)
    return None if field is None or site is None else (site, field)


def _optional(make: Callable[..., Any], *args: Any) -> Any:
    return None if any(a is None for a in args) else make(*args)


def _purchase(n: Numbering, seat: int, code: int) -> Any:
    listed = n.purchases()[0]
    return m.BuyTile(seat, listed[code][0], "", listed[code][1]) if code < len(listed) else None


def _play_edge(n: Numbering, seat: int, code: int) -> Any:
    edge = _edge(n, code)
    return None if edge is None else m.PlayLaw(seat, "unsafe_fence", f"{fmt(edge[0])}>{fmt(edge[1])}")


def _play_node(law: str, node: Node | None, seat: int) -> Any:
    return None if node is None else m.PlayLaw(seat, law, fmt(node))


UNNAMED: dict[str, Callable[[Numbering, int, int], Any]] = {
    "field": _spot,
    "cottage": lambda n, seat, code: _optional(m.LayCottage, seat, code // SITE_NAMES + 1,
                                               n.corner(code % SITE_NAMES)),
    "worker": lambda n, seat, code: _optional(m.PlaceWorker, seat, _field_of(n, code)),
    "substitution": _purchase,
    "fence": lambda n, seat, code: _optional(lambda e: m.BuildFence(seat, *e), _edge(n, code)),
    "unfence": lambda n, seat, code: _optional(lambda e: m.RemoveFence(seat, *e), _edge(n, code)),
    "relocate": lambda n, seat, code: _optional(m.Relocate, seat, n.corner(code)),
    "play double_production": lambda n, seat, code: _play_node("double_production", _field_of(n, code), seat),
    "play downgrade_house": lambda n, seat, code: _play_node("downgrade_house", n.corner(code), seat),
    "play unsafe_fence": _play_edge,
}
