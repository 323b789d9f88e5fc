"""A Citadels position as data: every field of the table, hidden parts included, in the rulebook's names
(card and character ids, seats from 0, None for "nobody"), and the reader that validates one.

The reader refuses, naming the field: a wrong type or range, an unknown card or character, cards that do
not add up to the deck of these options, a character in two places or in none, and anything that does
not fit the phase (cards drawn outside the keep phase, an open window outside its phase, ...).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from ...core.errors import PositionError
from ...core.position import Reader, boolean, conserved, ints, items, text
from .data import ASSASSIN, CARD_IDS, CARD_INDEX, CHAR_IDS, CHAR_INDEX, FACE_UP, START_CARDS, THIEF, deck_for
from .draft import STEPS
from .state import NOBODY, NOT_TAKEN, CitadelsState, city_bits

SCALARS = ("crown", "round", "heir", "step", "rank", "killed", "robbed", "asked", "window", "turn_player",
           "turn_character", "income_done", "builds_left", "ability_used", "colour_used", "lab_used", "smithy_used",
           "action_used", "keep_left", "exchanging", "turn_over", "grave_card", "grave_owner", "cash_owner",
           "cash_booth", "fortune", "first_eight", "acrobat_round", "final", "draw_left", "draw_seat", "draw_keep",
           "reshuffled")
LISTS = ("deck", "discard", "hands", "city", "booths", "gold", "owner", "face_up", "down", "down_knower", "pool",
         "steps", "taken_step", "first_step", "shown", "silent", "drawn", "exchange", "paid", "queue",
         "haunted_round", "stack")
FIELDS = (*LISTS, *SCALARS)
FLAGS = ("income_done", "ability_used", "colour_used", "lab_used", "smithy_used", "action_used", "exchanging",
         "turn_over", "reshuffled")
FINAL_KEYS = ("buildings", "five_colours", "eight", "action_cards", "total", "gold")
# The phases of a round once the characters are passed: the draft's record and the calling must be its own.
DRAFTED = ("draft", "turn", "draw", "keep", "exchange", "graveyard", "fortune", "cash", "rasputin", "acrobat")
TURN_PHASES = ("turn", "draw", "keep", "exchange", "graveyard", "fortune", "cash")


def _cards(cards: list[int]) -> list[str]:
    return [CARD_IDS[c] for c in cards]


def _chars(chars: list[int]) -> list[str]:
    return [CHAR_IDS[r] for r in chars]


def _seat(value: int) -> int | None:
    return None if value == NOBODY else value


def position(st: CitadelsState) -> dict[str, Any]:
    out: dict[str, Any] = {
        "deck": _cards(st.deck), "discard": _cards(st.discard), "hands": [_cards(h) for h in st.hands],
        "city": [_cards(c) for c in st.city], "booths": [b[:] for b in st.booths], "gold": st.gold[:],
        "owner": [_seat(o) for o in st.owner], "face_up": _chars(st.face_up), "down": _chars(st.down),
        "down_knower": [_seat(k) for k in st.down_knower], "pool": _chars(st.pool),
        "steps": [{"seat": s >> 1, "bury": bool(s & 1)} for s in st.steps],
        "taken_step": [None if t == NOT_TAKEN else t for t in st.taken_step],
        "first_step": [None if t == NOT_TAKEN else t for t in st.first_step],
        "shown": st.shown[:], "silent": st.silent[:], "drawn": _cards(st.drawn), "exchange": _cards(st.exchange),
        "paid": [[x // 8, x % 8] for x in st.paid], "queue": st.queue[:], "haunted_round": st.haunted_round[:],
        "crown": st.crown, "round": st.round, "heir": _seat(st.heir), "step": st.step, "rank": st.rank,
        "killed": None if st.killed == NOBODY else CHAR_IDS[st.killed],
        "robbed": None if st.robbed == NOBODY else CHAR_IDS[st.robbed], "asked": st.asked, "window": st.window,
        "turn_player": _seat(st.tp), "turn_character": None if st.tc == NOBODY else CHAR_IDS[st.tc],
        "builds_left": st.builds_left, "keep_left": st.keep_left,
        "grave_card": None if st.grave_card == NOBODY else CARD_IDS[st.grave_card],
        "grave_owner": _seat(st.grave_owner), "cash_owner": _seat(st.cash_owner),
        "cash_booth": None if st.cash_booth == NOBODY else st.cash_booth, "fortune": _seat(st.fortune),
        "first_eight": _seat(st.first_eight), "acrobat_round": st.acrobat_round,
        "final": None if st.final is None else [dict(f) for f in st.final], "stack": _chars(st.stack),
        "draw_left": st.draw_left, "draw_seat": _seat(st.draw_seat), "draw_keep": st.draw_keep}
    out.update({flag: getattr(st, flag) for flag in FLAGS})
    return out


# --- reading ------------------------------------------------------------------------------------------
def _or_none(read: Callable[[Any, str], Any]) -> Callable[[Any, str], Any]:
    return lambda value, path: None if value is None else read(value, path)


def _card_index(value: Any, path: str) -> int:
    return CARD_INDEX[text(value, path, CARD_IDS)]


def _char_index(value: Any, path: str) -> int:
    return CHAR_INDEX[text(value, path, CHAR_IDS)]


def _nobody(value: int | None) -> int:
    return NOBODY if value is None else value


class _Read:
    """Reads the fields one by one into a fresh state."""

    def __init__(self, data: Reader, players: int, options: dict[str, Any]):
        self.data = Reader(data.data, data.path, FIELDS)
        self.n = players
        self.seat = ints(0, players - 1)
        self.st = CitadelsState()
        self.st.init_base(players, 0)
        self.st.setup_fields(players, options)

    def cards(self, key: str) -> list[int]:
        return self.data.items(key, _card_index)

    def per_seat(self, key: str, item: Callable[[Any, str], Any]) -> list[Any]:
        return self.data.items(key, lambda v, p: items(v, p, item), length=self.n)

    def maybe(self, key: str, item: Callable[[Any, str], Any]) -> Any:
        return _or_none(item)(self.data.raw(key), self.data.at(key))

    def read(self) -> CitadelsState:
        st, d, seat = self.st, self.data, self.seat
        st.deck, st.discard, st.drawn, st.exchange = (self.cards(k) for k in ("deck", "discard", "drawn", "exchange"))
        st.hands = self.per_seat("hands", _card_index)
        st.city = self.per_seat("city", _card_index)
        st.built = [city_bits(city) for city in st.city]
        st.booths = self.per_seat("booths", ints(0, 10**6))
        st.gold = d.items("gold", ints(0, 10**6), length=self.n)
        st.haunted_round = d.items("haunted_round", ints(0, 10**6), length=self.n)
        st.owner = [_nobody(o) for o in d.items("owner", _or_none(seat), length=8)]
        st.face_up, st.down, st.pool, st.stack = (d.items(k, _char_index) for k in ("face_up", "down", "pool", "stack"))
        st.down_knower = [_nobody(k) for k in d.items("down_knower", _or_none(seat), length=len(st.down))]
        st.steps = [self._step(v, f"{d.at('steps')}[{i}]") for i, v in enumerate(d.items("steps", lambda v, p: v))]
        st.taken_step = [NOT_TAKEN if t is None else t for t in d.items("taken_step", _or_none(ints(-1, 20)), 8)]
        st.first_step = [NOT_TAKEN if t is None else t for t in d.items("first_step", _or_none(ints(0, 20)), self.n)]
        st.shown, st.silent = (d.items(k, boolean, length=8) for k in ("shown", "silent"))
        st.paid = [self._paid(v, f"{d.at('paid')}[{i}]") for i, v in enumerate(d.items("paid", lambda v, p: v))]
        st.queue = d.items("queue", seat, most=self.n)
        self.scalars()
        return st

    def _step(self, value: Any, path: str) -> int:
        step = Reader(value, path, ("seat", "bury"))
        return step.integer("seat", 0, self.n - 1) * 2 + int(step.boolean("bury"))

    def _paid(self, value: Any, path: str) -> int:
        pair = items(value, path, ints(0, 7), length=2)
        if pair[0] >= self.n:
            raise PositionError(f"{path}[0]", f"there is no seat {pair[0]} in a game of {self.n}")
        return pair[0] * 8 + pair[1]

    def scalars(self) -> None:
        st, d, seat = self.st, self.data, self.seat
        st.crown, st.round = d.integer("crown", 0, self.n - 1), d.integer("round", 1, 10**6)
        st.heir = _nobody(self.maybe("heir", seat))
        st.step, st.rank, st.asked = d.integer("step", 0, 20), d.integer("rank", -1, 8), d.integer("asked", 0, 7)
        st.killed = _nobody(self.maybe("killed", _char_index))
        st.robbed = _nobody(self.maybe("robbed", _char_index))
        st.window = d.text("window", ("", "rasputin", "acrobat"))
        st.tp = _nobody(self.maybe("turn_player", seat))
        st.tc = _nobody(self.maybe("turn_character", _char_index))
        for flag in FLAGS:
            setattr(st, flag, d.boolean(flag))
        st.builds_left, st.keep_left = d.integer("builds_left", 0, 20), d.integer("keep_left", 0, 3)
        st.grave_card = _nobody(self.maybe("grave_card", _card_index))
        st.grave_owner, st.cash_owner, st.fortune, st.first_eight = (
            _nobody(self.maybe(k, seat)) for k in ("grave_owner", "cash_owner", "fortune", "first_eight"))
        st.cash_booth = _nobody(self.maybe("cash_booth", ints(0, 7)))
        st.acrobat_round = d.integer("acrobat_round", 0, 10**6)
        st.draw_left, st.draw_keep = d.integer("draw_left", 0, 200), d.integer("draw_keep", 0, 3)
        st.draw_seat = _nobody(self.maybe("draw_seat", seat))
        st.final = self.maybe("final", lambda v, p: items(v, p, self._final, length=self.n))

    def _final(self, value: Any, path: str) -> dict[str, int]:
        row = Reader(value, path, FINAL_KEYS)
        return {k: row.integer(k, 0, 10**6) for k in FINAL_KEYS}


def read_position(data: Reader, players: int, options: dict[str, Any], phase: str) -> CitadelsState:
    st = _Read(data, players, options).read()
    check_cards(st, data.path)
    check_characters(st, data.path, phase)
    check_phase(st, data.path, phase)
    check_draft(st, data.path, phase)
    check_calling(st, data.path, phase)
    return st


def check_cards(st: CitadelsState, path: str) -> None:
    """Every card of the deck for these options is in one place: deck, discard pile, hands, cities, the cards
    drawn or being exchanged, a building the Graveyard may save, or lying out as a Ticket Booth."""
    found = [*st.deck, *st.discard, *st.drawn, *st.exchange, *(c for h in st.hands for c in h),
             *(c for city in st.city for c in city), *(CARD_INDEX["ticket_booth"] for b in st.booths for _ in b)]
    if st.grave_card != NOBODY:
        found.append(st.grave_card)
    conserved(f"{path}.deck" if path else "deck", "cards", (CARD_IDS[c] for c in found),
              Counter(CARD_IDS[c] for c in deck_for(st.options)))
    for p, hand in enumerate(st.hands):
        hand.sort()  # hands are kept sorted
    st.drawn.sort()


def check_characters(st: CitadelsState, path: str, phase: str) -> None:
    """Each character is in one place (a player's, face up, face down, passing or still in the King's hand), or,
    while the starting hands are dealt and once the game is over, in the middle."""
    at = f"{path}.owner" if path else "owner"
    placed = [r for r in range(8) if st.owner[r] != NOBODY] + st.face_up + st.down + st.pool + st.stack
    expected = Counter() if phase in ("deal", "game_over") else Counter(range(8))  # before the first round, after
    conserved(at, "characters", (CHAR_IDS[r] for r in placed), Counter({CHAR_IDS[r]: k for r, k in expected.items()}))
    st.pool.sort()


def _fits(ok: bool, path: str, key: str, reason: str) -> None:
    if not ok:
        raise PositionError(f"{path}.{key}" if path else key, reason)


def check_phase(st: CitadelsState, path: str, phase: str) -> None:
    """What exists only in some phases: cards drawn (keep), an exchange (exchange), a removed building (the
    Graveyard), a hand shown (the Fortune Teller), an open window, the draft's steps, the final score."""
    check_draw(st, path, phase)
    _fits(bool(st.drawn) == (phase == "keep") or (phase == "draw" and st.draw_keep > 0), path, "drawn",
          f"cards wait to be kept only in the keep phase (or come in the draw phase), not with {len(st.drawn)} "
          f"drawn in the {phase} phase")
    _fits(0 < st.keep_left <= len(st.drawn) if phase == "keep" else st.keep_left == 0, path, "keep_left",
          "must be from 1 to the number of cards drawn in the keep phase, else 0")
    _fits(st.exchanging == (phase == "exchange") and (not st.exchange or st.exchanging), path, "exchanging",
          "the Wizard exchanges only in the exchange phase")
    _fits((st.grave_owner != NOBODY) == (phase == "graveyard") == (st.grave_card != NOBODY), path, "grave_owner",
          "a removed building waits for the Graveyard's owner only in the graveyard phase")
    _fits((st.fortune != NOBODY) == (phase == "fortune"), path, "fortune",
          "a hand is shown to the Fortune Teller only in the fortune phase")
    cash_ok = phase in ("draw", "keep", "cash") if st.cash_owner != NOBODY else phase != "cash"
    _fits(cash_ok and (st.cash_owner == NOBODY) == (st.cash_booth == NOBODY), path, "cash_owner",
          "a booth's owner decides to cash it only right after a payment (the keep or cash phase)")
    if st.cash_owner != NOBODY:
        _fits(st.cash_booth < len(st.booths[st.cash_owner]), path, "cash_booth", "that player has no such booth")
    window = phase in ("rasputin", "acrobat")
    _fits(st.window == (phase if window else "") and bool(st.queue) == window, path, "window",
          f"a window is open, with players to answer, only in its own phase (not in {phase})")
    _fits((st.final is not None) == (phase == "game_over"), path, "final", "the final score exists once the game is over")
    if phase == "draft":
        _fits(st.step < len(st.steps), path, "step", "the draft has a step still to make")
    if phase in ("turn", "draw", "keep", "exchange", "graveyard", "fortune", "cash"):
        _fits(st.tc != NOBODY and st.owner[st.tc] == st.tp != NOBODY, path, "turn_player",
              "in a character's turn the turn's player holds the turn's character")


