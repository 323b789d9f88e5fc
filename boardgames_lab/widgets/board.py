"""The clickable board inside the ``GameViewer``: an anywidget that draws the table and reports clicks.

``BoardWidget`` (one ES module, ``board.js``, and its ``board.css``, shipped in the package) shows the game's
render HTML with its click targets marked, a "building this move" strip with Cancel, "why not?" beside a
target that cannot be used now and a preview on one that can. ``BoardControl`` is its Python side: the
``TargetMap`` of the seats the viewer lets play, the clicks made so far, and the words on each target, all
from the engine (``legal_moves`` through the map, ``explain`` for previews and refusals).
"""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Callable, Sequence

import anywidget
import traitlets

from ..core.definition import Explanation
from ..core.game import Game
from .targets import Made, NotOffered, Prefix, TargetMap

HERE = Path(__file__).resolve().parent


class BoardWidget(anywidget.AnyWidget):
    """The table as the page shows it; ``value`` is the render HTML (the same string as ``render_html``)."""

    _esm = HERE / "board.js"
    _css = HERE / "board.css"
    value = traitlets.Unicode("").tag(sync=True)
    targets = traitlets.Dict().tag(sync=True)  # usable now: id -> {"label", "preview"}
    building = traitlets.List().tag(sync=True)  # the clicks so far, in words
    answer = traitlets.Dict().tag(sync=True)  # the last "why not?": {"target", "html"}
    live = traitlets.Bool(False).tag(sync=True)  # False: a read-only table (the log, a spectator)
    note = traitlets.Unicode("").tag(sync=True)  # what the strip says while no move is being built


class BoardControl:
    """The board's Python side. ``play(move)`` is called with each move the clicks complete."""

    def __init__(self, play: Callable[[Any], Any],
                 guard: Callable[[Callable[[Any], Any]], Callable[[Any], None]] = lambda handler: handler):
        self.widget = BoardWidget()
        self._play = play
        self.map: TargetMap | None = None
        self.prefix: Prefix = ()
        self._seats: tuple[int, ...] = ()
        self._rulebook: Any = None
        self._seq = 0
        handle = guard(self._on_msg)  # the viewer's guard: a bug in a callback shows its traceback
        self.widget.on_msg(lambda _widget, content, _buffers: handle(content))

    # --- what the viewer tells it ------------------------------------------------------------------
    def show(self, game: Game, html: str, seats: Sequence[int], live: bool, note: str) -> None:
        """A new position (or perspective): the table, the targets of ``seats``, nothing half-built."""
        self._seats = tuple(seats)
        self._rulebook = game.definition.rulebook
        self.map = TargetMap(game, seats) if live else None
        self.prefix = ()
        with self.widget.hold_sync():
            self.widget.answer = {}  # an answer belongs to the position it was given in
            self.widget.value = html
            self.widget.live = live and bool(seats)
            self.widget.note = note
            self._sync()

    # --- what a person does on the table ---------------------------------------------------------
    def click(self, target: str) -> Any | None:
        """Click a target: builds the move, makes it when it is complete (returned), or says why not."""
        if self.map is None:
            self.why(target, self._seq)
            return None
        try:
            result = self.map.click(self.prefix, target)
        except NotOffered:
            self.why(target, self._seq)
            return None
        if isinstance(result, Made):
            self.prefix = ()
            self._sync()
            return self._play(result.move)
        self.prefix = result.prefix
        self.widget.answer = {}
        self._sync()
        return None

    def cancel(self) -> None:
        """Drop the move being built."""
        self.prefix = ()
        self.widget.answer = {}
        self._sync()

    def why(self, target: str, seq: int = 0) -> Explanation | None:
        """Why this target cannot be used now: the engine's refusal of the nearest move naming it.
        ``seq`` numbers the page's question: the answer carries it back, so asking twice is answered twice."""
        self._seq = seq
        if self.map is None or not self._seats:
            self._answer(target, "The table is read-only here: choose a player's view (or the teacher's) and the "
                                 "live game to play on it.")
            return None
        found = self.map.why_not(self.prefix, target, self._seats)
        if found is None:
            after = " after the clicks so far" if self.prefix else ""
            self._answer(target, f"No move of {escape(self._who())} uses this{after} in this position.")
            return None
        move, why = found
        rule = self._rulebook[why.rule].text if why.rule in self._rulebook else ""
        remedy = f"<br><b>What would make it legal:</b> {escape(why.remedy)}" \
            if why.remedy and why.remedy not in why.reason else ""
        self._answer(target, f"<b>Why not <code>{escape(str(move))}</code>?</b> {escape(why.reason)}"
                             f"<br>rule <code>{escape(why.rule)}</code>{' — ' + escape(rule) if rule else ''}{remedy}")
        return why

    # --- keeping the page in step ----------------------------------------------------------------------
    def _who(self) -> str:
        game = self.map.game if self.map is not None else None
        return " or ".join(game.names[s] for s in self._seats) if game is not None else "anyone"

    def _answer(self, target: str, html: str) -> None:
        self.widget.answer = {"target": target, "html": html, "seq": self._seq}

    def _sync(self) -> None:
        tm = self.map
        if tm is None:
            self.widget.targets, self.widget.building = {}, []
            return
        self.widget.targets = {t.id: {"label": t.label, "preview": tm.preview(self.prefix, t.id)}
                               for t in tm.options(self.prefix)}
        self.widget.building = tm.labels(self.prefix)

    def _on_msg(self, content: dict[str, Any]) -> None:
        event, target = content.get("event"), str(content.get("target", ""))
        seq = content.get("seq", 0)
        self._seq = seq if isinstance(seq, int) else 0
        if event == "click":
            self.click(target)
        elif event == "why":
            self.why(target, self._seq)
        elif event == "cancel":
            self.cancel()
