"""Moves out and in: what each phase offers and what each move kind does.

Both run after every decision, so the game dispatches through two tables (phase -> legal moves, move kind ->
effect) rather than a chain of comparisons, and every move offered here is made once and reused.
"""
from __future__ import annotations

from typing import Callable

from . import actions, laws, rounds, setup
from .actions import action_moves
from .data import LETTER
from .moves import Move
from .state import KState

ORDER = tuple(Move("order", num=k) for k in range(1, 6))
START = tuple(Move("start", num=k) for k in range(1, 6))
BIDS = tuple(Move("bid", num=k) for k in range(0, 200))
GIVE = tuple(Move("give", pay=letter) for letter in LETTER)
TAKE = tuple(Move("take", get=letter) for letter in LETTER[:5])
# keythedral.order.choose: the numbers still open, by the numbers chosen so far (in the order chosen).
_ORDER_LEFT: dict[tuple[int, ...], tuple[Move, ...]] = {}


# --- moves out, by phase --------------------------------------------------------------------------------------

def _order_moves(st: KState, p: int) -> list[Move]:
    chosen = tuple(st.chosen)
    left = _ORDER_LEFT.get(chosen)
    if left is None:
        left = _ORDER_LEFT[chosen] = tuple(ORDER[k - 1] for k in range(1, 6) if k not in chosen)
    return list(left)


def _lay_moves(st: KState, p: int) -> list[Move]:
    if setup.setup_step_is_field(st):
        return [Move("field", node=node) for node in setup.field_spots(st)]
    spots = setup.cottage_spots(st)
    numbers = [c % 5 + 1 for c in range(5 * p, 5 * p + 5) if st.cottage_at[c] is None]
    return [Move("cottage", num=k, node=s) for k in numbers for s in spots]


def _bid_moves(st: KState, p: int) -> list[Move]:
    bids = rounds.bid_range(st, p)
    return [BIDS[0], *BIDS[bids.start:bids.stop]]


LEGAL: dict[str, Callable[[KState, int], list[Move]]] = {
    "actions": action_moves,
    "law_window": laws.window_moves,
    "place": lambda st, p: st.open_moves[:],
    "order": _order_moves,
    "lay_tiles": _lay_moves,
    "relocate": lambda st, p: [Move("relocate", node=s) for s in setup.cottage_spots(st, open_only=True)],
    "auction": _bid_moves,
    "auction_pay": lambda st, p: [GIVE[k] for k in range(8) if st.cubes[p][k]],
    "harvest_choice": lambda st, p: [TAKE[k] for k in range(5) if st.store[k]],
    "choose_start": lambda st, p: list(START[:st.num_players]),
}


def no_moves(st: KState, p: int) -> list[Move]:
    return []


# --- moves in, by kind ----------------------------------------------------------------------------------------

def _begin_action(st: KState, p: int) -> None:
    """An action (not a pass): the player is the actor, a this-turn law effect ends, the passes start over."""
    st.actor = p
    if st.effects:  # a card lasting the turn (laws.TURN_EFFECTS) ends
        st.effects.pop("turn", None)
    st.passes = 0


def _pass(st: KState, p: int, move: Move) -> None:
    st.actor = p
    if st.effects:  # a card lasting the turn (laws.TURN_EFFECTS) ends
        st.effects.pop("turn", None)
    st.passes += 1
    if st.events is not None:
        st.note(f"{{p{p}}} passes.", {"player": p})


def _buy(st: KState, p: int, move: Move) -> None:
    _begin_action(st, p)
    if not laws.open_window(st, "purchase", laws.players_from(st, p + 1, skip=p), "actions", buyer=p,
                            tile=move.tile, move=str(move)):
        actions.complete_purchase(st, p, str(move))


def _house(st: KState, p: int, move: Move) -> None:
    _begin_action(st, p)
    actions.build_house(st, p, move.num)


