"""The market day: a sub-round going around the table, passing is final."""
from __future__ import annotations

from .data import CUSTOMERS
from .payment import pay_influence, spend_time
from .state import VillageState

SURCHARGE_NEED = (0, 1, 0, 0)  # one green influence (a coin may stand in)
SURCHARGE_TIME = 1


# Each customer's demand as (good, count) pairs without the zeros, and its grain.
DEMAND = tuple(tuple((g, n) for g, n in enumerate(c.demand[:5]) if n) for c in CUSTOMERS)
GRAIN_DEMAND = tuple(c.demand[5] for c in CUSTOMERS)


def serve(st: VillageState, p: int, i: int, coins: int) -> None:
    """Serve the customer on stall ``i`` (from 0): its goods and grain, and the surcharge after the first sale."""
    tile = st.stalls[i]
    demand = CUSTOMERS[tile].demand
    goods = st.goods[p]
    for g in range(5):
        goods[g] -= demand[g]
        st.goods_supply[g] += demand[g]
    st.grain[p] -= demand[5]
    st.grain_supply += demand[5]
    free = st.first_sale and p == st.opener
    if not free:
        pay_influence(st, p, SURCHARGE_NEED, coins)
        spend_time(st, p, SURCHARGE_TIME)
    st.stalls[i] = -1
    st.served[p].append(tile)
    st.served_any = True
    if st.events is not None:
        st.note(f"{{p{p}}} serves the customer on stall {i + 1} ({CUSTOMERS[tile].prestige} prestige)"
                + ("" if free else ", paying the surcharge") + ".", {"player": p, "stall": i + 1, "tile": tile})


def market_over(st: VillageState) -> bool:
    stalls = st.stalls
    return all(st.passed) or not stalls or max(stalls) < 0


def turn_market_next(st: VillageState) -> None:
    """Clockwise to the next player who has not passed (the same player when they are the last one in)."""
    n = st.num_players
    for step in range(1, n + 1):
        q = (st.current + step) % n
        if not st.passed[q]:
            st.current = q
            return


def move_up(st: VillageState) -> None:
    """village.market.end: after a sale, waiting customers move up in order into the front spaces (stalls first);
    the refill phase then draws the empty back spaces from the pile."""
    if not st.served_any:
        return
    line = [t for t in st.stalls + st.queue if t >= 0]
    line.extend([-1] * (len(st.stalls) + len(st.queue) - len(line)))
    k = len(st.stalls)
    st.stalls = line[:k]
    st.queue = line[k:]


