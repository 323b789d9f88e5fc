"""The one check of each move kind, and the candidates worth checking: legality and "why not?" in one place.

The engine has already refused a finished game, a seat that may not act, a kind the phase does not
allow and a field of the wrong type (core/checks.py); these checks handle every value of the right
type (a card id that is no card, a slot that is not on the board, a negative amount) with a Refusal.
"""
from __future__ import annotations

from typing import Iterable

from ...core.moves import Kind, Move, Refusal
from .data import CARD_INDEX, CARDS, DECKS, GROUPS, HAND_LIMIT, OBSERVATORY, OBSERVATORY_MIN_DECK, PUB, PUB_PRICE
from .draws import CHANCE_KINDS
from .moves import (CARD_IDS, SLOT_INDEX, SLOTS, BuyCard, BuyDrawn, BuyPoints, DiscardDrawn, Observe, Pass,
                    PlayCard, TakeCard, TakeDrawn)
from .prices import EMPTY, IS_TRADING, TARGETS, breakdown, price, usable_targets
from .state import SPState, hand_limit, observable_decks, pub_limit, slot_card
from .words import slot_words

P = "saint_petersburg."


def _no(rule: str, reason: str, remedy: str = "") -> Refusal:
    return Refusal(P + rule, reason, remedy)


def _place(slot: str) -> str:
    """A slot of the display in words: "the upper row (third place)"."""
    return slot_words(slot)[len("from "):]


def _name(card: int) -> str:
    return CARDS[card].name


def _card(rule: str, card_id: str) -> int | Refusal:
    """The index of a card id, or a refusal under ``rule``."""
    card = CARD_INDEX.get(card_id)
    if card is None:
        return _no(rule, f"{card_id!r} is not a card of the game", "cards are named by id, e.g. 'market'")
    return card


# --- pass ---------------------------------------------------------------------------------------------

def check_pass(st: SPState, move: Pass) -> Refusal | None:
    """saint_petersburg.action.pass: always allowed in an action phase (the phase is the engine's check)."""
    return None


def passes(st: SPState, seat: int) -> list[Pass]:
    return [Pass(seat)]


def pass_reveals(st: SPState, move: Pass) -> bool:
    """The pass that ends the phase leads to scoring and new cards from a face-down deck."""
    return st.passes + 1 >= st.num_players


# --- buy and take from the display --------------------------------------------------------------------

def _slot(st: SPState, kind: str, card_id: str, slot: str) -> int | Refusal:
    """The card lying in ``slot``, which must be ``card_id`` (saint_petersburg.action.buy / action.take)."""
    rule = f"action.{kind}"
    if slot not in SLOT_INDEX:
        return _no(rule, f"{slot!r} is not a display slot", "name U1..U8 (upper row) or L1..L8 (lower row)")
    there = slot_card(st, slot)
    if there == EMPTY:
        return _no(rule, f"{_place(slot)} is empty: there is no card there to {kind}",
                   "pick a card that lies on the board")
    card = _card(rule, card_id)
    if isinstance(card, Refusal):
        return card
    if card != there:
        return _no(rule, f"{_place(slot)} holds the {_name(there)}, not the {_name(card)}",
                   f"{kind} the {_name(there)} there")
    return card


def check_buy(st: SPState, move: BuyCard) -> Refusal | None:
    card = _slot(st, "buy", move.card, move.slot)
    if isinstance(card, Refusal):
        return card
    return _pay(st, move.player, card, move.replaces, SLOT_INDEX[move.slot] >= len(SLOTS) // 2,
                "or take it into hand for free")


def check_take(st: SPState, move: TakeCard) -> Refusal | None:
    card = _slot(st, "take", move.card, move.slot)
    return card if isinstance(card, Refusal) else _room(st, move.player)


def _room(st: SPState, p: int) -> Refusal | None:
    """saint_petersburg.action.hand_limit"""
    limit = hand_limit(st, p)
    if len(st.hands[p]) >= limit:
        more = " (the Warehouse would raise it to 4)" if limit == HAND_LIMIT else ""
        return _no("action.hand_limit", f"your hand already holds {len(st.hands[p])} cards, the limit is "
                   f"{limit}{more}", "play a card from hand first, or buy or pass")
    return None


