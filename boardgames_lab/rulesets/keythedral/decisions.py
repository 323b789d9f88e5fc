"""The class decisions of Keythedral (analysis/class_decisions.py solves them): the bid in the start-player
auction (keythedral.auction.bid_once, keythedral.auction.b_matches)."""
from __future__ import annotations

from typing import Any, Sequence

from ...faces import OPTION_COLUMNS, ClassDecision, option_row


def bid_options(move: str, legal: Sequence[str]) -> list[str] | None:
    """The auction step's options (every legal bid, ``bid 0`` being a pass) when ``move`` is one of them and
    there were at least two; else None (a bidder with no cube to outbid, or player B with nothing to match)."""
    if move.partition(" ")[0] != "bid" or move not in legal:
        return None
    bids = [m for m in legal if m.partition(" ")[0] == "bid"]
    return bids if len(bids) > 1 else None


def bid_plies(game: Any, seat: int, move: str) -> int:
    """Two plies while another seat still bids, else the bid alone: after player B's bid come the payment, one
    cube a move, and the choice of start player, which the playouts play."""
    return 2 if game.clone().apply(move, player=seat).phase == "auction" else 1


COMPARE_COLUMNS = (*OPTION_COLUMNS[:5], "round", "last", *OPTION_COLUMNS[5:])


def compare(one: Any) -> dict[str, Any]:
    """One solved bid against the equilibrium: the bid made, the likeliest one, every bid's value, and whether
    the bidder was player B (``last``), who wins by matching (a bid as likely as the likeliest agrees)."""
    auction = one.position.view(one.seat).get("auction") or {}
    return {**option_row(one), "round": one.position.view(one.seat).get("round"),
            "last": auction.get("b") == one.seat}


# Random play seldom ends a Keythedral game (tens of thousands of moves), so the heuristic bot plays the
# playouts: about a twentieth of a second each from a mid-game auction. A first bid of two players with ten
# cubes is 22 leaves, two playouts a leaf a couple of seconds.
DECISIONS = {
    "bid": ClassDecision("How much to bid for the start?", bid_options, compare, COMPARE_COLUMNS, phase="auction",
                         plies=bid_plies, playouts=2, bot="heuristic", no_reply="(auction over)"),
}
