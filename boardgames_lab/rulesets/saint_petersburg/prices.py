"""What a card costs a player: the price rule, written once (rulebook steps 13, 17 to 21).

``terms`` is the rule: the card's cost and each discount that applies, with the rule behind it.
Everything else is read from it: ``breakdown`` words the terms for a refusal, and ``PRICE`` holds
their sum for every case the game can meet (a finite domain: card, row, copies owned, the
colour's discount card, the card replaced), made once at import, so move generation and the
checks look a price up instead of computing the rule again.
"""
from __future__ import annotations

from typing import Any

from .data import ARISTOCRAT, BUILDING, CARDS, CARPENTER_WORKSHOP, GOLD_SMELTER, OBSERVATORY, POTJOMKIN, \
    POTJOMKIN_TRADE_VALUE, TRADING, WORKER

P = "saint_petersburg."
EMPTY = -1
# A price on the fast path: an int, or for a trading card its (replaced card, price) pairs. Any, because the
# fast path tells the two apart by the card's move (None for a trading card), not by a check of the price.
Price = Any
COST = tuple(c.cost for c in CARDS)
GROUP = tuple(c.group for c in CARDS)
IS_TRADING = tuple(c.deck == TRADING for c in CARDS)
# What a card is worth when a trading card replaces it (saint_petersburg.card.potjomkin).
TRADE_VALUE = tuple(POTJOMKIN_TRADE_VALUE if i == POTJOMKIN else c.cost for i, c in enumerate(CARDS))
# The card whose owner pays 1 less for cards of each colour (workers have none).
COLOUR_DISCOUNT = {BUILDING: CARPENTER_WORKSHOP, ARISTOCRAT: GOLD_SMELTER}


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


def terms(card: int, copies: int, lower: bool, colour_discount: bool, replaces: int = EMPTY) -> list[tuple[str, int]]:
    """The price rule: (rule id, amount) terms that add up to what ``card`` costs.

    ``copies``: identical cards already in the buyer's area; ``lower``: bought from the lower row;
    ``colour_discount``: the buyer owns the Carpenter Workshop (buildings) or Gold Smelter (aristocrats).
    """
    out = [(P + "action.buy", COST[card])]
    if replaces != EMPTY:
        out.append((P + "trading.pay_difference", -TRADE_VALUE[replaces]))
    if copies:
        out.append((P + "buy.duplicate_discount", -copies))
    if lower:
        out.append((P + "buy.lower_row_discount", -1))
    if colour_discount and GROUP[card] == BUILDING:
        out.append((P + "buy.carpenter_workshop", -1))
    if colour_discount and GROUP[card] == ARISTOCRAT:
        out.append((P + "buy.gold_smelter", -1))
    total = sum(amount for _, amount in out)
    if total < 1:
        out.append((P + "buy.minimum_one", 1 - total))
    return out


def _table() -> tuple[tuple[tuple[tuple[dict[int, int], ...], ...], ...], ...]:
    """PRICE[lower][card][copies][discount][replaced] for every case, read off ``terms``."""
    return tuple(tuple(tuple(tuple({t: sum(a for _, a in terms(card, k, bool(low), bool(disc), t))
                                    for t in (TARGETS[card] if IS_TRADING[card] else (EMPTY,))}
                                   for disc in (0, 1))
                             for k in range(CARDS[card].copies + 1))
                       for card in range(len(CARDS)))
                 for low in (0, 1))


PRICE = _table()


def _flat(by_copies: tuple[tuple[dict[int, int], ...], ...], trading: bool) -> tuple[Price, ...]:
    return tuple(tuple(d.items()) if trading else d[EMPTY] for by_discount in by_copies for d in by_discount)


# The same for the fast path: FLAT[lower][card][2 * copies + discount] is the price, or for a trading
# card the (replaced card, price) pairs.
FLAT = tuple(tuple(_flat(by_card, IS_TRADING[card]) for card, by_card in enumerate(by_row)) for by_row in PRICE)


# Per card: the card whose owner gets its colour's discount, or -1 (workers have none).
DISCOUNT_CARD = tuple(COLOUR_DISCOUNT.get(GROUP[card], -1) for card in range(len(CARDS)))


def colour_discount(owned: list[int], card: int) -> int:
    """1 if the owner of these counts has the discount card of ``card``'s colour (Rulebook 19, 20)."""
    which = DISCOUNT_CARD[card]
    return 1 if which >= 0 and owned[which] else 0


def price(owned: list[int], card: int, lower: bool, replaces: int = EMPTY) -> int:
    """What the owner of ``owned`` (copies per card in their area) pays for ``card``: a look-up in PRICE."""
    which = DISCOUNT_CARD[card]
    return PRICE[lower][card][owned[card]][1 if which >= 0 and owned[which] else 0][replaces]


def words(rule: str, amount: int, card: int, replaces: int) -> str:
    """One term of the price in words."""
    c = CARDS[card]
    if rule.endswith("action.buy"):
        return f"{c.name} costs {c.cost}"
    if rule.endswith("pay_difference"):
        t = CARDS[replaces]
        worth = f"{TRADE_VALUE[replaces]} (Potjomkin's Village counts as 6)" if replaces == POTJOMKIN else str(t.cost)
        return f"replacing {t.name}, worth {worth}"
    return {P + "buy.duplicate_discount": f"{-amount} identical card(s) already owned",
            P + "buy.lower_row_discount": "lying in the lower row",
            P + "buy.carpenter_workshop": "the Carpenter Workshop",
            P + "buy.gold_smelter": "the Gold Smelter",
            P + "buy.minimum_one": "but never less than 1 ruble"}[rule]


def breakdown(owned: list[int], card: int, lower: bool, replaces: int = EMPTY) -> list[tuple[str, int, str]]:
    """The price as (rule id, amount, words) lines; they add up to ``price``."""
    found = terms(card, owned[card], lower, bool(colour_discount(owned, card)), replaces)
    return [(rule, amount, words(rule, amount, card, replaces)) for rule, amount in found]


def usable_targets(owned: list[int], observatories_used: int, card: int) -> list[int]:
    """The own cards this trading card may replace now (a used Observatory may not be replaced)."""
    found = [t for t in TARGETS[card] if owned[t]]
    if OBSERVATORY in found and owned[OBSERVATORY] <= observatories_used:
        found.remove(OBSERVATORY)
    return found


def cheapest(owned: list[int], observatories_used: int, card: int, lower: bool) -> int | None:
    """The lowest price the owner could pay for this card now (None: a trading card with nothing to replace)."""
    if not IS_TRADING[card]:
        return price(owned, card, lower)
    prices = [price(owned, card, lower, t) for t in usable_targets(owned, observatories_used, card)]
    return min(prices) if prices else None
