"""Notation is for typing: no answer, preview, log line or bot reason writes a move's notation, every seat is named by
its player's name, every thing on the table answers "why not?" in words, and a base game never speaks of its
variants.

Seeded random games of the four games are played; in sampled positions every legal move and a sample of illegal
ones (each kind's candidates, for every seat) are explained, the board's target map is asked for its previews and
for "why not?" on every target the table draws (in every perspective), the heuristic bot gives its reasons, and at
the end the log is read in every perspective. Each text is searched for the notation of every move asked about
there (and for the ids of the targets), and fails naming the text.
"""
from __future__ import annotations

import importlib
import random
import re
from typing import Iterator

import pytest

import boardgames_lab as bgl
from boardgames_lab.bots.base import Seat
from boardgames_lab.bots.heuristic import HeuristicBot
from boardgames_lab.core.game import Game
from boardgames_lab.core.moves import CHANCE
from boardgames_lab.rulesets.citadels.data import CARDS as CITADELS_CARDS
from boardgames_lab.widgets.paths import click_path
from boardgames_lab.widgets.phases import focus_html
from boardgames_lab.widgets.targets import TargetMap, candidates, thing_words
from tests.test_move_words import carries_notation

GAMES = [("saint_petersburg", 3, {}), ("citadels", 4, {"action_cards": True}), ("citadels", 3, {}),
         ("keythedral", 3, {}), ("village", 3, {})]
NAMES = ["Anna", "Boris", "Clara", "Dmitri"]
PLAIN = re.compile(r"[a-z]+|[0-9]+")
# A seat named by its number, not its name: "Player 2", "seat 1", "p3".
SEAT_NUMBER = re.compile(r"Player \d|\bseat \d|(?<![\w'])p\d\b|\{p\d+\}")
PER_KIND = 6  # illegal candidates asked about per kind and seat in a position


def notation(move: object) -> list[str]:
    """The pieces of a move's notation no sentence should hold: each token that is not a plain word or number
    ("gold_miner@U1", "2,2", "g1", "+1c"), the whole notation where it has one of those or three words or more
    ("take harvest green"), and any notation quoted ("'pub 0'"); two plain words ("house 1") may be prose."""
    text = str(move)
    tokens = [t for t in re.split(r"[\s@>=]+", text) if t and not PLAIN.fullmatch(t)]
    whole = [text] if tokens or text.count(" ") >= 2 else []
    # A one-letter token (a cube's letter "I") is sought as written in quotes: bare, it is a word of prose.
    return [*whole, *(t if len(t) > 1 else f"'{t}'" for t in tokens), f"'{text}'"]


def written(text: str, tokens: set[str]) -> list[str]:
    return sorted(t for t in tokens if carries_notation(text, t))


def positions(name: str, players: int, options: dict[str, object], seed: int, plies: int = 220,
              share: float = 0.12) -> Iterator[Game]:
    """Positions of a seeded random game (about ``share`` of them, and the last), renamed to people's names."""
    game = bgl.new_game(name, players=players, seed=seed, **options)
    game.rename(NAMES[:players])
    chooser = random.Random(seed)
    while game.ply < plies and not game.is_over:
        if chooser.random() < share:
            yield game
        move = chooser.choice(game.legal_moves())
        game.apply(move, player=game.definition.seat_of(game.state, move))
    yield game


def asked(game: Game) -> dict[object, int]:
    """The moves asked about here, with their seats: the legal ones, then a few of every kind's candidates."""
    d = game.definition
    out = {m: d.seat_of(game.state, m) for m in game.legal_moves()}
    for seat in range(game.num_players):
        per_kind: dict[str, int] = {}
        for move in candidates(game, seat):
            if per_kind.get(move.kind, 0) < PER_KIND:
                per_kind[move.kind] = per_kind.get(move.kind, 0) + 1
                out.setdefault(move, seat)
    return out


def drawn_targets(game: Game, seat: int | None) -> set[str]:
    render = importlib.import_module(f"boardgames_lab.rulesets.{game.name}.render").render_html
    return set(re.findall(r'data-target="([^"]+)"', render(game.view(seat), game.names)))


