"""The Keythedral game state: plain lists, dicts and ints, cheap to copy (the board graph is never copied)."""
from __future__ import annotations

import copy
from typing import Any

from ...core.definition import State
from .data import BUILDINGS, CRAFT_STOCK, FENCE_ID, LAWS, LETTER, STORE_START, Node, fmt

EMPTY = -1
KEYTHEDRAL = -2  # what sits on the centre site


class KState(State):
    __slots__ = (
        "options", "two_player", "start", "round", "field_stack", "fields", "sites", "cottage_at", "houses",
        "fences", "fences_left", "cubes", "store", "shops", "rows", "stage", "face_up", "surplus", "seats",
        "laid", "order_k", "chosen", "queue", "to_place", "placing", "placing_fields", "workers", "out", "passes",
        "actor", "relocating",
        "auction", "stay", "law_deck", "law_spaces", "law_hands", "law_used", "effects", "window", "final",
        "fence_spots", "fence_moves", "field_taken")

    def setup_fields(self, players: int, options: dict[str, Any]) -> None:
        self.options = options
        self.two_player = players == 2
        self.start = 0  # the start player holds the start marker
        self.round = 0
        self.field_stack: list[int] = []  # field tile indices, top = end
        self.field_taken = False  # set-up: the player in their field step has taken the top tile
        self.fields: dict[Node, int] = {}  # laid field tiles by place
        self.sites: dict[Node, int] = {}  # cottage id (owner * 5 + number - 1) or KEYTHEDRAL by place
        self.cottage_at: list[Node | None] = [None] * (5 * players)
        self.houses = [False] * (5 * players)
        self.fences: dict[tuple[Node, Node], int] = {}  # (site, field) -> owner
        self.fences_left = [3] * players
        self.cubes = [[0] * 8 for _ in range(players)]
        self.store: list[int] = []  # resource cubes and used craft cubes
        self.shops: list[int] = []  # craft cubes at the forge, glassworks and workshop
        self.rows: list[list[int]] = [[] for _ in range(5)]  # building tiles still on the mat, per stage
        self.stage = 0  # the stage whose tiles are for sale
        self.face_up = [False] * 5  # per stage
        self.surplus: list[int] = []  # tiles out of the game, unseen
        self.seats: list[list[int]] = [[] for _ in range(players)]
        self.setup_turn(players)

    def setup_turn(self, players: int) -> None:
        """The fields of the turn: set-up, the five phases, the law cards and their windows."""
        self.laid = [0] * players  # set-up: field tiles laid by each player
        self.order_k = 0  # the next work order marker (0 = marker 1)
        self.chosen: list[int] = []  # cottage number under each placed marker
        self.queue: list[int] = []  # phase one: cottages still to send workers for the number just chosen
        self.to_place = 0  # workers the current placer still sends
        self.placing = -1  # the cottage whose workers are going out
        # Its open fields, the place phase's moves: set with ``placing`` (workers.next_placer) and after each
        # worker; None where not known (a position read), then read from the board.
        self.placing_fields: list[Node] | None = None
        self.workers: dict[Node, int] = {}  # field -> owner
        self.out = [False] * players  # phase three: procured a law card this round
        self.passes = 0
        self.actor = 0  # phase three: whose turn it is in the action loop
        self.relocating: list[int] = []  # fenced-off cottages waiting to be laid again
        self.auction: dict[str, Any] = {}
        self.stay = False  # phase three: a law card was played on the player's turn, who then acts on
        self.law_deck: list[int] = []
        self.law_spaces: list[int] = []
        self.law_hands: list[list[int]] = [[] for _ in range(players)]
        self.law_used: list[int] = []
        self.effects: dict[str, Any] = {}  # law effects lasting a round or attached to a tile
        self.window: dict[str, Any] = {}  # an open law-card window: who is asked, what for
        self.final: list[dict[str, int]] | None = None
        # The [build, remove] fence spots as ids, and the fence moves of seat p (build at p, remove at p + 5):
        # made by fast.py when asked, emptied by the board methods below, the only code that changes fields,
        # sites or fences.
        self.fence_spots: list[list[int] | None] | None = None
        self.fence_moves: dict[int, list[Any]] = {}

    # --- the board: every change of fields, sites and fences goes through these ---------------------------
    def put_field(self, node: Node, tile: int) -> None:
        self.fields[node] = tile
        self.fence_spots, self.fence_moves = None, {}

    def put_cottage(self, site: Node, cottage: int) -> None:
        self.sites[site] = cottage
        if cottage >= 0:
            self.cottage_at[cottage] = site
        self.fence_spots, self.fence_moves = None, {}

    def lift_cottage(self, site: Node) -> int:
        cottage = self.sites.pop(site)
        self.cottage_at[cottage] = None
        self.fence_spots, self.fence_moves = None, {}
        return cottage

    def add_fence(self, site: Node, field: Node, owner: int) -> None:
        self.fences[(site, field)] = owner
        spots, spot = self.fence_spots, FENCE_ID[site, field]
        # The spots to build on lose this one (new lists: a clone may share the old ones).
        build = None if spots is None or spots[0] is None else [i for i in spots[0] if i != spot]
        self.fence_spots, self.fence_moves = [build, None], {}

    def drop_fence(self, site: Node, field: Node) -> None:
        del self.fences[(site, field)]
        spots, build = self.fence_spots, None
        cottage = self.sites.get(site)
        if spots is not None and spots[0] is not None and cottage is not None and cottage != KEYTHEDRAL:
            build = sorted([*spots[0], FENCE_ID[site, field]])  # ids in the order fast.build_fences lists them
        self.fence_spots, self.fence_moves = [build, None], {}

    def clone(self) -> "KState":
        o = KState.__new__(KState)
        self.copy_base(o)
        o.options = self.options
        o.two_player = self.two_player
        o.start = self.start
        o.round = self.round
        o.field_stack = self.field_stack[:]
        o.field_taken = self.field_taken
        o.fields = self.fields.copy()
        o.sites = self.sites.copy()
        o.cottage_at = self.cottage_at[:]
        o.houses = self.houses[:]
        o.fences = self.fences.copy()
        o.fences_left = self.fences_left[:]
        o.cubes = [c[:] for c in self.cubes]
        o.store = self.store[:]
        o.shops = self.shops[:]
        o.rows = [r[:] for r in self.rows]
        o.stage = self.stage
        o.face_up = self.face_up[:]
        o.surplus = self.surplus[:]
        o.seats = [s[:] for s in self.seats]
        self.copy_turn(o)
        # Shared until either board changes (the methods above rebind them).
        o.fence_spots, o.fence_moves = self.fence_spots, self.fence_moves
        return o

    def copy_turn(self, o: "KState") -> None:
        """Copy the fields of the turn (set-up, the five phases, the law cards) into ``o``."""
        o.laid = self.laid[:]
        o.order_k = self.order_k
        o.chosen = self.chosen[:]
        o.queue = self.queue[:]
        o.to_place = self.to_place
        o.placing = self.placing
        o.placing_fields = self.placing_fields  # never changed in place: shared
        o.workers = self.workers.copy()
        o.out = self.out[:]
        o.passes = self.passes
        o.actor = self.actor
        o.relocating = self.relocating[:]
        o.auction = {**self.auction, "queue": self.auction["queue"][:]} if self.auction else {}
        o.law_deck = self.law_deck[:]
        o.law_spaces = self.law_spaces[:]
        o.law_hands = [h[:] for h in self.law_hands]
        o.law_used = self.law_used[:]
        o.stay = self.stay
        o.effects = {k: v.copy() if isinstance(v, (list, dict)) else v for k, v in self.effects.items()}
        window = self.window
        if window:
            o.window = {**window, "frames": [{**f, "ask": f["ask"][:]} for f in window["frames"]]}
        else:
            o.window = {}
        o.final = self.final

    def snapshot(self) -> dict[str, Any]:
        skip = ("options", "fence_spots", "fence_moves", "placing_fields", "fields", "sites", "fences", "workers",
                "cottage_at")
        data = {name: getattr(self, name) for name in KState.__slots__ if name not in skip}
        data.update(
            fields={fmt(n): t for n, t in sorted(self.fields.items())},
            sites={fmt(n): c for n, c in sorted(self.sites.items())},
            fences={f"{fmt(s)}>{fmt(f)}": o for (s, f), o in sorted(self.fences.items())},
            workers={fmt(n): o for n, o in sorted(self.workers.items())},
            cottage_at=[None if n is None else fmt(n) for n in self.cottage_at],
            phase=self.phase, current=self.current, rng=self.rng.state, ply=self.ply)
        return copy.deepcopy(data)


