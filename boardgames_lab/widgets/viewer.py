"""``GameViewer``: play and study a game in a notebook.

The viewer is thin: every fact it shows comes from the ``Game`` API (``view``/``full_view``,
``legal_moves``, ``explain``, ``log_for``, ``at``, ``scores``), the drawing from the game's
``render`` module and the diagram from ``diagrams.phase_svg``. It holds no rule logic.
"""
from __future__ import annotations

import importlib
import json
import re
import sys
import threading
import time
from html import escape
from typing import Any, Callable, Sequence

import ipywidgets as w

from ..bots import Bot, RandomBot, bot_move
from ..core.definition import Explanation
from ..core.errors import GameError, UndoBlocked
from ..core.game import SANDBOX, Game
from .board import BoardControl
from .paths import move_label
from .phases import focus_html
from .setup import SetupPanel

TEACHER = "teacher"  # the whole table: game.full_view()
SPECTATOR = "spectator"  # public information only: game.view(None)
Perspective = int | str | None  # a seat, TEACHER, SPECTATOR (or None), or a player's name

CSS = """<style>
.bgl-viewer .bgl-status{font-size:14px}
.bgl-viewer .bgl-diagram{max-height:560px;overflow:auto;border:1px solid #ddd;border-radius:4px;background:#fff}
.bgl-viewer .bgl-phases,.bgl-viewer .bgl-phases .widget-html,.bgl-viewer .bgl-phases .widget-html-content,
.bgl-viewer .bgl-diagram{min-width:0;max-width:100%}
.bgl-viewer .bgl-diagram svg{width:100%;height:auto}
.bgl-viewer .bgl-actual .bgl-diagram svg{width:auto;max-width:none}
.bgl-viewer .bgl-log{font-family:monospace;font-size:12px;line-height:1.35;white-space:pre-wrap;max-height:480px;
 overflow:auto;background:#fafafa;border:1px solid #ddd;padding:4px}
.bgl-viewer .widget-html-content{line-height:1.35}
.bgl-viewer .bgl-msg-error{color:#b71c1c}
.bgl-viewer .bgl-msg-ok{color:#1b5e20}
</style>"""
NO_EXAMPLE = "a move in notation"
ECHO_WINDOW = 1.0  # s: a scrubber value the viewer itself showed this recently, coming back, is the page catching up
NO_DOT = ("<p><b>The phase diagram needs <code>graphviz-pure</code>, which was not found.</b> "
          "Install it with <code>pip install graphviz-pure==0.2.2</code> (the <code>lab</code> extra has it), "
          "then restart the kernel.</p>")


