"""The one check of each move of a character's turn (rulebook, Sequence of a Character's Turn, and the
eight characters), with the candidates the plain legal-move list is built from.

Each check returns None for a legal move, else the Refusal that names the rule, the reason here and
what would make the move legal. The engine has already checked the seat and the phase.
"""
from __future__ import annotations

from typing import Any

from ...core.moves import Refusal
from .data import (ARCHITECT, ASSASSIN, BISHOP, CARD_IDS, CARD_INDEX, CARDS, CHAR_IDS, CHAR_INDEX, CHARACTERS,
                   CIRCUS_TENT, CITY_GOAL, COST, IS_ACTION, KEEP, MERCHANT, NONE, THIEF, WARLORD, WIZARD)
from .moves import (ArchitectCards, Bonus, Build, Destroy, Draw, End, Exchange, Gold, Income, Kill, Rob, Swap)
from .state import CitadelsState
from .state import CHAR_COLOUR, PAYS, removal_price

P = "citadels."


def no(rule: str, reason: str, remedy: str = "") -> Refusal:
    return Refusal(P + rule, reason, remedy)


def card_name(cid: str) -> str:
    return CARDS[CARD_INDEX[cid]].name if cid in CARD_INDEX else repr(cid)


def seat_problem(st: CitadelsState, q: int) -> str:
    """"" when ``q`` is a seat of this game, else why not."""
    return "" if 0 <= q < st.num_players else f"there is no player p{q + 1} in a game of {st.num_players}"


def has_cards(st: CitadelsState) -> bool:
    return bool(st.deck or st.discard)


# --- income and the end of the turn ---------------------------------------------------------------
def check_gold(st: CitadelsState, m: Gold) -> Refusal | None:
    if st.income_done:
        return no("turn.income", "income is taken once a turn, and you have taken it", "build, use your ability or end")
    return None


def check_draw(st: CitadelsState, m: Draw) -> Refusal | None:
    if st.income_done:
        return no("turn.income", "income is taken once a turn, and you have taken it", "build, use your ability or end")
    if not has_cards(st):
        return no("deck.reshuffle", "the deck and the discard pile are empty", "take 2 gold")
    return None


def check_end(st: CitadelsState, m: End) -> Refusal | None:
    if not st.income_done:
        return no("turn.income_first", "income comes first: the turn cannot end without it",
                  "take 2 gold or draw cards first, then end the turn")
    return None


def check_build(st: CitadelsState, m: Build) -> Refusal | None:
    p, cid = m.player, m.card
    c = CARD_INDEX.get(cid)
    if c is None:
        return no("turn.build", f"there is no card called {cid!r}", "build a card of your hand")
    name = CARDS[c].name
    if not st.income_done:
        return no("turn.income_first", "income comes first: no build before it",
                  "take 2 gold or draw cards first, then build")
    if c not in st.hands[p]:
        return no("turn.build", f"you hold no {name} in hand", "build a card of your hand")
    if IS_ACTION[c]:
        return no("action.one_per_turn", f"the {name} is an action card", "play it instead: an action card is played, not built")
    if st.builds_left <= 0:
        return no("turn.build" if st.tc != ARCHITECT else "char.architect_builds",
                  "you have no build left this turn (the Architect builds three"
                  + (", a Director two more)" if st.options.get("action_cards") else ")"), "end your turn")
    if c in st.city[p]:
        return no("turn.no_duplicate", f"your city already has a {name}", "build a different building")
    if COST[c] > st.gold[p]:
        return no("turn.build", f"the {name} costs {COST[c]} gold and you have {st.gold[p]}",
                  f"you need {COST[c] - st.gold[p]} more")
    return None


def check_income(st: CitadelsState, m: Income) -> Refusal | None:
    r = st.tc
    if CHAR_COLOUR[r] == NONE:
        return no("char.colour_income", f"the {CHARACTERS[r].name} earns nothing by colour")
    if st.colour_used:
        return no("char.colour_income", "colour income is taken once, all at once; you have taken it")
    if PAYS[r].isdisjoint(st.city[m.player]):
        return no("char.colour_income", f"you have no building that pays the {CHARACTERS[r].name} yet: "
                  "nothing to collect", "build one first, then take the income")
    return None


# --- the abilities ------------------------------------------------------------------------------------
ABILITY_RULE = {ASSASSIN: "char.assassin", THIEF: "char.thief_targets", WIZARD: "char.wizard_swap",
                MERCHANT: "char.merchant_gold", ARCHITECT: "char.architect_cards", WARLORD: "char.warlord_removes"}


