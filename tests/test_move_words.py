"""Every move is a sentence: ``game.describe(move)`` says any legal move in the game's own terms, naming the seat
by its name and never writing the move's notation (ids, slots, coordinates, seat numbers)."""
from __future__ import annotations

import random
import re

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.game import Game
from boardgames_lab.core.moves import CHANCE

GAMES = [("saint_petersburg", 3), ("saint_petersburg", 2), ("citadels", 4), ("citadels", 2), ("keythedral", 3),
         ("keythedral", 2), ("village", 3)]
NAMES = ["Anna", "Boris", "Clara", "Dmitri"]
# A token of notation: anything but a plain word or a plain number ("fur_trapper@U1", "p3", "2,2", "g1", "2-C").
PLAIN = re.compile(r"[a-z]+|[0-9]+")


def notation_tokens(move: object) -> list[str]:
    tokens = [t for t in re.split(r"[\s@>=]+", str(move)) if t and not PLAIN.fullmatch(t)]
    return [str(move), *tokens] if tokens else []


def carries_notation(sentence: str, token: str) -> bool:
    """Does ``token`` stand in the sentence as a token of its own (so "S" is not found in "Stone")?"""
    return re.search(rf"(?<![\w,-]){re.escape(token)}(?![\w,-])", sentence) is not None


def positions(name: str, players: int, seed: int, plies: int = 260) -> list[Game]:
    """Positions of a seeded random game, every few plies (with the options that add moves where a game has them)."""
    options = {"action_cards": True} if name == "citadels" else {}
    # The third seed stops at each draw, so that the moves of chance are described too.
    game = bgl.new_game(name, players=players, seed=seed, names=NAMES[:players],
                        chance="explicit" if seed == 3 else "auto", **options)
    chooser = random.Random(seed)
    out = []
    while game.ply < plies and not game.is_over:
        if chooser.random() < 0.35:
            out.append(game.clone())
        move = chooser.choice(game.legal_moves())
        game.apply(move, player=game.definition.seat_of(game.state, move))
    return out


@pytest.mark.parametrize(("name", "players"), GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_legal_move_is_a_sentence_with_names_and_no_notation(name: str, players: int, seed: int) -> None:
    kinds: set[str] = set()
    for game in positions(name, players, seed):
        for move in game.legal_moves():
            sentence = game.describe(move)
            kinds.add(move.kind)
            assert sentence and sentence[0].isupper() and sentence.endswith("."), (move, sentence)
            wrong = [t for t in notation_tokens(move) if carries_notation(sentence, t)]
            assert not wrong, f"{name}: {sentence!r} writes the notation {wrong} of {move}"
            seat = game.definition.seat_of(game.state, move)
            if seat != CHANCE:
                assert game.names[seat] in sentence, f"{name}: {sentence!r} does not name the seat of {move}"
            assert not re.search(r"\{p\d+\}|Player \d", sentence), sentence
    assert len(kinds) >= 4, f"{name}: too few kinds of move met ({sorted(kinds)})"


def test_a_purchase_reads_with_the_card_its_price_and_what_it_brings() -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=1, names=["Anna", "Boris", "Clara"])
    buy = next(m for m in game.legal_moves() if m.kind == "buy")
    sentence = game.describe(buy)
    card = game.definition.words.card_name(buy.card)
    assert sentence.startswith(f"{game.names[buy.player]} buys the {card} from the upper row") and " rubles" in sentence, sentence
    assert "at every worker scoring" in sentence
    assert game.describe(str(buy)) == sentence


def test_a_game_without_names_says_player_and_a_number_and_bad_values_are_refused() -> None:
    game = bgl.new_game("citadels", players=4, seed=1)
    move = game.legal_moves()[0]
    assert game.describe(move).startswith(game.names[game.current_player])
    with pytest.raises(bgl.InvalidNotation):
        game.describe(object())  # type: ignore[arg-type]
