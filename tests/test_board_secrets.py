"""What the viewer sends to the browser for a perspective depends only on what that perspective may see.

This test does not trust the games' own notion of hidden (their view field declarations, move
visibility or determinize). For seeded positions of all four games (the Citadels draft, reaction
windows, positions at and next to a random draw) it changes, on a copy, each secret the game declares
from its rulebook (``definition.secrets``, core/secrets.py) that a seat or the spectator may not see,
and checks that everything the widget would send to that perspective's page is the same: the table's
drawing, its targets and hover previews, the "why not?" bubble of every target, the move list, the
"why not?" box, the log, the header, the undo note and the phase diagram.
"""
from __future__ import annotations

import functools
import random
import re
from typing import Any, Iterator

import pytest

import boardgames_lab as bgl
import boardgames_lab.diagrams as diagrams
from boardgames_lab.core.game import Game
from boardgames_lab.core.moves import CHANCE
from boardgames_lab.core.rng import Rng
from boardgames_lab.widgets import GameViewer
from boardgames_lab.widgets.targets import Building
from boardgames_lab.widgets.paths import move_label
from tests.conftest import cites

TARGET = re.compile(r'data-target="([^"]+)"')


@pytest.fixture(autouse=True)
def _diagram_once_per_phase(monkeypatch: pytest.MonkeyPatch) -> None:
    """``phase_svg`` reads only the game's name and phase (both public): drawing each once keeps the test quick."""
    original = diagrams.phase_svg
    draw = functools.lru_cache(maxsize=None)(lambda name, phase: original(name, highlight=phase))
    monkeypatch.setattr(diagrams, "phase_svg", lambda game, highlight=None: draw(game.name, game.phase))


def _play(game: Game, chooser: random.Random) -> None:
    if game.to_act() == (CHANCE,):
        outcomes = [m for m, _ in game.chance_outcomes()]
        game.apply(chooser.choice(outcomes), player=CHANCE)
        return
    move = chooser.choice(game.legal_moves())
    game.apply(move, player=game.definition.seat_of(game.state, move))


def positions(name: str, players: int, seed: int, plies: int, every: int, chance: str = "auto",
              **options: Any) -> Iterator[Game]:
    """Positions of one seeded random game: every ``every`` plies, the first of each phase, and the first few
    of the Citadels draft, of the reaction windows and of the random draws (explicit chance) and the positions
    right after them."""
    game = bgl.new_game(name, players=players, seed=seed, chance=chance, **options)
    chooser = random.Random(seed)
    phases: set[str] = set()
    met = {"draw": 0, "window": 0, "draft": 0}  # of each, the first four
    while game.ply < plies and not game.is_over:
        acting = game.to_act()
        special = "window" if len(acting) > 1 else "draft" if game.phase == "draft" else \
            "draw" if acting == (CHANCE,) or (game.ply and game.log[-1]["seat"] == CHANCE) else ""
        if game.ply % every == 0 or game.phase not in phases or (special and met[special] < 4):
            if special:
                met[special] += 1
            yield game.clone()
        phases.add(game.phase)
        _play(game, chooser)

CASES = [
    ("saint_petersburg", 3, 1, 90, 15, "auto", {}),
    ("saint_petersburg", 2, 4, 40, 10, "explicit", {}),
    ("citadels", 4, 1, 40, 8, "auto", {}),
    ("citadels", 5, 1, 40, 10, "auto", {"action_cards": True}),  # Rasputin's window at ply 26
    ("citadels", 3, 2, 50, 12, "explicit", {}),
    ("keythedral", 3, 1, 120, 15, "auto", {}),
    ("keythedral", 2, 5, 60, 15, "explicit", {}),
    ("village", 3, 1, 120, 15, "auto", {}),
    ("village", 2, 2, 60, 15, "explicit", {}),
]


