"""The fast legal-move generator: the same moves as the plain path (every candidate its kind's check passes),
made without asking the checks, from tables of moves made once per seat.

It runs before every decision of random play, so: a dispatch table by phase, moves made once and reused, and
the exchanges of a cube holding from the tables of exchanges.py. tests/keythedral/test_fast.py proves it equal
to the plain path (as sets, without repeats) on thousands of positions from seeded play.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from .data import FENCE_ID, FENCE_SPOTS, SITE_SPOTS, Node
from .data import BUILDINGS, CRAFT_PRICE, GLASS, GOLD, LAWS, LETTER, RESOURCES, STONE, TIMBER, WINE
from .data import COTTAGE_NUMBERS, COTTAGES_PER_PLAYER, CUBES, MOST_CUBES, STAGE_COUNT
from .laws import OWN_TURN_CARD_NUMBERS, WINDOW_CARD_NUMBERS, play_choices
from .exchanges import Made, exchange_moves, holding_exchanges
from .moves import (Bid, BuildFence, BuildHouse, BuyTile, ChooseOrder, ChooseStart, Decline, GiveCube, LayCottage,
                    LayField, Pass, PlaceWorker, PlayLaw, RemoveFence, Relocate, TakeCube, Trade)
from .prices import adjusted_costs, craft_available, substitution_payments
from .checks import bid_range, cottage_spots, field_spots, open_fields, setup_step_is_field
from .draws import OUTCOMES
from .info import INFO
from .state import KEYTHEDRAL, KState

SEATS = range(INFO.max_players)
PASS = tuple(Pass(p) for p in SEATS)
DECLINE = tuple(Decline(p) for p in SEATS)
ORDER = tuple(tuple(ChooseOrder(p, k) for k in COTTAGE_NUMBERS) for p in SEATS)
START = tuple(tuple(ChooseStart(p, q) for q in SEATS) for p in SEATS)
BIDS = tuple(tuple(Bid(p, k) for k in range(MOST_CUBES + 1)) for p in SEATS)
GIVE = tuple(tuple(GiveCube(p, c) for c in LETTER) for p in SEATS)
TAKE = tuple(tuple(TakeCube(p, LETTER[k]) for k in RESOURCES) for p in SEATS)  # by resource
HOUSE = tuple(tuple(BuildHouse(p, k) for k in COTTAGE_NUMBERS) for p in SEATS)
BUY = tuple(tuple(BuyTile(p, b.id) for b in BUILDINGS) for p in SEATS)
NEEDS = tuple(tuple((k, c) for k, c in enumerate(b.cost) if c) for b in BUILDINGS)  # (cube kind, count) asked


_WORKER = tuple(Made(partial(PlaceWorker, p)) for p in SEATS)  # per seat, by field
_FIELD = tuple(Made(partial(LayField, p)) for p in SEATS)  # per seat, by place
_COTTAGE = tuple(tuple(Made(partial(LayCottage, p, k)) for k in COTTAGE_NUMBERS) for p in SEATS)  # by number, site
_RELOCATE = tuple(Made(partial(Relocate, p)) for p in SEATS)  # per seat, by site
# Per seat the fence moves of each spot id (data.FENCE_SPOTS), made as play meets them: the spots number about
# 13,000, and making all their moves would slow every import.


def _at_spot(kind: type, p: int, i: int) -> Any:
    return kind(p, *FENCE_SPOTS[i])


def _play(p: int, key: tuple[str, str]) -> PlayLaw:
    return PlayLaw(p, *key)


def _priced(p: int, key: tuple[str, str, str]) -> BuyTile:
    return BuyTile(p, *key)


_BUILD_FENCE = tuple(Made(partial(_at_spot, BuildFence, p)) for p in SEATS)  # per seat, by spot id
_REMOVE_FENCE = tuple(Made(partial(_at_spot, RemoveFence, p)) for p in SEATS)
_PLAYS = tuple(Made(partial(_play, p)) for p in SEATS)  # per seat, by (law, choice)
_PRICED = tuple(Made(partial(_priced, p)) for p in SEATS)  # per seat, by (tile, price change, cubes paid)
_ORDER_LEFT: dict[tuple[int, tuple[int, ...]], tuple[ChooseOrder, ...]] = {}  # by (seat, numbers chosen)


# --- phase three -------------------------------------------------------------------------------------------

def build_fences(st: KState, p: int) -> list[BuildFence]:
    """keythedral.fence.build: the fences ``p`` may build by the board (the cube and fence counts aside). The
    spots, as ids, are the same for every seat: both are kept in the state until a board method changes the
    board, and made only when asked (a seat without timber never asks)."""
    moves: list[BuildFence] | None = st.fence_moves.get(p)
    if moves is None:
        spots = st.fence_spots
        if spots is None:
            st.fence_spots = spots = [None, None]
        ids = spots[0]
        if ids is None:
            fields, fences = st.fields, st.fences
            ids = spots[0] = [i for site, cottage in sorted(st.sites.items()) if cottage != KEYTHEDRAL
                              for f, i in SITE_SPOTS[site] if f in fields and (site, f) not in fences]
        moves = st.fence_moves[p] = list(map(_BUILD_FENCE[p].__getitem__, ids))
    return moves


def remove_fences(st: KState, p: int) -> list[RemoveFence]:
    """keythedral.fence.remove: the fences standing, as ``p``'s moves, kept like ``build_fences``."""
    moves: list[RemoveFence] | None = st.fence_moves.get(p + len(SEATS))
    if moves is None:
        spots = st.fence_spots
        if spots is None:
            st.fence_spots = spots = [None, None]
        ids = spots[1]
        if ids is None:
            ids = spots[1] = [FENCE_ID[spot] for spot in sorted(st.fences)]
        moves = st.fence_moves[p + len(SEATS)] = list(map(_REMOVE_FENCE[p].__getitem__, ids))
    return moves


