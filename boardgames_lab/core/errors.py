"""Errors a user can trigger. Each names the rule or the field at fault."""
from __future__ import annotations


class GameError(Exception):
    """Base of every error the package raises on purpose."""


class IllegalMove(GameError, ValueError):
    """A move the rules forbid in this position. The game is left as it was.

    ``rule`` is the id of the rule that forbids it, ``reason`` says why here and
    what would make it legal.
    """

    def __init__(self, move: object, rule: str, reason: str, phase: str = "", player: int | None = None,
                 player_name: str = "", text: str | None = None):
        self.move = move
        self.rule = rule
        self.reason = reason
        self.phase = phase
        self.player = player  # the seat index, counted from 0
        who = player_name or (f"seat {player}" if player is not None else "")
        where = f" ({phase} phase{', ' + who + ' to move' if who else ''})" if phase else ""
        super().__init__(f"{text if text is not None else move_text(move)} is illegal{where}: {reason} [{rule}]")


def move_text(move: object) -> str:
    """A move's notation, or its repr when it is not a well-formed move (its ``__str__`` may fail then)."""
    try:
        return str(move)
    except Exception:  # a hostile value must still get its IllegalMove
        return repr(move)


class InvalidNotation(GameError, ValueError):
    """Text that is not a move of this game at all."""


class UndoBlocked(GameError):
    """Undo refused by the play-mode policy (it would cross revealed information or a random draw)."""


class SaveFormatError(GameError, ValueError):
    """A saved game that fails validation; nothing was loaded."""


class UnknownGame(GameError, KeyError):
    """No registered game has this name."""

    def __str__(self) -> str:  # KeyError quotes its argument; we want a sentence
        return str(self.args[0])


class OptionError(GameError, ValueError):
    """An option or player count the game does not accept."""


class PositionError(GameError, ValueError):
    """A position (a snapshot of a game) that fails validation; ``field`` names the part at fault."""

    def __init__(self, field: str, reason: str):
        self.field = field
        self.reason = reason
        super().__init__(f"field {field!r}: {reason}")
