"""Saint Petersburg rule of thumb: income and points still to come, against the price, read from the view.

A card is worth what it will still pay: rubles at each remaining scoring of its colour, counted at
half a point per ruble while rubles can still buy cards (they are worth a tenth of a point at the end),
and points at each remaining scoring. Buying pays that worth less the price; taking into hand keeps
an option for later at a fraction of the worth; buying points in the Pub pays once no more rounds are
left to invest in.
"""
from __future__ import annotations

from typing import Any, Sequence

from .data import CARD_INDEX, CARDS, PUB_PRICE

HAND_OPTION = 0.35  # share of a card's worth that taking it into hand secures
HAND_FULL_RISK = 5.0  # a card left in hand at the end costs 5 points


def rounds_left(view: dict[str, Any]) -> int:
    """The game ends once a deck runs dry at a refill; about eight cards leave the decks a round."""
    return max(1, min(view["decks"].values()) // 4 + (0 if view["end_triggered"] else 1))


def worth(card_id: str, rounds: int) -> float:
    card = CARDS[CARD_INDEX[card_id]]
    ruble_value = 0.5 if rounds > 1 else 0.1
    return rounds * (card.points + card.rubles * ruble_value)


def _prices(view: dict[str, Any]) -> dict[str, int]:
    return {c["slot"]: c["cost_for_current"] for row in (view["upper"], view["lower"]) for c in row if c}


def _score(move: Any, view: dict[str, Any], rounds: int, prices: dict[str, int], me: dict[str, Any]
           ) -> tuple[float, str]:
    kind = move.kind
    if kind == "pass":
        return 0.0, "passing keeps my rubles"
    if kind == "pub":
        gain = move.points * (1.0 - (PUB_PRICE * 0.5 if rounds > 1 else PUB_PRICE * 0.1))
        return gain, f"{move.points} points for {move.points * PUB_PRICE} rubles"
    if kind == "observe":
        return 1.0, "an Observatory draw is a free look at a deck"
    if kind == "discard":
        return 0.5, "discarding the drawn card costs nothing"
    replaces = getattr(move, "replaces", "")
    value = worth(move.card, rounds) - (worth(replaces, rounds) if replaces else 0.0)
    if kind in ("take", "take_drawn"):
        room = me["hand_limit"] - me["hand_size"]
        score = HAND_OPTION * value - (HAND_FULL_RISK if room <= 1 else 0.0)
        return score, f"keeps a card worth about {value:.0f} for later, no rubles now"
    cost = prices.get(move.slot, CARDS[CARD_INDEX[move.card]].cost) if kind == "buy" else \
        CARDS[CARD_INDEX[move.card]].cost
    cost = cost or 0
    money = me["money"] or 0
    squeeze = 0.5 * cost if cost > money * 0.8 else 0.0  # spending nearly everything leaves no room
    return (value - 0.5 * cost - squeeze,
            f"worth about {value:.0f} over {rounds} more rounds, costs {cost}")


def score_moves(view: dict[str, Any], legal_moves: Sequence[Any]) -> list[tuple[float, str]]:
    """Each legal move's score and the reason a student reads, from the view alone (the heuristic bot plays the best)."""
    rounds = rounds_left(view)
    me = view["players"][view["perspective"]]
    prices = _prices(view)
    return [_score(m, view, rounds, prices, me) for m in legal_moves]
