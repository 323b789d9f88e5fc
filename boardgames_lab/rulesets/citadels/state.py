"""The Citadels game state: plain lists and ints, cheap to copy."""
from __future__ import annotations

from typing import Any

from ...core.definition import State
from .data import BISHOP, CARD_IDS, CARDS, CHARACTERS, COLOUR, COST, GREAT_WALL, NONE, SCHOOL_OF_MAGIC, deck_for

NOBODY = -1
NOT_TAKEN = 99  # taken_step of a character still in the draft pool

# Scalars, copied as they are by clone(); every other slot holds a list (copied one level deep,
# or two for lists of lists).
_SCALARS = ("options", "crown", "round", "heir", "step", "rank", "killed", "robbed", "asked", "tp", "tc",
            "income_done", "builds_left", "ability_used", "colour_used", "lab_used", "smithy_used",
            "action_used", "keep_left", "exchanging", "turn_over", "grave_card", "grave_owner",
            "cash_owner", "cash_booth", "fortune", "first_eight", "final", "window", "acrobat_round", "draw_left",
            "draw_seat", "draw_keep", "reshuffled", "detour", "action_cards")
_NESTED = ("hands", "city", "booths")
NAME = tuple(c.name for c in CARDS)
# Each card's bit in a city's ``built``: whether a city holds a name costs one test instead of a search.
BIT = tuple(1 << c for c in range(len(CARDS)))
CHAR_COLOUR = tuple(c.colour for c in CHARACTERS)
# The buildings that pay each character colour income (the School of Magic counts as every colour).
PAYS = tuple(frozenset(b for b, colour in enumerate(COLOUR) if colour == c.colour or b == SCHOOL_OF_MAGIC)
             for c in CHARACTERS)
# The same as a city's bits; none for a character without a colour (it takes no colour income).
INCOME_PAYS = tuple(sum(BIT[b] for b in PAYS[r]) if CHAR_COLOUR[r] != NONE else 0 for r in range(8))


