"""The Keythedral definition: only what is its own; the core binds the rest from the house's modules."""
from __future__ import annotations

from typing import Any

from ...core.definition import GameDefinition
from ...core.moves import CHANCE
from .draws import OUTCOMES
from .fast import window_moves
from .state import KState


class Keythedral(GameDefinition[KState]):
    """Keythedral: the core binds its methods from the house's modules (core/definition.py, HOUSE_BINDINGS)."""

    house = __package__
    conformance_moves = 400  # uniformly random play wastes cubes and seldom finishes; tests cover the end

    def to_act(self, st: KState) -> tuple[int, ...]:
        """keythedral.law.window: every player still to answer an open window, in the order asked; CHANCE at a draw."""
        phase = st.phase
        if phase == "law_window":
            return tuple(st.window["frames"][-1]["ask"])
        if phase in OUTCOMES:
            return (CHANCE,)
        return () if phase == "game_over" else (st.current,)

    def seat_moves(self, st: KState, seat: int) -> list[Any]:
        """keythedral.law.window: one player's answers are its part of the window's list (fast.open_window_moves),
        made alone rather than picked out of every player's."""
        if st.phase == "law_window":
            ask = st.window["frames"][-1]["ask"]
            if len(ask) > 1 and ask.count(seat) == 1:
                return window_moves(st, seat)
        return super().seat_moves(st, seat)

    # The game's faces (core/definition.py) are its modules actions, board, heuristic, exercises and
    # decisions; its limit: moves after which a tournament stops a game as unfinished (several times the
    # longest game heuristic bots play).
    move_cap = 10_000
