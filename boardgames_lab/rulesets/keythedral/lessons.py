"""Keythedral's guided lessons (boardgames_lab.lessons): a first round through every phase, costs and scoring, what
each seat sees behind the screens, and a decision puzzle. They follow one real game of three players, Anna, Boris
and Clara, seed 7 (``GAME``, played by the heuristic bot to its end); each step starts at a ply of it. Goals given as
checks are named in ``CHECKS``."""
from __future__ import annotations

from typing import Any, Callable

from .data import CRAFTS, LETTER

NAMES = ["Anna", "Boris", "Clara"]

# The whole game, move by move: 30 tiles laid, then eight rounds, until Clara buys the last building tile.
GAME = (
    "field -1,-3; cottage 5@0,-2; field -3,-1; cottage 3@-2,-2; field -3,-3; cottage 4@-2,0; field 1,3; "
    "cottage 4@0,2; field 3,3; cottage 5@2,2; field -3,1; cottage 1@-2,2; field 1,-3; cottage 1@-4,-2; "
    "field 5,3; cottage 2@2,0; field 5,1; cottage 5@4,2; field -5,-3; cottage 3@4,4; field 1,-5; "
    "cottage 1@0,-4; field 7,3; cottage 2@6,2; field 3,-5; cottage 2@2,-4; field -7,-3; cottage 4@-6,-4; "
    "field 7,1; cottage 3@6,4; order 1; worker -3,-3; worker -1,-3; worker -1,1; order 2; worker 1,-1; "
    "worker 5,3; worker 1,-5; order 5; worker 5,1; worker -1,-1; worker 1,1; order 3; worker 3,3; "
    "worker -3,-1; worker 7,3; order 4; worker -5,-3; worker -3,1; worker 1,3; buy 1-B; buy 1-G; "
    "buy 1-E; trade T SW; pass; pass; pass; bid 0; bid 0; bid 0; start 2; order 2; worker 1,-1; "
    "worker 7,1; worker 1,-5; order 4; worker -1,1; worker 1,3; worker -5,-3; order 5; worker -1,-3; "
    "worker 1,1; worker 5,1; order 3; worker -3,-1; worker 7,3; worker 5,3; order 1; worker -3,1; "
    "worker -3,-3; worker 1,-3; trade T SF; buy 1-D; trade W ST; buy 2-B; pass; buy 2-G; pass; "
    "trade S TW; pass; pass; pass; bid 0; bid 0; bid 0; start 3; order 1; worker -1,1; worker -3,-1; "
    "worker -1,-3; order 5; worker 1,-1; worker 1,3; worker 5,3; order 3; worker -3,-3; worker 7,3; "
    "worker 3,3; order 2; worker 5,1; worker 1,-5; worker 1,1; order 4; worker -5,-3; worker -1,-1; "
    "buy 2-C; buy 2-E; trade W SS; pass; pass; buy 3-E; pass; pass; pass; bid 0; bid 0; bid 0; start 1; "
    "order 2; worker 1,-5; worker 1,-1; worker 7,3; order 3; worker -1,-3; worker 5,3; worker 3,3; "
    "order 5; worker 5,1; worker 1,-3; worker 1,3; order 1; worker -5,-3; worker -3,1; order 4; "
    "worker -7,-3; worker -3,-1; worker -1,1; trade T FV; trade W TF; buy 3-A; craft I TW; craft I FV; "
    "craft I SF; buy 3-C; trade V TW; trade V SW; trade T FF; buy 3-F; pass; pass; pass; bid 0; bid 0; "
    "bid 0; start 2; order 5; worker 3,3; worker 5,3; worker 1,-3; order 4; worker -3,-1; worker 1,3; "
    "worker -5,-3; order 1; worker -3,-3; worker 1,-5; worker -3,1; order 2; worker 1,-1; worker 7,3; "
    "worker 3,-5; order 3; worker -1,-1; house 5; buy 4-C; trade F TT; pass; trade F ST; trade W SV; "
    "pass; pass; pass; bid 0; bid 0; bid 0; start 3; order 2; worker 7,3; worker 1,-5; worker 1,1; "
    "order 1; worker -3,-1; worker 1,-3; worker -3,1; order 3; worker -1,-3; worker 5,3; worker 3,3; "
    "order 4; worker -1,-1; worker -1,1; worker -5,-3; order 5; worker 1,-1; worker 1,3; worker 5,1; "
    "craft A SSFW; craft A TTFV; craft A TTFV; buy 4-E; craft G WWA; craft G SFA; pass; pass; pass; "
    "bid 0; bid 0; bid 0; start 1; order 3; worker 3,3; worker -3,-1; worker 7,3; order 4; worker -5,-3; "
    "worker -3,1; worker 1,1; order 1; worker -1,1; worker -3,-3; worker 1,-5; order 5; worker -1,-3; "
    "worker 1,3; worker 5,1; order 2; worker 1,-1; worker 5,3; worker 3,-5; craft G SST; craft G FFW; "
    "craft G TTT; buy 4-D; pass; pass; pass; bid 0; bid 0; bid 0; start 2; order 3; worker -3,-1; "
    "worker 7,3; worker 3,3; order 1; worker -3,1; worker -5,-3; worker 1,-3; order 2; worker 1,-5; "
    "worker 1,-1; worker 5,1; order 5; worker 1,1; worker 1,3; worker 5,3; worker -1,-3; order 4; "
    "worker -1,-1; worker -1,1; worker -7,-3; craft A TTTT; craft A STFW; craft G TFV; buy 5-D; buy 5-A"
).split("; ")


