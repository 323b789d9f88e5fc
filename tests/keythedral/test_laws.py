"""Keythedral law cards, one by one, and the windows in which they are played."""
from __future__ import annotations

import random

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import IllegalMove
from boardgames_lab.rulesets.keythedral.data import BUILDING_INDEX, BUILDINGS, LAW_INDEX, LETTER
from tests.conftest import cites
from boardgames_lab.rulesets.keythedral import flow
from boardgames_lab.rulesets.keythedral.state import KState
from tests.keythedral.position import after_setup, edit, give, state, to_actions
from tests.keythedral.test_rules import cost_of, small_board

P = "keythedral."


def hold_cards(st: KState, player: int, *laws: str) -> None:
    for law in laws:
        card = LAW_INDEX[law]
        if card in st.law_deck:
            st.law_deck.remove(card)
        elif card in st.law_spaces:
            st.law_spaces[st.law_spaces.index(card)] = -1
        st.law_hands[player].append(card)
        st.law_hands[player].sort()


def hold(game: bgl.Game, player: int, *laws: str) -> bgl.Game:
    """Put law cards into a player's hand, wherever they were."""
    return edit(game, lambda st: hold_cards(st, player, *laws))


PLACED = ("harvest_start", "actions_start", "retrieve_start")


def enter(game: bgl.Game, phase: str, hook: str, start: int | None = 0) -> bgl.Game:
    """The game rebuilt after entering an automatic phase as the flow does (with ``start`` the start player) and
    letting it settle: the flow's hook runs on the state read from the position."""
    d = game.definition

    def change(st: KState) -> None:
        if start is not None:
            st.start = start
        if phase in PLACED and not st.chosen:  # phases two to four come after all five numbers were placed
            st.chosen, st.order_k = [1, 2, 3, 4, 5], 4
        st.phase = phase
        getattr(flow, hook)(st)
        d.runner.settle(st)
    return edit(game, change)


def fence(st: KState, owner: int) -> None:
    """A fence of ``owner`` between player 0's cottage 1 on 2,2 and the field 1,1."""
    st.fences[((2, 2), (1, 1))] = owner
    st.fences_left[owner] -= 1


