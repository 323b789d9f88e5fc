"""Saint Petersburg's chance phases: every card turned up from a face-down deck is a move of CHANCE.

In explicit-chance mode the game stops at each card with its outcomes (each card left, weighted by its copies);
a chosen card that is not the top one is swapped to the top first; normal play takes the top card and records it.
"""
from __future__ import annotations

from typing import Any

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import PositionError
from boardgames_lab.core.rng import Rng
from boardgames_lab.rulesets.saint_petersburg import DEFINITION, DrawCard, LayCard
from boardgames_lab.rulesets.saint_petersburg.data import CARDS
from tests.conftest import cites
from tests.saint_petersburg.position import give, position, rebuild, state

P = "saint_petersburg."
CHANCE = bgl.CHANCE
COPIES = {c.id: c.copies for c in CARDS}


def outcomes(game: bgl.Game) -> dict[str, float]:
    return {str(move): p for move, p in game.chance_outcomes()}


def only_in_deck(deck: str, cards: list[str]) -> Any:
    """An edit that leaves exactly ``cards`` (bottom first) in ``deck``; the others leave the game."""
    def change(data: dict[str, Any]) -> None:
        st = data["state"]
        rest = st["decks"][deck]
        for card in cards:
            rest.remove(card)
        st["removed"].extend(rest)
        st["decks"][deck] = list(cards)
    return change


def explicit(game: bgl.Game) -> bgl.Game:
    """The same position in a game that stops at every draw."""
    return bgl.from_position("saint_petersburg", game.position(), mode="sandbox", chance="explicit")


def pass_until(game: bgl.Game, phase: str) -> None:
    while game.phase != phase:
        game.apply("pass")


# --- the first row ------------------------------------------------------------------------------------

@cites(P + "setup.first_display", P + "deck.top_card")
def test_the_first_row_is_dealt_by_chance_one_worker_at_a_time() -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=4, chance="explicit")
    assert game.phase == "first_row" and game.to_act() == (CHANCE,) and state(game)["upper"] == [None] * 8
    odds = outcomes(game)
    assert sum(odds.values()) == pytest.approx(1) and odds["lay lumberjack"] == pytest.approx(6 / 31)
    assert [str(m) for m in game.legal_moves()] == list(odds)
    data = game.position()
    only_in_deck("workers", ["shepherd", "lumberjack", "lumberjack"])(data)
    game = bgl.from_position("saint_petersburg", data, mode="sandbox", chance="explicit")
    assert outcomes(game) == pytest.approx({"lay lumberjack": 2 / 3, "lay shepherd": 1 / 3})
    game.apply("lay shepherd", player=CHANCE)  # not the top card: it is swapped to the top, then laid
    st = state(game)
    assert st["upper"][0] == "shepherd" and st["decks"]["workers"] == ["lumberjack", "lumberjack"]
    assert outcomes(game) == {"lay lumberjack": 1.0}
    game.apply(LayCard(CHANCE, "lumberjack"))
    assert game.phase == "first_row" and game.to_act() == (CHANCE,)  # four workers for two players
    game.apply("lay lumberjack", player=CHANCE)
    assert game.phase == "worker" and state(game)["end_triggered"]  # the deck ran out (end.trigger)


@cites(P + "setup.first_display", P + "deck.top_card")
def test_normal_play_lays_the_top_cards_and_records_each_draw() -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=8)
    top = explicit_start(3, 8)
    draws = [c for c in game.chance_record() if c["draw"] == "top"]
    assert [c["outcome"] for c in draws] == [c for c in state(game)["upper"] if c is not None] == top
    assert all(c["what"] == "the worker deck" and c["ply"] == 0 for c in draws)
    assert draws[0]["from"] == 31 and draws[-1]["from"] == 26
    first = draws[0]["outcome"]
    assert draws[0]["probability"] == pytest.approx(COPIES[first] / 31)


