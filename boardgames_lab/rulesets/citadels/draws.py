"""The chance phases: every card that comes off the face-down building deck (the starting hands, income, the
Architect, the Smithy, the Wizard's exchange, a Ticket Booth) and every character the King lays out (rulebook,
Setup and Sequence of a Round). Each is a move of CHANCE, drawn in normal play by ``sample_chance`` and
nowhere else: rule code never draws, so a game that stops at each draw (explicit chance) plays the same.

- The deck shuffled at set-up is a stack in a fixed order: normal play takes its top card (``Rng.top``, no
  generator step). A chosen outcome that is not the top card is swapped to the top first, so every card left
  may come and the deck stays a permutation.
- The discard pile turned over into a new deck when the deck is empty is not put in an order: each card
  drawn from it is a uniform pick (``Rng.below``), which has the chances of shuffling it first.
- The characters: the first laid face down is a uniform pick of the eight, each face-up one a uniform pick of
  those left but the King (the rulebook shuffles a King turned up back in and turns up another: the same
  chances).
"""
from __future__ import annotations

from bisect import insort
from typing import Any

from ...core.moves import CHANCE, Refusal
from .checks_turn import card_name, no
from .data import CARD_IDS, CARD_INDEX, CARDS, CHAR_IDS, CHAR_INDEX, CHARACTERS, FACE_UP, KING, START_CARDS
from .moves import DrawCard, LayCharacter
from .state import NOBODY, CitadelsState

NEXT = -1  # _receive's card in normal play: the one the generator draws next
DRAW_CARD = tuple(DrawCard(CHANCE, c) for c in CARD_IDS)  # by card index
LAY = tuple((LayCharacter(CHANCE, c, False), LayCharacter(CHANCE, c, True)) for c in CHAR_IDS)  # by rank, face up


# --- the building deck -----------------------------------------------------------------------------
def start_draw(st: CitadelsState, seat: int, count: int, keep: int) -> int:
    """citadels.deck.reshuffle: ``seat`` draws ``count`` cards (fewer when the deck and the discard pile hold
    fewer), into the hand or, with ``keep``, among the cards to keep ``keep`` of; returns how many come."""
    deck = st.deck
    k = len(deck)
    if k < count:  # the deck runs short: the discard pile follows it
        k = min(count, k + len(st.discard))
    else:
        k = count
    st.draw_left, st.draw_seat, st.draw_keep = k, seat if k else NOBODY, keep if k > keep else 0
    st.detour = True  # a way out of the turn: the cards come in the draw phase
    if k and not deck:
        reshuffle(st)
    return k


def reshuffle(st: CitadelsState) -> None:
    """citadels.deck.reshuffle: the discard pile becomes the deck; its cards are then drawn at random."""
    st.deck, st.discard = st.discard, []
    st.reshuffled = True
    if st.events is not None:  # random playouts reshuffle often: no note's call and data for them
        st.note("The deck is empty: the discard pile is shuffled into a new deck.", {"reshuffle": True})


def apply_draw_card(st: CitadelsState, m: DrawCard) -> None:
    """citadels.setup.cards / turn.income / deck.reshuffle: the card comes off the deck to its receiver."""
    _receive(st, CARD_INDEX[m.card])


def _receive(st: CitadelsState, c: int, rest: bool = False) -> None:
    """Card ``c`` comes off the deck to the draw's receiver (the one effect of a card drawn, however chosen);
    with ``rest`` (normal play, draw_out) the cards normal play draws next follow it until the draw is done,
    and ``c`` NEXT asks for normal play's first card too."""
    p, rng = st.draw_seat, st.rng
    pile = st.drawn if st.draw_keep else st.hands[p]  # read once: only the deal passes on to another seat
    while True:
        deck = st.deck
        if c == NEXT:  # the next card, as _next_card draws it (written out: most draws come here)
            c = deck[rng.below(len(deck), _FROM_DISCARD)] if st.reshuffled \
                else deck[-1] if rng.record is None else _next_card(st)
        _off_deck(deck, c)
        insort(pile, c)
        if st.events is not None:
            name = CARDS[c].name
            st.note(f"{{p{p}}} draws the {name}.", {"card": CARD_IDS[c]}, visible_to=[p],
                    you=(p, f"You draw the {name}."))
        left = st.draw_left = st.draw_left - 1
        if left:
            if not deck:
                reshuffle(st)
        elif st.phase == "deal" and p + 1 < st.num_players:  # citadels.setup.cards: the next player's four
            p = st.draw_seat = p + 1
            st.draw_left, pile = START_CARDS, st.hands[p]
        else:
            st.keep_left, st.draw_keep, st.draw_seat = st.draw_keep, 0, NOBODY
            return
        if not rest:
            return
        c = NEXT


