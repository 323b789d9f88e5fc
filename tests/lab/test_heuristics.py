"""Every game's own heuristic: legal moves with reasons, full games at every player count, better than chance."""
from __future__ import annotations

import pytest

import boardgames_lab as bgl
from bench.endings import heuristic_game
from boardgames_lab.analysis import tournament, win_rates
from boardgames_lab.analysis.play import move_cap
from boardgames_lab.bots import HeuristicBot, RandomBot, Seat, bot_move, heuristic_games
from boardgames_lab.core.registry import definition
from tests.conftest import cites

GAMES = ("citadels", "keythedral", "village")
INFO = {g["name"]: g for g in bgl.games()}


def test_each_game_has_its_own_heuristic() -> None:
    assert set(GAMES) <= set(heuristic_games())


@pytest.mark.parametrize("name", GAMES)
def test_heuristic_scores_every_legal_move_with_a_reason(name: str) -> None:
    game = bgl.new_game(name, seed=3)
    bots = [RandomBot(p) for p in range(game.num_players)]
    advisor = HeuristicBot(seed=0)
    kinds = set()
    while game.ply < 300 and not game.is_over:
        me, legal = game.current_player, game.legal_moves()
        advice = advisor.advise(Seat(game.definition, game.state, me, legal))
        assert sorted(map(str, (m for m, _, _ in advice))) == sorted(map(str, legal))
        assert all(isinstance(s, (int, float)) and isinstance(r, str) and r for _, s, r in advice)
        kinds.update(m.kind for m in legal)
        game.apply(bot_move(game, bots[me]))
    assert len(kinds) >= 5  # the walk met many kinds of decision


@pytest.mark.parametrize("name", GAMES)
def test_heuristic_plays_full_games_at_every_player_count(name: str) -> None:
    cap = move_cap(name)  # where a tournament would stop the game unfinished
    for players in range(INFO[name]["min_players"], INFO[name]["max_players"] + 1):
        game = bgl.new_game(name, players=players, seed=players)
        bots = [HeuristicBot(seed=p) for p in range(players)]
        while not game.is_over and game.ply < cap:
            bot = bots[game.current_player]
            game.apply(bot_move(game, bot))  # apply rejects an illegal move
            assert bot.last_reason
        assert game.is_over and game.winners()


# Keythedral games between heuristic bots that once never ended: the store, the shops and the trader empty,
# every cube hoarded behind a screen, nobody able to pay for a tile. (players, game seed, bots seeded by seat)
HOARDED_TO_A_STANDSTILL = [(4, 1), (4, 5), (4, 8), (3, 5)]


@cites("keythedral.end.last_tile", "keythedral.trader.exchange", "keythedral.craft.exchange")
@pytest.mark.parametrize("players,seed", HOARDED_TO_A_STANDSTILL)
def test_keythedral_heuristic_games_that_once_stood_still_now_end(players: int, seed: int) -> None:
    game = bgl.new_game("keythedral", players=players, seed=seed)
    bots = [HeuristicBot(seed=p) for p in range(players)]
    while not game.is_over and game.ply < 2_000:  # finished games take about 250 to 450 moves
        game.apply(bot_move(game, bots[game.current_player]))
    assert game.is_over and not any(t for stage in game.view(None)["mat"] for t in (stage["tiles"] or ()))


@cites("keythedral.end.last_tile")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_keythedral_heuristic_games_end_at_every_player_count(players: int) -> None:
    # the first seeds of ``python -m bench.endings`` (400 games per count); seeds that once stood still included
    once_stuck = {2: [12, 18, 21], 3: [21, 36], 4: [], 5: [31]}[players]
    for seed in [*range(10), *once_stuck]:
        ended, moves = heuristic_game(players, seed, cap=2_000)
        assert ended, f"{players} players, seed {seed}: no end after {moves} moves"


@pytest.mark.parametrize("name,games", [("citadels", 40), ("village", 20)])
def test_heuristic_beats_random_play(name: str, games: int) -> None:
    # two players, seats rotated; measured rates are far above a half (citadels 0.75, village 0.98)
    df = tournament(name, ["heuristic", "random"], games=games, backend="serial")
    assert win_rates(df).loc["heuristic", "win_rate"] >= 0.6


def test_heuristic_beats_random_play_in_keythedral() -> None:
    # random players seldom finish; games stopped at the move cap count for nobody
    df = tournament("keythedral", ["heuristic", "random"], games=6, backend="serial")
    rates = win_rates(df)
    assert rates.loc["heuristic", "games"] >= 4 and rates.loc["heuristic", "win_rate"] >= 0.75


@cites("keythedral.variant.face_up", "keythedral.variant.version", "keythedral.buy.next_stage")
@pytest.mark.parametrize("options", [{"face_up_tiles": True}, {"version": "full"}])
def test_keythedral_heuristic_games_end_in_the_variants(options: dict) -> None:
    # with face-up tiles the later stages show their costs, but only the stage being built is for sale
    for players, seed in [(2, 0), (3, 1), (4, 2), (5, 3)]:
        ended, moves = heuristic_game(players, seed, cap=2_000, options=options)
        assert ended, f"{options}, {players} players, seed {seed}: no end after {moves} moves"


def test_keythedral_heuristic_reads_only_its_own_cubes_among_the_players() -> None:
    # Screens hide the other players' cubes and tiles: the advice must not change when they are blanked out.
    advice = definition("keythedral").heuristic.score_moves

    game = bgl.new_game("keythedral", players=4, seed=3)
    bots = [HeuristicBot(seed=p) for p in range(4)]
    checked = 0
    while not game.is_over and game.ply < 400:
        me, legal = game.current_player, game.legal_moves()
        view = game.view(me)
        blind = {**view, "players": [p if p["seat"] == me else {**p, "cubes": None, "seats": None}
                                     for p in view["players"]]}
        assert advice(blind, legal) == advice(view, legal)
        checked += len(legal) > 1
        game.apply(bot_move(game, bots[me]))
    assert checked > 100
