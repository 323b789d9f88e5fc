"""The engine's own checks, made before any rule code runs.

In order: the game is over; the value is not a move of this game (its class, or a field not
of its declared type: ``True`` is not 1 and ``1.0`` is not 1, and neither is coerced); the seat
may not act now; the move kind is not one the current phase allows (read from the one phase
declaration). Rule code never checks these again.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from typing import TYPE_CHECKING, Any, Callable

from .moves import CHANCE, Refusal

if TYPE_CHECKING:
    from .game import Game

_FIELD_TYPES: dict[type, dict[str, Any]] = {}  # per move class: its fields' declared types


def engine_refusal(game: Game, move: Any, player: int | None) -> Refusal | None:
    d, state = game.definition, game.state
    if game.is_over:
        return Refusal("core.game_over", "the game is over", "start a new game, or undo to go back")
    problem = not_a_move(game, move)
    if problem:
        return Refusal("core.not_a_move", problem)
    seat = d.seat_of(state, move)
    seats = game.to_act()
    if player is not None and player != seat:
        return Refusal("core.not_your_turn", f"the move is {_who(game, seat)}'s, but {_who(game, player)} makes it",
                       "make a move with your own seat")
    if seat not in seats:
        now = "the game stands at a random draw" if seats == (CHANCE,) else \
            f"{' or '.join(_who(game, s) for s in seats)} to act now"
        return Refusal("core.not_your_turn", f"{_who(game, seat)} may not act now: {now}",
                       "wait for your turn")
    allowed = d.flow.phase(state.phase).moves
    kind = getattr(move, "kind", None)
    if kind not in allowed:
        return out_of_phase(game, move, allowed)
    return None


def out_of_phase(game: Game, move: Any, allowed: tuple[str, ...]) -> Refusal:
    """A move of a kind the phase does not allow: the game's reason where it has one (its kind's ``outside``
    check, then the rule of the card, action or window the kind belongs to), ``core.wrong_phase`` only where the
    game declares none."""
    d, state, kind = game.definition, game.state, move.kind
    here = d.flow.phase(state.phase).label
    remedy = f"moves here are: {', '.join(allowed)}"
    declared = d.kind_of.get(kind)
    if declared is not None and declared.outside is not None:
        refusal = declared.outside(state, move)
        if refusal is not None:
            return refusal
    if declared is None or not declared.rule:
        return Refusal("core.wrong_phase", f"this is not a move of \"{here}\"", remedy)
    # The phases named are the board's (their labels), and only those this game can reach (no variant's).
    off = getattr(d.words, "off_phases", None)
    unreached = off(game.options) if off is not None else frozenset()
    when = " or ".join(dict.fromkeys(f'"{p.label}"' for p in d.flow.phases if kind in p.moves
                                     and p.name not in unreached)) or "another phase"
    return Refusal(declared.rule, f"this is a move of {when}, not of \"{here}\"", remedy)


def _who(game: Game, seat: int) -> str:
    if seat == CHANCE:
        return "Chance"
    return game.names[seat] if 0 <= seat < game.num_players else f"seat {seat}"


def not_a_move(game: Game, move: object) -> str:
    """Why ``move`` is not a move value of this game with fields of their declared types ("" if it is)."""
    d = game.definition
    classes = game.move_classes()
    if not classes:
        return ""
    if type(move) not in classes:
        names = ", ".join(c.__name__ for c in classes[:6]) + (", ..." if len(classes) > 6 else "")
        which = f"of type {names}" if len(classes) == 1 else f"of one of its move types ({names})"
        return (f"a {d.info.title} move is a value {which} or its notation, "
                f"not {type(move).__name__} {_short(move)}")
    for name, expected, test in field_tests(type(move)):
        value = getattr(move, name)
        if not test(value):
            return (f"field {name!r} of a move must be {_type_name(expected)}, "
                    f"not {type(value).__name__} {_short(value)}")
    return ""


_FIELD_TESTS: dict[type, tuple[tuple[str, Any, Callable[[object], bool]], ...]] = {}


def field_tests(kind: type) -> tuple[tuple[str, Any, Callable[[object], bool]], ...]:
    """Per field of a move class: its name, declared type and a test equal to ``conforms`` for that type, made
    once per class (a move is checked on every unlisted ``apply``: reading the hints each time cost more than
    the move)."""
    tests = _FIELD_TESTS.get(kind)
    if tests is None:
        tests = _FIELD_TESTS[kind] = tuple((name, expected, _test(expected))
                                           for name, expected in field_types(kind).items())
    return tests


def _exact_int(value: object) -> bool:
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


def _test(expected: Any) -> Callable[[object], bool]:
    """``conforms`` for one declared type: direct for a plain class, the general reading otherwise."""
    if expected is int:
        return _exact_int
    if isinstance(expected, type) and expected is not float and typing.get_origin(expected) is None:
        return lambda value: isinstance(value, expected)
    return lambda value: conforms(value, expected)


def field_types(kind: type) -> dict[str, Any]:
    """The declared types of a move class's fields ({} where the hints cannot be read)."""
    if kind not in _FIELD_TYPES:
        if dataclasses.is_dataclass(kind):
            fields = tuple(f.name for f in dataclasses.fields(kind))
        else:
            fields = getattr(kind, "_fields", ())
        try:
            hints = typing.get_type_hints(kind) if fields else {}
        except Exception:  # a hint that cannot be resolved is not checked
            hints = {}
        _FIELD_TYPES[kind] = {name: hints[name] for name in fields if name in hints}
    return _FIELD_TYPES[kind]


def conforms(value: object, expected: Any) -> bool:
    """Is ``value`` of the declared type, exactly (True is not an int, 1 is not a float, a list not a tuple)?"""
    if expected is Any:
        return True
    if expected is None or expected is type(None):
        return value is None
    origin = typing.get_origin(expected)
    args = typing.get_args(expected)
    if origin is typing.Union or origin is types.UnionType:
        return any(conforms(value, arg) for arg in args)
    if origin is typing.Literal:
        return any(type(value) is type(arg) and value == arg for arg in args)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(conforms(item, args[0]) for item in value)
        return not args or (len(value) == len(args) and all(conforms(v, a) for v, a in zip(value, args)))
    if origin is not None:
        return isinstance(value, origin)
    if not isinstance(expected, type):
        return True  # a hint this check does not read
    if expected is int or expected is float:
        return type(value) is expected or (isinstance(value, expected) and not isinstance(value, bool))
    return isinstance(value, expected)


def _type_name(expected: Any) -> str:
    return expected.__name__ if isinstance(expected, type) else str(expected).replace("typing.", "")


def _short(value: object) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 60 else text[:57] + "..."
