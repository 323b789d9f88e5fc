"""Citadels: the chance phases (draws.py). Every card dealt or drawn and every character laid out is a move of
CHANCE: in explicit-chance mode the game stops there with the outcomes and their probabilities."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import IllegalMove
from boardgames_lab.core.game import Game
from boardgames_lab.core.moves import CHANCE
from tests.citadels.position import at_turn, edit, state_of
from tests.conftest import cites

P = "citadels."


def explicit(players: int = 4, seed: int = 1, **options: object) -> Game:
    return bgl.new_game("citadels", players=players, seed=seed, mode="sandbox", chance="explicit", **options)


def at_draw(game: Game) -> Game:
    """The same position in explicit-chance mode (from_position), so the next draw stops."""
    return bgl.from_position("citadels", game.position(), names=game.names, mode="sandbox", chance="explicit")


def texts(outcomes: list[tuple[Any, float]]) -> dict[str, float]:
    return {str(move): p for move, p in outcomes}


def card_names(game: Game, seat: int | None) -> str:
    return repr(game.log_for(seat))


@cites(P + "setup.cards")
def test_the_starting_hands_are_dealt_card_by_card_as_chance_moves() -> None:
    game = explicit()
    assert game.phase == "deal" and game.to_act() == (CHANCE,)
    deck = state_of(game).deck
    outcomes = texts(game.chance_outcomes())
    counts = Counter(bgl_id(c) for c in deck)
    assert outcomes == {f"draw {card}": k / len(deck) for card, k in counts.items()}
    top = bgl_id(deck[-1])
    other = next(card for card in counts if card != top)
    game.apply(f"draw {other}", player=CHANCE)  # not the top card: it is taken from the deck all the same
    st = state_of(game)
    assert bgl_id(st.hands[0][0]) == other
    assert Counter(map(bgl_id, st.deck)) + Counter([other]) == Counter(map(bgl_id, deck))  # swapped to the top
    assert st.deck.count(deck[-1]) == deck.count(deck[-1])  # and taken: the old top card is still in the deck
    assert game.log[-1]["visible_to"] == [0]  # the card is seat 0's: nobody else reads the entry
    assert other not in card_names(game, 1)
    assert game.view(1)["players"][0]["hand"] is None
    while game.phase == "deal":
        game.apply(game.chance_outcomes()[0][0], player=CHANCE)
    assert [len(h) for h in state_of(game).hands] == [4, 4, 4, 4] and game.phase == "lay"


def bgl_id(card: int) -> str:
    from boardgames_lab.rulesets.citadels.data import CARD_IDS
    return CARD_IDS[card]


@cites(P + "setup.cards")
def test_a_card_not_in_the_deck_is_refused_naming_the_deal() -> None:
    game = explicit()
    game = bgl.from_position("citadels", {**game.position()}, mode="sandbox", chance="explicit")
    missing = next(c for c in ("great_wall", "acrobat") if c not in map(bgl_id, state_of(game).deck))
    why = game.explain(f"draw {missing}", player=CHANCE)
    assert not why and why.rule == P + "setup.cards"
    with pytest.raises(IllegalMove):
        game.apply(f"draw {missing}", player=CHANCE)
    assert game.explain("gold", player=0).rule == "core.not_your_turn"  # the table waits for the draw


@cites(P + "draft.face_down", P + "draft.face_up", P + "draft.king_not_face_up")
def test_the_characters_are_laid_out_one_face_down_then_face_up_never_the_king() -> None:
    game = explicit()
    while game.phase == "deal":
        game.apply(game.chance_outcomes()[0][0], player=CHANCE)
    assert game.phase == "lay"
    down = texts(game.chance_outcomes())
    assert down == {f"lay {c} face down": 1 / 8 for c in
                    ("assassin", "thief", "wizard", "king", "bishop", "merchant", "architect", "warlord")}
    assert game.explain("lay thief face up", player=CHANCE).rule == P + "draft.face_down"
    game.apply("lay bishop face down", player=CHANCE)
    assert game.log[-1]["visible_to"] == []  # with 4 players nobody sees it
    assert "bishop" not in repr(game.log_for(0)) and "bishop" not in repr(game.view(None)["face_up"])
    up = texts(game.chance_outcomes())
    assert up == {f"lay {c} face up": 1 / 6 for c in ("assassin", "thief", "wizard", "merchant", "architect",
                                                      "warlord")}
    assert game.explain("lay king face up", player=CHANCE).rule == P + "draft.king_not_face_up"
    assert game.explain("lay bishop face up", player=CHANCE).rule == P + "draft.face_up"
    game.apply("lay thief face up", player=CHANCE)
    game.apply("lay warlord face up", player=CHANCE)
    assert game.phase == "draft" and game.view(2)["face_up"] == ["thief", "warlord"]
    assert game.log[-1]["visible_to"] is None  # a face-up card is public
    assert sorted(state_of(game).pool) == [0, 2, 3, 5, 6]


@cites(P + "draft.two_players")
def test_with_two_players_the_king_sees_the_face_down_card_laid() -> None:
    game = explicit(players=2)
    while game.phase == "deal":
        game.apply(game.chance_outcomes()[0][0], player=CHANCE)
    game.apply("lay merchant face down", player=CHANCE)
    assert game.log[-1]["visible_to"] == [0] and game.phase == "draft"
    assert "merchant" in repr(game.log_for(0)) and "merchant" not in repr(game.log_for(1))


def _turn() -> Game:
    game = bgl.new_game("citadels", players=4, seed=2, mode="sandbox")
    return at_turn(game, 0, "bishop")


@cites(P + "turn.income")
def test_income_by_drawing_stops_at_each_card_with_the_weights_of_the_deck() -> None:
    game = at_draw(_turn())
    game.apply("draw")
    assert game.phase == "draw" and game.to_act() == (CHANCE,)
    deck = state_of(game).deck
    counts = Counter(map(bgl_id, deck))
    assert texts(game.chance_outcomes()) == {f"draw {c}": k / len(deck) for c, k in counts.items()}
    first, second = sorted(counts)[:2]
    game.apply(f"draw {first}", player=CHANCE)
    assert game.phase == "draw" and game.view(0)["drawn"] == [first] and game.view(1)["drawn"] is None
    assert game.log[-1]["visible_to"] == [0]
    why = game.explain("draw great_wall", player=CHANCE)
    assert not why and why.rule == P + "turn.income"
    game.apply(f"draw {second}", player=CHANCE)
    assert game.phase == "keep" and sorted(game.view(0)["drawn"]) == sorted([first, second])
    assert game.to_act() == (0,)


@cites(P + "turn.income", P + "char.architect_cards")
def test_normal_play_draws_the_top_cards_recorded_as_chance_events_hidden_from_the_others() -> None:
    game = _turn()
    deck = state_of(game).deck
    game.apply("draw")
    top = [bgl_id(deck[-1]), bgl_id(deck[-2])]
    assert sorted(game.view(0)["drawn"]) == sorted(top)
    draws = [c for c in game.chance_record() if c["ply"] == game.ply]
    assert [c["what"] for c in draws] == ["a card from the top of the deck"] * 2
    assert [c["outcome"] for c in draws] == top and draws[0]["probability"] == 1 / len(deck)
    for seat in (None, 1, 2, 3):
        seen = repr(game.log_for(seat)[-1])
        assert all(f"'{card}'" not in seen and "You draw" not in seen for card in top)
    assert "You draw" in repr(game.log_for(0)[-1])


@cites(P + "deck.reshuffle")
def test_an_empty_deck_is_made_of_the_discard_pile_and_drawn_from_at_random() -> None:
    def empty_deck(st: dict[str, Any]) -> None:
        st["discard"].extend(st["deck"])
        st["deck"] = []
    game = edit(_turn(), empty_deck)
    assert game.explain("draw").legal
    stopped = at_draw(game)
    stopped.apply("draw")
    st = state_of(stopped)
    assert stopped.phase == "draw" and st.reshuffled and not st.discard and st.deck
    assert "shuffled into a new deck" in repr(stopped.log_for(1))
    game.apply("draw")
    draws = [c for c in game.chance_record() if c["ply"] == game.ply]
    assert [c["what"] for c in draws] == ["a card from the deck made of the discard pile"] * 2
    assert all(c["draw"] == "below" for c in draws)


@cites(P + "action.ticket_booth")
def test_a_ticket_booth_draw_goes_to_keep_then_to_the_owner_s_cash() -> None:
    from tests.citadels.position import give, variant
    game = variant()
    game = give(game, 0, hand=["ticket_booth"])
    game = at_turn(game, 0, "bishop", merchant=1)
    for move in ("play ticket_booth", "gold", "end"):
        game.apply(move)
    game = at_draw(game)
    game.apply("ticket p1")
    assert game.phase == "draw"
    while game.phase == "draw":
        game.apply(game.chance_outcomes()[-1][0], player=CHANCE)
    assert game.phase == "keep" and game.to_act() == (1,)
    game.apply(game.legal_moves()[0])
    assert game.phase == "cash" and game.to_act() == (0,)
