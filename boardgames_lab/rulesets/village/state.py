"""The Village game state: plain lists of small integers in ``__slots__``, cheap to copy."""
from __future__ import annotations

import copy
from typing import Any

from ...core.definition import State
from .data import COIN_SUPPLY, COLOURS, CUBES_PER_COLOUR, CUSTOMERS, GOODS, GRAIN_SUPPLY, MONKS, PLAGUE_CUBES
from .data import CATEGORIES
from .info import chronicle_spaces, goods_totals, grave_count, resolved_lap

_LISTS = ("grain", "coins", "prestige", "time", "visited", "supply", "bag", "goods_supply", "stalls", "queue",
          "pile", "chronicle", "passed", "area_cubes")
_NESTED = ("places", "cubes", "goods", "served", "spaces")
_SCALARS = ("coin_supply", "grain_supply", "monks", "graves", "start_player", "ring", "round", "area", "step",
            "priv_max", "deaths", "held_deaths", "opener", "first_sale", "served_any", "end_by", "end_opener", "last_queue",
            "no_cubes", "mass_queue", "selected", "final_mass", "turn_player", "final", "lap")


class VillageState(State):
    __slots__ = ("options",) + _LISTS + _NESTED + _SCALARS

    def setup_fields(self, players: int, options: dict[str, Any]) -> None:
        self.options = options
        n = players
        self.places: list[list[int]] = []  # per player, per piece (data.GENERATIONS order): a places.* code
        self.cubes: list[list[int]] = [[0] * 4 for _ in range(n)]  # influence by colour
        self.goods: list[list[int]] = [[0] * 8 for _ in range(n)]
        self.grain = [0] * n
        self.coins = [0] * n
        self.prestige = [0] * n
        self.time = [0] * n  # time spent so far; every full lap passes the bridge once
        self.visited = [0] * n  # bit t: town t carries the player's disc
        self.served: list[list[int]] = [[] for _ in range(n)]  # customer tiles served
        self.passed = [False] * n
        self._setup_board()
        self._setup_turn()
        self.lap = resolved_lap(options)

    def _setup_board(self) -> None:
        self.supply = [0] * 5  # cubes by colour, plague last
        self.bag = [0] * 5
        self.spaces: list[list[int]] = [[0] * 5 for _ in range(7)]  # cubes on each action area
        self.area_cubes = [0] * 35  # the same counts in one flat list (``count_area_cubes``)
        self.goods_supply = [0] * 8
        self.coin_supply = 0
        self.grain_supply = 0
        self.monks = 0  # monks in the black bag
        self.stalls: list[int] = []  # customer tile on each blue stall, -1 when empty
        self.queue: list[int] = []  # the brown waiting spaces, front first
        self.pile: list[int] = []  # face-down customers, top last (hidden order)
        self.chronicle = [0] * 5  # spaces used per category
        self.graves = 0

    def _setup_turn(self) -> None:
        self.start_player = 0
        self.ring = -1  # holder of the next-starting-player ring, -1 while on its council space
        self.round = 1
        self.area = -1  # the area whose action is being taken, -1 between actions
        self.step = 0  # 0: choose the action, 1: a privilege is owed, 2: two cubes are owed, 3: done
        self.priv_max = 0  # highest stage whose privilege the owed privilege may use
        self.deaths = 0  # deaths owed by the current player
        self.held_deaths = 0  # the turn player's deaths from before a market day, settled at the end of the turn
        self.opener = -1  # the player who started the market day, -1 outside one
        self.first_sale = False
        self.served_any = False
        self.end_by = -1  # who filled the last chronicle space or grave
        self.end_opener = -1  # the market day's starter when the end came during one
        self.last_queue: list[int] | None = None  # players still owed a last action
        self.no_cubes = False  # last actions with an empty board: no Well payment
        self.mass_queue: list[int] = []
        self.selected = 0  # pieces taken out of the bag at this Mass
        self.final_mass = False
        self.turn_player = 0  # whose turn it is (the market day and Mass move ``current`` around)
        self.final: list[dict[str, int]] | None = None

    def clone(self) -> "VillageState":
        """Field by field (no loops over names: bots clone in their inner loops); tuples and options are shared."""
        o = VillageState.__new__(VillageState)
        self.copy_base(o)
        o.options = self.options
        o.grain = self.grain[:]
        o.coins = self.coins[:]
        o.prestige = self.prestige[:]
        o.time = self.time[:]
        o.visited = self.visited[:]
        o.supply = self.supply[:]
        o.bag = self.bag[:]
        o.goods_supply = self.goods_supply[:]
        o.stalls = self.stalls[:]
        o.queue = self.queue[:]
        o.pile = self.pile[:]
        o.chronicle = self.chronicle[:]
        o.passed = self.passed[:]
        o.area_cubes = self.area_cubes[:]
        o.places = [x[:] for x in self.places]
        o.cubes = [x[:] for x in self.cubes]
        o.goods = [x[:] for x in self.goods]
        o.served = [x[:] for x in self.served]
        o.spaces = [x[:] for x in self.spaces]
        self._copy_counts(o)
        return o

    def _copy_counts(self, o: "VillageState") -> None:
        """The clone's single values (the second half of ``clone``)."""
        o.coin_supply = self.coin_supply
        o.grain_supply = self.grain_supply
        o.monks = self.monks
        o.graves = self.graves
        o.start_player = self.start_player
        o.ring = self.ring
        o.round = self.round
        o.area = self.area
        o.step = self.step
        o.priv_max = self.priv_max
        o.deaths = self.deaths
        o.held_deaths = self.held_deaths
        o.opener = self.opener
        o.first_sale = self.first_sale
        o.served_any = self.served_any
        o.end_by = self.end_by
        o.end_opener = self.end_opener
        o.last_queue = None if self.last_queue is None else self.last_queue[:]
        o.no_cubes = self.no_cubes
        o.mass_queue = self.mass_queue[:]
        o.selected = self.selected
        o.final_mass = self.final_mass
        o.turn_player = self.turn_player
        o.final = self.final  # set once at the end of the game and never changed
        o.lap = self.lap

    def snapshot(self) -> dict[str, Any]:
        """Every field copied down to its integers (no deepcopy: tests take one per move)."""
        fields: dict[str, Any] = {name: getattr(self, name)[:] for name in _LISTS}
        fields.update({name: [x[:] for x in getattr(self, name)] for name in _NESTED})
        fields.update({name: getattr(self, name) for name in _SCALARS})
        fields["last_queue"] = None if self.last_queue is None else self.last_queue[:]
        fields["mass_queue"] = self.mass_queue[:]
        fields["final"] = copy.deepcopy(self.final)
        fields.update(phase=self.phase, current=self.current, rng=self.rng.state, ply=self.ply)
        return fields


