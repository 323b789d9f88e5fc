"""Keythedral moves: immutable values whose text notation round-trips exactly.

Board places are doubled coordinates ``x,y`` (fields odd-odd, cottage sites even-even, the Keythedral on
``0,0``). Cubes are letters: S stone, T timber, F food, W water, V wine, I ironwork, G glass, A gold.

==========================  ==============================================================
notation                    meaning
==========================  ==============================================================
``field 3,1``               set-up: lay the top field tile on field 3,1
``cottage 2@2,2``           set-up: lay your cottage number 2 on site 2,2
``order 3``                 phase one: put the next work order marker on number 3
``worker 3,1``              phase one: a worker of the called cottage or house enters field 3,1
``pass``                    phase three: pass (you may act again later)
``buy 1-A``                 buy building tile 1-A, paying its cubes
``house 2``                 turn your cottage 2 into a house
``fence 2,2>3,1``           build a fence between site 2,2 and field 3,1
``unfence 2,2>3,1``         remove that fence (two wine)
``craft I ST``              buy an ironwork cube (I, G or A) paying the cubes listed
``trade V ST``              the trader gives a wine for the cubes listed
``law 1 S``                 procure the law card on new-law space 1, paying one stone
``relocate 4,2``            lay your fenced-off cottage again on site 4,2
``bid 3``                   phase five: bid three cubes (``bid 0``: no bid)
``give S``                  pay one cube of the bid
``take S``                  Unexpected harvest: take a stone for a worker in the chosen field type
``start 2``                 make player 2 the start player
``buy 2-C +T``              buy 2-C carrying a price increase, paying one extra timber
``buy 2-C =SSTV``           buy 2-C with Substitution, paying the cubes listed
``trade WV F``              Bargain: the trader gives two cubes for one
``play start_order 2``      play a law card with its choice (a tile, player, field type, place...)
``play work_order``         play a law card that needs no choice
``play craft_bargain I:S``  Craft bargain: a used ironwork from the store for one stone
``decline``                 play no law card in an open law window
==========================  ==============================================================
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ...core.errors import InvalidNotation
from .board import Node, fmt, parse_node
from .data import BUILDING_INDEX, LAW_INDEX, LETTER

NO_NODE: Node = (0, 0)


class Move(NamedTuple):
    kind: str
    num: int = 0  # cottage number, order number, space, bid, seat (1-based)
    node: Node = NO_NODE
    node2: Node = NO_NODE
    tile: str = ""  # building tile id, or the law card id for ``play``
    pay: str = ""  # cube letters paid, sorted
    get: str = ""  # cube letter(s) received or chosen
    extra: str = ""  # law-card arguments (see laws.py)

    def __str__(self) -> str:
        if malformed(self) is not None:  # a hand-built value: say what it holds rather than fail
            return repr(self)
        k = self.kind
        if k in ("pass", "decline"):
            return k
        if k == "field" or k == "worker" or k == "relocate":
            return f"{k} {fmt(self.node)}"
        if k == "cottage":
            return f"cottage {self.num}@{fmt(self.node)}"
        if k in ("order", "house", "bid", "start"):
            return f"{k} {self.num}"
        if k == "buy":
            return f"buy {self.tile}" + (f" {self.extra}" if self.extra else "")
        if k in ("fence", "unfence"):
            return f"{k} {fmt(self.node)}>{fmt(self.node2)}"
        if k in ("craft", "trade"):
            return f"{k} {self.get} {self.pay}"
        if k == "law":
            return f"law {self.num} {self.pay}"
        if k == "give":
            return f"give {self.pay}"
        if k == "take":
            return f"take {self.get}"
        if k == "play":
            return f"play {self.tile}" + (f" {self.extra}" if self.extra else "")
        return repr(self)


KINDS = ("pass", "decline", "field", "worker", "relocate", "cottage", "order", "house", "bid", "start", "buy",
         "fence", "unfence", "craft", "trade", "law", "give", "take", "play")


def _is_int(value: object) -> bool:
    return isinstance(value, int)


def _is_node(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(isinstance(c, int) for c in value)


def malformed(move: "Move") -> str | None:
    """The first field of ``move`` whose value no Keythedral move can have, in words (None: all fields fit)."""
    if not isinstance(move.kind, str) or move.kind not in KINDS:
        return f"kind {move.kind!r} is not a Keythedral move kind"
    if not _is_int(move.num):
        return f"num must be a whole number, not {move.num!r}"
    for name in ("node", "node2"):
        if not _is_node(getattr(move, name)):
            return f"{name} must be a board place (x, y) of two whole numbers, not {getattr(move, name)!r}"
    for name in ("tile", "pay", "get", "extra"):
        if not isinstance(getattr(move, name), str):
            return f"{name} must be text, not {getattr(move, name)!r}"
    return None


PASS = Move("pass")
DECLINE = Move("decline")
_CUBES = re.compile(r"^[STFWVIGA]+$")


def sort_cubes(text: str) -> str:
    return "".join(sorted(text, key=LETTER.index))


def _node(text: str, whole: str) -> Node:
    node = parse_node(text)
    if node is None:
        raise InvalidNotation(f"{whole!r}: {text!r} is not a board place (write x,y, e.g. 3,1)")
    return node


_DIGITS = re.compile(r"[0-9]+")  # ASCII digits only: str.isdigit() also accepts "²" and "٣"


def _int(text: str, whole: str) -> int:
    if not _DIGITS.fullmatch(text):
        raise InvalidNotation(f"{whole!r}: {text!r} is not a whole number")
    return int(text)


def _cubes(text: str, whole: str) -> str:
    if not _CUBES.match(text):
        raise InvalidNotation(f"{whole!r}: {text!r} is not a list of cube letters (S T F W V I G A)")
    if sort_cubes(text) != text:
        raise InvalidNotation(f"{whole!r}: write the cubes in the order S T F W V I G A ({sort_cubes(text)})")
    return text


def _extra(args: list[str], whole: str) -> str:
    """A law card's or a price card's argument: cube letters, places and tile ids, all in ASCII."""
    extra = args[1] if len(args) == 2 else ""
    if not extra.isascii():
        raise InvalidNotation(f"{whole!r}: {extra!r} is not a card argument (ASCII letters, digits and , > - : + =)")
    return extra


def parse(text: str) -> Move:
    """Read a move's notation (syntax and names only; legality is the game's business)."""
    if not isinstance(text, str):
        raise InvalidNotation(f"a move's notation is text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise InvalidNotation("an empty move; examples: 'pass', 'order 3', 'worker 3,1', 'buy 1-A'")
    k, args = words[0], words[1:]
    if k in ("pass", "decline") and not args:
        return Move(k)
    if k in ("field", "worker", "relocate") and len(args) == 1:
        return Move(k, node=_node(args[0], text))
    if k == "cottage" and len(args) == 1 and "@" in args[0]:
        num, where = args[0].split("@", 1)
        return Move(k, num=_int(num, text), node=_node(where, text))
    if k in ("order", "house", "bid", "start") and len(args) == 1:
        return Move(k, num=_int(args[0], text))
    if k == "buy" and len(args) in (1, 2):
        if args[0] not in BUILDING_INDEX:
            raise InvalidNotation(f"{text!r}: no building tile {args[0]!r} (ids look like 1-A .. 5-D)")
        return Move(k, tile=args[0], extra=_extra(args, text))
    if k in ("fence", "unfence") and len(args) == 1 and ">" in args[0]:
        a, b = args[0].split(">", 1)
        return Move(k, node=_node(a, text), node2=_node(b, text))
    if k in ("craft", "trade") and len(args) == 2:
        if len(args[0]) not in (1, 2):
            raise InvalidNotation(f"{text!r}: name the cube to receive, e.g. '{k} I ST'")
        return Move(k, get=_cubes(args[0], text), pay=_cubes(args[1], text))
    if k == "law" and len(args) == 2:
        return Move(k, num=_int(args[0], text), pay=_cubes(args[1], text))
    if k == "take" and len(args) == 1 and len(args[0]) == 1:
        return Move(k, get=_cubes(args[0], text))
    if k == "give" and len(args) == 1:
        return Move(k, pay=_cubes(args[0], text))
    if k == "play" and len(args) in (1, 2):
        if args[0] not in LAW_INDEX:
            raise InvalidNotation(f"{text!r}: no law card {args[0]!r}")
        return Move(k, tile=args[0], extra=_extra(args, text))
    raise InvalidNotation(f"{text!r} is not a Keythedral move; examples: 'field 3,1', 'cottage 2@2,2', 'order 3', "
                          "'worker 3,1', 'pass', 'buy 1-A', 'house 2', 'fence 2,2>3,1', 'craft I ST', 'trade V ST', "
                          "'law 1 S', 'bid 2', 'give S', 'start 1'")
