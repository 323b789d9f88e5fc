"""Build Village positions for rule tests: edit a game's position (conserving every piece) and rebuild the game
from it with ``bgl.from_position``, so every edit passes the position format's validation.

``state(game)`` reads a copy of the state out of ``game.position()``; the helpers that edit return the new game.
"""
from __future__ import annotations

from typing import Any, Callable

import boardgames_lab as bgl
from boardgames_lab.core.game import Game
from boardgames_lab.rulesets.village.data import (AREAS, CHRONICLE0, COLOURS, GOODS, GRAVE, PLACE_INDEX, PLAGUE,
                                                   UNBORN)
from boardgames_lab.rulesets.village.state import VillageState
from tests.positions import edit_state, moves, state_of  # noqa: F401  (moves: for the tests)


def position(players: int = 2, seed: int = 1, **options: object) -> Game:
    return bgl.new_game("village", players=players, seed=seed, mode="sandbox", **options)


def state(game: Game) -> VillageState:
    """A copy of the game's state, read from its position (changing it changes nothing in the game)."""
    return state_of(game)  # type: ignore[no-any-return]


def edit(game: Game, change: Callable[[VillageState], Any]) -> Game:
    """The game rebuilt from its position after ``change`` (which may also set phase and current)."""
    return edit_state(game, change)


def give(game: Game, player: int, cubes: dict[str, int] | None = None, goods: dict[str, int] | None = None,
         grain: int | None = None, coins: int | None = None) -> Game:
    """Move cubes, goods, grain and coins between the supply and a player."""
    def change(st: VillageState) -> None:
        for name, n in (cubes or {}).items():
            c = COLOURS.index(name)
            st.supply[c] -= n - st.cubes[player][c]
            st.cubes[player][c] = n
        for name, n in (goods or {}).items():
            g = GOODS.index(name)
            st.goods_supply[g] -= n - st.goods[player][g]
            st.goods[player][g] = n
        if grain is not None:
            st.grain_supply -= grain - st.grain[player]
            st.grain[player] = grain
        if coins is not None:
            st.coin_supply -= coins - st.coins[player]
            st.coins[player] = coins
    return edit(game, change)


def place(game: Game, player: int, piece: int, where: str) -> Game:
    def change(st: VillageState) -> None:
        st.places[player][piece] = PLACE_INDEX[where]
    return edit(game, change)


def lay_cubes(st: VillageState, areas: dict[str, dict[str, int]]) -> None:
    """Set the cubes on action areas (those they held go back to the bag), on a state."""
    for name, cubes in areas.items():
        a = AREAS.index(name)
        for c in range(5):
            st.bag[c] += st.spaces[a][c]
            st.spaces[a][c] = 0
        for colour, n in cubes.items():
            c = PLAGUE if colour == "plague" else COLOURS.index(colour)
            from_bag = min(n, st.bag[c])  # from the bag, the rest from the supply
            st.bag[c] -= from_bag
            st.supply[c] -= n - from_bag
            st.spaces[a][c] = n


def board(game: Game, **areas: dict[str, int]) -> Game:
    """Set the cubes on action areas (those they held go back to the bag)."""
    return edit(game, lambda st: lay_cubes(st, areas))


def clear_board(game: Game, keep: str | None = None, **areas: dict[str, int]) -> Game:
    """Every cube back into the bag except on ``keep``, then these ``areas`` set as ``board`` does: one edit, as
    a turn is never played on an empty board (village.end.no_cubes)."""
    def change(st: VillageState) -> None:
        for a, name in enumerate(AREAS):
            if name != keep:
                for c in range(5):
                    st.bag[c] += st.spaces[a][c]
                    st.spaces[a][c] = 0
        lay_cubes(st, areas)
    return edit(game, change)


def lay_dead(st: VillageState, place: str, count: int) -> None:
    """``count`` more villagers lying in the chronicle category or the grave ``place`` (village.death.chronicle),
    on a state: each the next to be born of a seat, from the last seat (seat 0 last), its counter raised."""
    where = PLACE_INDEX[place]
    for _ in range(count):
        seat = next(p for p in range(st.num_players - 1, -1, -1) if UNBORN in st.places[p])
        st.places[seat][st.places[seat].index(UNBORN)] = where
        if where == GRAVE:
            st.graves += 1
        else:
            st.chronicle[where - CHRONICLE0] += 1


def act(game: Game, area: str) -> Game:
    """Put the current player in the action step of ``area`` as if they had taken a cube there."""
    game = board(game, **{area: {"green": 1}})
    game.apply(f"take {area} green")
    return game


def oldest_dies(game: Game) -> Game:
    """Player 0's first villager, alone on the farm, dies at the end of the turn: the other born villagers wait
    in the bag, and a plague cube's two time carry the time marker from 11 past the bridge."""
    for i in range(1, 4):
        game = place(game, 0, i, "bag")
    game = edit(game, lambda st: st.time.__setitem__(0, 11))
    game = board(game, harvest={"plague": 1})
    game.apply("take harvest plague")
    game.apply("skip")
    return game


def mass_after_harvest(seed: int = 1, grain: int = 5, **options: object) -> Game:
    """The round ends in a Mass at once: player 0 takes the board's last cube and skips. Player 0 has two villagers
    in the bag and one on church stage 1 with ``grain`` grain, player 1 one in the bag, and nobody has a coin to
    buy villagers out, so the draw follows straight away."""
    game = position(seed=seed, **options)
    game = clear_board(game, harvest={"green": 1})
    for p, i in ((0, 0), (0, 1), (1, 0)):
        game = place(game, p, i, "bag")
    game = place(game, 0, 2, "church1")
    game = give(game, 0, coins=0, grain=grain)
    game = give(game, 1, coins=0)
    game.apply("take harvest green")
    game.apply("skip")
    return game
