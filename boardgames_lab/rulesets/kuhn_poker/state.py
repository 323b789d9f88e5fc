"""The Kuhn poker state: each seat's card and the betting so far, and the laws they keep."""
from typing import Any

from ...core.definition import State
from .data import CARDS, CLOSED, OPEN

HISTORIES = {"deal": frozenset({()}), "betting": frozenset(OPEN), "showdown": CLOSED, "game_over": CLOSED}


class KuhnState(State):
    __slots__ = ("cards", "history")

    def setup_fields(self, players: int, options: dict[str, Any]) -> None:
        self.cards: list[str | None] = [None] * players  # None: not dealt yet
        self.history: tuple[str, ...] = ()  # the betting so far, the first player's action first

    def clone(self) -> "KuhnState":
        other = KuhnState.__new__(KuhnState)
        self.copy_base(other)
        other.cards, other.history = self.cards[:], self.history
        return other

    def snapshot(self) -> dict[str, Any]:
        return {"cards": self.cards[:], "history": list(self.history), "phase": self.phase, "current": self.current,
                "rng": self.rng.state}

    def undealt(self) -> list[str]:
        return [card for card in CARDS if card not in self.cards]


def invariants(st: KuhnState) -> list[str]:
    """The laws this state breaks."""
    dealt = [card for card in st.cards if card is not None]
    laws = [(len(set(dealt)) == len(dealt), "each card is dealt once"),
            (st.cards[:len(dealt)] == dealt and (None in st.cards) == (st.phase == "deal"),
             f"the cards are dealt in seat order, all before the betting: {st.cards}"),
            (st.history in HISTORIES[st.phase], f"the betting fits the {st.phase} phase: {list(st.history)}"),
            (st.phase == "game_over" or st.current == len(st.history) % 2, "the seats take turns, the first first")]
    return [law for kept, law in laws if not kept]
