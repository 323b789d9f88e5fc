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


def owns_three_workers(game: Any, seat: int) -> bool:
    """The seat has three cards or more of the worker colour face up (workers and green trading cards): each
    worker scoring pays for every one of them."""
    return sum(CARDS[CARD_INDEX[card]].group == 0 for card in _me(game, seat)["area"]) >= 3


def did_not_pass(game: Any, seat: int) -> bool:
    """The seat's last move bought, took or played a card (it did not pass)."""
    return bool(game.moves) and game.moves[-1].kind != "pass"


CHECKS: dict[str, Callable[[Any, int], bool]] = {
    "owns_aristocrat": owns_aristocrat,
    "owns_worker": owns_worker,
    "owns_three_workers": owns_three_workers,
    "holds_a_card": holds_a_card,
    "owns_trading_card": owns_trading_card,
    "did_not_pass": did_not_pass,
}

# The first round of seed 7, as it is played in the lessons.
WORKERS = ["buy lumberjack@U3", "buy gold_miner@U1", "buy shepherd@U4", "pass", "pass"]
BUILDINGS = ["buy market@U4", "buy customs_house@U6", "buy market@U5", "pass", "pass"]
ARISTOCRATS = ["buy administrator@U6", "take judge@U4", "pass", "pass"]
TRADES = ["pass", "buy weaving_mill@U6>shepherd", "pass", "pass"]
ROUND_ONE = WORKERS + BUILDINGS + ARISTOCRATS + TRADES

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
         "success": "An aristocrat pays at every aristocrat scoring: rubles, and points too for the dearer ones. "
                    "At the game's end, the more different aristocrats you own, the more points.",
         "miss": "That puts no aristocrat in your area.",
         "wrong": "take administrator@U6", "illegal": "buy mistress_of_ceremonies@U5"},
        {"kind": "narration", "title": "Aristocrats, then trading", "start": _start(WORKERS + BUILDINGS
                                                                                    + ARISTOCRATS[:1]),
         "text": "The aristocrat phase ends as the others do; then comes the trading phase.",
         "moves": ARISTOCRATS[1:],
         "notes": ["Anna takes the Judge into hand for free: she may play it later, paying then.",
                   "Boris passes.",
                   "Everyone passed: aristocrats score, then the trading deck fills the board."]},
        {"kind": "narration", "title": "Trading and the round's end", "start": _start(WORKERS + BUILDINGS
                                                                                      + ARISTOCRATS),
         "text": "Trading cards upgrade cards you own; like any card, they may be bought in any phase. The "
                 "trading phase scores nothing. Then the round ends.",
         "moves": TRADES,
         "notes": ["Boris holds the trading marker and acts first: he passes.",
                   "Anna's Weaving Mill replaces her Shepherd, which leaves the game. She pays 8 less the "
                   "Shepherd's 5: 3 rubles.", "Boris passes.",
                   "Everyone passed. The trading phase scores nothing; the round ends. Cards left in the lower row "
                   "leave the game (in round 1 it is empty), the upper row moves down, new workers fill the board "
                   "up to eight cards (here one), and every start marker passes to the left: Boris now begins the "
                   "worker phase of round 2."]},
    ],
}

COSTS = {
    "id": "costs_and_scoring", "game": "saint_petersburg", "title": "Costs and scoring",
    "summary": "What a card costs and why: the printed price, 1 less for each identical card you own and in the "
               "lower row, the difference for an upgrade. And what scores when.",
    "steps": [
        {"kind": "task", "title": "A second Market", "start": _start(WORKERS + BUILDINGS[:2]), "seat": 0,
         "goal": "Anna owns a Market. Buy a building for less than its printed price.",
         "solutions": ["buy market@U5", "buy market@U7"],
         "hint": "A card costs 1 less for each identical card already face up in your area.",
         "success": "The second Market costs 4, not 5: Anna already owns one.",
         "miss": "The Firehouse costs its printed 11: Anna owns no Firehouse, and it lies in the upper row.",
         "wrong": "buy firehouse@U1", "illegal": "buy customs_house@U6"},
        {"kind": "task", "title": "An upgrade", "start": _start(WORKERS + BUILDINGS + ARISTOCRATS + TRADES[:1]),
         "seat": 0,
         "goal": "Upgrade a worker: buy the Weaving Mill, replacing the worker that shows its goods symbol, wool.",
         "check": "owns_trading_card",
         "hint": "The Weaving Mill shows wool; so does the Shepherd. Name the card it replaces.",
         "success": "A trading card costs its price less the value of the card it replaces: 8 - 5 = 3 rubles. "
                    "The Shepherd leaves the game; the Weaving Mill pays more at every worker scoring.",
         "miss": "That buys no trading card.",
         "wrong": "buy market@U7", "illegal": "buy weaving_mill@U6>lumberjack"},
        {"kind": "narration", "title": "The lower row", "start": _start(ROUND_ONE),
         "text": "Round 2. The upper row moved down: a card in the lower row costs 1 less.",
         "moves": ["pass", "buy fur_trapper@L2"],
         "notes": ["Boris begins the worker phase now, and passes.",
                   "The Fur Trapper's price is 6; from the lower row it costs Anna 5. Discounts add up, but a card "
                   "always costs at least 1 ruble."]},
        {"kind": "task", "title": "Income", "start": _start(ROUND_ONE + ["pass"]), "seat": 0,
         "goal": "Anna's Lumberjack and Weaving Mill both pay at the worker scoring. Own a third card of the "
                 "worker colour: more income at every worker scoring to come.",
         "check": "owns_three_workers",
         "hint": "The Shepherd in the upper row and the Fur Trapper in the lower row both cost Anna 5.",
         "success": "Every worker scoring from now on pays Anna for three cards: rubles to buy buildings and "
                    "aristocrats with.",
         "miss": "A card in hand pays nothing at a scoring: only the cards in your area score.",
         "wrong": "take shepherd@U1", "illegal": "buy mistress_of_ceremonies@L5"},
        {"kind": "narration", "title": "What scores when", "start": _start(ROUND_ONE + ["pass", "buy shepherd@U1"]),
         "text": "A phase's scoring pays only for cards of its colour, every one of them, however long it has been "
                 "there, paying the rubles and points printed on it: workers pay rubles, buildings mostly points, "
                 "aristocrats rubles and, the dearer ones, points too. The trading phase scores "
                 "nothing. At the game's end: points for different aristocrats (1, 3, 6, 10, ...), 1 point for "
                 "each full 10 rubles, and 5 points off for each card left in hand.",
         "moves": ["pass", "pass"],
         "notes": ["Boris passes.", "Both passed in a row: the worker scoring pays for every card of the worker "
                   "colour: 3 rubles a worker, more for an upgrade such as the Weaving Mill."]},
    ],
}

