"""``Game``: one game in progress, with history, undo/redo, the log, views and saving.

The rule logic lives in the game's definition; this class adds what every game
shares. History is record-first: the moves are kept, and any earlier position
is rebuilt by replaying them from the seed, which is exact because the random
generator's state is part of the game state.
"""
from __future__ import annotations

import json
import re
import types
import typing
from typing import Any, Iterable

from .definition import Explanation, GameDefinition
from .errors import IllegalMove, InvalidNotation, UndoBlocked, move_text

PLAY = "play"
SANDBOX = "sandbox"
SAVE_FORMAT = "boardgames_lab.game"
SAVE_VERSION = 1
_PLAYER_MARK = re.compile(r"\{p(\d+)\}")
_MOVE_TYPES: dict[type, type | None] = {}  # per definition class: the type of its moves, read off a legal move
_FIELD_TYPES: dict[type, dict[str, Any]] = {}  # per move type: its fields' declared types


class Game:
    """A game in progress. Create one with ``boardgames_lab.new_game``."""

    def __init__(self, definition: GameDefinition[Any], players: int, seed: int,
                 options: dict[str, Any], mode: str = PLAY, names: Iterable[str] | None = None):
        if mode not in (PLAY, SANDBOX):
            raise ValueError(f"mode must be {PLAY!r} or {SANDBOX!r}, not {mode!r}")
        definition.check_players(players)
        self.definition = definition
        self.num_players = players
        self.seed = seed
        self.options = definition.resolve_options(options)
        self.mode = mode
        if names is not None and not isinstance(names, (list, tuple)):
            raise ValueError(f"names must be a list of {players} names, not {type(names).__name__} {names!r}")
        self.names = list(names) if names is not None else [f"Player {i + 1}" for i in range(players)]
        if len(self.names) != players or not all(isinstance(n, str) and n for n in self.names):
            raise ValueError(f"names must be {players} non-empty strings")
        self.state = definition.new_state(players, seed, self.options)
        self._moves: list[Any] = []
        self._barriers: list[bool] = []  # per applied move: did it reveal information or draw at random?
        self._redo: list[Any] = []
        self._legal: tuple[Any, ...] | None = None

    # --- what is happening -------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.definition.info.name

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def current_player(self) -> int | None:
        """Who must decide now (None once the game is over)."""
        return None if self.is_over else self.state.current

    @property
    def is_over(self) -> bool:
        return self.definition.is_over(self.state)

    @property
    def ply(self) -> int:
        return len(self._moves)

    @property
    def moves(self) -> tuple[Any, ...]:
        return tuple(self._moves)

    def legal_moves(self) -> tuple[Any, ...]:
        if self._legal is None:
            self._legal = () if self.is_over else tuple(self.definition.legal_moves(self.state))
        return self._legal

    def scores(self) -> list[int]:
        return self.definition.scores(self.state)

    def winners(self) -> list[int]:
        return self.definition.winners(self.state) if self.is_over else []

    # --- moving ------------------------------------------------------------------------
    def parse_move(self, text: str) -> Any:
        if not isinstance(text, str):
            raise InvalidNotation(f"a move's notation is text, not {type(text).__name__}")
        return self.definition.parse_move(self.state, text)

    def explain(self, move: Any) -> Explanation:
        """Is this move legal here? If not, which rule forbids it and what would make it legal."""
        if isinstance(move, str):
            move = self.parse_move(move)
        if self.is_over:
            return Explanation(False, "core.game_over", "the game is over")
        problem = self._not_a_move(move)
        if problem:
            return Explanation(False, "core.not_a_move", problem)
        return self.definition.explain(self.state, move)

    def apply(self, move: Any) -> "Game":
        """Make a move (a move value or its notation). An illegal move raises ``IllegalMove`` and changes nothing."""
        if isinstance(move, str):
            move = self.parse_move(move)
        legal = () if self.is_over else self.legal_moves()
        try:
            match = legal[legal.index(move)]
        except ValueError:
            self._reject(move)
        # A plain tuple, or True for 1, compares equal to a legal move: only a value of the same types is that move.
        if match is not move and not _same_types(match, move):
            self._reject(move)
        self._redo.clear()
        self._push(move)
        return self

    def _reject(self, move: Any) -> None:
        why = self.explain(move)
        if why.legal:  # explain and legal_moves disagree: a bug, so say so plainly
            why = Explanation(False, "core.not_legal", f"{move_text(move)} is not among the legal moves here")
        player = self.current_player
        # A value that is not a well-formed move is shown as it is: its notation could pass for a legal move.
        text = repr(move) if why.rule == "core.not_a_move" else None
        raise IllegalMove(move, why.rule, why.reason, self.state.phase, player,
                          self.names[player] if player is not None else "", text)

    def move_type(self) -> type | None:
        """The type of this game's moves (None while no legal move shows it)."""
        kind = getattr(self.definition, "move_type", None)
        if kind is not None:
            return kind
        key = type(self.definition)
        if _MOVE_TYPES.get(key) is None:
            legal = self.legal_moves()
            _MOVE_TYPES[key] = type(legal[0]) if legal else None
        return _MOVE_TYPES[key]

    def _not_a_move(self, move: Any) -> str:
        """Why ``move`` is not a value of the game's move type with fields of their declared types ("" if it is)."""
        kind = self.move_type()
        if kind is None:
            return ""
        if not _conforms(move, kind):
            return (f"a {self.definition.info.title} move is a value of type {kind.__name__} or its notation, "
                    f"not {type(move).__name__} {_short(move)}")
        for name, expected in _field_types(kind).items():
            value = getattr(move, name)
            if not _conforms(value, expected):
                return (f"field {name!r} of a move must be {_type_name(expected)}, "
                        f"not {type(value).__name__} {_short(value)}")
        return ""

    def _push(self, move: Any) -> None:
        state = self.state
        state.revealed = False
        self.definition.advance(state, move)
        state.ply += 1
        self._moves.append(move)
        self._barriers.append(state.revealed)
        self._legal = None

    # --- history -------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return bool(self._moves) and (self.mode == SANDBOX or not self._barriers[-1])

    def undo(self) -> Any:
        """Take back the last move and return it. In play mode a move that revealed
        hidden information or drew at random cannot be taken back."""
        if not self._moves:
            raise UndoBlocked("there is no move to undo")
        if self.mode == PLAY and self._barriers[-1]:
            raise UndoBlocked(f"{self._moves[-1]} revealed information or drew at random; "
                              "undo across it is only allowed in sandbox mode")
        move = self._moves[-1]
        self._rebuild(len(self._moves) - 1)
        self._redo.append(move)
        return move

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> Any:
        if not self._redo:
            raise UndoBlocked("there is no undone move to redo")
        move = self._redo.pop()
        self._push(move)
        return move

    def goto(self, ply: int) -> None:
        """Jump back to an earlier ply (sandbox mode, or within play mode's undo policy)."""
        if not 0 <= ply <= len(self._moves):
            raise ValueError(f"ply must be between 0 and {len(self._moves)}")
        if self.mode == PLAY and any(self._barriers[ply:]):
            raise UndoBlocked("going back that far would cross revealed information; use sandbox mode")
        undone = self._moves[ply:]
        self._rebuild(ply)
        self._redo.extend(reversed(undone))

    def at(self, ply: int) -> "Game":
        """A separate game showing the position after ``ply`` moves (for scrubbing the log)."""
        if not 0 <= ply <= len(self._moves):
            raise ValueError(f"ply must be between 0 and {len(self._moves)}")
        other = self._blank()
        for move in self._moves[:ply]:
            other._push(move)
        return other

    def _blank(self) -> "Game":
        return Game(self.definition, self.num_players, self.seed, self.options, self.mode, self.names)

    def _rebuild(self, ply: int) -> None:
        moves = self._moves[:ply]
        fresh = self._blank()
        for move in moves:
            fresh._push(move)
        self.state, self._moves, self._barriers, self._legal = fresh.state, fresh._moves, fresh._barriers, None

    def clone(self) -> "Game":
        """An independent copy (cheap: the state is copied field by field, the history shared until changed)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.state = self.definition.clone_state(self.state)
        other._moves = self._moves.copy()
        other._barriers = self._barriers.copy()
        other._redo = self._redo.copy()
        return other

    # --- what players see ----------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """Everything ``player`` may see, as JSON-ready data (``None``: a spectator)."""
        if player is not None and not (isinstance(player, int) and 0 <= player < self.num_players):
            raise ValueError(f"player must be None or 0..{self.num_players - 1}, not {player!r}")
        return self.definition.view(self.state, player)

    def full_view(self) -> dict[str, Any]:
        """Everything on the table, hidden or not (the teacher's view)."""
        return self.definition.full_view(self.state)

    @property
    def log(self) -> list[dict[str, Any]]:
        """The whole story: one entry for the set-up, then one per move, each with what changed."""
        return self._story()

    def log_for(self, player: int | None) -> list[dict[str, Any]]:
        """The log as ``player`` may read it: changes they may not see are left out."""
        out = []
        for entry in self._story():
            if entry["visible_to"] is not None and player not in entry["visible_to"]:
                continue
            changes = [c for c in entry["changes"] if c["visible_to"] is None or player in c["visible_to"]]
            out.append({**entry, "changes": changes})
        return out

    def _story(self) -> list[dict[str, Any]]:
        definition = self.definition
        state = definition.create_state(self.num_players, self.seed, self.options)
        state.events = []
        definition.runner.start(state)
        story = [{"ply": 0, "phase": "setup", "player": None, "move": None, "text": "Set-up",
                  "changes": self._named(state.events), "visible_to": None}]
        for move in self._moves:
            phase, player = state.phase, state.current
            visible_to = definition.move_visibility(state, move)
            state.events = []
            definition.advance(state, move)
            state.ply += 1
            story.append({"ply": state.ply, "phase": phase, "player": player, "move": str(move),
                          "text": f"{self.names[player]}: {move}", "changes": self._named(state.events),
                          "visible_to": visible_to})
        return story

    def _named(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Rule code writes {p0}, {p1}, ... for players; the log shows their names.

        One pass over the rule's text: a name is data, so a name such as "{p1}" is shown as written.
        """
        names = self.names

        def name(match: re.Match[str]) -> str:
            seat = int(match.group(1))
            return names[seat] if seat < len(names) else match.group(0)

        for event in events:
            event["text"] = _PLAYER_MARK.sub(name, event["text"])
        return events

    # --- saving ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.name,
                "rules_version": self.definition.info.rules_version, "players": self.num_players,
                "seed": self.seed, "options": dict(self.options), "mode": self.mode, "names": list(self.names),
                "moves": [str(m) for m in self._moves], "redo": [str(m) for m in reversed(self._redo)]}

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    # --- display -----------------------------------------------------------------------
    def __repr__(self) -> str:
        status = "over" if self.is_over else f"{self.phase} phase, {self.names[self.state.current]} to move"
        return f"<{self.definition.info.title}: {self.num_players} players, seed {self.seed}, ply {self.ply}, {status}>"

    def __str__(self) -> str:
        render = getattr(self.definition, "render_text", None)
        return render(self.state, None) if render else repr(self)


def _same_types(legal: Any, move: Any) -> bool:
    """Is ``move``, equal to the legal move, also made of values of the same types, field by field?"""
    if type(legal) is not type(move):
        return False
    if isinstance(legal, tuple):
        return all(_same_types(a, b) for a, b in zip(legal, move))
    return True


def _field_types(kind: type) -> dict[str, Any]:
    """The declared types of a NamedTuple move's fields ({} for other move types or unreadable hints)."""
    if kind not in _FIELD_TYPES:
        fields = getattr(kind, "_fields", None)
        try:
            hints = typing.get_type_hints(kind) if fields else {}
        except Exception:  # a hint that cannot be resolved is not checked
            hints = {}
        _FIELD_TYPES[kind] = {name: hints[name] for name in fields or () if name in hints}
    return _FIELD_TYPES[kind]


def _conforms(value: Any, expected: Any) -> bool:
    """Is ``value`` of the declared type, exactly (True is not an int, 1 is not a float, a list not a tuple)?"""
    if expected is Any:
        return True
    if expected is None or expected is type(None):
        return value is None
    origin = typing.get_origin(expected)
    args = typing.get_args(expected)
    if origin is typing.Union or origin is types.UnionType:
        return any(_conforms(value, arg) for arg in args)
    if origin is typing.Literal:
        return any(type(value) is type(arg) and value == arg for arg in args)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_conforms(item, args[0]) for item in value)
        return not args or (len(value) == len(args) and all(_conforms(v, a) for v, a in zip(value, args)))
    if origin is not None:
        return isinstance(value, origin)
    if not isinstance(expected, type):
        return True  # a hint this check does not read
    if expected is int or expected is float:
        return type(value) is expected or (isinstance(value, expected) and not isinstance(value, bool))
    return isinstance(value, expected)


def _type_name(expected: Any) -> str:
    return expected.__name__ if isinstance(expected, type) else str(expected).replace("typing.", "")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
