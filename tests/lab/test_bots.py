"""Bots: options as data, legal choices with reasons, search strength, and no way to hidden information."""
from __future__ import annotations

import random

import pytest

import boardgames_lab as bgl
from boardgames_lab.bots import (BOTS, HeuristicBot, ISMCTSBot, MCTSBot, RandomBot, Seat, bot_move,
                                 bot_options, heuristic_games, make_bot)
from boardgames_lab.bots.mcts import CLOCK_EVERY, evaluation
from boardgames_lab.core.game import Game
from boardgames_lab.core.registry import definition
from boardgames_lab.rulesets.saint_petersburg.state import CARD_IDS
from tests.lab.tinygames import Nim, Take


def play_out(game: Game, bots: list) -> Game:
    while not game.is_over:
        game.apply(bot_move(game, bots[game.current_player]))
    return game


def test_every_bot_declares_its_options_as_data() -> None:
    for name in BOTS:
        options = bot_options(name)
        assert options[0].name == "seed"
        bot = make_bot(name, seed=3, **{o.name: o.default for o in options[1:]})
        assert bot.name == name


def test_bot_options_are_checked() -> None:
    with pytest.raises(ValueError, match="no option"):
        make_bot("random", speed=3)
    with pytest.raises(ValueError, match="between"):
        make_bot("mcts", iterations=0)
    with pytest.raises(ValueError, match="no bot"):
        make_bot("oracle")


@pytest.mark.parametrize("name,options", [("random", {}), ("heuristic", {}), ("mcts", {"iterations": 8}),
                                          ("ismcts", {"iterations": 8})])
def test_bots_finish_a_saint_petersburg_game_with_legal_moves(name: str, options: dict) -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=5)
    bots = [make_bot(name, seed=i, **options) for i in range(3)]
    play_out(game, bots)  # Game.apply raises on any illegal move
    assert game.winners()
    assert bots[0].last_reason


def test_random_bot_keeps_its_old_interface() -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=1)
    assert RandomBot(4).choose(game.view(0), game.legal_moves()) in game.legal_moves()


def test_heuristic_explains_each_move_and_saint_petersburg_has_one() -> None:
    assert "saint_petersburg" in heuristic_games() and definition("saint_petersburg").heuristic is not None
    game = bgl.new_game("saint_petersburg", players=2, seed=2)
    bot = HeuristicBot(seed=0)
    advice = bot.advise(Seat(game.definition, game.state, 0, game.legal_moves()))
    assert {m for m, _, _ in advice} == set(game.legal_moves())
    assert all(reason for _, _, reason in advice)
    assert [s for _, s, _ in advice] == sorted((s for _, s, _ in advice), reverse=True)
    move = bot_move(game, bot)
    assert bot.last_reason in {r for m, _, r in advice if m == move} and str(move) not in bot.last_reason


def test_heuristic_falls_back_to_one_move_lookahead_for_a_game_without_one() -> None:
    game = Game(Nim(pile=2), 2, 0, {})
    bot = HeuristicBot(seed=0)
    assert bot_move(game, bot) == Take(0, 2)  # taking both counters wins at once
    assert "raises my score by 1" in bot.last_reason


@pytest.mark.parametrize("cls", [MCTSBot, ISMCTSBot])
@pytest.mark.parametrize("pile,winning", [(7, 1), (5, 2), (8, 2)])
def test_search_finds_the_winning_nim_move(cls: type, pile: int, winning: int) -> None:
    game = Game(Nim(pile=pile), 2, 0, {})
    assert bot_move(game, cls(seed=1, iterations=400)) == Take(0, winning)


def test_search_beats_random_play_in_nim() -> None:
    wins = 0
    for seed in range(6):
        game = Game(Nim(pile=10), 2, seed, {})
        play_out(game, [MCTSBot(seed=seed, iterations=200), RandomBot(seed)])
        wins += game.winners() == [0]
    assert wins == 6


class TickingClock:
    """A clock that moves on one second each time it is read: a search's time budget without waiting."""

    def __init__(self) -> None:
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return float(self.reads)


@pytest.mark.parametrize("cls", [MCTSBot, ISMCTSBot])
def test_time_budget_stops_the_search_at_the_first_late_reading(cls: type) -> None:
    runs = []
    for _ in range(2):
        game = bgl.new_game("saint_petersburg", players=4, seed=1)
        clock = TickingClock()
        bot = cls(seed=0, iterations=10**6, seconds=50, clock=clock)  # deadline: 1 + 50 at the first reading
        runs.append((bot_move(game, bot), bot.last_iterations, clock.reads))
    move, iterations, reads = runs[0]
    assert 0 < iterations < 10**6
    assert reads == 52  # reading 52 is the first past the deadline, and the last
    assert runs[0] == runs[1]  # the same seed and clock give the same search


