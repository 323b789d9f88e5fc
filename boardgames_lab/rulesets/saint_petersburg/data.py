"""Saint Petersburg (Hans im Glück 2004, 1st edition): every card as data.

The rulebook in the seeds does not print the card list; it comes from the fact
sheet (shared rules, Part 1, §1.5), where every value below is confirmed by the
full 1st-edition rulebook or by at least two independent implementations.
German names are given only where a source was found.
"""
from __future__ import annotations

from dataclasses import dataclass

WORKER, BUILDING, ARISTOCRAT, TRADING = 0, 1, 2, 3
DECKS = ("workers", "buildings", "aristocrats", "trading")  # deck names, in phase order
DECK_WHAT = ("the worker deck", "the building deck", "the aristocrat deck", "the trading deck")  # in the chance record
GROUPS = ("worker", "building", "aristocrat")  # the three scoring colours

START_RUBLES = 25
DISPLAY_SIZE = 8  # cards on the two rows together after a refill
ROW_SLOTS = 8
HAND_LIMIT = 3
HAND_LIMIT_WAREHOUSE = 4
HAND_PENALTY = 5
RUBLES_PER_POINT = 10
PUB_POINTS_PER_CARD = 5
PUB_PRICE = 2
POTJOMKIN_TRADE_VALUE = 6
OBSERVATORY_MIN_DECK = 2  # an Observatory never draws a deck's last card
# Points for the number of different aristocrats at the end (index = how many, 10 or more score 55).
ARISTOCRAT_VARIETY = (0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55)


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    german: str | None
    deck: int  # which draw pile it comes from (WORKER .. TRADING)
    group: int  # which scoring colour it counts as (WORKER, BUILDING or ARISTOCRAT)
    copies: int
    cost: int
    rubles: int
    points: int
    symbol: str = ""  # goods symbol on workers and green trading cards; "any" for the Czar and Carpenter
    special: str = ""  # key of a special ability handled in the rules

    @property
    def is_trading(self) -> bool:
        return self.deck == TRADING


def _w(id: str, name: str, german: str | None, copies: int, cost: int, symbol: str) -> Card:
    return Card(id, name, german, WORKER, WORKER, copies, cost, 3, 0, symbol)


def _b(id: str, name: str, german: str | None, copies: int, cost: int, points: int, special: str = "") -> Card:
    return Card(id, name, german, BUILDING, BUILDING, copies, cost, 0, points, special=special)


def _a(id: str, name: str, german: str | None, copies: int, cost: int, rubles: int, points: int) -> Card:
    return Card(id, name, german, ARISTOCRAT, ARISTOCRAT, copies, cost, rubles, points)


def _t(id: str, name: str, group: int, copies: int, cost: int, rubles: int, points: int,
       symbol: str = "", special: str = "", german: str | None = None) -> Card:
    return Card(id, name, german, TRADING, group, copies, cost, rubles, points, symbol, special)


