"""``LessonWidget``: a lesson taken on the board, in JupyterLab, Voila and the browser site.

The widget is a face of ``LessonRun`` and holds no teaching of its own: the step, the goal, the feedback, the hint
and the narration's sentences all come from the run, the table from the game's ``render`` module (the clickable
board of ``board.py``, whose completed clicks go to ``LessonRun.attempt`` instead of being played) and the phase
diagram from ``diagrams.phase_svg``, lit at the phase the narration stands in::

    import boardgames_lab as bgl
    from boardgames_lab.widgets import LessonWidget

    LessonWidget(bgl.lessons(bgl.games()[0]["name"])[0])  # a registered game's first lesson
"""
from __future__ import annotations

import threading
from html import escape
from typing import Any, Callable, Iterable

import ipywidgets as w

from ..core.errors import GameError
from ..core.game import Game
from ..lessons import Feedback, Lesson, LessonRun, Narration, Task
from .board import BoardControl
from .phases import focus_html
from .viewer import _phase_svg_or_message, _renderer_for

CSS = """<style>
.bgl-lesson{font-family:Helvetica,Arial,sans-serif;font-size:14px;line-height:1.4;max-width:1200px}
.bgl-lesson .widget-html-content{line-height:1.4}
.bgl-lesson .bgl-lesson-hint{background:#f3e5f5;border:1px solid #CC79A7;padding:5px 10px;border-radius:3px;
 margin:4px 0}
.bgl-lesson .bgl-lesson-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 14px}
.bgl-lesson .bgl-lesson-title{font-size:17px;font-weight:bold}
.bgl-lesson .bgl-lesson-count{font-size:14px;color:#37474f}
.bgl-lesson .bgl-lesson-step{border-left:5px solid #0072B2;background:#eef6fb;padding:6px 10px;border-radius:3px;
 margin:2px 0 6px 0}
.bgl-lesson .bgl-lesson-step.bgl-narration{border-left-color:#E69F00;background:#fff8e1}
.bgl-lesson .bgl-lesson-kind{font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#455a64}
.bgl-lesson .bgl-lesson-goal{font-size:15px}
.bgl-lesson .bgl-lesson-fb{padding:6px 10px;border-radius:3px;margin:4px 0;font-size:14px}
.bgl-lesson .bgl-fb-solved{background:#e0f5ee;border:1px solid #009E73;color:#00392a}
.bgl-lesson .bgl-fb-wrong{background:#fff4e5;border:1px solid #D55E00;color:#4a2000}
.bgl-lesson .bgl-fb-refused,.bgl-lesson .bgl-fb-unreadable{background:#fdecea;border:1px solid #b71c1c;color:#4a0c0c}
.bgl-lesson .bgl-fb-head{font-weight:bold;margin-right:4px}
.bgl-lesson .bgl-lesson-changes{margin:3px 0 0 0;padding-left:18px;font-size:13px;color:#37474f}
.bgl-lesson .bgl-told{margin:0;padding-left:20px}
.bgl-lesson .bgl-told li{margin:2px 0;color:#546e7a}
.bgl-lesson .bgl-told li.bgl-told-last{color:#000}
.bgl-lesson .bgl-told .bgl-note{display:block;color:#004d80;font-style:italic}
.bgl-lesson .bgl-told .bgl-went{display:block;font-size:12px;color:#8a5a00}
.bgl-lesson .bgl-lesson-diagram{max-height:520px;overflow:auto;border:1px solid #ddd;border-radius:4px;background:#fff}
.bgl-lesson .bgl-lesson-diagram svg{width:100%;height:auto}
.bgl-lesson .bgl-lesson-done{font-weight:bold;color:#00523c}
.bgl-lesson .bgl-lesson-seen{font-size:12px;color:#455a64;margin:4px 0 2px 0}
.bgl-lesson .bgl-msg-error{color:#b71c1c}
</style>"""
HEADS = {"solved": "Solved.", "wrong": "Not quite."}  # a refusal's own words begin "Not allowed:" or "That is not"
READ_ONLY = "This step plays by itself: Next makes its next move. The table only shows."


