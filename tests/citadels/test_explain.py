"""Citadels: "why not?" names the rule that forbids the move, and any move value is refused cleanly."""
from __future__ import annotations

import dataclasses
import random

import pytest

import boardgames_lab as bgl
from boardgames_lab.rulesets.citadels.data import CARD_IDS, CHAR_IDS, CHARACTERS
from boardgames_lab.rulesets.citadels.moves import Destroy, Gold, Move, Swap
from tests.citadels.position import at_turn, give, new, variant, state_of, set_field
from tests.conftest import cites

P = "citadels."


def refused(game: bgl.Game, move: Move | str) -> bgl.IllegalMove:
    """The refusal apply gives, checked to agree with explain and to leave the state as it was."""
    if isinstance(move, str):
        move = game.parse_move(move)
    why = game.explain(move)
    before = game.position()
    with pytest.raises(bgl.IllegalMove) as caught:
        game.apply(move)
    assert game.position() == before
    assert not why.legal and why.reason and caught.value.rule == why.rule
    return caught.value


@cites(P + "action.cannonball")
def test_cannonball_into_a_cheaper_card_is_refused_by_the_cannonball_rule() -> None:
    game = variant()
    game = give(game, 0, hand=["living_cannonball", "tavern"], city=["palace"], gold=9)
    game = at_turn(game, 0, "bishop")
    game.apply("gold")
    why = refused(game, "cannon palace>tavern")
    assert why.rule == P + "action.cannonball" and "not a move here" not in why.reason
    assert "must cost more" in why.reason
    assert "not a move here" not in refused(game, "cannon manor>tavern").reason  # no Manor in the city
    assert refused(game, "play living_cannonball").rule == P + "action.cannonball"


@cites(P + "action.cannonball", P + "action.circus_tent", P + "turn.no_duplicate")
def test_cannonball_refusals_name_what_is_missing() -> None:
    game = variant()
    game = give(game, 0, hand=["living_cannonball", "palace", "castle"], city=["manor", "castle", "circus_tent"])
    game = at_turn(game, 0, "bishop")
    game.apply("gold")
    game = set_field(game, "gold", 1, 0)
    assert refused(game, "cannon circus_tent>palace").rule == P + "action.circus_tent"
    assert refused(game, "cannon manor>castle").rule == P + "turn.no_duplicate"
    short = refused(game, "cannon manor>palace")  # the Palace costs 5, the Manor 3
    assert short.rule == P + "action.cannonball" and "difference is 2 gold and you have 1" in short.reason


@cites(P + "action.ticket_cash")
def test_cashing_a_booth_in_ones_own_turn_cites_the_booths_window() -> None:
    """A booth is cashed only right after a payment: in the cash phase the flow opens for its owner."""
    game = variant()
    game = give(game, 0, hand=["ticket_booth"])
    game = at_turn(game, 0, "bishop")
    game.apply("gold")
    game.apply("play ticket_booth")
    why = refused(game, "cash")
    assert why.rule == P + "action.ticket_cash" and "right after a fellow player pays" in why.reason


@cites(P + "violet.graveyard", P + "action.fortune_teller", P + "turn.income", P + "action.window",
       P + "char.wizard_redraw", P + "draft.pass_left")
def test_answers_out_of_their_moment_cite_the_rule_of_their_moment() -> None:
    """Each is refused under the rule of the card, action or window it belongs to, saying where it is made and
    which moves the turn allows."""
    game = variant()
    game = at_turn(game, 0, "bishop")
    rules = {"save": "violet.graveyard", "take manor": "action.fortune_teller", "keep manor": "turn.income",
             "decline": "action.window", "exchange done": "char.wizard_redraw", "pick king": "draft.pass_left"}
    for text, rule in rules.items():
        why = game.explain(text)
        assert not why.legal and why.rule == P + rule and "build" in why.remedy, text
        assert "Character's turn" in why.reason, why
        refused(game, text)


@cites(P + "draft.pass_left")
def test_picking_a_character_not_passed_cites_the_passing_rule() -> None:
    game = new(4, seed=2)
    st = state_of(game)
    missing = next(r for r in range(8) if r not in st.pool and r not in st.face_up)
    why = refused(game, f"pick {CHAR_IDS[missing]}")
    assert why.rule == P + "draft.pass_left" and "not among the characters passed to you" in why.reason
    game.apply(game.legal_moves()[0])
    taken = next(r for r in range(8) if state_of(game).owner[r] == 0)
    # taken by the previous player or face down: the same words, so asking tells nothing
    assert refused(game, f"pick {CHAR_IDS[taken]}").reason == why.reason.replace(
        CHARACTERS[missing].name, CHARACTERS[taken].name)


