"""Who sees what: a card is its holder's until a showdown (kuhn_poker.deal, .showdown); the betting is public."""
from typing import Any

from ...core.rng import Rng
from ...core.visibility import EVERYONE, is_hidden, revealed
from .data import SHOWDOWNS
from .scoring import stakes
from .state import KuhnState

FIELDS = {"cards.*": revealed("kuhn_poker.showdown", lambda data, owner: tuple(data["history"]) in SHOWDOWNS),
          "history": EVERYONE}


def show(data: dict[str, Any], player: int | None, st: KuhnState) -> dict[str, Any]:
    paid = stakes(data["history"])
    return {"cards": [None if is_hidden(card) else card for card in data["cards"]], "history": data["history"],
            "stakes": paid, "pot": sum(paid), "phase": st.phase,
            "to_act": st.current if st.phase == "betting" else None, "perspective": player}


def determinize(st: KuhnState, player: int | None, rng: Rng) -> KuhnState:
    """Deal again the cards ``player`` has not seen (until a showdown shows them), from those it has not seen."""
    out = st.clone()
    hidden = [p for p in range(st.num_players) if p != player and st.cards[p] is not None]
    pool = [st.cards[p] for p in hidden] + st.undealt()
    if st.history not in SHOWDOWNS:
        rng.shuffle(pool, what="the cards a seat has not seen")
        for p, card in zip(hidden, pool):
            out.cards[p] = card
    return out


def move_visibility(st: KuhnState, move: Any) -> list[int] | None:
    return [st.cards.index(None)] if move.kind == "deal" else None  # a card is dealt face down
