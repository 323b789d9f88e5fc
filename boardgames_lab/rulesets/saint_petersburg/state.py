"""The Saint Petersburg game state: plain lists of card indices, cheap to copy."""
from __future__ import annotations

import copy
from typing import Any

from ...core.definition import State
from .data import CARDS, CARPENTER_WORKSHOP, DECK_SIZES, DECKS, DISPLAY_SIZE, GOLD_SMELTER, GROUPS, WORKER, HAND_LIMIT, \
    HAND_LIMIT_WAREHOUSE, OBSERVATORY, OBSERVATORY_MIN_DECK, PUB, PUB_POINTS_PER_CARD, ROW_SLOTS, WAREHOUSE
from .moves import CARD_IDS, SLOT_INDEX
from .prices import EMPTY, GROUP


# The deck each chance phase that lays out cards turns them up from (an Observatory's is its owner's choice).
LAY_DECK = {"first_row": WORKER, "worker_refill": WORKER + 1, "building_refill": WORKER + 2,
            "aristocrat_refill": WORKER + 3, "new_round": WORKER}
OBSERVATORY_DRAW = "observatory_draw"
NO_DECK = -1
# A card on the display is kept as one number, its place: slot * PLACES + card, so that places sort by slot and a
# table by place (fast.py) is read with one look-up.
PLACES = len(CARDS)
DOWN = ROW_SLOTS * PLACES  # a place one row further on: the same slot of the lower row


# What a card scores at its colour's scoring as one number, rubles + points * SHIFT, so that an area's sum per
# colour (``SPState.scored``) holds both; SHIFT is more than the rubles of every card of the game together.
SHIFT = 1 << 10
assert SHIFT > sum(c.rubles * c.copies for c in CARDS)
SCORE_OF = tuple(c.rubles + c.points * SHIFT for c in CARDS)
COLOURS = len(GROUPS)
# The cards whose copies change a seat's key (``seat_key``).
KEYED = tuple(c in (CARPENTER_WORKSHOP, GOLD_SMELTER, OBSERVATORY, WAREHOUSE) for c in range(len(CARDS)))


SEAT_KEYS = 32  # keys per seat


def seat_key(player: int, owned: list[int], observatories_used: int) -> int:
    """What sets a seat's moves apart besides its rubles, hand and copies owned, as one number (fast.py reads its
    tables by it): SEAT_KEYS per seat, + 1 it owns the Carpenter Workshop, + 2 the Gold Smelter (one of each in
    the game), + 4 it has turned all its Observatories over this round, so that a trading card may not replace
    one (saint_petersburg.card.observatory), + 8 it owns the Warehouse (its hand holds four), + 16 it has an
    Observatory not turned over this round. Observatories used are never more than those owned, so some used
    and none left is all of them turned over."""
    blocked = observatories_used and owned[OBSERVATORY] <= observatories_used
    return (SEAT_KEYS * player + owned[CARPENTER_WORKSHOP] + 2 * owned[GOLD_SMELTER] + (4 if blocked else 0)
            + (8 if owned[WAREHOUSE] else 0) + (16 if owned[OBSERVATORY] > observatories_used else 0))


def place(slot: int, card: int) -> int:
    """The place of ``card`` lying in display slot ``slot`` (0..7 upper row, 8..15 lower row)."""
    return slot * PLACES + card