def explicit_start(players: int, seed: int) -> list[str]:
    """The first row an explicit game gets when the caller always picks the deck's top card."""
    game = bgl.new_game("saint_petersburg", players=players, seed=seed, chance="explicit")
    laid = []
    while game.to_act() == (CHANCE,):
        card = state(game)["decks"]["workers"][-1]
        game.apply(f"lay {card}", player=CHANCE)
        laid.append(card)
    return laid


@cites(P + "setup.first_display", P + "deck.top_card")
def test_a_card_not_left_in_the_deck_is_refused_naming_the_rule() -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=4, chance="explicit")
    before = game.position()
    refused = [("lay market", P + "setup.first_display"), (LayCard(CHANCE, "zzz"), P + "setup.first_display"),
               (DrawCard(CHANCE, "lumberjack"), P + "deck.top_card"), (LayCard(0, "lumberjack"), "core.not_your_turn")]
    for move, rule in refused:
        why = game.explain(move, player=CHANCE) if isinstance(move, str) else game.explain(move)
        assert not why and why.rule == rule, (move, why)
        with pytest.raises(bgl.IllegalMove):
            game.apply(move, player=CHANCE) if isinstance(move, str) else game.apply(move)
    assert game.position() == before
    assert "no Market is left in the workers deck" in game.explain("lay market", player=CHANCE).reason
    with pytest.raises(bgl.InvalidNotation):
        game.parse_move("lay zzz")
    assert game.parse_move("lay lumberjack") == LayCard(CHANCE, "lumberjack")  # the seat to act is CHANCE


# --- the refills between phases ------------------------------------------------------------------------

@cites(P + "refill.next_deck", P + "refill.short_deck", P + "end.trigger", P + "deck.top_card")
def test_the_refill_stops_at_each_card_of_the_next_deck() -> None:
    game = position(players=2, phase="worker", upper=["lumberjack", "shepherd"], lower=["market"])
    game = rebuild(give(game, 0, money=25), only_in_deck("buildings", ["hospital", "market", "market"]))
    game = explicit(game)
    game.apply("buy lumberjack@U1")
    pass_until(game, "worker_refill")
    assert game.to_act() == (CHANCE,)
    assert outcomes(game) == pytest.approx({"lay market": 2 / 3, "lay hospital": 1 / 3})
    why = game.explain("lay lumberjack", player=CHANCE)
    assert not why and why.rule == P + "refill.next_deck"
    game.apply("lay hospital", player=CHANCE)  # into the leftmost empty slot, where the Lumberjack was
    assert state(game)["upper"][:2] == ["hospital", "shepherd"] and state(game)["decks"]["buildings"] == ["market"] * 2
    game.apply("lay market", player=CHANCE)
    game.apply("lay market", player=CHANCE)  # the deck runs short: as many as it had, and the end is near
    assert game.phase == "building" and state(game)["end_triggered"]
    assert sum(c is not None for c in state(game)["upper"] + state(game)["lower"]) == 5


@cites(P + "refill.nothing_taken")
def test_no_refill_means_no_stop() -> None:
    game = explicit(position(players=2, phase="worker", upper=["lumberjack"]))
    pass_until(game, "building")
    assert game.to_act() == (0,) or game.to_act() == (1,)
    assert not any(entry["phase"] == "worker_refill" for entry in game.log)


@cites(P + "refill.next_deck", P + "deck.top_card")
def test_normal_play_records_each_refill_card_with_its_chance() -> None:
    game = position(players=2, phase="worker", upper=["lumberjack"])
    game = rebuild(give(game, 0, money=25), only_in_deck("buildings", ["hospital", "market", "market", "pub"]))
    game.apply("buy lumberjack@U1")
    game.apply("pass")
    game.apply("pass")
    draws = game.log[-1]["chance"]
    assert [(c["outcome"], c["from"], c["probability"]) for c in draws] == [
        ("pub", 4, 0.25), ("market", 3, pytest.approx(2 / 3)), ("market", 2, 0.5), ("hospital", 1, 1.0)]
    assert state(game)["upper"][:4] == ["pub", "market", "market", "hospital"]
    assert all("outcome" not in c for c in game.log_for(1)[-1]["chance"])  # the record's outcomes are the teacher's
    assert any("Pub" in c["text"] for c in game.log_for(1)[-1]["changes"])  # but the cards are laid face up
    assert [c["card"] for c in game.view(1)["upper"][:4] if c] == ["pub", "market", "market", "hospital"]


