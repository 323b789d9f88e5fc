"""The Saint Petersburg definition: only what is its own; the core binds the rest from the house's modules."""
from __future__ import annotations

from typing import Any

from ...core.definition import GameDefinition
from .moves import parse
from .state import CARD_IDS, EMPTY, SPState, slot_card


class SaintPetersburg(GameDefinition[SPState]):
    """Saint Petersburg: the core binds its methods from the house's modules (core/definition.py, HOUSE_BINDINGS)."""

    house = __package__

    def parse_move(self, st: SPState, text: str, *seat: int) -> Any:
        """The notation of a move of ``seat``; ``buy U3`` is read as ``buy <card at U3>@U3``."""
        return parse(text, seat[0] if seat else st.current,
                     lambda slot: "" if slot_card(st, slot) == EMPTY else CARD_IDS[slot_card(st, slot)])

    # The game's faces (core/definition.py) are its modules actions, board, heuristic, exercises and
    # decisions; its limit: moves after which a tournament stops a game as unfinished (several times the
    # longest game heuristic bots play).
    move_cap = 2_000