def _board(st: SPState) -> Iterable[tuple[int, int]]:
    """(slot index, card) of every card on the display, upper row first."""
    for i, card in enumerate(st.upper + st.lower):
        if card != EMPTY:
            yield i, card


def buys(st: SPState, seat: int) -> list[BuyCard]:
    return [BuyCard(seat, CARD_IDS[c], SLOTS[i], replaces) for i, c in _board(st) for replaces in _replaceable(c)]


def takes(st: SPState, seat: int) -> list[TakeCard]:
    return [TakeCard(seat, CARD_IDS[c], SLOTS[i]) for i, c in _board(st)]


def _replaceable(card: int) -> list[str]:
    """The ``replaces`` values worth asking about for a card: every card it may replace, or none."""
    return [CARD_IDS[t] for t in TARGETS[card]] if IS_TRADING[card] else [""]


# --- what a card costs, and what a trading card replaces ---------------------------------------------

def _pay(st: SPState, p: int, card: int, replaces: str, lower: bool, otherwise: str = "") -> Refusal | None:
    """saint_petersburg.buy.pay_cost, after the trading card's replacement is checked."""
    target = _replacement(st, p, card, replaces)
    if isinstance(target, Refusal):
        return target
    owned = st.owned[p]
    cost = price(owned, card, lower, target)
    if cost <= st.money[p]:
        return None
    lines = "; ".join(f"{words} ({amount:+d})" for _, amount, words in breakdown(owned, card, lower, target))
    return _no("buy.pay_cost", f"{_name(card)} costs you {cost} rubles here ({lines}) and you have {st.money[p]}",
               f"you need {cost - st.money[p]} more" + (f", {otherwise}" if otherwise else ""))


def _replacement(st: SPState, p: int, card: int, replaces: str) -> int | Refusal:
    """The own card a trading card replaces (EMPTY for another card), or why it may not."""
    if not IS_TRADING[card]:
        if replaces:
            return _no("trading.must_replace", f"{_name(card)} is not a trading card and replaces nothing",
                       "name no card for it to replace")
        return EMPTY
    options = usable_targets(st.owned[p], st.obs_used[p], card)
    if not replaces:
        hint = f"name one of your cards it may replace, such as your {_name(options[0])}" if options else \
            "you own no card it may replace yet"
        return _no("trading.must_replace", f"{_name(card)} is a trading card and must replace one of your cards", hint)
    target = _card("trading.must_replace", replaces)
    if isinstance(target, Refusal):
        return target
    if IS_TRADING[target]:
        return _no("trading.not_on_trading", f"{_name(target)} is itself a trading card and cannot be replaced",
                   "replace an ordinary card of its colour")
    if target not in TARGETS[card]:
        return _mismatch(card, target)
    if not st.owned[p][target]:
        return _no("trading.must_replace", f"you have no {_name(target)} face up in your area",
                   "replace a card you own")
    if target not in options:
        return _no("card.observatory_used", "your Observatory is turned over this round and cannot be replaced",
                   "it turns face up at the start of the next round")
    return target


def _mismatch(card: int, target: int) -> Refusal:
    """saint_petersburg.trading.match"""
    c, t = CARDS[card], CARDS[target]
    if c.group == 0 and t.group == 0:
        return _no("trading.match", f"{c.name} shows {c.symbol} and may replace only a worker with that symbol "
                   f"or the Czar and Carpenter; {t.name} shows {t.symbol}", "replace a matching worker")
    return _no("trading.match", f"{c.name} upgrades a {GROUPS[c.group]} card, and {t.name} is a "
               f"{GROUPS[t.group]} card", f"replace one of your {GROUPS[c.group]} cards")


# --- play from hand ------------------------------------------------------------------------------------

