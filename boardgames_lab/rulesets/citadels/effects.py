"""What each move does (the hot path: no checks; the checks have passed): ``apply_move`` dispatches by phase
and kind, the turn's moves first, without a dispatch call, because two moves in three are made there."""
from __future__ import annotations

from bisect import insort
from typing import Any

from .data import (ACROBAT, ARCHITECT_CARDS, CARD_IDS, CARD_INDEX, CHAR_INDEX, CHARACTERS, CIRCUS_TENT, CITY_GOAL,
                   COST, DIRECTOR, DIRECTOR_EXTRA_BUILDS, FORTUNE_TELLER, GRAVEYARD, GRAVEYARD_PRICE, HAUNTED_CITY,
                   INCOME_DRAW, INCOME_GOLD, LABORATORY_GOLD, LIBRARY, LIVING_CANNONBALL, OBSERVATORY, RASPUTIN,
                   SMITHY_READINGS, TICKET_BOOTH)
from .draft import apply_draft
from .draws import apply_draw_card, apply_lay, start_draw
from .moves import (ArchitectCards, Bonus, Build, Destroy, Draw, End, Exchange, Gold, Income, Keep, Kill, Laboratory,
                    Move, Pick, Rob, Smithy, Swap, Take, Ticket)
from .state import BIT, NAME, NOBODY, CitadelsState, city_bits, colour_income, removal_price


# A move handed to a function that serves several kinds is typed Any. The turn's moves are told apart by their
# class (``type(m) is End``): a kind read off a move is a class attribute, which costs a lookup each time.

# The character abilities, dispatched together (checked before the rarer violet buildings and action cards).
ABILITY_MOVES = frozenset((Kill, Rob, Destroy, Bonus, ArchitectCards, Swap, Exchange))


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def to_hand(st: CitadelsState, p: int, cards: list[int]) -> None:
    hand = st.hands[p]
    for c in cards:
        insort(hand, c)


def discard(st: CitadelsState, cards: list[int]) -> None:
    st.discard.extend(cards)


def place(st: CitadelsState, p: int, card: int) -> None:
    """A card enters the city; the eighth one triggers the end (citadels.end.trigger)."""
    st.city[p].append(card)
    st.built[p] |= BIT[card]
    if card == HAUNTED_CITY:
        st.haunted_round[p] = st.round
    if len(st.city[p]) >= CITY_GOAL and st.first_eight == NOBODY:
        st.first_eight = p
        st.note(f"{{p{p}}} has eight buildings: this round is the last.", {"first_eight": p})


def unplace(st: CitadelsState, p: int, card: int) -> None:
    """A card leaves the city (removed by the Warlord, replaced by the Living Cannonball)."""
    city = st.city[p]
    city.remove(card)
    if card == CIRCUS_TENT:
        st.built[p] = city_bits(city)  # counted again: a Circus Tent may stand twice
    else:  # the one building of its name (state.invariants)
        st.built[p] &= ~BIT[card]
    if card == HAUNTED_CITY:
        st.haunted_round[p] = 0


def apply_move(st: CitadelsState, m: Any) -> None:
    """Apply a legal move: by its phase, the turn's first (the compiled playout calls APPLY_IN's directly)."""
    if (phase := st.phase) == "turn":
        apply_turn(st, m)
    elif phase == "draft":
        apply_pick(st, m)
    elif phase == "keep":
        apply_keep(st, m)
    else:
        apply_side(st, m)


def apply_pick(st: CitadelsState, m: Any) -> None:
    """A move of the draft: the common one, a character kept, without apply_draft's call."""
    if type(m) is Pick and st.events is None:
        st.pool.remove(c := CHAR_INDEX[m.character])
        st.owner[c], st.taken_step[c], st.step = st.current, st.step, st.step + 1
    else:
        apply_draft(st, type(m) is Pick, CHAR_INDEX[m.character])


