"""Village rounds, the market day, time and death, the Mass, the end and scoring. Tests cite rule ids."""
from __future__ import annotations

from typing import Any

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import IllegalMove, UndoBlocked
from boardgames_lab.rulesets.village.data import (BAG, CHRONICLE0, CHURCH1, COUNCIL1, CUSTOMERS, FARM, GRAVE, REMOVED,
                                                  SETUP_CARDS, STALLS)
from boardgames_lab.rulesets.village.scoring import final_scores
from tests.conftest import cites
from tests.village.position import (act, board, clear_board, edit, give, lay_dead, mass_after_harvest, moves,
                                   oldest_dies, place, position, state)

P = "village."


def set_stalls(game: bgl.Game, tiles: list[int]) -> bgl.Game:
    """Put the given customer tiles on the stalls (the old ones go back to the pile)."""
    def change(st: Any) -> None:
        for t in st.stalls:
            if t >= 0:
                st.pile.append(t)
        for t in tiles:
            if t in st.pile:
                st.pile.remove(t)
            else:
                st.queue[st.queue.index(t)] = st.pile.pop(0)
        st.stalls = tiles + [-1] * (len(st.stalls) - len(tiles))
    return edit(game, change)


# --- set-up and rounds --------------------------------------------------------------------------

@cites(P + "setup.players")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players: int) -> None:
    st = state(position(players))
    for p in range(players):
        assert st.places[p].count(FARM) == 4 and st.places[p].count(0) == 7 and st.coins[p] == 1
    assert len(st.stalls) == STALLS[players] and len(st.queue) == 5
    assert st.current == st.start_player == 0


@cites(P + "round.seed")
def test_seeding_follows_the_setup_card() -> None:
    st = state(position(3))
    per_colour, per_area = SETUP_CARDS[3]
    assert [sum(space) for space in st.spaces] == list(per_area)
    assert sum(st.bag) + sum(map(sum, st.spaces)) == 4 * per_colour + 6  # all six plague cubes went in
    assert st.supply[4] == 0


@cites(P + "turn.take_cube")
def test_take_cube_goes_to_the_farm() -> None:
    game = position()
    game = board(game, harvest={"pink": 1})
    assert "take harvest pink" in moves(game) and "take harvest brown" not in moves(game)
    game.apply("take harvest pink")
    assert state(game).cubes[0][3] == 1 and game.phase == "action"


@cites(P + "turn.plague")
def test_plague_cube_costs_two_time() -> None:
    game = position()
    game = board(game, harvest={"plague": 1})
    supply = state(game).supply[4]
    game.apply("take harvest plague")
    assert state(game).time[0] == 2 and state(game).supply[4] == supply + 1
    assert "harvest" in moves(game)  # the action may still be taken


@cites(P + "round.end", P + "round.next_start")
def test_round_ends_with_the_board_empty_and_the_ring_starts_the_next() -> None:
    game = position()
    game = clear_board(game, council={"green": 1})
    game = place(game, 0, 0, "council1")
    game.apply("take council green")
    game.apply("privilege 1")
    assert state(game).round == 2 and state(game).start_player == 0  # seat 0 had the ring: Mass ran, new round
    game = position()
    game = clear_board(game, harvest={"green": 1}, family={"green": 1})
    game.apply("take harvest green")
    game.apply("skip")
    game = edit(game, lambda st: setattr(st, "ring", 1))
    game.apply("take family green")
    game.apply("skip")
    st = state(game)
    assert st.round == 2 and st.start_player == 1 and st.ring == -1 and st.current == 1


# --- the well -----------------------------------------------------------------------------------

@cites(P + "well.action", P + "coins.joker")
def test_well_reaches_an_exhausted_area() -> None:
    game = position()
    game = clear_board(game, keep="harvest")
    game = give(game, 0, cubes={"orange": 2}, coins=1)
    legal = moves(game)
    assert "well family orange +1c" in legal and "well family orange" not in legal
    game.apply("well family orange +1c")
    assert state(game).cubes[0][0] == 0 and state(game).coins[0] == 0 and game.phase == "action"
    game.apply("birth")
    assert state(game).places[0][4] == FARM


# --- market -------------------------------------------------------------------------------------

