"""What a Saint Petersburg seat may not see, declared from the rules (not from view.py or determinize).

The 23 rulebook steps say nothing on secrecy; the fact sheet's rulebook-backed entries do:

- §1.2 Set-up: "Money is secret; players must not reveal how much they hold" (the ``open_money``
  option is the online variant that shows it);
- §1.3 The four actions: "The hand is hidden", and §1.9: opponents see only the hand's size;
- §1.2 Set-up: each of the four decks is shuffled and placed face down.

Everything else is on the table: the two rows, every player's area, points, start markers, a turned
Observatory, the card drawn with it (§1.8) and the cards out of the game (all were face up when they left).
A hand card keeps its deck's back, so a hand card is only ever exchanged with one from the same deck.
"""
from __future__ import annotations

from ...core.rng import Rng
from ...core.secrets import Secret, others
from .data import CARDS
from .state import SPState

DECK_OF = tuple(c.deck for c in CARDS)


def _other_money(st: SPState, seat: int | None, rng: Rng) -> bool:
    """Give one player whom ``seat`` cannot see a different sum of rubles (the bank is unlimited)."""
    if st.options["open_money"] or st.final is not None:  # the variant shows it; final scoring counts it openly
        return False
    hidden = others(st, seat)
    q = hidden[rng.below(len(hidden))]
    new = rng.below(2 * st.money[q] + 10)
    st.money[q] = new if new != st.money[q] else new + 1
    st.only_pass = [False] * st.num_players  # a seat's moves change with its rubles (state.SPState.only_pass)
    return True


def _other_hand(st: SPState, seat: int | None, rng: Rng) -> bool:
    """Exchange a card in a hidden hand with a different card of the same deck, face down or in another hidden hand."""
    if st.final is not None:  # final scoring shows every hand (saint_petersburg.final.hand_penalty)
        return False
    pairs: list[tuple[list[int], int, list[int], int]] = []
    places = [st.hands[q] for q in others(st, seat)] + list(st.decks)
    for q in others(st, seat):
        hand = st.hands[q]
        for i, card in enumerate(hand):
            for place in places:
                if place is hand:
                    continue
                pairs.extend((hand, i, place, j) for j, other in enumerate(place)
                             if other != card and DECK_OF[other] == DECK_OF[card])
    if not pairs:
        return False
    hand, i, place, j = pairs[rng.below(len(pairs))]
    hand[i], place[j] = place[j], hand[i]
    hand.sort()  # hands are kept sorted (an invariant)
    st.only_pass = [False] * st.num_players  # and a seat's moves with its hand (state.SPState.only_pass)
    if any(place is h for h in st.hands):
        place.sort()
    return True


def _deck_order(st: SPState, seat: int | None, rng: Rng) -> bool:
    """Swap two different cards within one face-down deck."""
    swaps = [(deck, i, j) for deck in st.decks for i in range(len(deck)) for j in range(i + 1, len(deck))
             if deck[i] != deck[j]]
    if not swaps:
        return False
    deck, i, j = swaps[rng.below(len(swaps))]
    deck[i], deck[j] = deck[j], deck[i]
    return True


SECRETS = (
    Secret("the other players' rubles", "Fact sheet §1.2 (Set-up): money is secret", _other_money),
    Secret("the other players' hand cards", "Fact sheet §1.3 (Take into hand): the hand is hidden; §1.9: "
           "opponents see only its size", _other_hand),
    Secret("the order of the four face-down decks", "Fact sheet §1.2 (Set-up): each deck is shuffled and "
           "placed face down", _deck_order),
)
