"""Citadels' guided lessons (boardgames_lab.lessons): a first round through the draft and every character's turn,
costs and scoring, hidden information, and decision puzzles. Each is JSON data; the goals given as checks are named
in ``CHECKS``. The seats are Anna, Boris, Clara and David at a table of four. The first round is seed 6's; the later
positions come from two games of seeds 1 and 2 played by the heuristic bot, whose moves are kept in
``lesson_games.json`` beside this module."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from .data import CITY_GOAL

NAMES = ["Anna", "Boris", "Clara", "David"]
GAMES: dict[str, list[str]] = json.loads(Path(__file__).with_name("lesson_games.json").read_text(encoding="utf-8"))


def _start(seed: int, moves: list[str]) -> dict[str, Any]:
    return {"seed": seed, "players": 4, "options": {}, "names": NAMES, "moves": moves}


def _played(seed: int, ply: int) -> dict[str, Any]:
    """The start after the first ``ply`` moves of the kept game of ``seed``."""
    return _start(seed, GAMES[f"seed {seed}"][:ply])


def city_of_eight(game: Any, seat: int) -> bool:
    """The seat's city holds eight buildings or more: the game ends when the round does."""
    return len(game.view(seat)["players"][seat]["city"]) >= CITY_GOAL


CHECKS: dict[str, Callable[[Any, int], bool]] = {"city_of_eight": city_of_eight}

# Seed 6, round 1: the Thief and the Wizard lie face up, the Bishop face down. Anna holds the crown.
DRAFT = ["pick merchant", "pick assassin", "pick king", "pick warlord"]
BORIS = ["kill king", "gold", "build church", "end"]
ANNA = ["bonus", "gold", "build harbor", "income", "end"]
DAVID = ["gold", "destroy harbor p1", "end"]

