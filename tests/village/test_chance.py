"""Village's draws as chance phases: the customers dealt at set-up, the board seeded from the green bag each round,
the market line refilled from the face-down pile, and the black bag drawn at Mass. Explicit-chance games stop
at each, list the outcomes with their probabilities, take a chosen outcome, refuse one not left, and normal
play records each draw. Tests cite rule ids."""
from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import IllegalMove, PositionError, UndoBlocked
from boardgames_lab.core.moves import CHANCE
from boardgames_lab.rulesets.village.data import AREAS, BAG, CHURCH1, CUSTOMERS, MONKS, SETUP_CARDS, STALLS
from tests.conftest import cites
from tests.village.position import board, clear_board, edit, give, place, position, state

P = "village."


def explicit(game: bgl.Game, mode: str = "sandbox") -> bgl.Game:
    """The same position in a game that stops at every draw."""
    return bgl.from_position("village", game.position(), mode=mode, chance="explicit")


def odds(game: bgl.Game) -> dict[str, Fraction]:
    return {str(m): Fraction(p).limit_denominator(1000) for m, p in game.chance_outcomes()}


def draw_all(game: bgl.Game) -> None:
    """Resolve every pending draw the way normal play would (the top of the pile, the generator's cube)."""
    while game.to_act() == (CHANCE,):
        game.apply(game.definition.sample_chance(game.definition.clone_state(game.state)), player=CHANCE)


# --- the customers dealt at set-up ---------------------------------------------------------------------------

@cites(P + "setup.customers", P + "hidden.pile")
def test_set_up_stops_at_the_customer_deal_with_every_tile_equally_likely() -> None:
    game = bgl.new_game("village", players=2, seed=5, chance="explicit")
    assert game.phase == "customers" and game.to_act() == (CHANCE,)
    pile = state(game).pile
    outcomes = game.chance_outcomes()
    assert [m.tile for m, _ in outcomes] == sorted(pile) == list(range(len(CUSTOMERS)))  # by number, not pile order
    assert all(p == pytest.approx(1 / 24) for _, p in outcomes)
    assert game.legal_moves() == tuple(m for m, _ in outcomes)


@cites(P + "setup.customers")
def test_a_chosen_customer_other_than_the_top_goes_to_the_first_stall_and_the_pile_keeps_its_other_tiles() -> None:
    game = bgl.new_game("village", players=2, seed=5, chance="explicit")
    before = state(game).pile
    top, chosen = before[-1], before[0]
    game.apply(f"customer {chosen}", player=CHANCE)
    st = state(game)
    assert st.stalls[0] == chosen and st.stalls[1:] == [-1] * (STALLS[2] - 1)
    assert st.pile == [top] + before[1:-1]  # swapped to the top and drawn: the old top takes its place
    assert game.chance_outcomes()[0][1] == pytest.approx(1 / 23)
    draw_all(game)
    st = state(game)
    assert game.phase == "turn" and -1 not in st.stalls + st.queue and len(st.pile) == 24 - STALLS[2] - 5


@cites(P + "setup.customers")
def test_a_customer_not_in_the_pile_is_refused_under_the_deal_rule() -> None:
    game = bgl.new_game("village", players=2, seed=5, chance="explicit")
    game.apply("customer 3", player=CHANCE)
    with pytest.raises(IllegalMove) as err:
        game.apply("customer 3", player=CHANCE)
    assert err.value.rule == P + "setup.customers" and "not in the face-down pile" in str(err.value)
    assert not game.explain("customer 3", player=CHANCE).legal
    with pytest.raises(IllegalMove) as err:
        game.apply("customer 4", player=0)  # a seat may not draw for chance
    assert err.value.rule == "core.not_your_turn"


@cites(P + "setup.customers", P + "round.seed")
def test_normal_play_records_the_deal_from_the_top_and_each_cube_drawn() -> None:
    game = bgl.new_game("village", players=3, seed=2)
    record = game.chance_record()
    deal = [d for d in record if d["what"] == "a customer from the face-down pile"]
    assert [d["draw"] for d in deal] == ["top"] * (STALLS[3] + 5)
    assert [d["probability"] for d in deal] == pytest.approx([1 / (24 - k) for k in range(STALLS[3] + 5)])
    st = state(game)
    assert [d["outcome"] for d in deal] == st.stalls + st.queue
    cubes = [d for d in record if d["what"] == "a cube from the green bag"]
    assert len(cubes) == sum(SETUP_CARDS[3][1]) and all(d["draw"] == "below" for d in cubes)


# --- the board seeded from the green bag ---------------------------------------------------------------------------

def at_seed(players: int = 2, seed: int = 5) -> bgl.Game:
    game = bgl.new_game("village", players=players, seed=seed, chance="explicit", mode="sandbox")
    while game.phase == "customers":
        game.apply(game.chance_outcomes()[0][0], player=CHANCE)
    return game