def action_moves(st: KState, p: int) -> list[Any]:
    cubes = st.cubes[p]
    moves: list[Any] = [PASS[p]]
    if st.law_hands[p]:
        moves.extend(own_turn_moves(st, p))
    if not any(cubes):
        return moves
    stage = st.stage
    fx = st.effects
    if fx and (fx.get("turn") or fx.get("up") or fx.get("down")):
        moves.extend(law_purchases(st, p))
    elif stage < STAGE_COUNT:
        buy = BUY[p]
        for tile in st.rows[stage]:
            for k, count in NEEDS[tile]:
                if cubes[k] < count:
                    break
            else:
                moves.append(buy[tile])
    if cubes[STONE] and cubes[TIMBER] and (not fx or fx.get("moratorium", p) == p):
        houses, cottage_at, house = st.houses, st.cottage_at, HOUSE[p]
        first = COTTAGES_PER_PLAYER * p  # st.houses and st.cottage_at list each seat's cottages in turn
        for c in range(first, first + COTTAGES_PER_PLAYER):
            if not houses[c] and cottage_at[c]:
                moves.append(house[c - first])
    if cubes[TIMBER] and st.fences_left[p]:
        moves.extend(build_fences(st, p))
    if cubes[WINE] >= 2:
        moves.extend(remove_fences(st, p))
    moves.extend(holding_exchanges(st, p, cubes))
    return moves


def law_purchases(st: KState, p: int) -> list[Any]:
    """The purchases, and the exchanges a card allows, while a law card changes a price or this turn."""
    cubes = st.cubes[p]
    fx = st.effects
    moves: list[Any] = []
    if st.stage < STAGE_COUNT:
        special = fx.get("turn") == "substitution"
        changed = fx.get("up", []) + fx.get("down", [])
        for tile in st.rows[st.stage]:
            if special or tile in changed:
                moves.extend(_priced_buys(st, p, tile, special))
                continue
            for k, count in NEEDS[tile]:
                if cubes[k] < count:
                    break
            else:
                moves.append(BUY[p][tile])
    if fx.get("turn") in ("bargain", "sale"):
        moves.extend(special_exchanges(st, p, fx["turn"]))
    return moves


def _priced_buys(st: KState, p: int, tile: int, substitution: bool) -> list[BuyTile]:
    tile_id, made = BUILDINGS[tile].id, _PRICED[p]
    if substitution:
        return [made[tile_id, "", pay] for pay in substitution_payments(st, p, tile)]
    cubes = st.cubes[p]
    return [made[tile_id, change, ""] for change, cost in adjusted_costs(st, tile)
            if all(cubes[k] >= cost[k] for k in range(CUBES))]


def special_exchanges(st: KState, p: int, law: str) -> list[Any]:
    """keythedral.law.bargain / law.sale: the exchanges the card allows this turn."""
    cubes, store = st.cubes[p], st.store
    if law == "bargain":
        held = [LETTER[k] for k in range(CUBES) if cubes[k]]
        stocked = [r for r in RESOURCES if store[r]]
        pairs = [LETTER[a] + LETTER[b] for a in stocked for b in stocked if a <= b and (a != b or store[a] >= 2)]
        return [Trade(p, pair, h) for h in held for pair in pairs]
    out: list[Any] = []
    holding = tuple(cubes)
    for craft in (GLASS, GOLD):
        if craft_available(st, craft):
            out.extend(exchange_moves(p, "craft", craft, holding, CRAFT_PRICE[craft] - 2))
    return out