def owner_of(cottage: int) -> int:
    return cottage // 5


def number_of(cottage: int) -> int:
    return cottage % 5 + 1


def invariants(st: KState) -> list[str]:
    broken = []
    n = st.num_players
    for k in range(8):
        held = sum(st.cubes[p][k] for p in range(n)) + st.store[k]
        total = STORE_START[k] if k < 5 else CRAFT_STOCK
        if k >= 5:
            held += st.shops[k - 5]
        if held != total:
            broken.append(f"{LETTER[k]} cubes: {held} in play, the game has {total}")
        if any(st.cubes[p][k] < 0 for p in range(n)) or st.store[k] < 0:
            broken.append(f"negative {LETTER[k]} count")
    tiles = sorted(st.surplus + [t for r in st.rows for t in r] + [t for s in st.seats for t in s])
    if tiles != list(range(len(BUILDINGS))):
        broken.append("building tiles lost or duplicated")
    laws = sorted(st.law_deck + [c for c in st.law_spaces if c >= 0] + [c for h in st.law_hands for c in h]
                  + st.law_used)
    if laws != list(range(len(LAWS))):
        broken.append("law cards lost or duplicated")
    for p in range(n):
        if st.fences_left[p] + sum(1 for o in st.fences.values() if o == p) > 3:
            broken.append(f"player {p} has more than three fences")
    for c, node in enumerate(st.cottage_at):
        if node is not None and st.sites.get(node) != c:
            broken.append(f"cottage {c} is not where the board says")
    if len(set(st.workers)) != len(st.workers) or any(f not in st.fields for f in st.workers):
        broken.append("a worker outside a laid field")
    kept = st.placing_fields
    if kept is not None and (st.phase != "place" or kept != _open_fields(st, st.placing)):
        broken.append(f"the open fields kept for cottage {st.placing} are not the board's")
    to_act = _seat_to_act(st)
    if to_act is not None and st.current != to_act:
        broken.append(f"in the {st.phase} phase seat {to_act} is to act, not seat {st.current}")
    return broken