def _fence(st: KState, p: int, move: Move) -> None:
    _begin_action(st, p)
    actions.build_fence(st, p, move.node, move.node2)


def _unfence(st: KState, p: int, move: Move) -> None:
    _begin_action(st, p)
    actions.remove_fence(st, p, move.node, move.node2)


def _law(st: KState, p: int, move: Move) -> None:
    _begin_action(st, p)
    actions.procure_law(st, p, move.num, move.pay)


def _exchange(st: KState, p: int, move: Move) -> None:
    st.actor = p  # _begin_action inlined: the most frequent action
    if st.effects:
        st.effects.pop("turn", None)
    st.passes = 0
    actions.exchange(st, p, move)


def _play(st: KState, p: int, move: Move) -> None:
    if st.phase == "actions":
        st.stay = True
    laws.play(st, p, move)


def _decline(st: KState, p: int, move: Move) -> None:
    if st.events is not None:
        st.note(f"{{p{p}}} plays no law card.", {"player": p})
    laws.decline(st)


def _order(st: KState, p: int, move: Move) -> None:
    number = move.num
    st.chosen.append(number)
    if st.events is not None:
        st.note(f"{{p{p}}} puts work order marker {st.order_k + 1} on number {number}.",
                {"player": p, "marker": st.order_k + 1, "number": number})
    if any(st.law_hands):  # no window can open while nobody holds a law card
        chooser = (st.start + st.order_k) % st.num_players
        laws.open_window(st, "order", laws.players_from(st, chooser), "place")


def _relocate(st: KState, p: int, move: Move) -> None:
    site = move.node
    cottage = st.relocating.pop(0)
    st.sites[site] = cottage
    st.cottage_at[cottage] = site
    st.fence_cache = None
    if st.events is not None:
        st.note(f"{{p{cottage // 5}}} lays {'house' if st.houses[cottage] else 'cottage'} {cottage % 5 + 1} "
                f"again on site {site[0]},{site[1]}.", {"player": cottage // 5, "site": list(site)})


def _bid(st: KState, p: int, move: Move) -> None:
    amount = move.num
    a = st.auction
    a["queue"].pop(0)
    if amount:
        if p == a["b"]:
            a["matched"] = True
        else:
            a["high"], a["high_bidder"] = amount, p
    if st.events is not None:
        st.note(f"{{p{p}}} bids {amount}." if amount else f"{{p{p}}} does not bid.", {"player": p, "bid": amount})


def _give(st: KState, p: int, move: Move) -> None:
    letter = move.pay
    a = st.auction
    k = LETTER.index(letter)
    st.cubes[p][k] -= 1
    st.cubes[a["payee"]][k] += 1
    a["owe"] -= 1
    if st.events is not None:
        st.note(f"{{p{p}}} pays {{p{a['payee']}}} one {letter} cube.", {"player": p, "to": a["payee"], "cube": letter},
                visible_to=(p, a["payee"]))


def _start(st: KState, p: int, move: Move) -> None:
    st.start = move.num - 1
    st.auction["done"] = True
    if st.events is not None:
        st.note(f"{{p{p}}} makes {{p{st.start}}} the start player.", {"player": p, "start": st.start})


APPLY: dict[str, Callable[[KState, int, Move], None]] = {
    "worker": rounds.place_worker,
    "trade": _exchange,
    "craft": _exchange,
    "pass": _pass,
    "decline": _decline,
    "order": _order,
    "bid": _bid,
    "start": _start,
    "give": _give,
    "buy": _buy,
    "house": _house,
    "fence": _fence,
    "unfence": _unfence,
    "law": _law,
    "play": _play,
    "take": lambda st, p, move: rounds.take_chosen(st, p, move.get),
    "field": lambda st, p, move: setup.lay_field(st, move.node),
    "cottage": lambda st, p, move: setup.lay_cottage(st, move.num, move.node),
    "relocate": _relocate,
}
