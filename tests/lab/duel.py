"""Duel, a test-only game in Engine 2's shape (never registered): each player holds one card behind a
screen; in turn they raise the stake or swap their card for the top of the face-down deck; the
highest card times its stake wins. Small enough to read in one sitting, it shows every part a
game declares: move kinds with one check each, a position format, field visibility and draws."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardgames_lab.core.definition import GameDefinition, GameInfo, State, make_rulebook
from boardgames_lab.core.errors import InvalidNotation, PositionError
from boardgames_lab.core.flow import Edge, Flow, Phase
from boardgames_lab.core.moves import Kind, Move, Refusal, always
from boardgames_lab.core.position import Reader, conserved, ints
from boardgames_lab.core.rng import Rng
from boardgames_lab.core.rules import Rule
from boardgames_lab.core.visibility import EVERYONE, NOBODY, OWNER

CARDS = tuple(range(1, 11))
MAX_STAKE = 2
RULES = [Rule("duel_test.raise", "test rules 1", "Raise your stake by 1 or 2, to at most 5."),
         Rule("duel_test.swap", "test rules 2", "Swap your card for the deck's top card, while the deck lasts.")]


@dataclass(frozen=True, slots=True)
class Raise(Move):
    amount: int
    kind = "raise"

    def __str__(self) -> str:
        return f"raise {self.amount}"


@dataclass(frozen=True, slots=True)
class Swap(Move):
    kind = "swap"


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


class Duel(GameDefinition[DuelState]):
    info = GameInfo(name="duel_test", title="Duel", min_players=2, max_players=3, default_players=2,
                    hidden_information=True, chance=True, edition="test", rules_version=1,
                    description="Raise or swap a hidden card.")
    rulebook = make_rulebook("duel_test", RULES)
    flow = Flow(start="play", phases=(Phase("play", "Play", moves=("raise", "swap"), turn="clockwise"),
                                      Phase("game_over", "Game over")),
                edges=(Edge("play", "game_over", guard="done"),))
    kinds = (Kind(Raise, check_raise, raises),
             Kind(Swap, check_swap, lambda st, seat: [Swap(seat)], reveals=always))
    fields = {"hands.*": OWNER, "deck": NOBODY, "stakes": EVERYONE, "turns": EVERYONE}

    def done(self, st: DuelState) -> bool:
        return st.turns == 0

    def create_state(self, players: int, seed: int, options: dict[str, Any]) -> DuelState:
        st = DuelState()
        st.init_base(players, seed)
        deck = list(CARDS)
        st.rng.shuffle(deck, what="the deck")
        st.hands, st.deck, st.stakes, st.turns = deck[:players], deck[players:], [1] * players, 2 * players
        return st

    def apply_move(self, st: DuelState, move: Any) -> None:
        p = move.player
        if move.kind == "swap":
            st.hands[p], st.deck[0] = st.deck[0], st.hands[p]
            st.deck.append(st.deck.pop(0))
            st.note(f"{{p{p}}} swaps and draws a {st.hands[p]}", {"card": st.hands[p]}, visible_to=[p])
            st.note(f"{{p{p}}} swaps")
        else:
            st.stakes[p] += move.amount
            st.note(f"{{p{p}}} raises by {move.amount}")
        st.turns -= 1

    def parse_move(self, st: DuelState, text: str, *seat: int) -> Any:
        words = text.split()
        if words == ["swap"]:
            return Swap(seat[0])
        if len(words) == 2 and words[0] == "raise" and words[1].isascii() and words[1].isdigit():
            return Raise(seat[0], int(words[1]))
        raise InvalidNotation(f"{text!r}: 'raise 1', 'raise 2' or 'swap'")

    def position(self, st: DuelState) -> dict[str, Any]:
        return {"hands": list(st.hands), "deck": list(st.deck), "stakes": list(st.stakes), "turns": st.turns}

    def read_position(self, data: Reader, players: int, options: dict[str, Any], phase: str) -> DuelState:
        data = Reader(data.data, data.path, ("hands", "deck", "stakes", "turns"))
        st = DuelState()
        st.init_base(players, 0)
        st.hands = data.list("hands", ints(1, 10), length=players)
        st.deck = data.list("deck", ints(1, 10))
        conserved(data.at("deck"), "cards", st.hands + st.deck, {c: 1 for c in CARDS})
        st.stakes = data.list("stakes", ints(1, 5), length=players)
        st.turns = data.int("turns", 0, 2 * players)
        if (st.turns == 0) != (phase == "game_over"):
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
        unseen = [p for p in range(st.num_players) if p != player]
        pool = [other.hands[p] for p in unseen] + other.deck
        rng.shuffle(pool)
        for p in unseen:
            other.hands[p] = pool.pop()
        other.deck = pool
        return other
