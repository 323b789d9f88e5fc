"""The one check of each move of the violet buildings (fact sheet §2.3, §2.6) and of the action-card
variant (rulebook, Variant), the reaction windows included."""
from __future__ import annotations

from ...core.moves import Refusal
from .checks_turn import card_name, no, seat_problem
from .data import (ACROBAT, CARD_IDS, CARD_INDEX, CIRCUS_TENT, COST, FORTUNE_TELLER, IS_ACTION, LABORATORY,
                   LIVING_CANNONBALL, RASPUTIN, SMITHY, SMITHY_READINGS)
from .moves import Acrobat, Cannonball, FortuneTeller, Laboratory, Play, Rasputin, Smithy, Take, Ticket
from .state import CitadelsState

SPECIAL_PLAYS = {ACROBAT: ("action.acrobat", "it is played when the King is called and stays silent"),
                 RASPUTIN: ("action.rasputin", "it is played when a murdered character is called"),
                 FORTUNE_TELLER: ("action.fortune_teller", "it names the fellow player whose hand to look at"),
                 LIVING_CANNONBALL: ("action.cannonball", "it names the building that goes and the one that "
                                     "comes: 'cannon <city building>><hand building>'")}


# --- violet buildings ----------------------------------------------------------------------------------
def check_lab(st: CitadelsState, m: Laboratory) -> Refusal | None:
    p = m.player
    if LABORATORY not in st.city[p]:
        return no("violet.laboratory", "you have no Laboratory in your city")
    if st.lab_used:
        return no("violet.laboratory", "the Laboratory works once a turn")
    c = CARD_INDEX.get(m.card)
    if c is None or c not in st.hands[p]:
        return no("violet.laboratory", f"you hold no {card_name(m.card)}", "name a building card of your hand")
    if IS_ACTION[c]:
        return no("violet.laboratory", "the Laboratory takes a building card, not an action card")
    return None


def check_smithy(st: CitadelsState, m: Smithy) -> Refusal | None:
    p = m.player
    price = SMITHY_READINGS[st.options["smithy"]][0]
    if SMITHY not in st.city[p]:
        return no("violet.smithy", "you have no Smithy in your city")
    if st.smithy_used:
        return no("violet.smithy", "the Smithy works once a turn")
    if st.gold[p] < price:
        return no("violet.smithy", f"the Smithy costs {price} gold and you have {st.gold[p]}")
    return None


# --- the action cards ----------------------------------------------------------------------------------
def action_refusal(st: CitadelsState, p: int, c: int) -> Refusal | None:
    """May ``p`` play action card ``c`` in this turn at all (the variant, one per turn, held)?"""
    if not st.options["action_cards"]:
        return no("action.deck", "action cards are a variant", "start the game with action_cards=True")
    if st.action_used:
        return no("action.one_per_turn", "you have played an action card this turn already")
    if c not in st.hands[p]:
        return no("action.one_per_turn", f"you hold no {card_name(CARD_IDS[c])}")
    return None


def check_play(st: CitadelsState, m: Play) -> Refusal | None:
    c = CARD_INDEX.get(m.card)
    if c is None:
        return no("action.one_per_turn", f"there is no card called {m.card!r}", "play an action card of your hand")
    if not IS_ACTION[c]:
        return no("turn.build", f"the {card_name(m.card)} is a building", "build it instead: a building is built, not played")
    why = action_refusal(st, m.player, c)
    if why:
        return why
    if c in SPECIAL_PLAYS:
        rule, text = SPECIAL_PLAYS[c]
        return no(rule, f"the {card_name(m.card)} is not played so: {text}")
    return None


def check_fortune(st: CitadelsState, m: FortuneTeller) -> Refusal | None:
    p, q = m.player, m.fellow
    why = action_refusal(st, p, FORTUNE_TELLER)
    if why:
        return why
    if seat_problem(st, q):
        return no("action.fortune_teller", seat_problem(st, q), "name a fellow player")
    if q == p:
        return no("action.fortune_teller", "the Fortune Teller looks at a fellow player's hand, not yours")
    if not st.hands[q]:
        return no("action.fortune_teller", f"p{q + 1} holds no cards to look at")
    return None


def check_take(st: CitadelsState, m: Take) -> Refusal | None:
    c = CARD_INDEX.get(m.card)
    if c is None or c not in st.hands[st.fortune]:
        return no("action.fortune_teller", f"the {card_name(m.card)} is not among the cards shown",
                  "take a card of the hand shown")
    return None


def check_cannon(st: CitadelsState, m: Cannonball) -> Refusal | None:
    p = m.player
    why = action_refusal(st, p, LIVING_CANNONBALL)
    if why:
        return why
    old, new = CARD_INDEX.get(m.building), CARD_INDEX.get(m.card)
    gold, city = st.gold[p], st.city[p]
    if old is None or old not in city:
        return no("action.cannonball", f"your city has no {card_name(m.building)} to replace")
    if old == CIRCUS_TENT:
        return no("action.circus_tent", "a Circus Tent cannot be removed from the city")
    if new is None or new not in st.hands[p]:
        return no("action.cannonball", f"you hold no {card_name(m.card)} to bring into the city")
    if IS_ACTION[new]:
        return no("action.cannonball", f"the {card_name(m.card)} is an action card, not a building")
    if COST[new] <= COST[old]:
        return no("action.cannonball", f"the {card_name(m.card)} costs {COST[new]}, not more than the "
                  f"{card_name(m.building)}'s {COST[old]}", "the new building must cost more")
    if new in city:
        return no("turn.no_duplicate", f"your city already has a {card_name(m.card)}")
    if COST[new] - COST[old] > gold:
        return no("action.cannonball", f"the difference is {COST[new] - COST[old]} gold and you have {gold}")
    return None


def check_ticket(st: CitadelsState, m: Ticket) -> Refusal | None:
    p, q = m.player, m.owner
    if not st.options["action_cards"]:
        return no("action.deck", "action cards are a variant", "start the game with action_cards=True")
    if seat_problem(st, q):
        return no("action.ticket_booth", seat_problem(st, q), "name a fellow player with a Ticket Booth")
    if q == p:
        return no("action.ticket_booth", "you may not pay onto your own Ticket Booth")
    if not st.booths[q]:
        return no("action.ticket_booth", "that player has no Ticket Booth")
    if not st.gold[p]:
        return no("action.ticket_booth", "a ticket costs 1 gold and you have none")
    if all(q * 8 + i in st.paid for i in range(len(st.booths[q]))):
        return no("action.ticket_booth", "you have paid onto each of that player's booths this turn")
    return None


# --- the reaction windows ----------------------------------------------------------------------------
def check_acrobat(st: CitadelsState, m: Acrobat) -> Refusal | None:
    if ACROBAT not in st.hands[m.player]:
        return no("action.acrobat", "you hold no Acrobat", "decline to play one")
    return None


def check_rasputin(st: CitadelsState, m: Rasputin) -> Refusal | None:
    if RASPUTIN not in st.hands[m.player]:
        return no("action.rasputin", "you hold no Rasputin", "decline to play one")
    if st.owner[st.rank] != m.player:
        return no("action.rasputin", "Rasputin saves only the murdered character's own holder", "decline to play it")
    return None

