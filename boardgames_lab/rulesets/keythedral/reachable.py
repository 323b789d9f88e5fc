"""Which Keythedral positions the rules can reach: read_position's checks that every counter, queue and
marker agrees with the board and with where the set-up, the round's work order, the auction and the draws stand
(rulebook: set-up, phases one to five; docs/games/keythedral.md, "Which positions count as reachable")."""
from __future__ import annotations

from typing import Any

from ...core.errors import PositionError
from ...core.position import Reader, integer
from . import draws
from .checks import setup_step_is_field
from .data import FIELD_TILES, SITE_FIELDS, fmt
from .laws import face_up_tiles
from .state import KEYTHEDRAL, KState
WINDOW_DRAWS = ("turn_tiles", "replace_tile")  # draws made while a law window stays open


SETUP_PHASES = ("deal_laws", "draw_field", "lay_tiles")
# Where the round stands for the work order, by phase (a law window by the phase it returns to):
# choosing a number, placing for it, after all five numbers are placed, after the workers came back.
ROUND_STAGE = {"order": "order", "place": "place", "harvest_choice": "placed", "actions": "placed",
               "relocate": "placed", "harvest": "placed", "retrieve": "placed", "refill_laws": "retrieved",
               "auction": "retrieved", "auction_pay": "retrieved", "choose_start": "retrieved"}


def _cottages(st: KState, p: int) -> int:
    return sum(1 for c in range(5 * p, 5 * p + 5) if st.cottage_at[c] is not None or c in st.relocating)


def _check_laying(st: KState, data: Reader, phase: str) -> None:
    """keythedral.setup.lay_field / setup.lay_cottage / setup.until_all_laid: from the start player round the
    table each player lays a field, then a cottage; ``laid`` counts each player's fields, so it is their
    cottages on the board (one more for a player between field and cottage), five once all are laid, and the
    players ahead in the layer have one cottage more than those behind."""
    n = st.num_players
    # keythedral.variant.face_up: Variation two turns every stage face up in the set-up, before any field is laid
    in_setup = phase in SETUP_PHASES or (phase == "turn_tiles" and st.laid == [0] * n)
    if not in_setup:
        if st.laid != [5] * n:
            raise PositionError(data.at("laid"), "every player laid five fields in the set-up "
                                "(keythedral.setup.until_all_laid)")
        return
    done = [_cottages(st, p) for p in range(n)]
    layer = [done[(st.start + i) % n] for i in range(n)]
    between = [p for p in range(n) if st.laid[p] == done[p] + 1]
    if len(between) > 1 or any(st.laid[p] not in (done[p], done[p] + 1) for p in range(n)) \
            or layer != sorted(layer, reverse=True) or layer[0] - layer[-1] > 1:
        raise PositionError(data.at("laid"), f"fields laid {st.laid} and cottages laid {done} do not fit laying "
                            "a field then a cottage in turn from the start player "
                            "(keythedral.setup.lay_field, setup.lay_cottage)")
    pre = 2 if n == 2 else 4  # keythedral.setup.keythedral / variant.two_players: the number-one fields
    if len(st.fields) != pre + sum(st.laid):
        raise PositionError(data.at("laid"), f"the players laid {sum(st.laid)} fields, but {len(st.fields) - pre} "
                            "lie on the board besides the number-one fields (keythedral.setup.lay_field)")
    if phase == "lay_tiles" and not between and not st.field_taken:
        raise PositionError(data.at("drawn"), "the player in their field step holds the top field tile in the "
                            "lay_tiles phase (keythedral.setup.lay_field)")


