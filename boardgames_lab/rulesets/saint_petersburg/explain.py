"""Why a move is or is not legal: every answer names its rule and what would make the move legal."""
from __future__ import annotations

import re

from ...core.definition import Explanation
from .data import CARD_INDEX, CARDS, DECKS, GROUPS, HAND_LIMIT, OBSERVATORY_MIN_DECK, PUB, PUB_PRICE
from .moves import DRAWN, KINDS, Move, parse
from .phases import FLOW
from .pricing import IS_TRADING, TARGETS, breakdown, price, usable_targets
from .state import CARD_IDS, EMPTY, SLOT_INDEX, SPState, hand_limit, observable_decks, pub_limit, slot_card

P = "saint_petersburg."
_SLOT_ONLY = re.compile(r"^(buy|take) ([UuLl][1-8])((?:>[a-z_]+)?)$")


def _no(rule: str, reason: str) -> Explanation:
    return Explanation(False, P + rule, reason)


# The rule each kind of move is made under: a value malformed for its kind is refused under it.
KIND_RULE = {"pass": P + "action.pass", "buy": P + "action.buy", "take": P + "action.take", "play": P + "action.play",
             "observe": P + "card.observatory", "discard": P + "card.observatory", "pub": P + "card.pub"}
# Said only if the reasoning below missed why a move is not legal; a test checks it is never said.
UNEXPLAINED = "{move} is not among the legal moves here"
_NO_TARGET = ("pass", "pub", "observe", "take", "discard")


def _is_card(value: object) -> bool:
    return type(value) is str and value in CARD_INDEX


def _malformed(st: SPState, move: Move) -> Explanation | None:
    """A field that no move of this kind can hold (checked after the phase, so the phase is named first)."""
    kind, card, slot, target, amount = move
    rule = KIND_RULE[kind].removeprefix(P)
    if kind == "pass":
        if card != "" or slot != "" or target != "" or amount != 0:
            return _no(rule, "a pass names no card, slot or amount: write 'pass'")
        return None
    if kind == "pub":
        if card != "" or slot != "" or target != "":
            return _no(rule, "the Pub sells points, not cards: write 'pub 2' for 2 points")
        if not isinstance(amount, int) or isinstance(amount, bool):
            return _no(rule, f"the Pub sells whole points: {amount!r} is not a whole number, e.g. 'pub 2'")
        if amount < 0:
            return _no(rule, f"{amount} points: the Pub sells points and never buys them back; buy 0 or more")
        return None
    if kind == "observe":
        if type(slot) is not str or slot not in DECKS:
            return _no(rule, f"an Observatory draws from a deck: {slot!r} is none of {', '.join(DECKS)}")
        if card != "" or target != "" or amount != 0:
            return _no(rule, f"an Observatory names only the deck: write 'observe {slot}'")
        return None
    if kind == "play" and slot != "":
        return _no(rule, f"a card played from hand lies in no slot: drop '@{slot}'")
    if kind in ("buy", "take") and not (type(slot) is str and (slot in SLOT_INDEX or slot == DRAWN)):
        return _no(rule, f"{slot!r} is not a display slot: U1..U8 (upper row), L1..L8 (lower row), "
                   "or 'drawn' for the card drawn with an Observatory")
    if kind in ("buy", "take") and slot != DRAWN and slot_card(st, slot) == EMPTY:
        return _no(rule, f"slot {slot} is empty: there is no card there to {kind}; pick a card that lies on the board")
    if not _is_card(card):
        return _no(rule, f"{card!r} is not a card of the game; cards are named by id, e.g. 'market'")
    if kind in _NO_TARGET and target != "":
        return _no(rule, f"only a bought or played trading card replaces a card: drop '>{target}'")
    if target != "" and not _is_card(target):
        return _no("trading.must_replace", f"{target!r} is not a card of the game, so nothing to replace")
    if amount != 0:
        return _no(rule, f"only the Pub takes an amount: drop the amount {amount!r}")
    return None


def _name(card: int) -> str:
    return CARDS[card].name


