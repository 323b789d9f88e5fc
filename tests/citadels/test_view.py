"""Citadels: every view is the one redaction of the position by the field declarations (view.FIELDS),
written from the rulebook, then shown; the game builds no view of its own."""
from __future__ import annotations

import random
from typing import Any

import boardgames_lab as bgl
from boardgames_lab.core.definition import GameDefinition
from boardgames_lab.core.visibility import is_hidden, redact
from boardgames_lab.rulesets.citadels.view import FIELDS
from tests.citadels.position import D, at_turn, new, state_of
from tests.conftest import cites

P = "citadels."


def _redacted(game: bgl.Game, seat: int | None) -> dict[str, Any]:
    st = state_of(game)
    return redact(D.position(st), FIELDS, seat, D.table(st))


def test_every_field_is_declared_and_the_views_come_from_the_declarations() -> None:
    game = new(4)
    assert set(game.position()["state"]) == {path.split(".")[0] for path in FIELDS}
    assert type(D).view is GameDefinition.view and type(D).full_view is GameDefinition.full_view
    assert D.fields is FIELDS


@cites(P + "setup.cards", P + "draft.secret", P + "draft.face_down")
def test_the_deck_the_passed_cards_and_the_face_down_card_are_hidden() -> None:
    game = new(4)
    crown = game.current_player
    for seat in [None, *range(4)]:
        data = _redacted(game, seat)
        assert is_hidden(data["deck"]) and data["deck"]["count"] == len(game.position()["state"]["deck"])
        assert all(is_hidden(c) for c in data["down"])  # with 4 players nobody sees the first face-down card
        assert is_hidden(data["pool"]) != (seat == crown)  # the crown holder holds the cards first
        assert not is_hidden(data["face_up"]) and not is_hidden(data["discard"])
        view = game.view(seat)
        assert (view["pool"] is not None) == (seat == crown) and view["pool_size"] == 8 - 1 - 2
    teacher = game.full_view()
    assert teacher["perspective"] == "teacher" and len(teacher["deck_order"]) == teacher["deck"]


@cites(P + "draft.two_players")
def test_with_two_players_the_king_sees_the_face_down_card() -> None:
    game = new(2)
    knower = game.position()["state"]["down_knower"][0]
    assert knower is not None
    for seat in (0, 1):
        assert is_hidden(_redacted(game, seat)["down"][0]) == (seat != knower)


@cites(P + "setup.cards", P + "call.reveal")
def test_a_hand_is_its_holders_and_a_chosen_character_its_holders_until_revealed() -> None:
    game = at_turn(new(4), 1, "thief", assassin=0, warlord=3)
    for seat in [None, *range(4)]:
        view = game.view(seat)
        for p, pl in enumerate(view["players"]):
            assert (pl["hand"] is not None) == (seat == p) and pl["hand_size"] == len(
                game.position()["state"]["hands"][p])
        thief, assassin = view["characters"][1], view["characters"][0]
        assert thief["revealed"] and thief["where"] == "p2"  # called and revealed: public
        assert assassin["revealed"] and assassin["where"] == "p1"  # called before the Thief, revealed: public
        warlord = view["characters"][7]
        assert not warlord["revealed"] and (warlord["where"] is not None) == (seat == 3)  # chosen, not called yet


@cites(P + "action.fortune_teller")
def test_the_fortune_teller_sees_the_hand_he_chose() -> None:
    game, rng = bgl.new_game("citadels", players=4, seed=0, action_cards=True), random.Random(0)
    while game.phase != "fortune":
        game.apply(rng.choice(game.legal_moves()))
    shown = game.position()["state"]["fortune"]
    teller = game.current_player
    for seat in [None, *range(4)]:
        hands = [pl["hand"] is not None for pl in game.view(seat)["players"]]
        assert hands == [q == seat or (seat == teller and q == shown) for q in range(4)]


@cites(P + "action.score", P + "score.buildings")
def test_at_the_end_every_hand_and_character_lies_open() -> None:
    game, rng = new(3, seed=4), random.Random(4)
    while not game.is_over:
        game.apply(rng.choice(game.legal_moves()))
    for seat in [None, 0, 1, 2]:
        assert all(pl["hand"] is not None for pl in game.view(seat)["players"])
        data = _redacted(game, seat)
        assert not any(is_hidden(v) for key in ("hands", "owner", "taken_step", "down") for v in data[key])
        assert is_hidden(data["deck"])  # the deck stays face down