def check_draw(st: CitadelsState, path: str, phase: str) -> None:
    """The chance phases: cards still to come off the deck (deal, draw), to a seat, with a card on the deck to
    come first; the King's characters (lay), the face-down one laid first."""
    drawing = phase in ("deal", "draw")
    _fits((st.draw_left > 0) == drawing == (st.draw_seat != NOBODY), path, "draw_left",
          "cards are still to be drawn, by a seat, only in the deal and draw phases")
    _fits(not drawing or (bool(st.deck) and st.draw_left <= len(st.deck) + len(st.discard)), path, "deck",
          "the cards still to be drawn must be in the deck (the discard pile is shuffled in once it is empty)")
    _fits(st.draw_keep == 0 or (phase == "draw" and st.draw_keep < st.draw_left + len(st.drawn)), path, "draw_keep",
          "cards are drawn to keep some of them only in the draw phase, more than are kept")
    _fits(phase != "deal" or st.draw_left <= START_CARDS, path, "draw_left", f"the deal gives {START_CARDS} cards each")
    lay = phase == "lay"
    _fits(bool(st.stack) == lay, path, "stack", "the King's stack of characters lies only while they are laid out")
    if lay:
        _fits(not st.pool and len(st.down) <= 1 and len(st.face_up) < (FACE_UP[st.num_players] if st.down else 1),
              path, "face_up", "while the characters are laid out: one face down first, then the face-up ones")
        st.stack.sort()  # the characters left in the King's hand: which comes next is a draw


