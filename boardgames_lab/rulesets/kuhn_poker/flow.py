"""The Kuhn poker phases: the deal, the betting, and the showdown unless someone folds."""
from ...core import turns
from ...core.flow import Edge, Flow, Phase
from .data import SHOWDOWNS
from .scoring import take_pot
from .state import KuhnState

P = "kuhn_poker."


def all_dealt(st: KuhnState) -> bool:
    return None not in st.cards


def checked_or_called(st: KuhnState) -> bool:
    return st.history in SHOWDOWNS


def folded(st: KuhnState) -> bool:
    return st.history[-1:] == ("fold",)


PHASES = (
    Phase("deal", "Deal", moves=("deal",), chance=True, rules=(P + "deck", P + "ante", P + "deal")),
    Phase("betting", "Betting", moves=("action",), turn=turns.clockwise,
          rules=(P + "first_action", P + "after_check", P + "after_bet")),
    Phase("showdown", "Showdown", on_enter=take_pot, rules=(P + "showdown", P + "chips")),
    Phase("game_over", "Game over"),
)
EDGES = (
    Edge("deal", "betting", guard=all_dealt, rule=P + "first_action", label="both dealt"),
    Edge("betting", "showdown", guard=checked_or_called, rule=P + "showdown", label="two checks or a call"),
    Edge("betting", "game_over", guard=folded, hook=take_pot, rule=P + "fold", label="a fold"),
    Edge("showdown", "game_over"),
)
FLOW = Flow(start="deal", phases=PHASES, edges=EDGES, terminal="game_over")