def _start(ply: int) -> dict[str, Any]:
    """The game at ``ply``: seed 7, three players, the first ``ply`` moves of ``GAME``."""
    return {"seed": 7, "players": 3, "options": {}, "names": NAMES, "moves": GAME[:ply]}


def _me(game: Any, seat: int) -> dict[str, Any]:
    return game.view(seat)["players"][seat]


def _fields_next_to(game: Any, site: str) -> int:
    x, y = (int(part) for part in site.split(","))
    laid = {field["at"] for field in game.view(None)["fields"]}
    return sum(f"{x + dx},{y + dy}" in laid for dx in (-1, 1) for dy in (-1, 1))


def cottage_with_choice(game: Any, seat: int) -> bool:
    """The seat's cottage laid last touches two laid fields or more: its worker will have a choice."""
    last = game.moves[-1] if game.moves else None
    if last is None or last.kind != "cottage":
        return False
    return _fields_next_to(game, f"{last.site[0]},{last.site[1]}") >= 2


def owns_seat(game: Any, seat: int) -> bool:
    """The seat owns a building tile: a seat in the Keythedral."""
    return bool(_me(game, seat)["seat_count"])


def owns_house(game: Any, seat: int) -> bool:
    """One of the seat's cottages is a house."""
    return any(site["owner"] == seat and site["house"] for site in game.view(seat)["sites"])


def owns_craft_cube(game: Any, seat: int) -> bool:
    """The seat holds a craft cube: ironwork, stained glass or gold."""
    cubes = _me(game, seat)["cubes"]
    return any(cubes[LETTER[craft]] for craft in CRAFTS)


def holds_law(game: Any, seat: int) -> bool:
    """The seat holds a law card behind its screen."""
    return bool(_me(game, seat)["law_count"])


def acted(game: Any, seat: int) -> bool:
    """The seat's last move was not a pass (a bid of nothing is a bid)."""
    return bool(game.moves) and game.moves[-1].kind != "pass"


CHECKS: dict[str, Callable[[Any, int], bool]] = {
    "cottage_with_choice": cottage_with_choice,
    "owns_seat": owns_seat,
    "owns_house": owns_house,
    "owns_craft_cube": owns_craft_cube,
    "holds_law": holds_law,
    "acted": acted,
}

