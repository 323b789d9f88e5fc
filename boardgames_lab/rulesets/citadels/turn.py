"""A character's turn: income, building, abilities, violet buildings and the action cards."""
from __future__ import annotations

from .data import (ACROBAT, ARCHITECT, ARCHITECT_EXTRA_BUILDS, ASSASSIN, BISHOP, CARD_IDS, CARDS, CHAR_IDS,
                   CHARACTERS, CIRCUS_TENT, CITY_GOAL, COLOUR, COST, FORTUNE_TELLER, GREAT_WALL, IS_ACTION, KEEP,
                   KING, LABORATORY, LIVING_CANNONBALL, MERCHANT, NONE, RASPUTIN, SCHOOL_OF_MAGIC, SMITHY,
                   SMITHY_READINGS, THIEF, WARLORD, WIZARD)
from .moves import DONE, Move, mv
from .state import NOBODY, CitadelsState

NAME = tuple(c.name for c in CARDS)
END, GOLD, DRAW, INCOME, BONUS, CARDS_MOVE, SMITHY_MOVE = (mv(k) for k in (
    "end", "gold", "draw", "income", "bonus", "cards", "smithy"))
SAVE, DECLINE, CASH = mv("save"), mv("decline"), mv("cash")
EXCHANGE_DONE = mv("exchange", DONE)
PLAY_ACROBAT, PLAY_RASPUTIN = mv("play", "acrobat"), mv("play", "rasputin")
BUILD = tuple(mv("build", c) for c in CARD_IDS)
KEEP_MOVES = tuple(mv("keep", c) for c in CARD_IDS)
EXCHANGE = tuple(mv("exchange", c) for c in CARD_IDS)
LAB = tuple(mv("lab", c) for c in CARD_IDS)
TAKE = tuple(mv("take", c) for c in CARD_IDS)
KILL = tuple(mv("kill", c) for c in CHAR_IDS)
TICKET = tuple(mv("ticket", seat=q) for q in range(7))
SWAP = tuple(mv("swap", seat=q) for q in range(7))
DESTROY = tuple(tuple(mv("destroy", c, q) for c in CARD_IDS) for q in range(7))
CHAR_COLOUR = tuple(c.colour for c in CHARACTERS)
ROB = tuple(mv("rob", c) for c in CHAR_IDS)

# Tables that spare the hot path some tests (the turn's legal moves are built for two decisions in three).
# The buildings that pay each character colour income (the School of Magic counts as every colour).
PAYS = tuple(frozenset(b for b, colour in enumerate(COLOUR) if colour == c.colour or b == SCHOOL_OF_MAGIC)
             for c in CHARACTERS)
# What a building costs to build from the hand; action cards are never built (the price no purse reaches).
BUILD_PRICE = tuple(10**9 if IS_ACTION[c] else COST[c] for c in range(len(CARDS)))
# What the Warlord pays to remove a building, Great Wall aside (the Keep and Circus Tents cannot be removed).
REMOVE_PRICE = tuple(10**9 if c in (KEEP, CIRCUS_TENT) else COST[c] - 1 for c in range(len(CARDS)))
# The Thief's targets, by the murdered character (NOBODY: none murdered).
ROB_UNLESS = {killed: tuple(ROB[c] for c in range(2, 8) if c != killed) for killed in (NOBODY, *range(8))}
# The Wizard's swaps, by player count and player.
SWAP_OTHERS = tuple(tuple(tuple(SWAP[q] for q in range(n) if q != p) for p in range(n)) for n in range(8))
# The ability moves of the characters whose ability depends on nothing in the position.
FIXED_ABILITY = tuple(KILL[1:] if r == ASSASSIN else (BONUS,) if r == MERCHANT else () for r in range(8))


def draw(st: CitadelsState, count: int) -> list[int]:
    """citadels.deck.reshuffle: an empty deck is refilled from the shuffled discard pile."""
    deck = st.deck
    cut = len(deck) - count
    if cut >= 0:  # the common case, no reshuffle on the way: the top cards at once, the topmost first
        out = deck[cut:]
        del deck[cut:]
        out.reverse()
        st.revealed = True
        return out
    out = []
    for _ in range(count):
        if not st.deck:
            if not st.discard:
                break
            st.deck, st.discard = st.discard, []
            if len(st.deck) > 1:
                st.rng.shuffle(st.deck)
            else:  # one card (a pile often is): no shuffle, the generator steps on as Rng.shuffle's would
                st.rng.next64()
            st.note("The deck is empty: the discard pile is shuffled into a new deck.", {"reshuffle": True})
        out.append(st.deck.pop())
    st.revealed = True
    return out


def colour_income(st: CitadelsState, p: int, char: int) -> int:
    """citadels.char.colour_income / violet.school_of_magic (it counts as the character's colour)."""
    return sum(map(PAYS[char].__contains__, st.city[p]))


