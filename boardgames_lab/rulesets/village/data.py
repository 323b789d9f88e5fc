"""Village (eggertspiele 2011): every number the rules use, as data.

Two kinds of value live here. Values from the rulebook text in the seeds
(003_5b8f7c54e7f58c76.txt, the authority for the actions) or confirmed by the
fact sheet (shared rules, Part 1) are used as printed. Values no source gives
are marked ``ASSUMED`` in the tables below and listed in ``ASSUMED_VALUES``;
they were invented to fit the known constraints and are meant to be replaced
when the physical components can be checked. The docs page lists them all.
"""
from __future__ import annotations

from typing import NamedTuple

# --- influence and the bag ------------------------------------------------------------------
COLOURS = ("orange", "green", "brown", "pink")
ORANGE, GREEN, BROWN, PINK, PLAGUE = 0, 1, 2, 3, 4
CUBE_NAMES = COLOURS + ("plague",)
CUBES_PER_COLOUR = 18  # fact sheet §1.2
PLAGUE_CUBES = 6  # fact sheet §1.2
PLAGUE_TIME = 2  # fact sheet §1.8: a plague cube costs two time
WELL_CUBES = 3  # rulebook: three influence of one colour

# --- action areas ---------------------------------------------------------------------------
AREAS = ("harvest", "family", "crafts", "market", "travel", "council", "church")
HARVEST, FAMILY, CRAFTS, MARKET, TRAVEL, COUNCIL, CHURCH = range(7)

# ASSUMED (fact sheet §1.7 [P]): the setup cards' figures were not found.
# players -> (cubes of each colour added per round, cubes drawn onto each area in AREAS order)
SETUP_CARDS: dict[int, tuple[int, tuple[int, ...]]] = {
    2: (4, (2, 2, 2, 1, 2, 2, 2)),
    3: (5, (2, 2, 3, 2, 2, 3, 2)),
    4: (6, (3, 3, 4, 2, 3, 3, 3)),
}

# --- villagers ------------------------------------------------------------------------------
GENERATIONS = (1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4)  # fact sheet §1.3: eleven pieces, four born at the start
START_BORN = 4
START_COINS = 1  # fact sheet §1.4
COIN_SUPPLY = 15
GRAIN_SUPPLY = 20
GRAIN_LIMIT = 5  # rulebook: store at most five grain

# --- goods and crafts -----------------------------------------------------------------------
GOODS = ("wagon", "horse", "ox", "plough", "scroll", "beer", "bread", "tool")
BASE_GOODS = GOODS[:5]  # the base game's goods; beer (Inn), bread and tools (Marriage) come with options
WAGON, HORSE, OX, PLOUGH, SCROLL, BEER, BREAD, TOOL = range(8)
GOODS_PER_KIND = 8  # fact sheet §1.2
BEER_TILES = 12  # fact sheet §1.18: the Inn's beer tiles
BEER_AT_START = 1  # fact sheet §1.18: with the Inn each player starts with one beer
MARRIAGE_TILES = 8  # ASSUMED: bread and tool tiles in the Marriage expansion (not found)

# Harvest (rulebook): 2 grain, 3 with horse and plough, 4 with ox and plough.
HARVEST_BASE, HARVEST_HORSE, HARVEST_OX = 2, 3, 4


class Building(NamedTuple):
    name: str
    goods: tuple[int, ...]  # what it can make
    training: int  # time paid once when a villager enters
    production: int  # time per good with a trained villager
    cubes: tuple[int, ...]  # resource alternative: influence cubes, one per entry
    grain: int  # resource alternative: grain
    output: int = 1  # goods made per use


# Rulebook table (003): trained-worker production, resource alternative and the training times.
BUILDINGS = (
    Building("wagon_maker", (WAGON,), 2, 2, (ORANGE, PINK), 0),
    Building("stables", (HORSE, OX), 3, 3, (), 3),
    Building("office", (SCROLL,), 2, 2, (PINK,), 0),
    Building("smithy", (PLOUGH,), 3, 3, (ORANGE, PINK), 0),
    # Inn: the brewery makes two beer (rulebook note). ASSUMED: training 2, production 2, no resource alternative.
    Building("brewery", (BEER,), 2, 2, (), 0, output=2),
)
BREWERY = 4
BUILDING_OF_GOOD = (0, 1, 1, 3, 2, BREWERY, -1, -1)  # good index -> building index (-1: not crafted)
TOOL_FACTOR = 2  # Marriage: one tool doubles a craft's output
MILL_TIME, MILL_GRAIN, MILL_COINS = 2, 2, 2  # rulebook: no worker, 2 time + 2 grain for 2 coins

