"""The deal, a chance phase: each card dealt is a move of CHANCE, any card left in the deck (kuhn_poker.deal)."""
from ...core.moves import CHANCE, Kind, Refusal, always
from .moves import Deal
from .state import KuhnState


def check_deal(st: KuhnState, move: Deal) -> Refusal | None:
    if move.card in st.undealt():
        return None
    return Refusal("kuhn_poker.deal", f"{move.card!r} is not left in the deck", f"deal {' or '.join(st.undealt())}")


def chance_weights(st: KuhnState) -> list[tuple[Deal, int]]:
    return [(Deal(CHANCE, card), 1) for card in st.undealt()]  # every card left is as likely


def sample_chance(st: KuhnState) -> Deal:
    return Deal(CHANCE, st.rng.choice(st.undealt(), what="a card from the shuffled deck"))


DEAL = Kind(Deal, check_deal, lambda st, seat: [deal for deal, _ in chance_weights(st)], reveals=always)
