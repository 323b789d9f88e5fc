"""What a seat may not see in Keythedral, declared from the rulebook (not from view.py or determinize).

The rulebook's screens keep "all of their law cards, cubes, counters and tiles secret" (Contents); a bought
building tile is kept "behind your screen" (Phase three, action one); law cards lie face down in the chapter
house and on the new-law spaces "so that the type of law card cannot be seen" (Phase four); building tiles
not yet turned over and the surplus tiles are face down (Preparation); the field tiles wait in "a single stack
face down" and are taken from its top one at a time (Set up). This engine reads the screens as hiding which
cubes, tiles and cards lie behind them, not how many (keythedral.secret.screens), so every change below keeps
each player's counts. Worker counters all look alike: a screen hides nothing about them that play uses.
Everything behind the screens is shown at the final scoring. Where a single move would show a secret in its
own log line as the rules mean it to (laying the top field tile, turning a stage face up, the final scoring
after the last tile), that secret is left alone in the position just before.
"""
from __future__ import annotations

from ...core.rng import Rng
from ...core.secrets import Secret, others
from .data import BUILDINGS, FIELD_TILES
from .state import KState


def _open(st: KState) -> bool:
    """The screens are open at the final scoring, and the next move may bring it (the last tile for sale): a
    change now would show in that move's log, as the rulebook means it to."""
    return st.final is not None or (st.stage == 4 and len(st.rows[4]) <= 1)


def _may_turn_next(st: KState) -> int:
    """The stage one move could turn face up (its tiles then show in that move's log), or -1."""
    if st.phase == "lay_tiles":
        return 0 if sum(1 for c in st.cottage_at if c is None) <= 1 else -1
    if st.stage < 4 and len(st.rows[st.stage]) <= 1:
        return st.stage + 1
    return -1


def _swap_cubes(st: KState, seat: int | None, rng: Rng) -> bool:
    """One cube of one colour behind one hidden screen for a cube of another colour behind another."""
    if _open(st):
        return False
    # A purchase waiting in a law window was announced: the buyer is known to hold its cubes.
    buyers = {f["buyer"] for f in st.window.get("frames", ()) if f["kind"] == "purchase"}
    hidden = [q for q in others(st, seat) if q not in buyers]
    pairs = [(a, b, x, y) for a in hidden for b in hidden if a < b
             for x in range(8) if st.cubes[a][x] for y in range(8) if y != x and st.cubes[b][y]]
    if not pairs:
        return False
    a, b, x, y = pairs[rng.below(len(pairs))]
    st.cubes[a][x] -= 1
    st.cubes[a][y] += 1
    st.cubes[b][y] -= 1
    st.cubes[b][x] += 1
    return True


def _swap_seats(st: KState, seat: int | None, rng: Rng) -> bool:
    """A building tile behind one hidden screen for a tile behind another."""
    if _open(st):
        return False
    hidden = others(st, seat)
    pairs = [(a, i, b, j) for a in hidden for b in hidden if a < b
             for i in range(len(st.seats[a])) for j in range(len(st.seats[b]))]
    if not pairs:
        return False
    a, i, b, j = pairs[rng.below(len(pairs))]
    st.seats[a][i], st.seats[b][j] = st.seats[b][j], st.seats[a][i]
    return True


def _law_places(st: KState, seat: int | None) -> list[tuple[str, int, int]]:
    """Every place of a law card that ``seat`` cannot see: (where, which list or space, index)."""
    places = [("deck", 0, i) for i in range(len(st.law_deck))]
    places += [("space", 0, i) for i, c in enumerate(st.law_spaces) if c >= 0]
    places += [("hand", q, i) for q in others(st, seat) for i in range(len(st.law_hands[q]))]
    return places


def _get(st: KState, place: tuple[str, int, int]) -> int:
    where, q, i = place
    return st.law_deck[i] if where == "deck" else st.law_spaces[i] if where == "space" else st.law_hands[q][i]


def _put(st: KState, place: tuple[str, int, int], card: int) -> None:
    where, q, i = place
    if where == "deck":
        st.law_deck[i] = card
    elif where == "space":
        st.law_spaces[i] = card
    else:
        st.law_hands[q][i] = card
        st.law_hands[q].sort()  # a hand is kept sorted by the game


def _swap_laws(st: KState, seat: int | None, rng: Rng, hands: bool) -> bool:
    """Two law cards in hidden places swap; with ``hands`` one of them is in another player's hand."""
    if _open(st):
        return False
    places = _law_places(st, seat)
    pairs = [(a, b) for a in places for b in places if a < b and (a[0] == "hand" or b[0] == "hand") == hands
             and not (a[0] == b[0] == "hand" and a[1] == b[1])]
    if not pairs:
        return False
    a, b = pairs[rng.below(len(pairs))]
    card_a, card_b = _get(st, a), _get(st, b)
    _put(st, a, card_b)
    _put(st, b, card_a)
    return True


def _swap_hand_laws(st: KState, seat: int | None, rng: Rng) -> bool:
    return _swap_laws(st, seat, rng, hands=True)


def _swap_face_down_laws(st: KState, seat: int | None, rng: Rng) -> bool:
    return _swap_laws(st, seat, rng, hands=False)


def _swap_building_tiles(st: KState, seat: int | None, rng: Rng) -> bool:
    """A face-down tile on the mat for a surplus tile of its stage, both unseen by everyone."""
    turning = _may_turn_next(st)
    pairs = [(stage, t, u) for stage in range(5) if not st.face_up[stage] and stage != turning
             for t in st.rows[stage] for u in st.surplus if BUILDINGS[u].stage == stage]
    if not pairs:
        return False
    stage, t, u = pairs[rng.below(len(pairs))]
    row = st.rows[stage]
    row[row.index(t)] = u
    row.sort()
    st.surplus[st.surplus.index(u)] = t
    st.surplus.sort()
    return True


def _swap_field_stack(st: KState, seat: int | None, rng: Rng) -> bool:
    """Two field tiles of different colours in the face-down stack change places. The top tile counts only
    while nobody has taken it: in a player's field step they hold it, and laying it shows it to all."""
    stack = st.field_stack
    hidden = len(stack) - (1 if stack and st.field_taken else 0)
    pairs = [(i, j) for i in range(hidden) for j in range(i + 1, hidden)
             if FIELD_TILES[stack[i]].kind != FIELD_TILES[stack[j]].kind]
    if not pairs:
        return False
    i, j = pairs[rng.below(len(pairs))]
    stack[i], stack[j] = stack[j], stack[i]
    return True


SECRETS = (
    Secret("the colours of the cubes behind the other players' screens", "Contents (player screens)",
           _swap_cubes),
    Secret("the building tiles behind the other players' screens",
           "Contents (player screens); Phase three, action one", _swap_seats),
    Secret("the law cards in the other players' hands", "Contents (player screens); Phase three, action six",
           _swap_hand_laws),
    Secret("the face-down law cards in the chapter house and on the new-law spaces", "Preparation; Phase four",
           _swap_face_down_laws),
    Secret("the face-down building tiles on the mat and the surplus tiles", "Preparation", _swap_building_tiles),
    Secret("the order and colours of the face-down field stack", "Set up", _swap_field_stack),
)