def check_play(st: SPState, move: PlayCard) -> Refusal | None:
    """saint_petersburg.action.play: a card from hand, at its cost without the lower-row discount."""
    card = _card("action.play", move.card)
    if isinstance(card, Refusal):
        return card
    hand = st.hands[move.player]
    if card not in hand:
        held = ", ".join(f"the {_name(c)}" for c in hand) or "nothing"
        return _no("action.play", f"you hold no {_name(card)} in hand (you hold {held})", "play a card you hold")
    return _pay(st, move.player, card, move.replaces, False)


def plays(st: SPState, seat: int) -> list[PlayCard]:
    return [PlayCard(seat, CARD_IDS[c], replaces) for c in sorted(set(st.hands[seat])) for replaces in _replaceable(c)]


# --- the Observatory -----------------------------------------------------------------------------------

def check_observe(st: SPState, move: Observe) -> Refusal | None:
    """saint_petersburg.card.observatory / card.observatory_used"""
    p = move.player
    if move.deck not in DECKS:
        return _no("card.observatory", f"an Observatory draws from a deck: {move.deck!r} is none of them",
                   f"name one of {', '.join(DECKS)}")
    unowned = observatory_owned(st, move)
    if unowned:
        return unowned
    if st.owned[p][OBSERVATORY] <= st.obs_used[p]:
        return _no("card.observatory_used", "your Observatory is already turned over this round",
                   "it turns face up at the start of the next round")
    if move.deck not in observable_decks(st, p):
        size = len(st.decks[DECKS.index(move.deck)])
        return _no("card.observatory", f"the {move.deck} deck holds {size} card(s); an Observatory may not take "
                   "a deck's last card", f"choose a deck with at least {OBSERVATORY_MIN_DECK}")
    return None


def observatory_owned(st: SPState, move: Observe) -> Refusal | None:
    """saint_petersburg.card.observatory: only its owner draws with it (asked in any phase: the card's reason
    comes before the phase's)."""
    if not st.owned[move.player][OBSERVATORY]:
        return _no("card.observatory", "you own no Observatory", "buy one to draw from a deck in the building phase")
    return None


def observes(st: SPState, seat: int) -> list[Observe]:
    return [Observe(seat, deck) for deck in DECKS]


def _drawn(st: SPState, card_id: str) -> int | Refusal:
    """The card drawn with the Observatory, which the move must name."""
    if card_id != CARD_IDS[st.drawn]:
        asked = CARDS[CARD_INDEX[card_id]].name if card_id in CARD_INDEX else repr(card_id)
        return _no("card.observatory", f"the card drawn is the {CARDS[st.drawn].name}, not the {asked}",
                   f"decide on the {CARDS[st.drawn].name}")
    return st.drawn


def check_buy_drawn(st: SPState, move: BuyDrawn) -> Refusal | None:
    card = _drawn(st, move.card)
    if isinstance(card, Refusal):
        return card
    return _pay(st, move.player, card, move.replaces, False)


def check_take_drawn(st: SPState, move: TakeDrawn) -> Refusal | None:
    card = _drawn(st, move.card)
    return card if isinstance(card, Refusal) else _room(st, move.player)


def check_discard(st: SPState, move: DiscardDrawn) -> Refusal | None:
    card = _drawn(st, move.card)
    return card if isinstance(card, Refusal) else None


def drawn_buys(st: SPState, seat: int) -> list[BuyDrawn]:
    return [BuyDrawn(seat, CARD_IDS[st.drawn], replaces) for replaces in _replaceable(st.drawn)]


# --- the Pub -------------------------------------------------------------------------------------------

def check_pub(st: SPState, move: BuyPoints) -> Refusal | None:
    """saint_petersburg.card.pub"""
    p, points = move.player, move.points
    if points < 0:
        return _no("card.pub", f"{points} points: the Pub sells points and never buys them back", "buy 0 or more")
    cap = pub_limit(st, p)
    if points > cap:
        return _no("card.pub", f"you may buy at most {cap} points with {st.owned[p][PUB]} Pub(s)",
                   f"try 'pub {cap}' or less")
    if points * PUB_PRICE > st.money[p]:
        return _no("card.pub", f"{points} points cost {points * PUB_PRICE} rubles and you have {st.money[p]}",
                   f"you can afford {st.money[p] // PUB_PRICE}")
    return None


