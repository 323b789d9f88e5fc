"""Village's guided lessons (boardgames_lab.lessons): a first round on the board (cubes, actions, the time track,
death and the chronicle, the Mass), costs and scoring, what each player sees, and decision puzzles. Each is JSON
data; the goals given as checks are named in ``CHECKS``. The seats are Anna and Boris at a table of two, seed 1;
every position comes from one game of that seed played by the heuristic bot, whose moves are kept in
``lesson_games.json`` beside this module."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

NAMES = ["Anna", "Boris"]
GAME: list[str] = json.loads(Path(__file__).with_name("lesson_games.json").read_text(encoding="utf-8"))["seed 1"]


def _at(ply: int) -> dict[str, Any]:
    """The start after the kept game's first ``ply`` moves."""
    return {"seed": 1, "players": 2, "options": {}, "names": NAMES, "moves": GAME[:ply]}


def _moves(first: int, last: int) -> list[str]:
    """The kept game's moves ``first`` to ``last``, both included."""
    return GAME[first:last + 1]


def game_ending(game: Any, seat: int) -> bool:
    """The last chronicle space or the last anonymous grave is filled: the game ends after the last actions."""
    return game.view(seat)["end_by"] is not None


CHECKS: dict[str, Callable[[Any, int], bool]] = {"game_ending": game_ending}

FIRST_ROUND = {
    "id": "first_round", "game": "village", "title": "A first round",
    "summary": "Play one round: take a cube and act where it lay, spend time on the time track, see the old die "
               "into the village chronicle, and end the round with the Mass.",
    "steps": [
        {"kind": "narration", "title": "The village", "start": _at(0),
         "text": "Anna and Boris each put four villagers of generation 1 on their farmyard and take one coin; their "
                 "time markers stand at the start of the time track. Cubes drawn from the green bag lie on the seven "
                 "action areas, plague cubes among them. Three customers stand at the market stalls."},
        {"kind": "task", "title": "Take a cube", "start": _at(0), "seat": 0,
         "goal": "On your turn you take exactly one cube from an action area, then you may carry out that area's "
                 "action. Anna wants to make a good: take a cube from the crafts area.",
         "solutions": ["take crafts green", "take crafts pink"],
         "hint": "The crafts area holds a green and a pink cube; either will do.",
         "success": "The cube goes onto Anna's farmyard, and the crafts action is open to her.",
         "miss": "That cube opens another area's action, not the crafts.",
         "wrong": "take family green", "illegal": "take market pink"},
        {"kind": "task", "title": "Crafts", "start": _at(1), "seat": 0,
         "goal": "Make a scroll at the office with a villager of your farmyard: training him there costs time, "
                 "and from then on he makes scrolls for time alone.",
         "solutions": ["craft scroll train g1"],
         "hint": "Train a generation-1 villager at the office.",
         "success": "Anna's time marker moves 4 spaces round the time track: time is what a villager's work costs.",
         "miss": "Anna may keep the cube and not act, but she makes no scroll that way.",
         "wrong": "skip", "illegal": "craft wagon pay"},
        {"kind": "narration", "title": "Family and the market", "start": _at(2),
         "text": "Turns go round the table, one cube each.", "moves": _moves(2, 10),
         "notes": ["", "Boris trains a villager at the wagon maker.", "",
                   "Family: the lowest-numbered villager not yet born comes onto the farmyard.", "", "",
                   "A cube from the market always brings a market day.",
                   "Nobody can serve yet: no player holds all that a customer wants.",
                   "The market day ends."]},
        {"kind": "narration", "title": "Church, Well and travel", "start": _at(11),
         "text": "Taking a cube without acting is allowed; the Well lets a player act without taking one.",
         "moves": _moves(11, 20),
         "notes": ["", "Boris keeps the cube and does not act.", "", "",
                   "", "Church: a villager goes into the black bag for one brown cube; the Mass may draw him.",
                   "The Well: Anna returns three cubes of one colour and takes any action.",
                   "", "", "Travel: a villager leaves for a town, paying time, a wagon and the route's cubes."]},
        {"kind": "task", "title": "Harvest", "start": _at(22), "seat": 0,
         "goal": "Anna took a cube from the harvest area. Harvest: a villager on the farmyard brings in grain.",
         "solutions": ["harvest"],
         "hint": "Only the harvest area's action is open to her now.",
         "success": "Anna has 2 grain.",
         "miss": "Keeping the cube without acting brings no grain.",
         "wrong": "skip", "illegal": "birth"},
        {"kind": "task", "title": "A plague cube", "start": _at(25), "seat": 0,
         "goal": "Only plague cubes are left. Take the one in the council chamber: it costs 2 time at once, but "
                 "Anna may still act there.",
         "solutions": ["take council plague"],
         "hint": "Each plague cube costs the same 2 time; the area decides the action.",
         "success": "Anna's time marker passes the bridge on her time track: one of her oldest villagers will die at "
                    "the end of her turn.",
         "miss": "That plague cube opens another area, not the council chamber.",
         "wrong": "take harvest plague", "illegal": "take crafts plague"},
        {"kind": "narration", "title": "The council chamber", "start": _at(26),
         "text": "Anna acts in the council chamber before her villager dies.", "moves": _moves(26, 27),
         "notes": ["A villager enters stage 1 for 1 time and a scroll.",
                   "Stage 1's privilege: the next starting player's ring."]},
        {"kind": "task", "title": "Death", "start": _at(28), "seat": 0,
         "goal": "Anna's time marker passed the bridge: a villager of her oldest generation dies. Let the councillor "
                 "die: he goes into the village chronicle, in the council chamber's column.",
         "solutions": ["dies council1 g1"],
         "hint": "Where a villager works when he dies decides his column in the chronicle.",
         "success": "Anna's first dead is in the chronicle. The dead in the chronicle score at the end, by how many "
                    "they are; when a column is full, the dead go to the anonymous graves, worth nothing.",
         "miss": "A villager of generation 1 dies, but not the councillor.",
         "wrong": "dies farm g1", "illegal": "dies farm g2"},
        {"kind": "narration", "title": "The round's end and the Mass", "start": _at(29),
         "text": "Boris passes the bridge too. When the last cube is taken the round ends with the Mass.",
         "moves": _moves(29, 34),
         "notes": ["", "A villager goes into the black bag for 3 time instead of a brown cube.",
                   "Boris's dead worked at the office: he goes into the chronicle's crafts column.", "", "",
                   "The Mass: Boris buys his villager out of the black bag for a coin; drawn villagers sit in the "
                   "church windows, and the most villagers in the church bring 2 prestige. Then a new round is "
                   "seeded from the green bag."]},
    ],
}

