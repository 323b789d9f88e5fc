"""GameViewer and the Saint Petersburg HTML drawing, headless: no browser, no kernel.

The viewer is driven the way a user drives it (button.click(), slider values, the text box) and
checked through the strings it shows, against what the Game API says.
"""
from __future__ import annotations

import re
import threading
from html import escape
from typing import Iterator

import pytest

import boardgames_lab as bgl
from boardgames_lab.bots import RandomBot, bot_move
from boardgames_lab.core.errors import UndoBlocked
from boardgames_lab.core.game import Game
from boardgames_lab.diagrams import LIT
from boardgames_lab.rulesets.saint_petersburg.render import render_html

pytest.importorskip("ipywidgets")
from boardgames_lab.widgets import GameViewer  # noqa: E402  (after the importorskip)
from boardgames_lab.widgets.paths import move_label

SEED = 1
ACTION_PHASES = ("worker", "building", "aristocrat", "trading")  # where buying is the question


def new_game(seed: int = SEED) -> Game:
    return bgl.new_game("saint_petersburg", players=3, seed=seed)


def played(plies: int, seed: int = SEED) -> Game:
    """A game the random bot has played for ``plies`` moves."""
    game, bot = new_game(seed), RandomBot(seed=seed)
    while game.ply < plies and not game.is_over:
        game.apply(bot_move(game, bot))
    return game


def unaffordable_position() -> tuple[Game, str]:
    """Play on until some ordinary card on the board costs the player to move more than they have."""
    game, bot = new_game(), RandomBot(seed=7)
    while not game.is_over:
        view = game.full_view()
        money = view["players"][game.current_player]["money"]
        for card in view["upper"] + view["lower"]:
            if card and not card["trading"] and card["cost_for_current"] > money and game.phase in ACTION_PHASES:
                return game, f"buy {card['card']}@{card['slot']}"
        game.apply(bot_move(game, bot))
    raise AssertionError("no unaffordable card in a whole game")


def seat_sections(html: str) -> dict[int, str]:
    """The HTML of each player's panel, by seat (panels follow one another)."""
    parts = html.split('data-seat="')[1:]
    return {int(part[:part.index('"')]): part for part in parts}


def money_shown(section: str) -> str:
    found = re.search(r'class="bgl-money[^"]*"[^>]*>([^<]*)<', section)
    assert found, "no money field in the player's panel"
    return found.group(1)


def hand_shown(section: str) -> str:
    found = re.search(r'<div class="bgl-hand"[^>]*>(.*?)</div>', section, re.S)
    assert found, "no hand in the player's panel"
    return found.group(1)


def hand_cards(section: str) -> list[str]:
    return re.findall(r'data-card="([a-z_]+)"', hand_shown(section))


@pytest.fixture
def viewer() -> Iterator[GameViewer]:
    v = GameViewer(new_game())
    yield v
    v.close()


# --- building and moving ---------------------------------------------------------------------

def test_viewer_builds_with_one_button_per_legal_move(viewer: GameViewer) -> None:
    game = viewer.game
    assert [b.description for b in viewer.move_buttons] == [move_label(game, m) for m in game.legal_moves()]
    assert 'class="bgl-board"' in viewer.board_html.value
    bundle = viewer._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "Worker phase" in viewer.status.value
    assert game.current_player is not None
    assert f"{game.names[game.current_player]} to move" in viewer.status.value


def test_clicking_a_move_button_applies_exactly_that_move(viewer: GameViewer) -> None:
    game = viewer.game
    before = viewer.board_html.value
    index = next(i for i, b in enumerate(viewer.move_buttons) if b.description.endswith(" · buy"))
    move = game.legal_moves()[index]
    viewer.move_buttons[index].click()
    assert game.moves == (move,)
    assert viewer.board_html.value != before
    assert viewer.board_html.value == render_html(game.full_view(), game.names)
    assert [b.description for b in viewer.move_buttons] == [move_label(game, m) for m in game.legal_moves()]
    assert game.at(0).describe(move) in viewer.message.value


def test_apply_by_notation_and_a_refused_move(viewer: GameViewer) -> None:
    assert viewer.apply("buy U1") == viewer.game.moves[-1]
    before = viewer.game.to_json()
    assert viewer.apply("buy U9") is None  # no card there: refused, reported, nothing changes
    assert viewer.game.to_json() == before
    assert "bgl-msg-error" in viewer.message.value