@cites(P + "round.seed")
def test_the_seed_draw_stops_per_area_with_each_set_of_cubes_weighted_by_the_ways_to_draw_it() -> None:
    game = at_seed()
    per_colour = SETUP_CARDS[2][0]
    total = 4 * per_colour + 6  # four of each colour and the six plague cubes
    pairs = Fraction(1, comb(total, 2))
    assert game.phase == "seed" and SETUP_CARDS[2][1][0] == 2  # two cubes onto the harvest area
    outcomes = odds(game)
    assert len(outcomes) == 15 and sum(outcomes.values()) == 1
    assert outcomes["seed harvest plague plague"] == comb(6, 2) * pairs
    assert outcomes["seed harvest green plague"] == per_colour * 6 * pairs
    assert outcomes["seed harvest pink pink"] == comb(per_colour, 2) * pairs
    game.apply("seed harvest plague green", player=CHANCE)  # the notation puts the cubes in colour order
    assert state(game).spaces[0] == [0, 1, 0, 0, 1]
    assert all(text.startswith("seed family ") for text in odds(game))
    assert odds(game)["seed family plague plague"] == comb(5, 2) * Fraction(1, comb(total - 2, 2))


@cites(P + "round.seed")
def test_cubes_for_another_area_of_another_count_or_not_in_the_bag_are_refused_under_the_seed_rule() -> None:
    game = at_seed()
    for text, words in (("seed family green green", "harvest"), ("seed harvest green", "2 cube(s)"),
                        ("seed harvest green green green", "2 cube(s)")):
        with pytest.raises(IllegalMove) as err:
            game.apply(text, player=CHANCE)
        assert err.value.rule == P + "round.seed" and words in str(err.value), text

    def one_orange(st: Any) -> None:
        st.supply[0] += st.bag[0] - 1
        st.bag[0] = 1
    game = edit(game, one_orange)
    assert game.phase == "seed" and "seed harvest orange orange" not in odds(game)
    with pytest.raises(IllegalMove) as err:
        game.apply("seed harvest orange orange", player=CHANCE)
    assert err.value.rule == P + "round.seed" and "holds 1 orange" in str(err.value)


@cites(P + "round.seed")
def test_seeding_ends_when_every_area_has_its_cubes_and_the_first_player_takes_one() -> None:
    game = at_seed(players=3)
    draw_all(game)
    st = state(game)
    assert game.phase == "turn" and game.to_act() == (0,)
    assert [sum(space) for space in st.spaces] == list(SETUP_CARDS[3][1])


@cites(P + "round.seed")
def test_a_position_at_a_draw_with_nothing_to_draw_is_refused_naming_the_field() -> None:
    data = at_seed().position()
    data["state"]["supply"] = [s + b for s, b in zip(data["state"]["supply"], data["state"]["bag"])]
    data["state"]["bag"] = [0] * 5
    with pytest.raises(PositionError) as err:
        bgl.from_position("village", data)
    assert "bag" in str(err.value)


@cites(P + "round.seed")
def test_a_position_at_a_draw_is_drawn_at_once_in_normal_play() -> None:
    data = at_seed().position()
    game = bgl.from_position("village", data)
    assert game.phase == "turn" and [sum(s) for s in state(game).spaces] == list(SETUP_CARDS[2][1])
    assert [d["what"] for d in game.chance_record()] == ["a cube from the green bag"] * sum(SETUP_CARDS[2][1])
    assert len(game.log[0]["chance"]) == sum(SETUP_CARDS[2][1])  # one generator draw per cube, as always


# --- the market line refilled from the pile ---------------------------------------------------------------------------

def market_day() -> bgl.Game:
    """Seat 0 opens a market day holding what the customer on stall 1 asks for; seat 1 holds nothing."""
    game = position(2, seed=3)
    tile = state(game).stalls[0]
    demand = CUSTOMERS[tile].demand
    goods = {name: n for name, n in zip(("wagon", "horse", "ox", "plough", "scroll"), demand) if n}
    game = give(game, 0, goods=goods, grain=demand[5])
    game = board(game, market={"green": 1})
    game.apply("take market green")
    game.apply("serve 1")  # the first sale of the day: free
    game.apply("pass")
    return game


@cites(P + "market.end", P + "hidden.pile")
def test_the_end_of_a_day_with_a_sale_stops_at_the_refill_and_a_chosen_tile_fills_the_back() -> None:
    game = explicit(market_day())
    before = state(game)
    game.apply("pass")  # the day ends: the line moves up, its last space waits for the pile
    st = state(game)
    assert game.phase == "refill" and game.to_act() == (CHANCE,)
    assert st.stalls == before.stalls[1:] + before.queue[:1] and st.queue == before.queue[1:] + [-1]
    assert [m.tile for m, _ in game.chance_outcomes()] == sorted(before.pile)
    chosen = before.pile[0]
    game.apply(f"customer {chosen}", player=CHANCE)
    st = state(game)
    assert st.queue[-1] == chosen and st.pile == [before.pile[-1]] + before.pile[1:-1] and game.phase == "turn"
    with pytest.raises(UndoBlocked):
        explicit(market_day(), mode="play").apply("pass").apply(f"customer {chosen}", player=CHANCE).undo()