COSTS = {
    "id": "costs_and_scoring", "game": "village", "title": "Costs and scoring",
    "summary": "What the actions cost in cubes, coins and time, where the dead go, and what scores at the end: "
               "customers, towns, council, church, the chronicle and coins.",
    "steps": [
        {"kind": "task", "title": "Cubes or time", "start": _at(1), "seat": 0,
         "goal": "A craft building makes its good for time, with a trained villager, or for its cubes. The office "
                 "wants one pink cube; Anna has none, but a coin stands in for any one cube. Pay for the scroll "
                 "instead of spending time.",
         "solutions": ["craft scroll pay +1c"],
         "hint": "Pay, and let the coin stand in for the pink cube.",
         "success": "Anna's coin pays for the scroll, and her time marker does not move.",
         "miss": "Training and making cost Anna 4 time: the scroll is made, but with time, not cubes.",
         "wrong": "craft scroll train g1", "illegal": "craft scroll pay"},
        {"kind": "task", "title": "The church's price", "start": _at(16), "seat": 1,
         "goal": "A villager goes into the church's black bag for one brown cube, or for 3 time. Boris has a brown "
                 "cube: pay with it.",
         "solutions": ["church g1 brown", "church g2 brown"],
         "hint": "Brown stands for faith, the church's cube.",
         "success": "The villager waits in the black bag for the Mass, and Boris's time marker stays where it is.",
         "miss": "Three time move Boris's time marker nearer the bridge, and a death; one brown cube would not.",
         "wrong": "church g1 time", "illegal": "church g1 brown +2c"},
        {"kind": "task", "title": "The price of travel", "start": _at(20), "seat": 1,
         "goal": "Leaving the village costs 2 time, a wagon and two cubes of the route's colour. The route to "
                 "Brunnen wants 2 pink; Boris has 1, and a coin stands in for the other. Travel to Brunnen.",
         "solutions": ["travel farm brunnen g2 +1c", "travel farm brunnen g1 +1c"],
         "hint": "Altdorf's route wants 2 brown, which Boris lacks.",
         "success": "Boris's traveller reaches Brunnen and takes its reward; every town visited scores at the end.",
         "miss": "Keeping the cube and not acting takes Boris nowhere.",
         "wrong": "skip", "illegal": "travel farm altdorf g2"},
        {"kind": "task", "title": "The council's price", "start": _at(26), "seat": 0,
         "goal": "Entering the council chamber costs 1 time and two green cubes, or a scroll instead. Anna has one "
                 "green cube and a scroll: pay with the scroll, and keep her coin.",
         "solutions": ["council farm g1 scroll", "council farm g2 scroll"],
         "hint": "The scroll stands for both green cubes.",
         "success": "A councillor stands on stage 1. Higher stages score at the end: 2, 4 and 6 points.",
         "miss": "That spends the green cube and the coin, and keeps the scroll.",
         "wrong": "council farm g1 green +1c", "illegal": "council farm g1 green"},
        {"kind": "task", "title": "Chronicle or grave", "start": _at(91), "seat": 1,
         "goal": "Boris's oldest must die. The chronicle's crafts column is full, so a dead craftsman goes to an "
                 "anonymous grave, worth nothing. Let the villager in the church die: the chronicle's church column "
                 "has room.",
         "solutions": ["dies church1 g1"],
         "hint": "Where a villager works when he dies decides where he is remembered.",
         "success": "Boris now has two dead in the chronicle. At the end the chronicle scores by how many: 3 dead "
                    "score 4, 4 score 7, 5 or more 12.",
         "miss": "The wagon maker's villager goes to an anonymous grave: nobody remembers him.",
         "wrong": "dies wagon_maker g1"},
        {"kind": "task", "title": "The last grave", "start": _at(256), "seat": 1,
         "goal": "The game ends when the last chronicle space or the last anonymous grave is filled. One grave is "
                 "left, and Boris leads: end the game.",
         "check": "game_ending",
         "hint": "His villager in the church would go to a grave: the church's column is full.",
         "success": "Boris filled the last grave: he takes no more turns, and Anna has one last action.",
         "miss": "The traveller goes into the chronicle, and the game goes on.",
         "wrong": "dies grafing g2"},
        {"kind": "narration", "title": "The final scoring", "start": _at(257),
         "text": "Anna takes her last action; then a last Mass, and the final scoring: customers served, towns "
                 "visited, living villagers on the council stages, villagers in the church windows, the dead in "
                 "the chronicle, and 1 point per coin.",
         "moves": _moves(257, 260),
         "notes": ["With no cube left on the board, Anna acts without paying the Well.", "",
                   "Anna's market day is open to Boris too: he serves a customer, paying the surcharge; its prestige "
                   "scores at the end.",
                   "The last Mass, then every player's points."]},
    ],
}

