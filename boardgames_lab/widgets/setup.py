"""Teacher set-up mode: edit a position, have the engine validate it, share it with a class.

Every edit goes ``game.position()`` -> change -> ``bgl.from_position``: the engine reads the whole position
again and refuses a bad one with ``PositionError`` naming the field, so the set-up never words a rule of
its own. Places are named by dotted paths into the position's ``state`` part (``hands.0`` seat 0's hand,
``upper.2`` the third slot of Saint Petersburg's upper row, ``money.1``): ``move`` carries one item from a
place to another, ``set`` gives a place a value, ``to_act`` chooses the seat to act. ``share_string`` and
``read_shared`` turn a position into one line of text a class can paste into the viewer, and back.

The functions here are pure Python; ``SetupPanel`` is the viewer's panel for them (sandbox mode only).
"""
from __future__ import annotations

import base64
import copy
import json
import zlib
from html import escape
from typing import Any, Callable

from ..core.errors import GameError, PositionError
from ..core.game import SANDBOX, Game
from ..core.jsontext import read_json
from ..core.positions import from_position, position_text

# What the screen says of every edit: the edited position is the start of the game's history from then on.
NEW_HISTORY = "An edit starts a new history: the moves before it cannot be undone or replayed."
SHARE_PREFIX = "bgl1:"  # a share string: this prefix, then the position's JSON, compressed, in URL-safe base64


class SetupError(GameError, ValueError):
    """An edit that names no place of the position (the path is given)."""


def _parts(path: str) -> list[str | int]:
    if not isinstance(path, str) or not path.strip():
        raise SetupError(f"a place is a dotted path into the position's state, e.g. 'hands.0', not {path!r}")
    return [int(p) if p.isascii() and p.isdigit() else p for p in path.strip().split(".")]


def _walk(state: Any, path: str) -> tuple[Any, str | int]:
    """The container holding the place ``path`` names, and the key or index of the place in it."""
    parts = _parts(path)
    node = state
    for depth, key in enumerate(parts[:-1]):
        node = _child(node, key, ".".join(map(str, parts[:depth + 1])))
    _child(node, parts[-1], path)  # the place itself must exist
    return node, parts[-1]


def _child(node: Any, key: str | int, where: str) -> Any:
    if isinstance(node, dict) and isinstance(key, str) and key in node:
        return node[key]
    if isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
        return node[key]
    known = sorted(node) if isinstance(node, dict) else f"0..{len(node) - 1}" if isinstance(node, list) else "none"
    raise SetupError(f"the position has no place {where!r} (there: {known})")


def edited(game: Game, change: Callable[[dict[str, Any]], None]) -> Game:
    """A new sandbox game from ``game``'s position after ``change`` (on a copy); PositionError names a bad field."""
    data = copy.deepcopy(game.position())
    change(data)
    return from_position(game.name, data, names=game.names, mode=SANDBOX, seed=game.seed)


def set_value(game: Game, path: str, value: Any) -> Game:
    """The position with the place ``path`` set to ``value`` (money, cubes, a card id...)."""
    def change(data: dict[str, Any]) -> None:
        node, key = _walk(data["state"], path)
        node[key] = value
    return edited(game, change)


def move_item(game: Game, source: str, target: str) -> Game:
    """Carry one item from a place to another: the last item of a list, or the item at an index (a row's slot is
    left empty, ``None``); into a list (appended) or onto an empty slot."""
    def change(data: dict[str, Any]) -> None:
        state = data["state"]
        item = _take(state, source)
        node, key = _walk(state, target)
        there = node[key]
        if isinstance(there, list):
            there.append(item)
        elif there is None:
            node[key] = item
        else:
            raise SetupError(f"{target!r} holds {there!r}: move onto a list (a hand, a city) or an empty slot")
    return edited(game, change)


def _take(state: Any, source: str) -> Any:
    node, key = _walk(state, source)
    here = node[key]
    if isinstance(here, list):  # a pile: its last item
        if not here:
            raise SetupError(f"{source!r} is empty: there is nothing to move")
        return here.pop()
    if here is None:
        raise SetupError(f"{source!r} is an empty slot: there is nothing to move")
    if isinstance(node, list) and isinstance(key, int) and None in node:  # a row of slots keeps its length
        node[key] = None
    elif isinstance(node, list) and isinstance(key, int):  # (_walk gives a list's places as indices)
        node.pop(key)
    else:
        raise SetupError(f"{source!r} is a value, not an item in a place: use set for it")
    return here


def _pressed(action: Callable[[], Any]) -> Callable[[Any], Any]:
    """A button's click handler (it is given the button) that runs ``action``."""
    return lambda _: action()


def set_to_act(game: Game, seat: int) -> Game:
    """The position with ``seat`` to act (the engine checks the phase allows it)."""
    def change(data: dict[str, Any]) -> None:
        data["current"] = seat
    return edited(game, change)


def share_string(game: Game) -> str:
    """The position as one line of text (``bgl1:...``) to paste into a viewer's set-up panel."""
    packed = zlib.compress(json.dumps(game.position(), separators=(",", ":")).encode(), 9)
    return SHARE_PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def read_shared(text: str, names: Any = None) -> Game:
    """A sandbox game from a share string or a position's JSON (PositionError names what is wrong)."""
    text = text.strip()
    if text.startswith(SHARE_PREFIX):
        body = text[len(SHARE_PREFIX):]
        try:
            raw = zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))).decode()
        except (ValueError, zlib.error) as err:
            raise PositionError("position", f"is not a share string of this lab ({err})") from None
    else:
        raw = text
    data = position_text(raw)
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise PositionError("game", "a position names its game (\"game\": the name of a registered game)")
    try:
        return from_position(data["game"], data, names=names, mode=SANDBOX)
    except PositionError:
        raise
    except GameError as err:  # an unknown game: UnknownGame says which games there are
        raise PositionError("game", str(err)) from None