FIRST_ROUND = {
    "id": "first_round", "game": "keythedral", "title": "A first round",
    "summary": "Lay the board, call the work order numbers, send workers into the fields, collect their cubes, "
               "spend them, and bid for the start player marker.",
    "steps": [
        {"kind": "narration", "title": "Laying the board", "start": _start(0),
         "text": "The Keythedral tile lies in the middle with its four fields. Each player in turn lays the top "
                 "field tile of the stack where it touches a laid tile, then one of their five cottages on an empty "
                 "site next to a laid field.",
         "moves": GAME[0:2],
         "notes": ["Anna lays a wood. A field yields cubes of its colour: a quarry stone (black), a wood timber "
                   "(brown), a farm food (green), a lake water (blue), a vineyard wine (red).",
                   "Anna's cottage 5 touches three laid fields, with room for a fourth: its worker will choose "
                   "among them."]},
        {"kind": "task", "title": "Lay a cottage", "start": _start(7), "seat": 0,
         "goal": "You are Anna and have just laid a wood south of the Keythedral. Lay a cottage on a site that "
                 "touches two laid fields or more, so that its worker has a choice.",
         "check": "cottage_with_choice",
         "hint": "A cottage site touches four fields, diagonally. Count the laid ones around a site next to the "
                 "new wood.",
         "success": "That cottage's worker will have a choice of fields: if one is taken or fenced off, it goes "
                    "to another.",
         "miss": "That site touches only one laid field: when a worker stands there first, this cottage's worker "
                 "stays idle.",
         "wrong": "cottage 4@0,4", "illegal": "cottage 4@0,-2"},
        {"kind": "narration", "title": "The board is laid", "start": _start(28),
         "text": "Laying goes on until everyone has laid five fields and five cottages.",
         "moves": GAME[28:30],
         "notes": ["Clara lays her last field.", "Clara lays her last cottage: the board is complete, and the "
                   "stage-one building tiles are turned face up on the Keythedral mat."]},
        {"kind": "task", "title": "Call a number", "start": _start(30), "seat": 0,
         "goal": "Phase one. Anna holds the start player marker and chooses the first number. Send your cottage "
                 "1 out first: it touches the quarry 2 steps north-west of the Keythedral.",
         "solutions": ["order 1"],
         "hint": "The number you choose calls every cottage and house with that number, of every player.",
         "success": "Every cottage numbered 1 now sends its worker, Anna first as the chooser.",
         "miss": "That calls another number first: cottage 1 waits, and its fields may be taken before it goes.",
         "wrong": "order 2", "illegal": "worker -3,-3"},
        {"kind": "task", "title": "Send a worker", "start": _start(31), "seat": 0,
         "goal": "Send the worker of your cottage 1 into the quarry: stone pays for houses and for many seats.",
         "solutions": ["worker -3,-3"],
         "hint": "A worker goes into a laid field next to its cottage. The quarry is the grey field.",
         "success": "Your worker stands in the quarry: no other worker may enter it this round, and it will bring "
                    "you a stone.",
         "miss": "That field yields another colour: a farm gives food, a lake water.",
         "wrong": "worker -5,-3", "illegal": "worker 7,3"},
        {"kind": "narration", "title": "Everyone places", "start": _start(32),
         "text": "After each call, every player with a cottage of that number places its worker, the chooser "
                 "first. Then the next player calls the next number.",
         "moves": GAME[32:38],
         "notes": ["Boris's cottage 1 sends its worker into a wood.", "Clara's cottage 1 goes into a wood too.",
                   "Boris calls number 2.", "Boris's cottage 2 goes first, into a wood.",
                   "Then Clara's, into a quarry.", "Then Anna's cottage 2, into a farm."]},
        {"kind": "narration", "title": "The harvest", "start": _start(49),
         "text": "The last number has been called. One worker is left to place.",
         "moves": GAME[49:50],
         "notes": ["Anna places her last worker. Phase two: from the start player on, each worker takes one cube "
                   "of its field's colour from the store. A colour the store has run out of yields nothing."]},
        {"kind": "task", "title": "A seat in the Keythedral", "start": _start(50), "seat": 0,
         "goal": "Phase three. Buy a seat in the Keythedral: pay exactly the cubes a face-up building tile shows.",
         "check": "owns_seat",
         "hint": "Anna holds 2 stone, 1 timber, 1 food and 1 water. Which stage-one tiles ask for only these?",
         "success": "The tile goes behind your screen: a seat worth 4 points at the end.",
         "miss": "That spends cubes without buying a seat.",
         "wrong": "trade T SW", "illegal": "buy 1-D"},
        {"kind": "narration", "title": "The round ends", "start": _start(51),
         "text": "Everyone takes one action or passes at a time, until all have passed in succession. Then the "
                 "workers come home and the start player marker is bid for.",
         "moves": GAME[51:61],
         "notes": ["Boris buys a seat.", "Clara buys a seat.",
                   "Anna gives the trader a stone and a water for a timber.",
                   "Boris passes.", "Clara passes.",
                   "Anna passes: all three passed in succession, so phase three ends. Phase four: the workers go "
                   "back and the work order markers come off.",
                   "Phase five: the marker passes left, to Boris. From the player after him, each bids once: Clara "
                   "bids nothing.", "Anna bids nothing.",
                   "Boris bids last and would win by matching the highest bid; nobody bid.",
                   "Boris chooses the start player of round two: himself."]},
    ],
}

