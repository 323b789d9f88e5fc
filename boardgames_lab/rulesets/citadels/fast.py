"""The fast legal-move generator: the same moves as the plain path (the kinds' candidates that pass their
checks, see checks.py), built from tables of move values made once, in the order players have always
seen them. tests/citadels/test_fast.py proves fast == plain (the same set, no repeats) on thousands of
positions from seeded play with every option.

Two decisions in three are made in a character's turn, and bots call this for each, so the turn's moves
are built here without a dispatch call (lookups bound to locals, tables instead of tests).
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Callable, Sequence

from . import checks_actions as ca
from .draws import chance_moves
from .data import (ACROBAT, ARCHITECT, ASSASSIN, BISHOP, CARD_IDS, CARDS, CHAR_IDS, CIRCUS_TENT, CITY_GOAL,
                   COST, FORTUNE_TELLER, GREAT_WALL, IS_ACTION, KEEP, LABORATORY, LIVING_CANNONBALL, MERCHANT,
                   RASPUTIN, SMITHY, SMITHY_READINGS, THIEF, WARLORD, WIZARD)
from .moves import (Acrobat, ArchitectCards, Bonus, Build, Bury, Cannonball, Cash, Decline, Destroy, Draw, End,
                    Exchange, ExchangeDone, FortuneTeller, Gold, Income, Keep, Kill, Laboratory, Move, Pick, Play,
                    Rasputin, Rob, Save, Smithy, Swap, Take, Ticket)
from .state import NOBODY, CitadelsState
from .state import BIT, INCOME_PAYS, distinct

SEATS = range(7)
NCARDS = range(len(CARDS))


def _per_seat(make: Callable[[int], Any]) -> tuple[Any, ...]:
    return tuple(make(p) for p in SEATS)


def _each(cls: Callable[[int, Any], Move], values: Sequence[Any]) -> Callable[[int], tuple[Move, ...]]:
    """The moves of class ``cls`` a seat can make, one per value (character, card or fellow seat)."""
    return lambda p: tuple(cls(p, v) for v in values)


# Every move value of a seat, made once (a bounded table per seat, card, character or fellow seat).
GOLD, DRAW, END, INCOME, BONUS, CARDS_MOVE, SMITHY_MOVE = (_per_seat(cls) for cls in (
    Gold, Draw, End, Income, Bonus, ArchitectCards, Smithy))
SAVE, DECLINE, CASH, EXCHANGE_DONE, ACROBAT_MOVE, RASPUTIN_MOVE = (_per_seat(cls) for cls in (
    Save, Decline, Cash, ExchangeDone, Acrobat, Rasputin))
PICK, BURY, KILL, ROB = (_per_seat(_each(cls, CHAR_IDS)) for cls in (Pick, Bury, Kill, Rob))
BUILD, KEEP_MOVE, EXCHANGE, LAB, TAKE, PLAY = (_per_seat(_each(cls, CARD_IDS))
                                               for cls in (Build, Keep, Exchange, Laboratory, Take, Play))
SWAP, TICKET, FORTUNE = (_per_seat(_each(cls, SEATS)) for cls in (Swap, Ticket, FortuneTeller))
DESTROY = _per_seat(lambda p: tuple(tuple(Destroy(p, c, q) for c in CARD_IDS) for q in SEATS))
_CANNON: dict[tuple[int, int, int], Cannonball] = {}  # keyed by (seat, old, new): a bounded domain

# What a building costs to build from the hand; action cards are never built (the price no purse reaches).
BUILD_PRICE = tuple(10**9 if IS_ACTION[c] else COST[c] for c in NCARDS)
# What the Warlord pays to remove a building, Great Wall aside (the Keep and Circus Tents cannot be removed).
REMOVE_PRICE = tuple(10**9 if c in (KEEP, CIRCUS_TENT) else COST[c] - 1 for c in NCARDS)
# Which buildings the Warlord's gold reaches, by his gold up to the dearest removal (then every one), Great Wall aside.
REMOVE_WITHIN = tuple(tuple(price <= g for price in REMOVE_PRICE)
                      for g in range(max(price for price in REMOVE_PRICE if price < 10**9) + 1))
# The Thief's targets, by seat and the murdered character (NOBODY: none murdered).
ROB_UNLESS = _per_seat(lambda p: {k: tuple(ROB[p][c] for c in range(2, 8) if c != k) for k in (NOBODY, *range(8))})
# The draft's picks by seat and pool, made once for every pool a draft passes (sorted: open_draft sorts it and
# a pick leaves it so), so that a pick reads its list instead of making one.
PICKS = _per_seat(lambda p: {pool: [PICK[p][c] for c in pool] for k in range(9) for pool in combinations(range(8), k)})
# The Wizard's swaps, by player count and player.
SWAP_OTHERS = tuple(tuple(tuple(SWAP[p][q] for q in range(n) if q != p) for p in range(n)) for n in range(8))
# The ability moves of the characters whose ability depends on nothing in the position (None: it does).
FIXED_ABILITY = _per_seat(lambda p: tuple(KILL[p][1:] if r == ASSASSIN else (BONUS[p],) if r == MERCHANT
                                          else None if r in (THIEF, WIZARD, ARCHITECT, WARLORD) else ()
                                          for r in range(8)))
# The buildings whose moves _extra_moves adds (with the action cards, every turn has some), as bits.
EXTRA_BUILDINGS = BIT[LABORATORY] | BIT[SMITHY]
OWN_OR_EXTRA = tuple(pays | EXTRA_BUILDINGS for pays in INCOME_PAYS)  # either, by character


def side_moves(st: CitadelsState) -> list[Move]:
    """The legal moves outside a character's turn, the draft and the keep phase (legal_moves makes those)."""
    phase, p = st.phase, st.current  # the players' phases first: normal play asks them far more often
    if phase == "exchange":
        return [EXCHANGE_DONE[p], *_each_card(EXCHANGE[p], st.hands[p])]
    if phase == "fortune":
        return _each_card(TAKE[p], st.hands[st.fortune])
    if phase == "graveyard":
        return [DECLINE[p], SAVE[p]]
    if phase == "cash":
        return [DECLINE[p], CASH[p]]
    if phase == "acrobat" or phase == "rasputin":
        return window_moves(st)
    if phase == "draw" or phase == "deal" or phase == "lay":
        return chance_moves(st)
    return []