def protected(st: CitadelsState, q: int) -> bool:
    """citadels.char.bishop_protects / char.warlord_murdered_targets"""
    return st.owner[BISHOP] == q and st.killed != BISHOP


def removal_price(st: CitadelsState, q: int, b: int) -> int:
    """citadels.char.warlord_price / violet.great_wall"""
    wall = 1 if b != GREAT_WALL and GREAT_WALL in st.city[q] else 0
    return COST[b] - 1 + wall


def removable(st: CitadelsState, p: int) -> list[Move]:
    """Every building the Warlord may remove and afford (one move each; prices inlined from removal_price)."""
    out = []
    gold = st.gold[p]
    bishop_seat = st.owner[BISHOP] if st.killed != BISHOP else NOBODY
    for q, city in enumerate(st.city):
        if q == p or q == bishop_seat or len(city) >= CITY_GOAL or not city:
            continue
        wall = 1 if GREAT_WALL in city else 0
        moves = DESTROY[q]
        found = []  # this city's moves (no other city's can repeat one): one per building name
        for b in city:
            if REMOVE_PRICE[b] + (wall if b != GREAT_WALL else 0) <= gold:
                move = moves[b]
                if move not in found:  # Circus Tents aside, a city holds one building of a name
                    found.append(move)
        out += found
    return out


def distinct(cards: list[int]) -> list[int]:
    out, last = [], -1
    for c in cards:  # hands are sorted: repeats sit side by side
        if c != last:
            out.append(c)
            last = c
    return out


class Turning:
    """Mixed into the game definition: the moves of a character's turn and of its side windows."""

    # --- hooks and guards ----------------------------------------------------------------
    def begin_turn(self, st: CitadelsState) -> None:
        """citadels.call.reveal / char.king_crown / char.thief_steals"""
        r = st.rank
        p = st.owner[r]
        st.tp, st.tc, st.current = p, r, p
        st.shown[r] = True
        st.silent[r] = False
        st.income_done = st.ability_used = st.colour_used = st.lab_used = st.smithy_used = False
        st.action_used = st.turn_over = False
        st.builds_left = 1 + (ARCHITECT_EXTRA_BUILDS if r == ARCHITECT else 0)
        st.paid = []
        ev = st.events is not None
        if ev:
            st.note(f"{{p{p}}} reveals the {CHARACTERS[r].name}.", {"player": p, "character": CHAR_IDS[r]})
        if r == KING:
            st.crown = p
            st.heir = NOBODY
            if ev:
                st.note(f"{{p{p}}} takes the crown.", {"crown": p})
        if st.robbed == r:
            thief = st.owner[THIEF]
            stolen = st.gold[p]
            st.gold[p] = 0
            st.gold[thief] += stolen
            if ev:
                st.note(f"The Thief, {{p{thief}}}, takes all {stolen} gold of {{p{p}}}.",
                        {"thief": thief, "victim": p, "gold": stolen})

    def choosing(self, st: CitadelsState) -> bool:
        return bool(st.drawn)

    def kept(self, st: CitadelsState) -> bool:
        return not st.drawn

    def cash_due(self, st: CitadelsState) -> bool:
        return st.cash_owner != NOBODY and not st.drawn  # the rare part first: this runs after every turn move

    def ask_cash(self, st: CitadelsState) -> None:
        st.current = st.cash_owner

    def cash_answered(self, st: CitadelsState) -> bool:
        return st.cash_owner == NOBODY

    def exchanging(self, st: CitadelsState) -> bool:
        return st.exchanging

    def exchanged(self, st: CitadelsState) -> bool:
        return not st.exchanging

    def graveyard_offered(self, st: CitadelsState) -> bool:
        return st.grave_owner != NOBODY

    def ask_graveyard(self, st: CitadelsState) -> None:
        st.current = st.grave_owner

    def graveyard_answered(self, st: CitadelsState) -> bool:
        return st.grave_owner == NOBODY

    def back_to_turn(self, st: CitadelsState) -> None:
        st.current = st.tp

    def fortune_open(self, st: CitadelsState) -> bool:
        return st.fortune != NOBODY

    def fortune_done(self, st: CitadelsState) -> bool:
        return st.fortune == NOBODY

    def turn_ended(self, st: CitadelsState) -> bool:
        return st.turn_over

    # --- legal moves ---------------------------------------------------------------------
    def legal_moves(self, st: CitadelsState) -> list[Move]:
        """Every legal move. Those of a character's turn are built here, without a dispatch call: two decisions
        in three are made there, and bots call this for each (lookups bound to locals, tables over tests).
        The other phases' moves come from side_moves."""
        if st.phase != "turn":
            return self.side_moves(st)  # type: ignore[attr-defined, no-any-return]
        p, r = st.tp, st.tc
        gold = st.gold[p]
        hand = st.hands[p]
        city = st.city[p]
        if not st.income_done:
            moves = [GOLD, DRAW] if st.deck or st.discard else [GOLD]
        else:
            moves = [END]
            if st.builds_left > 0:
                last = -1
                for c in hand:  # sorted: a repeated card follows itself
                    if c != last:
                        last = c
                        if BUILD_PRICE[c] <= gold and c not in city:
                            moves.append(BUILD[c])
        if not st.ability_used:
            if r == WARLORD:
                moves += removable(st, p)
            elif r == THIEF:
                moves += ROB_UNLESS[st.killed]
            elif r == WIZARD:
                moves += SWAP_OTHERS[st.num_players][p]
                last = -1
                for c in hand:
                    if c != last:
                        last = c
                        moves.append(EXCHANGE[c])
            elif r == ARCHITECT:
                if st.deck or st.discard:
                    moves.append(CARDS_MOVE)
            else:
                moves += FIXED_ABILITY[r]
        if not st.colour_used and CHAR_COLOUR[r] != NONE and not PAYS[r].isdisjoint(city):
            moves.append(INCOME)  # offered once there is something to collect
        if city and (LABORATORY in city or SMITHY in city):
            if LABORATORY in city and not st.lab_used and hand:
                moves.extend(LAB[c] for c in distinct(hand) if not IS_ACTION[c])
            if SMITHY in city and not st.smithy_used and gold >= SMITHY_READINGS[st.options["smithy"]][0]:
                moves.append(SMITHY_MOVE)
        if st.options["action_cards"]:
            if not st.action_used:
                moves.extend(self._action_moves(st, p))
            if gold:
                moves.extend(TICKET[q] for q, booths in enumerate(st.booths)
                             if booths and ticket_refusal(st, p, q) is None)
        return moves

    def _action_moves(self, st: CitadelsState, p: int) -> list[Move]:
        out: list[Move] = []
        hand = st.hands[p]
        for c in distinct(hand):
            if not IS_ACTION[c] or c in (ACROBAT, RASPUTIN):
                continue
            if c == FORTUNE_TELLER:
                out.extend(mv("play", "fortune_teller", q) for q in range(st.num_players)
                           if fortune_refusal(st, p, q) is None)
            elif c == LIVING_CANNONBALL:
                out.extend(self._cannonball_moves(st, p))
            else:
                out.append(mv("play", CARD_IDS[c]))
        return out

    def _cannonball_moves(self, st: CitadelsState, p: int) -> list[Move]:
        return [mv("cannon", CARD_IDS[old], -1, CARD_IDS[new]) for old in sorted(set(st.city[p]))
                for new in distinct(st.hands[p]) if cannon_refusal(st, p, old, new) is None]