def apply_turn(st: CitadelsState, m: Any) -> None:
    """A move of a character's turn, without a dispatch call for the common ones."""
    cls = type(m)  # the seat and the log are read in the branches that use them
    if cls is End:
        st.turn_over = st.detour = True
        if st.events is not None:
            st.note(f"{{p{st.tp}}} ends the {CHARACTERS[st.tc].name}'s turn.", {"player": st.tp})
    elif cls is Gold:
        st.income_done = True
        st.gold[st.tp] += INCOME_GOLD
        if st.events is not None:
            st.note(f"{{p{st.tp}}} takes {INCOME_GOLD} gold.", {"player": st.tp, "gold": INCOME_GOLD})
    elif cls is Build:
        p, c = st.tp, CARD_INDEX[m.card]
        st.hands[p].remove(c)
        st.gold[p] -= COST[c]
        st.builds_left -= 1
        if st.events is not None:
            st.note(f"{{p{p}}} builds the {NAME[c]} for {COST[c]} gold.", {"player": p, "card": m.card})
        place(st, p, c)
    elif cls is Draw:  # citadels.turn.income / violet.observatory / violet.library
        p, built = st.tp, st.built[st.tp]
        st.income_done = True
        k = start_draw(st, p, INCOME_DRAW + (1 if built & BIT[OBSERVATORY] else 0), 2 if built & BIT[LIBRARY] else 1)
        if st.events is not None:
            st.note(f"{{p{p}}} draws {k} card{_s(k)} for income.", {"player": p, "drawn": k})
    elif cls is Income:
        _colour_income(st, st.tp)
    elif cls in ABILITY_MOVES:
        _ability(st, st.tp, m)
    else:
        _rarer(st, st.tp, m)


def _rarer(st: CitadelsState, p: int, m: Any) -> None:
    """The turn's rarer moves: a violet building's, a Ticket Booth's or an action card's."""
    cls = type(m)
    if cls is Laboratory or cls is Smithy:
        _violet(st, p, m)
    elif cls is Ticket:
        _pay_booth(st, p, m.owner)
    else:  # "play", "fortune_teller" or "cannon"
        _play_action(st, p, m)


def _colour_income(st: CitadelsState, p: int) -> None:
    """Rulebook, the characters (citadels.char.colour_income): gold for each building of the character's colour."""
    st.colour_used = True
    amount = colour_income(st, p, st.tc)
    st.gold[p] += amount
    if st.events is not None:
        st.note(f"{{p{p}}} takes {amount} gold for buildings of the "
                f"{CHARACTERS[st.tc].name}'s colour.", {"player": p, "gold": amount})


def _violet(st: CitadelsState, p: int, m: Any) -> None:
    """citadels.violet.laboratory / violet.smithy"""
    ev = st.events is not None
    if m.kind == "lab":
        c = CARD_INDEX[m.card]
        st.lab_used = True
        st.hands[p].remove(c)
        discard(st, [c])
        st.gold[p] += LABORATORY_GOLD
        if ev:
            st.note(f"{{p{p}}} discards the {NAME[c]} at the Laboratory for {LABORATORY_GOLD} gold.",
                    {"player": p, "card": m.card})
        return
    price, count = SMITHY_READINGS[st.options["smithy"]]
    st.smithy_used = True
    st.gold[p] -= price
    k = start_draw(st, p, count, 0)
    if ev:
        st.note(f"{{p{p}}} pays {price} gold at the Smithy and draws {k} card{_s(k)}.",
                {"player": p, "paid": price, "drawn": k})

def apply_keep(st: CitadelsState, m: Keep) -> None:
    p = st.current
    c = CARD_INDEX[m.card]
    st.drawn.remove(c)
    insort(st.hands[p], c)
    st.keep_left -= 1
    if st.keep_left == 0:
        rest = st.drawn
        st.drawn = []
        st.discard.extend(rest)
        if st.events is not None:
            st.note(f"{{p{p}}} keeps a card and discards " + ", ".join(NAME[r] for r in rest) + ".",
                    {"player": p, "discarded": [CARD_IDS[r] for r in rest]})
            st.note(f"{{p{p}}} keeps the {NAME[c]}.", {"card": m.card}, visible_to=[p],
                    you=(p, f"You keep the {NAME[c]}."))