def _open_fields(st: KState, cottage: int) -> list[Node]:
    from .checks import open_fields  # checks reads this module's KState: imported when first called
    return open_fields(st, cottage)


def _seat_to_act(st: KState) -> int | None:
    """Who decides, by the phase, where the phase names one seat (None elsewhere): the player laying in the
    set-up, the work order's chooser, the placing cottage's owner, the next bidder, the payer, the chooser."""
    phase, n = st.phase, st.num_players
    if phase in ("draw_field", "lay_tiles"):  # keythedral.setup.lay_field: in turn from the start player
        done = [sum(1 for c in range(5 * p, 5 * p + 5) if st.cottage_at[c] is not None) for p in range(n)]
        between = [p for p in range(n) if st.laid[p] > done[p]]
        if between:
            return between[0]
        order = [(st.start + i) % n for i in range(n)]
        return next((p for p in order if done[p] < done[order[0]]), order[0])
    if phase == "order":  # keythedral.order.choose / law.work_order
        holder = st.effects.get("work_order")
        return holder if holder is not None else (st.start + st.order_k) % n
    if phase == "place":  # keythedral.order.place_in_turn
        return st.placing // 5 if st.placing >= 0 else None
    a = st.auction
    if phase == "auction" and a.get("queue"):  # keythedral.auction.bid_once
        return int(a["queue"][0])
    if phase == "auction_pay" and a:  # keythedral.auction.pay
        return int(a["payer"])
    if phase == "choose_start" and a:  # keythedral.auction.choose_start
        return int(a["chooser"])
    return None