def _check_order(st: KState, data: Reader, phase: str) -> None:
    """keythedral.order.choose / order.place_in_turn / retrieve.reset: the work order markers placed so far
    (``chosen``, one per marker up to ``order_k``), and in the place phase the cottage placing and those still
    to come for that number."""
    stage = ROUND_STAGE.get(st.window["resume"] if phase == "law_window" and st.window else phase)
    if stage is None:
        return
    k, chosen = st.order_k, len(st.chosen)
    want = {"order": (k, k), "place": (k, k + 1), "placed": (4, 5), "retrieved": (0, 0)}[stage]
    if (k, chosen) != (want[0] if stage in ("placed", "retrieved") else k, want[1]):
        raise PositionError(data.at("chosen"), f"{chosen} numbers chosen with work order marker {k + 1} next do "
                            f"not fit the {phase} phase (keythedral.order.choose, retrieve.reset)")
    if phase != "place":
        if st.queue or st.placing != -1 or st.to_place:
            raise PositionError(data.at("placing"), f"no cottage sends workers in the {phase} phase "
                                "(keythedral.order.place_in_turn)")
        return
    from .workers import placing_queue
    expected = placing_queue(st, (st.start + k) % st.num_players)
    if st.placing not in expected or st.queue != expected[expected.index(st.placing) + 1:][-len(st.queue):] \
            or len(st.queue) > len(expected) - expected.index(st.placing) - 1:
        raise PositionError(data.at("queue"), f"the cottages sending workers for number {st.chosen[k]} are, in "
                            f"turn from the chooser, {expected} (keythedral.order.place_in_turn)")
    if not 0 < st.to_place <= (2 if st.houses[st.placing] else 1):
        raise PositionError(data.at("to_place"), "the cottage placing sends one worker, a house two "
                            "(keythedral.order.place_in_turn)")


def _check_auction(st: KState, data: Reader, phase: str) -> None:
    """keythedral.auction.bid_once / auction.b_matches / auction.pay / auction.choose_start: the bids so far,
    the payment owed and the chooser are the ones the bidding leaves."""
    if phase not in ("auction", "auction_pay", "choose_start"):
        return
    a, n, b = st.auction, st.num_players, st.auction["b"]
    order = [(b + i) % n for i in range(1, n)] + [b]
    bidders = order[:n - len(a["queue"])]

    def bad(key: str, why: str) -> PositionError:
        return PositionError(data.obj("auction").at(key), why)
    if b != st.start or a["queue"] != order[n - len(a["queue"]):]:
        raise bad("queue", "from the player after B each player bids once, B last, and B holds the start marker "
                  "(keythedral.auction.bid_once)")
    if (a["high"] == 0) != (a["high_bidder"] == -1) or (a["high_bidder"] != -1 and (
            a["high_bidder"] not in bidders or a["high_bidder"] == b
            or (phase == "auction" and a["high"] > sum(st.cubes[a["high_bidder"]])))):
        raise bad("high", "the highest bid is one a player who bid made, of cubes they hold "
                  "(keythedral.auction.bid_once)")
    if a["matched"] and (a["queue"] or not a["high"]):
        raise bad("matched", "B matches a bid only as the last bidder (keythedral.auction.b_matches)")
    winner = (b if a["matched"] else a["high_bidder"]) if a["high"] else -1
    paying = phase == "auction_pay"
    want = (a["b"], a["high_bidder"]) if a["matched"] else (a["high_bidder"], a["b"])
    if phase == "auction":
        if not a["queue"] or a["done"] or (a["payer"], a["payee"], a["owe"], a["chooser"]) != (-1, -1, 0, b):
            raise bad("queue", "in the auction phase the next bidder in the queue acts, nothing is paid yet "
                      "(keythedral.auction.bid_once)")
        return
    if a["queue"] or a["done"]:
        raise bad("queue", f"the bidding is over and the start player not yet chosen in the {phase} phase "
                  "(keythedral.auction.choose_start)")
    if paying and (not a["high"] or (a["payer"], a["payee"]) != want or not 0 < a["owe"] <= a["high"]
                   or a["owe"] > sum(st.cubes[a["payer"]])):
        raise bad("owe", "the winner pays B, or B pays the player whose bid B matched, cubes they hold "
                  "(keythedral.auction.pay)")
    chooser = winner if winner >= 0 else b
    if a["chooser"] != chooser or (not paying and a["owe"]):
        raise bad("chooser", "the winner, or B if nobody bid, chooses the start player "
                  "(keythedral.auction.choose_start)")