# --- the round end -------------------------------------------------------------------------------------

@cites(P + "round_end.shift_and_refill", P + "deck.top_card")
def test_the_round_end_lays_new_workers_by_chance() -> None:
    game = position(players=2, phase="trading", upper=["market", "author"], lower=["bank"])
    game = explicit(rebuild(game, only_in_deck("workers", ["czar_and_carpenter", "shepherd", "shepherd", "shepherd", "shepherd",
                                                           "shepherd", "shepherd", "lumberjack"])))
    pass_until(game, "new_round")
    assert game.to_act() == (CHANCE,) and state(game)["lower"][:2] == ["market", "author"]
    assert outcomes(game) == pytest.approx({"lay lumberjack": 1 / 8, "lay shepherd": 6 / 8, "lay czar_and_carpenter": 1 / 8})
    why = game.explain("lay bank", player=CHANCE)
    assert not why and why.rule == P + "round_end.shift_and_refill"
    game.apply("lay czar_and_carpenter", player=CHANCE)  # the bottom card: the top one takes its place
    assert state(game)["upper"][0] == "czar_and_carpenter"
    assert state(game)["decks"]["workers"] == ["lumberjack"] + ["shepherd"] * 6
    while game.to_act() == (CHANCE,):
        game.apply(game.chance_outcomes()[0][0], player=CHANCE)
    assert game.phase == "worker" and sum(c is not None for c in state(game)["upper"]) == 6


# --- the Observatory ------------------------------------------------------------------------------------

@cites(P + "card.observatory", P + "deck.top_card")
def test_the_observatory_draw_is_a_chance_move() -> None:
    game = position(players=2, phase="building", upper=["market"])
    game = rebuild(give(game, 0, area=["observatory"], money=30), only_in_deck("aristocrats", ["author", "judge"]))
    game = explicit(game)
    game.apply("observe aristocrats")
    assert game.phase == "observatory_draw" and game.to_act() == (CHANCE,) and state(game)["observing"] == \
        "aristocrats" and game.view(1)["observing"] == "aristocrats"
    assert game.can_undo()  # nothing is shown yet
    assert outcomes(game) == {"draw author": 0.5, "draw judge": 0.5}
    why = game.explain("draw market", player=CHANCE)
    assert not why and why.rule == P + "card.observatory"
    game.apply(DrawCard(CHANCE, "author"))  # the bottom card: swapped to the top, then drawn
    assert game.phase == "observatory" and game.current_player == 0 and game.view(1)["drawn"] == "author"
    assert state(game)["decks"]["aristocrats"] == ["judge"] and state(game)["observing"] is None
    assert {"discard author@drawn", "take author@drawn"} <= {str(m) for m in game.legal_moves()}


@cites(P + "card.observatory")
def test_in_normal_play_observe_draws_the_top_card_at_once() -> None:
    game = position(players=2, phase="building")
    game = rebuild(give(game, 0, area=["observatory"], money=30), only_in_deck("trading", ["wharf", "weaving_mill"]))
    game = bgl.from_position("saint_petersburg", game.position())  # play mode
    game.apply("observe trading")
    assert game.phase == "observatory" and state(game)["drawn"] == "weaving_mill"
    assert [(c["what"], c["outcome"], c["probability"], c["ply"]) for c in game.chance_record()[-1:]] == [
        ("the trading deck", "weaving_mill", 0.5, 1)]
    assert not game.can_undo()  # the drawn card is shown: play mode cannot take it back


