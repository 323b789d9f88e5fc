"""Each game's features face: one fixed layout at every player count, filled from the seat's view alone."""
from __future__ import annotations

import math
import random
import re

import pytest

import boardgames_lab as bgl
from boardgames_lab.adapters.observation import observe
from boardgames_lab.core.errors import OptionError
from boardgames_lab.core.moves import CHANCE
from boardgames_lab.core.registry import definition
from boardgames_lab.core.rng import Rng
from boardgames_lab.faces import Layout

GAMES = [g["name"] for g in bgl.games()]


def _played(name: str, players: int, seed: int, moves: int) -> bgl.Game:
    game = bgl.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        move = rng.choice(game.legal_moves())
        game.apply(move, player=game.definition.seat_of(game.state, move))
    return game


@pytest.mark.parametrize("name", GAMES)
def test_the_layout_is_one_size_at_every_count_and_holds_every_seat(name: str) -> None:
    d = definition(name)
    face = d.features
    assert face is not None and face.__name__ == f"boardgames_lab.rulesets.{name}.features"
    layout = face.LAYOUT
    assert len(layout.labels()) == layout.size == sum(n for _, n, _ in layout.table())
    for players in (d.info.min_players, d.info.max_players):
        for seed in range(2):
            game = _played(name, players, seed, 400)
            for seat in range(players):
                values = face.encode(game.view(seat), seat, players)
                assert len(values) == layout.size and all(math.isfinite(v) for v in values)
                assert values[layout.at("seated", "you")] == 1
                # the lists of places fit the layout's slots (a slot past the end would be dropped)
                view = game.view(seat)
                for key, prefix in (("fields", "field."), ("sites", "site."), ("fences", "fence."),
                                    ("stalls", "stall."), ("queue", "queue.")):
                    if key in view:
                        slots = sum(1 for f, _, _ in layout.fields if f.startswith(prefix))
                        assert len(view[key]) <= slots, (key, len(view[key]), slots)


@pytest.mark.parametrize("name", GAMES)
def test_features_are_the_same_for_states_the_seat_cannot_tell_apart_and_count_from_the_seat(name: str) -> None:
    d = definition(name)
    game = _played(name, d.info.max_players, 5, 60)
    assert not game.is_over
    n = game.num_players
    for seat in range(n):
        mine = list(d.features.encode(game.view(seat), seat, n))
        sample = d.determinize(game.state, seat, Rng(seat + 11))
        assert list(d.features.encode(d.view(sample, seat), seat, n)) == mine
    # the seat to act is "you" in its own vector and "+k" in the vector of the seat k places before it
    acting = game.to_act()[0]
    assert acting != CHANCE
    layout = d.features.LAYOUT
    before = (acting - 1) % n
    assert d.features.encode(game.view(acting), acting, n)[layout.at("to_act", "you")] == 1
    assert d.features.encode(game.view(before), before, n)[layout.at("to_act", "+1")] == 1


def _states(name: str, games: int, every: int) -> "list[bgl.Game]":
    """Positions of games at every player count with random options, played to their ends by the heuristic bot and
    random moves mixed, drawn by the generator or at explicit draws: about one position in ``every`` and the end."""
    from boardgames_lab.bots import bot_move, make_bot
    d = definition(name)
    rng = random.Random(name)
    found = []
    for k in range(games):
        players = d.info.min_players + k % (d.info.max_players - d.info.min_players + 1)
        while True:  # options that conflict at this count are refused: draw others
            options = {o.name: rng.choice(o.choices) for o in d.info.options}
            try:
                game = bgl.new_game(name, players=players, seed=k, chance="explicit" if k % 3 == 2 else "auto",
                                    **options)
                break
            except OptionError:
                continue
        bot = make_bot("heuristic", seed=k)
        while not game.is_over and game.ply < 3000:
            if game.to_act() == (CHANCE,):
                game.apply(rng.choice(game.chance_outcomes())[0], player=CHANCE)
                continue
            move = bot_move(game, bot) if rng.random() < 0.7 else rng.choice(game.legal_moves())
            game.apply(move, player=game.definition.seat_of(game.state, move))
            if rng.randrange(every) == 0:
                found.append(game.clone())
        assert game.is_over, f"{name}: a game of seed {k} did not end in 3000 moves"
        found.append(game)
    return found


