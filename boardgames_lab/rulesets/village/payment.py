"""Paying influence (coins stand in for cubes), time and the deaths time brings."""
from __future__ import annotations

from .data import GENERATIONS
from .state import VillageState

Need = tuple[int, int, int, int]


def pay_influence(st: VillageState, p: int, need: Need, coins: int) -> None:
    """Pay ``need`` with ``coins`` coins standing in: first for the cubes the player lacks, then in colour order."""
    have = st.cubes[p]
    extra = coins
    for colour in range(4):
        n = need[colour]
        if not n:
            continue
        lack = n - have[colour] if have[colour] < n else 0
        extra -= lack
    for colour in range(4):
        n = need[colour]
        if not n:
            continue
        lack = n - have[colour] if have[colour] < n else 0
        by_cube = n - lack
        if extra > 0:
            spare = by_cube if by_cube < extra else extra
            by_cube -= spare
            extra -= spare
        have[colour] -= by_cube
        st.supply[colour] += by_cube
    st.coins[p] -= coins
    st.coin_supply += coins


def spend_time(st: VillageState, p: int, amount: int) -> None:
    """village.time.track: every full lap of the time track passes the bridge once and costs a death."""
    before = st.time[p]
    st.time[p] = after = before + amount
    lap = st.lap
    crossed = after // lap - before // lap
    if crossed:
        st.deaths += crossed
        if st.events is not None:
            st.note(f"{{p{p}}}'s time marker passes the bridge: {crossed} death(s) owed.", {"player": p, "deaths": crossed})


def piece_at(places: list[int], place: int, gen: int) -> int:
    """Index of a piece of generation ``gen`` at ``place``, or -1."""
    for i, where in enumerate(places):
        if where == place and GENERATIONS[i] == gen:
            return i
    return -1