# --- council chamber ------------------------------------------------------------------------
COUNCIL_STAGES = 4
COUNCIL_ENTER_TIME = 1  # rulebook
COUNCIL_GREEN = 2  # rulebook: two green, or one scroll
# ASSUMED: the printed time to advance into stage 2, 3, 4 ("two or three"; which is which was not found).
COUNCIL_ADVANCE_TIME = {2: 2, 3: 2, 4: 3}
PRIVILEGE_CUBES = 2  # stage 2: two influence cubes of any colours
PRESTIGE_PRIVILEGE = 3  # stage 4: one coin for three prestige

# --- church and Mass ------------------------------------------------------------------------
CHURCH_STAGES = 4
CHURCH_TIME = 3  # rulebook: one brown influence or three time
MONKS = 4
MASS_PIECES = 4
MASS_PRESTIGE = 2
# ASSUMED: grain paid to enter church stage 2, 3, 4 (fact sheet §1.12: not found).
CHURCH_GRAIN = {2: 1, 3: 2, 4: 3}

# --- time -----------------------------------------------------------------------------------
TIME_LAP = 12  # ASSUMED (fact sheet §1.9 [?]): time units per lap of the farmyard's time track

# --- chronicle and graves -------------------------------------------------------------------
CATEGORIES = ("council", "crafts", "travel", "church", "farm")
# ASSUMED (fact sheet §1.10 [P]): chronicle spaces per category and anonymous graves, by players.
CHRONICLE_SPACES = {2: 2, 3: 3, 4: 4}
GRAVES = {2: 6, 3: 8, 4: 10}

# --- market ---------------------------------------------------------------------------------
QUEUE_SPACES = 5  # fact sheet §1.16: five brown-bordered waiting spaces
STALLS = {2: 3, 3: 4, 4: 5}  # fact sheet §1.15 [I]: blue-bordered stalls in use


class Customer(NamedTuple):
    demand: tuple[int, ...]  # counts per GOODS, then grain as a sixth entry
    prestige: int


def _c(wagon: int = 0, horse: int = 0, ox: int = 0, plough: int = 0, scroll: int = 0, grain: int = 0,
       prestige: int = 0) -> Customer:
    return Customer((wagon, horse, ox, plough, scroll, grain), prestige)


# ASSUMED (fact sheet §1.16 [?]): the 24 customer tiles' demands and prestige were not found.
CUSTOMERS = (
    _c(wagon=1, grain=1, prestige=2), _c(horse=1, grain=1, prestige=2), _c(ox=1, grain=1, prestige=3),
    _c(plough=1, grain=1, prestige=2), _c(scroll=1, grain=1, prestige=2), _c(wagon=1, horse=1, prestige=4),
    _c(wagon=1, ox=1, prestige=5), _c(horse=1, plough=1, prestige=4), _c(ox=1, plough=1, prestige=5),
    _c(scroll=1, plough=1, prestige=4), _c(scroll=1, wagon=1, prestige=4), _c(scroll=1, horse=1, prestige=4),
    _c(scroll=1, ox=1, prestige=5), _c(grain=3, prestige=3), _c(wagon=2, prestige=4), _c(scroll=2, prestige=4),
    _c(horse=2, prestige=5), _c(plough=2, prestige=5), _c(ox=2, prestige=6), _c(wagon=1, scroll=1, grain=2, prestige=5),
    _c(horse=1, plough=1, grain=1, prestige=5), _c(ox=1, scroll=1, grain=1, prestige=6),
    _c(wagon=1, horse=1, scroll=1, prestige=7), _c(ox=1, plough=1, scroll=1, prestige=8),
)

