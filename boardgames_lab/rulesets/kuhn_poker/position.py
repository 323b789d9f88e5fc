"""A Kuhn poker position: each seat's card (null until dealt) and the betting (state.invariants fit them to phases)."""
from typing import Any

from ...core.position import Reader, names, text
from .data import ACTIONS, CARDS
from .state import KuhnState


def position(st: KuhnState) -> dict[str, Any]:
    return {"cards": st.cards[:], "history": list(st.history)}


def read_position(data: Reader, players: int, options: dict[str, Any], phase: str) -> KuhnState:
    data = Reader(data.data, data.path, ("cards", "history"))
    st = KuhnState()
    st.init_base(players, 0)
    st.cards = data.items("cards", lambda card, path: None if card is None else text(card, path, CARDS), length=players)
    st.history = tuple(data.items("history", names(ACTIONS), most=3))
    return st