def _ability(st: CitadelsState, p: int, m: Any) -> None:
    """The character's ability; the kinds in order of how often they come."""
    st.ability_used = True
    cls = type(m)
    ev = st.events is not None
    if cls is Kill:
        st.killed = CHAR_INDEX[m.character]
        if ev:
            st.note(f"The Assassin murders the {CHARACTERS[st.killed].name}.", {"killed": m.character})
    elif cls is Rob:
        st.robbed = CHAR_INDEX[m.character]
        if ev:
            st.note(f"The Thief will rob the {CHARACTERS[st.robbed].name}.", {"robbed": m.character})
    elif cls is Destroy:
        _remove(st, p, m.victim, CARD_INDEX[m.card])
    elif cls is Bonus:
        st.gold[p] += 1
        if ev:
            st.note(f"The Merchant, {{p{p}}}, takes 1 gold.", {"player": p, "gold": 1})
    elif cls is ArchitectCards:
        k = start_draw(st, p, ARCHITECT_CARDS, 0)
        if ev:
            st.note(f"The Architect, {{p{p}}}, draws {k} card{_s(k)}.", {"player": p})
    elif cls is Swap:
        q = m.fellow
        st.hands[p], st.hands[q] = st.hands[q], st.hands[p]
        if ev:
            st.note(f"The Wizard, {{p{p}}}, swaps hands with {{p{q}}} ({len(st.hands[p])} for "
                    f"{len(st.hands[q])} cards).", {"player": p, "with": q})
    elif cls is Exchange:
        c = CARD_INDEX[m.card]
        st.hands[p].remove(c)
        st.exchange.append(c)
        st.exchanging = st.detour = True

def apply_exchange(st: CitadelsState, m: Any) -> None:
    """citadels.char.wizard_redraw: discard one more card, or finish and draw as many."""
    p = st.current
    if type(m) is Exchange:
        c = CARD_INDEX[m.card]
        st.hands[p].remove(c)
        st.exchange.append(c)
        return
    gone = st.exchange
    st.exchange = []
    st.exchanging = False
    discard(st, gone)
    k = start_draw(st, p, len(gone), 0)
    if st.events is not None:
        st.note(f"The Wizard, {{p{p}}}, discards " + ", ".join(NAME[c] for c in gone)
                + f" and draws {k}.", {"player": p, "discarded": [CARD_IDS[c] for c in gone]})

def _remove(st: CitadelsState, p: int, q: int, b: int) -> None:
    """citadels.char.warlord_removes / char.warlord_price; the Graveyard may then buy the card."""
    price = removal_price(st, q, b)
    st.gold[p] -= price
    unplace(st, q, b)
    if st.events is not None:
        st.note(f"The Warlord, {{p{p}}}, pays {price} gold and removes the {NAME[b]} of {{p{q}}}.",
                {"player": p, "victim": q, "card": CARD_IDS[b], "paid": price})
    built, grave = st.built, BIT[GRAVEYARD]  # the cities' names as bits: no city searched
    for g in range(st.num_players):
        has = built[g] & grave or (b == GRAVEYARD and g == q and st.options["graveyard_self"])
        if g != p and has and st.gold[g] >= GRAVEYARD_PRICE:
            st.grave_owner, st.grave_card = g, b
            st.detour = True
            return
    discard(st, [b])

def apply_graveyard(st: CitadelsState, m: Move) -> None:
    g, b = st.grave_owner, st.grave_card
    if m.kind == "save":
        st.gold[g] -= GRAVEYARD_PRICE
        insort(st.hands[g], b)
    else:
        discard(st, [b])
    if st.events is not None:
        st.note(f"{{p{g}}} " + (f"pays {GRAVEYARD_PRICE} gold at the Graveyard and takes the {NAME[b]}."
                                if m.kind == "save" else "lets the removed building go."), {"player": g})
    st.grave_owner = st.grave_card = NOBODY

# --- the action cards ---------------------------------------------------------------
def _play_action(st: CitadelsState, p: int, m: Any) -> None:
    st.action_used = True
    c = LIVING_CANNONBALL if m.kind == "cannon" else FORTUNE_TELLER if m.kind == "fortune_teller" \
        else CARD_INDEX[m.card]
    st.hands[p].remove(c)
    ev = st.events is not None
    if ev:
        st.note(f"{{p{p}}} plays the {NAME[c]}.", {"player": p, "card": CARD_IDS[c]})
    if c == CIRCUS_TENT:
        place(st, p, c)
        return
    if c == TICKET_BOOTH:
        st.booths[p].append(0)
        return
    discard(st, [c])
    if c == DIRECTOR:
        st.builds_left += DIRECTOR_EXTRA_BUILDS
    elif c == FORTUNE_TELLER:
        st.fortune = m.fellow
        st.detour = True
    else:  # the Living Cannonball
        old, new = CARD_INDEX[m.building], CARD_INDEX[m.card]
        st.gold[p] -= COST[new] - COST[old]
        unplace(st, p, old)
        discard(st, [old])
        st.hands[p].remove(new)
        if ev:
            st.note(f"{{p{p}}} replaces the {NAME[old]} by the {NAME[new]} for {COST[new] - COST[old]} gold.",
                    {"player": p, "old": m.building, "new": m.card})
        place(st, p, new)

