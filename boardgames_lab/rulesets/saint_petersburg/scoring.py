"""The scorings: each phase's colour (rulebook steps 6, 7, 9), the final count and the tie-break (fact sheet §1.4)."""
from __future__ import annotations

from .data import (ARISTOCRAT, ARISTOCRAT_VARIETY, BUILDING, CARDS, GROUPS, HAND_PENALTY, MARIINSKIJ,
                   RUBLES_PER_POINT, TAX_MAN, WORKER)
from .effects import plural
from .prices import GROUP
from .state import COLOURS, SHIFT, SPState

ARISTOCRAT_IDS = frozenset(i for i, c in enumerate(CARDS) if c.group == ARISTOCRAT)


def score_phase(st: SPState) -> None:
    """saint_petersburg.scoring.phase_colour / scoring.all_cards"""
    group, money, points, scored = st.stage, st.money, st.points, st.scored
    for p in range(st.num_players):
        total = scored[COLOURS * p + group]  # the area's sum for the colour (state.SCORE_OF)
        rubles, gained = total % SHIFT, total // SHIFT
        if group == BUILDING:
            gained -= st.obs_used[p]  # saint_petersburg.card.observatory_used
            if st.owned[p][MARIINSKIJ]:  # saint_petersburg.card.mariinskij
                rubles += sum(1 for c in st.areas[p] if GROUP[c] == ARISTOCRAT)
        elif group == ARISTOCRAT and st.owned[p][TAX_MAN]:  # saint_petersburg.card.tax_man
            rubles += sum(1 for c in st.areas[p] if GROUP[c] == WORKER)
        money[p] += rubles
        points[p] += gained
        if st.events is not None and (rubles or gained):
            st.note(f"{{p{p}}} scores {plural(rubles, 'ruble')} and {plural(gained, 'point')} for "
                    f"{GROUPS[group]} cards.", {"player": p, "rubles": rubles, "points": gained, "group": GROUPS[group]})


def final_count(st: SPState) -> list[dict[str, int]]:
    """saint_petersburg.final.aristocrat_variety / final.rubles / final.hand_penalty, per player."""
    final = []
    for p in range(st.num_players):
        kinds = len({c for c in st.areas[p] if c in ARISTOCRAT_IDS})
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
    best = max(f["total"] for f in st.final)
    tied = [p for p, f in enumerate(st.final) if f["total"] == best]
    key = "leftover" if st.options["tie_break"] == "leftover_rubles" else "money"
    most = max(st.final[p][key] for p in tied)
    return [p for p in tied if st.final[p][key] == most]

