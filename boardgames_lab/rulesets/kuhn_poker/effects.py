"""What each Kuhn poker move does, once it is known to be legal."""
from typing import Any

from .data import NAMES
from .state import KuhnState


def apply_move(st: KuhnState, move: Any) -> None:
    if move.kind == "deal":  # face down, to the first seat without a card: only that seat reads it
        p, name = st.cards.index(None), NAMES[move.card]
        st.cards[p] = move.card
        st.note(f"{{p{p}}} is dealt the {name}.", {"card": move.card}, visible_to=[p], you=(p, f"You get the {name}."))
    else:
        st.history += (move.action,)
        st.note(f"{{p{move.player}}} {move.action}s.", {"player": move.player, "action": move.action})
