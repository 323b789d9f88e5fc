"""Where a villager can be: one small integer per piece, named for the notation and the views."""
from __future__ import annotations

from .data import BUILDINGS, CATEGORIES, CHURCH_STAGES, COUNCIL_STAGES, TOWNS

UNBORN, FARM = 0, 1
BUILDING0 = 2  # wagon maker, stables, office, smithy
COUNCIL1 = BUILDING0 + len(BUILDINGS)  # council stage 1 .. 4
BAG = COUNCIL1 + COUNCIL_STAGES
CHURCH1 = BAG + 1  # church stage 1 .. 4
TOWN0 = CHURCH1 + CHURCH_STAGES
CHRONICLE0 = TOWN0 + len(TOWNS)  # one place per chronicle category
GRAVE = CHRONICLE0 + len(CATEGORIES)
REMOVED = GRAVE + 1

PLACE_NAMES = (("unborn", "farm") + tuple(b.name for b in BUILDINGS)
               + tuple(f"council{s}" for s in range(1, COUNCIL_STAGES + 1)) + ("bag",)
               + tuple(f"church{s}" for s in range(1, CHURCH_STAGES + 1))
               + tuple(name.lower() for name, _ in TOWNS)
               + tuple(f"chronicle_{c}" for c in CATEGORIES) + ("grave", "removed"))
PLACE_INDEX = {name: i for i, name in enumerate(PLACE_NAMES)}
TOWN_IDS = tuple(name.lower() for name, _ in TOWNS)


def alive_on_board(place: int) -> bool:
    """A living villager standing on the board (not the farm, the bag, unborn or dead)."""
    return BUILDING0 <= place < CHRONICLE0 and place != BAG


def visible(place: int) -> bool:
    """A living villager that can die: on the farm or anywhere on the board."""
    return place == FARM or alive_on_board(place)


def is_dead(place: int) -> bool:
    return place >= CHRONICLE0


def category(place: int) -> int:
    """The chronicle category of the place a villager worked (CATEGORIES order)."""
    if place == FARM:
        return 4
    if place < COUNCIL1:
        return 1
    if place < BAG:
        return 0
    if place < TOWN0:
        return 3
    return 2


# A visible villager's place -> its chronicle category, as a table for the hot path.
CATEGORY_OF = tuple(category(p) if visible(p) else -1 for p in range(len(PLACE_NAMES)))
