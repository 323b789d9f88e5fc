"""Village moves: one small frozen value per move kind, fields named from the rulebook, notation both ways.

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
``seed harvest green plague``      Chance: a green and a plague cube drawn from the green bag onto the harvest area
``customer 12``                    Chance: customer tile 12 drawn from the face-down pile into the market line
``monk``                           Chance: a monk drawn from the black bag at Mass (it goes back afterwards)
``villager seat1 g2``              Chance: seat 1's generation-2 villager drawn from the black bag at Mass
=================================  =================================================================================

A villager is named by its place and generation (``g1`` .. ``g4``), coins paid for cubes last (``+2c``), in ASCII
digits. The notation never names the seat that moves (only a drawn villager's owner): ``parse(text, seat)``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...core.errors import InvalidNotation
from ...core.moves import Move
from .data import AREAS, COLOURS, CUBE_NAMES, GOODS, PLACE_INDEX

HOW = ("train", "worker", "pay")  # how a craft building makes its good


def _coins(coins: int) -> str:
    return f" +{coins}c" if coins else ""


@dataclass(frozen=True, slots=True)
class TakeCube(Move):
    """village.turn.take_cube: one cube (or a plague cube) from an action area."""
    area: str
    cube: str
    kind = "take"

    def __str__(self) -> str:
        return f"take {self.area} {self.cube}"


@dataclass(frozen=True, slots=True)
class Well(Move):
    """village.well.action: three influence of one colour (``colour`` "" : three coins) for an area's action."""
    area: str
    colour: str
    coins: int = 0
    kind = "well"

    def __str__(self) -> str:
        return f"well {self.area}{' ' + self.colour if self.colour else ''}{_coins(self.coins)}"


@dataclass(frozen=True, slots=True)
class FreeAction(Move):
    """village.end.no_cubes: a last action with no cube left on the board."""
    area: str
    kind = "free"

    def __str__(self) -> str:
        return f"free {self.area}"


@dataclass(frozen=True, slots=True)
class Skip(Move):
    kind = "skip"


@dataclass(frozen=True, slots=True)
class Harvest(Move):
    kind = "harvest"


@dataclass(frozen=True, slots=True)
class Birth(Move):
    kind = "birth"


@dataclass(frozen=True, slots=True)
class Recall(Move):
    """village.family.recall: a villager on the board comes back to the farm."""
    place: str
    generation: int
    kind = "recall"

    def __str__(self) -> str:
        return f"recall {self.place} g{self.generation}"


@dataclass(frozen=True, slots=True)
class Craft(Move):
    """village.crafts.*: a good made by training a farm villager, by a trained worker, or by paying the resource."""
    good: str
    how: str
    generation: int = 0  # the farm villager who trains (training only)
    coins: int = 0  # coins standing in for the resource's cubes (paying only)
    tool: bool = False  # Marriage: a tool spent doubles the output
    kind = "craft"

    def __str__(self) -> str:
        gen = f" g{self.generation}" if self.generation else ""
        return f"craft {self.good} {self.how}{'_tool' if self.tool else ''}{gen}{_coins(self.coins)}"


@dataclass(frozen=True, slots=True)
class Mill(Move):
    kind = "mill"


@dataclass(frozen=True, slots=True)
class Council(Move):
    """village.council.enter / advance: a farm villager enters stage 1, or a councillor moves up one stage."""
    place: str
    generation: int
    payment: str  # "green" (two green influence) or "scroll"
    coins: int = 0
    kind = "council"

    def __str__(self) -> str:
        return f"council {self.place} g{self.generation} {self.payment}{_coins(self.coins)}"


@dataclass(frozen=True, slots=True)
class Privilege(Move):
    """village.council.privilege: the privilege of a stage (0: none taken); stage 3 names the good."""
    stage: int
    good: str = ""
    kind = "privilege"

    def __str__(self) -> str:
        if self.stage == 0:
            return "privilege none"
        return f"privilege {self.stage}{' ' + self.good if self.good else ''}"


@dataclass(frozen=True, slots=True)
class Travel(Move):
    """village.travel.route: a villager from the farm or a town along a route to a town."""
    origin: str
    town: str
    generation: int
    coins: int = 0
    kind = "travel"

    def __str__(self) -> str:
        return f"travel {self.origin} {self.town} g{self.generation}{_coins(self.coins)}"


@dataclass(frozen=True, slots=True)
class Church(Move):
    """village.church.action: a farm villager into the black bag for one brown influence or three time."""
    generation: int
    payment: str  # "brown" or "time"
    coins: int = 0
    kind = "church"

    def __str__(self) -> str:
        return f"church g{self.generation} {self.payment}{_coins(self.coins)}"