class CitadelsState(State):
    __slots__ = (*_SCALARS, *_NESTED, "built", "deck", "discard", "gold", "owner", "face_up", "down", "down_knower",
                 "pool", "steps", "taken_step", "first_step", "shown", "silent", "drawn", "exchange",
                 "paid", "queue", "haunted_round", "stack")

    def setup_fields(self, players: int, options: dict[str, Any]) -> None:
        self.options = options
        self.action_cards = bool(options["action_cards"])  # read every turn: an attribute costs less than the dict
        self.deck: list[int] = []  # top = end of the list
        self.reshuffled = False  # the deck is the discard pile turned over: drawn from at random (draws.py)
        self.discard: list[int] = []  # the open discard pile, top = end
        self.hands: list[list[int]] = [[] for _ in range(players)]  # kept sorted
        self.city: list[list[int]] = [[] for _ in range(players)]  # in building order
        self.built = [0] * players  # each city's names as bits (city_bits), kept by place and unplace
        self.booths: list[list[int]] = [[] for _ in range(players)]  # gold lying on each Ticket Booth
        self.gold = [0] * players
        self.crown = 0
        self.round = 1
        self.heir = NOBODY  # the murdered King's player, who takes the crown next round
        self._setup_characters(players)
        self._setup_turn(players)

    def _setup_characters(self, players: int) -> None:
        """The draft: where each character is, and who may know it; then the calling."""
        self.owner = [NOBODY] * 8
        self.face_up: list[int] = []
        self.down: list[int] = []  # characters face down in the middle
        self.down_knower: list[int] = []  # who saw each face-down card (NOBODY: no one)
        self.stack: list[int] = []  # the King's shuffled characters not yet laid out (top = end)
        self.pool: list[int] = []  # the characters being passed
        self.steps: list[int] = []  # the draft: player * 2 + (0 keep, 1 bury) per step
        self.step = 0
        self.taken_step = [NOT_TAKEN] * 8  # the draft step at which each character left the pool
        self.first_step = [NOT_TAKEN] * players  # the step at which each player first saw the pool
        self.rank = -1  # the character being called (0 Assassin .. 7 Warlord)
        self.shown = [False] * 8  # characters revealed this round
        self.silent = [False] * 8  # called and nobody answered
        self.killed = NOBODY
        self.robbed = NOBODY
        self.asked = 0  # reaction windows already offered for this rank (1 Rasputin, 2 Acrobat)
        self.window = ""  # the open reaction window ("rasputin", "acrobat")
        self.queue: list[int] = []  # players still to answer the open window

    def _setup_turn(self, players: int) -> None:
        """The character's turn; then the end."""
        self.tp = NOBODY  # whose turn it is
        self.tc = NOBODY  # with which character
        self.income_done = False
        self.builds_left = 0
        self.ability_used = False
        self.colour_used = False
        self.lab_used = False
        self.smithy_used = False
        self.action_used = False
        self.draw_left = 0  # cards still to come off the deck in the draw under way (a chance phase)
        self.draw_seat = NOBODY  # who receives them
        self.draw_keep = 0  # 0: into the hand; k: among the cards drawn, of which k are kept
        self.drawn: list[int] = []  # cards drawn, waiting to be kept or discarded
        self.keep_left = 0
        self.exchange: list[int] = []  # cards the Wizard is discarding
        self.exchanging = False
        self.paid: list[int] = []  # booths paid this turn, as owner * 8 + booth index
        self.turn_over = False
        # A move of the turn may have opened a way out of it (its end, a draw, the Wizard's exchange, the
        # Graveyard, the Fortune Teller, a Ticket Booth): the flow tests the turn's edges only then (flow.py,
        # turn_settled). True until a turn begins: a position read from data leaves the edges to be tested.
        self.detour = True
        self.grave_card = NOBODY  # a removed building the Graveyard may save
        self.grave_owner = NOBODY
        self.cash_owner = NOBODY  # a Ticket Booth owner deciding whether to cash in
        self.cash_booth = NOBODY
        self.fortune = NOBODY  # the player whose hand the Fortune Teller is looking at
        self.haunted_round = [0] * players  # the round each player built the Haunted City (0: not built)
        self.first_eight = NOBODY
        self.acrobat_round = 0  # the round an Acrobat took the crown (it then overrides a murdered King's heir)
        self.final: list[dict[str, int]] | None = None

    def clone(self) -> "CitadelsState":
        """Every field spelt out (a test checks none is missed): plain attribute stores cost a fraction of a
        setattr/getattr loop, and clone() runs for every node a search expands."""
        o = CitadelsState.__new__(CitadelsState)
        self.copy_base(o)
        o.options, o.crown, o.round, o.heir, o.step = self.options, self.crown, self.round, self.heir, self.step
        o.rank, o.killed, o.robbed, o.asked, o.tp = self.rank, self.killed, self.robbed, self.asked, self.tp
        o.tc, o.income_done, o.builds_left = self.tc, self.income_done, self.builds_left
        o.ability_used, o.colour_used, o.lab_used = self.ability_used, self.colour_used, self.lab_used
        o.smithy_used, o.action_used, o.keep_left = self.smithy_used, self.action_used, self.keep_left
        o.exchanging, o.turn_over, o.grave_card = self.exchanging, self.turn_over, self.grave_card
        o.grave_owner, o.cash_owner, o.cash_booth = self.grave_owner, self.cash_owner, self.cash_booth
        o.fortune, o.first_eight, o.final, o.window = self.fortune, self.first_eight, self.final, self.window
        o.acrobat_round, o.draw_left, o.draw_seat = self.acrobat_round, self.draw_left, self.draw_seat
        o.draw_keep, o.stack, o.reshuffled, o.detour = self.draw_keep, self.stack[:], self.reshuffled, self.detour
        o.action_cards = self.action_cards
        o.hands, o.city = [h[:] for h in self.hands], [c[:] for c in self.city]
        o.booths = [b[:] for b in self.booths]
        o.deck, o.discard, o.gold, o.built = self.deck[:], self.discard[:], self.gold[:], self.built[:]
        o.owner, o.face_up, o.down = self.owner[:], self.face_up[:], self.down[:]
        o.down_knower, o.pool, o.steps = self.down_knower[:], self.pool[:], self.steps[:]
        o.taken_step, o.first_step, o.shown = self.taken_step[:], self.first_step[:], self.shown[:]
        o.silent, o.drawn, o.exchange = self.silent[:], self.drawn[:], self.exchange[:]
        o.paid, o.queue, o.haunted_round = self.paid[:], self.queue[:], self.haunted_round[:]
        return o

    def snapshot(self) -> dict[str, Any]:
        # detour is the flow's shortcut and action_cards the option's copy, not the game's: a position read from
        # data and the one played agree
        fields = {name: getattr(self, name) for name in CitadelsState.__slots__
                  if name not in ("options", "detour", "action_cards")}
        fields.update(phase=self.phase, current=self.current, rng=self.rng.state, ply=self.ply)
        return _copied(fields)


