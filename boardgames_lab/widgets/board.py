"""The clickable board inside the ``GameViewer``: an anywidget that draws the table and reports clicks.

``BoardWidget`` (one ES module, ``board.js``, and its ``board.css``, shipped in the package) shows the game's
render HTML with its click targets marked, a "building this move" strip with Cancel, "why not?" beside a
target that cannot be used now and a preview on one that can. ``BoardControl`` is its Python side: the
``TargetMap`` of the seats the viewer lets play, the clicks made so far, and the words on each target, all
from the engine (``legal_moves`` through the map, ``explain`` for previews and refusals).
"""
from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import anywidget
import traitlets

from ..core.definition import Explanation
from ..core.errors import GameError
from ..core.game import Game
from .setup import NEW_HISTORY, edited
from .setup_map import SetupMap, setup_map
from .paths import click_path
from .targets import Made, NotOffered, Prefix, TargetMap, candidates, thing_words

HERE = Path(__file__).resolve().parent


class BoardWidget(anywidget.AnyWidget):
    """The table as the page shows it; ``value`` is the render HTML (the same string as ``render_html``)."""

    _esm = HERE / "board.js"
    _css = HERE / "board.css"
    value = traitlets.Unicode("").tag(sync=True)
    targets = traitlets.Dict().tag(sync=True)  # usable now: id -> {"label", "preview"}
    # Every target drawn on the table, usable or not: id -> its accessible label in words (what it is, and
    # what it does now or why it cannot be used now), for screen readers.
    labels: traitlets.Dict[str, str] = traitlets.Dict().tag(sync=True)
    building: traitlets.List[str] = traitlets.List().tag(sync=True)  # the clicks so far, in words
    answer = traitlets.Dict().tag(sync=True)  # the last "why not?": {"target", "html"}
    live = traitlets.Bool(False).tag(sync=True)  # False: a read-only table (the log, a spectator)
    note = traitlets.Unicode("").tag(sync=True)  # what the strip says while no move is being built
    # Teacher set-up on the table (sandbox mode): the spots of setup_map, whether set-up clicks are on, and
    # the label of the thing picked up ("" while nothing is being moved).
    setup: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    can_setup = traitlets.Bool(False).tag(sync=True)  # sandbox mode: the strip offers set-up on the table
    setup_on = traitlets.Bool(False).tag(sync=True)
    holding = traitlets.Unicode("").tag(sync=True)
    held = traitlets.Unicode("").tag(sync=True)  # the id of the spot picked up
    history_note = traitlets.Unicode(NEW_HISTORY).tag(sync=True)  # set-up mode says an edit restarts the history


