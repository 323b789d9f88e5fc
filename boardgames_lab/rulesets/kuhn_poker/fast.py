"""The legal moves straight from the tables: the same moves, in the same order, as the checks pass."""
from .data import OPEN
from .draws import chance_weights
from .moves import Action, Deal
from .state import KuhnState


def legal_moves(st: KuhnState) -> list[Action | Deal]:
    if st.phase == "betting":
        return [Action(st.current, action) for action in OPEN[st.history]]
    return [deal for deal, _ in chance_weights(st)] if st.phase == "deal" else []