HIDDEN = {
    "id": "hidden_information", "game": "village", "title": "What each player sees",
    "summary": "Village is played open: farmyards, cubes, goods, time and the board. Only the order of the face-"
               "down customer pile is hidden, from everyone.",
    "steps": [
        {"kind": "narration", "title": "Through Anna's eyes", "start": _at(0), "seat": 0,
         "text": "This is the village as Anna sees it: her farmyard, and Boris's too, the cubes on every area, the "
                 "time tracks, the customers at the stalls and in the waiting line. The customer pile lies face "
                 "down: she sees how many tiles it holds, not which."},
        {"kind": "narration", "title": "Through Boris's eyes", "start": _at(0), "seat": 1,
         "text": "Boris sees exactly what Anna sees. Neither knows the order of the customer pile, and the cubes "
                 "drawn from the green bag are drawn at random; but what is in the bag follows from the cubes "
                 "everyone can count."},
        {"kind": "task", "title": "Serve what you see", "start": _at(173), "seat": 1,
         "goal": "Boris opened a market day with a plague cube. He has three wagons, and the customer on stall 1 "
                 "wants two wagons for 4 prestige. Which customer comes next nobody knows. Serve the one you see.",
         "solutions": ["serve 1"],
         "hint": "Stall 1's customer wants only wagons; the others want an ox or grain, which Boris lacks.",
         "success": "Boris keeps the customer's tile face down; its 4 prestige score at the end. Everyone saw it "
                    "served, so everyone knows what it is worth.",
         "miss": "Passing leaves Boris out of the rest of this market day.",
         "wrong": "pass", "illegal": "serve 2"},
        {"kind": "narration", "title": "A customer from the pile", "start": _at(174), "seat": 0,
         "text": "After the market day the waiting customers move up and the waiting line is refilled from the "
                 "face-down pile: only now does anyone learn who comes.",
         "moves": _moves(174, 175),
         "notes": ["Anna passes.", "The market day ends; a new customer is drawn from the pile for everyone to see."]},
    ],
}

PUZZLE = {
    "id": "decision_puzzle", "game": "village", "title": "Decisions",
    "summary": "Two real positions: serving at the market for a surcharge, and the first cube of the game. After "
               "your choice the search bot says what it would play, and why.",
    "steps": [
        {"kind": "task", "title": "Serve for a surcharge?", "start": _at(186), "seat": 0, "puzzle": True,
         "goal": "Boris opened this market day, so Anna pays a surcharge to serve: 1 green cube and 1 time, on top "
                 "of what the customer wants. Stall 3's customer wants two horses for 5 prestige. Serve, or pass?",
         "solutions": ["serve 3"],
         "hint": "Weigh 5 prestige against one cube and one time.",
         "success": "5 prestige for two horses, a cube and a little time.",
         "miss": "Passing keeps the cube and the time, but gives up 5 prestige.",
         "wrong": "pass", "illegal": "serve 1"},
        {"kind": "task", "title": "The first cube", "start": _at(0), "seat": 0, "puzzle": True,
         "goal": "Anna takes the game's first cube. Villagers are the workers, and every one of them will die in "
                 "time. Which area's action helps most at the start?",
         "solutions": ["take family green", "take family brown"],
         "hint": "Four villagers is few for a whole game.",
         "success": "The family action is open: a birth now brings a fifth villager onto the farmyard.",
         "miss": "A fair move, but Anna's family stays at four villagers for now.",
         "wrong": "take crafts green", "illegal": "take market pink"},
    ],
}

LESSONS: list[dict[str, Any]] = [FIRST_ROUND, COSTS, HIDDEN, PUZZLE]