class SPState(State):
    __slots__ = ("options", "decks", "upper", "lower", "money", "points", "hands", "areas", "owned",
                 "obs_used", "markers", "stage", "passes", "taken", "end_triggered", "round", "drawn",
                 "pub_queue", "removed", "final", "shown", "observing", "keys", "scored", "held", "to_lay",
                 "only_pass")

    def setup_fields(self, players: int, options: dict[str, Any]) -> None:
        self.options = options
        self.decks: list[list[int]] = [[], [], [], []]  # top of a deck = end of its list
        self.upper = [EMPTY] * ROW_SLOTS
        self.lower = [EMPTY] * ROW_SLOTS
        self.money = [0] * players
        self.points = [0] * players
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.areas: list[list[int]] = [[] for _ in range(players)]  # face-up cards, in the order acquired
        self.owned: list[list[int]] = [[0] * len(CARDS) for _ in range(players)]  # counts per card, mirrors areas
        self.obs_used = [0] * players  # Observatories turned over this round
        self.markers = [0, 0, 0, 0]  # holder of each phase's start marker
        self.stage = 0  # the action phase of the round (0 workers .. 3 trading)
        self.passes = 0  # passes in a row
        self.taken = False  # did anyone buy or take a card from the board this phase?
        self.end_triggered = False
        self.round = 1
        self.drawn = EMPTY  # the card drawn with an Observatory, waiting for a decision
        self.observing = NO_DECK  # the deck an Observatory is about to draw from (-1: none)
        self.pub_queue: list[int] = []
        self.removed: list[int] = []  # cards out of the game
        self.final: list[dict[str, int]] | None = None
        # The cards on the display as places (``place``) in order, kept by the methods below in place: a card
        # bought or laid changes the list without making a new one.
        self.shown: list[int] = []
        # Kept with the areas and Observatories used (``rekey``, ``acquire``, ``give_up``): per seat its key
        # (``seat_key``), per seat and colour what its area scores (at COLOURS * seat + colour, see SCORE_OF), and
        # per seat the cards it holds a copy of, as a mask of card bits (1 << card: the cards a trading card may
        # replace, fast.py).
        self.keys = [seat_key(p, owned, 0) for p, owned in enumerate(self.owned)]
        self.scored = [0] * (COLOURS * players)
        self.held = [0] * players
        # The cards the lay phase the game stands at still turns up (``cards_to_lay``), 0 elsewhere: set as the
        # phase is entered (flow.lay_out) or read (position.py), less one for each card laid (effects.lay_card).
        self.to_lay = 0
        # Per seat, True where it was found with no move but pass in this action phase: pass stays its only move
        # until the phase ends, as the others' moves only take cards off the board (fast.action_moves). Set
        # there, cleared as an action phase begins and wherever hidden rubles or hands are changed.
        self.only_pass = [False] * players

    # The rows change only through these methods (effects.apply_move writes clear out): they keep ``shown`` true.
    def lay(self, cards: list[tuple[int, int]]) -> None:
        """Lay each (slot, card) into its empty display slot (0..7 upper row, 8..15 lower row)."""
        for slot, card in cards:
            if slot < ROW_SLOTS:
                self.upper[slot] = card
            else:
                self.lower[slot - ROW_SLOTS] = card
        if cards:
            self.shown += [place(slot, card) for slot, card in cards]
            self.shown.sort()

    def lay_upper(self, card: int) -> int:
        """Lay ``card`` into the upper row's leftmost empty slot (there is one: fewer than eight are shown)."""
        slot = self.upper.index(EMPTY)
        self.upper[slot] = card
        self.shown.insert(slot, slot * PLACES + card)  # the slots left of the leftmost empty one are full
        return slot

    def lay_upper_cards(self, pile: list[int], count: int) -> None:
        """``lay_upper`` for each of the ``count`` top cards of ``pile`` in turn, top card first, taken off it:
        they fill the upper row's leftmost empty slots in order."""
        upper, shown, slot = self.upper, self.shown, 0
        for _ in range(count):
            card = pile.pop()
            slot = upper.index(EMPTY, slot)  # the slots left of the last one filled are full
            upper[slot] = card
            shown.insert(slot, slot * PLACES + card)  # as in lay_upper

    def clear(self, slot: int) -> None:
        """Empty display slot ``slot``: the card there leaves the board."""
        row, i = (self.upper, slot) if slot < ROW_SLOTS else (self.lower, slot - ROW_SLOTS)
        card = row[i]
        if card != EMPTY:
            row[i] = EMPTY
            self.shown.remove(slot * PLACES + card)

    # A player's area changes only through these two, which keep the copies per card (``owned``), the key and
    # the sums per colour true.
    def acquire(self, player: int, card: int) -> None:
        """Put ``card`` face up in the player's area."""
        self.areas[player].append(card)
        self.owned[player][card] += 1
        self.scored[COLOURS * player + GROUP[card]] += SCORE_OF[card]
        self.held[player] |= 1 << card
        if KEYED[card]:
            self.rekey(player)

    def give_up(self, player: int, card: int) -> None:
        """Take ``card`` out of the player's area (a trading card replaced it)."""
        self.areas[player].remove(card)
        self.owned[player][card] -= 1
        self.scored[COLOURS * player + GROUP[card]] -= SCORE_OF[card]
        if not self.owned[player][card]:
            self.held[player] &= ~(1 << card)
        if KEYED[card]:
            self.rekey(player)

    def rekey(self, player: int) -> None:
        """The seat's key again, after its copies of a keyed card or its Observatories used changed."""
        self.keys[player] = seat_key(player, self.owned[player], self.obs_used[player])

    def shift_rows(self) -> list[int]:
        """The lower row leaves the game and the upper row moves down; the cards that left."""
        gone = [c for c in self.lower if c != EMPTY]
        upper = self.lower = self.upper
        self.upper = [EMPTY] * ROW_SLOTS
        # The upper row's places come first in ``shown`` (they sort by slot); moved down, each is a row further on.
        self.shown = [at + DOWN for at in self.shown[:ROW_SLOTS - upper.count(EMPTY)]]
        return gone

    def clone(self) -> "SPState":
        other = SPState.__new__(SPState)
        self.copy_base(other)
        other.options = self.options
        dup = list.copy
        other.decks = list(map(dup, self.decks))  # map over list.copy: no frame per comprehension
        other.upper = self.upper[:]
        other.lower = self.lower[:]
        other.money = self.money[:]
        other.points = self.points[:]
        other.hands = list(map(dup, self.hands))
        other.areas = list(map(dup, self.areas))
        other.owned = list(map(dup, self.owned))
        other.obs_used = self.obs_used[:]
        other.markers = self.markers[:]
        other.stage = self.stage
        other.passes = self.passes
        other.taken = self.taken
        other.end_triggered = self.end_triggered
        other.round = self.round
        other.drawn = self.drawn
        other.observing = self.observing
        other.shown = self.shown[:]
        other.pub_queue = self.pub_queue[:]
        other.removed = self.removed[:]
        other.final = self.final
        other.keys = self.keys[:]
        other.scored = self.scored[:]
        other.held = self.held[:]
        other.to_lay = self.to_lay
        other.only_pass = self.only_pass[:]
        return other

    def snapshot(self) -> dict[str, Any]:
        fields = {name: getattr(self, name) for name in SPState.__slots__ if name not in ("options", "shown", "keys", "scored", "held",
                                                                                    "to_lay", "only_pass")}
        fields.update(phase=self.phase, current=self.current, rng=self.rng.state, ply=self.ply)
        return copy.deepcopy(fields)