def _same_as_view(name: str, game: bgl.Game, seat: int, public: bool) -> None:
    """``encode_state`` of the game's position for ``seat`` is exactly ``encode`` of the seat's (or the spectator's)
    view; a difference fails naming the entries that differ."""
    d = definition(name)
    face, n, state = d.features, game.num_players, game.state
    expected = list(face.encode(d.view(state, None if public else seat), seat, n))
    got = list(face.encode_state(state, seat, public))
    if got != expected:
        wrong = [label for label, a, b in zip(face.LAYOUT.labels(), got, expected) if a != b]
        pytest.fail(f"{name} {n} players ply {game.ply} phase {game.phase} seat {seat} public={public}: {wrong[:8]}")


@pytest.mark.parametrize("name", GAMES)
def test_the_encoding_from_the_state_is_the_encoding_of_the_view(name: str) -> None:
    """A game's ``encode_state`` reads its state directly (the adapters' fast path): on many positions, from every
    seat and the spectator's side, it writes exactly what ``encode`` writes from the view."""
    checked = over = 0
    for game in _states(name, 12, 20):
        over += game.is_over
        for seat in range(game.num_players):
            for public in (False, True):
                _same_as_view(name, game, seat, public)
                checked += 1
    assert over > 0 and checked > 200


@pytest.mark.parametrize("name", GAMES)
def test_the_encoding_from_the_state_follows_every_move_and_every_seat(name: str) -> None:
    """``encode_state`` rewrites only what changed since its last call for the same seat: move by move through
    games at the smallest and largest tables (explicit draws in one), from every seat and the spectator's side,
    with another game's positions asked for in between, it writes exactly what ``encode`` writes from the view."""
    d = definition(name)
    face = d.features
    checked = 0
    for players, chance in ((d.info.min_players, "explicit"), (d.info.max_players, "auto")):
        game = bgl.new_game(name, players=players, seed=players, chance=chance)
        other = _played(name, players, players + 1, 30)
        rng = random.Random(players)
        for step in range(300):
            if game.is_over:
                break
            if game.to_act() == (CHANCE,):
                game.apply(rng.choice(game.chance_outcomes())[0], player=CHANCE)
            else:
                move = rng.choice(game.legal_moves())
                game.apply(move, player=game.definition.seat_of(game.state, move))
            for seat in range(players):
                for public in (False, True):
                    if step % 7 == seat:  # the same seat's buffer, filled from another game in between
                        face.encode_state(other.state, seat, public)
                    _same_as_view(name, game, seat, public)
                    checked += 1
    assert checked > 1000


def _with_options_drawn(name: str, players: int, seed: int, rng: random.Random) -> bgl.Game:
    """A new game with each option drawn at random (drawn again where a combination is refused)."""
    choices = definition(name).info.options
    while True:
        try:
            return bgl.new_game(name, players=players, seed=seed, **{o.name: rng.choice(o.choices) for o in choices})
        except OptionError:
            continue


@pytest.mark.parametrize("name", GAMES)
def test_the_encoding_from_the_state_holds_for_positions_asked_alternately(name: str) -> None:
    """Positions of games at every player count, each with other options, asked for one after another and back
    again (the same seat number in games of different sizes, lengths and boards), seat by seat and the spectator's
    side: ``encode_state`` writes what ``encode`` writes from the view, whatever it was asked before."""
    d = definition(name)
    rng = random.Random(name + "alternately")
    games = [_with_options_drawn(name, players, seed, rng)
             for players in range(d.info.min_players, d.info.max_players + 1) for seed in range(2)]
    checked = 0
    for _ in range(40):
        for game in games:
            for _ in range(rng.randrange(4)):
                if not game.is_over:
                    move = rng.choice(game.legal_moves())
                    game.apply(move, player=game.definition.seat_of(game.state, move))
        for game in rng.sample(games, len(games)):
            n = game.num_players
            for seat in rng.sample(range(n), n):
                _same_as_view(name, game, seat, rng.random() < 0.3)
                checked += 1
    assert checked > 500


