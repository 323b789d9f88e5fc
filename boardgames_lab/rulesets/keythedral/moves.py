"""Keythedral moves: one small frozen value per move kind, with the rulebook's field names, and their notation.

Board places are doubled coordinates ``x,y`` (fields odd-odd, cottage sites even-even, the Keythedral on
``0,0``). Cubes are letters: S stone, T timber, F food, W water, V wine, I ironwork, G glass, A gold.
The notation leaves the seat out (the seat is said apart); ``parse(text, seat)`` reads it back.

==========================  ==============================================================
notation                    meaning
==========================  ==============================================================
``field 3,1``               set-up: lay the top field tile on field 3,1
``cottage 2@2,2``           set-up: lay your cottage number 2 on site 2,2
``order 3``                 phase one: put the next work order marker on number 3
``worker 3,1``              phase one: a worker of the called cottage or house enters field 3,1
``pass``                    phase three: pass (you may act again later)
``buy 1-A``                 buy building tile 1-A, paying its cubes
``buy 2-C +T``              buy 2-C carrying a price increase, paying one extra timber
``buy 2-C =SSTV``           buy 2-C with Substitution, paying the cubes listed
``house 2``                 turn your cottage 2 into a house
``fence 2,2>3,1``           build a fence between site 2,2 and field 3,1
``unfence 2,2>3,1``         remove that fence (two wine)
``craft I ST``              buy an ironwork cube (I, G or A) paying the cubes listed
``trade V ST``              the trader gives a wine for the cubes listed
``trade WV F``              Bargain: the trader gives two cubes for one
``law 1 S``                 procure the law card on new-law space 1, paying one stone
``relocate 4,2``            lay your fenced-off cottage again on site 4,2
``bid 3``                   phase five: bid three cubes (``bid 0``: no bid)
``give S``                  pay one cube of the bid
``take S``                  Unexpected harvest: take a stone for a worker in the chosen field type
``start 2``                 make player 2 the start player
``play start_order 2``      play a law card with its choice (a tile, player, field type, place...)
``play work_order``         play a law card that needs no choice
``play craft_bargain I:S``  Craft bargain: a used ironwork from the store for one stone
``decline``                 play no law card in an open law window
``draw 12``                 chance: field tile 12 (data.FIELD_TILES) is the top tile taken
``deal 1 work_order``       chance: that law card is laid face down on new-law space 1
``turn 2-A,2-C,2-D,2-F``    chance: the tiles of a stage turned face up
``replace 2-E``             chance: Design change's random tile, 2-E, takes the old one's place
==========================  ==============================================================
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.errors import InvalidNotation
from ...core.moves import WHOLE_DIGITS, Move, whole_number
from .data import Node, fmt, parse_node
from .data import BUILDING_INDEX, LAW_INDEX, LETTER
from .draws import DealLaw, DrawField, ReplaceTile, TurnTiles


@dataclass(frozen=True, slots=True)
class LayField(Move):
    """Set up: lay the top field tile of the stack on ``field``."""
    field: tuple[int, int]
    kind = "field"

    def __str__(self) -> str:
        return f"field {fmt(self.field)}"


@dataclass(frozen=True, slots=True)
class LayCottage(Move):
    """Set up: lay one's cottage ``number`` on ``site``."""
    number: int
    site: tuple[int, int]
    kind = "cottage"

    def __str__(self) -> str:
        return f"cottage {self.number}@{fmt(self.site)}"


@dataclass(frozen=True, slots=True)
class ChooseOrder(Move):
    """Phase one: the next work order marker goes on ``number``."""
    number: int
    kind = "order"

    def __str__(self) -> str:
        return f"order {self.number}"


@dataclass(frozen=True, slots=True)
class PlaceWorker(Move):
    """Phase one: a worker of the cottage or house called now enters ``field``."""
    field: tuple[int, int]
    kind = "worker"

    def __str__(self) -> str:
        return f"worker {fmt(self.field)}"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Phase three: no action this turn (the player may act again later)."""
    kind = "pass"


@dataclass(frozen=True, slots=True)
class BuyTile(Move):
    """Phase three, action one: buy building ``tile``. ``change`` picks the cube a price card adds (``+T``) or
    takes off (``-S``); ``paid`` lists the cubes paid under Substitution (empty otherwise)."""
    tile: str
    change: str = ""
    paid: str = ""
    kind = "buy"

    def __str__(self) -> str:
        if self.paid:
            return f"buy {self.tile} ={self.paid}"
        return f"buy {self.tile} {self.change}" if self.change else f"buy {self.tile}"


@dataclass(frozen=True, slots=True)
class BuildHouse(Move):
    """Phase three, action two: one's cottage ``number`` becomes a house."""
    number: int
    kind = "house"

    def __str__(self) -> str:
        return f"house {self.number}"


@dataclass(frozen=True, slots=True)
class BuildFence(Move):
    """Phase three, action three: a fence between ``site`` and ``field``."""
    site: tuple[int, int]
    field: tuple[int, int]
    kind = "fence"

    def __str__(self) -> str:
        return f"fence {fmt(self.site)}>{fmt(self.field)}"