def test_the_clock_is_read_inside_a_playout() -> None:
    # Random Keythedral players seldom finish, so one playout can outlast any budget.
    game = bgl.new_game("keythedral", players=4, seed=1)
    clock = TickingClock()
    bot = MCTSBot(seed=0, iterations=10**6, seconds=5, clock=clock)
    bot_move(game, bot)
    assert bot.last_iterations == 1 and bot.last_cut == 1
    # read once to set the deadline (1 + 5), then every CLOCK_EVERY playout moves: the sixth reading is late
    assert clock.reads == 7 and bot.last_plies == CLOCK_EVERY * 6 - 1 < bot.depth


@pytest.mark.parametrize("cls", [MCTSBot, ISMCTSBot])
def test_playouts_stop_at_the_depth_and_are_scored_by_the_evaluation(cls: type) -> None:
    game = bgl.new_game("keythedral", players=3, seed=2)
    bot = cls(seed=0, iterations=5, depth=40)  # no time budget: the depth alone bounds each playout
    bot_move(game, bot)
    assert (bot.last_iterations, bot.last_plies, bot.last_cut) == (5, 5 * 40, 5)
    assert make_bot("mcts", depth=40).depth == 40 and any(o.name == "depth" for o in bot_options("ismcts"))


def test_evaluation_shares_the_win_among_the_leaders_before_the_end() -> None:
    game = _mid_game(plies=60)
    d, st = game.definition, game.state
    scores = d.scores(st)
    leaders = [p for p, s in enumerate(scores) if s == max(scores)]
    assert evaluation(d, st) == [1 / len(leaders) if p in leaders else 0.0 for p in range(3)]
    nim = Game(Nim(pile=1), 2, 0, {})
    assert evaluation(nim.definition, nim.state) == [0.5, 0.5]  # nobody leads yet
    nim.apply("take 1")
    assert evaluation(nim.definition, nim.state) == [1.0, 0.0]  # a finished game: its winners


def test_heuristic_bot_beats_random_in_saint_petersburg() -> None:
    wins = 0
    for seed in range(10):
        game = bgl.new_game("saint_petersburg", players=2, seed=seed)
        bots = [HeuristicBot(seed), RandomBot(seed)] if seed % 2 == 0 else [RandomBot(seed), HeuristicBot(seed)]
        play_out(game, bots)
        wins += (seed % 2) in game.winners()
    assert wins >= 8


# --- hidden information ---------------------------------------------------------------------------------

def _mid_game(seed: int = 3, plies: int = 40) -> Game:
    game = bgl.new_game("saint_petersburg", players=3, seed=seed)
    bots = [RandomBot(i) for i in range(3)]
    for _ in range(plies):
        game.apply(bot_move(game, bots[game.current_player]))
    return game


def _scramble_hidden(game: Game, player: int) -> Game:
    """The same position for ``player``: others' money, hand cards and the deck order changed."""
    other = game.clone()
    st = other.state
    rng = random.Random(99)
    for q in range(st.num_players):
        if q != player:
            st.money[q] += 7
            for i, card in enumerate(st.hands[q]):
                pile = next(d for d in st.decks if d)
                j = rng.randrange(len(pile))
                st.hands[q][i], pile[j] = pile[j], card
            st.hands[q].sort()
    for deck in st.decks:
        rng.shuffle(deck)
    st.rng = type(st.rng)(12345)
    return other


def test_scrambled_hidden_information_leaves_the_view_unchanged() -> None:
    game = _mid_game()
    me = game.current_player
    other = _scramble_hidden(game, me)
    assert other.view(me) == game.view(me)
    assert other.full_view() != game.full_view()


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_bots_decide_the_same_whatever_is_hidden(name: str) -> None:
    for plies in (10, 25, 40, 60):
        game = _mid_game(plies=plies)
        me = game.current_player
        other = _scramble_hidden(game, me)
        assert bot_move(game, make_bot(name, seed=1)) == bot_move(other, make_bot(name, seed=1))


def test_a_seat_holds_no_reference_to_the_state() -> None:
    game = _mid_game()
    seat = Seat(game.definition, game.state, game.current_player, game.legal_moves())
    reachable = [getattr(seat, name) for name in Seat.__slots__]
    assert all(value is not game.state for value in reachable)
    assert not hasattr(seat, "state") and not hasattr(seat, "__dict__")


def test_samples_agree_with_the_view_but_not_with_the_hidden_truth() -> None:
    game = _mid_game(plies=60)
    me = game.current_player
    seat = Seat(game.definition, game.state, me, game.legal_moves())
    rng = random.Random(0)
    samples = [seat.sample(rng) for _ in range(30)]
    truth = game.state
    d = game.definition
    for s in samples:
        assert d.view(s, me) == game.view(me)
        assert s is not truth and s.decks is not truth.decks
    others = [q for q in range(3) if q != me]
    assert any(s.money[q] != truth.money[q] for s in samples for q in others)
    assert any(s.decks != truth.decks for s in samples)
    assert len({s.rng.state for s in samples}) == 30  # the future draws are unknown too
    hands = {tuple(CARD_IDS[c] for c in s.hands[q]) for s in samples for q in others if truth.hands[q]}
    assert len(hands) > 1 or not any(truth.hands[q] for q in others)