def texts(game: bgl.Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


@cites(P + "law.window", P + "law.work_order", P + "law.once")
def test_work_order_in_the_phase_one_window() -> None:
    game = enter(hold(small_board(), 1, "work_order"), "round_start", "begin_round")
    assert game.phase == "law_window" and game.current_player == 0 and game.to_act() == (0, 1, 2)
    # every player is asked, holder or not, all at once
    assert {str(m) for m in game.definition.seat_moves(game.state, 0)} == {"decline"}
    game.apply("decline")
    assert "play work_order" in texts(game)
    game.apply("play work_order", player=1)
    st = state(game)
    assert LAW_INDEX["work_order"] in st.law_used and not st.law_hands[1]
    game.apply("decline")  # player 1 may play another card or decline
    game.apply("decline")
    assert game.phase == "order" and game.current_player == 1  # the holder places every marker
    game.apply("order 1")
    assert game.current_player == 0  # placing still starts with the start player
    while game.phase == "place":
        game.apply(game.legal_moves()[0])
    assert game.phase == "order" and game.current_player == 1


@cites(P + "law.window")
def test_declines_are_private_in_the_log() -> None:
    game = bgl.new_game("keythedral", players=3, seed=3)
    rng = random.Random(3)
    while not any(m.kind == "decline" for m in game.moves):
        moves = game.legal_moves()
        game.apply(moves[int(rng.random() * len(moves))])
    decider = game.log[-1]["player"]
    others = [q for q in range(3) if q != decider]
    assert game.log_for(decider)[-1]["move"] == "decline"
    assert all(entry["move"] != "decline" or entry["player"] == q for q in others for entry in game.log_for(q))


@cites(P + "law.broken_fences")
def test_broken_fences() -> None:
    game = hold(edit(small_board(), lambda st: fence(st, 1)), 0, "broken_fences")
    game = enter(game, "round_start", "begin_round")
    game.apply("play broken_fences 1")
    game.apply("decline")
    game.apply("decline")
    game.apply("decline")
    game.apply("order 1")
    assert "worker 1,1" in texts(game)  # player 1's workers (seat 1 = player 0) climb the fence


@cites(P + "law.start_order")
def test_start_order() -> None:
    game = enter(hold(small_board(), 0, "start_order"), "round_start", "begin_round")
    game.apply("play start_order 3")
    game.apply("decline")
    game.apply("decline")
    game.apply("decline")
    assert state(game).start == 2 and game.phase == "order" and game.current_player == 2


@cites(P + "law.cottage_number")
def test_cottage_number() -> None:

    def change(st: KState) -> None:
        st.start = st.current = 0
        hold_cards(st, 0, "cottage_number")
    game = edit(small_board(), change)
    game.apply("order 1")
    assert game.phase == "law_window"
    assert "play cottage_number 1" not in texts(game) and "play cottage_number 2" in texts(game)
    game.apply("play cottage_number 2")
    for _ in range(3):
        game.apply("decline")
    assert game.phase == "place"
    st = state(game)
    assert st.queue[:1] == [1] or st.placing in (0, 1)  # cottage 2 (id 1) acts with number one
    while game.phase == "place":
        game.apply(game.legal_moves()[0])
    assert sum(1 for o in state(game).workers.values() if o == 0) == 2
    game = edit(game, lambda st: setattr(st, "current", 1))
    game.apply("order 2")  # cottage 2 acted already: player 0 sends nobody for number two
    before = sum(1 for o in state(game).workers.values() if o == 0)
    while game.phase == "place":
        game.apply(game.legal_moves()[0])
    assert sum(1 for o in state(game).workers.values() if o == 0) == before


def harvest_window(game: bgl.Game) -> bgl.Game:
    game = edit(game, lambda st: setattr(st, "workers", {(1, 1): 0, (3, 1): 1, (3, 3): 0}))
    return enter(game, "harvest_start", "open_harvest_window")


@cites(P + "law.good_harvest", P + "law.double_production")
def test_good_harvest_and_double_production() -> None:
    game = harvest_window(hold(small_board(), 0, "good_harvest", "double_production"))
    assert "play double_production 3,1" not in texts(game)  # not player 0's worker
    game.apply("play good_harvest S")
    game.apply("play double_production 3,3")
    game.apply("decline")
    game.apply("decline")
    game.apply("decline")
    st = state(game)
    assert st.cubes[0][0] == 2 and st.cubes[0][3] == 2 and st.cubes[1][1] == 1


@cites(P + "law.poor_harvest", P + "law.unexpected_harvest")
def test_poor_and_unexpected_harvest() -> None:
    game = harvest_window(hold(hold(small_board(), 0, "unexpected_harvest"), 1, "poor_harvest"))
    game.apply("play unexpected_harvest W")
    game.apply("decline")  # the answer window: players 2 and 3 could repeal it
    game.apply("decline")
    game.apply("decline")  # player 1 again, in the harvest window
    game.apply("play poor_harvest T")
    game.apply("decline")  # nobody else holds a card: no answer window; players 2 and 3 finish the window
    game.apply("decline")
    assert game.phase == "harvest_choice" and game.current_player == 0
    game.apply("take V")
    st = state(game)
    assert st.cubes[0][4] == 1 and st.cubes[1][1] == 0 and st.cubes[0][0] == 1


@cites(P + "law.house_moratorium")
def test_house_moratorium() -> None:
    game = enter(hold(small_board(), 1, "house_moratorium"), "actions_start", "begin_actions")
    game.apply("decline")
    game.apply("play house_moratorium")
    game.apply("decline")
    game.apply("decline")
    assert game.phase == "actions" and game.current_player == 0
    game = give(give(game, 0, "ST"), 1, "ST")
    with pytest.raises(IllegalMove) as err:
        game.apply("house 1")
    assert err.value.rule == P + "law.house_moratorium"  # the moratorium forbids it, not the cost
    game.apply("pass")
    game.apply("house 1")  # its player may build as usual


def purchase_position(buyer: int = 0) -> tuple[bgl.Game, str]:
    game = to_actions(small_board(), buyer)
    tile = state(game).rows[0][0]
    return give(game, buyer, cost_of(tile)), BUILDINGS[tile].id


@cites(P + "law.price_increase", P + "law.repeal_law")
def test_price_increase_stops_a_purchase_and_can_be_repealed() -> None:
    game, tile = purchase_position()
    game = hold(game, 1, "price_increase")
    game.apply(f"buy {tile}")
    assert game.phase == "law_window" and game.current_player == 1 and not state(game).seats[0]
    game.apply("play price_increase")
    assert game.phase == "actions" and game.current_player == 0 and not state(game).seats[0]  # not an action
    assert f"buy {tile}" not in texts(game)
    cost = BUILDINGS[BUILDING_INDEX[tile]].cost
    shown = [LETTER[k] for k in range(8) if cost[k]]
    game = give(game, 0, shown[0])
    game.apply(f"buy {tile} +{shown[0]}")
    st = state(game)
    assert st.seats[0] and not any(st.cubes[0])
    # now with a repeal in the buyer's hand
    game, tile = purchase_position()
    game = hold(hold(game, 1, "price_increase"), 0, "repeal_law")
    game.apply(f"buy {tile}")
    game.apply("play price_increase")
    assert game.phase == "law_window" and game.current_player == 2  # the answer window, from the next player
    game.apply("decline")
    game.apply("play repeal_law")
    assert game.phase == "law_window" and game.current_player == 1  # the purchase window goes on
    game.apply("decline")
    game.apply("decline")
    assert game.phase == "actions" and state(game).seats[0]


@cites(P + "law.design_change")
def test_design_change_at_a_purchase() -> None:
    game, tile = purchase_position()
    game = hold(game, 2, "design_change")
    game.apply(f"buy {tile}")
    game.apply("decline")
    game.apply(f"play design_change {tile}")
    st = state(game)
    assert tile not in [BUILDINGS[t].id for t in st.rows[0]] and game.current_player == 0 and not st.seats[0]


@cites(P + "law.price_decrease", P + "law.declared")
def test_price_decrease_and_declared_cards() -> None:
    game, tile = purchase_position()
    game = hold(game, 0, "price_decrease", "bargain", "sale")
    game.apply(f"play price_decrease {tile}")
    assert game.current_player == 0  # a card is not an action
    game.apply("play bargain")
    with pytest.raises(IllegalMove) as err:
        game.apply("play sale")
    assert err.value.rule == P + "law.declared"
    cost = BUILDINGS[BUILDING_INDEX[tile]].cost
    less = next(LETTER[k] for k in range(8) if cost[k] and k != 7)
    game.apply(f"buy {tile} -{less}")
    st = state(game)
    assert st.seats[0] and st.cubes[0][LETTER.index(less)] == 1


@cites(P + "law.upgrade_cottage", P + "law.downgrade_house")
def test_upgrade_and_downgrade() -> None:
    game = hold(hold(to_actions(small_board(), 0), 0, "upgrade_cottage"), 1, "downgrade_house")
    game.apply("play upgrade_cottage 1")
    game.apply("decline")  # player 2 could repeal it
    game.apply("decline")
    st = state(game)
    assert st.houses[0] and not any(st.cubes[0])
    game.apply("pass")
    game.apply("play downgrade_house 2,2")
    assert not state(game).houses[0]


@cites(P + "law.substitution")
def test_substitution() -> None:
    game = to_actions(small_board(), 0)
    tile = state(game).rows[0][0]
    n = sum(BUILDINGS[tile].cost)
    game = hold(give(game, 0, "V" * n), 0, "substitution")
    assert not any(m.kind == "buy" for m in game.legal_moves())
    game.apply("play substitution")
    with pytest.raises(IllegalMove) as err:  # the payment must be named while the card is in force
        game.apply(f"buy {BUILDINGS[tile].id}")
    assert err.value.rule == P + "law.substitution"
    game.apply(f"buy {BUILDINGS[tile].id} ={'V' * n}")
    st = state(game)
    assert tile in st.seats[0] and not any(st.cubes[0])


@cites(P + "law.craft_bargain", P + "law.bargain", P + "law.sale")
def test_trader_and_craft_cards() -> None:
    game = to_actions(small_board(), 0)

    def change(st: KState) -> None:
        st.shops[1] -= 1
        st.store[6] += 1  # one used purple cube in the store
        hold_cards(st, 0, "craft_bargain")
        hold_cards(st, 1, "bargain")
        hold_cards(st, 2, "sale")
    game = give(edit(game, change), 0, "S")
    assert "trade G S" not in {str(m) for m in game.legal_moves()}  # the card is the exchange
    game.apply("play craft_bargain G:S")
    game.apply("decline")  # the answer window: players 2 and 3 could repeal it
    game.apply("decline")
    st = state(game)
    assert st.cubes[0][6] == 1 and st.store[6] == 0 and st.cubes[0][0] == 0
    assert game.phase == "actions" and game.current_player == 0  # playing a card is not the turn's action
    game.apply("pass")
    game = give(game, 1, "F")
    game.apply("play bargain")
    game.apply("decline")
    game.apply("decline")
    game.apply("trade WV F")
    st = state(game)
    assert st.cubes[1][4] == 1 and st.cubes[1][3] == 1
    game = give(game, 2, "SS")
    game.apply("play sale")
    game.apply("craft A SS")  # nobody else holds a card: no answer window
    assert state(game).cubes[2][7] == 1


@cites(P + "law.unsafe_fence")
def test_unsafe_fence() -> None:
    game = to_actions(small_board(), 0)
    game = hold(edit(game, lambda st: fence(st, 1)), 0, "unsafe_fence")
    assert state(game).fences_left[1] == 2
    game.apply("play unsafe_fence 2,2>1,1")
    st = state(game)
    assert not st.fences and st.fences_left[1] == 2  # out of the game, not back in stock


# --- when each card may be played: every moment its appendix text allows ---------------------------------

def _window_until(game: bgl.Game, player: int) -> None:
    """Decline in the open window until ``player`` is asked."""
    while game.current_player != player:
        game.apply("decline")


def _close_window(game: bgl.Game) -> None:
    while game.phase == "law_window":
        game.apply("decline")


@cites(P + "law.craft_bargain", P + "law.window")
def test_craft_bargain_at_any_time_here_at_the_start_of_phase_one() -> None:

    def change(st: KState) -> None:
        st.shops[1] -= 1
        st.store[6] += 1  # a used purple cube in the store
        hold_cards(st, 1, "craft_bargain")
    game = enter(give(edit(small_board(), change), 1, "S"), "round_start", "begin_round")
    _window_until(game, 1)
    game.apply("play craft_bargain G:S")
    st = state(game)
    assert st.cubes[1][6] == 1 and st.cubes[1][0] == 0 and st.store[6] == 0
    _close_window(game)
    assert game.phase == "order"


@cites(P + "law.unsafe_fence")
def test_unsafe_fence_after_a_work_order_choice_opens_the_field_at_once() -> None:
    game = hold(edit(small_board(), lambda st: fence(st, 2)), 1, "unsafe_fence")
    game = enter(game, "round_start", "begin_round")
    _close_window(game)
    game.apply("order 1")  # player 1's cottage 1 on 2,2 is called
    assert game.phase == "law_window"
    _window_until(game, 1)
    game.apply("play unsafe_fence 2,2>1,1")
    _close_window(game)
    assert game.phase == "place" and game.current_player == 0
    assert "worker 1,1" in texts(game)


@cites(P + "law.design_change")
def test_design_change_at_any_time_here_at_the_start_of_phase_three() -> None:
    game = enter(hold(small_board(), 1, "design_change"), "actions_start", "begin_actions")
    _window_until(game, 1)
    tile = BUILDINGS[state(game).rows[0][0]].id
    game.apply(f"play design_change {tile}")
    st = state(game)
    assert BUILDING_INDEX[tile] not in st.rows[0] and BUILDING_INDEX[tile] in st.surplus


@cites(P + "law.design_change", P + "law.price_increase")
def test_design_change_of_another_tile_at_a_purchase_lets_the_purchase_go_on() -> None:
    game, tile = purchase_position(0)
    game = hold(game, 1, "design_change")
    other = next(BUILDINGS[t].id for t in state(game).rows[0] if BUILDINGS[t].id != tile)
    game.apply(f"buy {tile}")
    assert game.phase == "law_window" and game.current_player == 1
    game.apply(f"play design_change {other}")
    _close_window(game)
    st = state(game)
    assert BUILDING_INDEX[tile] in st.seats[0] and BUILDING_INDEX[other] not in st.rows[0]


@cites(P + "law.broken_fences")
def test_broken_fences_during_phase_one_and_before_it() -> None:
    game = hold(edit(small_board(), lambda st: fence(st, 2)), 1, "broken_fences")
    game = enter(game, "round_start", "begin_round")
    _close_window(game)
    game.apply("order 1")
    _window_until(game, 1)
    assert "play broken_fences 1" in texts(game)  # during phase one, after a work order choice
    game2 = enter(hold(small_board(), 2, "broken_fences"), "auction_start", "open_auction_window")  # the beginning of phase five: before phase one
    _window_until(game2, 2)
    game2.apply("play broken_fences 1")
    _close_window(game2)
    assert game2.phase == "auction" and state(game2).effects["broken_fences"] == 0


@cites(P + "law.house_moratorium")
@pytest.mark.parametrize("phase, hook", [("round_start", "begin_round"), ("harvest_start", "open_harvest_window")])
def test_house_moratorium_before_phase_three(phase: str, hook: str) -> None:
    game = enter(hold(small_board(), 1, "house_moratorium"), phase, hook)
    _window_until(game, 1)
    game.apply("play house_moratorium")
    assert state(game).effects["moratorium"] == 1


@cites(P + "law.start_order")
def test_start_order_at_the_beginning_of_phases_four_and_five() -> None:
    game = enter(hold(small_board(), 2, "start_order"), "retrieve_start", "open_retrieve_window")
    _window_until(game, 2)
    assert "play start_order 2" in texts(game)
    game2 = enter(hold(small_board(), 2, "start_order"), "auction_start", "open_auction_window")
    _window_until(game2, 2)
    game2.apply("play start_order 2")
    _close_window(game2)
    assert game2.phase == "auction" and state(game2).auction["b"] == 2  # the new start player passes the marker


# --- Variation two: every tile on the mat is face up, and the cards may name any of them ----------------------
def _variation_two_turn(face_up_tiles: bool, *laws: str) -> bgl.Game:
    """Player 0 to act in phase three of a game just set up, holding ``laws``."""
    return hold(to_actions(after_setup(3, face_up_tiles=face_up_tiles)), 0, *laws)


@cites(P + "law.design_change", P + "variant.face_up")
def test_design_change_in_variation_two_names_any_face_up_tile_of_any_stage() -> None:
    game = _variation_two_turn(True, "design_change")
    st = state(game)
    later = BUILDINGS[st.rows[2][0]].id  # a stage-3 tile: face up from the start in Variation two
    assert {f"play design_change {BUILDINGS[t].id}" for row in st.rows for t in row} <= texts(game)
    game.apply(f"play design_change {later}")  # normal play draws the replacement at once
    st = state(game)
    assert BUILDING_INDEX[later] not in st.rows[2] and BUILDING_INDEX[later] in st.surplus
    assert len(st.rows[2]) == 4 and all(BUILDINGS[t].stage == 2 for t in st.rows[2]) and game.current_player == 0


@cites(P + "law.design_change", P + "setup.buildings")
def test_design_change_in_the_basic_game_names_only_the_tiles_for_sale() -> None:
    game = _variation_two_turn(False, "design_change")
    st = state(game)
    later = BUILDINGS[st.rows[2][0]].id  # face down: naming it would give away which tile lies there
    with pytest.raises(IllegalMove) as err:
        game.apply(f"play design_change {later}")
    assert err.value.rule == P + "law.design_change"
    assert "is not a possible choice for Design change here" in str(err.value)
    assert all(f"play design_change {BUILDINGS[t].id}" in texts(game) for t in st.rows[0])


@cites(P + "law.price_decrease", P + "variant.face_up")
def test_price_decrease_in_variation_two_stays_under_a_later_stage_s_tile_until_it_is_bought() -> None:
    game = _variation_two_turn(True, "price_decrease")
    tile = state(game).rows[1][0]
    game.apply(f"play price_decrease {BUILDINGS[tile].id}")
    assert tile in state(game).effects["down"]

    def stage_one_bought(st: KState) -> None:  # player 1 has bought every stage-1 tile: stage 2 is for sale
        st.seats[1].extend(st.rows[0])
        st.rows[0], st.stage = [], 1
    game = to_actions(give(edit(game, stage_one_bought), 0, cost_of(tile)), 0)
    cost = BUILDINGS[tile].cost
    less = next(LETTER[k] for k in range(7) if cost[k])
    before = state(game).cubes[0][LETTER.index(less)]
    game.apply(f"buy {BUILDINGS[tile].id} -{less}")
    st = state(game)
    assert tile in st.seats[0] and tile not in st.effects.get("down", [])  # the card left with its tile
    assert st.cubes[0][LETTER.index(less)] == before - cost[LETTER.index(less)] + 1  # one cube fewer paid


@cites(P + "law.price_decrease")
def test_price_decrease_in_the_basic_game_names_only_the_tiles_for_sale() -> None:
    game = _variation_two_turn(False, "price_decrease")
    later = BUILDINGS[state(game).rows[1][0]].id
    with pytest.raises(IllegalMove) as err:
        game.apply(f"play price_decrease {later}")
    assert err.value.rule == P + "law.price_decrease"
