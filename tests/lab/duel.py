"""Duel, a test-only game in Engine 2's shape (never registered): each player is dealt one card from a
face-down deck and holds it behind a screen; in turn they raise the stake or swap their card for a
new one from the deck; the highest card times its stake wins. Small enough to read in one sitting,
it shows every part a game declares: move kinds with one check each, a position format, field
visibility, and chance phases (the deal and each draw) whose outcomes can be listed."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardgames_lab.core import turns
from boardgames_lab.core.definition import GameDefinition, GameInfo, State, make_rulebook
from boardgames_lab.core.errors import InvalidNotation, PositionError
from boardgames_lab.core.flow import Edge, Flow, Phase
from boardgames_lab.core.moves import CHANCE, Kind, Move, Refusal, always
from boardgames_lab.core.position import Reader, conserved, ints
from boardgames_lab.core.rng import Rng
from boardgames_lab.core.rules import Rule
from boardgames_lab.core.secrets import Secret, others
from boardgames_lab.core.visibility import EVERYONE, NOBODY, OWNER

CARDS = tuple(range(1, 11))
MAX_STAKE = 2
NO_CARD = 0  # a hand waiting for the deal
RULES = [Rule("duel_test.raise", "test rules 1", "Raise your stake by 1 or 2, to at most 5."),
         Rule("duel_test.swap", "test rules 2", "Swap your card for a new one from the deck, while it lasts."),
         Rule("duel_test.deal", "test rules 3", "Each card is dealt from the face-down deck, at random.")]


@dataclass(frozen=True, slots=True)
class Raise(Move):
    amount: int
    kind = "raise"

    def __str__(self) -> str:
        return f"raise {self.amount}"


@dataclass(frozen=True, slots=True)
class Swap(Move):
    kind = "swap"


@dataclass(frozen=True, slots=True)
class Deal(Move):
    """Chance deals ``card`` to the seat to act (made by CHANCE)."""

    card: int
    kind = "deal"

    def __str__(self) -> str:
        return f"deal {self.card}"


class DuelState(State):
    __slots__ = ("hands", "deck", "stakes", "turns")


def check_raise(st: DuelState, move: Raise) -> Refusal | None:
    if not 1 <= move.amount <= MAX_STAKE:
        return Refusal("duel_test.raise", f"a raise is 1 or {MAX_STAKE}, not {move.amount}", "raise 1 or 2")
    if st.stakes[move.player] + move.amount > 5:
        return Refusal("duel_test.raise", f"your stake is {st.stakes[move.player]}; it may not pass 5",
                       "raise less, or swap")
    return None


def raises(st: DuelState, seat: int) -> list[Raise]:
    return [Raise(seat, a) for a in range(1, MAX_STAKE + 1)]


def check_swap(st: DuelState, move: Swap) -> Refusal | None:
    return None if st.deck else Refusal("duel_test.swap", "the deck is empty", "raise instead")


def check_deal(st: DuelState, move: Deal) -> Refusal | None:
    if move.card not in st.deck:
        return Refusal("duel_test.deal", f"{move.card} is not in the deck", f"deal one of {sorted(st.deck)}")
    return None


def deals(st: DuelState, seat: int) -> list[Deal]:
    return [Deal(CHANCE, card) for card in sorted(st.deck)]


def swap_a_hand_card(st: DuelState, seat: int | None, rng: Rng) -> bool:
    """A card in another player's hand trades places with one in the deck (both hidden from ``seat``)."""
    held = [p for p in others(st, seat) if st.hands[p] != NO_CARD]
    if not held or not st.deck or st.turns == 0:
        return False
    p, k = rng.choice(held), rng.below(len(st.deck))
    st.hands[p], st.deck[k] = st.deck[k], st.hands[p]
    st.deck.sort()
    return True


def done(st: DuelState) -> bool:
    return st.turns == 0 and NO_CARD not in st.hands


def all_dealt(st: DuelState) -> bool:
    return NO_CARD not in st.hands


def waiting(st: DuelState) -> bool:
    return NO_CARD in st.hands


def first_player(st: DuelState) -> None:
    st.current = 0


def next_player(st: DuelState) -> None:
    st.current = (st.current + 1) % st.num_players