FIRST_ROUND = {
    "id": "first_round", "game": "citadels", "title": "A first round",
    "summary": "Play one round: the character draft, then the characters called in rank order, each taking "
               "income, building and using the character's power.",
    "steps": [
        {"kind": "narration", "title": "The table", "start": _start(6, []),
         "text": "Each player takes 2 gold and 4 building cards; Anna, the oldest, holds the crown. She shuffles "
                 "the eight characters and lays one face down in the middle, unseen. With four players two more are "
                 "laid face up: the Thief and the Wizard are out of this round. The crown holder chooses first."},
        {"kind": "task", "title": "Anna chooses", "start": _start(6, []), "seat": 0,
         "goal": "You are Anna. Five characters are left for you to choose from. Keep the Merchant: he takes 1 gold "
                 "more, and 1 gold for every green building in your city, and your hand holds the green Docks and "
                 "Harbor.",
         "solutions": ["pick merchant"],
         "hint": "The Merchant is the sixth character. Keep him; the other four go on to Boris.",
         "success": "The Merchant lies face down in front of you. You pass the other four to your left.",
         "miss": "That character is yours for the round now, but he gets nothing from green buildings.",
         "wrong": "pick king", "illegal": "pick thief"},
        {"kind": "task", "title": "Boris chooses", "start": _start(6, DRAFT[:1]), "seat": 1,
         "goal": "You are Boris: Anna passed you four characters. Keep the Assassin: he is called first and names a "
                 "character, who then loses the round's turn.",
         "solutions": ["pick assassin"],
         "hint": "The Assassin is the first character, the first one called.",
         "success": "Boris keeps the Assassin and passes three characters on to Clara.",
         "miss": "That character is Boris's for the round now; he cannot murder anyone with it.",
         "wrong": "pick king", "illegal": "pick merchant"},
        {"kind": "task", "title": "Clara chooses", "start": _start(6, DRAFT[:2]), "seat": 2,
         "goal": "You are Clara, with three characters left. Keep the King: he takes the crown, so he calls the "
                 "characters and chooses first in the next round.",
         "solutions": ["pick king"],
         "hint": "The King is the fourth character.",
         "success": "Clara is the King for this round. Two characters go on to David.",
         "miss": "Clara would not take the crown with that character.",
         "wrong": "pick architect", "illegal": "pick assassin"},
        {"kind": "task", "title": "David chooses", "start": _start(6, DRAFT[:3]), "seat": 3,
         "goal": "You are David, the last player: two cards are left. Keep one, the other is laid face down in the "
                 "middle. Keep the Warlord, who may remove a building from a fellow player's city.",
         "solutions": ["pick warlord"],
         "hint": "The Warlord is the eighth character, called last.",
         "success": "David keeps the Warlord; the Architect is laid face down. Now Anna, who holds the crown, calls "
                    "the characters in rank order from the Assassin on.",
         "miss": "David keeps the Architect then, and the Warlord is laid face down.",
         "wrong": "pick architect", "illegal": "pick king"},
        {"kind": "task", "title": "The Assassin", "start": _start(6, DRAFT), "seat": 1,
         "goal": "The Assassin is called and Boris reveals himself. Murder the King: when the King is called, "
                 "nobody answers, and his player takes no turn.",
         "solutions": ["kill king"],
         "hint": "The Assassin names a character, not a player.",
         "success": "The King will be silent when called. Nobody knows yet who held him.",
         "miss": "The Thief lies face up in the middle: nobody holds him, so nobody loses a turn.",
         "wrong": "kill thief", "illegal": "kill assassin"},
        {"kind": "task", "title": "Income", "start": _start(6, DRAFT + BORIS[:1]), "seat": 1,
         "goal": "In every turn income comes before building: take 2 gold, or draw 2 building cards and keep one. "
                 "Boris has 2 gold and wants to build: take 2 gold.",
         "solutions": ["gold"],
         "hint": "Gold or cards: this time, gold.",
         "success": "Boris has 4 gold now.",
         "miss": "Drawing brings a card, but no gold: Boris keeps his 2 gold.",
         "wrong": "draw", "illegal": "build church"},
        {"kind": "narration", "title": "Building, then the calling goes on",
         "start": _start(6, DRAFT + BORIS[:2]),
         "text": "After income a player may build one building from hand, paying the gold printed on it.",
         "moves": BORIS[2:],
         "notes": ["Boris pays 2 gold for the Church, which scores 2 points at the end.",
                   "Boris's turn ends. The Thief and the Wizard lie face up, so nobody answers; the murdered King is "
                   "silent; the Bishop lies face down. Anna reveals the Merchant."]},
        {"kind": "task", "title": "The Merchant's gold", "start": _start(6, DRAFT + BORIS), "seat": 0,
         "goal": "You are Anna, the Merchant. Use his power: take 1 gold more.",
         "solutions": ["bonus"],
         "hint": "The Merchant's extra gold is his own power, besides income.",
         "success": "Anna has 3 gold. A power may be used at any moment of the turn.",
         "miss": "That is income, which every character takes; the Merchant's own gold is still to take.",
         "wrong": "gold", "illegal": "income"},
        {"kind": "task", "title": "Anna's income", "start": _start(6, DRAFT + BORIS + ANNA[:1]), "seat": 0,
         "goal": "Now take your income as 2 gold.",
         "solutions": ["gold"],
         "hint": "Gold, not cards.",
         "success": "Anna has 5 gold.",
         "miss": "A card instead of 2 gold leaves Anna 3 gold: not enough for the Harbor.",
         "wrong": "draw", "illegal": "build harbor"},
        {"kind": "task", "title": "A green building", "start": _start(6, DRAFT + BORIS + ANNA[:2]), "seat": 0,
         "goal": "Build a green building: the Merchant takes 1 gold for every green building in your city, so build "
                 "before you collect.",
         "solutions": ["build harbor", "build docks"],
         "hint": "The Docks and the Harbor are green.",
         "success": "A green building stands in Anna's city.",
         "miss": "The Battlefield is red: it pays the Warlord, not the Merchant.",
         "wrong": "build battlefield", "illegal": "income"},
        {"kind": "task", "title": "Gold for green", "start": _start(6, DRAFT + BORIS + ANNA[:3]), "seat": 0,
         "goal": "Now collect the Merchant's income: 1 gold for each green building in your city.",
         "solutions": ["income"],
         "hint": "Colour income is taken once, all at once, whenever you choose in your turn.",
         "success": "Anna takes 1 gold for her Harbor. Had she collected before building, she would have had nothing.",
         "miss": "Ending the turn now gives up the gold of the Harbor.",
         "wrong": "end", "illegal": "build docks"},
        {"kind": "narration", "title": "The Warlord, and the round's end", "start": _start(6, DRAFT + BORIS + ANNA[:4]),
         "text": "Anna ends her turn; the Architect lies face down and is silent. David reveals the Warlord.",
         "moves": ANNA[4:] + DAVID,
         "notes": ["Anna's turn ends.", "David takes 2 gold.",
                   "The Warlord removes Anna's Harbor, paying 1 gold less than it cost her: 3 gold.",
                   "David ends the round. The King was murdered, so Clara takes the crown now, at the start of the "
                   "next round, and chooses first."]},
    ],
}