def market_game(players: int = 3) -> bgl.Game:
    game = position(players)
    game = set_stalls(game, [0, 1, 2])  # wagon+grain, horse+grain, ox+grain
    for p in range(players):
        game = give(game, p, goods={"wagon": 1, "horse": 1}, grain=2, cubes={"green": 1})
    game = board(game, market={"green": 1})
    return game


@cites(P + "market.day", P + "market.first_sale", P + "market.available")
def test_market_day_first_sale_is_free() -> None:
    game = market_game()
    game.apply("take market green")
    assert game.phase == "market" and "skip" not in moves(game)
    assert moves(game) == {"pass", "serve 1", "serve 2"}  # no ox: the third customer cannot be served
    game.apply("serve 1")
    st = state(game)
    assert st.served[0] == [0] and st.time[0] == 0 and st.cubes[0][1] == 2 and st.current == 1


@cites(P + "market.surcharge")
def test_later_sales_pay_green_and_time_even_for_the_starter() -> None:
    game = market_game()
    game.apply("take market green")
    game.apply("serve 1")
    assert moves(game) == {"pass", "serve 2", "serve 2 +1c"}
    game.apply("serve 2")
    st = state(game)
    assert st.cubes[1][1] == 0 and st.time[1] == 1
    game.apply("pass")  # seat 2
    st = state(game)
    assert st.current == 0
    game = give(game, 0, goods={"horse": 1, "ox": 1})
    st = state(game)
    assert "serve 3" in moves(game)
    game.apply("serve 3")
    st = state(game)
    assert st.time[0] == 1 and st.cubes[0][1] == 1


@cites(P + "market.pass_final", P + "market.end")
def test_passing_is_final_and_the_queue_moves_up() -> None:
    game = market_game()
    st = state(game)
    front = st.queue[0]
    game.apply("take market green")
    st = state(game)
    game.apply("pass")
    st = state(game)
    assert st.passed[0]
    game.apply("serve 2 +1c")
    st = state(game)
    game.apply("pass")
    st = state(game)
    assert st.current == 1  # seat 0 passed and is skipped
    game.apply("pass")
    st = state(game)
    assert game.phase != "market" and st.opener == -1
    assert st.stalls[:2] == [0, 2] and st.stalls[2] == front  # the waiting customer moved up


@cites(P + "death.market_at_once")
def test_death_during_a_market_day_is_at_once() -> None:
    game = market_game()
    st = state(game)
    def change(st: Any) -> None:
        st.time[1] = 11
    game = edit(game, change)
    st = state(game)
    game = place(game, 1, 0, "council1")
    st = state(game)
    game.apply("take market green")
    st = state(game)
    game.apply("pass")
    st = state(game)
    game.apply("serve 1")  # seat 1 pays one time and passes the bridge
    st = state(game)
    assert game.phase == "market_death" and st.current == 1
    assert moves(game) == {"dies farm g1", "dies council1 g1"}
    game.apply("dies council1 g1")
    st = state(game)
    assert st.places[1][0] == CHRONICLE0 and game.phase == "market" and st.current == 2


# --- time and death -----------------------------------------------------------------------------

@cites(P + "time.track", P + "death.end_of_turn", P + "death.oldest")
def test_death_chosen_at_the_end_of_the_turn_among_the_oldest() -> None:
    game = position()
    st = state(game)
    def change(st: Any) -> None:
        st.time[0] = 10
    game = edit(game, change)
    st = state(game)
    game = place(game, 0, 1, "office")
    st = state(game)
    game = act(game, "crafts")
    st = state(game)
    game.apply("craft wagon train g1")  # four time: the bridge is passed
    st = state(game)
    assert game.phase == "death" and moves(game) == {"dies farm g1", "dies office g1", "dies wagon_maker g1"}
    with pytest.raises(IllegalMove) as err:
        game.apply("dies farm g2")
        st = state(game)
    assert err.value.rule == P + "death.oldest"
    game.apply("dies office g1")
    st = state(game)
    assert st.places[0][1] == CHRONICLE0 + 1 and game.phase == "turn" and st.current == 1


@cites(P + "death.chronicle")
def test_full_chronicle_category_sends_the_dead_to_a_grave() -> None:
    game = position()
    st = state(game)
    def change(st: Any) -> None:
        lay_dead(st, "chronicle_farm", 2)  # the farm category is full with two players
    game = edit(game, change)
    st = state(game)
    game = oldest_dies(game)
    st = state(game)
    assert st.places[0][0] == GRAVE and st.graves == 1


