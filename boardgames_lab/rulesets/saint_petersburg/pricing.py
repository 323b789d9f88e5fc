"""What a card costs a player: the one place the discount rules live.

``price`` is the fast path used by move generation and ``apply``; ``breakdown``
itemises the same sum with the rule behind each line, for explanations.
A test checks the two agree.
"""
from __future__ import annotations

from .data import (ARISTOCRAT, BUILDING, CARDS, CARPENTER_WORKSHOP, GOLD_SMELTER, OBSERVATORY, POTJOMKIN,
                   POTJOMKIN_TRADE_VALUE, TRADING, WORKER)
from .state import EMPTY, SPState

P = "saint_petersburg."
COST = tuple(c.cost for c in CARDS)
GROUP = tuple(c.group for c in CARDS)
IS_TRADING = tuple(c.deck == TRADING for c in CARDS)
# What a card is worth when a trading card replaces it.
TRADE_VALUE = tuple(POTJOMKIN_TRADE_VALUE if i == POTJOMKIN else c.cost for i, c in enumerate(CARDS))


def _targets_for(card: int) -> tuple[int, ...]:
    c = CARDS[card]
    if c.deck != TRADING:
        return ()
    ordinary = [i for i, t in enumerate(CARDS) if t.deck == c.group]
    if c.group == WORKER:
        return tuple(i for i in ordinary if CARDS[i].symbol in (c.symbol, "any"))
    return tuple(ordinary)


# The ordinary cards each trading card may replace (rulebook steps 11 and 14).
TARGETS = tuple(_targets_for(i) for i in range(len(CARDS)))


def price(st: SPState, player: int, card: int, lower: bool, target: int = EMPTY) -> int:
    owned = st.owned[player]
    cost = COST[card] - owned[card]
    if lower:
        cost -= 1
    group = GROUP[card]
    if group == BUILDING and owned[CARPENTER_WORKSHOP]:
        cost -= 1
    elif group == ARISTOCRAT and owned[GOLD_SMELTER]:
        cost -= 1
    if target != EMPTY:
        cost -= TRADE_VALUE[target]
    return cost if cost > 1 else 1


def breakdown(st: SPState, player: int, card: int, lower: bool, target: int = EMPTY) -> list[tuple[str, int, str]]:
    """The price as (rule id, amount, words) lines; the lines add up to ``price``."""
    owned = st.owned[player]
    c = CARDS[card]
    lines = [(P + "action.buy", c.cost, f"{c.name} costs {c.cost}")]
    if target != EMPTY:
        t = CARDS[target]
        worth = f"{TRADE_VALUE[target]} (Potjomkin's Village counts as 6)" if target == POTJOMKIN else str(t.cost)
        lines.append((P + "trading.pay_difference", -TRADE_VALUE[target], f"replacing {t.name}, worth {worth}"))
    if owned[card]:
        lines.append((P + "buy.duplicate_discount", -owned[card], f"{owned[card]} identical card(s) already owned"))
    if lower:
        lines.append((P + "buy.lower_row_discount", -1, "lying in the lower row"))
    if c.group == BUILDING and owned[CARPENTER_WORKSHOP]:
        lines.append((P + "buy.carpenter_workshop", -1, "the Carpenter Workshop"))
    if c.group == ARISTOCRAT and owned[GOLD_SMELTER]:
        lines.append((P + "buy.gold_smelter", -1, "the Gold Smelter"))
    total = sum(amount for _, amount, _ in lines)
    if total < 1:
        lines.append((P + "buy.minimum_one", 1 - total, "but never less than 1 ruble"))
    return lines


def usable_targets(st: SPState, player: int, card: int) -> list[int]:
    """The player's own cards this trading card may replace now (a used Observatory may not be replaced)."""
    owned = st.owned[player]
    found = [t for t in TARGETS[card] if owned[t]]
    if OBSERVATORY in found and owned[OBSERVATORY] <= st.obs_used[player]:
        found.remove(OBSERVATORY)
    return found


def cheapest(st: SPState, player: int, card: int, lower: bool) -> int | None:
    """The lowest price the player could pay for this card now (None: a trading card with nothing to replace)."""
    if not IS_TRADING[card]:
        return price(st, player, card, lower)
    prices = [price(st, player, card, lower, t) for t in usable_targets(st, player, card)]
    return min(prices) if prices else None