# --- law windows and own-turn cards ----------------------------------------------------------------------

def _plays(st: KState, p: int, law: str) -> list[PlayLaw]:
    made = _PLAYS[p]
    return [made[law, choice] for choice in play_choices(st, p, law)]


def window_moves(st: KState, p: int) -> list[Any]:
    moves: list[Any] = [DECLINE[p]]
    hand = st.law_hands[p]
    if hand:
        answers = WINDOW_CARD_NUMBERS[st.window["frames"][-1]["kind"]]
        for card in hand:
            if card in answers:
                moves.extend(_plays(st, p, LAWS[card].id))
    return moves


def open_window_moves(st: KState, p: int) -> list[Any]:
    """keythedral.law.window: the moves of every player still to answer, in the order they were asked."""
    ask = st.window["frames"][-1]["ask"]
    if len(ask) == 1:
        return window_moves(st, ask[0])
    hands = st.law_hands
    moves: list[Any] = []
    for q in ask:
        if hands[q]:
            moves.extend(window_moves(st, q))
        else:  # no card: declining is all there is
            moves.append(DECLINE[q])
    return moves


def chance_moves(st: KState, p: int) -> list[Any]:
    """At a draw: every outcome (all of weight one, each possible: draws.py)."""
    return OUTCOMES[st.phase](st)


def own_turn_moves(st: KState, p: int) -> list[Any]:
    if st.effects.get("turn"):
        return []  # one modifying card at a time: use it (or end the turn) first
    moves: list[Any] = []
    for card in st.law_hands[p]:
        if card in OWN_TURN_CARD_NUMBERS:
            moves.extend(_plays(st, p, LAWS[card].id))
    return moves


# --- the other phases ----------------------------------------------------------------------------------------

def _order_moves(st: KState, p: int) -> list[Any]:
    key = (p, tuple(st.chosen))
    left = _ORDER_LEFT.get(key)
    if left is None:
        left = _ORDER_LEFT[key] = tuple(ORDER[p][k - 1] for k in COTTAGE_NUMBERS if k not in key[1])
    return list(left)


def _lay_moves(st: KState, p: int) -> list[Any]:
    if setup_step_is_field(st):
        return field_moves(p, field_spots(st))
    cottage_at = st.cottage_at
    first = COTTAGES_PER_PLAYER * p - 1  # cottage k of seat p at first + k
    return cottage_moves(p, [k for k in COTTAGE_NUMBERS if cottage_at[first + k] is None], cottage_spots(st))


def field_moves(p: int, places: list[Node]) -> list[LayField]:
    return list(map(_FIELD[p].__getitem__, places))


def cottage_moves(p: int, numbers: list[int], sites: list[Node]) -> list[LayCottage]:
    """``p``'s cottages of each of ``numbers`` on each of ``sites``, by number then site: set-up's list, which
    the action numbering reads in blocks (actions.py)."""
    made = _COTTAGE[p]
    moves: list[LayCottage] = []
    for k in numbers:
        moves.extend(map(made[k - 1].__getitem__, sites))
    return moves


def _relocate_moves(st: KState, p: int) -> list[Any]:
    return list(map(_RELOCATE[p].__getitem__, cottage_spots(st, open_only=True)))


def _worker_moves(st: KState, p: int) -> list[Any]:
    fields = st.placing_fields  # kept by workers.next_placer and effects.place_worker
    return list(map(_WORKER[p].__getitem__, open_fields(st, st.placing) if fields is None else fields))


def _bid_moves(st: KState, p: int) -> list[Any]:
    bids = bid_range(st, p)
    return [BIDS[p][0], *BIDS[p][bids.start:bids.stop]]


LEGAL: dict[str, Callable[[KState, int], list[Any]]] = {
    "actions": action_moves,
    "law_window": open_window_moves,
    **{phase: chance_moves for phase in OUTCOMES},
    "place": _worker_moves,
    "order": _order_moves,
    "lay_tiles": _lay_moves,
    "relocate": _relocate_moves,
    "auction": _bid_moves,
    "auction_pay": lambda st, p: [GIVE[p][k] for k in range(CUBES) if st.cubes[p][k]],
    "harvest_choice": lambda st, p: [TAKE[p][k] for k in RESOURCES if st.store[k]],
    "choose_start": lambda st, p: list(START[p][:st.num_players]),
}


def no_moves(st: KState, p: int) -> list[Any]:
    return []


def legal_moves(st: KState) -> list[Any]:
    return LEGAL.get(st.phase, no_moves)(st, st.current)