def ticket_refusal(st: CitadelsState, p: int, q: int) -> tuple[str, str] | None:
    """citadels.action.ticket_booth: why ``p`` may not pay onto a booth of ``q`` now (None: he may)."""
    if q == p:
        return "action.ticket_booth", "you may not pay onto your own Ticket Booth"
    if not st.booths[q]:
        return "action.ticket_booth", "that player has no Ticket Booth"
    if not st.gold[p]:
        return "action.ticket_booth", "a ticket costs 1 gold and you have none"
    if all(q * 8 + i in st.paid for i in range(len(st.booths[q]))):
        return "action.ticket_booth", "you have paid onto each of that player's booths this turn"
    return None


def fortune_refusal(st: CitadelsState, p: int, q: int) -> tuple[str, str] | None:
    """citadels.action.fortune_teller: why the Fortune Teller may not look at ``q``'s hand (None: it may)."""
    if q == p:
        return "action.fortune_teller", "the Fortune Teller looks at a fellow player's hand, not yours"
    if not st.hands[q]:
        return "action.fortune_teller", f"p{q + 1} holds no cards to look at"
    return None


def cannon_refusal(st: CitadelsState, p: int, old: int, new: int) -> tuple[str, str] | None:
    """citadels.action.cannonball: why the Living Cannonball may not replace ``old`` by ``new`` (None: it may),
    as (rule, reason). The one check behind both the legal moves and the refusal."""
    gold, city = st.gold[p], st.city[p]
    if old not in city:
        return "action.cannonball", f"your city has no {NAME[old]} to replace"
    if old == CIRCUS_TENT:
        return "action.circus_tent", "a Circus Tent cannot be removed from the city"
    if new not in st.hands[p]:
        return "action.cannonball", f"you hold no {NAME[new]} to bring into the city"
    if IS_ACTION[new]:
        return "action.cannonball", f"the {NAME[new]} is an action card, not a building"
    if COST[new] <= COST[old]:
        return "action.cannonball", (f"the {NAME[new]} costs {COST[new]}, not more than the {NAME[old]}'s "
                                     f"{COST[old]}: the new building must cost more")
    if new in city:
        return "turn.no_duplicate", f"your city already has a {NAME[new]}"
    if COST[new] - COST[old] > gold:
        return "action.cannonball", f"the difference is {COST[new] - COST[old]} gold and you have {gold}"
    return None