def apply_take(st: CitadelsState, m: Take) -> None:
    p, q = st.current, st.fortune
    c = CARD_INDEX[m.card]
    st.hands[q].remove(c)
    insort(st.hands[p], c)
    st.fortune = NOBODY
    if st.events is not None:
        st.note(f"{{p{p}}} takes a card from the hand of {{p{q}}}.", {"player": p, "from": q})
        st.note(f"The card {{p{p}}} takes from {{p{q}}} is the {NAME[c]}.", {"card": m.card}, visible_to=[p, q])

def _pay_booth(st: CitadelsState, p: int, q: int) -> None:
    """citadels.action.ticket_booth: 1 gold onto the booth, then draw 2 and keep 1."""
    i = next(i for i in range(len(st.booths[q])) if q * 8 + i not in st.paid)
    st.paid.append(q * 8 + i)
    st.gold[p] -= 1
    st.booths[q][i] += 1
    st.cash_owner, st.cash_booth = q, i
    st.detour = True
    k = start_draw(st, p, 2, 1)
    if st.events is not None:
        st.note(f"{{p{p}}} pays 1 gold onto a Ticket Booth of {{p{q}}} and draws {k}.",
                {"player": p, "owner": q})

def apply_cash(st: CitadelsState, m: Move) -> None:
    q, i = st.cash_owner, st.cash_booth
    if m.kind == "cash":
        amount = st.booths[q].pop(i)
        st.gold[q] += amount
        discard(st, [TICKET_BOOTH])
        st.paid = [x if x // 8 != q or x % 8 < i else x - 1 for x in st.paid if x != q * 8 + i]
        if st.events is not None:
            st.note(f"{{p{q}}} cashes in a Ticket Booth: {amount} gold.", {"player": q, "gold": amount})
    st.cash_owner = st.cash_booth = NOBODY

def apply_window(st: CitadelsState, m: Move) -> None:
    """citadels.action.window: each seat still to answer may answer, in any order; a decline is private, a
    card played is public and closes the window at once."""
    p = m.player
    st.queue.remove(p)
    if m.kind == "decline":
        if not st.queue:
            st.window = ""
        return
    st.queue = []
    if st.window == "acrobat":
        st.hands[p].remove(ACROBAT)
        discard(st, [ACROBAT])
        st.crown = p
        st.heir = NOBODY
        st.acrobat_round = st.round
        st.note(f"{{p{p}}} plays the Acrobat and takes the crown.", {"player": p, "crown": p})
    else:
        st.hands[p].remove(RASPUTIN)
        discard(st, [RASPUTIN])
        st.killed = NOBODY
        st.silent[st.rank] = False  # called, murdered, and answered after all: begin_turn leaves this to it
        st.asked |= 4
        st.note(f"{{p{p}}} plays Rasputin: the murdered {CHARACTERS[st.rank].name} takes the turn after all.",
                {"player": p})
    st.window = ""


def apply_side(st: CitadelsState, move: Any) -> None:
    """Apply a move made outside a character's turn, the draft and the keep phase (apply_move applies those)."""
    phase = st.phase  # the players' phases first: normal play draws its chance moves without this dispatch
    if phase == "exchange":
        apply_exchange(st, move)
    elif phase == "fortune":
        apply_take(st, move)
    elif phase == "graveyard":
        apply_graveyard(st, move)
    elif phase == "cash":
        apply_cash(st, move)
    elif phase == "draw" or phase == "deal":
        apply_draw_card(st, move)
    elif phase == "lay":
        apply_lay(st, move)
    else:
        apply_window(st, move)


# The players' phases, each with the function that applies its moves: the compiled playout knows the phase and
# calls these without apply_move's dispatch (core/definition.py, apply_in).
APPLY_IN = {"turn": apply_turn, "draft": apply_pick, "keep": apply_keep, "exchange": apply_exchange,
            "fortune": apply_take, "graveyard": apply_graveyard, "cash": apply_cash, "rasputin": apply_window,
            "acrobat": apply_window}