def _each_card(table: tuple[Move, ...], cards: list[int]) -> list[Move]:
    """The move of ``table`` for each card of a sorted pile, once per name (distinct, written out: a loop
    costs less than a comprehension's function on these few cards)."""
    out: list[Move] = []
    last = -1
    for c in cards:
        if c != last:
            out.append(table[c])
            last = c
    return out


def window_moves(st: CitadelsState) -> list[Move]:
    """citadels.action.window: the answers of every seat still to answer, in the order they are listed."""
    out: list[Move] = []
    if st.phase == "acrobat":
        for p in st.queue:
            out.append(DECLINE[p])
            if ACROBAT in st.hands[p]:
                out.append(ACROBAT_MOVE[p])
        return out
    holder = st.owner[st.rank]
    for p in st.queue:
        out.append(DECLINE[p])
        if p == holder and RASPUTIN in st.hands[p]:
            out.append(RASPUTIN_MOVE[p])
    return out


def draft_moves(st: CitadelsState) -> list[Move]:
    """The draft's: a character kept, or with two players buried (draft_steps), the step's kind read for them alone."""
    return draft_choices(st)[:]


def draft_choices(st: CitadelsState) -> list[Move]:
    """draft_moves' list, read from PICKS where it has the pool (then shared: the compiled playout only reads it)."""
    bury = st.num_players == 2 and st.steps[st.step] & 1
    if not bury:
        made = PICKS[st.current].get(tuple(st.pool))
        if made is not None:
            return made
    table = BURY[st.current] if bury else PICK[st.current]
    return [table[c] for c in st.pool]


def keep_moves(st: CitadelsState) -> list[Move]:
    """The cards drawn that may be kept, one move a name (_each_card's loop, written out: a turn draws often)."""
    table, last = KEEP_MOVE[st.current], -1
    out: list[Move] = []
    for c in st.drawn:
        if c != last:
            out.append(table[c])
            last = c
    return out


def legal_moves(st: CitadelsState) -> list[Move]:
    """Every legal move (of the one seat to act), by the phase: a character's turn's first."""
    phase = st.phase
    if phase == "turn":
        return turn_moves(st)
    if phase == "draft":
        return draft_moves(st)
    return keep_moves(st) if phase == "keep" else side_moves(st)


def turn_moves(st: CitadelsState) -> list[Move]:
    """The moves of a character's turn (the compiled playout calls this without legal_moves' dispatch)."""
    p, r = st.tp, st.tc
    built = st.built[p]  # the city's names as bits
    if not st.income_done:
        moves = [GOLD[p], DRAW[p]] if st.deck or st.discard else [GOLD[p]]
    else:
        moves = [END[p]]
        gold = st.gold[p]
        if st.builds_left > 0 and gold:  # every building costs gold
            build, price, last = BUILD[p], BUILD_PRICE, -1
            for c in st.hands[p]:  # sorted: a repeated card follows itself, and passes or fails alike
                if price[c] <= gold and c != last and not built & BIT[c]:
                    moves.append(build[c])
                    last = c
    if not st.ability_used:
        fixed = FIXED_ABILITY[p][r]
        if fixed is None:
            _ability_moves(st, p, r, moves)
        elif fixed:
            moves += fixed
    if built & OWN_OR_EXTRA[r]:  # one test for the two uses of the city below: most cities pass neither
        if built & INCOME_PAYS[r] and not st.colour_used:
            moves.append(INCOME[p])  # offered once there is something to collect
        if built & EXTRA_BUILDINGS:
            _extra_moves(st, p, moves)
            return moves
    if st.action_cards:
        _extra_moves(st, p, moves)
    return moves