def test_why_not_names_the_rule_and_changes_nothing() -> None:
    game, move = unaffordable_position()
    v = GameViewer(game)
    before, ply = game.to_json(), game.ply
    v.why_text.value = move
    v.why_button.click()
    assert "saint_petersburg.buy.pay_cost" in v.why_output.value
    assert "illegal" in v.why_output.value
    assert game.to_json() == before and game.ply == ply
    assert v.apply(move) is None and "saint_petersburg.buy.pay_cost" in v.message.value
    assert game.to_json() == before
    v.close()


def test_why_not_on_text_that_is_no_move(viewer: GameViewer) -> None:
    viewer.why_not("fly to the moon")
    assert "is not a Saint Petersburg move" in viewer.why_output.value
    why = viewer.why_not("pass")
    assert why is not None and why.legal and "core.legal" in viewer.why_output.value


def assert_answer_is_for(v: GameViewer, game: Game, text: str) -> None:
    """The "why not?" box shows what ``game`` (the position shown) says about ``text`` now."""
    why = game.explain(text)
    shown = v.why_output.value
    assert f"at ply {game.ply}" in shown and escape(why.reason) in shown and why.rule in shown
    assert ("illegal" not in shown) == why.legal


def test_why_not_answer_is_asked_again_after_every_change() -> None:
    game = new_game()
    v = GameViewer(game, pause=lambda seconds: None)
    buy = next(str(m) for m in game.legal_moves() if str(m).startswith("buy "))
    assert v.why_not(buy) is not None and v.why_not(buy).legal
    v.apply(buy)  # the card has left the board: the old "legal" must not stay on screen
    assert_answer_is_for(v, game, buy) and not game.explain(buy).legal
    v.undo()
    assert_answer_is_for(v, game, buy) and game.explain(buy).legal
    v.redo()
    assert_answer_is_for(v, game, buy)
    v.bot_step()
    assert_answer_is_for(v, game, buy)
    v.scrub(0)
    assert_answer_is_for(v, game.at(0), buy) and "of the log" in v.why_output.value
    v.live()
    assert_answer_is_for(v, game, buy)
    v.autoplay.value = True
    v.stop()
    assert v._thread is not None and not v._thread.is_alive()
    assert_answer_is_for(v, game, buy)
    v.why_text.value = "pass"
    v.why_text.value = ""  # wiping the question wipes the answer
    assert v.why_output.value == ""
    v.close()


@pytest.mark.parametrize("name, players", [("saint_petersburg", 3), ("citadels", 4), ("keythedral", 3),
                                           ("village", 3)])
def test_why_not_placeholder_is_the_games_own(name: str, players: int) -> None:
    game = bgl.new_game(name, players=players, seed=SEED)
    v = GameViewer(game)
    examples = v.why_text.placeholder.removeprefix("a move, e.g. ").split(" or ")
    assert examples and all(game.explain(text).legal for text in examples), v.why_text.placeholder
    if name != "saint_petersburg":
        assert "U3" not in v.why_text.placeholder and "market" not in v.why_text.placeholder
    v.close()


# --- history -----------------------------------------------------------------------------------

def test_undo_and_redo_buttons(viewer: GameViewer) -> None:
    game = viewer.game
    assert viewer.undo_button.disabled and viewer.redo_button.disabled
    viewer.move_buttons[1].click()
    assert not viewer.undo_button.disabled and viewer.redo_button.disabled
    viewer.undo_button.click()
    assert game.ply == 0 and viewer.undo_button.disabled and not viewer.redo_button.disabled
    viewer.redo_button.click()
    assert game.ply == 1 and viewer.redo_button.disabled


def test_undo_blocked_is_reported(viewer: GameViewer) -> None:
    game = viewer.game
    while game.can_undo() or game.ply == 0:  # until a move revealed new cards
        viewer.bot_step()
    assert viewer.undo_button.disabled
    with pytest.raises(UndoBlocked) as refused:  # the Python API's own words, which the viewer shows
        game.clone().undo()
    assert escape(str(refused.value)) in viewer.undo_note.value and "sandbox" in viewer.undo_note.value
    assert str(refused.value) in viewer.undo_button.tooltip
    ply = game.ply
    assert viewer.undo() is None
    assert game.ply == ply and "sandbox" in viewer.message.value


