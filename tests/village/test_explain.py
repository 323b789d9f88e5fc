"""Village "why not?": every refusal names the rule that really forbids the move, and no move value crashes.

The fuzz at the end follows the conformance suite's move-value contract: a legal move with one field replaced by
another value (from other positions' legal moves, or of a wrong type) raises only ``IllegalMove``, is explained as
legal exactly when it is in ``legal_moves()``, cites a known rule, and changes nothing.
"""
from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from typing import Any

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import IllegalMove, InvalidNotation
from boardgames_lab.core.moves import Move
from boardgames_lab.rulesets.village import RULES, Craft, parse
from tests.conftest import cites
from tests.village.position import act, board, clear_board, edit, give, lay_dead, moves, place, position, state
from tests.village.test_flow import market_game, mass_game

P = "village."


def refused(game: bgl.Game, move: Move | str) -> tuple[str, str]:
    """The rule and reason of a refusal, checked to be the same from explain and from apply."""
    why = game.explain(move)
    assert not why.legal
    with pytest.raises(IllegalMove) as err:
        game.apply(move)
    assert err.value.rule == why.rule
    return why.rule, why.reason


@cites(P + "market.surcharge")
def test_goods_in_hand_but_no_coin_for_the_surcharge() -> None:
    game = market_game()
    game.apply("take market green")
    game.apply("pass")  # the opener is out; seat 1 holds what stall 1 asks for, but neither green nor coin
    game = give(game, 1, cubes={"green": 0}, coins=0)
    assert moves(game) == {"pass"}
    rule, reason = refused(game, "serve 1")
    assert rule == P + "market.surcharge"
    assert "green" in reason and "coin" in reason and "lack" in reason and "wagon" not in reason


@cites(P + "coins.joker")
def test_a_coin_named_for_the_surcharge_must_be_held() -> None:
    game = market_game()
    game.apply("take market green")
    game.apply("pass")
    game = give(game, 1, coins=0)
    rule, reason = refused(game, "serve 1 +1c")
    assert rule == P + "coins.joker" and "0 coin" in reason


@cites(P + "market.first_sale")
def test_the_first_sale_pays_no_surcharge() -> None:
    game = market_game()
    game.apply("take market green")
    game = give(game, 0, coins=1)
    rule, _ = refused(game, "serve 1 +1c")
    assert rule == P + "market.first_sale"


@cites(P + "market.available")
def test_missing_goods_are_named() -> None:
    game = market_game()
    game.apply("take market green")
    game.apply("pass")
    game = give(game, 1, goods={"wagon": 0})
    rule, reason = refused(game, "serve 1")
    assert rule == P + "market.available" and "1 wagon" in reason


@cites(P + "family.birth")
def test_birth_names_no_generation() -> None:
    game = position()
    game = act(game, "family")
    assert "birth" in moves(game)  # unborn villagers are waiting: the lowest-numbered is born
    with pytest.raises(InvalidNotation):
        game.parse_move("birth g3")
    assert not any(f.name == "generation" for f in dataclasses.fields(type(game.parse_move("birth"))))


@cites(P + "crafts.mill")
def test_the_mill_is_not_a_craft_good() -> None:
    game = position()
    game = act(game, "crafts")
    rule, reason = refused(game, Craft(0, "mill", "train", 1))
    assert rule == P + "crafts.mill" and "use the mill itself" in reason


@cites(P + "crafts.resources", P + "coins.joker")
def test_resource_payment_refusals() -> None:
    game = position()
    game = give(game, 0, cubes={"orange": 1, "pink": 0}, coins=0)
    game = act(game, "crafts")
    rule, reason = refused(game, "craft wagon pay")
    assert rule == P + "crafts.resources" and "1 orange + 1 pink" in reason
    game = give(game, 0, coins=1)
    rule, reason = refused(game, "craft wagon pay")  # a coin could stand in, but none is named
    assert rule == P + "crafts.resources" and "pay 1 coin" in reason  # the remedy in words, not "+1c"
    rule, _ = refused(game, "craft wagon pay +2c")
    assert rule == P + "coins.joker"


@cites(P + "crafts.training")
def test_training_names_the_missing_farm_villager() -> None:
    game = position()
    game = act(game, "crafts")
    rule, reason = refused(game, "craft wagon train g2")
    assert rule == P + "crafts.training" and "generation-2" in reason


