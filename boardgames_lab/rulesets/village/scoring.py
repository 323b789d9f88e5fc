"""Final scoring and the tie-break (fact sheet §1.14)."""
from __future__ import annotations

from .data import (BAG, CHRONICLE0, CHRONICLE_POINTS, CHURCH1, CHURCH_POINTS, CHURCH_STAGES, COUNCIL1, COUNCIL_POINTS,
                   CUSTOMERS, GRAVE, TRAVEL_POINTS, UNBORN, is_dead)
from .state import VillageState


def _pick(table: tuple[int, ...], count: int) -> int:
    return table[min(count, len(table) - 1)]


def final_scores(st: VillageState) -> list[dict[str, int]]:
    """village.final.scoring"""
    out = []
    for p in range(st.num_players):
        places = st.places[p]
        towns = bin(st.visited[p]).count("1")
        council = sum(COUNCIL_POINTS[w - COUNCIL1 + 1] for w in places if COUNCIL1 <= w < BAG)
        church = sum(CHURCH_POINTS[w - CHURCH1 + 1] for w in places if CHURCH1 <= w < CHURCH1 + CHURCH_STAGES)
        chronicle = _pick(CHRONICLE_POINTS, sum(1 for w in places if CHRONICLE0 <= w < GRAVE))
        customers = sum(CUSTOMERS[t].prestige for t in st.served[p])
        entry = {"prestige": st.prestige[p], "travel": _pick(TRAVEL_POINTS, towns), "council": council,
                 "church": church, "chronicle": chronicle, "customers": customers, "coins": st.coins[p],
                 "served": len(st.served[p]),
                 "living": sum(1 for w in places if w != UNBORN and not is_dead(w))}
        entry["total"] = sum(entry[k] for k in ("prestige", "travel", "council", "church", "chronicle",
                                                 "customers", "coins"))
        out.append(entry)
    return out


def score_final(st: VillageState) -> None:
    """village.final.scoring"""
    st.final = final_scores(st)
    if st.events is not None:
        for p, entry in enumerate(st.final):
            st.note(f"{{p{p}}} scores {entry['total']}.", {"player": p, **entry})


def scores(st: VillageState) -> list[int]:
    """The final totals once scored; before, the prestige gathered so far."""
    if st.final is not None:
        return [f["total"] for f in st.final]
    return list(st.prestige)


def winners(st: VillageState) -> list[int]:
    """village.final.tie_break: most customers served, then most living villagers; still tied, shared (none
    before the final scoring)."""
    if st.final is None:
        return []
    keys = [(f["total"], f["served"], f["living"]) for f in st.final]
    best = max(keys)
    return [p for p, key in enumerate(keys) if key == best]