class Duel(GameDefinition[DuelState]):
    info = GameInfo(name="duel_test", title="Duel", min_players=2, max_players=3, default_players=2,
                    hidden_information=True, chance=True, edition="test", rules_version=1,
                    description="Raise or swap a hidden card.")
    rulebook = make_rulebook("duel_test", RULES)
    flow = Flow(start="deal", phases=(
        Phase("deal", "Deal", moves=("deal",), turn=turns.clockwise, chance=True),
        Phase("play", "Play", moves=("raise", "swap"), turn=turns.clockwise),
        Phase("draw", "Draw", moves=("deal",), turn=turns.same, chance=True),
        Phase("game_over", "Game over")),
        edges=(Edge("deal", "play", guard=all_dealt, hook=first_player),
               Edge("play", "draw", guard=waiting), Edge("play", "game_over", guard=done),
               Edge("draw", "game_over", guard=done), Edge("draw", "play", guard=all_dealt, hook=next_player)))
    kinds = (Kind(Raise, check_raise, raises), Kind(Swap, check_swap, lambda st, seat: [Swap(seat)]),
             Kind(Deal, check_deal, deals, reveals=always))
    fields = {"hands.*": OWNER, "deck": NOBODY, "stakes": EVERYONE, "turns": EVERYONE}
    secrets = (Secret("the other players' cards", "test rules 3: behind a screen", swap_a_hand_card),)

    def create_state(self, players: int, seed: int, options: dict[str, Any]) -> DuelState:
        st = DuelState()
        st.init_base(players, seed)
        st.hands, st.deck, st.stakes, st.turns = [NO_CARD] * players, list(CARDS), [1] * players, 2 * players
        return st

    def chance_weights(self, st: DuelState) -> list[tuple[Any, int]]:
        return [(Deal(CHANCE, card), 1) for card in st.deck]

    def move_visibility(self, st: DuelState, move: Any) -> list[int] | None:
        return [st.current] if move.kind == "deal" else None  # a card is dealt face down to the seat to act

    def apply_move(self, st: DuelState, move: Any) -> None:
        p = move.player
        if move.kind == "deal":
            st.deck.remove(move.card)
            st.hands[st.current] = move.card
            st.note(f"{{p{st.current}}} is dealt a {move.card}", {"card": move.card}, visible_to=[st.current])
            return
        if move.kind == "swap":
            st.deck.append(st.hands[p])
            st.deck.sort()  # the deck is face down: which card is where is not known
            st.hands[p] = NO_CARD
            st.note(f"{{p{p}}} swaps")
        else:
            st.stakes[p] += move.amount
            st.note(f"{{p{p}}} raises by {move.amount}")
        st.turns -= 1

    def parse_move(self, st: DuelState, text: str, *seat: int) -> Any:
        words = text.split()
        if words == ["swap"]:
            return Swap(seat[0])
        if len(words) == 2 and words[0] == "deal" and words[1].isascii() and words[1].isdigit():
            return Deal(seat[0], int(words[1]))
        if len(words) == 2 and words[0] == "raise" and words[1].isascii() and words[1].isdigit():
            return Raise(seat[0], int(words[1]))
        raise InvalidNotation(f"{text!r}: 'raise 1', 'raise 2' or 'swap'")

    def position(self, st: DuelState) -> dict[str, Any]:
        return {"hands": list(st.hands), "deck": list(st.deck), "stakes": list(st.stakes), "turns": st.turns}

    def read_position(self, data: Reader, players: int, options: dict[str, Any], phase: str) -> DuelState:
        data = Reader(data.data, data.path, ("hands", "deck", "stakes", "turns"))
        st = DuelState()
        st.init_base(players, 0)
        st.hands = data.items("hands", ints(0, 10), length=players)
        st.deck = data.items("deck", ints(1, 10))
        if st.deck != sorted(st.deck):
            raise PositionError(data.at("deck"), "a face-down deck is written in order, smallest first")
        held = [c for c in st.hands if c != NO_CARD]
        conserved(data.at("deck"), "cards", held + st.deck, {c: 1 for c in CARDS})
        if (NO_CARD in st.hands) != (phase in ("deal", "draw")):
            raise PositionError(data.at("hands"), f"a hand without a card does not fit the {phase} phase")
        st.stakes = data.items("stakes", ints(1, 5), length=players)
        st.turns = data.integer("turns", 0, 2 * players)
        if phase != "draw" and (st.turns == 0) != (phase == "game_over"):
            raise PositionError(data.at("turns"), f"{st.turns} turns left does not fit the {phase} phase")
        return st

    def show(self, data: dict[str, Any], player: int | None, st: DuelState) -> dict[str, Any]:
        return {**data, "perspective": player}

    def scores(self, st: DuelState) -> list[int]:
        return [st.hands[p] * st.stakes[p] for p in range(st.num_players)]

    def winners(self, st: DuelState) -> list[int]:
        best = max(self.scores(st))
        return [p for p, s in enumerate(self.scores(st)) if s == best]

    def clone_state(self, st: DuelState) -> DuelState:
        other = DuelState()
        st.copy_base(other)
        other.hands, other.deck, other.stakes, other.turns = st.hands[:], st.deck[:], st.stakes[:], st.turns
        return other

    def snapshot(self, st: DuelState) -> dict[str, Any]:
        return {**self.position(st), "phase": st.phase, "current": st.current, "rng": st.rng.state}

    def determinize(self, st: DuelState, player: int | None, rng: Rng) -> DuelState:
        other = self.clone_state(st)
        unseen = [p for p in range(st.num_players) if p != player and st.hands[p] != NO_CARD]
        pool = [other.hands[p] for p in unseen] + other.deck
        rng.shuffle(pool)
        for p in unseen:
            other.hands[p] = pool.pop()
        other.deck = sorted(pool)
        return other