def count_area_cubes(st: VillageState) -> None:
    """``area_cubes`` made again from ``spaces``: the flat copy the fast path reads (a take per nonzero count), kept
    up by every move that puts cubes on an area or takes one off, and made here where a state is read in."""
    st.area_cubes = [n for space in st.spaces for n in space]


def invariants(st: VillageState) -> list[str]:
    broken = []
    if st.area_cubes != [n for space in st.spaces for n in space]:
        broken.append("the flat count of the cubes on the areas differs from the areas")
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
    if st.monks != MONKS and st.phase != "mass_draw":  # monks drawn at Mass go back when the draw ends
        broken.append("monks left the bag")
    tiles = [t for t in st.stalls + st.queue + st.pile if t >= 0] + [t for s in st.served for t in s]
    if sorted(tiles) != list(range(len(CUSTOMERS))):
        broken.append("customer tiles do not add up")
    return broken + _chronicle_invariants(st)


def _chronicle_invariants(st: VillageState) -> list[str]:
    """The chronicle, the graves and the end they trigger."""
    broken = []
    n = st.num_players
    # The chronicle's and the graves' counters are the villagers lying there (village.death.chronicle); a grave
    # is used only once a category is full, a villager leaves the game only once the graves are full too, and
    # the end is triggered exactly when the chronicle or the graves are full (village.end.trigger).
    from .data import CHRONICLE0, GRAVE, REMOVED
    dead = [place for p in range(n) for place in st.places[p] if place >= CHRONICLE0]
    spaces, graves = chronicle_spaces(st.options, n), grave_count(st.options, n)
    for c, category in enumerate(CATEGORIES):
        if st.chronicle[c] != dead.count(CHRONICLE0 + c):
            broken.append(f"chronicle ({category}): the counter says {st.chronicle[c]}, "
                          f"{dead.count(CHRONICLE0 + c)} villagers lie there (village.death.chronicle)")
    if st.graves != dead.count(GRAVE):
        broken.append(f"graves: the counter says {st.graves}, {dead.count(GRAVE)} villagers lie there "
                      "(village.death.chronicle)")
    if (st.graves or REMOVED in dead) and spaces not in st.chronicle:
        broken.append("a villager lies in a grave or left the game while no chronicle category is full "
                      "(village.death.chronicle)")
    if REMOVED in dead and st.graves < graves:
        broken.append("a villager left the game while a grave is free (village.death.chronicle)")
    ended = sum(st.chronicle) == spaces * len(CATEGORIES) or st.graves == graves
    if ended != (st.end_by >= 0):
        broken.append(f"the end is {'not ' if st.end_by < 0 else ''}triggered, but the chronicle and the graves "
                      f"are {'' if ended else 'not '}full (village.end.trigger)")
    if st.end_by < 0 and (st.end_opener >= 0 or st.last_queue is not None):
        broken.append("last actions are set while the end is not triggered (village.end.last_actions)")
    return broken