def check_draft(st: CitadelsState, path: str, phase: str) -> None:
    """The draft's order is the rules' own: none before the characters are passed; from then on the order for
    this many players from a crown holder (citadels.draft.pass_left, draft.two_players, draft.three_players),
    the steps made counted, and while the draft runs as many characters passed as its steps still take, plus
    the one laid face down at the end (draft.last_two, draft.seven_players). Who holds which character is the
    set-up's to place (the calling asks each holder in turn)."""
    n = st.num_players
    if phase in ("deal", "lay"):
        _fits(not st.steps and st.step == 0, path, "steps", f"the draft's order is set once the characters are "
              f"laid out, not in the {phase} phase (citadels.draft.pass_left)")
        return
    if phase not in DRAFTED:
        return
    steps = tuple(st.steps)
    _fits(steps in STEPS[n], path, "steps", f"is not the draft's order for {n} players from any crown holder "
          "(citadels.draft.pass_left, draft.two_players, draft.three_players)")
    drafting = phase == "draft"
    _fits(st.step < len(steps) if drafting else st.step == len(steps), path, "step",
          f"must be {'a step still to make' if drafting else 'the number of steps'} in the {phase} phase "
          "(citadels.draft.last_two)")
    made = range(len(steps) + 1 if not drafting else st.step)
    _fits(all(t in (NOT_TAKEN, -1) or t in made for t in st.taken_step), path, "taken_step",
          "names a draft step not made yet (citadels.draft.pass_left)")
    if not drafting:
        _fits(not st.pool, path, "pool", f"no characters are passed in the {phase} phase (citadels.draft.last_two)")
        return
    _fits(st.crown == steps[0] >> 1, path, "crown", "the draft starts with the crown holder (citadels.draft.pass_left)")
    # citadels.draft.seven_players: the first face-down card joins the cards passed at the seventh step
    held = len(steps) - st.step + 1 - (1 if n == 7 and st.step < 6 else 0)
    _fits(len(st.pool) == held, path, "pool", f"step {st.step} of {len(steps)} passes {held} characters, not "
          f"{len(st.pool)} (citadels.draft.pass_left, draft.last_two)")
    _fits(all(st.taken_step[r] == NOT_TAKEN for r in st.pool), path, "taken_step",
          "a character being passed has not been taken (citadels.draft.pass_left)")