@cites(P + "end.trigger", P + "end.last_actions")
def test_last_grave_ends_the_game_after_the_others_last_actions() -> None:
    game = position(3)
    st = state(game)
    def change(st: Any) -> None:
        lay_dead(st, "chronicle_farm", 2 + 1)  # three players: three spaces per category
        lay_dead(st, "grave", 7)
    game = edit(game, change)
    st = state(game)
    game = oldest_dies(game)
    st = state(game)
    assert st.end_by == 0 and st.last_queue == [2] and st.current == 1
    game = clear_board(game, family={"green": 2})
    st = state(game)
    game.apply("take family green")
    st = state(game)
    game.apply("skip")
    st = state(game)
    assert st.current == 2 and st.last_queue == []
    game.apply("take family green")
    st = state(game)
    game.apply("skip")
    st = state(game)
    assert st.final_mass and game.phase == "mass" and st.current == 0  # seat 0 may buy a villager out


@cites(P + "end.market_day")
def test_end_in_a_market_day_by_another_player_gives_everyone_a_last_action() -> None:
    game = market_game()
    st = state(game)
    def change(st: Any) -> None:
        lay_dead(st, "chronicle_council", 3)
        lay_dead(st, "grave", 7)
        st.time[1] = 11
    game = edit(game, change)
    st = state(game)
    game = place(game, 1, 0, "council1")
    st = state(game)
    for i in range(1, 4):
        game = place(game, 1, i, "bag")
        st = state(game)
    game.apply("take market green")
    st = state(game)
    game.apply("pass")
    st = state(game)
    game.apply("serve 1")  # seat 1 dies at once into the last grave: the end is triggered in the market day
    st = state(game)
    assert st.end_by == 1 and game.phase == "market"
    game.apply("pass")
    st = state(game)
    game.apply("pass")
    st = state(game)
    assert st.last_queue == [2, 0] and st.current == 1  # everyone, the starter (seat 0) last


@cites(P + "end.no_cubes", P + "end.final_mass")
def test_last_actions_with_an_empty_board_need_no_well() -> None:
    game = position()
    st = state(game)
    game = clear_board(game, harvest={"green": 1})
    st = state(game)
    def change(st: Any) -> None:
        lay_dead(st, "chronicle_farm", 2)  # the end is triggered: a category full, then every grave
        lay_dead(st, "grave", 6)
        st.end_by = 1
        st.last_queue = [0]
        st.current = st.turn_player = 1
        st.phase = "turn"
    game = edit(game, change)
    st = state(game)
    game.apply("take harvest green")
    st = state(game)
    game.apply("skip")
    st = state(game)
    assert st.no_cubes and st.current == 0 and "free family" in moves(game)
    game.apply("free family")
    st = state(game)
    game.apply("birth")
    st = state(game)
    assert st.final_mass and (game.phase.startswith("mass") or game.is_over)


# --- Mass -------------------------------------------------------------------------------------

def mass_game() -> bgl.Game:
    game = position()
    game = clear_board(game, harvest={"green": 1})
    game = place(game, 0, 0, "bag")
    game = place(game, 0, 1, "bag")
    game = place(game, 1, 0, "bag")
    game = give(game, 0, coins=2, grain=5)
    game = give(game, 1, coins=0)
    game.apply("take harvest green")
    game.apply("skip")
    return game


@cites(P + "mass.select")
def test_mass_buys_own_villagers_out_for_a_coin() -> None:
    game = mass_game()
    assert game.phase == "mass" and moves(game) == {"done", "redeem g1"}
    game.apply("redeem g1")
    st = state(game)
    assert st.coins[0] == 1 and st.selected == 1 and CHURCH1 in st.places[0]


