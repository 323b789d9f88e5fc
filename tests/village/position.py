"""Build Village positions for rule tests by editing a fresh game's state (conserving every piece)."""
from __future__ import annotations

import boardgames_lab as bgl
from boardgames_lab.core.game import Game
from boardgames_lab.rulesets.village.data import AREAS, COLOURS, GOODS, PLAGUE
from boardgames_lab.rulesets.village.places import PLACE_INDEX


def position(players: int = 2, seed: int = 1, **options: object) -> Game:
    return bgl.new_game("village", players=players, seed=seed, mode="sandbox", **options)


def refresh(game: Game) -> None:
    game._legal = None  # the state was edited by hand: drop the cached legal moves


def moves(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def give(game: Game, player: int, cubes: dict[str, int] | None = None, goods: dict[str, int] | None = None,
         grain: int | None = None, coins: int | None = None) -> None:
    """Move cubes, goods, grain and coins between the supply and a player."""
    st = game.state
    for name, n in (cubes or {}).items():
        c = COLOURS.index(name)
        delta = n - st.cubes[player][c]
        st.supply[c] -= delta
        st.cubes[player][c] = n
    for name, n in (goods or {}).items():
        g = GOODS.index(name)
        delta = n - st.goods[player][g]
        st.goods_supply[g] -= delta
        st.goods[player][g] = n
    if grain is not None:
        st.grain_supply -= grain - st.grain[player]
        st.grain[player] = grain
    if coins is not None:
        st.coin_supply -= coins - st.coins[player]
        st.coins[player] = coins
    refresh(game)


def place(game: Game, player: int, piece: int, where: str) -> None:
    game.state.places[player][piece] = PLACE_INDEX[where]
    refresh(game)


def board(game: Game, **areas: dict[str, int]) -> None:
    """Set the cubes on action areas (the rest go back to the bag)."""
    st = game.state
    for name, cubes in areas.items():
        a = AREAS.index(name)
        for c in range(5):
            st.bag[c] += st.spaces[a][c]
            st.spaces[a][c] = 0
        for colour, n in cubes.items():
            c = PLAGUE if colour == "plague" else COLOURS.index(colour)
            st.bag[c] -= n
            st.spaces[a][c] = n
    refresh(game)


def clear_board(game: Game, keep: str | None = None) -> None:
    """Every cube back into the bag except on ``keep``."""
    st = game.state
    for a, name in enumerate(AREAS):
        if name != keep:
            for c in range(5):
                st.bag[c] += st.spaces[a][c]
                st.spaces[a][c] = 0
    refresh(game)


def act(game: Game, area: str) -> None:
    """Put the current player in the action step of ``area`` as if they had taken a cube there."""
    st = game.state
    board(game, **{area: {"green": 1}})
    game.apply(f"take {area} green")


def oldest_dies(game: Game) -> None:
    """Player 0's first villager, alone on the farm, dies at the end of the turn: the other born villagers wait
    in the bag, and a plague cube's two time carry the time marker from 11 past the bridge."""
    for i in range(1, 4):
        place(game, 0, i, "bag")
    game.state.time[0] = 11
    board(game, harvest={"plague": 1})
    game.apply("take harvest plague")
    game.apply("skip")


def mass_after_harvest(seed: int = 1, grain: int = 5, **options: object) -> Game:
    """The round ends in a Mass at once: player 0 takes the board's last cube and skips. Player 0 has two villagers
    in the bag and one on church stage 1 with ``grain`` grain, player 1 one in the bag, and nobody has a coin to
    buy villagers out, so the draw follows straight away."""
    game = position(seed=seed, **options)
    clear_board(game)
    board(game, harvest={"green": 1})
    for p, i in ((0, 0), (0, 1), (1, 0)):
        place(game, p, i, "bag")
    place(game, 0, 2, "church1")
    give(game, 0, coins=0, grain=grain)
    give(game, 1, coins=0)
    game.apply("take harvest green")
    game.apply("skip")
    return game
