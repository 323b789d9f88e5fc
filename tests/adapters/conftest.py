"""Duel (tests/lab/duel.py), a small game with hidden cards and chance phases, registered for the adapter tests
with its actions face on its definition (no other registration)."""
from __future__ import annotations

from typing import Any, Iterator

import pytest

from boardgames_lab.core import registry
from tests.lab.duel import Duel, Raise, Swap


class DuelActions:
    """Duel's action table: both raises and the swap."""

    ENCODING = 1

    @staticmethod
    def every_move() -> Iterator[Any]:
        yield from (Raise(0, 1), Raise(0, 2), Swap(0))


class NumberedDuel(Duel):
    actions = DuelActions


@pytest.fixture
def duel(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setitem(registry._GAMES, "duel_test", NumberedDuel())
    yield "duel_test"