COSTS = {
    "id": "costs_and_scoring", "game": "keythedral", "title": "Costs and scoring",
    "summary": "What the cubes buy: houses, fences, craft cubes and seats; and how the game ends and scores.",
    "steps": [
        {"kind": "task", "title": "A house", "start": _start(50), "seat": 0,
         "goal": "Turn one of your cottages into a house: from next round on it sends two workers, into two "
                 "different fields.",
         "check": "owns_house",
         "hint": "A house costs 1 stone and 1 timber, and Anna has both.",
         "success": "A house for 1 stone and 1 timber: two cubes a round from then on, where there are two open "
                    "fields next to it.",
         "miss": "That spends cubes, but no cottage became a house.",
         "wrong": "trade T SW", "illegal": "house 9"},
        {"kind": "task", "title": "A fence", "start": _start(50), "seat": 0,
         "goal": "Boris's cottage 3 touches the quarry 2 steps north-west of the Keythedral. Build a fence between "
                 "them: his workers from that cottage can no longer enter the quarry.",
         "solutions": ["fence -2,-2>-3,-3"],
         "hint": "A fence costs 1 timber and stands between a cottage site and a field next to it.",
         "success": "The fence stays until someone pays 2 wine to remove it or plays the Unsafe fence law. You "
                    "have two fences left for the whole game.",
         "miss": "That fence stands elsewhere: it does not keep Boris's cottage 3 out of the quarry.",
         "wrong": "fence -4,-2>-3,-3", "illegal": "fence -6,-4>-3,-3"},
        {"kind": "task", "title": "A craft cube", "start": _start(50), "seat": 0,
         "goal": "Take two of your cubes to the blacksmith for one ironwork: at the end it counts 2 points, a "
                 "resource cube only 1.",
         "check": "owns_craft_cube",
         "hint": "The blacksmith asks any two cubes, the glassmaker three, the goldsmith four.",
         "success": "Ironwork counts 2, stained glass 3, gold 4: the craft cube keeps the points of the cubes you "
                    "gave for it, in one cube. Some seats ask for craft cubes too.",
         "miss": "The trader gives one resource cube for two: that turns cubes into the kind you need, but loses "
                 "a point at the end.",
         "wrong": "trade T SW", "illegal": "craft A TTTT"},
        {"kind": "narration", "title": "The last seat", "start": _start(284),
         "text": "Round 8, the last: the last two building tiles of stage five are on the mat.",
         "moves": GAME[284:286],
         "notes": ["Boris buys a seat worth 12 points, paying a stained glass and a gold among his cubes.",
                   "Clara buys the last building tile: the game ends at once. Everyone scores the values of their "
                   "seats plus their cubes (gold 4, stained glass 3, ironwork 2, every resource cube 1). Clara "
                   "wins with 56."]},
    ],
}