class Explaining:
    """Mixed into the game definition: ``explain`` and ``parse_move``."""

    def parse_move(self, st: SPState, text: str) -> Move:
        """The notation of a move; ``buy U3`` is accepted for ``buy <card at U3>@U3``."""
        short = _SLOT_ONLY.match(" ".join(str(text).split())) if isinstance(text, str) else None
        if short:
            kind, slot, target = short.groups()
            slot = slot.upper()
            card = slot_card(st, slot)
            if card != EMPTY:
                text = f"{kind} {CARD_IDS[card]}@{slot}{target}"
            elif target[1:] in CARD_INDEX or not target:
                # Good notation naming an empty slot: a move, so that explain can say the slot is empty.
                return Move(kind, "", slot, target[1:])
        return parse(text)

    def explain(self, st: SPState, move: Move) -> Explanation:
        """Legal exactly when ``move`` is in ``legal_moves``; the reasoning below only says why."""
        if not isinstance(move, Move):
            return Explanation(False, "core.not_legal", f"{move!r} is not a Saint Petersburg move")
        legal = self.legal_moves(st)
        if move in legal:
            # A value equal to a legal move (True for 1) is that move: explain the one the rules built.
            why = self._reason(st, legal[legal.index(move)])
            return why if why.legal else Explanation(True, KIND_RULE[move.kind], f"{move} is legal here")
        why = self._reason(st, move)
        if not why.legal:
            return why
        return _no(KIND_RULE.get(move.kind, "action.one_of_four").removeprefix(P), UNEXPLAINED.format(move=move))

    def _reason(self, st: SPState, move: Move) -> Explanation:
        kind = move.kind
        if not (type(kind) is str and kind in KINDS):
            return _no("action.one_of_four", f"{kind!r} is not a kind of move: a turn is buy, take, play or pass "
                       "(with observe, discard and pub for the Observatory and the Pub)")
        wrong_phase = self._wrong_phase(st, move)
        if wrong_phase is not None:
            return wrong_phase
        malformed = _malformed(st, move)
        if malformed is not None:
            return malformed
        if kind == "pass":
            return Explanation(True, P + "action.pass", "passing is always allowed; you may act again later")
        if kind == "pub":
            return self._explain_pub(st, move.amount)
        if kind == "observe":
            return self._explain_observe(st, move.slot)
        return self._explain_card_move(st, move)

    def _wrong_phase(self, st: SPState, move: Move) -> Explanation | None:
        allowed = FLOW.phase(st.phase).moves
        if move.kind not in allowed:
            if st.phase == "observatory":
                return _no("card.observatory", f"you drew {_name(st.drawn)} with the Observatory: buy it, take it "
                           f"into hand or discard it (e.g. 'discard {CARD_IDS[st.drawn]}@drawn')")
            if st.phase == "pub":
                return _no("card.pub", "the Pub is open: choose how many points to buy, e.g. 'pub 0'")
            if move.kind == "observe":
                return _no("card.observatory", "an Observatory can only be used in the building phase")
            if move.kind == "pub":
                return _no("card.pub", "points are bought at the Pub only right after the building scoring")
            if move.kind == "discard":
                return _no("card.observatory", "only a card drawn with an Observatory can be discarded")
            return _no("action.one_of_four", f"{move.kind!r} is not a move of the {st.phase} phase")
        if st.phase == "observatory" and move.slot != DRAWN:
            return _no("card.observatory", f"first settle the card drawn with the Observatory "
                       f"({_name(st.drawn)}): buy, take or discard it with '@drawn'")
        if st.phase != "observatory" and move.slot == DRAWN:
            return _no("card.observatory", "'@drawn' names the card drawn with an Observatory; none is waiting")
        return None

    def _explain_pub(self, st: SPState, amount: int) -> Explanation:
        p = st.current
        pubs = st.owned[p][PUB]
        cap = pub_limit(st, p)
        if amount > cap:
            return _no("card.pub", f"you may buy at most {cap} points with {pubs} Pub(s); try 'pub {cap}' or less")
        if amount * PUB_PRICE > st.money[p]:
            return _no("card.pub", f"{amount} points cost {amount * PUB_PRICE} rubles and you have {st.money[p]}; "
                       f"you can afford {st.money[p] // PUB_PRICE}")
        points = f"{amount} point" + ("" if amount == 1 else "s")
        return Explanation(True, P + "card.pub", f"{points} for {amount * PUB_PRICE} rubles")

    def _explain_observe(self, st: SPState, deck_name: str) -> Explanation:
        p = st.current
        owned = st.owned[p][CARD_INDEX["observatory"]]
        if not owned:
            return _no("card.observatory", "you own no Observatory; buy one to draw from a deck in the building phase")
        if owned <= st.obs_used[p]:
            return _no("card.observatory_used", "your Observatory is already turned over this round; "
                       "it turns face up at the start of the next round")
        if deck_name not in observable_decks(st, p):
            size = len(st.decks[DECKS.index(deck_name)])
            return _no("card.observatory", f"the {deck_name} deck holds {size} card(s); an Observatory may not take "
                       f"a deck's last card, so choose a deck with at least {OBSERVATORY_MIN_DECK}")
        return Explanation(True, P + "card.observatory", f"you draw the top card of the {deck_name} deck")

    def _explain_card_move(self, st: SPState, move: Move) -> Explanation:
        p = st.current
        card = CARD_INDEX[move.card]
        where = self._check_source(st, move, card)
        if where is not None:
            return where
        if move.kind in ("take", "discard"):
            if move.kind == "discard":
                return Explanation(True, P + "card.observatory", f"{_name(card)} leaves the game")
            limit = hand_limit(st, p)
            if len(st.hands[p]) >= limit:
                more = " (the Warehouse would raise it to 4)" if limit == HAND_LIMIT else ""
                return _no("action.hand_limit", f"your hand already holds {len(st.hands[p])} cards, the limit is "
                           f"{limit}{more}; play a card from hand first, or buy or pass")
            return Explanation(True, P + "action.take", f"{_name(card)} goes into your hand for free")
        target = self._check_target(st, move, card)
        if isinstance(target, Explanation):
            return target
        lower = move.slot.startswith("L")
        cost = price(st, p, card, lower, target)
        lines = "; ".join(f"{words} ({amount:+d})" for _, amount, words in breakdown(st, p, card, lower, target))
        if cost > st.money[p]:
            return _no("buy.pay_cost", f"{_name(card)} costs you {cost} rubles here ({lines}) and you have "
                       f"{st.money[p]}; you need {cost - st.money[p]} more"
                       + (", or take it into hand for free" if move.kind == "buy" and move.slot != DRAWN else ""))
        rule = "action.play" if move.kind == "play" else "action.buy"
        return Explanation(True, P + rule, f"{_name(card)} costs you {cost} rubles: {lines}")

    def _check_source(self, st: SPState, move: Move, card: int) -> Explanation | None:
        p = st.current
        if move.kind == "play":
            if card not in st.hands[p]:
                held = ", ".join(CARD_IDS[c] for c in st.hands[p]) or "nothing"
                return _no("action.play", f"you hold no {_name(card)} in hand (you hold {held})")
            return None
        if move.slot == DRAWN:
            if card != st.drawn:
                return _no("card.observatory", f"the drawn card is {CARD_IDS[st.drawn]}, not {move.card}")
            return None
        there = slot_card(st, move.slot)  # not empty: _malformed refused an empty slot
        if there != card:
            return _no(f"action.{move.kind}", f"slot {move.slot} holds {CARD_IDS[there]}, not {move.card}")
        return None

    def _check_target(self, st: SPState, move: Move, card: int) -> int | Explanation:
        p = st.current
        if not IS_TRADING[card]:
            if move.target:
                return _no("trading.must_replace", f"{_name(card)} is not a trading card and replaces nothing; "
                           f"drop '>{move.target}'")
            return EMPTY
        options = usable_targets(st, p, card)
        base = f"{move.kind} {move.card}" + (f"@{move.slot}" if move.slot else "")
        if not move.target:
            hint = (f"for example '{base}>{CARD_IDS[options[0]]}'" if options
                    else "you own no card it may replace yet")
            return _no("trading.must_replace", f"{_name(card)} is a trading card and must replace one of your "
                       f"cards; {hint}")
        target = CARD_INDEX[move.target]
        if IS_TRADING[target]:
            return _no("trading.not_on_trading", f"{_name(target)} is itself a trading card and cannot be replaced")
        if target not in TARGETS[card]:
            return _no(*self._mismatch(card, target))
        if not st.owned[p][target]:
            return _no("trading.must_replace", f"you have no {_name(target)} face up in your area")
        if target not in options:
            return _no("card.observatory_used", "your Observatory is turned over this round and cannot be replaced")
        return target

    def _mismatch(self, card: int, target: int) -> tuple[str, str]:
        c, t = CARDS[card], CARDS[target]
        if c.group == 0 and t.group == 0:
            return ("trading.match", f"{c.name} shows {c.symbol} and may replace only a worker with that symbol "
                    f"or the Czar and Carpenter; {t.name} shows {t.symbol}")
        return ("trading.match", f"{c.name} upgrades a {GROUPS[c.group]} card, and {t.name} is a "
                f"{GROUPS[t.group]} card")