COSTS = {
    "id": "costs_and_scoring", "game": "citadels", "title": "Costs and scoring",
    "summary": "A building costs as much gold as it scores points; a city holds each building once; the Warlord "
               "pays 1 less; the eighth building ends the game, and the bonuses come at the end.",
    "steps": [
        {"kind": "task", "title": "Cost is points", "start": _start(6, DRAFT + BORIS[:2]), "seat": 1,
         "goal": "Boris has 4 gold. A building's cost and its points are the same number: build the most valuable "
                 "building you can pay for.",
         "solutions": ["build harbor"],
         "hint": "The Cathedral costs 5, the Harbor 4, the Church and the Prison 2.",
         "success": "The Harbor cost 4 gold and will score 4 points.",
         "miss": "That scores fewer points than the Harbor, which Boris can pay for.",
         "wrong": "build church", "illegal": "build cathedral"},
        {"kind": "task", "title": "The Warlord's price", "start": _start(6, DRAFT + BORIS + ANNA + DAVID[:1]),
         "seat": 3,
         "goal": "David, the Warlord, has 4 gold. Removing a building costs him its cost less 1. Remove a building "
                 "for 1 gold only.",
         "solutions": ["destroy church p2"],
         "hint": "Boris's Church cost 2.",
         "success": "The Church costs the Warlord 2 - 1 = 1 gold; it goes to the discard pile.",
         "miss": "The Harbor cost 4, so removing it costs the Warlord 3 gold.",
         "wrong": "destroy harbor p1", "illegal": "destroy harbor p3"},
        {"kind": "task", "title": "The eighth building", "start": _played(1, 152), "seat": 3,
         "goal": "David's city holds seven buildings. Lay the eighth: the round is then played to its end and the "
                 "game ends. The first city of eight scores 4 points more.",
         "check": "city_of_eight",
         "hint": "David has 3 gold and a Monastery, which costs 3.",
         "success": "David's city is complete first: 4 points more at the end.",
         "miss": "Without an eighth building the game goes on, and another player may finish first.",
         "wrong": "end", "illegal": "gold"},
        {"kind": "narration", "title": "The last turns", "start": _played(1, 153),
         "text": "The round is played to its end: every character still to be called takes a turn.",
         "moves": GAMES["seed 1"][153:161],
         "notes": ["", "The Bishop takes 1 gold for each blue building.", "",
                   "The University costs 6 but scores 8 at the end.", "", "", "",
                   "Clara draws two cards and keeps one, unseen by the others."]},
        {"kind": "task", "title": "One of each", "start": _played(1, 162), "seat": 2,
         "goal": "Clara holds a Trading Post, but her city has one already: a city holds each building only once. "
                 "End the turn.",
         "solutions": ["end"],
         "hint": "There is nothing left to do but end the turn.",
         "success": "Clara keeps the Trading Post in hand; it cannot be built in her city.",
         "illegal": "build trading_post"},
        {"kind": "narration", "title": "The scoring", "start": _played(1, 162),
         "text": "After the last turn each city scores its buildings' points, 3 more for all five colours, 4 for the "
                 "first city of eight and 2 for every other city of eight. Gold scores nothing.",
         "moves": GAMES["seed 1"][162:],
         "notes": ["", "", "", "",
                   "The round ends, and with it the game: Boris scores 3 for all five colours, David 4 for the "
                   "first city of eight."]},
    ],
}