# --- travel ---------------------------------------------------------------------------------
TRAVEL_TIME = 2  # rulebook: two time and one wagon per route
VILLAGE = "village"
REWARDS = ("cubes", "coin", "prestige")  # fact sheet §1.17: two cubes of your choice, one coin, three prestige
TRAVEL_PRESTIGE = 3
# ASSUMED (fact sheet §1.17 [?]): the towns, their rewards and the routes' influence cubes.
TOWNS = (("Altdorf", "cubes"), ("Brunnen", "coin"), ("Cleve", "prestige"), ("Dorn", "cubes"),
         ("Eschen", "prestige"), ("Furt", "coin"), ("Grafing", "cubes"), ("Hohenberg", "prestige"))
ROUTES = (  # (from, to, cubes by colour); from the village: 2 brown one way, 2 pink the other (fact sheet)
    (VILLAGE, "Altdorf", (BROWN, BROWN)), (VILLAGE, "Brunnen", (PINK, PINK)),
    ("Altdorf", "Cleve", (ORANGE,)), ("Altdorf", "Dorn", (BROWN, PINK)), ("Brunnen", "Dorn", (ORANGE, BROWN)),
    ("Brunnen", "Eschen", (PINK,)), ("Cleve", "Furt", (ORANGE, ORANGE)), ("Dorn", "Furt", (BROWN,)),
    ("Dorn", "Grafing", (PINK, ORANGE)), ("Eschen", "Grafing", (BROWN, BROWN)), ("Furt", "Hohenberg", (PINK, PINK)),
    ("Grafing", "Hohenberg", (ORANGE, BROWN)),
)

# Where each place of the travel map is drawn, x and y from -1 to 1 (y grows downward): a fixed layout laid
# out once, since the map never changes. The sources give no geography (the map itself is ASSUMED above), so
# the village sits at the left and each town stands in the column of its fewest routes from the village,
# placed so that no two routes cross.
MAP_LAYOUT: dict[str, tuple[float, float]] = {
    VILLAGE: (-1.0, 0.0),
    "Altdorf": (-0.5, -0.6), "Brunnen": (-0.5, 0.6),
    "Cleve": (0.0, -0.9), "Dorn": (0.0, 0.0), "Eschen": (0.0, 0.9),
    "Furt": (0.5, -0.45), "Grafing": (0.5, 0.45),
    "Hohenberg": (1.0, 0.0),
}

# --- scoring (fact sheet §1.14, from the rulebook transcription) ----------------------------
TRAVEL_POINTS = (0, 1, 3, 6, 10, 14, 18)  # by towns visited; more than six count as six
COUNCIL_POINTS = (0, 0, 2, 4, 6)  # per living councillor, by stage
CHURCH_POINTS = (0, 2, 3, 4, 6)  # per villager on a church stage
CHRONICLE_POINTS = (0, 0, 0, 4, 7, 12)  # by own villagers in the chronicle; five or more score 12

# Every value above that no source gives: (name, value, where the gap is recorded, the option that changes it).
ASSUMED_VALUES = (
    ("SETUP_CARDS", "cubes per colour and per area, by players", "fact sheet §1.7 [P]", "setup_card"),
    ("TIME_LAP", TIME_LAP, "fact sheet §1.9 [?]", "time_lap"),
    ("CHRONICLE_SPACES", CHRONICLE_SPACES, "fact sheet §1.10 [P]", "chronicle_spaces"),
    ("GRAVES", GRAVES, "fact sheet §1.10 [P]", "graves"),
    ("COUNCIL_ADVANCE_TIME", COUNCIL_ADVANCE_TIME, "fact sheet §1.11 [?]", "council_advance_time"),
    ("CHURCH_GRAIN", CHURCH_GRAIN, "fact sheet §1.12 [?]", "church_grain"),
    ("CUSTOMERS", "24 tiles: demand and prestige", "fact sheet §1.16 [?]", None),
    ("TOWNS / ROUTES", "towns, rewards and route cubes", "fact sheet §1.17 [?]", None),
    ("STALLS", STALLS, "fact sheet §1.15 [I]", "stalls"),
    ("BUILDINGS brewery", "training 2, production 2, no resource alternative", "Inn: not in the rulebook text", None),
    ("MARRIAGE_TILES", MARRIAGE_TILES, "Marriage: not found", None),
)


# --- where a villager can be: one small integer per piece, named for the notation and the views -------------
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
