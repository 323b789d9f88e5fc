"""Build Keythedral positions for rule tests by editing a game's state."""
from __future__ import annotations

import random
from typing import Any

import boardgames_lab as bgl
from boardgames_lab.core.game import Game
from boardgames_lab.rulesets.keythedral.data import FIELD_TILES, LETTER


def refresh(game: Game) -> None:
    game._legal = None  # the state was edited by hand
    game.state.fence_moves = {}


def after_setup(players: int = 3, seed: int = 1, **options: Any) -> Game:
    """A sandbox game whose set-up was played with the first legal move each time."""
    game = bgl.new_game("keythedral", players=players, seed=seed, mode="sandbox", **options)
    while game.phase == "lay_tiles":
        game.apply(game.legal_moves()[0])
    return game


def tile_of(kind: int) -> int:
    return next(i for i, t in enumerate(FIELD_TILES) if t.kind == kind)


def set_board(game: Game, fields: dict[tuple[int, int], int], cottages: dict[int, tuple[int, int]],
              houses: tuple[int, ...] = ()) -> None:
    """Replace the board: ``fields`` maps places to field kinds, ``cottages`` cottage ids to sites."""
    st = game.state
    keep = {n: c for n, c in st.sites.items() if c < 0}
    st.fields = {node: tile_of(kind) for node, kind in fields.items()}
    st.sites = dict(keep)
    st.cottage_at = [None] * len(st.cottage_at)
    for c, node in cottages.items():
        st.sites[node] = c
        st.cottage_at[c] = node
    st.houses = [c in houses for c in range(len(st.houses))]
    st.fences = {}
    st.workers = {}
    refresh(game)


def give(game: Game, player: int, letters: str) -> None:
    """Move cubes from the store (or the craft shops) to a player."""
    st = game.state
    for letter in letters:
        k = LETTER.index(letter)
        if k >= 5 and st.store[k] == 0:
            st.shops[k - 5] -= 1
        else:
            st.store[k] -= 1
        st.cubes[player][k] += 1
    refresh(game)


def clear_cubes(game: Game) -> None:
    st = game.state
    for p in range(st.num_players):
        for k in range(8):
            if k >= 5:
                st.shops[k - 5] += st.cubes[p][k]
            else:
                st.store[k] += st.cubes[p][k]
            st.cubes[p][k] = 0
    refresh(game)


def to_actions(game: Game, current: int = 0) -> None:
    """Jump to phase three with ``current`` to act."""
    st = game.state
    st.phase = "actions"
    st.out = [False] * st.num_players
    st.passes = 0
    st.current = st.actor = current
    refresh(game)


def played_to_round(players: int, seed: int, round_: int = 3) -> Game:
    """A game played by seeded random moves until the given round begins."""
    game = bgl.new_game("keythedral", players=players, seed=seed)
    rng = random.Random(seed)
    while game.position()["state"]["round"] < round_:
        moves = game.legal_moves()
        game.apply(moves[int(rng.random() * len(moves))])
    return game