class LessonBoard(BoardControl):
    """The clickable board with a lesson's words where the table takes no move (a narration, a solved task)."""

    def why(self, target: str, seq: int = 0) -> Any:
        if self.map is None or not self._seats:
            self._seq = seq
            self._answer(target, escape(self.widget.note or READ_ONLY))
            return None
        return super().why(target, seq)


class LessonWidget:
    """One student taking ``lesson`` (a ``Lesson``, or a ``LessonRun`` already under way) on the board.

    A task's table is seen by its seat, and its marked targets build moves that go to ``LessonRun.attempt``: a
    solving move stays, a wrong or refused one is answered in words and the table stays as it was. A move may also
    be typed. A narration's table is seen by its seat (a spectator's eyes by default) and each Next plays one move
    and tells it, with the phase diagram lit at the phase the game is in. Display the widget itself (the last value
    in a cell), its ``widget``, or call ``show()``."""

    def __init__(self, lesson: Lesson | LessonRun, names: Iterable[str] | None = None):
        self.run = lesson if isinstance(lesson, LessonRun) else LessonRun(lesson, names)
        self._diagrams: dict[tuple[str, str], str] = {}  # (game, phase) -> lit SVG
        self._renderers: dict[str, Callable[..., str]] = {}
        self._build()
        self.refresh()

    # --- what a student does --------------------------------------------------------------------------------
    def attempt(self, move: Any) -> Feedback | None:
        """Try a move (a move value, or its notation) on the task: the feedback shown, or None where the step
        takes no move now (a narration, a task solved: the words say so)."""
        run = self.run
        if not isinstance(run.step, Task) or run.feedback is not None and run.feedback.solved:
            self._say_error("This step takes no move now: Next goes on." if run.can_next else
                            "This step takes no move now.")
            return None
        try:
            feedback = run.attempt(move)
        except GameError as err:  # LessonError: the run says what it cannot do
            self._say_error(str(err))
            return None
        self.typed.value = ""
        self.refresh()
        return feedback

    def hint(self) -> str | None:
        if not isinstance(self.run.step, Task):
            return None
        text = self.run.hint()
        self.refresh()
        return text

    def retry(self) -> None:
        """The step again from its start."""
        self.run.retry()
        self.refresh()

    def next(self) -> None:
        """A narration's next move, or the next step once this one is done; nothing while neither may be."""
        if not self.run.can_next:
            self._say_error("Solve the task first (Hint helps)." if not self.run.done else "The lesson is finished.")
            return
        self.run.next()
        self.refresh()

    def back(self) -> None:
        """The step before, from its start."""
        if self.run.number > 1:
            self.run.goto(self.run.number - 1)
            self.refresh()

    def goto(self, number: int) -> None:
        """Step ``number`` (from 1), from its start."""
        self.run.goto(number)
        self.refresh()

    def show(self) -> None:
        """Display the widget in the notebook (or Voila page) now."""
        from IPython.display import display
        display(self.widget)

    # --- display ---------------------------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"LessonWidget({self.run.lesson.id!r}, step {self.run.number} of {len(self.run.lesson.steps)})"

    def close(self) -> None:
        _close_tree(self.widget)

    # --- building ----------------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.head = w.HTML()
        self.progress = w.IntProgress(min=0, max=len(self.run.lesson.steps), layout=w.Layout(width="100%"),
                                      description="", bar_style="success")
        self.step_html = w.HTML()
        self.feedback_html = w.HTML()
        self.hint_html = w.HTML()
        self.told_html = w.HTML()
        self.message = w.HTML()
        self.errors = w.Output()  # a bug in a callback shows its traceback here instead of vanishing
        self.back_button = self._button("Back", "The step before, from its start", self.back, "arrow-left")
        self.hint_button = self._button("Hint", "A hint for this task", self.hint, "lightbulb-o")
        self.retry_button = self._button("Retry", "This step again from its start", self.retry, "undo")
        self.next_button = self._button("Next", "Go on", self.next, "arrow-right")
        self.next_button.button_style = "primary"
        self.typed = w.Text(placeholder="or type a move, e.g. pass", continuous_update=False,
                            layout=w.Layout(width="260px"))
        self.try_button = self._button("Try", "Try the move typed", lambda: self._try_typed(), "check")
        self.typed.observe(self._guarded(lambda _change: self._try_typed()), names="value")  # Enter in the box
        self.board = LessonBoard(play=self.attempt, guard=self._guarded)
        self.seen = w.HTML()
        self.phase_focus = w.HTML()
        self.diagram = w.HTML()
        self.phases = w.VBox([w.HTML("<b>Phase now</b>"), self.phase_focus, w.HTML("<b>The phases of a round</b>"),
                              self.diagram], layout=w.Layout(width="380px", margin="0 0 0 12px"))
        self.typing = w.HBox([self.typed, self.try_button])
        buttons = w.HBox([self.back_button, self.hint_button, self.retry_button, self.next_button, self.typing],
                         layout=w.Layout(flex_flow="row wrap", align_items="center"))
        words = w.VBox([self.step_html, self.feedback_html, self.hint_html, self.told_html, self.message, buttons],
                       layout=w.Layout(flex="1 1 420px"))
        upper = w.HBox([words, self.phases], layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.widget = w.VBox([w.HTML(CSS), self.head, self.progress, upper, self.seen, self.board.widget,
                              self.errors])
        self.widget.add_class("bgl-lesson")

    def _button(self, label: str, tip: str, action: Callable[[], Any], icon: str) -> w.Button:
        button = w.Button(description=label, tooltip=tip, icon=icon, layout=w.Layout(width="auto", min_width="84px"))
        button.on_click(self._guarded(lambda _: action()))
        return button

    def _guarded(self, handler: Callable[[Any], Any]) -> Callable[[Any], None]:
        def run(arg: Any) -> None:
            if threading.current_thread() is not threading.main_thread():
                handler(arg)
                return
            with self.errors:
                handler(arg)
        return run

    def _try_typed(self) -> None:
        text = self.typed.value.strip()
        if text:
            self.attempt(text)

    # --- drawing from the run -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the run (call it after driving ``run`` from outside)."""
        run, step = self.run, self.run.step
        task = isinstance(step, Task)
        done, total = run.progress
        self.head.value = self._head(done, total)
        self.progress.value = done
        self.progress.description = ""
        self.step_html.value = self._step(step)
        self.feedback_html.value = self._feedback(run.feedback) if task else ""
        self.hint_html.value = (f'<div class="bgl-lesson-hint"><b>Hint:</b> {escape(run.hint_shown)}</div>'
                                if task and run.hint_shown else "")
        self.told_html.value = self._told(step) if isinstance(step, Narration) else ""
        self.message.value = self._finished() if run.finished and not run.can_next else ""
        self._sync_buttons(step)
        self._sync_board(step)
        self._sync_phases(step)

    def _head(self, done: int, total: int) -> str:
        run = self.run
        return (f'<div class="bgl-lesson-head"><span class="bgl-lesson-title">{escape(run.lesson.title)}</span>'
                f'<span class="bgl-lesson-count">Step {run.number} of {total} · {done} of {total} done</span></div>')

    def _step(self, step: Task | Narration) -> str:
        if isinstance(step, Task):
            kind = "Puzzle" if step.puzzle else "Your move"
            body = f'<div class="bgl-lesson-goal"><b>Goal:</b> {escape(step.goal)}</div>'
        else:
            kind = "Watch"
            body = f'<div class="bgl-lesson-goal">{escape(step.text)}</div>'
        css = "bgl-task" if isinstance(step, Task) else "bgl-narration"
        return (f'<div class="bgl-lesson-step {css}"><div class="bgl-lesson-kind">{kind} · '
                f'{escape(step.title)}</div>{body}</div>')

    def _feedback(self, feedback: Feedback | None) -> str:
        if feedback is None:
            return ""
        rule = ""
        if feedback.rule:
            book = self.run.game.definition.rulebook
            words = f" — {escape(book[feedback.rule].text)}" if feedback.rule in book else ""
            rule = f'<div>rule <code>{escape(feedback.rule)}</code>{words}</div>'
        after = " Next goes on." if feedback.solved and self.run.can_next else ""
        return (f'<div class="bgl-lesson-fb bgl-fb-{escape(feedback.outcome)}" role="status">'
                f'<span class="bgl-fb-head">{HEADS.get(feedback.outcome, "")}</span>{escape(feedback.text)}{after}'
                f'{rule}</div>')

    def _told(self, step: Narration) -> str:
        run = self.run
        flow = run.game.definition.flow
        items = []
        for i, told in enumerate(run.told):
            note = f'<span class="bgl-note">{escape(told.note)}</span>' if told.note else ""
            changes = "".join(f"<li>{escape(c)}</li>" for c in _beyond(told.said, told.changes))
            went = " → ".join(escape(flow.phase(b).label) for _, b in told.edges if b != told.edges[0][0]) \
                if told.edges else ""
            went_html = f'<span class="bgl-went">Phases: {went}</span>' if went else ""
            last = ' class="bgl-told-last"' if i == len(run.told) - 1 else ""
            items.append(f"<li{last}>{escape(told.said)}{note}"
                         f'{f"<ul class=bgl-lesson-changes>{changes}</ul>" if changes else ""}{went_html}</li>')
        left = len(step.moves) - len(run.told)
        tail = (f"<p>Next plays the next move ({left} to go).</p>" if left else
                "<p>That is the whole step.</p>" if step.moves else "")
        listed = f'<ol class="bgl-told">{"".join(items)}</ol>' if items else ""
        return listed + tail

    def _finished(self) -> str:
        total = len(self.run.lesson.steps)
        return f'<div class="bgl-lesson-done">Lesson finished: all {total} steps done.</div>'

    def _sync_buttons(self, step: Task | Narration) -> None:
        run, task = self.run, isinstance(step, Task)
        solved = task and run.feedback is not None and run.feedback.solved
        self.hint_button.disabled = not task or solved
        self.hint_button.layout.display = "" if task else "none"
        self.typing.layout.display = "" if task else "none"
        self.typed.disabled = self.try_button.disabled = solved
        self.back_button.disabled = run.number == 1
        self.next_button.disabled = not run.can_next
        more = isinstance(step, Narration) and len(run.told) < len(step.moves)
        self.next_button.description = "Next move" if more else "Next step"
        self.next_button.tooltip = "Play and tell the next move" if more else "Go on to the next step"

    def _sync_board(self, step: Task | Narration) -> None:
        run, game = self.run, self.run.game
        seat = run.seat
        solved = run.feedback is not None and run.feedback.solved
        live = isinstance(step, Task) and not solved and not game.is_over
        seats = (seat,) if live and seat is not None else ()
        if live:
            note = "Click a marked target to make your move (keyboard: Tab to it, Enter)."
        elif isinstance(step, Task):
            note = "Solved: Next goes on." if run.can_next else "Solved."
        else:
            note = READ_ONLY
        who = f"{escape(game.names[seat])}'s eyes" if seat is not None else "a spectator's eyes (what everyone sees)"
        self.seen.value = f'<div class="bgl-lesson-seen">The table as seen through {who}.</div>'
        self.board.show(game, self._table(game, seat), seats, live, note, setup=False)

    def _table(self, game: Game, seat: int | None) -> str:
        render = self._renderers.get(game.name)
        if render is None:
            render = self._renderers[game.name] = _renderer_for(game)
        return render(game.view(seat), game.names, game.winners())

    def _sync_phases(self, step: Task | Narration) -> None:
        if isinstance(step, Task):
            self.phases.layout.display = "none"
            return
        game = self.run.game
        self.phases.layout.display = ""
        self.phase_focus.value = focus_html(game)
        key = (game.name, game.phase)
        if key not in self._diagrams:
            self._diagrams[key] = _phase_svg_or_message(game)
        self.diagram.value = f'<div class="bgl-lesson-diagram">{self._diagrams[key]}</div>'

    def _say_error(self, text: str) -> None:
        self.message.value = f'<span class="bgl-msg-error">{escape(text)}</span>'


def _beyond(said: str, changes: Iterable[str]) -> list[str]:
    """The changes a move brought beyond itself: a log's first change often restates the move ("Boris buys Gold
    Miner for 4 rubles." after "Boris buys the Gold Miner ..."), which its sentence has already said."""
    opening = said.split()[:2]
    return [c for c in changes if c.split()[:2] != opening]


def _close_tree(widget: w.Widget) -> None:
    for child in getattr(widget, "children", ()):
        _close_tree(child)
    widget.close()


__all__ = ["LessonBoard", "LessonWidget"]
