"""The one check of an action: the betting so far decides which actions are open (data.OPEN)."""
from ...core.moves import Kind, Refusal
from .data import ACTIONS, OPEN, RULE_OF, SHOWDOWNS
from .draws import DEAL
from .moves import Action
from .state import KuhnState


def check_action(st: KuhnState, move: Action) -> Refusal | None:
    if move.action in OPEN[st.history]:
        return None
    open_, done = " or ".join(OPEN[st.history]), f"after {', '.join(st.history)}" if st.history else "to open"
    return Refusal("kuhn_poker." + RULE_OF[st.history], f"{done} a player may {open_}, not {move.action!r}", open_)


# An action that ends the betting in a showdown reveals the cards: play mode's undo may not cross it.
KINDS = (Kind(Action, check_action, lambda st, seat: [Action(seat, a) for a in ACTIONS],
              reveals=lambda st, move: st.history + (move.action,) in SHOWDOWNS), DEAL)