@cites(P + "council.advance")
def test_the_top_council_stage_cannot_advance() -> None:
    game = position()
    game = place(game, 0, 0, "council4")
    game = give(game, 0, cubes={"green": 2})
    game = act(game, "council")
    rule, reason = refused(game, "council council4 g1 green")
    assert rule == P + "council.advance" and "stage 4" in reason


@cites(P + "council.privilege", P + "council.prestige")
def test_privilege_refusals_name_the_stage_or_the_cost() -> None:
    game = position()
    game = place(game, 0, 0, "council4")
    game = give(game, 0, coins=0)
    game = act(game, "council")
    rule, _ = refused(game, "privilege 4")
    assert rule == P + "council.prestige"
    rule, _ = refused(game, "privilege none")  # only an owed privilege can be declined
    assert rule == P + "council.privilege"


@cites(P + "travel.route")
def test_travel_names_the_missing_route() -> None:
    game = position()
    game = give(game, 0, goods={"wagon": 1}, cubes={"brown": 2, "pink": 2})
    game = act(game, "travel")
    rule, reason = refused(game, "travel farm cleve g1")
    assert rule == P + "travel.route" and "no route" in reason


@cites(P + "death.oldest")
def test_a_younger_villager_cannot_die_first() -> None:
    game = position()
    game = place(game, 0, 0, "council1")  # two places hold a generation-1 villager: a real choice of who dies
    game = place(game, 0, 4, "farm")  # and a generation-2 villager on the farm
    game = edit(game, lambda st: st.time.__setitem__(0, 11))
    game = board(game, harvest={"plague": 1})
    game.apply("take harvest plague")
    game.apply("skip")
    assert game.phase == "death"
    rule, reason = refused(game, "dies farm g2")
    assert rule == P + "death.oldest" and "generation 1" in reason


@pytest.mark.parametrize("text", ["serve ²", "serve ٣", "serve 0", "take crafts green +²c", "recall farm g٣"])
def test_notation_numbers_are_ascii_digits(text: str) -> None:
    with pytest.raises(InvalidNotation):
        parse(text)


# --- the move-value fuzz ------------------------------------------------------------------------------------------

WRONG: tuple[Any, ...] = ("zzz", 1.5, True, None, (), [], -1, 0, 99, "", "²", "farm", "mill")


def _probe(game: bgl.Game, move: Any, known: set[str]) -> None:
    legal = game.legal_moves()
    before = game.definition.snapshot(state(game))
    why = game.explain(move)
    # True and 1.0 equal 1 in Python, but a field of the wrong type is refused (core.not_a_move), not coerced.
    assert why.legal == (repr(move) in {repr(m) for m in legal}), move
    if why.legal:
        return
    assert why.rule in known and why.reason, (move, why)
    with pytest.raises(IllegalMove) as err:
        game.apply(move)
    assert err.value.rule == why.rule, move
    assert game.definition.snapshot(state(game)) == before, move


def _replace(move: Any, field: str, value: Any) -> Any:
    """The move with one field replaced, bypassing the constructor (a hand-built value of any type)."""
    out = object.__new__(type(move))
    for f in dataclasses.fields(move):
        object.__setattr__(out, f.name, value if f.name == field else getattr(move, f.name))
    return out


@pytest.mark.parametrize("players, seed, options", [(2, 3, {}), (4, 5, {"inn_brewery": True, "marriage": True})])
def test_move_value_fuzz(players: int, seed: int, options: dict[str, Any]) -> None:
    known = set(RULES.ids()) | {"core.not_a_move", "core.not_your_turn", "core.wrong_phase"}
    pool: dict[str, set[Any]] = defaultdict(set)
    rng = random.Random(seed)
    game = bgl.new_game("village", players=players, seed=seed, mode="sandbox", **options)
    while not game.is_over and game.ply < 300:
        legal = game.legal_moves()
        for m in legal:
            for f in dataclasses.fields(m):
                pool[f.name].add(getattr(m, f.name))
        base = rng.choice(legal)
        for f in dataclasses.fields(base):
            values = sorted(pool[f.name], key=repr) + list(WRONG)
            for value in rng.sample(values, min(8, len(values))):
                _probe(game, _replace(base, f.name, value), known)
        game.apply(base)


