"""Keythedral's "why not?": each refusal names the rule that really forbids the move, and any move value at all
gets an IllegalMove (or InvalidNotation from the text), never another exception."""
from __future__ import annotations

import dataclasses
import random

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import IllegalMove, InvalidNotation
from boardgames_lab.rulesets.keythedral.data import BUILDINGS, LAWS, parse_node
from boardgames_lab.rulesets.keythedral.moves import LayField, PlaceWorker
from boardgames_lab.rulesets.keythedral.state import KState
from tests.conftest import cites
from tests.keythedral.position import edit, give, state, to_actions
from tests.keythedral.test_laws import enter, hold
from tests.keythedral.test_rules import small_board

P = "keythedral."


def refusal(game: bgl.Game, move: str | Move) -> IllegalMove:
    with pytest.raises(IllegalMove) as err:
        game.apply(move)
    why = game.explain(move)
    assert not why.legal and why.rule == err.value.rule
    return err.value


@cites(P + "law.house_moratorium")
def test_a_house_under_a_moratorium_cites_the_moratorium() -> None:
    game = edit(small_board(), lambda st: st.effects.__setitem__("moratorium", 1))
    game = give(to_actions(game, 0), 0, "ST")
    assert refusal(game, "house 1").rule == P + "law.house_moratorium"
    game = hold(game, 0, "upgrade_cottage")
    assert refusal(game, "play upgrade_cottage 1").rule == P + "law.house_moratorium"
    game = edit(game, lambda st: st.effects.__setitem__("moratorium", 0))
    game.apply("house 1")  # its own player builds as usual


@cites(P + "house.cost")
def test_a_house_without_stone_cites_the_cost() -> None:
    game = give(to_actions(small_board(), 0), 0, "T")
    assert "house 1" not in {str(m) for m in game.legal_moves()}
    assert refusal(game, "house 1").rule == P + "house.cost"


@cites(P + "setup.lay_cottage", P + "setup.lay_field")
def test_a_field_in_the_cottage_step_says_it_is_the_cottage_step() -> None:
    game = bgl.new_game("keythedral", players=3, seed=1)
    game.apply(game.legal_moves()[0])  # the field step: now the same player lays a cottage
    err = refusal(game, "field 3,1")
    assert err.rule == P + "setup.lay_cottage" and "cottage step" in err.reason
    cottage = next(m for m in game.legal_moves())
    game.apply(cottage)
    occupied = parse_node(next(iter(game.position()["state"]["fields"])))
    assert refusal(game, LayField(game.to_act()[0], occupied)).rule == P + "setup.lay_field"


@cites(P + "worker.adjacent", P + "worker.closed")
def test_worker_refusals_name_adjacency_occupation_and_fences() -> None:
    game = enter(small_board(), "round_start", "begin_round")
    game.apply("order 1")  # player 1's cottage 1 on 2,2 places first
    assert game.phase == "place" and game.current_player == 0
    assert refusal(game, "worker 9,9").rule == P + "worker.adjacent"
    open_field = game.legal_moves()[0].field
    taken = edit(game, lambda st: st.workers.__setitem__(open_field, 1))
    assert refusal(taken, PlaceWorker(0, open_field)).rule == P + "worker.closed"

    def fence(st: KState) -> None:
        st.fences[(st.cottage_at[0], open_field)] = 2
        st.fences_left[2] -= 1
    game = edit(game, fence)
    err = refusal(game, PlaceWorker(0, open_field))
    assert err.rule == P + "worker.closed" and "fence" in err.reason


WRONG = (-1, 0, 99, "zzz", 1.5, True, None, (), [], (1,), ("a", "b"), "", "S", "ST", "1-A", "٣")


@cites(P + "action.loop", P + "law.window", P + "setup.lay_field")
def test_any_move_value_is_refused_cleanly() -> None:
    """The move-value contract: only IllegalMove, explain agrees with legal_moves, the state is unchanged."""
    extra = tuple(b.id for b in BUILDINGS[:3]) + tuple(law.id for law in LAWS[:3])
    for players, seed in ((2, 3), (4, 4)):
        game = bgl.new_game("keythedral", players=players, seed=seed)
        d = game.definition
        rng = random.Random(seed)
        seen: dict[str, set] = {}
        for ply in range(260):
            legal = game.legal_moves()
            shown = {repr(m) for m in legal}
            for m in legal:
                for f in dataclasses.fields(m):
                    values = seen.setdefault(f.name, set())
                    if len(values) < 25:
                        values.add(getattr(m, f.name))
            if ply % 6 == 0:
                base = legal[int(rng.random() * len(legal))]
                before = game.position()
                for f in (f.name for f in dataclasses.fields(base)):
                    for v in (*seen[f], *WRONG, *extra):
                        m = dataclasses.replace(base, **{f: v})
                        why = game.explain(m)
                        # 1.0 and True equal 1 in Python, but a field of the wrong type is refused.
                        assert why.legal == (repr(m) in shown), m
                        if why.legal:
                            continue
                        assert why.rule in d.rulebook and why.reason
                        with pytest.raises(IllegalMove) as err:
                            game.apply(m)
                        assert err.value.rule == why.rule
                        assert game.position() == before
            buys = [m for m in legal if m.kind == "buy"]
            game.apply(buys[0] if buys else legal[int(rng.random() * len(legal))])


@cites(P + "setup.lay_field", P + "order.choose")
@pytest.mark.parametrize("text", ["field ٣,1", "field 3,١", "order ²", "order ٣", "bid ³", "worker 3, 1",
                                  "cottage 1@2,٢", "order +3", "worker 1_1,1", "worker ３,1",
                                  "play unsafe_fence 0,4>1,٣", "play design_change Ⅻ-G", "buy 1-A +Ｔ"])
def test_notation_numbers_are_ascii_digits(text: str) -> None:
    game = bgl.new_game("keythedral", players=3, seed=1)
    with pytest.raises(InvalidNotation):
        game.parse_move(text)


@cites(P + "setup.lay_field")
def test_notation_reads_negative_and_positive_places() -> None:
    game = bgl.new_game("keythedral", players=3, seed=1)
    assert game.parse_move("worker -4,-2").field == (-4, -2)
    assert game.parse_move("field 3,1").field == (3, 1)


@cites("core.not_a_move")
def test_a_move_equal_to_a_legal_one_but_of_another_type_is_refused() -> None:
    game = bgl.new_game("keythedral", players=3, seed=1)
    legal = game.legal_moves()[0]
    with pytest.raises(IllegalMove) as err:  # 1.0 == 1 in Python, but no number is silently coerced
        game.apply(dataclasses.replace(legal, field=(float(legal.field[0]), float(legal.field[1]))))
    assert err.value.rule == "core.not_a_move" and "'field'" in err.value.reason and game.ply == 0