@cites(P + "mass.draw", P + "mass.advance")
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_mass_draw_and_advance_with_grain(seed: int) -> None:
    game = mass_after_harvest(seed, grain=5)
    st = state(game)
    assert game.phase == "mass_advance" and st.monks == 4
    drawn = sum(w == CHURCH1 for p in range(2) for w in st.places[p]) - 1
    texts = " ".join(c["text"] for entry in game.log[-2:] for c in entry["changes"])
    monks = int(texts.split(" monk(s) drawn")[0].split()[-1]) if "monk(s) drawn" in texts else 0
    assert drawn + monks == 4
    game.apply("raise church1 g1")
    st = state(game)
    assert CHURCH1 + 1 in st.places[0] and st.grain[0] == 4


@cites(P + "mass.majority")
def test_majority_ties_go_to_the_best_placed_villager() -> None:
    from boardgames_lab.rulesets.village.mass import award_mass
    st = state(position(3))
    st.places[0][0] = CHURCH1
    st.places[1][0] = CHURCH1 + 2
    assert award_mass(st) == [1] and st.prestige[1] == 2
    st.places[0][0] = CHURCH1 + 2
    assert award_mass(st) == [0, 1]
    st.places[2][0] = st.places[2][1] = CHURCH1
    assert award_mass(st) == [2]


# --- scoring ------------------------------------------------------------------------------------

@cites(P + "final.scoring")
def test_final_scoring_tables() -> None:
    st = state(position())  # a copy: the scoring function is asked directly
    st.visited[0] = 0b111
    st.places[0][0] = COUNCIL1 + 3
    st.places[0][1] = COUNCIL1
    st.places[0][2] = CHURCH1 + 3
    st.places[0][3] = BAG
    st.places[0][4:7] = [CHRONICLE0, CHRONICLE0 + 1, CHRONICLE0 + 2]
    st.served[0] = [23]
    st.prestige[0] = 5
    st.coins[0] = 2
    entry = final_scores(st)[0]
    assert entry["travel"] == 6 and entry["council"] == 6 and entry["church"] == 6 and entry["chronicle"] == 4
    assert entry["customers"] == CUSTOMERS[23].prestige
    assert entry["total"] == 5 + 6 + 6 + 6 + 4 + CUSTOMERS[23].prestige + 2


@cites(P + "final.tie_break")
def test_tie_break_customers_then_living() -> None:
    game = bgl.new_game("village", players=2, seed=3)
    d = game.definition
    st = state(game)
    st.final = [{"total": 10, "served": 2, "living": 3}, {"total": 10, "served": 2, "living": 5}]
    assert d.winners(st) == [1]
    st.final = [{"total": 10, "served": 3, "living": 3}, {"total": 10, "served": 2, "living": 5}]
    assert d.winners(st) == [0]
    st.final = [{"total": 10, "served": 2, "living": 5}, {"total": 10, "served": 2, "living": 5}]
    assert d.winners(st) == [0, 1]
    assert REMOVED > GRAVE


@cites(P + "death.end_of_turn", P + "turn.plague")
def test_a_plague_cube_at_the_market_kills_after_the_market_day() -> None:
    game = market_game(2)
    st = state(game)
    def change(st: Any) -> None:
        st.time[0] = 11
    game = edit(game, change)
    st = state(game)
    game = place(game, 0, 1, "office")
    st = state(game)
    game = board(game, market={"plague": 1})
    st = state(game)
    game.apply("take market plague")
    st = state(game)
    assert game.phase == "market" and st.held_deaths == 1 and st.deaths == 0
    game.apply("pass")
    st = state(game)
    game.apply("pass")
    st = state(game)
    assert game.phase == "death" and st.current == 0 and moves(game) == {"dies farm g1", "dies office g1"}


@cites(P + "hidden.pile", P + "market.end")
def test_the_move_that_refills_the_line_from_the_pile_cannot_be_undone_in_play() -> None:
    game = bgl.from_position("village", market_game().position(), mode="play")
    game.apply("take market green")
    game.apply("serve 1")  # the first sale: the line will move up and refill when the day ends
    game.apply("pass")
    game.apply("pass")
    pile = len(state(game).pile)
    game.apply("pass")  # the last pass ends the day: a tile comes up from the face-down pile
    assert game.phase != "market" and len(state(game).pile) < pile
    with pytest.raises(UndoBlocked):
        game.undo()
    other = bgl.from_position("village", market_game().position(), mode="play")
    other.apply("take market green")
    other.apply("pass")  # nothing served yet: passing shows nothing and may be taken back
    other.undo()
    assert other.ply == 1 and other.phase == "market"