class SetupPanel:
    """The viewer's set-up panel (sandbox mode): move an item, set a value, choose who acts, share, load.

    ``replace(game)`` is called with each accepted position; a refused edit changes nothing and the panel says
    which field the engine refused, and why.
    """

    def __init__(self, game: Callable[[], Game], replace: Callable[[Game], None],
                 guard: Callable[[Callable[[Any], Any]], Callable[[Any], None]]):
        import ipywidgets as w

        self._game, self._replace = game, replace
        small = w.Layout(width="190px")
        self.source = w.Text(placeholder="from, e.g. upper.0", layout=small)
        self.target = w.Text(placeholder="to, e.g. hands.1", layout=small)
        self.place = w.Text(placeholder="place, e.g. money.0", layout=small)
        self.value = w.Text(placeholder="value (JSON), e.g. 30", layout=small)
        self.seat = w.Dropdown(options=[], layout=w.Layout(width="160px"))
        self.shared = w.Textarea(placeholder="a share string (bgl1:...) or a position's JSON",
                                 layout=w.Layout(width="100%", height="60px"))
        self.message = w.HTML()
        self.places = w.HTML()
        buttons = [("Move", "Carry one item from the first place to the second", lambda: self.move()),
                   ("Set", "Give the place this value", lambda: self.set()),
                   ("To act", "Make this seat the one to act", lambda: self.to_act()),
                   ("Share", "Put this position's share string in the box", lambda: self.share()),
                   ("Load", "Start from the share string or JSON in the box", lambda: self.load())]
        made = {}
        for label, tip, action in buttons:
            button = w.Button(description=label, tooltip=tip, layout=w.Layout(width="80px"))
            button.on_click(guard(_pressed(action)))
            made[label] = button
        rows = [w.HBox([self.source, self.target, made["Move"]]), w.HBox([self.place, self.value, made["Set"]]),
                w.HBox([self.seat, made["To act"]]), self.shared, w.HBox([made["Share"], made["Load"]]),
                self.message, self.places]
        self.widget = w.Accordion(children=[w.VBox(rows)], selected_index=None)
        self.widget.set_title(0, "Set up the position (sandbox mode): each edit is checked by the engine "
                                 "and starts a new history")
        self.sync()

    def sync(self) -> None:
        game = self._game()
        options = [(name, seat) for seat, name in enumerate(game.names)]
        if list(self.seat.options) != options:
            self.seat.options = options
        acting = [s for s in game.to_act() if s >= 0]
        self.seat.value = acting[0] if acting else 0
        state = game.position()["state"]
        self.places.value = ("<small>Places: " + ", ".join(f"<code>{k}</code>" for k in state)
                             + " (a seat's part: add <code>.0</code>, <code>.1</code>...)</small>")

    def _edit(self, make: Callable[[], Game], done: str) -> Game | None:
        try:
            game = make()
        except GameError as e:  # PositionError names the field; SetupError the place
            self.message.value = f'<span class="bgl-msg-error">Refused: {_esc(str(e))}</span>'
            return None
        self._replace(game)
        self.message.value = f'<span class="bgl-msg-ok">{_esc(done)} {NEW_HISTORY}</span>'
        return game

    def move(self, source: str | None = None, target: str | None = None) -> Game | None:
        source = self.source.value if source is None else source
        target = self.target.value if target is None else target
        return self._edit(lambda: move_item(self._game(), source, target), f"Moved {source} to {target}.")

    def set(self, place: str | None = None, value: Any = None) -> Game | None:
        place = self.place.value if place is None else place
        if value is None:
            try:
                value = read_json(self.value.value, lambda reason, key: ValueError(reason))
            except ValueError:
                self.message.value = ('<span class="bgl-msg-error">Refused: the value is JSON: a number (30), '
                                      'a text in quotes ("market"), a list ([1, 2]) or null</span>')
                return None
        return self._edit(lambda: set_value(self._game(), place, value), f"Set {place} to {value!r}.")

    def to_act(self, seat: int | None = None) -> Game | None:
        seat = self.seat.value if seat is None else seat
        return self._edit(lambda: set_to_act(self._game(), seat), f"{self._game().names[seat]} is to act.")

    def share(self) -> str:
        self.shared.value = share_string(self._game())
        self.message.value = '<span class="bgl-msg-ok">Share string ready: copy it from the box.</span>'
        return self.shared.value

    def load(self, text: str | None = None) -> Game | None:
        text = self.shared.value if text is None else text
        return self._edit(lambda: read_shared(text), "Loaded the position.")

    def save(self, path: str) -> None:
        """Write the position as JSON to a file (``bgl.from_position(name, json.load(f))`` reads it back)."""
        with open(path, "w", encoding="utf-8") as f:
            json.dump(self._game().position(), f, indent=1)


def _esc(text: str) -> str:
    return escape(text)


__all__ = ["NEW_HISTORY", "SHARE_PREFIX", "SetupError", "SetupPanel", "edited", "move_item", "read_shared", "set_to_act",
           "set_value", "share_string"]