def test_undo_note_is_empty_when_undo_is_allowed_or_nothing_was_played() -> None:
    v = GameViewer(bgl.new_game("saint_petersburg", players=3, seed=SEED, mode="sandbox"))
    assert v.undo_note.value == ""  # nothing played yet: nothing to explain
    while v.game.ply < 12:
        v.bot_step()
        assert v.undo_note.value == "" and not v.undo_button.disabled  # sandbox mode undoes anything
    v.scrub(3)
    assert "read-only" in v.undo_note.value and v.undo_button.disabled
    v.live()
    assert v.undo_note.value == ""
    v.close()


def test_undo_in_a_bot_match_goes_back_to_the_persons_turn() -> None:
    from boardgames_lab.widgets import BotMatch

    match = BotMatch(bgl.new_game("saint_petersburg", players=3, seed=SEED), seats=["human", "random", "random"])
    v, game = match.viewer, match.game
    assert game.current_player == 0  # the bots before the person have moved
    before = game.ply
    mine = next(m for m in game.legal_moves() if str(m).startswith("buy "))
    v.apply(mine)
    assert game.current_player == 0 and game.ply > before + 1 and match.reasons.value  # both bots answered
    v.undo_button.click()
    assert game.ply == before and game.current_player == 0 and mine in game.legal_moves()
    assert match.reasons.value == ""  # the bots' reasons were for moves that are gone
    assert not any(b.disabled for b in v.move_buttons)
    match.close()


def test_bot_step_plays_a_legal_move(viewer: GameViewer) -> None:
    game = viewer.game
    legal = game.legal_moves()
    viewer.bot_button.click()
    assert game.ply == 1 and game.moves[0] in legal


def test_bot_step_when_the_game_is_over() -> None:
    game = played(10_000)
    v = GameViewer(game)
    assert game.is_over and v.bot_button.disabled and v.move_buttons == []
    assert v.bot_step() is None and "over" in v.message.value
    assert "Final scoring" in v.board_html.value and "won by" in v.status.value
    v.close()


def test_scrubbing_shows_an_earlier_position_read_only() -> None:
    game = played(12)
    v = GameViewer(game)
    before = game.to_json()
    v.scrubber.value = 3
    earlier = game.at(3)
    assert v.board_html.value == render_html(earlier.full_view(), earlier.names)
    assert game.to_json() == before and game.ply == 12
    assert "viewing ply 3 of 12" in v.status.value
    assert all(b.disabled for b in v.move_buttons)
    assert [b.description for b in v.move_buttons] == [move_label(earlier, m) for m in earlier.legal_moves()]
    assert "[  3]" in v.log_html.value and "[  4]" not in v.log_html.value
    v.live_button.click()
    assert v.board_html.value == render_html(game.full_view(), game.names)
    assert v.scrubber.value == 12 and not any(b.disabled for b in v.move_buttons)
    v.close()


# --- perspectives ------------------------------------------------------------------------------

def hidden_info_game() -> Game:
    """Play until at least two players hold cards in hand."""
    game, bot = new_game(), RandomBot(seed=3)
    while True:
        view = game.full_view()
        if sum(p["hand_size"] > 0 for p in view["players"]) >= 2:
            return game
        game.apply(bot_move(game, bot))


def test_spectator_sees_no_money_and_no_hand_cards() -> None:
    game = hidden_info_game()
    v = GameViewer(game, perspective=None)
    for seat, section in seat_sections(v.board_html.value).items():
        assert money_shown(section) == "?"
        assert hand_cards(section) == []
        assert hand_shown(section).count("bgl-back") == game.full_view()["players"][seat]["hand_size"]
    v.close()


def test_a_player_sees_only_their_own_secrets() -> None:
    game = hidden_info_game()
    full = game.full_view()["players"]
    v = GameViewer(game, perspective=0)
    sections = seat_sections(v.board_html.value)
    assert money_shown(sections[0]) == str(full[0]["money"])
    assert hand_cards(sections[0]) == full[0]["hand"]
    for seat in (1, 2):
        assert money_shown(sections[seat]) == "?" and hand_cards(sections[seat]) == []
    v.close()


