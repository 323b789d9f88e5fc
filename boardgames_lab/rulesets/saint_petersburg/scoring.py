"""The scorings: each phase's colour (rulebook steps 6, 7, 9), the final count and the tie-break (fact sheet §1.4)."""
from __future__ import annotations

from .data import (ARISTOCRAT, ARISTOCRAT_VARIETY, BUILDING, CARDS, GROUPS, HAND_PENALTY, MARIINSKIJ,
                   RUBLES_PER_POINT, TAX_MAN, WORKER)
from .effects import plural
from .prices import GROUP
from .state import COLOURS, SHIFT, SPState

# The aristocrats' bits among a seat's cards held (state.SPState.held): its kinds of aristocrat are the bits set.
ARISTOCRAT_HELD = sum(1 << i for i, c in enumerate(CARDS) if c.group == ARISTOCRAT)
# 1 for each card of the colour, else 0: a count of an area's cards of the colour is a sum over it (in C, with map).
IS_ARISTOCRAT = tuple(int(GROUP[c] == ARISTOCRAT) for c in range(len(CARDS)))
IS_WORKER = tuple(int(GROUP[c] == WORKER) for c in range(len(CARDS)))


def score_phase(st: SPState) -> None:
    """saint_petersburg.scoring.phase_colour / scoring.all_cards: each area's cards of the phase's colour pay their
    rubles and points, with the Observatories, the Mariinskij and the Tax Man at theirs."""
    group = st.stage
    if st.events is not None:
        _score_noted(st, group)
        return
    money, points = st.money, st.points
    for p, total in enumerate(st.scored[group::COLOURS]):  # each area's sum for the colour (state.SCORE_OF)
        if total >= SHIFT:  # a colour's cards often pay only rubles or only points: no addition of nothing
            points[p] += total // SHIFT
            total %= SHIFT
        if total:
            money[p] += total
    if group == BUILDING or group == ARISTOCRAT:
        card = MARIINSKIJ if group == BUILDING else TAX_MAN
        for p, counts in enumerate(st.owned):
            if counts[card]:
                money[p] += _extra_rubles(st, group, p)
        if group == BUILDING and any(st.obs_used):
            for p, used in enumerate(st.obs_used):
                points[p] -= used  # saint_petersburg.card.observatory_used


def _extra_rubles(st: SPState, group: int, p: int) -> int:
    """saint_petersburg.card.mariinskij / card.tax_man: a ruble for each aristocrat at the building scoring, for
    each worker at the aristocrat scoring."""
    if group == BUILDING and st.owned[p][MARIINSKIJ]:
        return sum(map(IS_ARISTOCRAT.__getitem__, st.areas[p]))
    if group == ARISTOCRAT and st.owned[p][TAX_MAN]:
        return sum(map(IS_WORKER.__getitem__, st.areas[p]))
    return 0


def _score_noted(st: SPState, group: int) -> None:
    """``score_phase`` with a line in the log for each seat that scores."""
    for p in range(st.num_players):
        total = st.scored[COLOURS * p + group]
        rubles = total % SHIFT + _extra_rubles(st, group, p)
        gained = total // SHIFT - (st.obs_used[p] if group == BUILDING else 0)
        st.money[p] += rubles
        st.points[p] += gained
        if rubles or gained:
            st.note(f"{{p{p}}} scores {plural(rubles, 'ruble')} and {plural(gained, 'point')} for "
                    f"{GROUPS[group]} cards.", {"player": p, "rubles": rubles, "points": gained, "group": GROUPS[group]})


def final_count(st: SPState) -> list[dict[str, int]]:
    """saint_petersburg.final.aristocrat_variety / final.rubles / final.hand_penalty, per player."""
    final = []
    for p in range(st.num_players):
        kinds = (st.held[p] & ARISTOCRAT_HELD).bit_count()
        variety = ARISTOCRAT_VARIETY[min(kinds, len(ARISTOCRAT_VARIETY) - 1)]
        rubles = st.money[p] // RUBLES_PER_POINT
        penalty = HAND_PENALTY * len(st.hands[p])
        final.append({"track": st.points[p], "aristocrats": kinds, "variety": variety, "rubles": rubles,
                      "hand_penalty": -penalty, "total": st.points[p] + variety + rubles - penalty,
                      "money": st.money[p], "leftover": st.money[p] % RUBLES_PER_POINT})
    return final


def score_final(st: SPState) -> None:
    st.final = final_count(st)
    if st.events is not None:
        for p, f in enumerate(st.final):
            st.note(f"{{p{p}}}: {f['track']} on the track + {f['variety']} for {f['aristocrats']} different "
                    f"aristocrats + {f['rubles']} for rubles - {-f['hand_penalty']} for hand cards = {f['total']}.",
                    {"player": p, **f})


def scores(st: SPState) -> list[int]:
    if st.final is not None:
        return [f["total"] for f in st.final]
    return list(st.points)


def winners(st: SPState) -> list[int]:
    """saint_petersburg.final.tie_break"""
    if st.final is None:
        return []
    key = "leftover" if st.options["tie_break"] == "leftover_rubles" else "money"
    ranks = [(f["total"], f[key]) for f in st.final]  # the most points, then among those the most rubles
    best = max(ranks)
    return [p for p, rank in enumerate(ranks) if rank == best]

