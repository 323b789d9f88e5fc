"""Citadels (Ohne Furcht und Adel, Sonderausgabe): characters, buildings and action cards as data.

The rulebook in the seeds names the colours and the counts (12 yellow, 11 blue, 20 green,
11 red, 11 violet) but prints no card list. The list, costs and violet abilities come from
the shared fact sheet, Part 2 (§2.2, §2.3), where every cost is confirmed by at least two
implementations. German names are given only where a source was found; the normal
districts have none. The action cards are the rulebook's own (variant section).
"""
from __future__ import annotations

from dataclasses import dataclass

YELLOW, BLUE, GREEN, RED, VIOLET, NONE = 0, 1, 2, 3, 4, 5
COLOURS = ("yellow", "blue", "green", "red", "violet", "none")

START_GOLD = 2
START_CARDS = 4
INCOME_GOLD = 2
INCOME_DRAW = 2
CITY_GOAL = 8
FIVE_COLOUR_BONUS = 3
FIRST_EIGHT_BONUS = 4
OTHER_EIGHT_BONUS = 2
ARCHITECT_CARDS = 2
ARCHITECT_EXTRA_BUILDS = 2
DIRECTOR_EXTRA_BUILDS = 2
GRAVEYARD_PRICE = 1
LABORATORY_GOLD = 1

# Face-up characters laid aside, by player count 2-7 (rulebook, "Sequence of a Round"); a tuple, so the flow
# writes the ``laid`` guard in place (core/inline.py).
FACE_UP = (0, 0, 0, 0, 2, 1, 0, 0)


@dataclass(frozen=True)
class Character:
    rank: int  # 1..8, the calling order
    id: str
    name: str
    german: str
    colour: int  # the colour whose buildings pay this character income (NONE: no colour income)


CHARACTERS = (
    Character(1, "assassin", "Assassin", "Meuchler", NONE),
    Character(2, "thief", "Thief", "Dieb", NONE),
    Character(3, "wizard", "Wizard", "Magier", NONE),
    Character(4, "king", "King", "König", YELLOW),
    Character(5, "bishop", "Bishop", "Prediger", BLUE),
    Character(6, "merchant", "Merchant", "Händler", GREEN),
    Character(7, "architect", "Architect", "Baumeister", NONE),
    Character(8, "warlord", "Warlord", "Söldner", RED),
)
ASSASSIN, THIEF, WIZARD, KING, BISHOP, MERCHANT, ARCHITECT, WARLORD = range(8)
CHAR_IDS = tuple(c.id for c in CHARACTERS)
CHAR_INDEX = {c.id: i for i, c in enumerate(CHARACTERS)}


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    german: str | None  # None: no source found
    colour: int
    copies: int
    cost: int
    points: int
    action: bool = False  # an action card of the variant
    option: str = ""  # the rule option that puts the card in the deck ("" = always)


def _b(id: str, name: str, colour: int, copies: int, cost: int, german: str | None = None,
       points: int | None = None, option: str = "") -> Card:
    return Card(id, name, german, colour, copies, cost, cost if points is None else points, option=option)


def _a(id: str, name: str, copies: int) -> Card:
    return Card(id, name, None, NONE, copies, 0, 0, action=True, option="action_cards")


