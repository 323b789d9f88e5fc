"""The Citadels definition: only what is its own; the core binds the rest from the house's modules."""
from __future__ import annotations

from typing import Any

from ...core.definition import GameDefinition
from .info import INFO
from .state import CitadelsState


class Citadels(GameDefinition[CitadelsState]):
    """Citadels: the core binds its methods from the house's modules (core/definition.py, HOUSE_BINDINGS)."""

    house = __package__

    def to_act(self, st: CitadelsState) -> tuple[int, ...]:
        """citadels.action.window: while a reaction window is open, every seat still to answer, in the order
        the window lists them (from the crown holder); else the engine's one seat, or CHANCE at a draw."""
        if st.phase == "rasputin" or st.phase == "acrobat":
            return tuple(st.queue)
        return GameDefinition.to_act(self, st)

    def conformance_configurations(self) -> list[tuple[int, dict[str, Any]]]:
        """For the conformance suite: every player count with and without action cards, then each other
        non-default option once (the full option product would take too long to play through)."""
        configs: list[tuple[int, dict[str, Any]]] = [(n, {"action_cards": ac}) for n in range(2, 8)
                                                     for ac in (False, True)]
        for opt in INFO.options[1:]:
            configs.extend((5, {opt.name: value}) for value in opt.choices if value != opt.default)
        return configs

    # The game's faces (core/definition.py) are its modules actions, board, heuristic, exercises and
    # decisions; its limit: moves after which a tournament stops a game as unfinished (several times the
    # longest game heuristic bots play).
    move_cap = 5_000
