"""Test-only games in Engine 2's shape (never registered): Nim (take one or two, last take wins), and High
card, a tiny game with hidden information whose declarations, log or checks can be broken on purpose, so the
conformance suite's own checks can be seen to catch each kind of fault."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardgames_lab.core import turns
from boardgames_lab.core.definition import GameDefinition, GameInfo, State, make_rulebook
from boardgames_lab.core.errors import InvalidNotation
from boardgames_lab.core.flow import Edge, Flow, Phase
from boardgames_lab.core.moves import Kind, Move, Refusal, always, whole_number
from boardgames_lab.core.position import Reader, conserved, ints
from boardgames_lab.core.rng import Rng
from boardgames_lab.core.rules import Rule
from boardgames_lab.core.secrets import Secret, others
from boardgames_lab.core.visibility import EVERYONE, NOBODY, revealed

INFO = GameInfo(name="nim_test", title="Nim", min_players=2, max_players=2, default_players=2,
                hidden_information=False, chance=False, edition="test", rules_version=1,
                description="Take one or two counters; whoever takes the last one wins.")


@dataclass(frozen=True, slots=True)
class Take(Move):
    counters: int
    kind = "take"

    def __str__(self) -> str:
        return f"take {self.counters}"


class NimState(State):
    __slots__ = ("pile", "last")


def check_take(st: NimState, move: Take) -> Refusal | None:
    if not 1 <= move.counters <= min(2, st.pile):
        return Refusal("nim_test.take", f"take 1 or 2, at most the {st.pile} left", f"take {min(2, st.pile)}")
    return None


def _digits(word: str) -> bool:
    return whole_number(word) is not None


def empty(st: NimState) -> bool:
    return st.pile == 0


class Nim(GameDefinition[NimState]):
    info = INFO
    rulebook = make_rulebook("nim_test", [Rule("nim_test.take", "test", "Take one or two counters.")])
    flow = Flow(start="play", phases=(Phase("play", "Play", moves=("take",), turn=turns.clockwise),
                                      Phase("game_over", "Game over")),
                edges=(Edge("play", "game_over", guard=empty),))
    kinds = (Kind(Take, check_take, lambda st, seat: [Take(seat, 1), Take(seat, 2)]),)
    fields = {"pile": EVERYONE, "last": EVERYONE}

    def __init__(self, pile: int = 7):
        self.pile = pile
        super().__init__()

    def create_state(self, players: int, seed: int, options: dict[str, Any]) -> NimState:
        st = NimState()
        st.init_base(players, seed)
        st.pile, st.last = self.pile, -1
        return st

    def apply_move(self, st: NimState, move: Take) -> None:
        st.pile -= move.counters
        st.last = move.player

    def parse_move(self, st: NimState, text: str, *seat: int) -> Take:
        words = text.split()
        if len(words) == 2 and words[0] == "take" and _digits(words[1]):
            return Take(seat[0], int(words[1]))
        raise InvalidNotation(f"{text!r}: 'take 1' or 'take 2'")

    def position(self, st: NimState) -> dict[str, Any]:
        return {"pile": st.pile, "last": st.last}

    def read_position(self, data: Reader, players: int, options: dict[str, Any], phase: str) -> NimState:
        data = Reader(data.data, data.path, ("pile", "last"))
        st = NimState()
        st.init_base(players, 0)
        st.pile, st.last = data.integer("pile", 0, 99), data.integer("last", -1, players - 1)
        return st

    def show(self, data: dict[str, Any], player: int | None, st: NimState) -> dict[str, Any]:
        return {"pile": data["pile"], "perspective": player}

    def scores(self, st: NimState) -> list[int]:
        return [int(p == st.last and st.pile == 0) for p in range(st.num_players)]

    def winners(self, st: NimState) -> list[int]:
        return [st.last] if st.pile == 0 else []

    def clone_state(self, st: NimState) -> NimState:
        other = NimState()
        st.copy_base(other)
        other.pile, other.last = st.pile, st.last
        return other

    def snapshot(self, st: NimState) -> dict[str, Any]:
        return {"pile": st.pile, "last": st.last, "current": st.current, "phase": st.phase}

    def determinize(self, st: NimState, player: int | None, rng: Rng) -> NimState:
        return self.clone_state(st)  # nothing is hidden


@dataclass(frozen=True, slots=True)
class Bet(Move):
    amount: int
    kind = "bet"

    def __str__(self) -> str:
        return f"bet {self.amount}"


@dataclass(frozen=True, slots=True)
class Swap(Move):
    kind = "swap"


class CardsState(State):
    __slots__ = ("hands", "deck", "bets", "turns")


CARDS_INFO = GameInfo(name="high_card_test", title="High card", min_players=2, max_players=3, default_players=2,
                      hidden_information=True, chance=True, edition="test", rules_version=1,
                      description="Each holds one card behind a screen; bet or swap it for the top of the deck.")
CARD_RULES = [Rule("high_card_test.bet", "test", "Bet 1 or 2, or swap your card for the top of the deck."),
              Rule("high_card_test.show", "test", "The cards are shown when the last turn is played.")]


def _swap_a_hand_card(st: CardsState, seat: int | None, rng: Rng) -> bool:
    """A card in another player's hand trades places with one in the face-down deck (both hidden from seat)."""
    if not st.deck or st.turns == 0:  # the cards are shown at the end
        return False
    p, k = rng.choice(others(st, seat)), rng.below(len(st.deck))
    st.hands[p], st.deck[k] = st.deck[k], st.hands[p]
    return True