@dataclass(frozen=True, slots=True)
class RemoveFence(Move):
    """Phase three, action three: the fence between ``site`` and ``field`` leaves the game (two wine)."""
    site: tuple[int, int]
    field: tuple[int, int]
    kind = "unfence"

    def __str__(self) -> str:
        return f"unfence {fmt(self.site)}>{fmt(self.field)}"


@dataclass(frozen=True, slots=True)
class BuyCraft(Move):
    """Phase three, action four: a craft shop gives one ``craft`` cube (I, G or A) for the cubes ``paid``."""
    craft: str
    paid: str
    kind = "craft"

    def __str__(self) -> str:
        return f"craft {self.craft} {self.paid}"


@dataclass(frozen=True, slots=True)
class Trade(Move):
    """Phase three, action five: the trader gives ``receive`` (one resource cube; two under Bargain) for ``paid``."""
    receive: str
    paid: str
    kind = "trade"

    def __str__(self) -> str:
        return f"trade {self.receive} {self.paid}"


@dataclass(frozen=True, slots=True)
class ProcureLaw(Move):
    """Phase three, action six: the law card on new-law ``space`` (1 or 2) for one cube ``paid``."""
    space: int
    paid: str
    kind = "law"

    def __str__(self) -> str:
        return f"law {self.space} {self.paid}"


@dataclass(frozen=True, slots=True)
class Relocate(Move):
    """A fenced-off cottage or house is laid again on ``site``."""
    site: tuple[int, int]
    kind = "relocate"

    def __str__(self) -> str:
        return f"relocate {fmt(self.site)}"


@dataclass(frozen=True, slots=True)
class Bid(Move):
    """Phase five: bid ``cubes`` cubes for the start player marker (0: no bid)."""
    cubes: int
    kind = "bid"

    def __str__(self) -> str:
        return f"bid {self.cubes}"


@dataclass(frozen=True, slots=True)
class GiveCube(Move):
    """Phase five: pay one ``cube`` of the winning bid."""
    cube: str
    kind = "give"

    def __str__(self) -> str:
        return f"give {self.cube}"


@dataclass(frozen=True, slots=True)
class TakeCube(Move):
    """Unexpected harvest: take one ``cube`` of a chosen resource colour from the store."""
    cube: str
    kind = "take"

    def __str__(self) -> str:
        return f"take {self.cube}"


@dataclass(frozen=True, slots=True)
class ChooseStart(Move):
    """Phase five: make seat ``start_player`` (0-based; the notation counts from 1) the start player."""
    start_player: int
    kind = "start"

    def __str__(self) -> str:
        return f"start {self.start_player + 1}"


@dataclass(frozen=True, slots=True)
class PlayLaw(Move):
    """Play the law card ``law`` (its id) with its ``choice`` (a tile, a player, a field type, a place...)."""
    law: str
    choice: str = ""
    kind = "play"

    def __str__(self) -> str:
        return f"play {self.law} {self.choice}" if self.choice else f"play {self.law}"


@dataclass(frozen=True, slots=True)
class Decline(Move):
    """Play no law card in the open law window."""
    kind = "decline"


CHANCE_CLASSES = (DrawField, DealLaw, TurnTiles, ReplaceTile)  # the moves of chance, in draws.py
MOVE_CLASSES = (LayField, LayCottage, ChooseOrder, PlaceWorker, Pass, BuyTile, BuildHouse, BuildFence, RemoveFence,
                BuyCraft, Trade, ProcureLaw, Relocate, Bid, GiveCube, TakeCube, ChooseStart, PlayLaw, Decline,
                *CHANCE_CLASSES)
_CUBES = re.compile(r"^[STFWVIGA]+$")
_ARGUMENT = re.compile(r"[A-Za-z0-9,>\-:+=]*")


def sort_cubes(text: str) -> str:
    return "".join(sorted(text, key=LETTER.index))


def _node(text: str, whole: str) -> Node:
    node = parse_node(text)
    if node is None:
        raise InvalidNotation(f"{whole!r}: {text!r} is not a board place (write x,y, e.g. 3,1)")
    return node


def _int(text: str, whole: str) -> int:
    number = whole_number(text)
    if number is None:
        raise InvalidNotation(f"{whole!r}: {text!r} is not a whole number (ASCII digits, at most {WHOLE_DIGITS})")
    return number


def _cubes(text: str, whole: str) -> str:
    if not _CUBES.match(text):
        raise InvalidNotation(f"{whole!r}: {text!r} is not a list of cube letters (S T F W V I G A)")
    if sort_cubes(text) != text:
        raise InvalidNotation(f"{whole!r}: write the cubes in the order S T F W V I G A ({sort_cubes(text)})")
    return text


def _argument(args: list[str], whole: str) -> str:
    """A law card's or a price card's argument: cube letters, places and tile ids, all in ASCII."""
    extra = args[1] if len(args) == 2 else ""
    if not extra.isascii() or not _ARGUMENT.fullmatch(extra):
        raise InvalidNotation(f"{whole!r}: {extra!r} is not a card argument (ASCII letters, digits and , > - : + =)")
    return extra


