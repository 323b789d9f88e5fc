"""Set-up (rulebook, Setup) and each round's sequence: the character draft and the calling of the
characters (the hooks and guards the phase declaration in flow.py names)."""
from __future__ import annotations

from .data import CHARACTERS, KING, START_CARDS, START_GOLD, deck_for
from .state import NOBODY, NOT_TAKEN, CitadelsState

KEEP, BURY = 0, 1


def draft_steps(n: int, crown: int) -> list[int]:
    """Who decides at each step of the draft, and whether they keep or bury (player * 2 + kind)."""
    a, b = crown, (crown + 1) % n
    if n == 2:  # citadels.draft.two_players
        return [a * 2, b * 2, b * 2 + BURY, a * 2, a * 2 + BURY, b * 2]
    rounds = 2 if n == 3 else 1  # citadels.draft.three_players: the cards go round twice
    return [((crown + i) % n) * 2 for i in range(n * rounds)]


# Who decides at a step, by its value (player * 2 + kind): a table read costs less than a shift.
DRAFTER = tuple(v >> 1 for v in range(16))
# Every round's steps, by player count and crown, built once (start_round copies one).
STEPS = tuple(tuple(tuple(draft_steps(n, crown)) for crown in range(n)) if n >= 2 else () for n in range(8))
def start_round(st: CitadelsState) -> None:
    """citadels.draft.face_down / char.king_murdered: the King shuffles the eight characters; the chance phase
    ``lay`` then lays them out (draws.py), and ``open_draft`` passes the rest."""
    if st.heir != NOBODY:
        st.crown, st.heir = st.heir, NOBODY
        st.note("{p%d} takes the crown as the murdered King's heir." % st.crown, {"crown": st.crown})
    n = st.num_players
    st.stack = [0, 1, 2, 3, 4, 5, 6, 7]  # the eight characters, shuffled: which comes is a draw (draws.py)
    # owner, down, down_knower, face_up and rank are as set-up or end_round left them: no one's, none, -1
    st.pool = []
    st.taken_step = [NOT_TAKEN] * 8
    st.first_step = [NOT_TAKEN] * n
    st.shown = [False] * 8
    st.silent = [False] * 8
    st.killed = st.robbed = NOBODY
    st.steps, st.step = [], 0  # the draft's order comes once the characters are laid out
    st.current = st.crown


def open_draft(st: CitadelsState) -> None:
    """citadels.draft.pass_left: the characters left in the stack are passed, from the crown holder."""
    cards = st.stack
    st.stack = []
    cards.sort()  # the pool is kept sorted: taking a card out leaves it sorted
    st.pool = cards
    st.steps = list(STEPS[st.num_players][st.crown])
    st.step = 0
    if st.events is not None:
        st.note(f"Round {st.round}: {{p{st.crown}}} shuffles the characters and lays one face down"
                + (", face up: " + ", ".join(CHARACTERS[c].name for c in st.face_up) if st.face_up else "")
                + ".", {"round": st.round, "face_up": [CHARACTERS[c].id for c in st.face_up]})
    st.current = st.crown  # turn_draft's first step, written out: the crown holder sees the cards first
    st.first_step[st.crown] = 0

def turn_draft(st: CitadelsState) -> None:
    """Who holds the cards now; with seven players the last one also takes the face-down card."""
    p = DRAFTER[st.steps[st.step]]
    st.current = p
    if st.first_step[p] == NOT_TAKEN:
        st.first_step[p] = st.step
    if st.num_players == 7 and st.step == 6:  # citadels.draft.seven_players
        card = st.down.pop()
        st.down_knower.pop()
        st.pool.append(card)
        st.pool.sort()
        st.taken_step[card] = NOT_TAKEN

def draft_done(st: CitadelsState) -> bool:
    return st.step >= len(st.steps)

def finish_draft(st: CitadelsState) -> None:
    """citadels.draft.last_two: the card left over goes face down; its last holder saw it."""
    last = st.steps[-1] >> 1
    for c in st.pool:
        st.taken_step[c] = st.step
        st.down.append(c)
        st.down_knower.append(last)
    st.pool = []
    if st.events is not None:
        st.note("The last character is laid face down. The King calls the characters.", {})

def apply_draft(st: CitadelsState, keep: bool, c: int) -> None:
    """citadels.draft.pass_left / draft.two_players: character ``c`` is kept (``keep``) or laid face down."""
    p = st.current
    st.pool.remove(c)
    st.taken_step[c] = st.step
    st.step += 1
    if keep:
        st.owner[c] = p
    else:
        st.down.append(c)
        st.down_knower.append(p)
    if st.events is not None:
        name, kind = CHARACTERS[c].name, "pick" if keep else "bury"
        what, own = ("keeps", "keep") if keep else ("lays", "lay")
        down = "" if keep else " face down"
        st.note(f"{{p{p}}} {what} the {name}{down}.", {"player": p, "character": CHARACTERS[c].id, "kind": kind},
                visible_to=[p], you=(p, f"You {own} the {name}{down}."))