def ability_refusal(st: CitadelsState, char: int, rule: str = "") -> Refusal | None:
    """Is it ``char``'s turn, with the ability not yet used?"""
    if st.tc != char:
        return no(rule or ABILITY_RULE[char], f"that is the {CHARACTERS[char].name}'s ability; "
                  f"you are the {CHARACTERS[st.tc].name}")
    if st.ability_used:
        return no("turn.ability", "the ability is used once a turn, and you have used it")
    return None


def check_kill(st: CitadelsState, m: Kill) -> Refusal | None:
    why = ability_refusal(st, ASSASSIN)
    if why:
        return why
    r = CHAR_INDEX.get(m.character)
    if r is None or r == ASSASSIN:
        return no("char.assassin", "the Assassin murders another character", f"name one of {', '.join(CHAR_IDS[1:])}")
    return None


def check_rob(st: CitadelsState, m: Rob) -> Refusal | None:
    why = ability_refusal(st, THIEF)
    if why:
        return why
    r = CHAR_INDEX.get(m.character)
    if r is None or r in (ASSASSIN, THIEF) or r == st.killed:
        return no("char.thief_targets", "the Thief may not rob the Assassin, himself or the murdered character",
                  "name another character")
    return None


def check_swap(st: CitadelsState, m: Swap) -> Refusal | None:
    why = ability_refusal(st, WIZARD)
    if why:
        return why
    if seat_problem(st, m.fellow) or m.fellow == m.player:
        return no("char.wizard_swap", seat_problem(st, m.fellow) or "the Wizard swaps with a fellow player",
                  "choose one of the other players")
    return None


def check_exchange(st: CitadelsState, m: Exchange) -> Refusal | None:
    """The Wizard's first discard (in the turn), or a further one (in the exchange phase)."""
    if st.phase == "turn":
        why = ability_refusal(st, WIZARD, "char.wizard_redraw")
        if why:
            return why
    c = CARD_INDEX.get(m.card)
    if c is None or c not in st.hands[m.player]:
        return no("char.wizard_redraw", f"you hold no {card_name(m.card)} to discard", "name a card of your hand")
    return None


def check_bonus(st: CitadelsState, m: Bonus) -> Refusal | None:
    return ability_refusal(st, MERCHANT)


def check_cards(st: CitadelsState, m: ArchitectCards) -> Refusal | None:
    why = ability_refusal(st, ARCHITECT)
    if why:
        return why
    return None if has_cards(st) else no("deck.reshuffle", "the deck and the discard pile are empty")


def check_destroy(st: CitadelsState, m: Destroy) -> Refusal | None:
    why = ability_refusal(st, WARLORD)
    if why:
        return why
    p, q, b = m.player, m.victim, CARD_INDEX.get(m.card)
    if seat_problem(st, q):
        return no("char.warlord_removes", seat_problem(st, q), "name a fellow player")
    if q == p:
        return no("char.warlord_removes", "the Warlord removes a building of a fellow player, not his own")
    if b is None or b not in st.city[q]:
        return no("char.warlord_removes", f"that city has no {card_name(m.card)}", "name a building of it")
    if len(st.city[q]) >= CITY_GOAL:
        return no("char.warlord_full_city", "a city of eight or more buildings cannot be attacked")
    if st.owner[BISHOP] == q and st.killed != BISHOP:
        return no("char.bishop_protects", "that player is the Bishop, who was not murdered")
    if b == KEEP:
        return no("violet.keep", "the Keep cannot be removed")
    if b == CIRCUS_TENT:
        return no("action.circus_tent", "a Circus Tent cannot be removed")
    price = removal_price(st, q, b)
    if price > st.gold[p]:
        return no("char.warlord_price", f"removing it costs {price} gold and you have {st.gold[p]}",
                  "choose a cheaper building")
    return None


# --- candidates: every value of a kind worth asking about ----------------------------------------
def hand_cards(st: CitadelsState, seat: int) -> list[str]:
    return [CARD_IDS[c] for c in sorted(set(st.hands[seat]))]


def destroy_candidates(st: CitadelsState, seat: int) -> list[Any]:
    return [Destroy(seat, CARD_IDS[b], q) for q in range(st.num_players) for b in sorted(set(st.city[q]))]