CARDS: tuple[Card, ...] = (
    # Workers: every worker pays 3 rubles at the worker scoring.
    _w("lumberjack", "Lumberjack", None, 6, 3, "wood"),
    _w("gold_miner", "Gold Miner", "Goldgräber", 6, 4, "gold"),
    _w("shepherd", "Shepherd", "Schäfer", 6, 5, "wool"),
    _w("fur_trapper", "Fur Trapper", None, 6, 6, "fur"),
    _w("ship_builder", "Ship Builder", "Schiffbauer", 6, 7, "ship"),
    _w("czar_and_carpenter", "Czar and Carpenter", "Zar und Zimmermann", 1, 8, "any"),
    # Buildings.
    _b("market", "Market", "Markt", 5, 5, 1),
    _b("customs_house", "Customs House", "Zollhaus", 5, 8, 2),
    _b("firehouse", "Firehouse", "Feuerwehr", 3, 11, 3),
    _b("hospital", "Hospital", "Krankenhaus", 3, 14, 4),
    _b("library", "Library", "Bibliothek", 3, 17, 5),
    _b("theater", "Theater", None, 2, 20, 6),
    _b("academy", "Academy", "Akademie", 1, 23, 7),
    _b("pub", "Pub", "Schenke", 2, 1, 0, "pub"),
    _b("warehouse", "Warehouse", "Lagerhaus", 1, 2, 0, "warehouse"),
    _b("potjomkins_village", "Potjomkin's Village", "Potjomkinsches Dorf", 1, 2, 0, "potjomkin"),
    _b("observatory", "Observatory", "Sternwarte", 2, 6, 1, "observatory"),
    # Aristocrats.
    _a("author", "Author", "Schreiber", 6, 4, 1, 0),
    _a("administrator", "Administrator", "Verwalter", 5, 7, 2, 0),
    _a("warehouse_manager", "Warehouse Manager", "Kontorist", 5, 10, 3, 0),
    _a("secretary", "Secretary", "Sekretär", 4, 12, 4, 0),
    _a("controller", "Controller", "Kontrolleur", 3, 14, 4, 1),
    _a("judge", "Judge", "Richter", 2, 16, 5, 2),
    _a("mistress_of_ceremonies", "Mistress of Ceremonies", "Hofmeisterin", 2, 18, 6, 3),
    # Trading cards that upgrade workers (green): they replace a worker with the same goods symbol.
    _t("carpenter_workshop", "Carpenter Workshop", WORKER, 1, 4, 3, 0, "wood", "carpenter_workshop"),
    _t("gold_smelter", "Gold Smelter", WORKER, 1, 6, 3, 0, "gold", "gold_smelter"),
    _t("weaving_mill", "Weaving Mill", WORKER, 2, 8, 6, 0, "wool"),
    _t("fur_shop", "Fur Shop", WORKER, 3, 10, 3, 2, "fur"),
    _t("wharf", "Wharf", WORKER, 3, 12, 6, 1, "ship"),
    # Trading cards that upgrade buildings (blue): they replace any building.
    _t("mariinskij_theater", "Mariinskij Theater", BUILDING, 1, 10, 0, 0, special="mariinskij"),
    _t("bank", "Bank", BUILDING, 1, 13, 5, 1),
    _t("peterhof", "Peterhof", BUILDING, 1, 14, 4, 2),
    _t("st_isaacs_cathedral", "St. Isaac's Cathedral", BUILDING, 1, 15, 3, 3),
    _t("church_of_the_resurrection", "Church of the Resurrection", BUILDING, 1, 16, 2, 4),
    _t("harbor", "Harbor", BUILDING, 1, 16, 5, 2),
    _t("catherine_palace", "Catherine Palace", BUILDING, 1, 17, 1, 5),
    _t("smolny_cathedral", "Smolny Cathedral", BUILDING, 1, 17, 4, 3),
    _t("hermitage", "Hermitage", BUILDING, 1, 18, 3, 4),
    _t("winter_palace", "Winter Palace", BUILDING, 1, 19, 2, 5),
    # Trading cards that upgrade aristocrats (orange, "red" on some card texts): they replace any aristocrat.
    _t("pope", "Pope", ARISTOCRAT, 1, 6, 1, 1),
    _t("chamber_maid", "Chamber Maid", ARISTOCRAT, 1, 8, 0, 2),
    _t("weapon_master", "Weapon Master", ARISTOCRAT, 1, 8, 4, 0),
    _t("builder", "Builder", ARISTOCRAT, 1, 10, 5, 0),
    _t("senator", "Senator", ARISTOCRAT, 1, 12, 2, 2),
    _t("patriarch", "Patriarch", ARISTOCRAT, 1, 16, 0, 4),
    _t("tax_man", "Tax Man", ARISTOCRAT, 1, 17, 0, 0, special="tax_man", german="Steuereintreiber"),
    _t("admiral", "Admiral", ARISTOCRAT, 1, 18, 3, 3),
    _t("minister_of_foreign_affairs", "Minister of Foreign Affairs", ARISTOCRAT, 1, 20, 2, 4),
    _t("czar", "Czar", ARISTOCRAT, 1, 24, 0, 6),
)

CARD_INDEX: dict[str, int] = {card.id: i for i, card in enumerate(CARDS)}
DECK_SIZES = tuple(sum(c.copies for c in CARDS if c.deck == d) for d in range(4))  # (31, 28, 27, 30)


def index_of(card_id: str) -> int:
    return CARD_INDEX[card_id]


def special_index(special: str) -> int:
    return next(i for i, c in enumerate(CARDS) if c.special == special)


# Frequently used card indices, derived from the table (one declaration per fact).
PUB = special_index("pub")
WAREHOUSE = special_index("warehouse")
POTJOMKIN = special_index("potjomkin")
OBSERVATORY = special_index("observatory")
CARPENTER_WORKSHOP = special_index("carpenter_workshop")
GOLD_SMELTER = special_index("gold_smelter")
MARIINSKIJ = special_index("mariinskij")
TAX_MAN = special_index("tax_man")