def hand_limit(st: SPState, player: int) -> int:
    """saint_petersburg.action.hand_limit / card.warehouse"""
    return HAND_LIMIT_WAREHOUSE if st.owned[player][WAREHOUSE] else HAND_LIMIT


def pub_limit(st: SPState, player: int) -> int:
    """saint_petersburg.card.pub: points the player's Pubs may sell now, before counting rubles."""
    return PUB_POINTS_PER_CARD * (st.owned[player][PUB] if st.options["pub_limit"] == "per_card" else 1)


def observable_decks(st: SPState, player: int) -> tuple[str, ...]:
    """saint_petersburg.card.observatory: the decks an unused Observatory may draw from (none if all are used)."""
    if st.owned[player][OBSERVATORY] <= st.obs_used[player]:
        return ()
    return tuple(name for name, deck in zip(DECKS, st.decks) if len(deck) >= OBSERVATORY_MIN_DECK)


def deck_to_draw(st: SPState) -> int:
    """The deck the chance phase the game stands at draws from."""
    return st.observing if st.phase == OBSERVATORY_DRAW else LAY_DECK[st.phase]


def cards_to_lay(st: SPState) -> int:
    """The cards a lay phase still turns up: up to the board's size for the phase, as many as its deck holds.

    saint_petersburg.setup.first_display: two workers per player at the start; refill.next_deck: up to eight
    after an action phase, and refill.nothing_taken: none if nobody took a card; round_end.shift_and_refill:
    workers up to eight at a new round; refill.short_deck: a short deck gives what it holds."""
    phase = st.phase
    if phase == "first_row":
        size = 2 * st.num_players
    elif phase == "new_round" or st.taken:
        size = DISPLAY_SIZE
    else:
        return 0
    left = size - len(st.shown)
    if left <= 0:
        return 0
    held = len(st.decks[LAY_DECK[phase]])
    return left if left < held else held