def check_calling(st: CitadelsState, path: str, phase: str) -> None:
    """The calling as the rules run it (citadels.call.order, call.reveal, call.silent): only characters already
    called are revealed or silent, never both; the character whose turn it is is the one called, revealed; a
    murder and a theft come from the Assassin's and the Thief's turns (char.assassin, char.thief_targets)."""
    if phase not in DRAFTED:
        return
    rank = st.rank
    drafting = phase == "draft"
    _fits(rank == -1 if drafting else 0 <= rank < 8, path, "rank", f"the character being called must fit the "
          f"{phase} phase (citadels.call.order)")
    for r in range(8):
        shown, silent = st.shown[r], st.silent[r]
        ok = not (shown and silent) if r <= rank else not (shown or silent)
        _fits(ok, path, "shown" if shown else "silent", f"the {CHAR_IDS[r]} is "
              + ("both revealed and silent" if r <= rank else "not called yet, neither revealed nor silent")
              + " (citadels.call.order, call.reveal, call.silent)")
    if phase in TURN_PHASES:
        _fits(st.tc == rank and st.shown[rank], path, "turn_character", "the character whose turn it is is the "
              "one called, revealed (citadels.call.reveal)")
    if st.killed != NOBODY:
        _fits(st.killed != ASSASSIN and rank >= ASSASSIN and st.shown[ASSASSIN] and not st.shown[st.killed], path,
              "killed", "only the revealed Assassin murders, another character, who is then not revealed "
              "(citadels.char.assassin)")
    if st.robbed != NOBODY:
        _fits(st.robbed not in (ASSASSIN, THIEF, st.killed) and rank >= THIEF and st.shown[THIEF], path, "robbed",
              "only the revealed Thief robs, neither the Assassin, himself nor the murdered character "
              "(citadels.char.thief_targets)")