def pub_outside(st: SPState, move: BuyPoints) -> Refusal | None:
    """saint_petersburg.card.pub: only a Pub's owner buys points, and only right after the building scoring."""
    if not st.owned[move.player][PUB]:
        return _no("card.pub", "you own no Pub", "buy one to buy points after each building scoring")
    return None


def pass_outside(st: SPState, move: Pass) -> Refusal | None:
    """saint_petersburg.card.pub / card.observatory: at the Pub each owner answers with the points they buy (none
    is "pub 0"); after an Observatory draw its card is bought, taken or discarded first."""
    if st.phase == "pub":
        return _no("card.pub", "at the Pub each owner answers with the points they buy; passing is not an answer",
                   "answer by buying no points at the Pub")
    if st.phase == "observatory":
        drawn = CARDS[st.drawn].name if st.drawn != EMPTY else "card"
        return _no("card.observatory", f"the {drawn} drawn with the Observatory waits for a decision",
                   "buy it, take it into hand or discard it first")
    return None


def pub_buys(st: SPState, seat: int) -> list[Move]:
    return [BuyPoints(seat, k) for k in range(pub_limit(st, seat) + 1)]


def pub_reveals(st: SPState, move: BuyPoints) -> bool:
    """The last Pub owner's answer ends the Pub: new aristocrats come from their face-down deck."""
    return len(st.pub_queue) <= 1


KINDS = (
    Kind(Pass, check_pass, passes, reveals=pass_reveals, rule="saint_petersburg.action.pass", outside=pass_outside),
    Kind(BuyCard, check_buy, buys, describe=lambda st, m: _price_words(st, m), rule="saint_petersburg.action.buy"),
    Kind(TakeCard, check_take, takes, rule="saint_petersburg.action.take"),
    Kind(PlayCard, check_play, plays, describe=lambda st, m: _price_words(st, m), rule="saint_petersburg.action.play"),
    Kind(Observe, check_observe, observes, rule="saint_petersburg.card.observatory", outside=observatory_owned),
    Kind(BuyDrawn, check_buy_drawn, drawn_buys, describe=lambda st, m: _price_words(st, m),
         rule="saint_petersburg.card.observatory"),
    Kind(TakeDrawn, check_take_drawn, lambda st, seat: [TakeDrawn(seat, CARD_IDS[st.drawn])],
         rule="saint_petersburg.card.observatory"),
    Kind(DiscardDrawn, check_discard, lambda st, seat: [DiscardDrawn(seat, CARD_IDS[st.drawn])],
         rule="saint_petersburg.card.observatory"),
    Kind(BuyPoints, check_pub, pub_buys, reveals=pub_reveals, rule="saint_petersburg.card.pub",
         outside=pub_outside),
    *CHANCE_KINDS,
)


def _price_words(st: SPState, move: object) -> str:
    """A legal buy's price in words, for explain: each term of the one price rule, then the total."""
    lines = price_lines(st, move)
    if not lines:
        return ""
    total = sum(amount for _, amount, _ in lines)
    return "; ".join(words for _, _, words in lines) + f"; it costs you {total}"


def price_lines(st: SPState, move: object) -> list[tuple[str, int, str]]:
    """What a buy or play move costs its player here, line by line: (rule id, amount, words); [] for other moves.

    The same lines a refusal for too little money quotes (``breakdown`` of the one price rule).
    """
    p = getattr(move, "player", st.current)
    kind = getattr(move, "kind", "")
    card = CARD_INDEX.get(getattr(move, "card", "")) if kind in ("buy", "play", "buy_drawn") else None
    replaces = getattr(move, "replaces", "")
    target = CARD_INDEX.get(replaces, EMPTY) if replaces else EMPTY
    if card is None or not (type(p) is int and 0 <= p < st.num_players):
        return []
    lower = kind == "buy" and SLOT_INDEX.get(getattr(move, "slot", ""), 0) >= len(SLOTS) // 2
    return breakdown(st.owned[p], card, lower, target)