def slot_card(st: SPState, slot: str) -> int:
    i = SLOT_INDEX[slot]
    return st.upper[i] if i < ROW_SLOTS else st.lower[i - ROW_SLOTS]


def invariants(st: SPState) -> list[str]:
    """Broken conservation laws, in words (none in a state the rules made or a position read)."""
    broken = []
    counts = [0] * len(CARDS)
    holders = [*st.decks, st.upper, st.lower, *st.hands, *st.areas, st.removed, [st.drawn]]
    for holder in holders:
        for card in holder:
            if card != EMPTY:
                counts[card] += 1
    for i, c in enumerate(CARDS):
        if counts[i] != c.copies:
            broken.append(f"{c.id}: {counts[i]} copies in play, the game has {c.copies}")
    if sum(len(d) for d in st.decks) > sum(DECK_SIZES):
        broken.append("decks hold more cards than the game has")
    for p in range(st.num_players):
        if st.money[p] < 0:
            broken.append(f"player {p} has {st.money[p]} rubles")
        mirror = [0] * len(CARDS)
        for card in st.areas[p]:
            mirror[card] += 1
        if st.hands[p] != sorted(st.hands[p]):
            broken.append(f"player {p}: hand not kept sorted")
        if mirror != st.owned[p]:
            broken.append(f"player {p}: owned counts do not match the area")
        if st.obs_used[p] > st.owned[p][OBSERVATORY]:
            broken.append(f"player {p}: more Observatories used than owned")
        if st.keys[p] != seat_key(p, st.owned[p], st.obs_used[p]):
            broken.append(f"player {p}: the seat's key does not match its area and Observatories used")
        if st.scored[COLOURS * p:COLOURS * (p + 1)] != [sum(SCORE_OF[c] for c in st.areas[p] if GROUP[c] == group)
                                                     for group in range(COLOURS)]:
            broken.append(f"player {p}: the sums per colour do not match the area")
        if st.held[p] != sum(1 << c for c in set(st.areas[p])):
            broken.append(f"player {p}: the cards held do not match the area")
    if st.phase == "pub" and (not st.pub_queue or st.current != st.pub_queue[0]):
        broken.append("at the Pub the player to act is the next Pub owner in the queue")
    return broken + _display_invariants(st) + _round_invariants(st)


def _display_invariants(st: SPState) -> list[str]:
    """The display's rows against what is kept of them: the places shown and the cards still to lay."""
    broken = []
    if st.to_lay != (cards_to_lay(st) if st.phase in LAY_DECK else 0):
        broken.append(f"{st.to_lay} cards to lay kept, but the {st.phase} phase has {cards_to_lay(st)} to lay")
    if st.shown != [place(i, c) for i, c in enumerate(st.upper + st.lower) if c != EMPTY]:
        broken.append("the display's list of shown cards does not match its rows")
    if sum(c != EMPTY for c in st.upper) + sum(c != EMPTY for c in st.lower) > 2 * ROW_SLOTS:
        broken.append("display overfull")
    return broken


def _round_invariants(st: SPState) -> list[str]:
    """What the rounds keep: points, the start markers as dealt and passed, and the end's trigger."""
    # Points only ever rise during play (the hand penalty is taken in the final count alone).
    broken = [f"player {p} has {st.points[p]} points" for p in range(st.num_players) if st.points[p] < 0]
    # saint_petersburg.setup.start_markers / round_end.pass_markers: dealt one or two a player, then passed on
    # together, so every player holds one (four players) or two (two players); with three, one holds two.
    held = sorted(st.markers.count(p) for p in range(st.num_players))
    if held != {2: [2, 2], 3: [1, 1, 2], 4: [1, 1, 1, 1]}.get(st.num_players, held):
        broken.append(f"the start markers are held {held}, not as dealt (saint_petersburg.setup.start_markers)")
    # saint_petersburg.end.trigger: laying a deck's last card ends the game (an Observatory never draws the last)
    if st.end_triggered != any(not deck for deck in st.decks):
        broken.append(f"the end is {'' if st.end_triggered else 'not '}triggered, but "
                      f"{'some' if not st.end_triggered else 'no'} deck is empty (saint_petersburg.end.trigger)")
    return broken
