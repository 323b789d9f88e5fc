"""Phases four and five: workers come back, the start-player auction (the final scoring is in scoring.py)."""
from __future__ import annotations

from . import laws
from .state import KState


def retrieve(st: KState) -> None:
    """keythedral.retrieve.reset"""
    st.workers = {}
    st.chosen = []
    st.order_k = 0
    laws.clear_round_effects(st)  # the empty new-law spaces are refilled next, in a chance phase (draws.deal_law)
    if st.events is not None:
        st.note("Workers return; the work order markers come off.", {"law_spaces": sum(1 for c in st.law_spaces if c >= 0)})

def begin_auction(st: KState) -> None:
    """keythedral.auction.bid_once: the marker passes to B; bidding starts with the player after B."""
    n = st.num_players
    b = (st.start + 1) % n
    st.start = b
    st.auction = {"b": b, "queue": [(b + i) % n for i in range(1, n)] + [b], "high": 0, "high_bidder": -1,
                  "matched": False, "payer": -1, "payee": -1, "owe": 0, "chooser": b, "done": False}
    st.current = st.auction["queue"][0]
    if st.events is not None:
        st.note(f"{{p{b}}} takes the start player marker; the auction for the next start player begins.",
                {"b": b})

def bid_owed(st: KState) -> bool:
    return not st.auction["queue"] and st.auction["high"] > 0

def bidding_over(st: KState) -> bool:
    return not st.auction["queue"]

def begin_payment(st: KState) -> None:
    """keythedral.auction.pay: B pays the matched bidder; any other winner pays B."""
    a = st.auction
    if a["matched"]:
        a["payer"], a["payee"], a["chooser"] = a["b"], a["high_bidder"], a["b"]
    else:
        a["payer"], a["payee"], a["chooser"] = a["high_bidder"], a["b"], a["high_bidder"]
    a["owe"] = a["high"]
    st.current = a["payer"]

def bid_paid(st: KState) -> bool:
    return st.auction["owe"] == 0

def begin_choice(st: KState) -> None:
    st.current = st.auction["chooser"]

def start_chosen(st: KState) -> bool:
    return bool(st.auction.get("done"))

def turn_bidding(st: KState) -> None:
    st.current = st.auction["queue"][0]
