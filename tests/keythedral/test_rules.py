"""Keythedral, rule by rule. Each test cites the rule ids it checks."""
from __future__ import annotations

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import IllegalMove
from boardgames_lab.rulesets.keythedral.data import KEY_QUARRIES, KEY_WOODS, LATTICE, board_graph, fenced_off, reachable_fields
from boardgames_lab.rulesets.keythedral.data import (BLUE, BROWN, BUILDING_INDEX, BUILDINGS, FIELD_TILES, GREEN, GREY, RED,
                                                     STAGE_FULL_ASSUMED, STAGE_SHORT_ASSUMED)
from boardgames_lab.rulesets.keythedral import flow
from boardgames_lab.rulesets.keythedral.state import KState
from tests.conftest import cites
from tests.keythedral.position import after_setup, clear_cubes, edit, give, give_cubes, set_board, state, to_actions

P = "keythedral."
# A small board: player 0's cottage 1 on 2,2 and player 1's cottage 1 on 4,0, sharing field 3,1.
FIELDS = {(1, 1): GREY, (3, 1): BROWN, (1, 3): GREEN, (3, 3): BLUE, (5, 1): RED, (3, -1): GREY, (5, -1): BROWN,
          (1, -1): BROWN, (-1, -1): GREY, (-1, 1): BROWN}