def target_tokens(target: str) -> set[str]:
    """The pieces of a target id no answer should show ("-1,-3", "U3", "wagon_maker")."""
    return {t for t in re.split(r"[:>]", target) if t and not PLAIN.fullmatch(t) and not t.isdigit()}


def texts_of(game: Game, moves: dict[object, int]) -> Iterator[tuple[str, str]]:
    """Every text a player may read about this position: (where, text)."""
    for move, seat in moves.items():
        why = game.explain(move, player=seat)
        yield f"explain {move}", f"{why.reason} {why.remedy}"
    heuristic = game.definition.heuristic
    for seat in game.to_act():
        if seat == CHANCE:
            continue
        tm = TargetMap(game, [seat])
        for target in tm.options(()):
            yield f"preview {target.id}", tm.preview((), target.id)
        ids = drawn_targets(game, seat) | {t.id for m, s in moves.items() if s == seat for t in click_path(game.name, m)}
        for target_id in sorted(ids):
            found = tm.why_not((), target_id, [seat])
            if found is not None:
                yield f"why not {target_id}", f"{game.describe(found[0])} {found[1].reason} {found[1].remedy}"
        if heuristic is not None:
            bot = HeuristicBot(seed=0)
            for _, _, reason in bot.advise(Seat(game.definition, game.state, seat, game.legal_moves())):
                yield "bot reason", reason


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_no_answer_preview_log_line_or_bot_reason_writes_notation_or_a_seat_number(
        name: str, players: int, options: dict[str, object]) -> None:
    game = None
    for game in positions(name, players, options, seed=1, share=0.07):
        moves = asked(game)
        tokens = {t for m in moves for t in notation(m)}
        for where, text in texts_of(game, moves):
            wrong = written(text, tokens)
            assert not wrong, f"{name} ply {game.ply}, {where}: {text!r} writes the notation {wrong}"
            assert not SEAT_NUMBER.search(text), f"{name} ply {game.ply}, {where}: {text!r} names a seat by number"
    assert game is not None
    for reader in (None, *range(players)):
        for entry in game.log_for(reader):
            tokens = set(notation(entry["move"])) if entry["move"] else set()
            for text in [entry["text"], *(c["text"] for c in entry["changes"])]:
                wrong = written(text, tokens)
                assert not wrong, f"{name} log of {reader}, ply {entry['ply']}: {text!r} writes {wrong}"
                assert not SEAT_NUMBER.search(text), f"{name} log of {reader}: {text!r} names a seat by number"


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_every_thing_the_table_draws_says_what_it_is_in_words(name: str, players: int,
                                                             options: dict[str, object]) -> None:
    met: set[str] = set()
    for game in positions(name, players, options, seed=2, plies=160):
        for seat in (None, *range(players)):
            for target in drawn_targets(game, seat):
                text = thing_words(game, target)
                met.add(target.split(":")[0])
                assert not text.startswith("Nothing to do"), f"{name}: {target} is not told in words"
                assert text[0].isupper() and text.endswith("."), (target, text)
                wrong = written(text, target_tokens(target))
                assert not wrong, f"{name}: the answer on {target} writes {wrong}: {text!r}"
                assert not SEAT_NUMBER.search(text), f"{name}: {text!r} names a seat by number"
    assert len(met) >= 4, f"{name}: too few kinds of thing drawn ({sorted(met)})"


def test_another_seats_card_and_a_diagonal_field_answer_with_what_they_are() -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=1, names=NAMES[:3])
    chooser = random.Random(3)
    while not any(game.state.areas[1]) and not game.is_over:
        game.apply(chooser.choice(game.legal_moves()))
    target = next(t for t in drawn_targets(game, 0) if t.startswith("area:1:"))
    assert TargetMap(game, [0]).why_not((), target, [0]) is None  # no move of Anna's names Boris's card
    answer = thing_words(game, target)
    assert answer.startswith("Boris's ") and ("another player's card" in answer or "Boris may" in answer), answer
    kt = bgl.new_game("keythedral", players=3, seed=1, names=NAMES[:3])
    answer = thing_words(kt, "field:-1,-1")
    assert "1 step north-west of the Keythedral" in answer and "phase one" in answer, answer