def test_teacher_sees_everything() -> None:
    game = hidden_info_game()
    full = game.full_view()
    v = GameViewer(game, perspective="Player 1")
    v.set_perspective("teacher")
    sections = seat_sections(v.board_html.value)
    for p in full["players"]:
        assert money_shown(sections[p["seat"]]) == str(p["money"])
        assert hand_cards(sections[p["seat"]]) == p["hand"]
    assert "next:" in v.board_html.value  # the top card of each deck
    v.close()


def test_perspective_dropdown(viewer: GameViewer) -> None:
    labels = [label for label, _ in viewer.perspective.options]
    assert labels == ["Player 1", "Player 2", "Player 3", "Spectator", "Teacher"]
    viewer.set_perspective(2)
    assert viewer.viewpoint == 2 and "Seen by Player 3" in viewer.board_html.value
    viewer.set_perspective(None)
    assert viewer.viewpoint is None and "Spectator view" in viewer.board_html.value
    with pytest.raises(ValueError):
        viewer.set_perspective(7)


# --- diagram and autoplay ----------------------------------------------------------------------

def lit_phase(svg: str) -> list[str]:
    """The phases whose node is drawn in the highlight colour."""
    nodes = re.findall(r'<title>([a-z_]+)</title>\s*<g[^>]*><a[^>]*>\s*<[a-z]+ fill="([^"]+)"', svg)
    return [name for name, fill in nodes if fill == LIT["fillcolor"]]


def test_diagram_is_an_svg_with_the_current_phase_lit(viewer: GameViewer) -> None:
    assert "<svg" in viewer.diagram.value
    assert lit_phase(viewer.diagram.value) == ["worker"]
    while viewer.game.phase == "worker":
        viewer.apply("pass")
    assert lit_phase(viewer.diagram.value) == [viewer.game.phase] == ["building"]


def test_diagram_without_graphviz_dot_is_drawn_all_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    v = GameViewer(new_game())
    assert "<svg" in v.diagram.value and lit_phase(v.diagram.value) == ["worker"]
    v.close()


def test_diagram_with_nothing_to_draw_it_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgames_lab import diagrams

    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.setattr(diagrams, "bundled_renderer", lambda: None)
    monkeypatch.setattr(diagrams, "_prerendered", lambda: None)
    v = GameViewer(new_game())
    assert "<svg" not in v.diagram.value and "pip install" in v.diagram.value and "graphviz-pure" in v.diagram.value
    v.close()


HANG = 60  # s: only a hung autoplay thread takes this long; no assertion depends on the clock


def finish_autoplay(v: GameViewer) -> None:
    """Wait for the autoplay thread to end by itself."""
    assert v._thread is not None
    v._thread.join(timeout=HANG)
    assert not v._thread.is_alive(), "autoplay hung"


def test_autoplay_plays_one_move_per_pause_until_switched_off() -> None:
    pauses: list[float] = []

    def pause(seconds: float) -> None:  # the fifth pause switches autoplay off, as the button does
        pauses.append(seconds)
        if len(pauses) == 5:
            v.autoplay.value = False

    v = GameViewer(new_game(), pause=pause)
    v.speed.value = 4.0
    v.autoplay.value = True
    finish_autoplay(v)
    assert v.game.ply == 5 and pauses == [0.25] * 5 and not v.autoplay.value
    assert v.scrubber.max == 5 and v.autoplay.icon == "play"
    assert "Autoplay stopped at ply 5." in v.message.value  # what the browser test waits for
    v.close()


