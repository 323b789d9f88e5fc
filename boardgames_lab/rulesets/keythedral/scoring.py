"""The end of the game: the final scoring (seats and cubes), the scores and the winners."""
from __future__ import annotations

from .data import BUILDINGS, CUBE_POINTS, STAGE_POINTS
from .state import KState


def score_final(st: KState) -> None:
    """keythedral.score.total"""
    final = []
    for p in range(st.num_players):
        seats = sum(STAGE_POINTS[BUILDINGS[t].stage] for t in st.seats[p])
        cubes = sum(c * v for c, v in zip(st.cubes[p], CUBE_POINTS))
        final.append({"seats": seats, "cubes": cubes, "total": seats + cubes})
        if st.events is not None:
            st.note(f"{{p{p}}}: {seats} for seats + {cubes} for cubes = {seats + cubes}.", {"player": p, **final[-1]})
    st.final = final


def scores(st: KState) -> list[int]:
    """The final totals once scored; before, the points of the seats taken so far."""
    if st.final is not None:
        return [f["total"] for f in st.final]
    return [sum(STAGE_POINTS[BUILDINGS[t].stage] for t in st.seats[p]) for p in range(st.num_players)]


def winners(st: KState) -> list[int]:
    """keythedral.score.winner"""
    if st.final is None:
        return []
    best = max(f["total"] for f in st.final)
    return [p for p, f in enumerate(st.final) if f["total"] == best]