class BoardControl:
    """The board's Python side. ``play(move)`` is called with each move the clicks complete."""

    def __init__(self, play: Callable[[Any], Any],
                 guard: Callable[[Callable[[Any], Any]], Callable[[Any], None]] = lambda handler: handler,
                 edit: Callable[[Game], Any] | None = None):
        self.widget = BoardWidget()
        self._play = play
        self._edit = edit  # sandbox mode: takes each position a set-up edit makes (None: no set-up here)
        self._game: Game | None = None
        self.spots: SetupMap = SetupMap()
        self.held: str | None = None  # the spot picked up, while a set-up move is under way
        self._setup_here = edit is not None
        self.widget.can_setup = self._setup_here
        self.map: TargetMap | None = None
        self.prefix: Prefix = ()
        self._seats: tuple[int, ...] = ()
        self._rulebook: Any = None
        self._seq = 0
        self._html = ""  # the table drawn, whose things the accessible labels name
        handle = guard(self._on_msg)  # the viewer's guard: a bug in a callback shows its traceback
        self.widget.on_msg(lambda _widget, content, _buffers: handle(content))

    # --- what the viewer tells it ------------------------------------------------------------------
    def show(self, game: Game, html: str, seats: Sequence[int], live: bool, note: str, setup: bool = True) -> None:
        """A new position (or perspective): the table, the targets of ``seats``, nothing half-built. ``setup``:
        set-up on the table may be offered here (the teacher's view of the live game, in sandbox mode)."""
        self._seats = tuple(seats)
        self._setup_here = setup and self._edit is not None
        self._game = game
        self._rulebook = game.definition.rulebook
        self.map = TargetMap(game, seats) if live else None
        self.prefix = ()
        with self.widget.hold_sync():
            self.widget.answer = {}  # an answer belongs to the position it was given in
            self.widget.value = html
            self.widget.live = live and bool(seats)
            self.widget.note = note
            self.widget.can_setup = self._setup_here
            if not self._setup_here:
                self.widget.setup_on = False
            self._sync(labels=False)
            self._sync_setup()
        self._html = html
        self._sync_labels()  # after the table is on its way: asking why not of every target takes longer

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
        if found is None:  # no move of these seats names it now: what it is and when it can be used
            self._answer(target, escape(self.map.about(target)))
            return None
        move, why = found
        rule = self._rulebook[why.rule].text if why.rule in self._rulebook else ""
        remedy = f"<br><b>What would make it legal:</b> {escape(why.remedy)}" \
            if why.remedy and why.remedy not in why.reason else ""
        self._answer(target, f"<b>Why not?</b> {escape(self.map.game.describe(move))} No: {escape(why.reason)}"
                             f"<br>rule <code>{escape(why.rule)}</code>{' — ' + escape(rule) if rule else ''}{remedy}")
        return why

    # --- set-up on the table (sandbox mode) ---------------------------------------------------------------
    def setup_mode(self, on: bool) -> None:
        """Clicks on the table set up the position (on) or play (off)."""
        self.held = None
        self.widget.answer = {}
        self.widget.setup_on = bool(on) and self._setup_here
        self._sync_setup()

    def pick(self, spot: str) -> None:
        """Pick up a thing (a card, a tile, a cube): the next click on a place moves it there."""
        if spot not in self.spots.take:
            self._refuse(spot, "this is not a thing to pick up here")
            return
        self.held = spot
        self.widget.answer = {}
        self._sync_setup()

    def drop(self, place: str) -> Game | None:
        """Move the thing picked up to ``place``; the engine validates the new position."""
        held = self.held
        if held is None or place not in self.spots.put:
            return self._refuse(place, "pick up a thing first, then click a place to move it to" if held is None
                                else "this is not a place to move things to")
        take, put = self.spots.take[held], self.spots.put[place]
        return self._change(place, lambda data: put(data, take(data)))

    def add(self, count: str, by: int) -> Game | None:
        """One more (``by`` = 1) or one fewer (-1) of a count: money, gold, cubes."""
        if count not in self.spots.add or by not in (1, -1):
            return self._refuse(count, "this count has no +/- here")
        change = self.spots.add[count]
        return self._change(count, lambda data: change(data, by))

    def to_act(self, spot: str) -> Game | None:
        """Make the seat whose name was clicked the one to act."""
        if spot not in self.spots.seat:
            return self._refuse(spot, "this is not a seat's name")
        seat = self.spots.seat[spot]
        return self._change(spot, lambda data: data.__setitem__("current", seat))

    def drop_held(self) -> None:
        """Cancel the set-up move under way."""
        self.held = None
        self.widget.answer = {}
        self._sync_setup()

    def _change(self, spot: str, change: Callable[[dict[str, Any]], None]) -> Game | None:
        if self._edit is None or self._game is None or not self.widget.setup_on:
            return self._refuse(spot, "set-up on the table is for sandbox mode, with Set up on")
        try:
            game = edited(self._game, change)
        except GameError as err:  # PositionError names the field the engine refused; SetupError the place
            return self._refuse(spot, f"Refused: {err}")
        self.held = None
        self._edit(game)  # the viewer shows the new position, which calls show() again
        return game

    def _refuse(self, spot: str, why: str) -> Game | None:
        """Say why nothing changed; the answer of a refused change is None, no new game."""
        self._answer(spot, f"<b>Nothing changed.</b> {escape(why)}")
        return None

    def _sync_setup(self) -> None:
        game = self._game if self.widget.setup_on else None
        self.spots = setup_map(game) if game is not None else SetupMap()
        if self.held not in self.spots.take:
            self.held = None
        self.widget.setup = self.spots.to_json()
        self.widget.holding = self.spots.spots[self.held].label if self.held else ""
        self.widget.held = self.held or ""

    # --- keeping the page in step ----------------------------------------------------------------------
    def _answer(self, target: str, html: str) -> None:
        self.widget.answer = {"target": target, "html": html, "seq": self._seq}

    def _sync(self, labels: bool = True) -> None:
        tm = self.map
        # The targets and the strip's words go to the page in one message: the page moves the focus on when a
        # move's building starts, which it can tell only with both.
        with self.widget.hold_sync():
            if tm is None:
                self.widget.targets, self.widget.building = {}, []
            else:
                self.widget.targets = {t.id: {"label": t.label, "preview": tm.preview(self.prefix, t.id)}
                                       for t in tm.options(self.prefix)}
                self.widget.building = tm.labels(self.prefix)
        if labels:
            self._sync_labels()

    def _sync_labels(self) -> None:
        self.widget.labels = self.target_labels()

    def target_labels(self) -> dict[str, str]:
        """The accessible label of every target on the table, in words: what the thing is, then what using it
        does now (the move in the game's words, or the choices it opens), or why it cannot be used now (the
        engine's refusal of the nearest move naming it, as the "why not?" bubble gives it)."""
        tm, usable = self.map, self.widget.targets
        if tm is None or not self._seats:
            game = self._game
            about = (lambda t: thing_words(game, t)) if game is not None else None
            return {t: f"{name or _id_words(t)}: the table is read-only here"
                    for t, name in thing_names(self._html, None, about).items()}
        clicked, named = self._scan(tm)
        names = thing_names(self._html, clicked, tm.about)
        refusals = self._refusals(tm, {t: named.get(t, ([], [])) for t in names if t not in usable})
        out: dict[str, str] = {}
        for target, name in names.items():
            name = name or _id_words(target)
            if target in usable:
                out[target] = f"{name}: {self._does(tm, target)}"
                continue
            found = refusals.get(target)
            if found is None:  # no move names it: what the thing is and when it can be used
                out[target] = f"{name}: not usable now. {tm.about(target)} (Enter: why not?)"
                continue
            out[target] = f"{name}: not usable now, {_sentence(found.reason)} (Enter: why not?)"
        return out

    def _scan(self, tm: TargetMap) -> tuple[dict[str, str], dict[str, tuple[list[Any], list[Any]]]]:
        """One pass over every seat's candidate moves: the words the board face gives each target a move names
        (these seats' moves first), and for these seats the moves naming each target after the clicks so far,
        as the next click and at a later one (``TargetMap.why_not``'s order), each as (seat, move)."""
        clicked = {t.id: t.label for path in tm.paths.values() for t in path}
        named: dict[str, tuple[list[Any], list[Any]]] = {}
        several, n, game = len(tm.seats) > 1, len(self.prefix), tm.game
        others = [s for s in range(game.num_players) if s not in self._seats]
        for seat in (*self._seats, *others):
            mine = seat in self._seats
            for move in candidates(game, seat):
                if move.player < 0:  # a chance outcome: nobody clicks it
                    continue
                path = click_path(game.name, move, game.state, game.names)
                for step in path:
                    clicked.setdefault(step.id, step.label)
                if not mine:
                    continue
                ids = [t.id for t in path] if not several else [f"seat:{seat}", *(t.id for t in path)]
                if tuple(ids[:n]) != self.prefix or len(ids) <= n:
                    continue
                for target in dict.fromkeys(ids[n:]):
                    named.setdefault(target, ([], []))[0 if target == ids[n] else 1].append((seat, move))
        return clicked, named

    def _refusals(self, tm: TargetMap, named: dict[str, tuple[list[Any], list[Any]]]) -> dict[str, Explanation]:
        """``TargetMap.why_not`` for many targets at once: the engine's refusal of the nearest move naming each."""
        out: dict[str, Explanation] = {}
        for target, (now, later) in named.items():
            for seat, move in (*now, *later):
                why = tm.game.explain(move, player=seat)
                if not why.legal:
                    out[target] = why
                    break
        return out

    def _does(self, tm: TargetMap, target: str) -> str:
        step = (*self.prefix, target)
        then = tm.options(step)
        if len(tm.moves_under(step)) == 1 or len(then) < 2:
            return tm.preview(self.prefix, target)
        return "choose " + _either([t.label for t in then])

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
        elif event == "setup":
            self._on_setup(content, target)

    def _on_setup(self, content: dict[str, Any], target: str) -> None:
        op = content.get("op")
        if op == "mode":
            self.setup_mode(bool(content.get("on")))
        elif op == "pick":
            self.pick(target)
        elif op == "drop":
            self.drop(target)
        elif op == "add":
            by = content.get("by")
            self.add(target, by if isinstance(by, int) else 0)
        elif op == "act":
            self.to_act(target)
        elif op == "cancel":
            self.drop_held()


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _sentence(text: str) -> str:
    """A refusal as the rest of a sentence: its first letter small, no closing full stop."""
    text = text.strip().rstrip(".")
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