def test_autoplay_runs_on_the_event_loop_where_no_thread_can_start(monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio
    import sys

    def no_thread(self: threading.Thread) -> None:  # as in Pyodide, the browser site's Python
        raise RuntimeError("can't start new thread")

    async def play() -> GameViewer:
        v = GameViewer(new_game())
        v.speed.value = 10.0
        v.on_move.append(lambda move: setattr(v.autoplay, "value", v.game.ply < 3))
        v.autoplay.value = True
        await v._task
        return v

    # A loop of its own, in a thread started before threads are switched off (this test process may already
    # run an event loop on its main thread, as the browser tests' Playwright does).
    go, played = threading.Event(), []
    runner = threading.Thread(target=lambda: go.wait(HANG) and played.append(asyncio.run(play())), daemon=True)
    runner.start()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(threading.Thread, "start", no_thread)
    go.set()
    runner.join(HANG)
    assert played, "autoplay on the event loop did not finish"
    v = played[0]
    assert v.game.ply == 3 and not v.autoplay.value and v._thread is None
    assert "Autoplay stopped at ply 3." in v.message.value
    v.close()


def test_stop_waits_for_the_autoplay_thread() -> None:
    moved = threading.Event()

    def pause(seconds: float) -> None:  # after the first move, wait as the default pause does: until stopped
        moved.set()
        v._stop.wait(HANG)

    v = GameViewer(new_game(), pause=pause)
    v.autoplay.value = True
    assert moved.wait(HANG), "autoplay never moved"
    v.stop()
    assert v._thread is not None and not v._thread.is_alive()  # stopped: nothing can move any more
    assert v.game.ply == 1 and not v.autoplay.value
    v.close()


def test_autoplay_stops_at_the_end_of_the_game() -> None:
    finished = played(10_000)
    game = new_game()
    for move in finished.moves[:-2]:
        game.apply(move)
    v = GameViewer(game, pause=lambda seconds: None)
    v.autoplay.value = True
    finish_autoplay(v)
    assert game.is_over and not v.autoplay.value and v.autoplay.disabled
    assert f"Autoplay stopped at ply {game.ply} (the game is over)." in v.message.value
    v.close()


# --- the drawing on its own --------------------------------------------------------------------

def test_render_html_is_a_string_with_a_final_table() -> None:
    game = played(10_000)
    html = render_html(game.full_view(), game.names, game.winners())
    assert isinstance(html, str) and html._repr_html_() == html
    assert "Final scoring" in html and "bgl-winner" in html
    assert html.count("<style>") == 1 and "game over" in html


def test_render_html_marks_a_price_that_does_not_apply() -> None:
    view = new_game().view(0)
    view["upper"][0] = {**view["upper"][0], "cost_for_current": None}
    html = render_html(view)
    assert "pay —" in html
    assert html.count('class="bgl-card bgl-') == 8 + 8  # every slot drawn, empty or not


def test_the_pages_slider_catching_up_after_autoplay_and_undo_does_not_leave_live_play() -> None:
    """Autoplay and quick Undo clicks: the page's slider, told a new bound and value while it still shows a
    ply it was given a moment before, may send that ply back. That is the page catching up, not a person
    asking for the log: the viewer stays live (Undo, Redo and Bot usable), and the page is shown the live ply."""
    from boardgames_lab.widgets import BotMatch

    match = BotMatch(bgl.new_game("saint_petersburg", players=3, seed=11), seats=["human", "heuristic", "random"],
                     perspective=0)
    v, game = match.viewer, match.game
    now = [100.0]
    v._clock = lambda: now[0]

    def pause(seconds: float) -> None:
        now[0] += 0.2
        if game.ply >= 33:
            v.autoplay.value = False

    v._pause = pause
    v.autoplay.value = True
    finish_autoplay(v)
    shown = game.ply
    v.undo_button.click()  # back to the person's turn (the bots' answers are taken back too)
    v.undo_button.click()
    v.bot_button.click()  # the autoplay thread's next move, before the page has caught up
    assert game.ply != shown and v.scrubber.value == game.ply
    for stale in (shown, game.ply - 1):  # values the viewer itself showed within the last second
        v.scrubber.set_state({"value": stale})  # as the page's message arrives
        assert "read-only" not in v.status.value and v._scrub is None
        assert v.scrubber.value == game.ply and not v.bot_button.disabled and not v.undo_button.disabled
    v.scrubber.set_state({"value": 3})  # a ply the viewer has not shown lately: a person asks for the log
    assert f"viewing ply 3 of {game.ply} (read-only)" in v.status.value and v.undo_button.disabled
    v.live_button.click()
    now[0] += 2  # a second later the same ply is a person's choice, even one shown before
    v.scrubber.set_state({"value": game.ply - 1})
    assert f"viewing ply {game.ply - 1} of {game.ply} (read-only)" in v.status.value
    match.close()