@pytest.mark.parametrize("name", GAMES)
def test_the_encoding_from_the_state_holds_in_any_order_and_from_a_rebuilt_position(name: str) -> None:
    """``encode_state`` keeps what it last wrote with what it read it from: asked for the positions of games at every
    table size in a shuffled order, some also rebuilt from their position (the same board, not shared), from every
    seat and the spectator's side, it writes exactly what ``encode`` writes."""
    games = _states(name, 4, 25)
    games += [bgl.from_position(name, game.position()) for game in games[::4]]
    random.Random(name).shuffle(games)
    checked = 0
    for game in games:
        for seat in range(game.num_players):
            for public in (False, True):
                _same_as_view(name, game, seat, public)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("open_money", [False, True])
def test_saint_petersburg_rubles_are_in_the_vector_wherever_the_view_shows_them(open_money: bool) -> None:
    """saint_petersburg.money.secret: a seat sees its own rubles, and under ``open_money`` every seat's; the vector
    holds each seat's rubles the view shows, counted from the observer, and marks them shown."""
    from boardgames_lab.rulesets.saint_petersburg.features import LAYOUT, encode, encode_state
    game = bgl.new_game("saint_petersburg", players=3, seed=4, open_money=open_money)
    rng = random.Random(4)
    for _ in range(40):
        game.apply(rng.choice(game.legal_moves()))
    d, st = game.definition, game.state
    money, shown = LAYOUT.offset["money"], LAYOUT.offset["money_shown"]
    for seat in range(3):
        vector = encode_state(st, seat)
        assert list(vector) == list(encode(d.view(st, seat), seat, 3))
        for k in range(3):
            other = (seat + k) % 3
            seen = open_money or other == seat
            assert vector[shown + k] == (1.0 if seen else 0.0)
            assert vector[money + k] == (st.money[other] if seen else 0.0)


def test_citadels_the_hand_a_fortune_teller_looks_at_is_in_the_tellers_vector() -> None:
    """citadels.action.fortune_teller: while the teller chooses, it sees the fellow player's hand; its vector holds
    that hand (``fortune_hand``), and the other seats' vectors do not."""
    from boardgames_lab.rulesets.citadels.features import LAYOUT, encode, encode_state
    at, size = LAYOUT.offset["fortune_hand"], len(LAYOUT.index["fortune_hand"])
    seen = 0
    for seed in range(60):
        game = bgl.new_game("citadels", players=4, seed=seed, action_cards=True)
        rng = random.Random(seed)
        while not game.is_over and game.state.phase != "fortune":
            moves = game.legal_moves()
            tellers = [m for m in moves if m.kind == "fortune_teller"]
            move = rng.choice(tellers or moves)
            game.apply(move, player=game.definition.seat_of(game.state, move))
        if game.is_over:
            continue
        st, d = game.state, game.definition
        for seat in range(4):
            vector = encode_state(st, seat)
            assert list(vector) == list(encode(d.view(st, seat), seat, 4))
            block = sorted(c for c in range(size) for _ in range(int(vector[at + c])))
            assert block == (sorted(st.hands[st.fortune]) if seat == st.current else [])
        seen += 1
        if seen == 3:
            break
    assert seen == 3


def _read_text(layout: Layout, text: str) -> list[float]:
    """The vector a layout's observation string names, read back word by word."""
    values = [0.0] * layout.size
    for m in re.finditer(r"([^\s\[=]+)(?:=(\S+)|\[([^\]]*)\])", text):
        name, single, entries = m.groups()
        if single is not None:
            values[layout.offset[name]] = float(single)
            continue
        for entry in entries.split(","):
            label, _, value = entry.partition("=")
            values[layout.at(name, label)] = float(value) if value else 1.0
    return values


@pytest.mark.parametrize("name", GAMES)
def test_the_observation_string_names_exactly_the_vector(name: str) -> None:
    """``LAYOUT.text`` writes each field once and an entry of 1 by its label: read back, it is the vector."""
    layout = definition(name).features.LAYOUT
    players = definition(name).info.max_players
    game = _played(name, players, 3, 0)
    rng, read = random.Random(3), 0
    while not game.is_over and read < 60:
        for seat in range(players):
            vector = list(observe(game.definition, game.state, seat))
            assert _read_text(layout, layout.text(vector)) == vector
            read += 1
        for _ in range(7):
            if not game.is_over:
                move = rng.choice(game.legal_moves())
                game.apply(move, player=game.definition.seat_of(game.state, move))
    assert read >= 60


def test_a_feature_label_may_not_hold_the_strings_marks() -> None:
    with pytest.raises(ValueError, match="may not hold"):
        Layout("demo", [("cards", ("a,b", "c"), "two cards")])