def _check_drawn(st: KState, data: Reader, phase: str) -> None:
    """keythedral.secret.field_stack: only a player in their field step holds the stack's top tile."""
    held = data.items("drawn", lambda v, p: None if v is None else integer(v, p, 0, len(FIELD_TILES) - 1),
                     length=st.num_players)
    for p, tile in enumerate(held):
        if tile is None:
            continue
        cottages = sum(1 for c in range(5 * p, 5 * p + 5) if st.cottage_at[c] is not None)
        if phase != "lay_tiles" or not st.field_stack or tile != st.field_stack[-1] or st.laid[p] != cottages \
                or st.field_taken:
            raise PositionError(data.at("drawn") + f"[{p}]", "only the player in their field step holds a tile, "
                                "the top of the field stack")
        st.field_taken = True


def _check_draws(st: KState, data: Reader, phase: str) -> None:
    """A position standing at a draw (explicit chance, or a teacher's set-up) has something to draw."""
    if phase in ("deal_laws", "refill_laws") and not draws.space_to_fill(st):
        raise PositionError(data.at("law_spaces"), f"the {phase} phase needs an empty new-law space and law cards")
    if phase == "draw_field" and (not st.field_stack or not setup_step_is_field(st)):
        raise PositionError(data.at("field_stack"), "the draw_field phase needs a field tile and a field step")
    if phase == "turn_tiles" and draws.stage_to_turn(st) < 0:
        raise PositionError(data.at("face_up"), "the turn_tiles phase needs a face-down stage to turn")
    if ("design" in st.effects) != (phase == "replace_tile"):
        raise PositionError(data.at("effects"), "a design change waits for its tile in the replace_tile phase only")
    if phase == "replace_tile":
        tile = st.effects["design"]
        if tile not in face_up_tiles(st) or not draws.replacements(st):
            raise PositionError(data.at("effects"), "the design change's tile is not face up on the mat with an "
                                "unused tile of its stage to replace it")


def _check_phase(st: KState, data: Reader, phase: str) -> None:
    """The phase and the state fit together."""
    unlaid = [c for c, node in enumerate(st.cottage_at) if node is None and c not in st.relocating]
    setup = phase in ("lay_tiles", "draw_field", "deal_laws")
    if phase != "turn_tiles" and setup != bool(unlaid):
        raise PositionError(data.at("sites"), f"{'every' if setup else 'not every'} cottage is laid "
                            f"in the {phase} phase")
    frames = bool(st.window.get("frames"))
    if (phase == "law_window" and not frames) or (frames and phase not in ("law_window",) + WINDOW_DRAWS):
        raise PositionError(data.at("window"), f"a law window is {'not ' if phase == 'law_window' else ''}open "
                            f"in the {phase} phase")
    if (phase == "game_over") != (st.final is not None):
        raise PositionError(data.at("final"), f"the final scores do not fit the {phase} phase")
    if phase in ("auction", "auction_pay", "choose_start") and not st.auction:
        raise PositionError(data.at("auction"), f"the {phase} phase needs the auction")
    if phase == "relocate" and not st.relocating:
        raise PositionError(data.at("relocating"), "the relocate phase needs a fenced-off cottage")
    if phase == "place" and (st.placing < 0 or st.cottage_at[st.placing] is None or not st.to_place):
        raise PositionError(data.at("placing"), "the place phase needs a cottage on the board placing workers")
    if phase == "harvest_choice" and "choose" not in st.effects:
        raise PositionError(data.at("effects"), "the harvest_choice phase needs the unexpected harvest's choice")
    for node in st.sites:
        if not any(f in st.fields for f in SITE_FIELDS[node]) and st.sites[node] != KEYTHEDRAL:
            raise PositionError(data.obj("sites").at(fmt(node)), "a cottage touches no laid field")


def check_reachable(st: KState, data: Reader, phase: str) -> None:
    """Refuse a position the rules cannot reach (PositionError naming the field and the rule)."""
    _check_phase(st, data, phase)
    _check_draws(st, data, phase)
    _check_drawn(st, data, phase)
    _check_laying(st, data, phase)
    _check_order(st, data, phase)
    _check_auction(st, data, phase)
