"""The clickable board in the viewer, Python side, without a browser (the page is tests/browser/)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import boardgames_lab as bgl
from boardgames_lab.widgets import GameViewer
from boardgames_lab.widgets.board import BoardWidget
from boardgames_lab.widgets.paths import move_label
from tests.conftest import cites

WIDGETS = Path(bgl.__file__).parent / "widgets"


def sp_viewer(**kwargs: object) -> GameViewer:
    return GameViewer(bgl.new_game("saint_petersburg", players=3, seed=1), **kwargs)  # type: ignore[arg-type]


def first_row_target(v: GameViewer) -> str:
    return next(t for t in v.board.widget.targets if t.startswith("row:"))


def test_the_board_is_an_anywidget_whose_value_is_the_drawing() -> None:
    v = sp_viewer()
    assert isinstance(v.board_html, BoardWidget)
    assert 'data-target="row:U1"' in v.board_html.value
    assert v.board.widget.live and "act:pass" in v.board.widget.targets


def test_a_two_step_move_is_built_shown_and_made_by_clicks() -> None:
    v = sp_viewer()
    target = first_row_target(v)
    assert v.board.click(target) is None  # buy or take: a choice is left
    assert v.game.ply == 0
    assert set(v.board.widget.targets) == {"do:buy", "do:take"}
    assert v.board.widget.building == [v.board.map.paths[v.board.map.moves_under((target,))[0]][0].label]
    made = v.board.click("do:take")
    assert made is not None and made.kind == "take" and v.game.ply == 1
    assert v.board.widget.building == [] and "Played: Player 2 takes the " in v.message.value


def test_cancel_drops_the_move_being_built() -> None:
    v = sp_viewer()
    v.board.click(first_row_target(v))
    v.board.cancel()
    assert v.board.widget.building == [] and "act:pass" in v.board.widget.targets and v.game.ply == 0


def test_clicks_arrive_as_messages_from_the_page() -> None:
    v = sp_viewer()
    target = first_row_target(v)
    v.board.widget._handle_custom_msg({"event": "click", "target": target}, [])
    v.board.widget._handle_custom_msg({"event": "click", "target": "do:buy"}, [])
    assert v.game.ply == 1 and v.game.moves[0].kind == "buy"


@cites("saint_petersburg.action.buy")
def test_why_not_beside_a_target_is_the_engines_refusal() -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=1)
    v = GameViewer(game)
    html = v.board_html.value
    drawn = set(re.findall(r'data-target="([^"]+)"', html))
    off = sorted(drawn - set(v.board.widget.targets))
    assert off, "every drawn target is usable at the start"
    why = v.board.why(off[0])
    answer = v.board.widget.answer
    assert answer["target"] == off[0] and "rule <code>" in answer["html"]
    if why is not None:
        assert why.rule in answer["html"] and not why.legal


@cites("core.not_your_turn")
def test_a_seat_out_of_turn_has_no_live_target_and_is_told_why() -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=1)
    waiting = next(s for s in range(3) if s not in game.to_act())
    v = GameViewer(game, perspective=waiting)
    assert v.board.widget.targets == {} and "Not your turn" in v.board.widget.note
    assert v.board.click("row:U1") is None and game.ply == 0
    assert "core.not_your_turn" in v.board.widget.answer["html"]


def test_the_spectator_and_the_log_are_read_only() -> None:
    v = sp_viewer(perspective="spectator")
    assert not v.board.widget.live and v.board.widget.targets == {}
    v.board.click("row:U1")
    assert v.game.ply == 0 and "read-only" in v.board.widget.answer["html"]
    v.set_perspective("teacher")
    v.apply(v.game.legal_moves()[0])
    v.scrub(0)
    assert not v.board.widget.live and "log" in v.board.widget.note


def test_an_answer_is_cleared_when_the_position_changes() -> None:
    v = sp_viewer()
    v.board.why("row:no-such-slot")
    assert v.board.widget.answer
    v.apply("pass")
    assert v.board.widget.answer == {}


def test_hover_preview_says_the_move_in_words_with_its_price() -> None:
    v = sp_viewer()
    target = first_row_target(v)
    v.board.click(target)
    move = v.board.map.moves_under((target, "do:buy"))[0]
    preview = v.board.widget.targets["do:buy"]["preview"]
    assert preview.startswith(v.game.describe(move)) and "costs" in preview
    assert str(move) not in preview and move.slot not in preview  # notation only where a person types


@pytest.mark.parametrize(("name", "players"), [("citadels", 4), ("keythedral", 3), ("village", 3)])
def test_every_game_plays_by_clicks_in_the_viewer(name: str, players: int) -> None:
    v = GameViewer(bgl.new_game(name, players=players, seed=2))
    for _ in range(6):
        if v.game.is_over or not v.board.widget.targets:
            break
        ply = v.game.ply
        while v.game.ply == ply:
            v.board.click(next(iter(v.board.widget.targets)))
    assert v.game.ply >= 1


def test_the_module_and_its_style_ship_in_the_package() -> None:
    js = (WIDGETS / "board.js").read_text()
    assert "export default" in js and "import " not in js  # one ES module, nothing to build or fetch
    css = (WIDGETS / "board.css").read_text()
    sizes = [int(px) for px in re.findall(r"font-size:(\d+)px", css)]
    assert sizes and min(sizes) >= 11


def test_a_players_move_list_holds_only_their_own_moves() -> None:
    """Citadels' draft: the moves of the seat to act name the characters passed to it, a secret of that seat."""
    game = bgl.new_game("citadels", players=4, seed=1)
    acting = game.to_act()[0]
    other = (acting + 1) % 4
    v = GameViewer(game, perspective=other)
    assert v.move_buttons == [] and "No moves for" in v.moves_label.value
    v.set_perspective(acting)
    assert [b.description for b in v.move_buttons] == [move_label(game, m) for m in game.legal_moves()]