# --- calling -------------------------------------------------------------------------
def call_next(st: CitadelsState) -> None:
    """citadels.call.order / call.silent / char.assassin: call the next rank; a silent one is passed over.
    A few plain statements: the flow writes them in place of a call (core/inline.py), once per character."""
    st.asked = 0
    r = st.rank = st.rank + 1
    if r < 8 and (st.owner[r] == NOBODY or st.killed == r):
        pass_silent(st)


def pass_silent(st: CitadelsState) -> None:
    """citadels.call.silent / char.assassin: pass over the silent ranks from the one called, unless a
    reaction window of the variant belongs to the silence (a murdered character, a silent King)."""
    r = st.rank
    owner, killed = st.owner, st.killed
    while r < 8:
        if owner[r] != NOBODY and killed != r:
            break
        st.silent[r] = True
        if st.events is not None:
            why = " (murdered)" if killed == r else ""
            st.note(f"The {CHARACTERS[r].name} is called; nobody answers{why}.", {"called": CHARACTERS[r].id})
        if (killed == r or r == KING) and st.action_cards:
            break
        r += 1
    st.rank = r

def character_answers(st: CitadelsState) -> bool:
    r = st.rank
    return r < 8 and st.owner[r] != NOBODY and st.killed != r

def rasputin_due(st: CitadelsState) -> bool:
    """citadels.action.rasputin: offered whenever a murdered character is called, held or not."""
    return st.action_cards and st.killed == st.rank and not st.asked & 1

def acrobat_due(st: CitadelsState) -> bool:
    """citadels.action.acrobat: the King is called and nobody reveals him."""
    return (st.action_cards and st.rank == KING and not st.queue and not st.asked & 6
            and (st.owner[KING] == NOBODY or st.killed == KING))

def _open(st: CitadelsState, window: str, bit: int) -> None:
    st.asked |= bit
    st.window = window
    n = st.num_players
    st.queue = [(st.crown + i) % n for i in range(n)]
    st.current = st.queue[0]

def open_rasputin(st: CitadelsState) -> None:
    _open(st, "rasputin", 1)

def open_acrobat(st: CitadelsState) -> None:
    _open(st, "acrobat", 2)

def turn_window(st: CitadelsState) -> None:
    if st.queue:
        st.current = st.queue[0]

def window_closed(st: CitadelsState) -> bool:
    return not st.queue

def rasputin_played(st: CitadelsState) -> bool:
    return bool(st.asked & 4)

def end_round(st: CitadelsState) -> None:
    """citadels.char.king_absent: with no King revealed the crown stays; a murdered King's heir waits. Four
    plain statements: the flow writes them in place of a call (core/inline.py), once per round."""
    if st.killed == KING and st.owner[KING] != NOBODY and not st.shown[KING] and st.acrobat_round != st.round:
        st.heir = st.owner[KING]  # citadels.char.king_murdered
        st.note("The murdered King was {p%d}'s: the crown goes there next round." % st.heir, {"heir": st.heir})
    st.owner, st.down, st.down_knower, st.face_up, st.rank = [NOBODY] * 8, [], [], [], -1
    if st.events is not None:
        st.note(f"Round {st.round} ends; the characters go back to the middle.", {"round": st.round})
    if st.first_eight == NOBODY:
        st.round += 1

def game_ends(st: CitadelsState) -> bool:
    return st.first_eight != NOBODY


# --- set-up ------------------------------------------------------------------------------------
def deal(st: CitadelsState) -> None:
    """citadels.setup.gold / setup.cards / setup.crown / action.deck: the deck is shuffled; the chance phase
    ``deal`` then deals each player's four cards from its top (draws.py)."""
    st.deck = deck_for(st.options)
    st.rng.shuffle(st.deck, what="the building deck")
    for p in range(st.num_players):
        st.gold[p] = START_GOLD
    st.crown = 0
    st.draw_seat, st.draw_left, st.draw_keep = 0, START_CARDS, 0
    st.note(f"Every player takes {START_GOLD} gold and is dealt {START_CARDS} cards; {{p0}} holds the crown.",
            {"gold": START_GOLD, "cards": START_CARDS, "crown": 0})

# --- moves ---------------------------------------------------------------------------