class GameViewer:
    """A widget for one ``Game``: board, phase diagram, legal moves, "why not?", undo/redo, bot, log scrubber.

    ``perspective`` is a seat number, ``"teacher"`` (everything) or ``"spectator"``/``None``
    (public information only); it changes only what is *shown*, never who may move.
    Display the viewer itself (it is the last value in a cell) or its ``widget``.
    Methods report rule errors in the viewer's message line instead of raising.
    ``pause(seconds)`` waits between autoplay moves (default: until stopped or the time is up);
    tests pass their own to count steps instead of waiting on the clock.
    """

    def __init__(self, game: Game, perspective: Perspective = TEACHER, bot: Bot | None = None,
                 log_entries: int = 8, pause: Callable[[float], Any] | None = None):
        self.game = game
        self.bot: Bot = bot if bot is not None else RandomBot(seed=game.seed)
        self.log_entries = log_entries
        self._lock = threading.RLock()  # autoplay runs in a thread; one change at a time
        self._scrub: int | None = None  # the ply shown read-only, or None for the live game
        self._syncing = False  # True while the viewer itself moves the scrubber
        # The plies the viewer itself put on the scrubber lately, with when: the page's slider may send one of
        # them back after the game has moved on (it clamps to a bound it has not yet been told changed), and
        # that is not a person asking for the log.
        self._slider_sent: list[tuple[float, int]] = []
        self._clock: Callable[[], float] = time.monotonic
        self._shown_moves: list[Any] = []  # the move behind each visible move button
        self._button_pool: list[w.Button] = []  # reused: a new widget per move would leak comms
        self._diagram_cache: dict[str, str] = {}  # phase name -> SVG; only the lit phase changes
        self._stop = threading.Event()
        self._pause: Callable[[float], Any] = pause if pause is not None else self._stop.wait
        self._thread: threading.Thread | None = None
        self._task: Any = None  # autoplay on the event loop, where no thread can start (the browser site)
        self._why_asked: str | None = None  # the last "why not?" question, asked again after every change
        self._renderer = _renderer_for(game)
        self.on_move: list[Callable[[Any], None]] = []  # called with each move the viewer plays
        self.on_undo: list[Callable[[Any], None]] = []  # called with each move the viewer takes back
        self._build(perspective)
        self.refresh()

    # --- public actions ------------------------------------------------------------------
    def apply(self, move: Any) -> Any | None:
        """Make a move (its notation or the move value); returns it, or None if it was refused."""
        with self._lock:
            try:
                played = self.game.parse_move(move, player=self._seat_to_act()) if isinstance(move, str) else move
                self.game.apply(played)
            except GameError as e:
                self._fail(str(e))
                return None
            self._say(f"Played: {self._move_words(self.game, played)}")
            self.refresh()
            for hook in self.on_move:
                hook(played)
            return played

    def _seat_to_act(self) -> int | None:
        """The seat typed notation is read for: the viewpoint's own seat while it may act, else the first to act."""
        seat = self.viewpoint
        return seat if isinstance(seat, int) and seat in self.game.to_act() else None

    def undo(self) -> Any | None:
        """Take back the last move (refused across revealed information in play mode)."""
        return self._history_step(self.game.undo, "Took back", self.on_undo)

    def redo(self) -> Any | None:
        return self._history_step(self.game.redo, "Replayed", [])

    def bot_step(self) -> Any | None:
        """Let the bot choose the current player's move (it sees only that player's view)."""
        with self._lock:
            if self.game.is_over:
                self._fail("The game is over: there is nothing left to play.")
                return None
            return self.apply(bot_move(self.game, self.bot))

    def why_not(self, text: str) -> Explanation | None:
        """Explain whether a move (in notation) is legal in the position shown, and show the answer.

        The answer belongs to that position: every later change (a move, undo, redo, the scrubber,
        the bot, autoplay, another perspective) asks the same question again of the new position.
        """
        with self._lock:
            self._why_asked = text
            return self._answer_why(self._shown_game())

    def _on_why_text(self, text: str) -> None:
        if text.strip():
            self.why_not(text)
        else:  # the question was wiped: so is its answer
            with self._lock:
                self._why_asked = None
                self._answer_why(self._shown_game())

    def _answer_why(self, game: Game) -> Explanation | None:
        if self._why_asked is None:
            self.why_output.value = ""
            return None
        where = f"ply {game.ply}" if self._scrub is None else f"ply {game.ply} of the log"
        asked = f"<b>{escape(self._why_asked)}</b> at {where}: "
        seat = self.viewpoint
        if seat is None:  # whether another seat's move is legal can tell what it holds
            self.why_output.value = asked + ("a spectator makes no moves and is told nothing about anyone's; "
                                             "choose a player's view (their own moves) or the teacher's (everyone's)")
            return None
        try:
            why = game.explain(self._why_asked, player=seat if isinstance(seat, int) else None)
        except GameError as e:  # not a move at all: InvalidNotation says what notation looks like
            self.why_output.value = f'{asked}<span class="bgl-msg-error">{escape(str(e))}</span>'
            return None
        self.why_output.value = asked + self._explanation_html(why)
        return why

    def set_perspective(self, perspective: Perspective) -> None:
        self.perspective.value = self._perspective_key(perspective)  # the observer redraws

    def scrub(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves, read-only (None or the current ply: back to live)."""
        self._slider_sent.clear()  # asked for here, not sent back by the page
        self.scrubber.value = self.game.ply if ply is None else ply  # the observer redraws

    def live(self) -> None:
        self.scrub(None)

    def refresh(self) -> None:
        """Redraw everything from the game (call it after changing the game outside the viewer)."""
        with self._lock:
            if self._scrub is not None and self._scrub >= self.game.ply:
                self._scrub = None  # the history shrank under the scrubbed position
            shown = self._shown_game()
            self._sync_board(shown)
            self.status.value = self._status(shown)
            self.phase_focus.value = focus_html(shown)
            self.diagram.value = self._diagram(shown)
            self.log_html.value = self._log(shown)
            self._sync_moves(shown)
            self._sync_controls()
            self._sync_why(shown)
            if self.setup is not None:  # the set-up edits, and its share string holds, the whole position
                self.setup.widget.layout.display = "" if self.viewpoint == TEACHER else "none"

    def replace_game(self, game: Game) -> None:
        """Show another game in this viewer (an edited or pasted position): its history starts there."""
        self.stop()  # before the lock: the autoplay thread takes it for each move
        with self._lock:
            self.game = game
            self._scrub = None
            self._why_asked = None
            self._diagram_cache.clear()
            self._renderer = _renderer_for(game)
            key = self.perspective.value
            options = self._perspective_options()
            if list(self.perspective.options) != options:
                self.perspective.options = options
                self.perspective.value = key if key in dict(options).values() else TEACHER
            self.refresh()
            if self.setup is not None:
                self.setup.sync()

    def stop(self) -> None:
        """Stop autoplay and wait for its thread to finish."""
        self.autoplay.value = False
        self._stop.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5)

    def close(self) -> None:
        """Stop autoplay and close every widget of the viewer."""
        self.stop()
        for button in self._button_pool:
            button.close()
        _close_tree(self.widget)

    # --- display -----------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"GameViewer({self.game!r})"

    # --- building the widgets ------------------------------------------------------------
    def _build(self, perspective: Perspective) -> None:
        self.status = w.HTML()
        self.board = BoardControl(play=self.apply, guard=self._guarded,  # set-up on the table: sandbox only
                                  edit=self.replace_game if self.game.mode == SANDBOX else None)
        self.board_html = self.board.widget  # its ``value`` is the render HTML, as before
        self.phase_focus = w.HTML()  # the current phase, where it leads and on which guards: readable at any width
        self.diagram = w.HTML()
        self.diagram_zoom = w.ToggleButtons(options=["fit", "actual size"], value="fit",
                                            tooltips=["As wide as the column, never too small to read: "
                                                      "scroll for the rest", "Full size: scroll to pan"],
                                            style={"button_width": "90px"})
        self.diagram_zoom.observe(lambda change: self._zoom_diagram(change["new"]), names="value")
        self.log_html = w.HTML()
        self.message = w.HTML()
        self.errors = w.Output()  # unexpected errors in callbacks land here, visibly
        self.moves_label = w.HTML()
        self.moves_box = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.moves_box.add_class("bgl-moves")
        self.move_buttons: list[w.Button] = []
        self._build_controls(perspective)
        self._build_history()
        self._build_why()
        # Teacher set-up: sandbox mode only (play mode's undo policy would not survive an edited position).
        self.setup = SetupPanel(lambda: self.game, self.replace_game, self._guarded) \
            if self.game.mode == SANDBOX else None
        self.widget = self._layout()

    def _build_controls(self, perspective: Perspective) -> None:
        # The widget is `perspective`; the value it stands for is `viewpoint`.
        self.perspective = w.Dropdown(options=self._perspective_options(), description="View:",
                                      value=self._perspective_key(perspective), layout=w.Layout(width="220px"))
        self.undo_button = self._button("Undo", "Take back the last move", self.undo, icon="undo")
        self.redo_button = self._button("Redo", "Replay the move taken back", self.redo, icon="repeat")
        self.bot_button = self._button("Bot move", "A random bot plays the current player's move",
                                       self.bot_step, icon="cog")
        self.undo_note = w.HTML()  # why Undo is off, in the words of Game.undo's refusal
        self.autoplay = w.ToggleButton(description="Autoplay", tooltip="Bots play until you stop them",
                                       icon="play")
        self.speed = w.FloatSlider(value=2.0, min=0.5, max=20.0, step=0.5, description="moves/s",
                                   layout=w.Layout(width="260px"))
        self.perspective.observe(self._guarded(lambda _: self._on_perspective()), names="value")
        self.autoplay.observe(self._on_autoplay, names="value")  # trivial, and also fired from the thread

    def _build_history(self) -> None:
        self.scrubber = w.IntSlider(value=0, min=0, max=0, description="Log ply:", continuous_update=False,
                                    layout=w.Layout(width="420px"))
        self.live_button = self._button("Back to live", "Leave the log and show the game as it is now",
                                        self.live, icon="fast-forward")
        self.scrubber.observe(self._guarded(self._on_scrub), names="value")

    def _build_why(self) -> None:
        # continuous_update=False: the value arrives on Enter (or leaving the box), not at every keystroke
        self.why_text = w.Text(placeholder=NO_EXAMPLE, continuous_update=False,
                               layout=w.Layout(width="300px"))
        self.why_button = self._button("Why not?", "Is this move legal here? If not, which rule forbids it?",
                                       lambda: self.why_not(self.why_text.value), icon="question")
        self.why_text.observe(self._guarded(lambda change: self._on_why_text(change["new"])), names="value")
        self.why_output = w.HTML()

    def _layout(self) -> w.VBox:
        controls = w.HBox([self.perspective, self.undo_button, self.redo_button, self.bot_button,
                           self.autoplay, self.speed], layout=w.Layout(flex_flow="row wrap"))
        controls = w.VBox([controls, self.undo_note])
        history = w.VBox([w.HBox([self.scrubber, self.live_button]), self.log_html],
                         layout=w.Layout(flex="1 1 420px"))
        # The diagram sits beside the log, and moves under it when the notebook is too narrow.
        phases = w.VBox([w.HTML("<b>Phase now</b>"), self.phase_focus,
                         w.HBox([w.HTML("<b>Whole diagram</b>&nbsp;"), self.diagram_zoom]), self.diagram],
                        layout=w.Layout(flex="1 1 360px", min_width="0", margin="0 12px 0 0"))  # alone: the row
        phases.add_class("bgl-phases")  # its diagram scrolls inside it, never widening it
        lower = w.HBox([phases, history], layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        setup = [self.setup.widget] if self.setup is not None else []
        box = w.VBox([w.HTML(CSS), self.status, controls, *setup, self.board_html, self.moves_label, self.moves_box,
                      w.HBox([self.why_text, self.why_button]), self.why_output, self.message, lower, self.errors])
        box.add_class("bgl-viewer")
        return box

    def _zoom_diagram(self, zoom: str) -> None:
        if zoom == "fit":
            self.diagram.remove_class("bgl-actual")
        else:
            self.diagram.add_class("bgl-actual")

    def _button(self, label: str, tip: str, action: Callable[[], Any], icon: str = "") -> w.Button:
        button = w.Button(description=label, tooltip=tip, icon=icon)
        button.on_click(self._guarded(lambda _: action()))
        return button

    def _guarded(self, handler: Callable[[Any], Any]) -> Callable[[Any], None]:
        """Run a callback inside the Output capture, so a bug shows a traceback instead of vanishing."""
        def run(arg: Any) -> None:
            if threading.current_thread() is not threading.main_thread():
                handler(arg)  # the capture follows the kernel's current request: only safe on its thread
                return
            with self.errors:
                handler(arg)
        return run

    # --- perspective ---------------------------------------------------------------------
    def _perspective_options(self) -> list[tuple[str, str]]:
        seats = [(name, str(seat)) for seat, name in enumerate(self.game.names)]
        return [*seats, ("Spectator", SPECTATOR), ("Teacher", TEACHER)]

    def _perspective_key(self, perspective: Perspective) -> str:
        if perspective is None or perspective == SPECTATOR:
            return SPECTATOR
        if perspective == TEACHER:
            return TEACHER
        if isinstance(perspective, str) and perspective in self.game.names:
            return str(self.game.names.index(perspective))
        if isinstance(perspective, int) and 0 <= perspective < self.game.num_players:
            return str(perspective)
        raise ValueError(f"perspective must be a seat 0..{self.game.num_players - 1}, a player's name, "
                         f"{TEACHER!r} or {SPECTATOR!r}/None, not {perspective!r}")

    def _on_perspective(self) -> None:
        self.message.value = ""  # it was worded for the perspective before
        self.refresh()

    @property
    def viewpoint(self) -> int | str | None:
        """The perspective shown: a seat number, ``"teacher"``, or None for a spectator."""
        key = self.perspective.value
        return TEACHER if key == TEACHER else None if key == SPECTATOR else int(key)

    # --- what is shown -------------------------------------------------------------------
    def _shown_game(self) -> Game:
        return self.game if self._scrub is None else self.game.at(self._scrub)

    def _view(self, game: Game) -> dict[str, Any]:
        seat = self.viewpoint
        return game.full_view() if seat == TEACHER else game.view(seat if isinstance(seat, int) else None)

    def _board(self, game: Game) -> str:
        return self._renderer(self._view(game), game.names, game.winners())

    def _sync_board(self, game: Game) -> None:
        """The table with the targets of the seats this perspective plays: its own seat, or (the teacher)
        every seat to act; a spectator and the log only look."""
        seat, live = self.viewpoint, self._scrub is None and not game.is_over
        seats = (seat,) if isinstance(seat, int) else tuple(s for s in game.to_act() if s >= 0) \
            if seat == TEACHER else ()
        if not live:
            note = "The game is over." if game.is_over else "Viewing the log: the table is read-only."
        elif not seats:
            note = ("Chance draws next: use the move list below." if seat == TEACHER else
                    "Spectator view: the table is read-only (choose a player's view to play on it).")
        elif not any(s in game.to_act() for s in seats):
            note = f"Not your turn: {_acting(game)} to act. Hover or Tab to a target to ask why not."
        else:
            note = "Click a marked target to play (keyboard: Tab to it, Enter)."
        # Set-up on the table: the teacher's view of the live game only (another view would be sent what it
        # may not see; an edit of the log would drop the history after it).
        self.board.show(game, self._board(game), seats, live, note, setup=seat == TEACHER and self._scrub is None)

    def _status(self, game: Game) -> str:
        label = game.definition.flow.phase(game.phase).label
        scores = ", ".join(f"{name} {score}" for name, score in zip(game.names, game.scores()))
        if game.is_over:
            turn = "game over, won by " + " and ".join(game.names[p] for p in game.winners())
        else:
            turn = f"{_acting(game)} to move"
        where = (f" · <b>viewing ply {self._scrub} of {self.game.ply} (read-only)</b>"
                 if self._scrub is not None else f" · ply {game.ply}")
        return (f'<div class="bgl-status"><b>{escape(label)}</b> · {escape(turn)} · '
                f'scores: {escape(scores)}{where}</div>')

    def _log(self, game: Game) -> str:
        seat = self.viewpoint
        entries = game.log if seat == TEACHER else game.log_for(seat if isinstance(seat, int) else None)
        lines = []
        for entry in entries[-self.log_entries:]:
            lines.append(f"[{entry['ply']:>3}] {entry['text']}")
            lines.extend(f"        {change['text']}" for change in entry["changes"])
        return f'<b>Log</b> (last {self.log_entries} entries)<div class="bgl-log">{escape(chr(10).join(lines))}</div>'

    def _diagram(self, game: Game) -> str:
        svg = self._diagram_cache.get(game.phase)
        if svg is None:
            svg = self._diagram_cache[game.phase] = _phase_svg_or_message(game)
        return f'<div class="bgl-diagram">{svg}</div>'

    def _explanation_html(self, why: Explanation) -> str:
        rulebook = self.game.definition.rulebook
        rule = f" — {escape(rulebook[why.rule].text)}" if why.rule in rulebook else ""
        verdict = '<span class="bgl-msg-ok">legal</span>' if why.legal else '<span class="bgl-msg-error">illegal</span>'
        return f"{verdict}: {escape(why.reason)}<br>rule <code>{escape(why.rule)}</code>{rule}"

    # --- keeping the controls in step -----------------------------------------------------------
    def _sync_moves(self, game: Game) -> None:
        live = self._scrub is None
        moves = self._moves_shown(game)
        played = None if self._scrub is None else self.game.moves[self._scrub]  # the move made next
        while len(self._button_pool) < len(moves):
            self._button_pool.append(self._move_button(len(self._button_pool)))
        several = len(game.to_act()) > 1  # a reaction window: say whose answer each button is
        for button, move in zip(self._button_pool, moves):
            words, name = move_label(game, move), game.names[move.player]
            button.description = f"{name}: {words}" if several and not words.startswith(name) else words
            button.tooltip = game.describe(move)  # the whole sentence on hover
            button.disabled = not live
            button.button_style = "info" if move == played else ""
        self._shown_moves = moves
        self.move_buttons = self._button_pool[:len(moves)]
        self.moves_box.children = tuple(self.move_buttons)
        self.moves_label.value = self._moves_label(game, len(moves), live)

    def _moves_shown(self, game: Game) -> list[Any]:
        """Every legal move for the teacher; for a player only their own, and none for a spectator: another
        seat's moves tell what it holds (the characters passed to it, its hand, its money), and the draws
        at a chance node tell what is left in a deck."""
        seat = self.viewpoint
        if seat == TEACHER:
            return list(game.legal_moves())
        return list(game.definition.seat_moves(game.state, seat)) if seat in game.to_act() and seat is not None \
            else []

    def _moves_label(self, game: Game, count: int, live: bool) -> str:
        if game.is_over:
            return "<b>No legal moves: the game is over.</b>"
        seat = self.viewpoint
        if isinstance(seat, int) and seat not in game.to_act():
            return (f"<b>No moves for {escape(game.names[seat])} now</b>: {escape(_choosing(game))} "
                    "(their view or the teacher's shows their moves).")
        if seat is None:
            return (f"<b>{escape(_choosing(game))}</b> (a spectator sees no one's choices: a player's view shows "
                    "their own moves, the teacher's everyone's).")
        who = escape(_acting(game) if not isinstance(seat, int) else game.names[seat])
        if live:
            return f"<b>Legal moves for {who}</b> ({count}); click one to play it:"
        return f"<b>Legal moves for {who} at this ply</b> (read-only; the move played next is highlighted):"

    def _move_button(self, index: int) -> w.Button:
        button = w.Button(layout=w.Layout(width="auto"))
        button.on_click(self._guarded(lambda _: self.apply(self._shown_moves[index])))
        return button

    def _sync_controls(self) -> None:
        live, game = self._scrub is None, self.game
        self.undo_button.disabled = not (live and game.can_undo())
        self._sync_undo_note(live)
        self.redo_button.disabled = not (live and game.can_redo())
        self.bot_button.disabled = not live or game.is_over
        self.autoplay.disabled = game.is_over and not self.autoplay.value
        self.live_button.disabled = live
        self._syncing = True
        value = game.ply if live or self._scrub is None else self._scrub
        try:  # one message to the page: a bound and a value that arrive apart make its slider clamp one of them
            with self.scrubber.hold_sync(), self.scrubber.hold_trait_notifications():
                self.scrubber.max = max(game.ply, 1)  # a slider over 0..0 cannot be drawn
                self.scrubber.value = value
        finally:
            self._syncing = False
        now = self._clock()
        self._slider_sent = [(t, v) for t, v in self._slider_sent if now - t < ECHO_WINDOW] + [(now, value)]
        self.scrubber.disabled = game.ply == 0

    def _sync_undo_note(self, live: bool) -> None:
        """Say why Undo is off: read-only log, or the play-mode policy as ``Game.undo`` words it."""
        reason = ""
        if not live:
            reason = "you are viewing the log (read-only); go back to live to undo"
        elif self.game.ply > 0 and not self.game.can_undo():
            try:
                self.game.clone().undo()  # refused before it changes anything; the clone keeps that certain
            except UndoBlocked as e:
                reason = self._undo_words(str(e))
        self.undo_button.tooltip = f"Undo is off: {reason}" if reason else "Take back the last move"
        self.undo_note.value = f'<span class="bgl-undo-note">Undo is off: {escape(reason)}</span>' if reason else ""

    def _sync_why(self, game: Game) -> None:
        self.why_text.placeholder = _example_moves(self._moves_shown(game)) or NO_EXAMPLE
        self._answer_why(game)

    def _on_scrub(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        with self._lock:
            if self._stale_slider(change["new"]):
                self._sync_controls()  # the page is shown where the game is
                return
            ply = min(change["new"], self.game.ply)
            self._scrub = None if ply == self.game.ply else ply
            self.refresh()

    def _stale_slider(self, value: int) -> bool:
        """Is this scrubber value the page's slider sending back a ply the viewer showed a moment ago, since
        superseded (autoplay or undo moved the game on while the page was catching up)?"""
        now = self._clock()
        recent = [v for t, v in self._slider_sent[:-1] if now - t < ECHO_WINDOW]
        return self._scrub is None and value != self.game.ply and value in recent

    # --- moves in the perspective's words ----------------------------------------------------
    def _last_move_shown(self, game: Game) -> bool:
        """May this perspective read the last move as it was made (its log holds it with its notation)?"""
        seat = self.viewpoint
        if seat == TEACHER or not game.ply:
            return seat == TEACHER
        entry = game.log[-1]
        return entry["visible_to"] is None or seat in entry["visible_to"]

    def _move_words(self, game: Game, move: Any, shown: bool | None = None, made: bool = True) -> str:
        """The last move as this perspective may read it: in the game's words, said in the position it was made
        from (``made``: the game stands after it), or only whose move it was."""
        if shown is None:
            shown = self._last_move_shown(game)
        if shown:
            return (game.at(game.ply - 1) if made else game).describe(move)
        seat = getattr(move, "player", None)
        return f"a move of {game.names[seat]}." if isinstance(seat, int) and 0 <= seat < game.num_players \
            else "a move."

    def _undo_words(self, reason: str) -> str:
        """Play mode's refusal to undo, followed by the move it would take back in words where this perspective
        may read that move ("... only allowed in sandbox mode. The last move: Dmitri keeps the King ...")."""
        game = self.game
        if game.ply and reason.startswith("the last move") and self._last_move_shown(game):
            return f"{reason}. The last move: {game.at(game.ply - 1).describe(game.moves[-1])}"
        return reason

    # --- undo / redo ---------------------------------------------------------------------
    def _history_step(self, step: Callable[[], Any], verb: str,
                      hooks: list[Callable[[Any], None]]) -> Any | None:
        with self._lock:
            # Undo takes the move's log entry away: whether it may be read is asked before; redo asks after.
            before = self._last_move_shown(self.game) if step == self.game.undo else None
            try:
                move = step()
            except GameError as e:  # UndoBlocked: the play-mode policy says no
                self._fail(self._undo_words(str(e)))
                return None
            self._say(f"{verb}: {self._move_words(self.game, move, before, made=step != self.game.undo)}")
            self.refresh()
            for hook in hooks:
                hook(move)
            return move

    # --- autoplay ------------------------------------------------------------------------
    def _on_autoplay(self, change: dict[str, Any]) -> None:
        self.autoplay.icon = "pause" if change["new"] else "play"
        if not change["new"]:
            self._stop.set()
            return
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()
        if sys.platform == "emscripten":  # Pyodide (the browser site) starts no threads: its event loop plays
            import asyncio
            self._task = asyncio.ensure_future(self._autoplay_in_loop())
            return
        # A thread, not the kernel's event loop: it also runs where no loop exists (plain Python, tests).
        self._thread = threading.Thread(target=self._autoplay_loop, name="bgl-autoplay", daemon=True)
        self._thread.start()

    def _autoplay_loop(self) -> None:
        failed = False
        try:
            while self._autoplay_goes_on():
                if self.bot_step() is None:
                    failed = True  # bot_step said why in the message line
                    break
                self._pause(self._autoplay_delay())
        except Exception as e:  # no Output capture in a thread: say it in the message line
            failed = True
            self._fail(f"Autoplay stopped: {type(e).__name__}: {e}")
        finally:
            self._autoplay_stopped(failed)

    async def _autoplay_in_loop(self) -> None:
        """Autoplay on the event loop, a move per turn of the loop, for where no thread can start."""
        import asyncio
        failed = False
        try:
            while self._autoplay_goes_on():
                if self.bot_step() is None:
                    failed = True
                    break
                await asyncio.sleep(self._autoplay_delay())
        except Exception as e:
            failed = True
            self._fail(f"Autoplay stopped: {type(e).__name__}: {e}")
        finally:
            self._autoplay_stopped(failed)

    def _autoplay_goes_on(self) -> bool:
        return not self._stop.is_set() and not self.game.is_over

    def _autoplay_delay(self) -> float:
        return 1.0 / max(self.speed.value, 0.1)

    def _autoplay_stopped(self, failed: bool) -> None:
        with self._lock:
            self.autoplay.value = False
            self._sync_controls()
            if not failed:  # the last word of autoplay: no autoplay move can follow it
                over = " (the game is over)" if self.game.is_over else ""
                self._say(f"Autoplay stopped at ply {self.game.ply}{over}.")

    # --- messages ------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.message.value = f'<span class="bgl-msg-ok">{escape(text)}</span>'

    def _fail(self, text: str) -> None:
        self.message.value = f'<span class="bgl-msg-error">{escape(text)}</span>'


def _acting(game: Game) -> str:
    """Who may act now, by name (several while a reaction window is open; Chance at a draw)."""
    return " or ".join(game.names[s] if 0 <= s < game.num_players else "Chance" for s in game.to_act())


def _choosing(game: Game) -> str:
    """Who is choosing what, in public words: the phase, never the choices ("Player 2 to act: Character draft")."""
    return f"{_acting(game)} to act: {game.definition.flow.phase(game.phase).label}"


def _example_moves(moves: Sequence[Any]) -> str:
    """A hint for the "why not?" box from the legal moves the perspective is shown: two of different kinds,
    moves with an argument (``buy …``) before bare words (``pass``)."""
    kinds: dict[str, str] = {}
    for move in moves:
        text = str(move)
        kinds.setdefault(text.split(" ", 1)[0], text)
    examples = sorted(kinds.values(), key=lambda text: " " not in text)[:2]  # stable: legal-move order kept
    return f"a move, e.g. {' or '.join(examples)}" if examples else ""


def _renderer_for(game: Game) -> Callable[[dict[str, Any], Sequence[str], Sequence[int]], str]:
    """The game's own ``render.render_html`` if it has one, else its view data as JSON in a <pre>."""
    name = f"boardgames_lab.rulesets.{game.name}.render"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:  # the drawing exists but something it imports is missing: say so
            raise
        return lambda view, names, winners: f"<pre>{escape(json.dumps(view, indent=1))}</pre>"
    return module.render_html


def _phase_svg_or_message(game: Game) -> str:
    """The phase diagram as inline SVG, or a clear message when Graphviz is missing."""
    try:
        import graphviz
    except ImportError:
        return "<p>The phase diagram needs the <code>graphviz</code> Python package (the <code>lab</code> extra).</p>"
    from ..diagrams import phase_svg

    try:
        svg = phase_svg(game)
    except graphviz.ExecutableNotFound:
        return NO_DOT
    svg = svg[svg.find("<svg"):]  # inline HTML wants no XML prologue or doctype
    # "fit" shrinks the diagram to the column only until its smallest labels (9 pt) are 11 px; then it scrolls.
    width = re.match(r'<svg width="([\d.]+)pt"', svg)
    return svg.replace("<svg ", f'<svg style="min-width:{float(width[1]) * 11 / 9:.0f}px" ', 1) if width else svg


def _close_tree(widget: w.Widget) -> None:
    for child in getattr(widget, "children", ()):
        _close_tree(child)
    widget.close()
