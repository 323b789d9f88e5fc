"""Village moves: immutable values whose text notation round-trips exactly.

=================================  =================================================================================
notation                           meaning
=================================  =================================================================================
``take crafts green``              take a green cube from the crafts area (``plague`` for a plague cube)
``well market brown +1c``          the Well: return two brown and one coin, then hold the market action
``well harvest +3c``               the Well paid with three coins
``free travel``                    a last action when the board has no cubes left (no Well payment)
``skip``                           keep the cube and do not act
``harvest``                        harvest grain
``birth``                          the lowest-numbered unborn villager comes onto the farm
``recall council2 g1``             bring the generation-1 councillor on stage 2 back to the farm
``craft wagon train g2``           a generation-2 farm villager trains at the wagon maker and makes a wagon
``craft ox worker``                a villager already trained at the stables makes an ox
``craft scroll pay +1c``           pay the office's resource instead (a coin stands in for the pink cube)
``mill``                           the mill: 2 time and 2 grain for 2 coins
``craft beer worker_tool``         (options) the Inn's brewery makes beer; a Marriage tool doubles the output
``council farm g1 green``          a farm villager enters stage 1 for two green (``scroll`` pays a scroll)
``council council1 g1 scroll``     the generation-1 councillor on stage 1 advances to stage 2
``privilege 3 ox``                 take a council privilege (stage 3 names the good)
``privilege none``                 take no privilege after entering or advancing
``travel farm altdorf g1``         a farm villager travels to Altdorf
``travel altdorf cleve g1 +1c``    a traveller moves on, a coin standing in for a route cube
``church g1 brown``                a farm villager goes into the black bag for one brown (``time`` for three time)
``serve 2``                        serve the customer on stall 2 (``+1c``: a coin pays the surcharge's green)
``pass``                           pass for the rest of the market day
``cubes green pink``               choose two influence cubes (privilege 2, a town's reward)
``dies farm g1``                   the generation-1 villager on the farm dies
``redeem g2``                      Mass: pay a coin to take an own generation-2 villager out of the bag
``raise church1 g2``               Mass: advance a villager one church stage, paying its grain
``raise church1 bread g2``         (Marriage) the same, paying one bread instead of the grain
``done``                           Mass: finish buying out or advancing
=================================  =================================================================================

A villager is named by its place and generation (``g1`` .. ``g4``); coins paid in place of influence
cubes are written last (``+2c``). Numbers are ASCII digits (``serve ²`` or ``serve ٣`` is not notation).
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ...core.errors import InvalidNotation
from .data import AREAS, COLOURS, CUBE_NAMES, GOODS
from .places import PLACE_INDEX

BARE = ("skip", "harvest", "birth", "mill", "pass", "done")
KINDS = BARE + ("take", "well", "free", "recall", "craft", "council", "privilege", "travel", "church", "serve",
                "cubes", "dies", "redeem", "raise")
HOW = ("train", "worker", "pay", "train_tool", "worker_tool", "pay_tool")


class Move(NamedTuple):
    kind: str
    a: str = ""
    b: str = ""
    gen: int = 0  # the generation of the villager the move uses (0: none)
    coins: int = 0  # coins paid in place of influence cubes

    def __str__(self) -> str:
        words = [str(self.kind)]  # str() throughout: a hand-built move with a wrong field must still print
        if self.a:
            words.append(str(self.a))
        if self.b:
            words.append(str(self.b))
        if self.gen:
            words.append(f"g{self.gen}")
        if self.kind == "council" and self.b:  # the payment reads last: "council farm g1 green"
            words = [self.kind, str(self.a), f"g{self.gen}", str(self.b)]
        if self.kind == "church":
            words = [self.kind, f"g{self.gen}", str(self.b)]
        if self.coins:
            words.append(f"+{self.coins}c")
        return " ".join(words)


_COINS = re.compile(r"^\+([1-9])c$")
_GEN = re.compile(r"^g([1-4])$")
_STALL = re.compile(r"[1-9][0-9]*", re.ASCII)  # ASCII digits only: "²" and "٣" are not stall numbers


def _bad(text: str, why: str) -> InvalidNotation:
    return InvalidNotation(f"{text!r}: {why}; examples: 'take crafts green', 'harvest', 'craft wagon pay', "
                           "'council farm g1 green', 'serve 1', 'pass', 'dies farm g1'")


def parse(text: str) -> Move:
    """Read a move's notation (syntax and names only; legality is the game's business)."""
    if not isinstance(text, str):
        raise InvalidNotation(f"a move's notation is text, not {type(text).__name__}")
    words = text.strip().lower().split()
    if not words or words[0] not in KINDS:
        raise _bad(text, "not a Village move")
    kind, rest = words[0], words[1:]
    coins = 0
    if rest and _COINS.match(rest[-1]):
        coins = int(rest.pop()[1:-1])
    gen = 0
    gens = [w for w in rest if _GEN.match(w)]
    if len(gens) > 1:
        raise _bad(text, "one villager per move")
    if gens:
        gen = int(gens[0][1:])
        rest.remove(gens[0])
    if kind in BARE:
        if rest or gen or coins:
            raise _bad(text, f"'{kind}' takes nothing more")
        return Move(kind)
    move = _shaped(text, kind, rest, gen, coins)
    return move


def _shaped(text: str, kind: str, rest: list[str], gen: int, coins: int) -> Move:
    a = rest[0] if rest else ""
    b = rest[1] if len(rest) > 1 else ""
    if len(rest) > 2:
        raise _bad(text, "too many words")
    checks = {
        "take": a in AREAS and b in CUBE_NAMES and not gen and not coins,
        "well": a in AREAS and (b in COLOURS or (not b and coins == 3)) and not gen,
        "free": a in AREAS and not b and not gen and not coins,
        "recall": a in PLACE_INDEX and not b and gen > 0 and not coins,
        "craft": a in GOODS and b in HOW and (gen > 0) == b.startswith("train") and (not coins or b.startswith("pay")),
        "council": a in PLACE_INDEX and b in ("green", "scroll") and gen > 0,
        "privilege": a in ("1", "2", "3", "4", "none") and ((a == "3") == (b in GOODS)) and not gen and not coins
        and (a == "3" or not b),
        "travel": a in PLACE_INDEX and b in PLACE_INDEX and gen > 0,
        "church": a in ("brown", "time") and not b and gen > 0,
        "serve": _STALL.fullmatch(a) is not None and not b and not gen,
        "cubes": a in COLOURS and b in COLOURS and not gen and not coins,
        "dies": a in PLACE_INDEX and not b and gen > 0 and not coins,
        "redeem": not a and gen > 0 and not coins,
        "raise": a in PLACE_INDEX and b in ("", "bread") and gen > 0 and not coins,
    }
    if not checks[kind]:
        raise _bad(text, f"this is not how a '{kind}' move is written")
    if kind == "church":
        a, b = "", a
    if kind == "cubes" and COLOURS.index(a) > COLOURS.index(b):
        a, b = b, a  # one notation per choice: colours in the order of COLOURS
    return Move(kind, a, b, gen, coins)