_WORD = re.compile(r"[^\W\d_]{3}")  # a word of three letters: "S 20" or "1" alone names nothing
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Names(HTMLParser):
    """Reads what each ``data-target`` thing of the render HTML is: its title (a tooltip, or an SVG <title>),
    else the first words drawn inside it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, str | None]] = []  # (tag, target id or None), innermost last
        self.title: dict[str, str] = {}
        self.text: dict[str, list[str]] = {}
        self.in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        target = found.get("data-target")
        if target:
            self.text.setdefault(target, [])
            if found.get("title"):
                self.title.setdefault(target, str(found["title"]))
        if tag == "title":
            self.in_title = True
        if tag not in _VOID:
            self.open.append((tag, target))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        target = found.get("data-target")
        if target:
            self.text.setdefault(target, [])
            if found.get("title"):
                self.title.setdefault(target, str(found["title"]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self.in_title = False
        for depth in range(len(self.open) - 1, -1, -1):
            if self.open[depth][0] == tag:
                del self.open[depth:]
                break

    def handle_data(self, data: str) -> None:
        words = " ".join(data.split())
        if not words:
            return
        inner = next((target for _tag, target in reversed(self.open) if target), None)
        if inner is None:
            return
        if self.in_title:
            self.title.setdefault(inner, words)
        else:
            self.text[inner].append(words)


def thing_names(html: str, clicked: dict[str, str] | None = None,
                about: Callable[[str], str] | None = None) -> dict[str, str]:
    """What each target of the render HTML is, in the order drawn: its tooltip ("Gold Miner: worker card..."
    gives "Gold Miner") or SVG title, else the words of a move's click on it (``clicked``: id -> label), else
    its first words on the table (with a one-word tooltip beside them: "Keep 3 (violet)"), else the head of
    what the game says the thing is (``about``); "" where nothing names it. A title or text that spells out the
    target's id ("empty field -3,-3", "U3") is passed over: the label is words, never notation."""
    names = _Names()
    names.feed(html)
    clicked = clicked or {}
    out: dict[str, str] = {}
    for target, text in names.text.items():
        title = names.title.get(target, "")
        title = "" if _spells_id(title, target) else title
        head = title.split(":", 1)[0].strip()
        raw = target.replace(":", " ").lower()  # a name that only spells the id out says nothing more
        first = text[0] if text and not _spells_id(text[0], target) else ""
        if len(title.split()) > 1 and _WORD.search(head):
            out[target] = head if head.lower() != raw else title.replace(": ", ", ")
        elif clicked.get(target, raw).lower() != raw:
            out[target] = clicked[target]
        elif first and _WORD.search(first + " " + title):
            words = first.strip(" :·").replace(": ", " ")
            out[target] = f"{words} ({title})" if title and title not in words else words
        elif _WORD.search(title):
            out[target] = title.replace(": ", ", ")
        else:
            out[target] = _head(about(target)) if about is not None else ""
    return out


def _spells_id(words: str, target: str) -> bool:
    """Whether ``words`` write a piece of the target's id that is not a plain word or number ("-3,-3", "U3")."""
    pieces = [p for p in re.split(r"[:>]", target) if p and not _PLAIN.fullmatch(p)]
    return any(re.search(rf"(?<![\w,-]){re.escape(p)}(?![\w,-])", words) for p in pieces)


_PLAIN = re.compile(r"[a-z]+|[0-9]+")


def _head(sentence: str) -> str:
    """The name a thing's description opens with: "An empty place for a field tile, 2 steps north-west of the
    Keythedral: field tiles..." gives its words before the colon, the first letter small."""
    if sentence.startswith("Nothing to do"):  # thing_words of a thing the game does not tell
        return ""
    head = re.split(r"[:.;]", sentence, maxsplit=1)[0].strip()
    return head[:1].lower() + head[1:] if head[1:2].islower() else head


def _id_words(target: str) -> str:
    """The last resort for a thing nothing names: its kind and name (``area:harvest`` is "harvest area")."""
    kind, _, rest = target.partition(":")
    return f"{rest.replace('_', ' ').replace(':', ' ')} {kind}".strip()