@cites(P + "market.end")
def test_a_tile_already_in_the_line_is_refused_under_the_market_end_rule() -> None:
    game = explicit(market_day())
    game.apply("pass")
    in_line = state(game).stalls[0]
    why = game.explain(f"customer {in_line}", player=CHANCE)
    assert not why.legal and why.rule == P + "market.end"


@cites(P + "market.end", P + "hidden.pile")
def test_normal_play_draws_the_top_of_the_pile_and_records_it_for_everyone_without_the_tile() -> None:
    game = market_day()
    top = state(game).pile[-1]
    game.apply("pass")
    assert state(game).queue[-1] == top
    draws = game.log[-1]["chance"]
    assert [(d["draw"], d["outcome"]) for d in draws] == [("top", top)]
    for seat in (None, 0, 1):
        entry = game.log_for(seat)[-1]
        assert entry["chance"] == [{k: draws[0][k] for k in ("what", "draw")}]  # no tile, chance or count
        assert f"Customer {top} " in " ".join(c["text"] for c in entry["changes"])  # face up: seen by all
        assert "pile_order" not in game.view(seat) and game.view(seat)["pile"] == len(state(game).pile)


# --- the black bag at Mass -----------------------------------------------------------------------------------------

def at_mass_draw() -> bgl.Game:
    """Seat 0 has two generation-1 villagers in the bag, seat 1 one, nobody a coin: the round's last cube is taken
    and the Mass goes straight to its draw."""
    game = position(2, seed=1)
    game = clear_board(game, harvest={"green": 1})
    for p, i in ((0, 0), (0, 1), (1, 0)):
        game = place(game, p, i, "bag")
    game = give(game, 0, coins=0)
    game = give(game, 1, coins=0)
    game = explicit(game)
    game.apply("take harvest green")
    game.apply("skip")
    return game


@cites(P + "mass.draw")
def test_the_mass_draw_stops_with_monks_and_each_seats_villagers_weighted_by_their_pieces() -> None:
    game = at_mass_draw()
    assert game.phase == "mass_draw" and game.to_act() == (CHANCE,)
    assert odds(game) == {"monk": Fraction(4, 7), "villager seat0 g1": Fraction(2, 7),
                          "villager seat1 g1": Fraction(1, 7)}
    game.apply("villager seat1 g1", player=CHANCE)
    assert state(game).places[1][0] == CHURCH1
    game.apply("monk", player=CHANCE)
    assert state(game).monks == MONKS - 1  # out of the bag until the draw ends
    assert odds(game) == {"monk": Fraction(3, 5), "villager seat0 g1": Fraction(2, 5)}


@cites(P + "mass.draw")
def test_a_villager_not_in_the_bag_is_refused_and_the_monks_go_back_after_four_pieces() -> None:
    game = at_mass_draw()
    game.apply("villager seat1 g1", player=CHANCE)
    for text in ("villager seat1 g1", "villager seat0 g2", "villager seat5 g1"):
        why = game.explain(text, player=CHANCE)
        assert not why.legal and why.rule == P + "mass.draw", text
    for _ in range(3):
        game.apply("monk", player=CHANCE)
    st = state(game)
    # nobody can advance a church villager: the Mass ends and the next round's seeding waits for its draws
    assert game.phase == "seed" and st.monks == MONKS and st.places[0][:2] == [BAG, BAG]
    assert "3 monk(s) drawn and returned to the bag." in [c["text"] for c in game.log[-1]["changes"]]


@cites(P + "mass.draw")
def test_normal_play_draws_the_same_pieces_the_generator_picks() -> None:
    game = at_mass_draw()
    d = game.definition
    generator = game.state.rng.state  # where normal play's generator stands (explicit draws do not step it)
    drawn = 0
    while game.phase == "mass_draw":
        st = d.clone_state(game.state)
        st.rng.state = generator
        move = d.sample_chance(st)
        generator = st.rng.state
        game.apply(move, player=CHANCE)
        drawn += 1
    auto = bgl.from_position("village", at_mass_draw().position())  # normal play draws at once
    for field in ("places", "prestige", "monks"):
        assert auto.position()["state"][field] == game.position()["state"][field]
    assert [e["what"] for e in auto.chance_record()][:drawn] == ["a piece from the black bag"] * drawn


@cites(P + "round.seed", P + "mass.draw", P + "setup.customers")
def test_the_draws_notation_reads_back() -> None:
    game = at_seed()
    for text in ("seed harvest green plague", "customer 0", "customer 23", "monk", "villager seat1 g2"):
        move = game.parse_move(text, player=CHANCE)
        assert str(move) == text and move.player == CHANCE
    assert AREAS[0] == "harvest"
