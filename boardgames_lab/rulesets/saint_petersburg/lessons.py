"""Saint Petersburg's guided lessons (boardgames_lab.lessons): a first round through every phase, costs and
scoring, hidden information, and a decision puzzle. Each is JSON data; the goals given as checks are named in
``CHECKS``. The seats are Anna and Boris at a table of two, seed 7 (Anna holds the worker and building start
markers, Boris the aristocrat and trading ones)."""
from __future__ import annotations

from typing import Any, Callable

from .data import CARD_INDEX, CARDS, GROUPS, TRADING

NAMES = ["Anna", "Boris"]


def _start(moves: list[str], seed: int = 7) -> dict[str, Any]:
    return {"seed": seed, "players": 2, "options": {}, "names": NAMES, "moves": moves}


def _me(game: Any, seat: int) -> dict[str, Any]:
    return game.view(seat)["players"][seat]


def _of_group(card: str, group: str) -> bool:
    found = CARDS[CARD_INDEX[card]]
    return GROUPS[found.group] == group and found.deck != TRADING


def owns_aristocrat(game: Any, seat: int) -> bool:
    """The seat has an aristocrat face up in its area (it scores at every aristocrat scoring)."""
    return any(_of_group(card, "aristocrat") for card in _me(game, seat)["area"])


def owns_worker(game: Any, seat: int) -> bool:
    """The seat has a worker face up in its area: it pays 3 rubles at every worker scoring."""
    return any(CARDS[CARD_INDEX[card]].group == 0 and CARDS[CARD_INDEX[card]].rubles == 3
               for card in _me(game, seat)["area"])


def holds_a_card(game: Any, seat: int) -> bool:
    """The seat holds a card in its hand."""
    return bool(_me(game, seat)["hand"])


def owns_trading_card(game: Any, seat: int) -> bool:
    """The seat has a trading card (an upgrade) face up in its area."""
    return any(CARDS[CARD_INDEX[card]].deck == TRADING for card in _me(game, seat)["area"])


CHECKS: dict[str, Callable[[Any, int], bool]] = {
    "owns_aristocrat": owns_aristocrat,
    "owns_worker": owns_worker,
    "holds_a_card": holds_a_card,
    "owns_trading_card": owns_trading_card,
}

# The first round of seed 7, as it is played in the lessons.
WORKERS = ["buy lumberjack@U3", "buy gold_miner@U1", "buy shepherd@U4", "pass", "pass"]
BUILDINGS = ["buy market@U4", "buy customs_house@U6", "buy market@U5", "pass", "pass"]
ARISTOCRATS = ["buy administrator@U6", "take judge@U4", "pass", "pass"]

FIRST_ROUND = {
    "id": "first_round", "game": "saint_petersburg", "title": "A first round",
    "summary": "Play one round through its four phases: workers, buildings, aristocrats and trading. "
               "Each phase is actions, then scoring, then new cards.",
    "steps": [
        {"kind": "narration", "title": "The table", "start": _start([]),
         "text": "Anna and Boris each take 25 rubles. The four start markers are dealt: Anna holds the worker and "
                 "building markers, Boris the aristocrat and trading ones. The holder of a phase's marker acts "
                 "first in it. Four workers lie in the upper row: a round starts with the worker phase."},
        {"kind": "task", "title": "Buy a worker", "start": _start([]), "seat": 0,
         "goal": "You are Anna and act first. Every worker pays 3 rubles at each worker scoring: buy the cheapest.",
         "solutions": ["buy lumberjack@U3"],
         "hint": "The number on each card is its price. Which worker costs least?",
         "success": "Right: the Lumberjack costs 3 and pays 3 at every worker scoring, like every other worker.",
         "miss": "That worker pays the same 3 rubles at each worker scoring, but costs more than the Lumberjack.",
         "wrong": "buy gold_miner@U1", "illegal": "play lumberjack"},
        {"kind": "narration", "title": "The worker phase ends", "start": _start(WORKERS[:1]),
         "text": "Turns go round the table. A player who passes may act again later; the phase's actions end only "
                 "when everyone has passed in a row.",
         "moves": WORKERS[1:],
         "notes": ["Boris buys a worker too.", "Anna buys a second worker.",
                   "Boris passes. If Anna acted now, Boris could act again.",
                   "Both passed in a row: the worker scoring pays 3 rubles per worker, then the buildings deck "
                   "fills the board up to eight cards and the building phase begins."]},
        {"kind": "task", "title": "Buy a building", "start": _start(WORKERS), "seat": 0,
         "goal": "Anna holds the building marker too. Buy a Market: a building scores points at every building "
                 "scoring, and the Market is the cheapest.",
         "solutions": ["buy market@U4", "buy market@U5", "buy market@U7"],
         "hint": "Three Markets lie in the upper row; any of them will do. Buy, do not take.",
         "success": "The Market is in your area now: 1 point at every building scoring from now on.",
         "miss": "A card taken into hand is not in your area yet: it scores nothing until you play it, paying "
                 "its price then.",
         "wrong": "take market@U4", "illegal": "play market"},
        {"kind": "narration", "title": "The building scoring", "start": _start(WORKERS + BUILDINGS[:1]),
         "text": "Watch the price of Anna's second Market, then the building scoring.",
         "moves": BUILDINGS[1:],
         "notes": ["Boris buys a Customs House for 8.",
                   "Anna's second Market costs her only 4: a card costs 1 less for each identical card already in "
                   "the buyer's area.", "Boris passes.",
                   "Everyone passed: buildings score their points, then the aristocrats deck fills the board."]},
        {"kind": "task", "title": "An aristocrat", "start": _start(WORKERS + BUILDINGS), "seat": 1,
         "goal": "You are Boris and hold the aristocrat marker. Own an aristocrat: buy one you can pay for.",
         "check": "owns_aristocrat",
         "hint": "Boris has 16 rubles. The Mistress of Ceremonies costs 18; look at the others.",
         "success": "An aristocrat pays rubles and points at every aristocrat scoring, and different aristocrats "
                    "score more at the game's end.",
         "miss": "That puts no aristocrat in your area.",
         "wrong": "take administrator@U6", "illegal": "buy mistress_of_ceremonies@U5"},
        {"kind": "narration", "title": "Aristocrats, then trading", "start": _start(WORKERS + BUILDINGS
                                                                                    + ARISTOCRATS[:1]),
         "text": "The aristocrat phase ends as the others do; then comes the trading phase.",
         "moves": ARISTOCRATS[1:],
         "notes": ["Anna takes the Judge into hand for free: she may play it later, paying then.",
                   "Boris passes.",
                   "Everyone passed: aristocrats score, then the trading deck fills the board."]},
    ],
}

LESSONS: list[dict[str, Any]] = [FIRST_ROUND]
