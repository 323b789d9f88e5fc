"""The chance phases: each card that comes off a face-down deck is a move of CHANCE (saint_petersburg.deck.top_card),
laid on the board or drawn by the Observatory. Here: the draw's one check, its outcomes with their weights (the copies
left in the deck) and normal play's draw, the deck's top card (the lay's effect is effects.lay_card)."""
from __future__ import annotations

from collections import Counter

from ...core.moves import CHANCE, Kind, Move, Refusal, always
from .data import CARD_INDEX, CARDS, DECKS
from .effects import top_card
from .moves import CARD_IDS, DrawCard, LayCard
from .state import LAY_DECK, OBSERVATORY_DRAW, SPState, deck_to_draw

P = "saint_petersburg."

# The rule a chance phase lays out or draws its cards under.
DRAW_RULES = {"first_row": "setup.first_display", "worker_refill": "refill.next_deck",
              "building_refill": "refill.next_deck", "aristocrat_refill": "refill.next_deck",
              "new_round": "round_end.shift_and_refill", OBSERVATORY_DRAW: "card.observatory"}
LAYS = tuple(LayCard(CHANCE, card) for card in CARD_IDS)
DRAWS = tuple(DrawCard(CHANCE, card) for card in CARD_IDS)


def check_chance_card(st: SPState, move: LayCard | DrawCard) -> Refusal | None:
    """The card must be one still in the deck being drawn from."""
    rule = P + DRAW_RULES[st.phase]
    card = CARD_INDEX.get(move.card)
    if card is None:
        return Refusal(rule, f"{move.card!r} is not a card of the game", "cards are named by id, e.g. 'market'")
    deck = deck_to_draw(st)
    if card not in st.decks[deck]:
        return Refusal(rule, f"no {CARDS[card].name} is left in the {DECKS[deck]} deck, so it cannot come off its top",
                       "choose one of the chance outcomes: a card still in that deck")
    return None


def chance_weights(st: SPState) -> list[tuple[Move, int]]:
    """Each card still in the deck being drawn, with its number of copies there (a face-down deck)."""
    counts = Counter(st.decks[deck_to_draw(st)])
    made = DRAWS if st.phase == OBSERVATORY_DRAW else LAYS
    return [(made[card], counts[card]) for card in sorted(counts)]


def chance_cards(st: SPState, seat: int) -> list[Move]:
    return [move for move, _ in chance_weights(st)]


def sample_chance(st: SPState) -> LayCard | DrawCard:
    """Normal play's outcome: the top card of the deck (effects.top_card)."""
    deck = LAY_DECK.get(st.phase)
    return DRAWS[top_card(st, st.observing)] if deck is None else LAYS[top_card(st, deck)]


CHANCE_KINDS = (
    Kind(LayCard, check_chance_card, chance_cards, reveals=always, rule="saint_petersburg.deck.top_card"),
    Kind(DrawCard, check_chance_card, chance_cards, reveals=always, rule="saint_petersburg.deck.top_card"),
)