def _ability_moves(st: CitadelsState, p: int, r: int, moves: list[Move]) -> None:
    """The ability moves that depend on the position: the Warlord's, the Thief's, the Wizard's, the Architect's."""
    if r == WARLORD:
        moves += removable(st, p)
    elif r == THIEF:
        moves += ROB_UNLESS[p][st.killed]
    elif r == WIZARD:
        moves += SWAP_OTHERS[st.num_players][p]
        moves += _each_card(EXCHANGE[p], st.hands[p])
    elif st.deck or st.discard:  # the Architect
        moves.append(CARDS_MOVE[p])


def _extra_moves(st: CitadelsState, p: int, moves: list[Move]) -> None:
    """The moves of a turn that only some cities or the action cards offer: the Laboratory, the Smithy,
    an action card played and a Ticket Booth's gold."""
    gold, hand, city = st.gold[p], st.hands[p], st.city[p]
    if LABORATORY in city and not st.lab_used and hand:
        moves.extend(LAB[p][c] for c in distinct(hand) if not IS_ACTION[c])
    if SMITHY in city and not st.smithy_used and gold >= SMITHY_READINGS[st.options["smithy"]][0]:
        moves.append(SMITHY_MOVE[p])
    if st.action_cards:
        if not st.action_used:
            moves.extend(_action_moves(st, p))
        if gold:
            moves.extend(TICKET[p][q] for q, booths in enumerate(st.booths)
                         if booths and ca.check_ticket(st, TICKET[p][q]) is None)


def removable(st: CitadelsState, p: int) -> list[Move]:
    """Every building the Warlord may remove and afford (one move each; prices inlined from removal_price)."""
    out: list[Move] = []
    gold = st.gold[p]
    bishop_seat = st.owner[BISHOP] if st.killed != BISHOP else NOBODY
    walls = st.options["great_wall"]  # only that option's deck holds the Great Wall (state.invariants)
    destroy = DESTROY[p]
    within = REMOVE_WITHIN[gold if gold < len(REMOVE_WITHIN) else -1]
    for q, city in enumerate(st.city):
        if q == p or q == bishop_seat or not city or len(city) >= CITY_GOAL:
            continue
        moves = destroy[q]  # one move a building: a city holds one of a name but Circus Tents (invariants)
        if walls and GREAT_WALL in city:  # the Great Wall's surcharge, on the others only
            price = REMOVE_PRICE
            for b in city:
                if price[b] + (b != GREAT_WALL) <= gold:
                    out.append(moves[b])
        else:
            for b in city:
                if within[b]:
                    out.append(moves[b])
    return out


def _action_moves(st: CitadelsState, p: int) -> list[Move]:
    out: list[Move] = []
    for c in distinct(st.hands[p]):
        if not IS_ACTION[c] or c in (ACROBAT, RASPUTIN):
            continue
        if c == FORTUNE_TELLER:
            out.extend(FORTUNE[p][q] for q in range(st.num_players) if ca.check_fortune(st, FORTUNE[p][q]) is None)
        elif c == LIVING_CANNONBALL:
            out.extend(_cannonball_moves(st, p))
        else:
            out.append(PLAY[p][c])
    return out


def _cannonball_moves(st: CitadelsState, p: int) -> list[Move]:
    out: list[Move] = []
    for old in sorted(set(st.city[p])):
        for new in distinct(st.hands[p]):
            move = _CANNON.get((p, old, new))
            if move is None:
                move = _CANNON[(p, old, new)] = Cannonball(p, CARD_IDS[old], CARD_IDS[new])
            if ca.check_cannon(st, move) is None:
                out.append(move)
    return out


# The players' phases, each with the function that makes its moves: the compiled playout knows the phase and
# calls these without legal_moves' dispatch, the turn's aside (core/definition.py, legal_in).
LEGAL_IN = {"turn": turn_moves, "draft": draft_choices, "keep": keep_moves, "exchange": side_moves,
            "fortune": side_moves, "graveyard": side_moves, "cash": side_moves, "rasputin": window_moves,
            "acrobat": window_moves}
