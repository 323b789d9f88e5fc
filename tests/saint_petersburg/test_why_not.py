"""Saint Petersburg "why not?": hand-built move values get a true answer under the rule that decides them."""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import InvalidNotation
from boardgames_lab.core.rng import Rng
from boardgames_lab.rulesets.saint_petersburg import BuyPoints, Observe, TakeCard
from boardgames_lab.rulesets.saint_petersburg.data import CARDS, DECKS
from tests.conftest import cites
from tests.saint_petersburg.position import give, position

P = "saint_petersburg."


def refused(game: bgl.Game, move: Any) -> bgl.IllegalMove:
    """Apply must refuse ``move`` with IllegalMove under the rule explain names, changing nothing."""
    before = game.position()
    why = game.explain(move)
    assert not why.legal and why.reason and why.rule in game.definition.rulebook
    with pytest.raises(bgl.IllegalMove) as err:
        game.apply(move)
    assert err.value.rule == why.rule
    assert game.position() == before
    return err.value


def pub_position() -> bgl.Game:
    game = position(players=2, phase="building")
    game = give(game, 0, area=["pub"], money=30)
    while game.phase != "pub":
        game.apply("pass")
    return game


@cites(P + "card.pub")
def test_pub_never_sells_points_back() -> None:
    game = pub_position()
    err = refused(game, BuyPoints(0, -1))
    assert err.rule == P + "card.pub" and "-2 rubles" not in err.reason and "buys them back" in err.reason


@cites("core.not_a_move")
@pytest.mark.parametrize("amount", [1.5, "3", None, ()])
def test_pub_amount_must_be_a_whole_number(amount: object) -> None:
    game = pub_position()
    err = refused(game, BuyPoints(0, amount))  # type: ignore[arg-type]
    assert err.rule == "core.not_a_move" and "'points'" in err.reason and "int" in err.reason


@cites("core.not_a_move")
def test_a_value_equal_to_a_legal_move_is_not_coerced() -> None:
    game = pub_position()
    move = BuyPoints(0, True)  # True == 1 in Python, but a move of the wrong type is refused, not coerced
    err = refused(game, move)
    assert err.rule == "core.not_a_move" and "'points'" in err.reason
    assert game.explain(BuyPoints(0, 1)).legal


@cites(P + "action.take")
@pytest.mark.parametrize("card", [None, 0, (), "zzz", "academy"])
def test_take_names_the_card_in_the_slot(card: object) -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=1)
    take = next(m for m in game.legal_moves() if m.kind == "take")
    # A card of the wrong type is not a move at all; a card name not lying there is refused by the take's rule.
    rule = P + "action.take" if isinstance(card, str) else "core.not_a_move"
    assert refused(game, dataclasses.replace(take, card=card)).rule == rule


@cites(P + "action.take")
def test_take_from_a_deck_name_is_not_a_slot() -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=1)
    err = refused(game, TakeCard(game.current_player, "lumberjack", "workers"))
    assert err.rule == P + "action.take" and "not a display slot" in err.reason


@cites(P + "action.buy")
def test_buy_of_an_unknown_card() -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=1)
    err = refused(game, dataclasses.replace(game.legal_moves()[1], card="zzz"))
    assert err.rule == P + "action.buy" and "'zzz' is not a card" in err.reason


@cites(P + "card.observatory")
def test_observe_names_a_deck() -> None:
    game = position(players=2, phase="building")
    game = give(game, 0, area=["observatory"], money=30)
    assert refused(game, Observe(0, "zzz")).rule == P + "card.observatory"
    assert refused(game, Observe(0, "market")).rule == P + "card.observatory"


@cites(P + "action.take", P + "action.buy")
@pytest.mark.parametrize("kind", ["take", "buy"])
def test_a_slot_emptied_by_a_move_is_said_to_be_empty(kind: str) -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=1)
    game.apply("take U1")
    err = refused(game, f"{kind} U1")
    assert err.rule == P + f"action.{kind}" and "the upper row (first place) is empty" in err.reason
    assert "not a Saint Petersburg move" not in str(err)


@cites(P + "card.pub")
@pytest.mark.parametrize("text", ["pub ²", "pub ٣", "pub ３", "pub -1"])
def test_pub_notation_takes_ascii_digits_only(text: str) -> None:
    game = pub_position()
    with pytest.raises(InvalidNotation):
        game.parse_move(text)


# --- every field of every move kind, in seeded random games --------------------------------------

WRONG = (-1, 0, 99, "zzz", 1.5, True, None, (), [], "", "U1", "L8", "drawn", *DECKS, *(c.id for c in CARDS[::6]))


def _mutants(game: bgl.Game, rng: Rng, seen: dict[str, list[Any]]) -> list[Any]:
    legal = game.legal_moves()
    out = []
    for base in (legal[rng.below(len(legal))], legal[-1]):
        for field in dataclasses.fields(base):
            pool = seen.get(field.name, []) + list(WRONG)
            out.extend(dataclasses.replace(base, **{field.name: pool[rng.below(len(pool))]}) for _ in range(4))
    return out


def _among(move: Any, legal: tuple[Any, ...]) -> bool:
    """Is ``move`` one of the legal moves, field for field of the same types (True is not the seat 1)?"""
    return any(move == m and all(type(getattr(move, f.name)) is type(getattr(m, f.name))
                                 for f in dataclasses.fields(m)) for m in legal)


@cites(P + "action.one_of_four", P + "action.buy", P + "action.take", P + "action.play", P + "card.observatory",
       P + "card.pub")
@pytest.mark.parametrize("players, seed", [(2, 3), (4, 8)])
def test_fuzzed_move_values_get_true_answers(players: int, seed: int) -> None:
    """explain is legal exactly for legal moves; any other value is IllegalMove under the same rule, nothing changed."""
    game = bgl.new_game("saint_petersburg", players=players, seed=seed)
    rng = Rng(seed)
    seen: dict[str, list[Any]] = {}
    while not game.is_over:
        legal = game.legal_moves()
        for m in legal[:3]:
            for field in dataclasses.fields(m):
                values = seen.setdefault(field.name, [])
                values.append(getattr(m, field.name))
                del values[:-40]
        if game.ply % 4 == 0 or game.phase in ("pub", "observatory"):
            for move in _mutants(game, rng, seen):
                why = game.explain(move)
                assert why.legal == _among(move, legal), (move, why)
                if not why.legal:
                    refused(game, move)
        game.apply(legal[rng.below(len(legal))])