def _copied(value: Any) -> Any:
    """A deep copy of plain data (ints, strings, lists, dicts), without deepcopy's memo: the conformance suite
    takes a snapshot before and after every probe."""
    if type(value) is list:
        return [_copied(v) if type(v) is list or type(v) is dict else v for v in value]
    if type(value) is dict:
        return {k: _copied(v) if type(v) is list or type(v) is dict else v for k, v in value.items()}
    return value


# --- facts read off a state (for the checks, the effects and the fast generator alike) ----------------
def colour_income(st: CitadelsState, p: int, char: int) -> int:
    """citadels.char.colour_income / violet.school_of_magic (it counts as the character's colour)."""
    return (st.built[p] & INCOME_PAYS[char]).bit_count()  # a city holds one of a name but Circus Tents, colourless


def protected(st: CitadelsState, q: int) -> bool:
    """citadels.char.bishop_protects / char.warlord_murdered_targets"""
    return st.owner[BISHOP] == q and st.killed != BISHOP


def removal_price(st: CitadelsState, q: int, b: int) -> int:
    """citadels.char.warlord_price / violet.great_wall"""
    wall = 1 if b != GREAT_WALL and GREAT_WALL in st.city[q] else 0
    return COST[b] - 1 + wall


def city_bits(city: list[int]) -> int:
    """The names a city holds, as bits (BIT): the state's ``built`` for that city."""
    bits = 0
    for b in city:
        bits |= BIT[b]
    return bits


def distinct(cards: list[int]) -> list[int]:
    out, last = [], -1
    for c in cards:  # hands are sorted: repeats sit side by side
        if c != last:
            out.append(c)
            last = c
    return out


def invariants(st: CitadelsState) -> list[str]:
    broken = []
    places = [st.deck, st.discard, st.drawn, st.exchange, *st.hands, *st.city]
    counts = [0] * len(CARDS)
    for place in places:
        for c in place:
            counts[c] += 1
    for booths in st.booths:
        counts[CARD_IDS.index("ticket_booth")] += len(booths)
    if st.grave_card != NOBODY:
        counts[st.grave_card] += 1
    expected = [0] * len(CARDS)
    for c in deck_for(st.options):
        expected[c] += 1
    if counts != expected:
        broken.append("cards are not conserved")
    for p in range(st.num_players):
        if st.gold[p] < 0:
            broken.append(f"player {p} has {st.gold[p]} gold")
        if st.hands[p] != sorted(st.hands[p]):
            broken.append(f"player {p}: hand not sorted")
        buildings = [b for b in st.city[p] if CARD_IDS[b] != "circus_tent"]
        if len(set(buildings)) != len(buildings):
            broken.append(f"player {p}: two buildings of one name")
        if st.built[p] != city_bits(st.city[p]):
            broken.append(f"player {p}: the city's bits do not match its buildings")
    if st.phase in ("lay", "draft", "calling", "turn"):
        placed = sorted([r for r in range(8) if st.owner[r] != NOBODY] + st.pool + st.down + st.face_up + st.stack)
        if placed != list(range(8)):
            broken.append(f"characters misplaced: {placed}")
    to_act = seat_to_act(st)
    if to_act is not None and st.current != to_act:
        broken.append(f"in the {st.phase} phase seat {to_act} is to act, not seat {st.current}")
    return broken


def seat_to_act(st: CitadelsState) -> int | None:
    """Who decides, by the phase (None where the phase names nobody): the drafter of this step, the turn's
    player, the Graveyard's or the booth's owner, the first player still to answer a window."""
    phase = st.phase
    if phase == "draft":
        return st.steps[st.step] >> 1 if st.step < len(st.steps) else None
    if phase in ("turn", "keep", "exchange", "fortune"):
        return st.tp
    if phase == "graveyard":
        return st.grave_owner
    if phase == "cash":
        return st.cash_owner
    if phase in ("rasputin", "acrobat"):
        return st.queue[0] if st.queue else None
    return None
