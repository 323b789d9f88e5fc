"""``BotMatch``: bots and people at one table, inside the ``GameViewer``.

Each seat gets a chooser (a person, or one of the bots) and controls for the chosen bot's options,
built from the options the bot declares as data. When a person moves, the bots answer until it is a
person's turn again; "Play bots" does the same on demand. Each bot's reason for its last move is shown.
"""
from __future__ import annotations

from html import escape
from typing import Any, Callable, Sequence

import ipywidgets as w

from ..bots import BOTS, BotOption, Seat, bot_options, decide, make_bot
from ..core.game import Game
from .viewer import TEACHER, GameViewer, Perspective

HUMAN = "human"


class _SeatBots:
    """The viewer's bot: each seat's own bot (the heuristic bot suggests a move for a person's seat)."""

    def __init__(self, match: "BotMatch"):
        self.match = match
        self.name = "seat bots"
        self.options: tuple[BotOption, ...] = ()  # each seat's bot has its own

    def decide(self, seat: Seat) -> Any:
        return decide(self.match.bot_for(seat.player), seat)


class BotMatch:
    """A game viewer where each seat is a person or a bot; ``seats`` lists ``"human"`` or bot names."""

    def __init__(self, game: Game, seats: Sequence[str] | None = None, perspective: Perspective = TEACHER,
                 auto: bool = True):
        seats = list(seats) if seats is not None else [HUMAN] + ["heuristic"] * (game.num_players - 1)
        if len(seats) != game.num_players:
            raise ValueError(f"give one seat per player: {game.num_players} players, {len(seats)} seats")
        for name in seats:
            if name != HUMAN and name not in BOTS:
                raise ValueError(f"a seat is {HUMAN!r} or one of the bots {sorted(BOTS)}, not {name!r}")
        self.game = game
        self.viewer = GameViewer(game, perspective=perspective)
        self.viewer.bot = _SeatBots(self)
        self._bots: dict[int, Any] = {}
        self._busy = False
        self._last: tuple[int, str, str, bool] | None = None  # the bot's seat, its move in words, reason, may all read the move
        self.reasons = w.HTML()
        self.reasons.add_class("bgl-reasons")
        self.auto = w.Checkbox(value=auto, description="Bots answer at once", indent=False)
        self.play_button = w.Button(description="Play bots", icon="forward",
                                    tooltip="Bots move until it is a person's turn")
        self.play_button.on_click(self.viewer._guarded(lambda _: self.play()))
        self.choosers = [w.Dropdown(options=[HUMAN, *BOTS], value=name, description=name_of,
                                    layout=w.Layout(width="220px")) for name, name_of in zip(seats, game.names)]
        self.option_boxes = [w.HBox() for _ in seats]
        for seat, chooser in enumerate(self.choosers):
            chooser.observe(self.viewer._guarded(self._rebuilder(seat)), names="value")
            self._rebuild(seat)
        rows = [w.HBox([c, b]) for c, b in zip(self.choosers, self.option_boxes)]
        self.panel = w.VBox([w.HTML("<b>Seats</b>"), *rows, w.HBox([self.auto, self.play_button]), self.reasons])
        self.widget = w.VBox([self.panel, self.viewer.widget])
        self.viewer.on_move.append(self._after_move)
        self.viewer.on_undo.append(self._after_undo)
        self.viewer.perspective.observe(self.viewer._guarded(lambda _: self._sync_reason()), names="value")
        if auto:
            self.play()  # bots sitting before the first person move at once

    # --- seats -----------------------------------------------------------------------------
    def seat_kind(self, seat: int) -> str:
        return str(self.choosers[seat].value)

    def bot_for(self, seat: int) -> Any:
        """The bot in this seat, built from its controls (a person's seat: the heuristic bot, as advice)."""
        if seat not in self._bots:
            name = self.seat_kind(seat)
            if name == HUMAN:
                self._bots[seat] = make_bot("heuristic", seed=self.game.seed + seat)
            else:
                options = {c.description: c.value for c in self.option_boxes[seat].children}
                self._bots[seat] = make_bot(name, seed=self.game.seed * 10 + seat, **options)
        return self._bots[seat]

    def _rebuilder(self, seat: int) -> Callable[[Any], None]:
        """The handler of ``seat``'s chooser (it is given the change)."""
        return lambda _: self._rebuild(seat)

    def _rebuild(self, seat: int) -> None:
        name = self.seat_kind(seat)
        controls = [] if name == HUMAN else [_control(o) for o in bot_options(name) if o.name != "seed"]
        for control in controls:
            control.observe(lambda _, s=seat: self._bots.pop(s, None), names="value")
        self.option_boxes[seat].children = tuple(controls)
        self._bots.pop(seat, None)

    # --- playing ---------------------------------------------------------------------------
    def play(self, limit: int = 100_000) -> int:
        """Let the bots move until a person's turn or the end; returns how many moves they made."""
        if self._busy:
            return 0
        self._busy = True
        made = 0
        try:
            while made < limit and not self.game.is_over:
                seat = self.game.current_player or 0
                if self.seat_kind(seat) == HUMAN:
                    break
                bot = self.bot_for(seat)
                move = self.viewer.bot_step()
                if move is None:
                    break
                made += 1
                self._show_reason(seat, move, bot)
        finally:
            self._busy = False
        return made

    def _after_move(self, move: Any) -> None:
        if self.auto.value and not self._busy:
            self.play()

    def _after_undo(self, move: Any) -> None:
        """Undo goes back to a person's turn: the bots' moves after theirs are taken back too
        (with "Bots answer at once"), so a person never ends up moving for a bot's seat."""
        self._last = None  # the reason was for a move that is gone
        self._sync_reason()
        if self._busy or not self.auto.value or HUMAN not in (self.seat_kind(s) for s in range(len(self.choosers))):
            return
        self._busy = True
        try:
            while self._bots_turn() and self.game.can_undo():
                self.viewer.undo()
        finally:
            self._busy = False
        if self._bots_turn():  # Undo may not reach further back: the bots move again
            self.play()

    def _bots_turn(self) -> bool:
        seat = self.game.current_player
        return not self.game.is_over and seat is not None and self.seat_kind(seat) != HUMAN

    def _show_reason(self, seat: int, move: Any, bot: Any) -> None:
        entry = self.game.log[-1]
        reason = str(getattr(bot, "last_reason", ""))
        sentence = self.game.at(self.game.ply - 1).describe(move)  # said in the position the bot moved from
        self._last = (seat, sentence, reason, entry["visible_to"] is None)
        self._sync_reason()

    def _sync_reason(self) -> None:
        """The bot's last move and its reason, as the viewer's perspective may read them: the reason (which
        weighs the bot's own secrets) for the teacher and that seat, the move where that perspective's log
        shows it, else only that the bot moved."""
        if self._last is None:
            self.reasons.value = ""
            return
        seat, sentence, reason, public = self._last
        viewpoint = self.viewer.viewpoint
        own = viewpoint == TEACHER or viewpoint == seat
        who = f"<b>{escape(self.game.names[seat])}</b> ({escape(self.seat_kind(seat))})"
        if not (own or public):
            self.reasons.value = f"{who} made a move."
            return
        why = f" Why: {escape(reason)}" if own and reason else ""
        self.reasons.value = f"{who}: {escape(sentence)}{why}"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def close(self) -> None:
        self.viewer.close()
        self.panel.close()
        self.widget.close()


def _control(option: Any) -> w.Widget:
    layout = w.Layout(width="190px")
    if option.kind == "choice":
        return w.Dropdown(options=list(option.choices), value=option.default, description=option.name, layout=layout)
    if option.kind == "int":
        return w.BoundedIntText(value=option.default, min=option.minimum, max=option.maximum,
                                description=option.name, tooltip=option.description, layout=layout)
    return w.BoundedFloatText(value=option.default, min=option.minimum, max=option.maximum,
                              description=option.name, tooltip=option.description, layout=layout)
