"""The lab works unchanged for every registered game: bots, samples, tournaments."""
from __future__ import annotations

import random

import pytest

import boardgames_lab as bgl
from boardgames_lab.analysis import tournament
from boardgames_lab.bots import BOTS, Seat, bot_move, heuristic_games, make_bot
from boardgames_lab.core.rng import Rng

GAMES = [g["name"] for g in bgl.games()]
FAST = {"random": {}, "heuristic": {}, "mcts": {"iterations": 3}, "ismcts": {"iterations": 3}}


def mid_game(name: str, plies: int, seed: int = 1) -> bgl.Game:
    game = bgl.new_game(name, seed=seed)
    bot = make_bot("random", seed=seed)
    while game.ply < plies and not game.is_over:
        game.apply(bot_move(game, bot))
    return game


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("bot", sorted(BOTS))
def test_every_bot_plays_every_game_legally(name: str, bot: str) -> None:
    game = mid_game(name, plies=20)
    for _ in range(5):
        if game.is_over:
            break
        game.apply(bot_move(game, make_bot(bot, seed=2, **FAST[bot])))  # apply rejects an illegal move


@pytest.mark.parametrize("name", GAMES)
def test_samples_match_the_view_in_every_game(name: str) -> None:
    game = mid_game(name, plies=30)
    if game.is_over:
        pytest.skip("the game ended early")
    me = game.current_player
    seat = Seat(game.definition, game.state, me, game.legal_moves())
    rng = random.Random(3)
    for _ in range(10):
        assert game.definition.view(seat.sample(rng), me) == game.view(me)


@pytest.mark.parametrize("name", [g for g in GAMES if g in heuristic_games()])
def test_view_only_bots_ignore_what_is_hidden_in_every_game(name: str) -> None:
    for plies in (5, 25, 45):
        game = mid_game(name, plies=plies)
        if game.is_over:
            continue
        me = game.current_player
        d = game.definition
        for k in range(3):  # another full state the player cannot tell apart from the real one
            other = d.determinize(game.state, me, Rng(k))
            assert d.view(other, me) == game.view(me)
            legal = d.legal_moves(other)
            for bot in ("random", "heuristic"):
                real = bot_move(game, make_bot(bot, seed=k))
                alt = make_bot(bot, seed=k).decide(Seat(d, other, me, legal))
                assert real == alt


@pytest.mark.parametrize("name", GAMES)
def test_a_tournament_runs_for_every_game(name: str) -> None:
    info = next(g for g in bgl.games() if g["name"] == name)
    players = info["min_players"]
    df = tournament(name, ["heuristic"] + ["random"] * (players - 1), games=players, backend="serial")
    assert len(df) == players * players and df.groupby("game")["win"].sum().round(9).eq(1.0).all()