# --- positions at a draw -----------------------------------------------------------------------------

@cites(P + "refill.next_deck", P + "deck.top_card")
def test_a_position_standing_at_a_draw_is_read_and_played_on() -> None:
    game = explicit(rebuild(give(position(players=2, phase="worker", upper=["lumberjack"]), 0, money=25),
                            only_in_deck("buildings", ["hospital", "pub"])))
    game.apply("buy lumberjack@U1")
    pass_until(game, "worker_refill")
    data = game.position()
    assert data["phase"] == "worker_refill"
    auto = bgl.from_position("saint_petersburg", data)  # normal play draws at once: the top card first
    assert auto.phase == "building" and state(auto)["upper"][:2] == ["pub", "hospital"]
    again = bgl.from_position("saint_petersburg", data, chance="explicit")
    assert again.position() == data and outcomes(again) == {"lay hospital": 0.5, "lay pub": 0.5}


def _stood_still(data: dict[str, Any]) -> None:
    data["state"]["taken"] = False


def _no_deck(data: dict[str, Any]) -> None:
    data["state"]["observing"] = None


def _deck_outside(data: dict[str, Any]) -> None:
    data["phase"] = "building"


CHANCE_CASES = [("a refill with nothing to lay", "worker_refill", _stood_still, "phase"),
                ("an observatory draw without its deck", "observatory_draw", _no_deck, "state.observing"),
                ("a deck chosen outside the draw", "observatory_draw", _deck_outside, "state.observing")]


@cites(P + "refill.nothing_taken", P + "card.observatory")
@pytest.mark.parametrize("name, phase, change, field", CHANCE_CASES, ids=[c[0] for c in CHANCE_CASES])
def test_a_position_at_a_draw_that_cannot_draw_is_refused(name: str, phase: str, change: Any, field: str) -> None:
    game = explicit(give(position(players=2, phase="worker", upper=["lumberjack"]), 0, area=["observatory"],
                         money=25))
    if phase == "observatory_draw":
        pass_until(game, "building")
        while game.current_player != 0:
            game.apply("pass")
        game.apply("observe buildings")
    else:
        game.apply("buy lumberjack@U1")
        pass_until(game, "worker_refill")
    data = game.position()
    assert data["phase"] == phase
    change(data)
    with pytest.raises(PositionError) as err:
        bgl.from_position("saint_petersburg", data)
    assert err.value.field == field, str(err.value)


# --- the fast generator and explicit play ----------------------------------------------------------------

@cites(P + "deck.top_card")
@pytest.mark.parametrize("players", [2, 4])
def test_explicit_play_with_any_outcomes_keeps_the_game_sound_and_fast_equal_to_plain(players: int) -> None:
    d = DEFINITION
    stops = 0
    for seed in range(3):
        rng = Rng(77 * players + seed)
        st = d.create_state(players, seed, d.resolve_options({}))
        st.explicit_chance = True
        d.runner.start(st)  # stops at the first row
        while not d.is_over(st):
            fast, plain = d.legal_moves(st), d.plain_legal_moves(st)
            assert fast == plain if d.to_act(st) == (CHANCE,) else set(fast) == set(plain), (st.phase, st.ply)
            if d.to_act(st) == (CHANCE,):
                stops += 1
                assert [m for m, _ in d.chance_weights(st)] == fast
            d.advance(st, fast[rng.below(len(fast))])
            assert d.invariants(st) == []
    assert stops > 100



@cites(P + "card.observatory")
def test_a_position_written_before_the_chance_phases_still_reads() -> None:
    data = bgl.new_game("saint_petersburg", players=2, seed=3).position()
    del data["state"]["observing"]  # the field came with the Observatory's chance phase
    game = bgl.from_position("saint_petersburg", data)
    assert game.phase == "worker" and state(game)["observing"] is None