def _random_positions(name: str, players: int) -> list[bgl.Game]:
    """The start and two later positions of a seeded random game."""
    import random

    game, rng, out = bgl.new_game(name, players=players, seed=3), random.Random(3), []
    for stop in (0, 9, 40):
        while game.ply < stop and not game.is_over:
            game.apply(rng.choice(game.legal_moves()))
        out.append(game.clone())
    return out


@pytest.mark.parametrize(("name", "players"), [("saint_petersburg", 3), ("citadels", 4), ("keythedral", 3),
                                               ("village", 3)])
def test_every_target_on_the_table_has_an_accessible_label_in_words(name: str, players: int) -> None:
    """A screen reader hears what each thing is and what it does now, or why not: never its id."""
    for game in _random_positions(name, players):
        for seat in ("teacher", game.to_act()[0] if game.to_act()[0] >= 0 else "teacher"):
            v = GameViewer(game, perspective=seat)
            labels = v.board.widget.labels
            drawn = set(re.findall(r'data-target="([^"]+)"', v.board_html.value))
            assert drawn and set(labels) == drawn
            for target, label in labels.items():
                thing, _, says = label.partition(": ")
                assert ":" not in target or (target not in label and thing.lower() != target.replace(":", " ").lower()), \
                    label  # an id that is a word ("bag") may name its thing
                assert re.search(r"[A-Za-z]{3}", thing) and len(says.split()) >= 3, label
                if target in v.board.widget.targets:
                    assert "not usable now" not in label, label
                else:
                    found = v.board.map.why_not(v.board.prefix, target, v.board._seats) if v.board.map else None
                    assert "not usable now" in label or "read-only" in label, label
                    if found is not None:  # the engine's own refusal, as the "why not?" bubble gives it
                        assert found[1].reason.rstrip(".")[1:] in label, label
            v.close()


def test_a_card_in_the_row_is_named_and_says_what_it_offers() -> None:
    v = sp_viewer()
    view = v.game.full_view()
    slot, card = next((c["slot"], c) for c in view["upper"] if c)
    label = v.board.widget.labels[f"row:{slot}"]
    assert label.startswith(f"{card['name']}: choose ") and "buy" in label and slot not in label
    v.board.click(f"row:{slot}")  # a choice is open: the other cards now say why they cannot be used
    other = next(t for t in v.board.widget.labels if t.startswith("row:") and t != f"row:{slot}")
    assert "not usable now" in v.board.widget.labels[other]
    v.board.cancel()
    assert "not usable now" not in v.board.widget.labels[other]


def test_an_unusable_target_says_why_in_the_engines_words() -> None:
    v = sp_viewer()
    move, why = v.board.map.why_not((), "deck:workers", v.board._seats)
    label = v.board.widget.labels["deck:workers"]
    assert "not usable now" in label and why.reason.rstrip(".")[1:] in label and str(move) not in label


def test_an_edit_on_the_table_starts_a_new_history_and_the_board_says_so() -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=1, mode="sandbox")
    v = GameViewer(game)
    for _ in range(2):
        v.apply(v.game.legal_moves()[0])
    assert v.game.ply == 2 and v.game.can_undo()
    assert "new history" in v.board.widget.history_note and "undone" in v.board.widget.history_note
    v.board.setup_mode(True)
    count = next(iter(v.board.spots.add))
    assert v.board.add(count, 1) is not None
    assert v.game is not game and v.game.ply == 0 and not v.game.moves and not v.game.can_undo()
    assert v.undo_button.disabled and v.redo_button.disabled
    assert v.setup is not None
    v.setup.to_act(1)  # the set-up panel's edits say it in their message, too
    assert "An edit starts a new history" in v.setup.message.value and v.game.ply == 0
    assert "starts a new history" in v.setup.widget.get_title(0)
