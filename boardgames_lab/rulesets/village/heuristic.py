"""Village rule of thumb: turn cubes into goods, goods into customers' prestige, and keep family coming.

Serving a customer scores most (its prestige); making goods, entering the council or the church and
births come next; an area's cube is taken for the action it opens, plague cubes avoided; the Well and
time are spent only when nothing cheaper is left. Who dies is chosen so the older generation goes first.
"""
from __future__ import annotations

from typing import Any, Sequence


AREA = {"harvest": (1.0, "grain for the market and the church"),
        "family": (1.5, "a birth keeps the family growing"),
        "crafts": (2.0, "crafts make the goods customers want"),
        "market": (1.5, "the market turns goods into prestige"),
        "travel": (1.0, "travel earns towns' rewards"),
        "council": (1.5, "the council earns privileges and points"),
        "church": (1.2, "the church earns points at each Mass")}
ACTION = {"craft": (3.0, "makes a good customers want"), "birth": (2.5, "a new villager to act later"),
          "council": (2.5, "a seat in the council scores at the end"),
          "church": (2.0, "a monk in the bag may climb the church"),
          "travel": (2.0, "a traveller scores by the towns reached"),
          "harvest": (1.5, "grain to pay the market and the church"),
          "mill": (0.8, "grain turned into coins"), "recall": (0.5, "a villager back to the farm"),
          "raise": (2.0, "a monk one stage higher"), "redeem": (1.0, "my monk kept out of the draw"),
          "privilege": (1.0, "a privilege is free"), "cubes": (1.0, "free influence cubes"),
          "free": (1.0, "a free last action"), "skip": (0.0, "nothing worth the time"),
          "pass": (0.0, "no customer I can serve"), "done": (0.0, "nothing more worth buying")}


def _score(move: Any, view: dict[str, Any], me: dict[str, Any]) -> tuple[float, str]:
    kind = move.kind
    coins = getattr(move, "coins", 0)
    if kind in ("take", "well"):
        base, why = AREA.get(move.area, (0.5, "an action"))
        if kind == "take" and move.cube == "plague":
            return base - 2.0, "a plague cube costs a villager's time"
        if kind == "well":
            return base - 1.0 - 0.5 * coins, why + ", paid at the Well"
        return base + 0.1 * me["cubes"].get(move.cube, 0), why
    if kind == "serve":
        stall = view["stalls"][move.stall - 1]
        return 4.0 + stall["prestige"], f"{stall['prestige']} prestige from a customer"
    if kind == "dies":
        return float(-move.generation), f"the generation-{move.generation} villager is the oldest to go"
    if kind == "privilege" and move.stage == 0:
        return 0.0, "no privilege"
    base, why = ACTION.get(kind, (0.5, "no strong reason either way"))
    if kind == "church" and move.payment == "time":
        return base - 0.5, why + ", paid with time instead of a cube"
    return base - 0.5 * coins, why + (f", paying {coins} coins" if coins else "")


def score_moves(view: dict[str, Any], legal_moves: Sequence[Any]) -> list[tuple[float, str]]:
    """Each legal move's score and the reason a student reads, from the view alone (the heuristic bot plays the best)."""
    me = view["players"][view["perspective"]]
    return [_score(m, view, me) for m in legal_moves]