VARIANT_WORDS = {
    "citadels": [c.name for c in CITADELS_CARDS if c.action] + ["Rasputin?", "Acrobat?", "Ticket Booth",
                                                               "Fortune Teller", "action card"],
}


@pytest.mark.parametrize(("name", "players"), [("citadels", 4), ("citadels", 2), ("saint_petersburg", 3),
                                               ("keythedral", 3), ("village", 3)])
def test_a_base_game_never_names_a_phase_or_card_of_a_variant(name: str, players: int) -> None:
    banned = VARIANT_WORDS.get(name, [])
    game = None
    for game in positions(name, players, {}, seed=4, plies=300):
        panel = re.sub(r"<[^>]+>", " ", focus_html(game))
        answers = [f"{w.reason} {w.remedy}" for m, s in asked(game).items()
                   if m.kind not in getattr(game.definition.words, "off_kinds", lambda o: ())(game.options)
                   for w in [game.explain(m, player=s)]]
        for text in [panel, *answers]:
            found = [w for w in banned if w in text]
            assert not found, f"{name} base game, {game.phase}: {text!r} names {found}"
            # The phases are named as the board names them: by their labels, never by the engine's ids.
            assert not re.search(r"\b(turn|action) phase\b", text) or name != "village", text
    assert game is not None
    for entry in game.log_for(None):
        for text in [entry["text"], *(c["text"] for c in entry["changes"])]:
            found = [w for w in banned if w in text]
            assert not found, f"{name} base game log: {text!r} names {found}"


def board_texts(game: Game, seat: int) -> Iterator[tuple[str, str]]:
    """What the board says to ``seat`` here: the move buttons, every target's accessible label, and at each step of
    building a move (up to two clicks deep) the strip's words and the labels and previews of the next choices."""
    from boardgames_lab.widgets import GameViewer
    viewer = GameViewer(game, perspective=seat)
    for button in viewer.move_buttons:
        yield "move button", button.description
    board = viewer.board
    for target, label in board.target_labels().items():
        yield f"accessible label of {target}", label
    tm = board.map
    assert tm is not None
    frontier: list[tuple[str, ...]] = [()]
    for _depth in range(3):
        deeper = []
        for prefix in frontier:
            yield f"strip after {prefix}", " ".join(tm.labels(prefix))
            for target in tm.options(prefix):
                yield f"choice {target.id} after {prefix}", f"{target.label} {tm.preview(prefix, target.id)}"
                if len(tm.moves_under((*prefix, target.id))) > 1:
                    deeper.append((*prefix, target.id))
        frontier = deeper[:6]


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_the_boards_buttons_strip_and_accessible_labels_are_words(name: str, players: int,
                                                                  options: dict[str, object]) -> None:
    """No move button, strip text, choice or accessible label writes a move's notation or a target's raw id
    ("U3", "-1,3", "gold_miner"), nor names a seat by number."""
    seen = 0
    for game in positions(name, players, options, seed=5, plies=200, share=0.05):
        moves = asked(game)
        tokens = {t for m in moves for t in notation(m)}
        for seat in [s for s in game.to_act() if s != CHANCE][:1]:
            ids = drawn_targets(game, seat) | {t.id for m, s in moves.items() if s == seat
                                               for t in click_path(game.name, m)}
            raw = tokens | {t for target in ids for t in target_tokens(target)}
            for where, text in board_texts(game, seat):
                seen += 1
                wrong = written(text, raw)
                assert not wrong, f"{name} ply {game.ply}, {where}: {text!r} writes {wrong}"
                assert not SEAT_NUMBER.search(text), f"{name} ply {game.ply}, {where}: {text!r} names a seat by number"
    assert seen > 50, f"{name}: only {seen} board texts read"