def _tile(text: str, whole: str) -> str:
    if text not in BUILDING_INDEX:
        raise InvalidNotation(f"{whole!r}: no building tile {text!r} (ids look like 1-A .. 5-D)")
    return text


def _buy(seat: int, args: list[str], text: str) -> BuyTile:
    if args[0] not in BUILDING_INDEX:
        raise InvalidNotation(f"{text!r}: no building tile {args[0]!r} (ids look like 1-A .. 5-D)")
    extra = _argument(args, text)
    if extra.startswith("="):
        return BuyTile(seat, args[0], "", _cubes(extra[1:], text))
    return BuyTile(seat, args[0], extra)


def _two_places(kind: str, seat: int, arg: str, text: str) -> BuildFence | RemoveFence:
    a, b = arg.split(">", 1)
    cls = BuildFence if kind == "fence" else RemoveFence
    return cls(seat, _node(a, text), _node(b, text))


def _exchange(kind: str, seat: int, args: list[str], text: str) -> BuyCraft | Trade:
    if len(args[0]) not in (1, 2):
        raise InvalidNotation(f"{text!r}: name the cube to receive, e.g. '{kind} I ST'")
    get, paid = _cubes(args[0], text), _cubes(args[1], text)
    return BuyCraft(seat, get, paid) if kind == "craft" else Trade(seat, get, paid)


def _play(seat: int, args: list[str], text: str) -> PlayLaw:
    if args[0] not in LAW_INDEX:
        raise InvalidNotation(f"{text!r}: no law card {args[0]!r}")
    return PlayLaw(seat, args[0], _argument(args, text))


def _one(k: str, seat: int, arg: str, text: str) -> Move | None:
    """The kinds written with one word after the kind."""
    if k == "field":
        return LayField(seat, _node(arg, text))
    if k == "worker":
        return PlaceWorker(seat, _node(arg, text))
    if k == "relocate":
        return Relocate(seat, _node(arg, text))
    if k == "cottage" and "@" in arg:
        num, where = arg.split("@", 1)
        return LayCottage(seat, _int(num, text), _node(where, text))
    if k in ("fence", "unfence") and ">" in arg:
        return _two_places(k, seat, arg, text)
    numbered = {"order": ChooseOrder, "house": BuildHouse, "bid": Bid}
    if k in numbered:
        return numbered[k](seat, _int(arg, text))
    if k == "start":
        number = _int(arg, text)
        if number == 0:
            raise InvalidNotation(f"{text!r}: players are numbered from 1")
        return ChooseStart(seat, number - 1)
    if k == "draw":
        return DrawField(seat, _int(arg, text))
    if k == "replace":
        return ReplaceTile(seat, _tile(arg, text))
    if k == "turn":
        return TurnTiles(seat, ",".join(_tile(t, text) for t in arg.split(",")))
    if k == "take" and len(arg) == 1:
        return TakeCube(seat, _cubes(arg, text))
    if k == "give" and len(arg) == 1:
        return GiveCube(seat, _cubes(arg, text))
    return None


def parse(text: str, seat: int) -> Move:
    """Read a move's notation as ``seat``'s move (syntax and names only; legality is the game's business)."""
    if not isinstance(text, str):
        raise InvalidNotation(f"a move's notation is text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise InvalidNotation("an empty move; examples: 'pass', 'order 3', 'worker 3,1', 'buy 1-A'")
    k, args = words[0].lower(), words[1:]
    if k in ("craft", "trade", "law", "give", "take", "buy", "replace", "turn"):
        args = [a.upper() for a in args]  # cube letters and tile ids are capitals: "craft i st" reads "craft I ST"
    elif k == "play" and args:
        args = [args[0].lower(), *args[1:]]  # a law card's id
    move: Move | None = None
    if k in ("pass", "decline") and not args:
        move = Pass(seat) if k == "pass" else Decline(seat)
    elif len(args) == 1:
        move = _one(k, seat, args[0], text)
    if move is None and k == "buy" and len(args) in (1, 2):
        move = _buy(seat, args, text)
    elif move is None and k in ("craft", "trade") and len(args) == 2:
        move = _exchange(k, seat, args, text)
    elif move is None and k == "law" and len(args) == 2:
        move = ProcureLaw(seat, _int(args[0], text), _cubes(args[1], text))
    elif move is None and k == "deal" and len(args) == 2:
        if args[1] not in LAW_INDEX:
            raise InvalidNotation(f"{text!r}: no law card {args[1]!r}")
        move = DealLaw(seat, _int(args[0], text), args[1])
    elif move is None and k == "play" and len(args) in (1, 2):
        move = _play(seat, args, text)
    if move is None:
        raise InvalidNotation(f"{text!r} is not a Keythedral move; examples: 'field 3,1', 'cottage 2@2,2', "
                              "'order 3', 'worker 3,1', 'pass', 'buy 1-A', 'house 2', 'fence 2,2>3,1', "
                              "'craft I ST', 'trade V ST', 'law 1 S', 'bid 2', 'give S', 'start 1'")
    return move