@cites(P + "draft.face_up")
def test_picking_a_face_up_character_cites_the_face_up_rule() -> None:
    game = new(4, seed=2)
    up = state_of(game).face_up[0]
    assert refused(game, f"pick {CHAR_IDS[up]}").rule == P + "draft.face_up"


@cites(P + "draft.two_players")
def test_burying_cites_the_two_player_rule() -> None:
    assert refused(new(4), "bury " + CHAR_IDS[state_of(new(4)).pool[0]]).rule == P + "draft.two_players"
    game = new(2)
    assert refused(game, "bury " + CHAR_IDS[state_of(game).pool[0]]).rule == P + "draft.two_players"
    game.apply(game.legal_moves()[0])
    game.apply(game.legal_moves()[0])  # B keeps one; now B lays one face down
    assert refused(game, "pick " + CHAR_IDS[state_of(game).pool[0]]).rule == P + "draft.two_players"


@cites(P + "char.assassin", P + "char.warlord_removes")
def test_another_characters_ability_cites_that_characters_rule() -> None:
    game = new(4)
    game = at_turn(game, 0, "merchant")
    assert refused(game, "kill king").rule == P + "char.assassin"
    assert refused(game, Destroy(0, "manor", 1)).rule == P + "char.warlord_removes"


@cites(P + "action.one_per_turn")
def test_playing_a_card_not_held_cites_playing_from_the_hand() -> None:
    game = variant()
    game = at_turn(game, 0, "bishop")
    why = refused(game, "play director")
    assert why.rule == P + "action.one_per_turn" and "you hold no Director" in why.reason


WRONG = (-1, 0, 1, 99, "zzz", "", 1.5, True, None, (), [], "done", "king", "manor", "p2")


def _fuzz_position(game: bgl.Game, pool: list[Move], rng: random.Random) -> None:
    legal = game.legal_moves()
    d = game.definition
    for base in [*legal[:2], *rng.sample(pool, min(len(pool), 2))]:
        for field in (f.name for f in dataclasses.fields(base)):
            others = [getattr(m, field) for m in rng.sample(pool, min(len(pool), 4)) if hasattr(m, field)]
            values = [*WRONG, *others, rng.choice(CARD_IDS), rng.choice(CHAR_IDS)]
            for value in values:
                move = dataclasses.replace(base, **{field: value})
                why = game.explain(move)
                assert why.legal == (repr(move) in {repr(m) for m in legal}), (move, why)  # True, 1.0: refused
                if not why.legal:
                    assert why.rule in d.rulebook and why.reason, (move, why)
                    refused(game, move)


@pytest.mark.parametrize("players,action_cards", [(2, True), (4, False), (5, True), (7, True)])
def test_any_move_value_gets_illegal_move_or_is_legal(players: int, action_cards: bool) -> None:
    """The move-value fuzz: every field replaced by values of other positions and of wrong types."""
    rng = random.Random(players)
    game = bgl.new_game("citadels", players=players, seed=players, action_cards=action_cards)
    pool: list[Move] = []
    plies = 0
    while not game.is_over and plies < 120:
        legal = game.legal_moves()
        pool = (pool + rng.sample(legal, min(2, len(legal))))[-60:]
        if plies % 12 == 0:
            _fuzz_position(game, pool, rng)
        game.apply(rng.choice(legal))
        plies += 1


@pytest.mark.parametrize("text", ["swap p²", "swap p٣", "destroy manor p١", "pick ٣", "swap p0", "gold 2",
                                  "cannon manor", "build manor>palace", "play director p2"])
def test_notation_takes_ascii_digits_and_the_right_words_only(text: str) -> None:
    with pytest.raises(bgl.InvalidNotation):
        new(3).parse_move(text)


def test_a_move_with_fields_of_the_wrong_type_prints_and_is_refused() -> None:
    game = new(3)
    for move in (Move(0), Gold(1.5), Swap(0, "zzz"), Gold(None), ("gold",), None):  # type: ignore[arg-type]
        assert isinstance(str(move), str)
        assert refused(game, move).rule == "core.not_a_move"


@cites("core.not_a_move")
@pytest.mark.parametrize("seat", [True, 1.0])
def test_a_move_equal_to_a_legal_one_but_of_another_type_is_refused(seat: object) -> None:
    """Swap(0, True) == Swap(0, 1) in Python, but the seat is not silently coerced."""
    game = new(4)
    game = at_turn(game, 0, "wizard")
    move = Swap(0, seat)  # type: ignore[arg-type]
    err = refused(game, move)
    assert err.rule == "core.not_a_move" and "'fellow'" in err.reason
    assert game.explain(Swap(0, 1)).legal
