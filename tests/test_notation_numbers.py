"""Numbers of any length in notation: every move kind of every game that is written with a number, given one
thousands of digits long, raises InvalidNotation (never Python's ValueError on converting digits); a number
of a plausible length that no rule allows is refused as an illegal move."""
from __future__ import annotations

import random
import re
from typing import Any

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.moves import WHOLE_DIGITS, whole_number

# Options that bring out more kinds of move (the action cards, the face-up tiles' chance moves).
OPTIONS: dict[str, list[dict[str, Any]]] = {"saint_petersburg": [{}], "village": [{}, {"marriage": True}],
                                            "citadels": [{}, {"action_cards": True}],
                                            "keythedral": [{}, {"face_up_tiles": True}]}
# The kinds written with a number that these seeded games reach, at the least (chance's draws included).
EXPECTED = {"saint_petersburg": {"pub", "buy", "take"},
            "village": {"serve", "privilege", "customer", "villager", "dies", "council", "well", "travel"},
            "citadels": {"destroy", "swap", "ticket", "fortune_teller"},
            "keythedral": {"bid", "buy", "cottage", "deal", "draw", "fence", "field", "house", "law", "order",
                           "play", "relocate", "replace", "start", "turn", "unfence", "worker"}}
HUGE = ("9" * 5000, "0" * 4999 + "1", "1" + "0" * WHOLE_DIGITS, "-" + "7" * 4301)


def _refused(game: bgl.Game, seat: int, text: str) -> str:
    """How ``text`` was refused: 'notation', 'illegal' (read as a move the rules refuse), or the fault."""
    try:
        move = game.parse_move(text, player=seat)
    except bgl.InvalidNotation:
        return "notation"
    except Exception as err:  # the contract: notation raises InvalidNotation or gives a move
        return f"parse_move raised {type(err).__name__}: {str(err)[:120]}"
    why = game.explain(move, player=seat)
    if why.legal:
        return f"{text[:60]!r} was read as a legal move"
    try:
        game.apply(move, player=seat)
    except bgl.IllegalMove:
        return "illegal"
    except Exception as err:
        return f"apply raised {type(err).__name__}: {str(err)[:120]}"
    return f"{text[:60]!r} was applied"


@pytest.mark.parametrize("name", [g["name"] for g in bgl.games()])
def test_every_kind_written_with_a_number_refuses_numbers_of_any_length(name: str) -> None:
    d = bgl.core.registry.definition(name)
    tried: set[str] = set()
    faults: list[str] = []
    for i, options in enumerate(OPTIONS[name]):
        for players in (d.info.min_players, d.info.max_players):
            game = bgl.new_game(name, players=players, seed=i, mode="sandbox", chance="explicit", **options)
            chooser = random.Random(i)
            while not game.is_over and game.ply < 1500:
                legal = game.legal_moves()
                for move in legal:
                    text = str(move)
                    if move.kind in tried or not re.search("[0-9]", text):
                        continue
                    tried.add(move.kind)
                    seat = d.seat_of(game.state, move)
                    for run in re.finditer("[0-9]+", text):
                        for number in HUGE:
                            huge = text[:run.start()] + number + text[run.end():]
                            how = _refused(game, seat, huge)
                            if how != "notation" and not (how == "illegal" and move.kind == "play"):
                                faults.append(f"{move.kind}: {huge[:50]!r}...: {how}")
                move = chooser.choice(legal)
                game.apply(move, player=d.seat_of(game.state, move))
    assert not faults, faults[:5]
    assert EXPECTED[name] <= tried, f"kinds not reached: {sorted(EXPECTED[name] - tried)}"


def test_the_pub_with_five_thousand_nines_is_invalid_notation() -> None:
    game = bgl.new_game("saint_petersburg", seed=1)
    with pytest.raises(bgl.InvalidNotation, match="'pub' takes a whole number of points"):
        game.parse_move("pub " + "9" * 5000)
    with pytest.raises(bgl.InvalidNotation):
        game.apply("pub " + "9" * 5000)
    assert game.ply == 0


def test_a_law_card_naming_a_huge_number_is_refused_by_its_rule_not_by_a_crash() -> None:
    """Keythedral's law cards take a free argument ('play start_order 2'): a huge one is a choice the card
    does not offer, refused with the card's rule."""
    game = bgl.new_game("keythedral", players=3, seed=0, mode="sandbox")
    move = game.parse_move("play start_order " + "9" * 5000, player=0)
    why = game.explain(move, player=0)
    assert not why.legal and why.rule.startswith(("keythedral.", "core."))


@pytest.mark.parametrize("text, value", [("0", 0), ("42", 42), ("9" * WHOLE_DIGITS, 10**WHOLE_DIGITS - 1),
                                         ("9" * (WHOLE_DIGITS + 1), None), ("", None), ("٣", None), ("²", None),
                                         (" 3", None), ("1_0", None), ("-1", None), ("+1", None), ("9" * 5000, None)])
def test_a_whole_number_is_ascii_digits_and_no_longer_than_any_count_in_a_game(text: str, value: int | None) -> None:
    assert whole_number(text) == value
