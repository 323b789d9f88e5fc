"""The class decisions of Village (analysis/class_decisions.py solves them): pay an action with time or with
influence. A villager goes to church for one brown influence or three time (village.church.action); a good is
made by a villager who trains or works, paying time, or by paying its resources in influence cubes
(village.crafts.training, village.crafts.worker, village.crafts.resources). A coin standing in for a cube
(village.coins.joker) pays influence."""
from __future__ import annotations

from typing import Any, Sequence

from ...faces import OPTION_COLUMNS, TIE, ClassDecision, option_row

WAYS = ("time", "influence")


def way(move: str) -> str | None:
    """"time" or "influence": how a church or craft move pays; None for any other move."""
    words = move.split(" ")
    if words[0] == "church" and len(words) > 2:
        return "time" if words[2] == "time" else "influence"
    if words[0] == "craft" and len(words) > 2:
        return "influence" if words[2] == "pay" else "time"
    return None


def action(move: str) -> str | None:
    """What a time-or-influence move does, whatever it pays: ``church g1`` (that villager to church) or
    ``craft wagon`` (a wagon made); None for any other move."""
    return " ".join(move.split(" ")[:2]) if way(move) else None


def payment_options(move: str, legal: Sequence[str]) -> list[str] | None:
    """Every legal way of doing what ``move`` does (the same villager to church, or the same good made) when
    ``move`` is one of them and they pay with both time and influence; else None."""
    if move not in legal or way(move) is None:
        return None
    options = [m for m in legal if action(m) == action(move)]
    return options if {way(m) for m in options} == set(WAYS) else None


COMPARE_COLUMNS = (*OPTION_COLUMNS[:5], "round", "action", "way", "likelier_way", "p_time", "p_influence",
                   "value_time", "value_influence", *OPTION_COLUMNS[5:])


def compare(one: Any) -> dict[str, Any]:
    """One solved payment against the equilibrium: the option chosen and its way, each way's probability (its
    options' together) and best value, the way the equilibrium plays more often (an even mix: the one chosen),
    and the option-by-option columns of every decision (an option as likely as the likeliest agrees)."""
    p = {w: sum(q for m, q in one.strategy.items() if way(m) == w) for w in WAYS}
    value = {w: max(v for m, v in one.values.items() if way(m) == w) for w in WAYS}
    chosen = way(one.chosen) or ""
    other = WAYS[1 - WAYS.index(chosen)]
    return {**option_row(one), "round": one.position.view(one.seat).get("round"), "action": action(one.chosen),
            "way": chosen, "likelier_way": chosen if p[chosen] >= p[other] - TIE else other,
            "p_time": p["time"], "p_influence": p["influence"], "value_time": value["time"],
            "value_influence": value["influence"]}


# The mover's own moves after its payment (a death it owes, as time runs past the bridge) finish the option,
# so the reply is always the next player's: two or three options, a death or none, then a dozen replies. A
# random playout from the first rounds is about a tenth of a second (every bag draw weighed as chance), so two
# playouts a leaf solve a payment in two or three seconds.
DECISIONS = {
    "time_or_influence": ClassDecision(
        "Pay with time or with influence?", payment_options, compare, COMPARE_COLUMNS, phase="action",
        playouts=2, whole_turn=True),
}