HIDDEN = {
    "id": "hidden_information", "game": "saint_petersburg", "title": "What each seat sees",
    "summary": "Rubles and the cards in hand are secret: the others see only how many cards a hand holds. The "
               "same table through Anna's eyes, then Boris's.",
    "steps": [
        {"kind": "narration", "title": "Through Anna's eyes", "start": _start(WORKERS + BUILDINGS + ARISTOCRATS),
         "seat": 0,
         "text": "You are Anna. You see your own rubles and your hand: the Judge you took. Of Boris you see his "
                 "cards on the table and how many cards he holds, but not his rubles.",
         "moves": ["take fur_shop@U4"],
         "notes": ["Boris takes the Fur Shop into hand. Anna saw which card he took; from now on his hand shows "
                   "her only that he holds one card."]},
        {"kind": "narration", "title": "Through Boris's eyes", "start": _start(WORKERS + BUILDINGS + ARISTOCRATS),
         "seat": 1,
         "text": "The same table as Boris sees it: his own 11 rubles and empty hand, Anna's cards on the table, "
                 "and that she holds one card. Her rubles are hers to know; which card she holds, Boris knows only "
                 "if he remembers her taking the Judge.",
         "moves": ["take fur_shop@U4", "pass"],
         "notes": ["Boris takes the Fur Shop: he sees it in his own hand.",
                   "Anna passes. Boris cannot tell whether she could have paid for something."]},
        {"kind": "task", "title": "A secret card", "start": _start(WORKERS + BUILDINGS + ARISTOCRATS), "seat": 1,
         "goal": "You are Boris. Keep a card for later: take one into your hand, where only you see it.",
         "check": "holds_a_card",
         "hint": "Taking a card costs nothing now; you pay when you play it. A hand holds at most 3 cards.",
         "success": "The card is in your hand. The others saw you take it, but your hand shows them only how many "
                    "cards you hold. Mind that each card still in hand at the end costs 5 points.",
         "miss": "A bought card lies face up in your area, for everyone to see.",
         "wrong": "buy market@U7", "illegal": "buy hospital@U3"},
    ],
}

PUZZLE = {
    "id": "decision_puzzle", "game": "saint_petersburg", "title": "A decision: round 2",
    "summary": "A real position of round 2. Choose Anna's move, then read what the search bot plays and why.",
    "steps": [
        {"kind": "task", "title": "Anna's choice", "start": _start(ROUND_ONE + ["pass"]), "seat": 0,
         "puzzle": True,
         "goal": "Round 2, worker phase; Boris has passed. Buy or take the card you think best, knowing that "
                 "workers pay at every worker scoring still to come and buildings and aristocrats score later.",
         "check": "did_not_pass",
         "hint": "Compare what a card costs now with what it pays in the rounds left; taking a card into hand "
                 "keeps it for later at no cost now.",
         "success": "Your choice is made: now compare it with the search bot's.",
         "miss": "Boris has passed: if Anna passes too, the worker phase ends and she adds no card this phase.",
         "wrong": "pass", "illegal": "buy mistress_of_ceremonies@L5"},
    ],
}

LESSONS: list[dict[str, Any]] = [FIRST_ROUND, COSTS, HIDDEN, PUZZLE]
