"""Build Citadels positions for rule tests by editing a fresh game's state."""
from __future__ import annotations

from typing import Iterable

import boardgames_lab as bgl
from boardgames_lab.core.game import Game
from boardgames_lab.rulesets.citadels.data import CARD_INDEX, CHAR_INDEX



def definition():  # type: ignore[no-untyped-def]
    from boardgames_lab.core.registry import definition as find
    return find("citadels")


def new(players: int = 4, seed: int = 1, **options: object) -> Game:
    return bgl.new_game("citadels", players=players, seed=seed, mode="sandbox", **options)


def give(game: Game, player: int, hand: Iterable[str] = (), city: Iterable[str] = (), gold: int | None = None) -> None:
    """Move cards from the deck (or the discard pile, or another hand) into a player's hand or city."""
    st = game.state
    for names, place in ((hand, st.hands[player]), (city, st.city[player])):
        for name in names:
            card = CARD_INDEX[name]
            pile = next(pl for pl in (st.deck, st.discard, *st.hands) if card in pl)
            pile.remove(card)
            place.append(card)
    st.hands[player].sort()
    if gold is not None:
        st.gold[player] = gold
    game._legal = None


def empty_hand(game: Game, player: int) -> None:
    st = game.state
    st.deck.extend(st.hands[player])
    st.hands[player] = []
    game._legal = None


def variant(players: int = 4) -> Game:
    """A game with the action cards, every hand empty (tests give the cards they need)."""
    game = new(players, action_cards=True)
    for p in range(players):
        empty_hand(game, p)
    return game


def deal_characters(game: Game, owners: dict[str, int], start: int = 0) -> None:
    """Finish the draft at once with these characters held (the rest face down); call from rank ``start``."""
    st = game.state
    st.owner = [-1] * 8
    st.pool, st.face_up = [], []
    for name, p in owners.items():
        st.owner[CHAR_INDEX[name]] = p
    st.down = [r for r in range(8) if st.owner[r] == -1]
    st.down_knower = [-1] * len(st.down)
    st.step = len(st.steps)
    st.rank = start - 1
    st.phase = "calling"
    definition().call_next(st)
    definition().runner.settle(st)
    game._legal = None


def at_turn(game: Game, player: int, character: str, **owners: int) -> None:
    """Jump to ``player``'s turn as ``character`` (other characters held as given)."""
    deal_characters(game, {character: player, **owners}, start=CHAR_INDEX[character])
    assert game.state.tp == player and game.state.phase == "turn", (game.state.phase, game.state.rank)


def moves(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def play_out_draft(game: Game) -> None:
    while game.phase == "draft":
        game.apply(game.legal_moves()[0])