HIDDEN = {
    "id": "hidden_information", "game": "keythedral", "title": "Behind the screens",
    "summary": "Cubes, seats and law cards stay behind each player's screen: the others see how many, not which. "
               "The same moment through Anna's eyes and through Boris's.",
    "steps": [
        {"kind": "narration", "title": "Anna's screen", "start": _start(50), "seat": 0,
         "text": "You are Anna. Behind your screen you see your cubes: 2 stone, 1 timber, 1 food, 1 water. Of "
                 "Boris and Clara you see only how many cubes they hold.",
         "moves": ["law 1 S"],
         "notes": ["Anna pays a stone for the face-down law card on new-law space 1 and reads it behind her "
                   "screen. She takes no more actions this phase, but may play law cards."]},
        {"kind": "narration", "title": "Boris's view", "start": _start(50), "seat": 1,
         "text": "The same moment through Boris's eyes: Anna's cubes are a number, and so are her seats.",
         "moves": ["law 1 S"],
         "notes": ["Boris sees that Anna procured a law card and paid one cube; which card it is, he does not "
                   "know until she plays it."]},
        {"kind": "task", "title": "A secret law", "start": _start(50), "seat": 0,
         "goal": "Procure a law card yourself: any one cube buys the face-down card on a new-law space.",
         "check": "holds_law",
         "hint": "Pay with a cube you hold: stone, timber, food or water.",
         "success": "Only you know the card. Some law cards are played on your turn, others at set moments, "
                    "even in another player's turn.",
         "miss": "A pass keeps your cubes; the law cards stay face down on their spaces.",
         "wrong": "pass", "illegal": "law 1 V"},
        {"kind": "narration", "title": "Face-down tiles", "start": _start(56), "seat": 2,
         "text": "You are Clara. Stage two's building tiles lie face down: nobody knows their costs until the last "
                 "stage-one tile is bought.",
         "moves": GAME[56:57],
         "notes": ["Anna passes, and the phase ends. Stage-one tiles are left, so stage two stays face down."]},
    ],
}

PUZZLE = {
    "id": "decision_puzzle", "game": "keythedral", "title": "A decision: the start player",
    "summary": "A real position at the end of round one: is the start player marker worth cubes to Anna? Choose "
               "her bid, then read what the search bot bids and why.",
    "steps": [
        {"kind": "task", "title": "How bidding works", "start": _start(57), "seat": 2,
         "goal": "Phase five. The start player marker has passed left to Boris, and you, Clara, bid first. Bid "
                 "one cube: the lowest bid there is.",
         "solutions": ["bid 1"],
         "hint": "Each bid must beat every bid before it; a bid of 0 is no bid.",
         "success": "Anna may now bid 2 or nothing. Boris bids last: he wins by matching the highest bid, and then "
                    "pays its cubes to the player whose bid he matched. Any other winner pays Boris.",
         "miss": "That bids more than the lowest bid: one cube already beats nothing.",
         "wrong": "bid 2", "illegal": "bid 9"},
        {"kind": "task", "title": "Anna's bid", "start": _start(58), "seat": 0, "puzzle": True,
         "goal": "Back to the game: Clara bid nothing. Bid cubes for the start player "
                 "marker, or bid nothing (0). Boris bids last and wins by matching the highest bid.",
         "check": "acted",
         "hint": "The start player calls the first work order number and acts first in phase three. Each cube bid "
                 "counts one, and a winner other than Boris pays him.",
         "success": "Your bid is made: now compare it with the search bot's.",
         "illegal": "bid 9"},
    ],
}

LESSONS: list[dict[str, Any]] = [FIRST_ROUND, COSTS, HIDDEN, PUZZLE]