def sent(v: GameViewer, questions: list[str]) -> dict[str, Any]:
    """Everything the viewer's widgets send to the page for its perspective, asking "why not?" of every
    target on the table and of every typed question."""
    board = v.board.widget
    out: dict[str, Any] = {
        "svg": board.value, "targets": board.targets, "building": board.building, "live": board.live,
        "note": board.note, "header": v.status.value, "focus": v.phase_focus.value, "diagram": v.diagram.value,
        "log": v.log_html.value, "moves_label": v.moves_label.value,
        "moves": [(b.description, b.disabled, b.button_style) for b in v.move_buttons],
        "placeholder": v.why_text.placeholder, "undo": (v.undo_note.value, v.undo_button.tooltip,
                                                        v.undo_button.disabled, v.redo_button.disabled),
        "message": v.message.value,
    }
    tm = v.board.map
    steps = {}
    for target in board.targets:  # the second step of every move built by clicks, with its previews
        if tm is not None:
            made = tm.click((), target)
            if isinstance(made, Building):
                steps[target] = [(t.id, t.label, tm.preview(made.prefix, t.id)) for t in made.options]
    out["steps"] = steps
    bubbles = {}
    on_table = list(dict.fromkeys(TARGET.findall(board.value)))
    for target in on_table[::max(1, len(on_table) // 24)]:  # two dozen, spread over the table
        v.board.why(target)
        bubbles[target] = board.answer.get("html")
    out["bubbles"] = bubbles
    answers = {}
    for text in questions:
        v.why_not(text)
        answers[text] = v.why_output.value
    v.why_not("")
    out["why"] = answers
    return out


def questions_of(game: Game) -> list[str]:
    """Moves in notation to ask "why not?" about: every seat's legal moves here (secrets among them)."""
    found: dict[str, None] = {}
    for seat in range(game.num_players):
        for move in game.definition.seat_moves(game.state, seat):
            found.setdefault(str(move))
    return list(found)[:8]


def perturbed(game: Game, secret: Any, seat: int | None, rng: Rng) -> Game | None:
    other = game.clone()
    other.state = game.definition.clone_state(game.state)
    if not secret.perturb(other.state, seat, rng):
        return None
    other._legal = None  # the legal moves are cached per position
    assert not game.definition.invariants(other.state)
    return other


@pytest.mark.parametrize(("name", "players", "seed", "plies", "every", "chance", "options"), CASES,
                         ids=[f"{c[0]}-{c[1]}p-seed{c[2]}-{c[5]}" for c in CASES])
@cites("core.not_your_turn")
def test_the_page_of_a_perspective_holds_none_of_its_secrets(name: str, players: int, seed: int, plies: int,
                                                               every: int, chance: str,
                                                               options: dict[str, Any]) -> None:
    d = bgl.new_game(name, players=players, seed=seed).definition
    assert d.secrets, f"{name} declares no secrets"
    rng = Rng(seed * 1009)
    checked = 0
    viewers: dict[int | None, GameViewer] = {}
    for game in positions(name, players, seed, plies, every, chance, **options):
        questions = questions_of(game)
        for seat in [None, *range(players)]:
            v = viewers.get(seat) or viewers.setdefault(seat, GameViewer(game.clone(), perspective=seat))
            v.replace_game(game.clone())
            truth = sent(v, questions)
            for secret in d.secrets:
                other = perturbed(game, secret, seat, rng)
                if other is None:
                    continue
                v.replace_game(other)
                shown = sent(v, questions)
                checked += 1
                for key, value in truth.items():
                    assert shown[key] == value, (
                        f"{name} ply {game.ply} ({game.phase}), perspective {seat}: changing "
                        f"{secret.name!r} changed the page's {key}:\n{_first_difference(value, shown[key])}")
    for v in viewers.values():
        v.close()
    assert checked >= 10, f"only {checked} perturbations were checked"


def _first_difference(a: Any, b: Any) -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return f"[{key!r}] " + _first_difference(a.get(key), b.get(key))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return f"[{i}] " + _first_difference(x, y)
    a, b = str(a), str(b)
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"true: ...{a[max(0, i - 80):i + 120]}\nchanged: ...{b[max(0, i - 80):i + 120]}"


# --- words about the last move: the message line, the undo note, a bot's reason -------------------------

def draft_game(plies: int) -> Game:
    """Citadels, 4 players, seed 1, after ``plies`` random moves: at ply 4 the last pick (the King, by seat
    3) is a secret of its picker, and play mode may not take it back."""
    game = bgl.new_game("citadels", players=4, seed=1)
    chooser = random.Random(1)
    while game.ply < plies:
        _play(game, chooser)
    return game


@cites("citadels.draft.pass_left")
def test_the_undo_note_names_a_secret_pick_only_to_its_picker_and_the_teacher() -> None:
    game = draft_game(4)
    picked, picker = game.moves[-1], game.moves[-1].player
    assert game.log[-1]["visible_to"] == [picker] and not game.can_undo()
    character = picked.character.replace("_", " ").title()  # "King", as the game's words name it
    for perspective in (None, (picker + 1) % 4):
        v = GameViewer(game, perspective=perspective)
        assert str(picked) not in v.undo_note.value + v.undo_button.tooltip
        assert character not in v.undo_note.value + v.undo_button.tooltip
        assert "the last move" in v.undo_note.value
        v.undo()
        assert str(picked) not in v.message.value and character not in v.message.value
        v.close()
    said = game.at(game.ply - 1).describe(picked).rstrip(".")
    for perspective in (picker, "teacher"):
        v = GameViewer(game, perspective=perspective)
        assert said in v.undo_note.value and str(picked) not in v.undo_note.value  # in words, never notation
        v.close()


@cites("citadels.draft.pass_left")
def test_the_message_line_says_only_who_moved_when_the_move_is_anothers_secret() -> None:
    game = draft_game(0)
    v = GameViewer(game, perspective=None)
    picked = v.bot_step()
    assert picked is not None and str(picked) not in v.message.value
    assert f"a move of {game.names[picked.player]}" in v.message.value
    v.set_perspective("teacher")
    assert v.message.value == ""  # worded for the spectator: not carried over to another perspective
    picked = v.bot_step()
    assert picked is not None and game.at(game.ply - 1).describe(picked) in v.message.value
    v.close()


@cites("citadels.draft.pass_left")
def test_a_bots_pick_and_reason_are_shown_to_the_teacher_and_its_seat_only() -> None:
    from boardgames_lab.widgets import BotMatch

    game = draft_game(0)
    match = BotMatch(game, seats=["heuristic"] * 4, perspective=None, auto=False)
    assert match.play(limit=1) == 1
    picked = game.moves[-1]
    said = game.at(game.ply - 1).describe(picked)  # "Player 1 keeps the King for this round."
    assert said not in match.reasons.value and "made a move" in match.reasons.value
    match.viewer.set_perspective((picked.player + 1) % 4)
    assert said not in match.reasons.value
    match.viewer.set_perspective(picked.player)
    assert said in match.reasons.value
    match.viewer.set_perspective("teacher")
    assert said in match.reasons.value
    match.close()


@cites("core.not_your_turn")
def test_the_teacher_sees_every_move_a_player_their_own_and_the_spectator_none() -> None:
    game = draft_game(0)
    acting = game.to_act()[0]
    v = GameViewer(game, perspective="teacher")
    assert [b.description for b in v.move_buttons] == [move_label(game, m) for m in game.legal_moves()]
    assert str(game.legal_moves()[0]).split()[0] in v.why_text.placeholder
    v.set_perspective(None)
    assert v.move_buttons == [] and "to act: Character draft" in v.moves_label.value
    assert v.why_text.placeholder == "a move in notation"
    v.why_not(str(game.legal_moves()[0]))
    assert "spectator makes no moves" in v.why_output.value
    v.set_perspective((acting + 1) % 4)
    v.why_not(str(game.legal_moves()[0]))
    assert "core.not_your_turn" in v.why_output.value
    v.close()


def test_the_set_up_panel_is_the_teachers_alone() -> None:
    """The set-up panel edits, and its share string holds, the whole position: hands and decks included."""
    v = GameViewer(bgl.new_game("saint_petersburg", players=3, seed=1, mode="sandbox"), perspective="teacher")
    assert v.setup is not None and v.setup.widget.layout.display == ""
    for perspective in (None, 0):
        v.set_perspective(perspective)
        assert v.setup.widget.layout.display == "none"
    v.set_perspective("teacher")
    assert v.setup.widget.layout.display == ""
    v.close()