def _off_deck(deck: list[int], c: int) -> None:
    """Card ``c`` leaves the deck. Unless it is the top card (a chosen outcome in explicit chance, or a pick
    from the turned-over pile), the top card takes the place of its last copy, found with the deck reversed in
    place (no copy made): every way of drawing leaves the deck in the same order."""
    top = deck.pop()
    if top != c:
        deck.reverse()
        deck[deck.index(c)] = top
        deck.reverse()


def check_draw_card(st: CitadelsState, m: DrawCard) -> Refusal | None:
    c = CARD_INDEX.get(m.card)
    if c is None or c not in st.deck:
        return no("setup.cards" if st.phase == "deal" else "turn.income",
                  f"the {card_name(m.card)} is not among the cards left in the deck", "draw a card of the deck")
    return None


def _card_weights(st: CitadelsState) -> list[tuple[Any, int]]:
    counts = [0] * len(CARDS)
    for c in st.deck:
        counts[c] += 1
    return [(DRAW_CARD[c], k) for c, k in enumerate(counts) if k]


# --- the characters ------------------------------------------------------------------------------------
def apply_lay(st: CitadelsState, m: LayCharacter) -> None:
    """citadels.draft.face_down / draft.face_up / draft.king_not_face_up"""
    _lay(st, CHAR_INDEX[m.character], m.face_up)


def _lay(st: CitadelsState, r: int, face_up: bool) -> None:
    """Character ``r`` leaves the stack, face up or face down (the one effect of a character laid)."""
    st.stack.remove(r)
    if face_up:
        st.face_up.append(r)
    else:
        st.down = [r]
        st.down_knower = [st.crown if st.num_players <= 3 else NOBODY]  # with 2-3 players the King looks
        st.taken_step[r] = -1  # out of the pool before anyone chose
    if st.events is not None:
        if face_up:
            st.note(f"The {CHARACTERS[r].name} is laid face up.", {"face_up": CHAR_IDS[r]})
        else:
            st.note(f"The {CHARACTERS[r].name} is laid face down.", {"face_down": CHAR_IDS[r]},
                    visible_to=st.down_knower if st.down_knower[0] != NOBODY else [])


def check_lay(st: CitadelsState, m: LayCharacter) -> Refusal | None:
    r = CHAR_INDEX.get(m.character)
    rule = "draft.face_up" if st.down else "draft.face_down"
    if m.face_up != bool(st.down):
        return no(rule, "the face-down character lies already: the next ones are laid face up" if st.down
                  else "the first character is laid face down", f"lay a character face {'up' if st.down else 'down'}")
    if r is None or r not in st.stack:
        return no(rule, f"the {CHARACTERS[r].name if r is not None else repr(m.character)} is not among the "
                  "characters still in the King's stack", "lay one of them")
    if m.face_up and r == KING:
        return no("draft.king_not_face_up", "the King is never laid face up: he is shuffled back",
                  "lay another character face up")
    return None


def _lay_weights(st: CitadelsState) -> list[tuple[Any, int]]:
    up = bool(st.down)
    return [(LAY[r][up], 1) for r in sorted(st.stack) if not (up and r == KING)]


# --- the engine's chance API -------------------------------------------------------------------------
def chance_weights(st: CitadelsState) -> list[tuple[Any, int]]:
    """Each outcome with its weight: a card of the deck by its copies left, a character 1 each."""
    return _lay_weights(st) if st.phase == "lay" else _card_weights(st)


def sample_chance(st: CitadelsState) -> Any:
    """Normal play's draw. The record gives the chance of that one card, 1 in the cards it came from (for a
    card drawn face down, its copies left would tell the table which card it is)."""
    if st.phase == "lay":
        return LAY[_next_character(st)][bool(st.down)]
    return DRAW_CARD[_next_card(st)]


_FROM_DISCARD = "a card from the deck made of the discard pile"
_LAID = ("a character laid face down", "a character laid face up")


