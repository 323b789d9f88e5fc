"""Build Saint Petersburg positions for rule tests: edit a fresh game's position, then rebuild it."""
from __future__ import annotations

from typing import Any, Callable, Iterable

import boardgames_lab as bgl
from boardgames_lab.core.game import Game
from boardgames_lab.rulesets.saint_petersburg.data import CARD_INDEX, CARDS, DECKS
from tests.positions import moves  # noqa: F401  (for the tests)


def deck_of(card: str) -> str:
    return DECKS[CARDS[CARD_INDEX[card]].deck]


def rebuild(game: Game, change: Callable[[dict[str, Any]], None]) -> Game:
    """A new sandbox game from ``game``'s position after ``change(position)`` edits it."""
    data = game.position()
    change(data)
    return bgl.from_position("saint_petersburg", data, mode="sandbox")


def state(game: Game) -> dict[str, Any]:
    """The state part of the game's position (card ids, null for an empty slot)."""
    return game.position()["state"]


def _from_deck(data: dict[str, Any], card: str) -> str:
    data["state"]["decks"][deck_of(card)].remove(card)
    return card


def position(players: int = 2, seed: int = 1, phase: str | None = None, upper: Iterable[str] = (),
             lower: Iterable[str] = (), current: int = 0, **options: object) -> Game:
    """A sandbox game whose display is exactly ``upper``/``lower`` (cards taken from the decks)."""
    game = bgl.new_game("saint_petersburg", players=players, seed=seed, mode="sandbox", **options)

    def change(data: dict[str, Any]) -> None:
        st = data["state"]
        for card in [c for c in st["upper"] + st["lower"] if c is not None]:
            st["decks"][deck_of(card)].append(card)
        st["upper"], st["lower"] = [None] * 8, [None] * 8
        for row, names in ((st["upper"], upper), (st["lower"], lower)):
            for i, card in enumerate(names):
                row[i] = _from_deck(data, card)
        if phase is not None:
            data["phase"] = phase
        data["current"] = current
    return rebuild(game, change)


def give(game: Game, player: int, area: Iterable[str] = (), hand: Iterable[str] = (), money: int | None = None,
         current: int | None = None) -> Game:
    """The game with cards moved from the decks into a player's area or hand (and money, the seat to act, set)."""
    def change(data: dict[str, Any]) -> None:
        st = data["state"]
        st["areas"][player].extend(_from_deck(data, card) for card in area)
        st["hands"][player].extend(_from_deck(data, card) for card in hand)
        if money is not None:
            st["money"][player] = money
        if current is not None:
            data["current"] = current
    return rebuild(game, change)

