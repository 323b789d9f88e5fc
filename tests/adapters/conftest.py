"""Duel (tests/lab/duel.py), a small game with hidden cards and chance phases, registered for the adapter tests."""
from __future__ import annotations

from typing import Any, Iterator

import pytest

from boardgames_lab.adapters import actions
from boardgames_lab.core import registry
from tests.lab.duel import Duel, Raise, Swap


def duel_moves(players: int) -> Iterator[Any]:
    yield from (Raise(0, 1), Raise(0, 2), Swap(0))


@pytest.fixture
def duel(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setitem(registry._GAMES, "duel_test", Duel())
    actions.register("duel_test", duel_moves)
    yield "duel_test"
    actions._ENUMERATORS.pop("duel_test", None)
    actions.action_space.cache_clear()
