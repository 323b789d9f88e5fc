"""Citadels rule of thumb: build points, keep gold and cards flowing, read from the view.

A building is worth its cost in points (plus one for a colour the city lacks); a character is worth
the income its colour brings from my city and what its power is good for right now; gold is taken
when the hand already holds something to build, cards when it does not. Costly or spiteful moves
(destroying, swapping a good hand away) are kept for when they clearly pay.
"""
from __future__ import annotations

from typing import Any, Sequence

from .data import CARD_INDEX, CHAR_INDEX, CHARACTERS, COLOUR, COLOURS, COST

# What a character's power is worth beyond its colour income, with the reason a student reads.
POWER = {"assassin": (1.0, "the Assassin takes a rival's turn away"),
         "thief": (1.0, "the Thief takes a rival's gold"),
         "wizard": (0.5, "the Wizard refreshes a poor hand"),
         "king": (1.5, "the King takes the crown and picks first next round"),
         "bishop": (0.5, "the Bishop keeps my city safe from the Warlord"),
         "merchant": (1.5, "the Merchant earns an extra gold"),
         "architect": (1.0, "the Architect draws two cards and builds up to three times"),
         "warlord": (0.5, "the Warlord can knock down a rival's building")}
PLAIN = {"bonus": (2.0, "the Merchant's extra gold is free"),
         "cards": (2.0, "the Architect's two cards are free"),
         "end": (0.0, "nothing better to do this turn"),
         "decline": (0.0, "letting it pass costs nothing"),
         "cash": (1.0, "gold paid onto my booth"),
         "save": (0.5, "a removed building back for one gold"),
         "smithy": (0.3, "more cards for my gold"),
         "ticket": (-1.0, "paying a rival's booth is a last resort")}


def _character(cid: str, me: dict[str, Any]) -> tuple[float, str]:
    colour = CHARACTERS[CHAR_INDEX[cid]].colour
    income = sum(1 for card in me["city"] if COLOUR[CARD_INDEX[card]] == colour)
    power, why = POWER[cid]
    if cid == "architect" and me["gold"] >= 4:
        power += 1.0
    if cid == "wizard" and me["hand_size"] == 0:
        power += 1.5
    text = why + (f", and {income} gold from my {COLOURS[colour]} buildings" if income else "")
    return income + power, text


def _build(card: str, me: dict[str, Any]) -> tuple[float, str]:
    cost = COST[CARD_INDEX[card]]
    new = COLOURS[COLOUR[CARD_INDEX[card]]] not in me["colours"]
    return 3.0 + cost + new, f"{cost} points in my city" + (", and a colour I lack" if new else "")


def _score(move: Any, view: dict[str, Any], me: dict[str, Any], affordable: bool) -> tuple[float, str]:
    kind = move.kind
    if kind == "pick":
        return _character(move.character, me)
    if kind == "bury":
        value, _ = _character(move.character, me)
        return -value, "the character worth least to me goes face down"
    if kind == "gold":
        return (2.0, "my hand holds something to build: gold pays for it") if me["hand_size"] \
            else (0.5, "gold, though my hand is empty")
    if kind == "draw":
        return (0.5, "cards, though my hand has enough") if affordable \
            else (2.0, "nothing in hand I can pay for: new cards")
    if kind in ("keep", "take"):
        cost = COST[CARD_INDEX[move.card]]
        return 1.0 + cost / 10 + (cost <= me["gold"]), f"a {cost}-cost building for my hand"
    if kind == "build":
        return _build(move.card, me)
    if kind == "income":
        return 2.5, "gold from my buildings of the character's colour"
    if kind in ("kill", "rob"):
        power = {"king": 1.0, "merchant": 1.0, "architect": 0.8}.get(move.character, 0.5)
        seen = move.character in view["face_up"]
        return (power - 2 * seen, f"the {move.character} is a likely strong pick" if not seen
                else f"the {move.character} lies face up: nobody has it")
    if kind == "swap":
        gain = view["players"][move.fellow]["hand_size"] - me["hand_size"]
        return gain - 0.5, f"a hand of {gain:+d} cards against mine"
    if kind == "exchange_done":
        return 0.2, "draw as many fresh cards"
    if kind == "exchange":
        return -0.5, "keeping my hand as it is"
    if kind == "destroy":
        return -0.5, "costs gold for a rival's loss, not my gain"
    if kind in ("lab", "cannon"):
        return -0.2, "a card traded for little"
    if kind in ("play", "fortune_teller", "acrobat", "rasputin"):
        return 0.3, "an action card is meant to be played"
    return PLAIN.get(kind, (0.0, "no strong reason either way"))


def score_moves(view: dict[str, Any], legal_moves: Sequence[Any]) -> list[tuple[float, str]]:
    """Each legal move's score and the reason a student reads, from the view alone (the heuristic bot plays the best)."""
    me = view["players"][view["perspective"]]
    hand = me["hand"] or []
    affordable = any(COST[CARD_INDEX[c]] <= me["gold"] + 2 for c in hand)
    return [_score(m, view, me, affordable) for m in legal_moves]