HIDDEN = {
    "id": "hidden_information", "game": "citadels", "title": "What each player sees",
    "summary": "Hands and chosen characters are secret: each player sees his own, and only counts of the others'. "
               "What the draft shows a player lets him reason about the rest.",
    "steps": [
        {"kind": "narration", "title": "Through Anna's eyes", "start": _start(6, []), "seat": 0,
         "text": "This is the table as Anna sees it. She sees her own four cards and the five characters she may "
                 "choose from, and the Thief and the Wizard face up. She does not see the character laid face down, "
                 "nor anyone else's cards: of those she sees only how many each player holds."},
        {"kind": "narration", "title": "Through Boris's eyes", "start": _start(6, DRAFT[:1]), "seat": 1,
         "text": "Now the table as Boris sees it, after Anna has chosen. He sees his own four cards and the four "
                 "characters Anna passed him: the Assassin, the King, the Architect and the Warlord. He does not see "
                 "which one Anna kept, but he can work it out in part."},
        {"kind": "task", "title": "Whom to murder", "start": _start(6, DRAFT), "seat": 1,
         "goal": "Boris is the Assassin. The Thief and the Wizard lie face up, and four characters came to him from "
                 "Anna. Anna kept one of the two characters he never saw, the other lies face down. Murder a "
                 "character Anna may hold.",
         "solutions": ["kill merchant", "kill bishop"],
         "hint": "Which of the eight characters were neither face up nor among the four passed to Boris?",
         "success": "Only the Bishop and the Merchant were hidden from Boris: Anna holds one of them, and the other "
                    "lies face down.",
         "miss": "Boris passed the King on to Clara: Anna cannot hold it.",
         "wrong": "kill king", "illegal": "kill assassin"},
        {"kind": "task", "title": "The Wizard's swap", "start": _played(1, 56), "seat": 0,
         "goal": "Anna is the Wizard and holds one card. She cannot see her fellow players' cards, only how many each "
                 "holds: Boris 2, Clara 3, David 3. Swap hands with a player holding the most cards.",
         "solutions": ["swap p3", "swap p4"],
         "hint": "Count the cards in front of each player's name.",
         "success": "Anna gives away her one card and takes three she has never seen.",
         "miss": "Boris holds only two cards; Clara and David hold three.",
         "wrong": "swap p2", "illegal": "swap p1"},
        {"kind": "narration", "title": "Through Clara's eyes", "start": _played(1, 56), "seat": 2,
         "text": "The same swap as Clara sees it: her three cards go to Anna, and she gets Anna's one. Now each of "
                 "them knows a card the other holds.",
         "moves": ["swap p3", "end"],
         "notes": ["Clara now holds Anna's Trading Post; Anna holds Clara's three cards.",
                   "Anna's turn ends, and the next character is called."]},
    ],
}

PUZZLE = {
    "id": "decision_puzzle", "game": "citadels", "title": "Decisions",
    "summary": "Two real positions: what to do with the Warlord's gold, and when to close the city. After your "
               "choice the search bot says what it would play, and why.",
    "steps": [
        {"kind": "task", "title": "The Warlord's gold", "start": _played(1, 48), "seat": 3, "puzzle": True,
         "goal": "David is the Warlord with 3 gold; his city holds a green Harbor and a red Prison. He may spend "
                 "it on building or on removing a fellow player's building. Which makes his city stronger?",
         "solutions": ["build manor"],
         "hint": "A building removed costs you gold and scores you nothing; a building built scores its cost, and "
                 "a new colour brings the five-colour bonus nearer.",
         "success": "The Manor scores 3 points and brings a third colour to David's city.",
         "miss": "That move spends the gold on less for David's own city than the Manor would bring.",
         "wrong": "destroy harbor p1", "illegal": "build castle"},
        {"kind": "task", "title": "Close the city", "start": _played(2, 146), "seat": 2, "puzzle": True,
         "goal": "Clara is the Architect with 7 gold and a Library in hand; her city holds seven buildings of all "
                 "five colours. Draw the Architect's cards, build, or end the turn?",
         "solutions": ["build library"],
         "hint": "Count the points: her buildings, 3 for five colours, and 4 for the first city of eight.",
         "success": "Her eighth building ends the game after this round, with 4 points more for Clara.",
         "miss": "Without an eighth building the game goes on one more round, and the others may catch up.",
         "wrong": "end", "illegal": "gold"},
    ],
}

LESSONS: list[dict[str, Any]] = [FIRST_ROUND, COSTS, HIDDEN, PUZZLE]
