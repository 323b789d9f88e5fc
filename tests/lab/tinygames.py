"""Test-only games (never registered): Nim (take one or two, last take wins), and High card, a tiny game with
hidden information whose view or log can be made to leak on purpose."""
from __future__ import annotations

from typing import Any, NamedTuple

from boardgames_lab.core.definition import Explanation, GameDefinition, GameInfo, State, make_rulebook
from boardgames_lab.core.errors import InvalidNotation
from boardgames_lab.core.rng import Rng
from boardgames_lab.core.flow import Edge, Flow, Phase
from boardgames_lab.core.rules import Rule
from boardgames_lab.core.secrets import Secret, others

INFO = GameInfo(name="nim_test", title="Nim", min_players=2, max_players=2, default_players=2,
                hidden_information=False, chance=False, edition="test", rules_version=1,
                description="Take one or two counters; whoever takes the last one wins.")


class NimState(State):
    __slots__ = ("pile", "last")


class Nim(GameDefinition[NimState]):
    info = INFO
    rulebook = make_rulebook("nim_test", [Rule("nim_test.take", "test", "Take one or two counters.")])
    flow = Flow(start="play", phases=(Phase("play", "Play", moves=("take",), turn="clockwise"),
                                      Phase("game_over", "Game over")),
                edges=(Edge("play", "game_over", guard="empty"),))

    def __init__(self, pile: int = 7):
        self.pile = pile
        super().__init__()

    def empty(self, st: NimState) -> bool:
        return st.pile == 0

    def create_state(self, players: int, seed: int, options: dict[str, Any]) -> NimState:
        st = NimState()
        st.init_base(players, seed)
        st.pile, st.last = self.pile, -1
        return st

    def legal_moves(self, st: NimState) -> list[int]:
        return [k for k in (1, 2) if k <= st.pile]

    def apply_move(self, st: NimState, move: int) -> None:
        st.pile -= move
        st.last = st.current

    def view(self, st: NimState, player: int | None) -> dict[str, Any]:
        return {"pile": st.pile, "perspective": player}

    def scores(self, st: NimState) -> list[int]:
        return [int(p == st.last and st.pile == 0) for p in range(st.num_players)]

    def winners(self, st: NimState) -> list[int]:
        return [st.last] if st.pile == 0 else []

    def clone_state(self, st: NimState) -> NimState:
        other = NimState()
        st.copy_base(other)
        other.pile, other.last = st.pile, st.last
        return other

    def explain(self, st: NimState, move: int) -> Explanation:
        if move in self.legal_moves(st):
            return Explanation(True, "nim_test.take", f"take {move}")
        return Explanation(False, "nim_test.take", f"take 1 or 2, at most the {st.pile} left")

    def parse_move(self, st: NimState, text: str) -> int:
        if text.strip() not in ("1", "2"):
            raise InvalidNotation(f"{text!r}: take 1 or 2")
        return int(text)

    def full_view(self, st: NimState) -> dict[str, Any]:
        return self.view(st, None)

    def snapshot(self, st: NimState) -> dict[str, Any]:
        return {"pile": st.pile, "last": st.last, "current": st.current, "phase": st.phase}

    def determinize(self, st: NimState, player: int | None, rng: Rng) -> NimState:
        return self.clone_state(st)  # nothing is hidden


class Bet(NamedTuple):
    kind: str  # "bet" or "swap"
    amount: int = 0

    def __str__(self) -> str:
        return "swap" if self.kind == "swap" else f"bet {self.amount}"


class CardsState(State):
    __slots__ = ("hands", "deck", "bets", "turns")


CARDS_INFO = GameInfo(name="high_card_test", title="High card", min_players=2, max_players=3, default_players=2,
                      hidden_information=True, chance=True, edition="test", rules_version=1,
                      description="Each holds one card behind a screen; bet or swap it for the top of the deck.")


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


class HighCard(GameDefinition[CardsState]):
    """A test-only hidden-information game (never registered). ``leak`` breaks it on purpose:
    "view" shows every hand, "log" writes the bettor's card in the public log, "" hides both.
    ``sloppy`` breaks its refusals on purpose: explain ignores the amount and looks the kind up in a
    table, and notation reads any number."""

    info = CARDS_INFO
    rulebook = make_rulebook("high_card_test", [Rule("high_card_test.bet", "test", "Bet 1 or 2, or swap once.")])
    flow = Flow(start="play", phases=(Phase("play", "Play", moves=("bet", "swap"), turn="clockwise"),
                                      Phase("game_over", "Game over")),
                edges=(Edge("play", "game_over", guard="done"),))
    secrets = CARD_SECRETS

    def __init__(self, leak: str = "", secrets: tuple[Secret, ...] = CARD_SECRETS, sloppy: bool = False):
        self.leak = leak
        self.secrets = secrets
        self.sloppy = sloppy
        super().__init__()

    def done(self, st: CardsState) -> bool:
        return st.turns == 0

    def create_state(self, players: int, seed: int, options: dict[str, Any]) -> CardsState:
        st = CardsState()
        st.init_base(players, seed)
        deck = list(range(1, 11))
        st.rng.shuffle(deck)
        st.hands, st.deck, st.bets, st.turns = deck[:players], deck[players:], [0] * players, 3 * players
        return st

    def legal_moves(self, st: CardsState) -> list[Bet]:
        return [Bet("bet", 1), Bet("bet", 2)] + ([Bet("swap")] if st.deck else [])

    def apply_move(self, st: CardsState, move: Bet) -> None:
        p = st.current
        if move.kind == "swap":
            st.hands[p], st.deck[0] = st.deck[0], st.hands[p]
            st.deck.append(st.deck.pop(0))
            st.revealed = True
            st.note(f"{{p{p}}} swaps and draws a {st.hands[p]}", {"card": st.hands[p]}, visible_to=[p])
            st.note(f"{{p{p}}} swaps")
        else:
            st.bets[p] += move.amount
            holding = f" holding a {st.hands[p]}" if self.leak == "log" else ""
            st.note(f"{{p{p}}} bets {move.amount}{holding}")
        st.turns -= 1

    def explain(self, st: CardsState, move: Bet) -> Explanation:
        if self.sloppy:
            legal = {"bet": True, "swap": bool(st.deck)}[move.kind]
            return Explanation(legal, "high_card_test.bet", str(move) if legal else "the deck is empty")
        if move in self.legal_moves(st):
            return Explanation(True, "high_card_test.bet", str(move))
        return Explanation(False, "high_card_test.bet", "bet 1 or 2, or swap while the deck lasts")

    def parse_move(self, st: CardsState, text: str) -> Bet:
        words = text.split()
        if words == ["swap"]:
            return Bet("swap")
        if self.sloppy and len(words) == 2 and words[0] == "bet" and words[1].isdigit():
            return Bet("bet", int(words[1]))
        if len(words) == 2 and words[0] == "bet" and words[1] in ("1", "2"):
            return Bet("bet", int(words[1]))
        raise InvalidNotation(f"{text!r}: 'bet 1', 'bet 2' or 'swap'")

    def view(self, st: CardsState, player: int | None) -> dict[str, Any]:
        shown = range(st.num_players) if self.leak == "view" or st.turns == 0 else [player]
        return {"hands": [st.hands[p] if p in shown else None for p in range(st.num_players)],
                "deck": len(st.deck), "bets": list(st.bets), "perspective": player}

    def full_view(self, st: CardsState) -> dict[str, Any]:
        return {"hands": list(st.hands), "deck": list(st.deck), "bets": list(st.bets)}

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
        return {**self.full_view(st), "turns": st.turns, "current": st.current, "phase": st.phase}

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