def _reorder_the_deck(st: CardsState, seat: int | None, rng: Rng) -> bool:
    if len(set(st.deck)) < 2:
        return False
    k = next(i for i in range(1, len(st.deck)) if st.deck[i] != st.deck[0])
    st.deck[0], st.deck[k] = st.deck[k], st.deck[0]
    return True


CARD_SECRETS = (Secret("the other players' cards", "test rules: behind a screen", _swap_a_hand_card),
                Secret("the order of the deck", "test rules: face down", _reorder_the_deck))
CARD_FIELDS = {"hands.*": revealed("high_card_test.show", lambda data, owner: data["turns"] == 0),
               "deck": NOBODY, "bets": EVERYONE, "turns": EVERYONE}


def done(st: CardsState) -> bool:
    return st.turns == 0


class HighCard(GameDefinition[CardsState]):
    """A test-only hidden-information game (never registered). ``leak`` breaks it on purpose:
    "view" declares every hand seen by everyone, "show" draws the view's hands from the state instead of
    the redacted data, "log" writes the bettor's card in the public log, "" hides all three. ``sloppy`` breaks its check and notation on purpose: the bet check looks negative
    amounts up in a table that lacks them and lets any other amount pass, and notation reads any digit."""

    info = CARDS_INFO
    rulebook = make_rulebook("high_card_test", CARD_RULES)
    flow = Flow(start="play", phases=(Phase("play", "Play", moves=("bet", "swap"), turn=turns.clockwise),
                                      Phase("game_over", "Game over")),
                edges=(Edge("play", "game_over", guard=done),))
    secrets = CARD_SECRETS

    def __init__(self, leak: str = "", secrets: tuple[Secret, ...] = CARD_SECRETS, sloppy: bool = False):
        self.leak = leak
        self.secrets = secrets
        self.sloppy = sloppy
        self.fields = {**CARD_FIELDS, "hands.*": EVERYONE} if leak == "view" else CARD_FIELDS
        self.kinds = (Kind(Bet, self.check_bet, lambda st, seat: [Bet(seat, 1), Bet(seat, 2)]),
                      Kind(Swap, self.check_swap, lambda st, seat: [Swap(seat)], reveals=always))
        super().__init__()

    def check_bet(self, st: CardsState, move: Bet) -> Refusal | None:
        if self.sloppy:
            return {-1: None}[move.amount - 1] if move.amount < 0 else None
        if move.amount not in (1, 2):
            return Refusal("high_card_test.bet", f"a bet is 1 or 2, not {move.amount}", "bet 1 or 2")
        return None

    def check_swap(self, st: CardsState, move: Swap) -> Refusal | None:
        return None if st.deck else Refusal("high_card_test.bet", "the deck is empty", "bet 1 or 2")

    def create_state(self, players: int, seed: int, options: dict[str, Any]) -> CardsState:
        st = CardsState()
        st.init_base(players, seed)
        deck = list(range(1, 11))
        st.rng.shuffle(deck, what="the deck")
        st.hands, st.deck, st.bets, st.turns = deck[:players], deck[players:], [0] * players, 3 * players
        return st

    def apply_move(self, st: CardsState, move: Bet | Swap) -> None:
        p = move.player
        if move.kind == "swap":
            st.hands[p], st.deck[0] = st.deck[0], st.hands[p]
            st.deck.append(st.deck.pop(0))
            st.note(f"{{p{p}}} swaps and draws a {st.hands[p]}", {"card": st.hands[p]}, visible_to=[p])
            st.note(f"{{p{p}}} swaps")
        else:
            st.bets[p] += move.amount
            holding = f" holding a {st.hands[p]}" if self.leak == "log" else ""
            st.note(f"{{p{p}}} bets {move.amount}{holding}")
        st.turns -= 1

    def parse_move(self, st: CardsState, text: str, *seat: int) -> Bet | Swap:
        words = text.split()
        if words == ["swap"]:
            return Swap(seat[0])
        read = str.isdigit if self.sloppy else _digits
        if len(words) == 2 and words[0] == "bet" and read(words[1]):
            return Bet(seat[0], int(words[1]))
        raise InvalidNotation(f"{text!r}: 'bet 1', 'bet 2' or 'swap'")

    def position(self, st: CardsState) -> dict[str, Any]:
        return {"hands": list(st.hands), "deck": list(st.deck), "bets": list(st.bets), "turns": st.turns}

    def read_position(self, data: Reader, players: int, options: dict[str, Any], phase: str) -> CardsState:
        data = Reader(data.data, data.path, ("hands", "deck", "bets", "turns"))
        st = CardsState()
        st.init_base(players, 0)
        st.hands = data.items("hands", ints(1, 10), length=players)
        st.deck = data.items("deck", ints(1, 10))
        conserved(data.at("deck"), "cards", st.hands + st.deck, {c: 1 for c in range(1, 11)})
        st.bets = data.items("bets", ints(0, 99), length=players)
        st.turns = data.integer("turns", 0, 3 * players)
        return st

    def show(self, data: dict[str, Any], player: int | None, st: CardsState) -> dict[str, Any]:
        hands = [None if isinstance(h, dict) else h for h in data["hands"]]
        if self.leak == "show":
            hands = list(st.hands)
        deck = data["deck"]
        return {"hands": hands, "deck": deck["count"] if isinstance(deck, dict) else len(deck),
                "bets": data["bets"], "perspective": player}

    def scores(self, st: CardsState) -> list[int]:
        return [st.hands[p] * st.bets[p] for p in range(st.num_players)]

    def winners(self, st: CardsState) -> list[int]:
        best = max(self.scores(st))
        return [p for p, s in enumerate(self.scores(st)) if s == best]

    def clone_state(self, st: CardsState) -> CardsState:
        other = CardsState()
        st.copy_base(other)
        other.hands, other.deck, other.bets, other.turns = list(st.hands), list(st.deck), list(st.bets), st.turns
        return other

    def snapshot(self, st: CardsState) -> dict[str, Any]:
        return {**self.position(st), "current": st.current, "phase": st.phase}

    def determinize(self, st: CardsState, player: int | None, rng: Rng) -> CardsState:
        other = self.clone_state(st)
        if self.leak or st.turns == 0:  # the leaky variants resample nothing, as a game that forgot would
            return other
        hidden = [p for p in range(st.num_players) if p != player]
        pool = [other.hands[p] for p in hidden] + other.deck
        rng.shuffle(pool)
        for p in hidden:
            other.hands[p] = pool.pop()
        other.deck = pool
        return other