def small_board(players: int = 3) -> bgl.Game:
    game = after_setup(players)
    # every other cottage of player p stands around one field of theirs, (21 + 6p, 21)
    cottages = {p * 5 + k: (20 + 6 * p + 2 * (k % 2), 20 + 2 * (k // 3)) for p in range(players) for k in range(1, 5)}
    cottages.update({0: (2, 2), 5: (4, 0)})
    cottages.update({p * 5: (20 + 6 * p, 24) for p in range(2, players)})
    fields = dict(FIELDS)
    for p in range(players):
        fields[(21 + 6 * p, 21)] = BLUE
    for p in range(2, players):
        fields[(21 + 6 * p, 23)] = BLUE  # beside their cottage 1
    return clear_cubes(set_board(game, fields, cottages))


# --- preparation and set-up -------------------------------------------------------------------

@cites(P + "setup.pieces", P + "setup.store", P + "setup.law_spaces", P + "setup.field_tiles", P + "setup.keythedral")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_preparation(players: int) -> None:
    st = state(bgl.new_game("keythedral", players=players, seed=2))
    assert len(st.cottage_at) == 5 * players and st.fences_left == [3] * players
    assert st.store == [20, 20, 15, 15, 15, 0, 0, 0] and st.shops == [10, 10, 10]
    assert len(st.law_spaces) == 2 and len(st.law_deck) == 18
    assert all(2 <= FIELD_TILES[t].number <= players for t in st.field_stack)
    assert len(st.field_stack) == 5 * players
    assert {FIELD_TILES[st.fields[n]].kind for n in KEY_QUARRIES} == {GREY}
    assert {FIELD_TILES[st.fields[n]].kind for n in KEY_WOODS} == {BROWN}
    assert st.sites[(0, 0)] < 0


@cites(P + "setup.buildings", P + "variant.version")
@pytest.mark.parametrize("version, counts", [("short", STAGE_SHORT_ASSUMED), ("full", STAGE_FULL_ASSUMED)])
def test_building_tiles_by_version(version: str, counts: tuple[int, ...]) -> None:
    st = state(bgl.new_game("keythedral", players=3, seed=4, version=version))
    assert tuple(len(r) for r in st.rows) == counts
    assert len(st.surplus) == 34 - sum(counts) and st.face_up == [False] * 5


@cites(P + "variant.face_up", P + "setup.reveal_first")
def test_face_up_variant_and_first_reveal() -> None:
    assert state(bgl.new_game("keythedral", players=3, seed=4, face_up_tiles=True)).face_up == [True] * 5
    game = after_setup(3)
    assert state(game).face_up == [True, False, False, False, False]
    assert game.view(0)["mat"][1]["tiles"] is None and game.view(0)["mat"][0]["tiles"]


@cites(P + "variant.two_players")
def test_two_player_variant() -> None:
    st = state(bgl.new_game("keythedral", players=2, seed=3))
    assert (0, 0) not in st.sites and len(st.fields) == 2
    assert sorted(FIELD_TILES[t].kind for t in st.fields.values()) == [GREY, BROWN]
    assert len(st.field_stack) == 10 and all(FIELD_TILES[t].number == 2 for t in st.field_stack)
    assert len(st.law_spaces) == 1


@cites(P + "setup.lay_field", P + "setup.lay_cottage", P + "setup.until_all_laid")
def test_set_up_is_played() -> None:
    game = bgl.new_game("keythedral", players=3, seed=1)
    with pytest.raises(IllegalMove) as err:
        game.apply("field 21,21")  # touches nothing laid
    assert err.value.rule == P + "setup.lay_field"
    with pytest.raises(IllegalMove) as err:
        game.apply("cottage 1@2,2")  # the field comes first
    assert err.value.rule == P + "setup.lay_field"
    game.apply("field 3,1")
    assert game.current_player == 0
    with pytest.raises(IllegalMove) as err:
        game.apply("cottage 1@30,30")  # touches no field
    assert err.value.rule == P + "setup.lay_cottage"
    game.apply("cottage 4@2,2")
    assert game.current_player == 1 and game.phase == "lay_tiles"
    while game.phase == "lay_tiles":
        game.apply(game.legal_moves()[0])
    st = state(game)
    assert all(node is not None for node in st.cottage_at) and st.laid == [5, 5, 5]
    assert game.phase == "order"


# --- phase one --------------------------------------------------------------------------------

@cites(P + "round.five_phases", P + "order.choose", P + "order.place_in_turn", P + "worker.adjacent",
       "core.wrong_phase", "core.not_your_turn")
def test_work_order_and_placing() -> None:
    game = small_board()

    def change(st: KState) -> None:
        st.start = st.current = 0
    game = edit(game, change)
    assert [str(m) for m in game.legal_moves()] == [f"order {k}" for k in range(1, 6)]
    game.apply("order 1")
    assert game.phase == "place" and game.current_player == 0
    assert {str(m) for m in game.legal_moves()} == {"worker 1,1", "worker 3,1", "worker 1,3", "worker 3,3"}
    game.apply("worker 3,1")
    assert game.current_player == 1  # then the next player with a number one
    assert "worker 3,1" not in {str(m) for m in game.legal_moves()}
    with pytest.raises(IllegalMove) as err:
        game.apply("order 2")
    assert err.value.rule == "keythedral.order.choose"  # a kind of another phase: the rule of the work order
    with pytest.raises(IllegalMove) as err:
        game.apply("worker 1,1", player=0)  # player 2 is to place: player 1 may not
    assert err.value.rule == "core.not_your_turn"
    assert not game.explain("worker 1,3", player=0).legal


@cites(P + "worker.closed", P + "worker.house_two", P + "worker.idle", P + "fence.blocks")
def test_houses_fences_and_idle_workers() -> None:
    game = small_board()

    def change(st: KState) -> None:
        st.houses[0] = True
        st.fences[((2, 2), (1, 1))] = 1
        st.fences_left[1] -= 1
        st.start = st.current = 1
    game = edit(game, change)
    game.apply("order 1")  # player 1 chose: player 1 first, then 2, then 0
    game.apply("worker 3,1")
    game.apply(game.legal_moves()[0])  # player 2's cottage 1
    assert game.current_player == 0
    assert {str(m) for m in game.legal_moves()} == {"worker 1,3", "worker 3,3"}  # 1,1 fenced, 3,1 occupied
    with pytest.raises(IllegalMove) as err:
        game.apply("worker 1,1")
    assert err.value.rule == P + "worker.closed"
    game.apply("worker 1,3")
    assert game.current_player == 0 and [str(m) for m in game.legal_moves()] == ["worker 3,3"]
    game.apply("worker 3,3")
    assert game.phase == "order" and sum(1 for o in state(game).workers.values() if o == 0) == 2
    # idle: fence player 0's cottage 2 away from its only field; its number passes without a worker

    def fence(st: KState) -> None:
        st.fences[((22, 20), (21, 21))] = 2
        st.fences_left[2] -= 1
    game = edit(game, fence)
    game.apply("order 2")
    st = state(game)
    assert 0 not in [o for f, o in st.workers.items() if f == (21, 21)]
    graph = board_graph(st.fields, st.sites, st.fences)
    assert fenced_off(graph, (22, 20))
    assert sorted(reachable_fields(graph, (2, 2))) == sorted(f for f in LATTICE[(2, 2)] if f in st.fields and f != (1, 1))


# --- phase two --------------------------------------------------------------------------------

@cites(P + "harvest.collect", P + "harvest.store_empty")
def test_harvest_and_failed_harvest() -> None:
    game = small_board()
    st = state(game)  # a copy, on which the phase-two rule runs
    st.workers = {(1, 1): 0, (3, 1): 1, (5, -1): 2}
    st.store[1] = 1  # one timber left: player 1 (after start player 0) gets it, player 2's fails
    st.start = 0
    flow.harvest(st)
    assert st.cubes[0][0] == 1 and st.cubes[1][1] == 1 and st.cubes[2][1] == 0 and st.store[1] == 0


# --- phase three ------------------------------------------------------------------------------

@cites(P + "action.loop", P + "action.until", P + "action.pass_again", P + "action.no_trading")
def test_action_loop() -> None:
    game = give(to_actions(small_board(), 0), 1, "STT")
    game.apply("pass")
    assert game.current_player == 1
    game.apply("house 1")  # resets the passes
    game.apply("pass")
    game.apply("pass")  # player 0 passed before and may act again
    assert game.phase == "actions" and game.current_player == 1
    assert not any(m.kind == "give" for m in game.legal_moves())  # no trading between players
    game.apply("pass")  # the three players still in have passed in succession
    assert game.phase != "actions"


@cites(P + "buy.face_up", P + "buy.next_stage")
def test_buying_and_next_stage() -> None:
    game = small_board()
    game = to_actions(game, 0)
    st = state(game)
    first, second = st.rows[0][:2]
    with pytest.raises(IllegalMove) as err:
        game.apply(f"buy {BUILDINGS[st.rows[1][0]].id}")
    assert err.value.rule == P + "buy.next_stage"
    with pytest.raises(IllegalMove) as err:
        game.apply(f"buy {BUILDINGS[first].id}")
    assert err.value.rule == P + "buy.face_up" and "costs" in err.value.reason
    game = give(game, 0, cost_of(first))
    game.apply(f"buy {BUILDINGS[first].id}")
    st = state(game)
    assert first in st.seats[0] and not any(st.cubes[0])

    def change(st: KState) -> None:
        st.surplus += [t for t in st.rows[0] if t != second]
        st.rows[0] = [second]
        give_cubes(st, 1, cost_of(second))
    game = edit(game, change)
    game.apply(f"buy {BUILDINGS[second].id}")
    st = state(game)
    assert st.stage == 1 and st.face_up[1] and game.view(2)["mat"][1]["tiles"]


def cost_of(tile: int) -> str:
    from boardgames_lab.rulesets.keythedral.data import BUILDINGS
    return "".join(L * c for L, c in zip("STFWVIGA", BUILDINGS[tile].cost))


@cites(P + "house.cost")
def test_house_costs_stone_and_timber() -> None:
    game = give(to_actions(small_board(), 0), 0, "T")
    with pytest.raises(IllegalMove) as err:
        game.apply("house 1")
    assert err.value.rule == P + "house.cost"
    game = give(game, 0, "S")
    game.apply("house 1")
    st = state(game)
    assert st.houses[0] and not any(st.cubes[0])


@cites(P + "fence.build", P + "fence.remove", P + "fence.relocate")
def test_fences() -> None:
    game = small_board()
    game = give(to_actions(game, 0), 0, "TTTT")
    for field in ("1,1", "3,1", "1,3"):
        game.apply(f"fence 2,2>{field}")
        game = edit(game, lambda st: setattr(st, "current", 0))
    with pytest.raises(IllegalMove) as err:
        game.apply("fence 2,2>3,3")
    assert err.value.rule == P + "fence.build" and "three" in err.value.reason

    def lend(st: KState) -> None:  # the fence on 2,2>1,3 becomes player 1's, so player 0 has one left
        st.fences[((2, 2), (1, 3))] = 1
        st.fences_left[1] -= 1
        st.fences_left[0] += 1
    game = edit(game, lend)
    game.apply("fence 2,2>3,3")  # fences off player 0's own cottage 1: it must be laid again
    assert game.phase == "relocate" and game.current_player == 0 and state(game).cottage_at[0] is None
    game.apply(game.legal_moves()[0])
    assert game.phase == "actions" and state(game).cottage_at[0] is not None and game.current_player == 1
    game = give(game, 1, "VV")
    game.apply("unfence 2,2>1,1")
    st = state(game)
    assert ((2, 2), (1, 1)) not in st.fences and st.fences_left[0] == 0


@cites(P + "craft.exchange", P + "craft.restock")
def test_craft_shops() -> None:
    game = small_board()
    game = give(to_actions(game, 0), 0, "SSTF")
    assert "craft A SSTF" in {str(m) for m in game.legal_moves()}

    def empty_forge(st: KState) -> None:  # player 1 holds all ten ironwork: neither the forge nor the store has any
        st.cubes[1][5] += st.shops[0] + st.store[5]
        st.shops[0] = st.store[5] = 0
    game = edit(game, empty_forge)
    with pytest.raises(IllegalMove) as err:
        game.apply("craft I ST")
    assert err.value.rule == P + "craft.restock"
    # put used ironwork into the store: the forge restocks from it

    def used(st: KState) -> None:
        st.store[5], st.cubes[1][5] = st.cubes[1][5], 0
    game = edit(game, used)
    game.apply("craft I ST")
    st = state(game)
    assert st.cubes[0][5] == 1 and st.shops[0] == 9 and st.store[5] == 0


@cites(P + "trader.exchange")
def test_trader() -> None:
    game = give(to_actions(small_board(), 0), 0, "SS")
    game.apply("trade V SS")
    assert state(game).cubes[0][4] == 1 and state(game).cubes[0][0] == 0


@cites(P + "law.procure", P + "law.procure_ends_turns", P + "secret.laws")
def test_procure_law_card() -> None:
    game = give(to_actions(small_board(), 0), 0, "S")
    game.apply("law 2 S")
    st = state(game)
    assert len(st.law_hands[0]) == 1 and st.out[0] and st.law_spaces[1] == -1
    assert game.view(1)["players"][0]["laws"] is None and game.view(1)["players"][0]["law_count"] == 1
    assert game.view(0)["players"][0]["laws"]
    game.apply("pass")
    game.apply("pass")
    assert game.phase != "actions"  # the two players still in passed in succession


# --- phases four and five ---------------------------------------------------------------------

@cites(P + "retrieve.reset")
def test_retrieve() -> None:
    game = small_board()
    st = state(game)  # a copy, on which the phase-four rule runs
    st.workers = {(1, 1): 0}
    st.law_spaces = [-1, -1]
    d = game.definition
    st.phase = "retrieve"
    flow.retrieve(st)
    assert not st.workers and st.law_spaces == [-1, -1]
    d.runner.settle(st)  # the empty new-law spaces are refilled in a chance phase, the top cards first
    assert st.phase == "refill_laws"
    top = st.law_deck[-2:]
    d.advance(st, d.sample_chance(st))
    assert st.phase != "refill_laws"
    assert st.law_spaces == top[::-1] and len(st.law_deck) == 16


def auction(players: int = 4) -> bgl.Game:
    game = small_board(players)

    def change(st: KState) -> None:
        st.start = 0
        st.phase = "auction"
        flow.begin_auction(st)
    return edit(game, change)


@cites(P + "auction.bid_once", P + "auction.pay", P + "auction.choose_start")
def test_auction_other_winner_pays_b() -> None:
    game = give(give(auction(), 2, "SSS"), 3, "TTT")
    assert game.current_player == 2  # B is player 1; bidding starts after B
    game.apply("bid 1")
    with pytest.raises(IllegalMove) as err:
        game.apply("bid 1")
    assert err.value.rule == P + "auction.bid_once"
    game.apply("bid 2")
    game.apply("bid 0")
    game.apply("bid 0")  # B does not match
    assert game.phase == "auction_pay" and game.current_player == 3
    game.apply("give T")
    game.apply("give T")
    assert state(game).cubes[1][1] == 2 and game.phase == "choose_start" and game.current_player == 3
    game.apply("start 4")
    assert state(game).start == 3 and game.phase == "order"


@cites(P + "auction.b_matches")
def test_auction_b_matches_and_pays() -> None:
    game = give(give(auction(), 2, "SS"), 1, "FF")
    game.apply("bid 2")
    game.apply("bid 0")
    game.apply("bid 0")
    assert {str(m) for m in game.legal_moves()} == {"bid 0", "bid 2"}
    game.apply("bid 2")
    assert game.current_player == 1 and game.phase == "auction_pay"
    game.apply("give F")
    game.apply("give F")
    assert state(game).cubes[2][2] == 2 and game.current_player == 1 and game.phase == "choose_start"


# --- the end ----------------------------------------------------------------------------------

@cites(P + "end.last_tile", P + "score.total", P + "score.winner")
def test_rulebook_scoring_example_and_the_end() -> None:
    game = to_actions(small_board(2), 0)
    last = BUILDING_INDEX["5-B"]

    def change(st: KState) -> None:
        # The rulebook's example: tiles 12, 8, 6 and 4, one purple and three green cubes: 36 points.
        st.seats[0] = [BUILDING_INDEX["5-A"], BUILDING_INDEX["3-A"], BUILDING_INDEX["2-A"], BUILDING_INDEX["1-A"]]
        give_cubes(st, 0, "GFFF")
        st.rows = [[], [], [], [], [last]]
        st.surplus = sorted(set(range(34)) - set(st.seats[0]) - {last})
        st.stage = 4
        st.face_up = [True] * 5
        give_cubes(st, 1, cost_of(last))
        st.current = st.actor = 1
    game = edit(game, change)
    game.apply("buy 5-B")
    assert game.is_over
    assert state(game).final[0] == {"seats": 30, "cubes": 6, "total": 36}
    assert game.scores() == [36, 12] and game.winners() == [0]


@cites(P + "buy.next_stage")
def test_turning_a_stage_face_up_blocks_undo_in_play_mode() -> None:
    game = to_actions(small_board(), 0)
    first, second = state(game).rows[0][:2]

    def change(st: KState) -> None:
        st.surplus += [t for t in st.rows[0] if t not in (first, second)]
        st.rows[0] = [first, second]
        give_cubes(st, 0, cost_of(first))
        give_cubes(st, 1, cost_of(second))
    game = edit(game, change)
    game = bgl.from_position("keythedral", game.position(), mode="play")
    game.apply(f"buy {BUILDINGS[first].id}")  # a tile is left on stage one: nothing is revealed
    assert game.can_undo()
    game.apply(f"buy {BUILDINGS[second].id}")  # the last tile: stage two is turned face up
    assert state(game).face_up[1] and not game.can_undo()
