"""The Village definition: only what is its own; the core binds the rest from the house's modules."""
from __future__ import annotations

from typing import Any

from ...core.definition import GameDefinition
from .info import INFO
from .state import VillageState

EXPANSIONS = ("inn_brewery", "marriage")


class Village(GameDefinition[VillageState]):
    """Village: the core binds its methods from the house's modules (core/definition.py, HOUSE_BINDINGS)."""

    house = __package__

    def conformance_configurations(self) -> list[tuple[int, dict[str, Any]]]:
        """For the conformance suite: every player count with and without each expansion, then every other
        choice of an assumed value once (the full option product would take too long to play through)."""
        configs: list[tuple[int, dict[str, Any]]] = [(n, {"inn_brewery": inn, "marriage": marriage})
                                                     for n in range(2, 5) for inn in (False, True)
                                                     for marriage in (False, True)]
        for opt in INFO.options:
            if opt.name not in EXPANSIONS:
                configs.extend((3, {opt.name: value}) for value in opt.choices if value != opt.default)
        return configs

    # The game's faces (core/definition.py) are its modules actions, board, heuristic, exercises and
    # decisions; its limit: moves after which a tournament stops a game as unfinished (several times the
    # longest game heuristic bots play).
    move_cap = 5_000
