"""Build Keythedral positions for rule tests: edit a game's position and rebuild the game from it with
``bgl.from_position``, so every edit passes the position format's validation.

``state(game)`` reads a copy of the state out of ``game.position()``; the helpers that edit return the new game.
"""
from __future__ import annotations

import random
from typing import Any, Callable

import boardgames_lab as bgl
from boardgames_lab.core.game import Game
from boardgames_lab.rulesets.keythedral.data import FIELD_TILES, LETTER
from boardgames_lab.rulesets.keythedral.state import KState
from tests.positions import edit_state, moves, state_of  # noqa: F401  (moves: for the tests)


def state(game: Game) -> KState:
    """A copy of the game's state, read from its position (changing it changes nothing in the game)."""
    return state_of(game)  # type: ignore[no-any-return]


def edit(game: Game, change: Callable[[KState], Any]) -> Game:
    """The game rebuilt from its position after ``change`` (which may also set phase and current)."""
    return edit_state(game, change)


def after_setup(players: int = 3, seed: int = 1, **options: Any) -> Game:
    """A sandbox game whose set-up was played with the first legal move each time."""
    game = bgl.new_game("keythedral", players=players, seed=seed, mode="sandbox", **options)
    while game.phase == "lay_tiles":
        game.apply(game.legal_moves()[0])
    return game


def tile_of(kind: int) -> int:
    return next(i for i, t in enumerate(FIELD_TILES) if t.kind == kind)


def set_board(game: Game, fields: dict[tuple[int, int], int], cottages: dict[int, tuple[int, int]],
              houses: tuple[int, ...] = ()) -> Game:
    """Replace the board: ``fields`` maps places to field kinds (a tile of that kind while the game has one left,
    else any), ``cottages`` cottage ids to sites; the other field tiles go to the stack."""
    def change(st: KState) -> None:
        keep = {n: c for n, c in st.sites.items() if c < 0}
        pool = sorted(st.field_stack + list(st.fields.values()))
        st.fields = {}
        for node, kind in fields.items():
            tile = next((t for t in pool if FIELD_TILES[t].kind == kind), pool[0])
            pool.remove(tile)
            st.fields[node] = tile
        st.field_stack = pool
        st.sites = dict(keep)
        st.cottage_at = [None] * len(st.cottage_at)
        for c, node in cottages.items():
            st.sites[node] = c
            st.cottage_at[c] = node
        st.houses = [c in houses for c in range(len(st.houses))]
        st.fences = {}
        st.workers = {}
    return edit(game, change)


def give_cubes(st: KState, player: int, letters: str) -> None:
    """Move cubes from the store (or the craft shops) to a player, on a state."""
    for letter in letters:
        k = LETTER.index(letter)
        if k >= 5 and st.store[k] == 0:
            st.shops[k - 5] -= 1
        else:
            st.store[k] -= 1
        st.cubes[player][k] += 1


def give(game: Game, player: int, letters: str) -> Game:
    """Move cubes from the store (or the craft shops) to a player."""
    return edit(game, lambda st: give_cubes(st, player, letters))


def clear_cubes(game: Game) -> Game:
    def change(st: KState) -> None:
        for p in range(st.num_players):
            for k in range(8):
                if k >= 5:
                    st.shops[k - 5] += st.cubes[p][k]
                else:
                    st.store[k] += st.cubes[p][k]
                st.cubes[p][k] = 0
    return edit(game, change)


def actions_state(st: KState, current: int = 0) -> None:
    if not st.chosen:  # phase three comes after all five numbers were placed (keythedral.order.choose)
        st.chosen, st.order_k = [1, 2, 3, 4, 5], 4
    st.phase = "actions"
    st.out = [False] * st.num_players
    st.passes = 0
    st.current = st.actor = current


def to_actions(game: Game, current: int = 0) -> Game:
    """Jump to phase three with ``current`` to act."""
    return edit(game, lambda st: actions_state(st, current))


def played_to_round(players: int, seed: int, round_: int = 3) -> Game:
    """A game played by seeded random moves until the given round begins."""
    game = bgl.new_game("keythedral", players=players, seed=seed)
    rng = random.Random(seed)
    while game.position()["state"]["round"] < round_:
        moves = game.legal_moves()
        game.apply(moves[int(rng.random() * len(moves))])
    return game