@cites(P + "end.no_cubes")
def test_refusals_on_the_empty_board_of_the_last_actions() -> None:
    game = position()
    st = state(game)
    game = clear_board(game, harvest={"green": 1})
    st = state(game)
    def change(st: Any) -> None:
        lay_dead(st, "chronicle_farm", 2)  # the end is triggered: a category full, then every grave
        lay_dead(st, "grave", 6)
        st.end_by, st.last_queue = 1, [0]
        st.current = st.turn_player = 1
        st.phase = "turn"
    game = edit(game, change)
    st = state(game)
    game.apply("take harvest green")
    st = state(game)
    game.apply("skip")
    st = state(game)
    assert st.no_cubes and "free harvest" in moves(game)
    for move in ("take harvest green", "well harvest +3c"):
        rule, reason = refused(game, move)
        assert rule == P + "end.no_cubes" and "without a cube" in reason, move
    rule, reason = refused(game, "harvest")  # an action before its area is chosen: the harvest's rule says when
    assert rule == P + "harvest.grain" and '"Act"' in reason and "free" in reason


@cites(P + "turn.take_cube", P + "mass.select")
def test_coins_on_a_move_that_pays_none_are_not_notation() -> None:
    game = position()
    assert game.legal_moves()[0].kind == "take"
    for text in ("take harvest green +1c", "redeem g1 +2c"):
        with pytest.raises(InvalidNotation):
            game.parse_move(text)
    game = mass_game()
    assert game.phase == "mass" and "redeem g1" in moves(game)
    game = give(game, game.current_player, coins=0)
    rule, reason = refused(game, "redeem g1")
    assert rule == P + "mass.select" and "one coin" in reason


def _well_formed_moves(game: bgl.Game) -> list[Move]:
    """Every candidate of every kind for every seat, with a few more values the tables never hold."""
    from boardgames_lab.rulesets.village.data import COLOURS
    from boardgames_lab.rulesets.village.moves import ChooseCubes, Dies, Serve
    from boardgames_lab.rulesets.village.data import PLACE_NAMES
    st = game.definition.clone_state(state(game))
    out: set[Any] = set()
    for seat in range(game.num_players):
        for kind in game.definition.kind_of.values():
            st.stalls = [0] * 7  # every stall number a candidate
            out |= set(kind.candidates(st, seat))
        out |= {Serve(seat, i, k) for i in range(0, 9) for k in range(-1, 3)}
        out |= {ChooseCubes(seat, a, b) for a in COLOURS for b in COLOURS}
        out |= {Dies(seat, w, g) for w in PLACE_NAMES for g in range(0, 6)}
        out |= {Craft(seat, "mill", "worker")}
    return sorted(out, key=repr)


def test_every_well_formed_move_is_legal_or_refused_with_a_reason() -> None:
    """The one check per kind agrees with the legal list on every candidate, for every seat."""
    rng = random.Random(7)
    game = bgl.new_game("village", players=3, seed=7, mode="sandbox", inn_brewery=True, marriage=True)
    universe = _well_formed_moves(game)
    known = set(RULES.ids())
    while not game.is_over and game.ply < 150:
        kinds = game.definition.flow.phase(game.phase).moves
        legal = set(game.legal_moves())
        for move in universe:
            if move.kind in kinds:
                why = game.explain(move)
                assert why.legal == (move in legal), (move, why)
                assert why.legal or why.rule in known or why.rule == "core.not_your_turn", (move, why)
        game.apply(rng.choice(game.legal_moves()))


@cites("core.not_your_turn", P + "harvest.grain")
def test_the_engine_refuses_a_move_out_of_turn_or_of_another_phase() -> None:
    game = position(players=3)
    assert game.to_act() == (0,) and game.phase == "turn"
    take = game.legal_moves()[0]
    other = game.parse_move(str(take), player=1)
    assert other.player == 1 and str(other) == str(take)
    before = game.definition.snapshot(state(game))
    rule, reason = refused(game, other)
    assert rule == "core.not_your_turn" and "Player 2" in reason
    with pytest.raises(IllegalMove) as err:
        game.apply(take, player=1)  # player 1 makes player 0's move
    assert err.value.rule == "core.not_your_turn"
    rule, reason = refused(game, "harvest")  # of another phase: the rule of the harvest, not the engine's
    assert rule == P + "harvest.grain" and "take" in reason
    assert game.definition.snapshot(state(game)) == before