@dataclass(frozen=True, slots=True)
class Serve(Move):
    """village.market.available: serve the customer on a stall (numbered from 1)."""
    stall: int
    coins: int = 0  # a coin standing in for the surcharge's green
    kind = "serve"

    def __str__(self) -> str:
        return f"serve {self.stall}{_coins(self.coins)}"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    kind = "pass"


@dataclass(frozen=True, slots=True)
class ChooseCubes(Move):
    """village.council.cubes: two influence cubes from the supply (colours in the order of COLOURS)."""
    first: str
    second: str
    kind = "cubes"

    def __str__(self) -> str:
        return f"cubes {self.first} {self.second}"


@dataclass(frozen=True, slots=True)
class Dies(Move):
    """village.death.oldest: which of the oldest visible villagers dies."""
    place: str
    generation: int
    kind = "dies"

    def __str__(self) -> str:
        return f"dies {self.place} g{self.generation}"


@dataclass(frozen=True, slots=True)
class Redeem(Move):
    """village.mass.select: one coin buys an own villager out of the black bag."""
    generation: int
    kind = "redeem"

    def __str__(self) -> str:
        return f"redeem g{self.generation}"


@dataclass(frozen=True, slots=True)
class Raise(Move):
    """village.mass.advance: a villager one church stage up, paying the stage's grain (or, Marriage, a bread)."""
    place: str
    generation: int
    bread: bool = False
    kind = "raise"

    def __str__(self) -> str:
        return f"raise {self.place}{' bread' if self.bread else ''} g{self.generation}"


@dataclass(frozen=True, slots=True)
class MassDone(Move):
    kind = "done"


@dataclass(frozen=True, slots=True)
class SeedArea(Move):
    """village.round.seed: the cubes drawn from the green bag onto the area being seeded (in CUBE_NAMES order)."""
    area: str
    cubes: tuple[str, ...]
    kind = "seed"

    def __str__(self) -> str:
        return f"seed {self.area} {' '.join(self.cubes)}"


@dataclass(frozen=True, slots=True)
class DrawCustomer(Move):
    """village.setup.customers / market.end: a tile of the face-down pile, face up into the market line's first gap."""
    tile: int
    kind = "customer"

    def __str__(self) -> str:
        return f"customer {self.tile}"


@dataclass(frozen=True, slots=True)
class DrawMonk(Move):
    kind = "monk"


@dataclass(frozen=True, slots=True)
class DrawVillager(Move):
    """village.mass.draw: a villager of seat ``owner`` drawn from the black bag onto church stage 1. ``piece``, not
    part of the outcome (the owner's pieces of a generation are alike), says which of them normal play drew."""
    owner: int
    generation: int
    piece: int = field(default=-1, compare=False, repr=False)
    kind = "villager"

    def __str__(self) -> str:
        return f"villager seat{self.owner} g{self.generation}"


MOVE_TYPES: tuple[type[Move], ...] = (TakeCube, Well, FreeAction, Skip, Harvest, Birth, Recall, Craft, Mill, Council,
                                      Privilege, Travel, Church, Serve, Pass, ChooseCubes, Dies, Redeem, Raise,
                                      MassDone, SeedArea, DrawCustomer, DrawMonk, DrawVillager)
BARE = {m.kind: m for m in (Skip, Harvest, Birth, Mill, Pass, MassDone, DrawMonk)}
KIND_NAMES = tuple(m.kind for m in MOVE_TYPES)

_COINS, _GEN = re.compile(r"^\+([1-9])c$"), re.compile(r"^g([1-4])$")
_STALL = re.compile(r"[1-9][0-9]?", re.ASCII)  # ASCII digits only: "²" and "٣" are not stall numbers
_TILE, _SEAT = re.compile(r"0|[1-9][0-9]?", re.ASCII), re.compile(r"seat([0-9])", re.ASCII)


def _bad(text: str, why: str) -> InvalidNotation:
    return InvalidNotation(f"{text!r}: {why}; examples: 'take crafts green', 'harvest', 'craft wagon pay', "
                           "'council farm g1 green', 'serve 1', 'pass', 'dies farm g1'")


