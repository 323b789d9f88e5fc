"""The Saint Petersburg game state: plain lists of card indices, cheap to copy."""
from __future__ import annotations

import copy
from typing import Any

from ...core.definition import State
from .data import CARDS, DECKS, HAND_LIMIT, HAND_LIMIT_WAREHOUSE, OBSERVATORY, OBSERVATORY_MIN_DECK, PUB, \
    PUB_POINTS_PER_CARD, ROW_SLOTS, WAREHOUSE
from .moves import SLOTS

EMPTY = -1
CARD_IDS = tuple(c.id for c in CARDS)
SLOT_INDEX = {name: i for i, name in enumerate(SLOTS)}


class SPState(State):
    __slots__ = ("options", "decks", "upper", "lower", "money", "points", "hands", "areas", "owned",
                 "obs_used", "markers", "stage", "passes", "taken", "end_triggered", "round", "drawn",
                 "pub_queue", "removed", "final", "offers")

    def setup_fields(self, players: int, options: dict[str, Any]) -> None:
        self.options = options
        self.decks: list[list[int]] = [[], [], [], []]  # top of a deck = end of its list
        self.upper = [EMPTY] * ROW_SLOTS
        self.lower = [EMPTY] * ROW_SLOTS
        self.money = [0] * players
        self.points = [0] * players
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.areas: list[list[int]] = [[] for _ in range(players)]  # face-up cards, in the order acquired
        self.owned: list[list[int]] = [[0] * len(CARDS) for _ in range(players)]  # counts per card, mirrors areas
        self.obs_used = [0] * players  # Observatories turned over this round
        self.markers = [0, 0, 0, 0]  # holder of each phase's start marker
        self.stage = 0  # the action phase of the round (0 workers .. 3 trading)
        self.passes = 0  # passes in a row
        self.taken = False  # did anyone buy or take a card from the board this phase?
        self.end_triggered = False
        self.round = 1
        self.drawn = EMPTY  # the card drawn with an Observatory, waiting for a decision
        self.pub_queue: list[int] = []
        self.removed: list[int] = []  # cards out of the game
        self.final: list[dict[str, int]] | None = None
        self.offers: tuple[Any, ...] | None = None  # what the board offers, built by the rules; None: stale

    def clone(self) -> "SPState":
        other = SPState.__new__(SPState)
        self.copy_base(other)
        other.options = self.options
        other.decks = [d[:] for d in self.decks]
        other.upper = self.upper[:]
        other.lower = self.lower[:]
        other.money = self.money[:]
        other.points = self.points[:]
        other.hands = [h[:] for h in self.hands]
        other.areas = [a[:] for a in self.areas]
        other.owned = [o[:] for o in self.owned]
        other.obs_used = self.obs_used[:]
        other.markers = self.markers[:]
        other.stage = self.stage
        other.passes = self.passes
        other.taken = self.taken
        other.end_triggered = self.end_triggered
        other.round = self.round
        other.drawn = self.drawn
        other.pub_queue = self.pub_queue[:]
        other.removed = self.removed[:]
        other.final = self.final
        other.offers = self.offers  # immutable: rebuilt, never changed in place
        return other

    def snapshot(self) -> dict[str, Any]:
        fields = {name: getattr(self, name) for name in SPState.__slots__ if name not in ("options", "offers")}
        fields.update(phase=self.phase, current=self.current, rng=self.rng.state, ply=self.ply)
        return copy.deepcopy(fields)


def hand_limit(st: SPState, player: int) -> int:
    """saint_petersburg.action.hand_limit / card.warehouse"""
    return HAND_LIMIT_WAREHOUSE if st.owned[player][WAREHOUSE] else HAND_LIMIT


def pub_limit(st: SPState, player: int) -> int:
    """saint_petersburg.card.pub: points the player's Pubs may sell now, before counting rubles."""
    return PUB_POINTS_PER_CARD * (st.owned[player][PUB] if st.options["pub_limit"] == "per_card" else 1)


def observable_decks(st: SPState, player: int) -> tuple[str, ...]:
    """saint_petersburg.card.observatory: the decks an unused Observatory may draw from (none if all are used)."""
    if st.owned[player][OBSERVATORY] <= st.obs_used[player]:
        return ()
    return tuple(name for name, deck in zip(DECKS, st.decks) if len(deck) >= OBSERVATORY_MIN_DECK)


def slot_card(st: SPState, slot: str) -> int:
    i = SLOT_INDEX[slot]
    return st.upper[i] if i < ROW_SLOTS else st.lower[i - ROW_SLOTS]

