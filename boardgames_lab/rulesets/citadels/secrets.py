"""What a Citadels seat may not see, from the Sonderausgabe rulebook (see core/secrets.py).

Hidden: the building (and action) cards in the other players' hands; the order of the face-down
deck; the cards a player has drawn and not yet chosen among; and the characters: the one laid
face down at the start, those laid face down later, the cards being passed in the draft, and
each chosen character until its holder reveals it (a murdered one never is). Public: gold,
cities, the open discard pile (the Wizard's discards go onto it), the face-up characters, and
every character called: revealed, or silent and so laid aside, unless murdered.
"""
from __future__ import annotations

from ...core.rng import Rng
from ...core.secrets import Secret, others
from .state import NOBODY, CitadelsState


def _swap_with_deck(st: CitadelsState, place: list[int], rng: Rng) -> bool:
    """Swap one card of ``place`` with a different card of the deck; False if every deck card is the same."""
    pairs = [(i, j) for i, c in enumerate(place) for j, d in enumerate(st.deck) if c != d]
    if not pairs:
        return False
    i, j = rng.choice(pairs)
    place[i], st.deck[j] = st.deck[j], place[i]
    place.sort()  # hands and drawn cards are kept sorted
    return True


def _hidden_hands(st: CitadelsState, seat: int | None) -> list[int]:
    """Rulebook, Setup and Wizard: hand cards are held; the Fortune Teller (variant) looks at one hand."""
    if st.final is not None:
        return []  # the end: action cards left in hand score, every hand is shown
    shown = st.fortune if st.phase == "fortune" and seat == st.current else NOBODY
    return [q for q in others(st, seat) if q != shown and st.hands[q]]


def perturb_hands(st: CitadelsState, seat: int | None, rng: Rng) -> bool:
    """A card of another player's hand trades places with a card of the deck (or of a third hidden hand)."""
    hidden = _hidden_hands(st, seat)
    if not hidden:
        return False
    order = hidden[:]
    rng.shuffle(order)
    for q in order:
        if _swap_with_deck(st, st.hands[q], rng):
            return True
    for q in order:
        for r in order:
            pairs = [(i, j) for i, c in enumerate(st.hands[q]) for j, d in enumerate(st.hands[r]) if c != d]
            if q != r and pairs:
                i, j = rng.choice(pairs)
                st.hands[q][i], st.hands[r][j] = st.hands[r][j], st.hands[q][i]
                st.hands[q].sort()
                st.hands[r].sort()
                return True
    return False


def perturb_deck(st: CitadelsState, seat: int | None, rng: Rng) -> bool:
    """Rulebook, Setup: the building cards are shuffled into a face-down stack; nobody knows its order."""
    deck = st.deck
    pairs = [(i, j) for i in range(len(deck)) for j in range(i + 1, len(deck)) if deck[i] != deck[j]]
    if not pairs:
        return False
    i, j = rng.choice(pairs)
    deck[i], deck[j] = deck[j], deck[i]
    return True


def perturb_drawn(st: CitadelsState, seat: int | None, rng: Rng) -> bool:
    """Rulebook, a character's turn (income) and Ticket Booth: the drawer alone sees the cards he chooses from."""
    if not st.drawn or seat == st.current:
        return False
    return _swap_with_deck(st, st.drawn, rng)


def _character_hidden(st: CitadelsState, seat: int | None, r: int) -> bool:
    """Rulebook, Setup, Changes for 2/3/7 players and Sequence of a Round: may ``seat`` not know where ``r`` is?"""
    if st.final is not None or st.shown[r] or r in st.face_up:
        return False
    if st.silent[r] and st.killed != r:
        return False  # called, nobody spoke up, not murdered: it was laid aside
    if st.owner[r] != NOBODY:
        return st.owner[r] != seat
    if r in st.pool:
        return not (st.phase == "draft" and st.current == seat)
    if r in st.down:
        return st.down_knower[st.down.index(r)] != seat  # the King with 2-3 players, a burier, the last drafter
    return r in st.stack  # Sequence of a Round: the shuffled characters not yet laid out


def _passing_seen(st: CitadelsState, seat: int | None, r: int) -> tuple[bool, ...]:
    """Rulebook, Setup: in which of the pools passed to ``seat`` (it may hold them twice with 2-3 players) was
    ``r``? A character seen passing was chosen after the seat, one never seen before it."""
    if seat is None:
        return ()
    return tuple(st.taken_step[r] >= s for s in range(min(st.step + 1, len(st.steps))) if st.steps[s] >> 1 == seat)


def perturb_characters(st: CitadelsState, seat: int | None, rng: Rng) -> bool:
    """Two characters whose places the seat does not know trade places: a chosen one, a face-down one, one in
    the cards being passed. Both were alike in every pool the seat held."""
    if st.phase not in ("lay", "draft", "calling", "turn", "keep", "exchange", "graveyard", "fortune", "cash",
                        "rasputin", "acrobat"):
        return False
    hidden = [r for r in range(8) if _character_hidden(st, seat, r)]
    pairs = [(a, b) for a in hidden for b in hidden if a < b and _apart(st, a, b)
             and _passing_seen(st, seat, a) == _passing_seen(st, seat, b)]
    if not pairs:
        return False
    a, b = rng.choice(pairs)
    _swap_places(st, a, b)
    return True


def _apart(st: CitadelsState, a: int, b: int) -> bool:
    """Would swapping ``a`` and ``b`` change anything? Not two of one player's, nor two cards being passed."""
    if st.owner[a] != NOBODY:
        return st.owner[a] != st.owner[b]
    return not ((a in st.pool and b in st.pool) or (a in st.stack and b in st.stack))


def _swap_places(st: CitadelsState, a: int, b: int) -> None:
    st.owner[a], st.owner[b] = st.owner[b], st.owner[a]
    st.taken_step[a], st.taken_step[b] = st.taken_step[b], st.taken_step[a]  # the step belongs to the place
    for where in (st.pool, st.down, st.stack):
        for i, r in enumerate(where):
            where[i] = b if r == a else a if r == b else r
    st.pool.sort()  # the pool and the King's characters left are kept sorted
    st.stack.sort()


SECRETS = (
    Secret("the other players' hands", "Rulebook, Setup; Wizard; variant: Fortune Teller", perturb_hands),
    Secret("the order of the face-down building deck", "Rulebook, Setup", perturb_deck),
    Secret("the cards drawn and not yet chosen among", "Rulebook, Sequence of a Character's Turn (income); "
           "variant: Ticket Booth", perturb_drawn),
    Secret("the face-down characters and the chosen ones until revealed",
           "Rulebook, Setup; Changes for 2, 3 and 7 players; Sequence of a Round", perturb_characters),
)