def _next_character(st: CitadelsState) -> int:
    """The character normal play lays next: a uniform pick of the stack (face up: of those but the King)."""
    stack = st.stack
    if not st.down:
        return stack[st.rng.below(len(stack), _LAID[0])]
    if KING not in stack:
        return stack[st.rng.below(len(stack), _LAID[1])]
    king = stack.index(KING)  # the pick is among the others, in the stack's order
    i = st.rng.below(len(stack) - 1, _LAID[1])
    return stack[i if i < king else i + 1]


def _next_card(st: CitadelsState) -> int:
    """The card normal play draws next: the top of the deck shuffled at set-up, or a uniform pick of the
    discard pile turned over."""
    deck, rng = st.deck, st.rng
    if st.reshuffled:
        return deck[rng.below(len(deck), _FROM_DISCARD)]
    if rng.record is not None:  # the fast path records nothing: spare it the call
        rng.top(1, len(deck), CARD_IDS[deck[-1]], what="a card from the top of the deck")
    return deck[-1]


def chance_moves(st: CitadelsState) -> list[Any]:
    """The outcomes as moves (the fast generator's list at a draw)."""
    return [move for move, _ in chance_weights(st)]


def draw_candidates(st: CitadelsState, seat: int) -> list[Any]:
    return [DrawCard(seat, c) for c in CARD_IDS]


def lay_candidates(st: CitadelsState, seat: int) -> list[Any]:
    return [LayCharacter(seat, c, up) for c in CHAR_IDS for up in (False, True)]


def draw_visibility(st: CitadelsState, move: Any) -> list[int] | None:
    """Who may read a draw in the log: a card drawn goes to its receiver alone; a character laid face down
    is seen by nobody (by the King with 2-3 players), one laid face up by everyone."""
    if move.kind == "draw_card":
        return [st.draw_seat]
    if move.face_up:
        return None
    return [st.crown] if st.num_players <= 3 else []


# --- normal play: a chance phase's draws as it is entered ----------------------------------------------
# The draws the engine's runner would make one by one (``sample_chance``, then the draw's effect), made here
# without its dispatch and guards, nor a move value, per card: a game draws about 60 cards and lays about 30
# characters. In explicit-chance mode the game stops at the phase instead, for the caller to choose each outcome.
def draw_out(st: CitadelsState) -> None:
    """The ``deal`` and ``draw`` phases: every card still to come."""
    if not st.explicit_chance and st.draw_left:
        _draw_rest(st)


def _draw_rest(st: CitadelsState) -> None:
    """Normal play's cards, as ``_receive`` draws them; a draw with nothing to note or record (a search's random
    playouts, where a turn draws most often) runs its loop here, with what stays the same read once."""
    rng = st.rng
    if st.events is not None or rng.record is not None or st.phase != "draw":
        _receive(st, NEXT, True)
        return
    deck, left = st.deck, st.draw_left
    pile = st.drawn if st.draw_keep else st.hands[st.draw_seat]
    while left:
        if st.reshuffled:
            c = deck[rng.below(len(deck), _FROM_DISCARD)]
            _off_deck(deck, c)
        else:
            c = deck.pop()
        insort(pile, c)
        left -= 1
        if left and not deck:
            reshuffle(st)
            deck = st.deck
    st.draw_left, st.keep_left, st.draw_keep, st.draw_seat = 0, st.draw_keep, 0, NOBODY


def lay_out(st: CitadelsState) -> None:
    """The ``lay`` phase: the face-down character, then the face-up ones."""
    if not st.explicit_chance:
        if not st.down:
            _lay(st, _next_character(st), False)
        for _ in range(FACE_UP[st.num_players] - len(st.face_up)):
            _lay(st, _next_character(st), True)


# --- the guards of the chance phases -------------------------------------------------------------------
def dealt(st: CitadelsState) -> bool:
    return not st.draw_left


def laid(st: CitadelsState) -> bool:
    return bool(st.down) and len(st.face_up) >= FACE_UP[st.num_players]


def drawing(st: CitadelsState) -> bool:
    return st.draw_left > 0


def draw_to_keep(st: CitadelsState) -> bool:
    return not st.draw_left and bool(st.drawn)


def draw_to_cash(st: CitadelsState) -> bool:
    return not st.draw_left and st.cash_owner != NOBODY


def draw_done(st: CitadelsState) -> bool:
    return not st.draw_left