def parse(text: str, seat: int = 0) -> Move:
    """Read a move's notation as the move of ``seat`` (syntax and names only; legality is the game's business)."""
    if not isinstance(text, str):
        raise InvalidNotation(f"a move's notation is text, not {type(text).__name__}")
    words = text.strip().lower().split()
    if not words or words[0] not in KIND_NAMES:
        raise _bad(text, "not a Village move")
    kind, rest = words[0], words[1:]
    coins = 0
    if rest and _COINS.match(rest[-1]):
        coins = int(rest.pop()[1:-1])
    gens = [w for w in rest if _GEN.match(w)]
    if len(gens) > 1:
        raise _bad(text, "one villager per move")
    gen = int(rest.pop(rest.index(gens[0]))[1:]) if gens else 0
    if kind in BARE:
        if rest or gen or coins:
            raise _bad(text, f"'{kind}' takes nothing more")
        return BARE[kind](seat)
    if kind == "seed" and rest and rest[0] in AREAS and all(w in CUBE_NAMES for w in rest[1:]) and not gen + coins:
        return SeedArea(seat, rest[0], tuple(sorted(rest[1:], key=CUBE_NAMES.index)))  # one notation per draw
    if len(rest) > 2:
        raise _bad(text, "too many words")
    a = rest[0] if rest else ""
    b = rest[1] if len(rest) > 1 else ""
    move = _shaped(kind, seat, a, b, gen, coins)
    if move is None:
        raise _bad(text, f"this is not how a '{kind}' move is written")
    return move


def _shaped(kind: str, seat: int, a: str, b: str, gen: int, coins: int) -> Move | None:
    """The move the words name, or None when they do not fit the kind's notation."""
    if kind == "take" and a in AREAS and b in CUBE_NAMES and not gen and not coins:
        return TakeCube(seat, a, b)
    if kind == "well" and a in AREAS and (b in COLOURS or (not b and coins == 3)) and not gen:
        return Well(seat, a, b, coins)
    if kind == "free" and a in AREAS and not b and not gen and not coins:
        return FreeAction(seat, a)
    if kind == "recall" and a in PLACE_INDEX and not b and gen and not coins:
        return Recall(seat, a, gen)
    if kind == "craft":
        return _craft(seat, a, b, gen, coins)
    if kind == "council" and a in PLACE_INDEX and b in ("green", "scroll") and gen:
        return Council(seat, a, gen, b, coins)
    if kind == "privilege":
        return _privilege(seat, a, b, gen, coins)
    if kind == "travel" and a in PLACE_INDEX and b in PLACE_INDEX and gen:
        return Travel(seat, a, b, gen, coins)
    if kind == "church" and a in ("brown", "time") and not b and gen:
        return Church(seat, gen, a, coins)
    if kind == "serve" and _STALL.fullmatch(a) and not b and not gen:
        return Serve(seat, int(a), coins)
    if kind == "cubes" and a in COLOURS and b in COLOURS and not gen and not coins:
        if COLOURS.index(a) > COLOURS.index(b):
            a, b = b, a  # one notation per choice: colours in the order of COLOURS
        return ChooseCubes(seat, a, b)
    if kind == "dies" and a in PLACE_INDEX and not b and gen and not coins:
        return Dies(seat, a, gen)
    if kind == "redeem" and not a and gen and not coins:
        return Redeem(seat, gen)
    if kind == "raise" and a in PLACE_INDEX and b in ("", "bread") and gen and not coins:
        return Raise(seat, a, gen, b == "bread")
    return _drawn(kind, seat, a, b, gen, coins)


def _drawn(kind: str, seat: int, a: str, b: str, gen: int, coins: int) -> Move | None:
    """The draws' notation (moves of CHANCE)."""
    if kind == "customer" and _TILE.fullmatch(a) and not b and not gen and not coins:
        return DrawCustomer(seat, int(a))
    owner = _SEAT.fullmatch(a)
    if kind == "villager" and owner and not b and gen and not coins:
        return DrawVillager(seat, int(owner.group(1)), gen)
    return None


def _craft(seat: int, a: str, b: str, gen: int, coins: int) -> Move | None:
    how, _, tool = b.partition("_")
    if a not in GOODS or how not in HOW or tool not in ("", "tool") or (gen > 0) != (how == "train"):
        return None
    if coins and how != "pay":
        return None
    return Craft(seat, a, how, gen, coins, tool == "tool")


def _privilege(seat: int, a: str, b: str, gen: int, coins: int) -> Move | None:
    if gen or coins or a not in ("1", "2", "3", "4", "none"):
        return None
    if (a == "3") != (b in GOODS) or (a != "3" and b):
        return None
    return Privilege(seat, 0 if a == "none" else int(a), b)
