"""What a seat may not see, from the rules (not from view.py): the other player's card, until the showdown."""
from ...core.rng import Rng
from ...core.secrets import Secret, others
from .data import SHOWDOWNS
from .state import KuhnState


def _other_card(st: KuhnState, seat: int | None, rng: Rng) -> bool:  # another card for one ``seat`` cannot see
    held = [p for p in others(st, seat) if st.cards[p] is not None]
    if st.history in SHOWDOWNS or not held:
        return False
    st.cards[rng.choice(held)] = rng.choice(st.undealt())
    return True


SECRETS = (Secret("the other player's card", "Kuhn 1950, the rules of play: each card is dealt face down "
                  "(kuhn_poker.deal) and shown only at a showdown (kuhn_poker.showdown)", _other_card),)