CARDS = (
    _b("manor", "Manor", YELLOW, 5, 3), _b("castle", "Castle", YELLOW, 4, 4), _b("palace", "Palace", YELLOW, 3, 5),
    _b("temple", "Temple", BLUE, 3, 1), _b("church", "Church", BLUE, 3, 2), _b("monastery", "Monastery", BLUE, 3, 3),
    _b("cathedral", "Cathedral", BLUE, 2, 5),
    _b("tavern", "Tavern", GREEN, 5, 1), _b("market", "Market", GREEN, 4, 2),
    _b("trading_post", "Trading Post", GREEN, 3, 2), _b("docks", "Docks", GREEN, 3, 3),
    _b("harbor", "Harbor", GREEN, 3, 4), _b("town_hall", "Town Hall", GREEN, 2, 5),
    _b("watchtower", "Watchtower", RED, 3, 1), _b("prison", "Prison", RED, 3, 2),
    _b("battlefield", "Battlefield", RED, 3, 3), _b("fortress", "Fortress", RED, 2, 5),
    _b("haunted_city", "Haunted City", VIOLET, 1, 2, "Geisterstadt"),
    _b("keep", "Keep", VIOLET, 2, 3),
    _b("laboratory", "Laboratory", VIOLET, 1, 5, "Laboratorium"),
    _b("smithy", "Smithy", VIOLET, 1, 5, "Schmiede"),
    _b("observatory", "Observatory", VIOLET, 1, 5, "Sternwarte"),
    _b("graveyard", "Graveyard", VIOLET, 1, 5, "Friedhof"),
    _b("dragon_gate", "Dragon Gate", VIOLET, 1, 6, "Drachenhort", points=8),
    _b("university", "University", VIOLET, 1, 6, points=8),
    _b("library", "Library", VIOLET, 1, 6, "Bibliothek"),
    _b("school_of_magic", "School of Magic", VIOLET, 1, 6, "Hexenschule"),
    _b("great_wall", "Great Wall", VIOLET, 1, 6, option="great_wall"),
    _a("circus_tent", "Circus Tent", 3), _a("ticket_booth", "Ticket Booth", 3), _a("acrobat", "Acrobat", 1),
    _a("fortune_teller", "Fortune Teller", 2), _a("rasputin", "Rasputin", 2), _a("director", "Director", 2),
    _a("living_cannonball", "Living Cannonball", 2),
)
CARD_IDS = tuple(c.id for c in CARDS)
CARD_INDEX = {c.id: i for i, c in enumerate(CARDS)}
(HAUNTED_CITY, KEEP, LABORATORY, SMITHY, OBSERVATORY, GRAVEYARD, DRAGON_GATE, UNIVERSITY, LIBRARY,
 SCHOOL_OF_MAGIC, GREAT_WALL) = (CARD_INDEX[k] for k in (
    "haunted_city", "keep", "laboratory", "smithy", "observatory", "graveyard", "dragon_gate", "university",
    "library", "school_of_magic", "great_wall"))
(CIRCUS_TENT, TICKET_BOOTH, ACROBAT, FORTUNE_TELLER, RASPUTIN, DIRECTOR, LIVING_CANNONBALL) = (CARD_INDEX[k] for k in (
    "circus_tent", "ticket_booth", "acrobat", "fortune_teller", "rasputin", "director", "living_cannonball"))
COST = tuple(c.cost for c in CARDS)
POINTS = tuple(c.points for c in CARDS)
COLOUR = tuple(c.colour for c in CARDS)
IS_ACTION = tuple(c.action for c in CARDS)

# The Smithy by edition (fact sheet §2.3, a conflict): gold paid, cards drawn.
SMITHY_READINGS = {"pay3_draw2": (3, 2), "pay2_draw3": (2, 3), "pay3_draw3": (3, 3)}


CARD_OPTIONS = tuple(sorted({c.option for c in CARDS if c.option}))  # the options that add cards to the deck
_DECKS: dict[tuple[bool, ...], tuple[int, ...]] = {}  # each deck built once (every new game needs one)


def deck_for(options: dict[str, object]) -> list[int]:
    """Every card of the deck for these options, in table order (shuffled by the rules)."""
    key = tuple(bool(options.get(name)) for name in CARD_OPTIONS)
    deck = _DECKS.get(key)
    if deck is None:
        deck = _DECKS[key] = tuple(i for i, c in enumerate(CARDS) for _ in range(c.copies)
                                   if not c.option or options.get(c.option))
    return list(deck)


def count_by_colour() -> dict[str, int]:
    """Buildings per colour in the 65-card base deck (the rulebook's 12/11/20/11/11)."""
    out = {name: 0 for name in COLOURS[:5]}
    for c in CARDS:
        if not c.action and not c.option:
            out[COLOURS[c.colour]] += c.copies
    return out
