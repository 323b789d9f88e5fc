"""The class decisions of Saint Petersburg (analysis/class_decisions.py solves them): buy a card now, or take
the same card into hand and pay for it when it is played."""
from __future__ import annotations

from typing import Any, Sequence

from ...faces import ClassDecision


def card_choice(move: str, legal: Sequence[str]) -> tuple[str, str] | None:
    """("buy" or "take", "card@slot") when ``move`` buys or takes a card that ``legal`` let it do both with."""
    verb, _, card = move.partition(" ")
    if verb not in ("buy", "take") or not card:
        return None
    other = ("take " if verb == "buy" else "buy ") + card
    return (verb, card) if other in legal else None


def card_options(move: str, legal: Sequence[str]) -> tuple[str, str] | None:
    """The root's options of a buy-or-take decision: buying the card and taking it."""
    choice = card_choice(move, legal)
    return None if choice is None else (f"buy {choice[1]}", f"take {choice[1]}")


COMPARE_COLUMNS = ("decision", "table", "seat", "name", "ply", "card", "chose", "p_buy", "p_take", "value_buy",
                   "value_take", "agrees", "regret", "nash_conv", "time_taken")


def compare(one: Any) -> dict[str, Any]:
    """One solved buy-or-take decision against the equilibrium: which verb it chose, its probabilities, and
    whether the verb chosen is the likelier one (an even mix agrees with either: ``Solved.agrees``)."""
    row, (verb, card) = one.row, one.chosen.split(" ", 1)
    p_buy, p_take = one.strategy[f"buy {card}"], one.strategy[f"take {card}"]
    return {"decision": one.label, "table": row.table, "seat": one.seat, "name": row.name, "ply": row.ply,
            "card": card, "chose": verb, "p_buy": round(p_buy, 3), "p_take": round(p_take, 3),
            "value_buy": one.values[f"buy {card}"], "value_take": one.values[f"take {card}"],
            "agrees": one.agrees, "regret": one.regret, "nash_conv": one.solution.nash_conv,
            "time_taken": row.time_taken}


DECISIONS = {
    "buy_or_take": ClassDecision(
        "Buy now or take into hand?", card_options, compare, COMPARE_COLUMNS,
        option_name=lambda move: move.split(" ")[0]),
}
