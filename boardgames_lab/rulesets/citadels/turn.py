"""A character's turn: income, building, abilities, violet buildings and the action cards."""
from __future__ import annotations

from .data import (ARCHITECT, ARCHITECT_EXTRA_BUILDS, BISHOP, CARDS, CHAR_IDS, CHARACTERS, COLOUR, COST,
                   GREAT_WALL, KING, SCHOOL_OF_MAGIC, THIEF)
from .state import NOBODY, CitadelsState

NAME = tuple(c.name for c in CARDS)
CHAR_COLOUR = tuple(c.colour for c in CHARACTERS)
# The buildings that pay each character colour income (the School of Magic counts as every colour).
PAYS = tuple(frozenset(b for b, colour in enumerate(COLOUR) if colour == c.colour or b == SCHOOL_OF_MAGIC)
             for c in CHARACTERS)


def draw(st: CitadelsState, count: int) -> list[int]:
    """citadels.deck.reshuffle: an empty deck is refilled from the shuffled discard pile."""
    deck = st.deck
    cut = len(deck) - count
    if cut >= 0:  # the common case, no reshuffle on the way: the top cards at once, the topmost first
        out = deck[cut:]
        del deck[cut:]
        out.reverse()
        return out
    out = []
    for _ in range(count):
        if not st.deck:
            if not st.discard:
                break
            st.deck, st.discard = st.discard, []
            st.rng.shuffle(st.deck, what="the discard pile, shuffled into a new deck")
            st.note("The deck is empty: the discard pile is shuffled into a new deck.", {"reshuffle": True})
        out.append(st.deck.pop())
    return out


def colour_income(st: CitadelsState, p: int, char: int) -> int:
    """citadels.char.colour_income / violet.school_of_magic (it counts as the character's colour)."""
    return sum(map(PAYS[char].__contains__, st.city[p]))


def protected(st: CitadelsState, q: int) -> bool:
    """citadels.char.bishop_protects / char.warlord_murdered_targets"""
    return st.owner[BISHOP] == q and st.killed != BISHOP


def removal_price(st: CitadelsState, q: int, b: int) -> int:
    """citadels.char.warlord_price / violet.great_wall"""
    wall = 1 if b != GREAT_WALL and GREAT_WALL in st.city[q] else 0
    return COST[b] - 1 + wall


def distinct(cards: list[int]) -> list[int]:
    out, last = [], -1
    for c in cards:  # hands are sorted: repeats sit side by side
        if c != last:
            out.append(c)
            last = c
    return out


class Turning:
    """Mixed into the game definition: the moves of a character's turn and of its side windows."""

    # --- hooks and guards ----------------------------------------------------------------
    def begin_turn(self, st: CitadelsState) -> None:
        """citadels.call.reveal / char.king_crown / char.thief_steals"""
        r = st.rank
        p = st.owner[r]
        st.tp, st.tc, st.current = p, r, p
        st.shown[r] = True
        st.silent[r] = False
        st.income_done = st.ability_used = st.colour_used = st.lab_used = st.smithy_used = False
        st.action_used = st.turn_over = False
        st.builds_left = 1 + (ARCHITECT_EXTRA_BUILDS if r == ARCHITECT else 0)
        st.paid = []
        ev = st.events is not None
        if ev:
            st.note(f"{{p{p}}} reveals the {CHARACTERS[r].name}.", {"player": p, "character": CHAR_IDS[r]})
        if r == KING:
            st.crown = p
            st.heir = NOBODY
            if ev:
                st.note(f"{{p{p}}} takes the crown.", {"crown": p})
        if st.robbed == r:
            thief = st.owner[THIEF]
            stolen = st.gold[p]
            st.gold[p] = 0
            st.gold[thief] += stolen
            if ev:
                st.note(f"The Thief, {{p{thief}}}, takes all {stolen} gold of {{p{p}}}.",
                        {"thief": thief, "victim": p, "gold": stolen})

    def choosing(self, st: CitadelsState) -> bool:
        return bool(st.drawn)

    def kept(self, st: CitadelsState) -> bool:
        return not st.drawn

    def cash_due(self, st: CitadelsState) -> bool:
        return st.cash_owner != NOBODY and not st.drawn  # the rare part first: this runs after every turn move

    def ask_cash(self, st: CitadelsState) -> None:
        st.current = st.cash_owner

    def cash_answered(self, st: CitadelsState) -> bool:
        return st.cash_owner == NOBODY

    def exchanging(self, st: CitadelsState) -> bool:
        return st.exchanging

    def exchanged(self, st: CitadelsState) -> bool:
        return not st.exchanging

    def graveyard_offered(self, st: CitadelsState) -> bool:
        return st.grave_owner != NOBODY

    def ask_graveyard(self, st: CitadelsState) -> None:
        st.current = st.grave_owner

    def graveyard_answered(self, st: CitadelsState) -> bool:
        return st.grave_owner == NOBODY

    def back_to_turn(self, st: CitadelsState) -> None:
        st.current = st.tp

    def fortune_open(self, st: CitadelsState) -> bool:
        return st.fortune != NOBODY

    def fortune_done(self, st: CitadelsState) -> bool:
        return st.fortune == NOBODY

    def turn_ended(self, st: CitadelsState) -> bool:
        return st.turn_over
