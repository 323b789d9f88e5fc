"""Build Saint Petersburg positions for rule tests by editing a fresh game's state."""
from __future__ import annotations

from typing import Iterable

import boardgames_lab as bgl
from boardgames_lab.core.game import Game
from boardgames_lab.rulesets.saint_petersburg.data import CARD_INDEX, CARDS
from boardgames_lab.rulesets.saint_petersburg.state import EMPTY


def ids(names: Iterable[str]) -> list[int]:
    return [CARD_INDEX[n] for n in names]


def position(players: int = 2, seed: int = 1, phase: str | None = None, upper: Iterable[str] = (),
             lower: Iterable[str] = (), current: int = 0, **options: object) -> Game:
    """A sandbox game whose display is exactly ``upper``/``lower`` (cards taken from the decks)."""
    game = bgl.new_game("saint_petersburg", players=players, seed=seed, mode="sandbox", **options)
    st = game.state
    for card in [c for c in st.upper if c != EMPTY]:
        st.decks[CARDS[card].deck].append(card)
    st.upper = [EMPTY] * 8
    st.lower = [EMPTY] * 8
    for row, names in ((st.upper, upper), (st.lower, lower)):
        for i, card in enumerate(ids(names)):
            st.decks[CARDS[card].deck].remove(card)
            row[i] = card
    if phase is not None:
        st.phase = phase
        st.stage = {"worker": 0, "building": 1, "aristocrat": 2, "trading": 3}.get(phase, st.stage)
    st.current = current
    refresh(game)
    return game


def give(game: Game, player: int, area: Iterable[str] = (), hand: Iterable[str] = (), money: int | None = None) -> None:
    """Move cards from the decks into a player's area or hand."""
    st = game.state
    for name in area:
        card = CARD_INDEX[name]
        st.decks[CARDS[card].deck].remove(card)
        st.areas[player].append(card)
        st.owned[player][card] += 1
    for name in hand:
        card = CARD_INDEX[name]
        st.decks[CARDS[card].deck].remove(card)
        st.hands[player].append(card)
        st.hands[player].sort()  # the engine keeps hands sorted
    if money is not None:
        st.money[player] = money
    refresh(game)


def refresh(game: Game) -> None:
    game._legal = None  # the state was edited by hand: drop the cached legal moves and board offers
    game.state.offers = None


def moves(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}
