"""Saint Petersburg rule logic: set-up, moves, hooks and guards named in phases.py."""
from __future__ import annotations

from bisect import insort
from typing import Any

from ...core.definition import GameDefinition, GameInfo, Option
from .data import (ARISTOCRAT, ARISTOCRAT_VARIETY, BUILDING, CARD_INDEX, CARDS, CARPENTER_WORKSHOP, DECKS, DISPLAY_SIZE, GROUPS,
                   GOLD_SMELTER, HAND_PENALTY, MARIINSKIJ, OBSERVATORY, PUB, PUB_POINTS_PER_CARD, PUB_PRICE,
                   ROW_SLOTS, RUBLES_PER_POINT, START_RUBLES, TAX_MAN, WORKER)
from .moves import DRAWN, PASS, SLOTS, Move
from .phases import FLOW, STAGE_OF
from .pricing import COST, GROUP, IS_TRADING, TARGETS, TRADE_VALUE, price, usable_targets
from .rules import RULES
from .secrets import SECRETS
from .explain import Explaining
from .state import CARD_IDS, EMPTY, SLOT_INDEX, SPState, hand_limit, observable_decks, pub_limit
from .view import Viewing

P = "saint_petersburg."
RUBLES = tuple(c.rubles for c in CARDS)
MARKERS = ("worker", "building", "aristocrat", "trading")
DECK_CARDS = tuple(tuple(i for i, c in enumerate(CARDS) if c.deck == d for _ in range(c.copies)) for d in range(4))
POINTS = tuple(c.points for c in CARDS)
ARISTOCRAT_IDS = frozenset(i for i, c in enumerate(CARDS) if c.group == ARISTOCRAT)

INFO = GameInfo(
    name="saint_petersburg", title="Saint Petersburg", min_players=2, max_players=4, default_players=4,
    hidden_information=True, chance=True, edition="Hans im Glück 2004, 1st edition", rules_version=2,
    description="Buy workers, buildings, aristocrats and trading cards across four phases a round; "
                "money and hands are secret.",
    options=(
        Option("pub_limit", "per_card", ("per_card", "per_player"),
               "Pub points a player may buy after a building scoring: 5 per Pub card, or 5 in all."),
        Option("tie_break", "leftover_rubles", ("leftover_rubles", "total_rubles"),
               "Tied players compare the rubles left after converting tens into points, or all their rubles."),
        Option("open_money", False, (False, True),
               "Show every player's rubles to everyone (an online-play variant; the rulebook keeps them secret)."),
    ),
)


def _moves_by_slot(kind: str) -> tuple[tuple[Move, ...], ...]:
    return tuple(tuple(Move(kind, CARD_IDS[c], SLOTS[s]) for c in range(len(CARDS))) for s in range(len(SLOTS)))


def _trading_moves(kind: str, slot: str) -> tuple[dict[int, Move], ...]:
    return tuple({t: Move(kind, CARD_IDS[c], slot, CARD_IDS[t]) for t in TARGETS[c]} for c in range(len(CARDS)))


# Every move a legal-move list can hold, made once: lists then share these values instead of building new ones.
BUY = _moves_by_slot("buy")
TAKE = _moves_by_slot("take")
BUY_TRADING = tuple(_trading_moves("buy", slot) for slot in SLOTS)
PLAY = tuple(Move("play", cid) for cid in CARD_IDS)
PLAY_TRADING = _trading_moves("play", "")
OBSERVE_BY_NAME = {deck: Move("observe", slot=deck) for deck in DECKS}
PUB_MOVES = tuple(Move("pub", amount=k) for k in range(PUB_POINTS_PER_CARD * 2 + 1))


def _offer(slot: int, card: int) -> tuple[int, int, int, int, Move | None, Move]:
    lower = 1 if slot >= ROW_SLOTS else 0
    return (slot, card, COST[card] - lower, GROUP[card], None if IS_TRADING[card] else BUY[slot][card],
            TAKE[slot][card])


# What a card in a slot offers, made once: (slot, card, cost less the lower-row discount, group,
# buy move or None for a trading card, take move).
OFFER = tuple(tuple(_offer(slot, card) for card in range(len(CARDS))) for slot in range(2 * ROW_SLOTS))


def board_offers(st: SPState) -> tuple[Any, ...]:
    """The offers of every card on the board, cached in the state until the board changes."""
    upper_offers, lower_offers = OFFER[:ROW_SLOTS], OFFER[ROW_SLOTS:]
    st.offers = found = tuple(upper_offers[i][c] for i, c in enumerate(st.upper) if c != EMPTY) + tuple(
        lower_offers[i][c] for i, c in enumerate(st.lower) if c != EMPTY)
    return found


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


class SaintPetersburg(Explaining, Viewing, GameDefinition[SPState]):
    info = INFO
    flow = FLOW
    rulebook = RULES
    secrets = SECRETS
    move_type = Move

    # --- set-up ------------------------------------------------------------------------
    def create_state(self, players: int, seed: int, options: dict[str, Any]) -> SPState:
        st = SPState()
        st.init_base(players, seed)
        st.setup_fields(players, options)
        return st

    def deal(self, st: SPState) -> None:
        """saint_petersburg.setup.rubles / setup.start_markers / setup.first_display"""
        n = st.num_players
        for deck in range(4):
            cards = list(DECK_CARDS[deck])
            st.rng.shuffle(cards)
            st.decks[deck] = cards
        st.money = [START_RUBLES] * n
        phases = [0, 1, 2, 3]
        st.rng.shuffle(phases)
        holders = [seat % n for seat in range(4)] if n != 3 else [0, 1, 2, st.rng.below(3)]
        for phase, holder in zip(phases, holders):
            st.markers[phase] = holder
        if st.events is not None:
            st.note(f"Every player takes {START_RUBLES} rubles.", {"rubles": START_RUBLES})
            for phase, holder in enumerate(st.markers):
                st.note(f"{{p{holder}}} holds the {MARKERS[phase]} start marker.",
                        {"marker": MARKERS[phase], "player": holder})
        self._lay_out(st, WORKER, 2 * n)
        st.revealed = True

    def _lay_out(self, st: SPState, deck: int, count: int) -> list[int]:
        """Draw up to ``count`` cards into empty upper-row slots, leftmost first."""
        pile = st.decks[deck]
        placed = []
        for i in range(ROW_SLOTS):
            if len(placed) >= count or not pile:
                break
            if st.upper[i] == EMPTY:
                st.upper[i] = card = pile.pop()
                st.offers = None
                placed.append(card)
        if placed:
            st.revealed = True
            if not pile:
                st.end_triggered = True  # saint_petersburg.end.trigger
            if st.events is not None:
                names = ", ".join(CARDS[c].name for c in placed)
                st.note(f"New {DECKS[deck]} in the upper row: {names}.", {"deck": DECKS[deck],
                        "cards": [CARD_IDS[c] for c in placed]})
                if not pile:
                    st.note(f"The {DECKS[deck]} deck is empty: this round is the last.", {"end_triggered": True})
        return placed

    def _on_board(self, st: SPState) -> int:
        return sum(c != EMPTY for c in st.upper) + sum(c != EMPTY for c in st.lower)

    # --- hooks and guards named in phases.py ---------------------------------------------
    def begin_action_phase(self, st: SPState) -> None:
        """saint_petersburg.turn.start_marker"""
        st.stage = STAGE_OF[st.phase]
        st.current = st.markers[st.stage]
        st.passes = 0
        st.taken = False

    def all_passed(self, st: SPState) -> bool:
        return st.passes >= st.num_players

    def card_drawn(self, st: SPState) -> bool:
        return st.drawn != EMPTY

    def drawn_card_settled(self, st: SPState) -> bool:
        return st.drawn == EMPTY

    def next_after_observatory(self, st: SPState) -> None:
        st.current = (st.current + 1) % st.num_players

    def score_phase(self, st: SPState) -> None:
        """saint_petersburg.scoring.phase_colour / scoring.all_cards"""
        group = st.stage
        for p in range(st.num_players):
            rubles = points = 0
            for card in st.areas[p]:
                if GROUP[card] == group:
                    rubles += RUBLES[card]
                    points += POINTS[card]
            if group == BUILDING:
                points -= st.obs_used[p]  # saint_petersburg.card.observatory_used
                if st.owned[p][MARIINSKIJ]:  # saint_petersburg.card.mariinskij
                    rubles += sum(1 for c in st.areas[p] if GROUP[c] == ARISTOCRAT)
            elif group == ARISTOCRAT and st.owned[p][TAX_MAN]:  # saint_petersburg.card.tax_man
                rubles += sum(1 for c in st.areas[p] if GROUP[c] == WORKER)
            st.money[p] += rubles
            st.points[p] += points
            if st.events is not None and (rubles or points):
                st.note(f"{{p{p}}} scores {plural(rubles, 'ruble')} and {plural(points, 'point')} for "
                        f"{GROUPS[group]} cards.",
                        {"player": p, "rubles": rubles, "points": points, "group": GROUPS[group]})

    def refill_display(self, st: SPState) -> None:
        """saint_petersburg.refill.next_deck / refill.nothing_taken / refill.short_deck"""
        if not st.taken:
            if st.events is not None:
                st.note("Nobody took a card from the board this phase: no new cards.", {"refill": 0})
            return
        self._lay_out(st, st.stage + 1, DISPLAY_SIZE - self._on_board(st))

    # Every Pub owner is asked, even one who cannot pay for a point: skipping them would show the
    # table that they hold fewer than 2 rubles (saint_petersburg.money.secret).
    def pub_owners_waiting(self, st: SPState) -> bool:
        return any(st.owned[p][PUB] for p in range(st.num_players))

    def start_pub(self, st: SPState) -> None:
        n = st.num_players
        first = st.markers[1]
        st.pub_queue = [p for p in ((first + k) % n for k in range(n)) if st.owned[p][PUB]]
        st.current = st.pub_queue[0]

    def pubs_done(self, st: SPState) -> bool:
        return not st.pub_queue

    def turn_next_pub_owner(self, st: SPState) -> None:
        st.current = st.pub_queue[0]

    def end_was_triggered(self, st: SPState) -> bool:
        return st.end_triggered

    def start_new_round(self, st: SPState) -> None:
        """saint_petersburg.round_end.discard_lower / shift_and_refill / pass_markers / new_round"""
        gone = [c for c in st.lower if c != EMPTY]
        st.removed.extend(gone)
        st.lower = st.upper
        st.offers = None
        st.upper = [EMPTY] * ROW_SLOTS
        if st.events is not None:
            st.note(f"Round {st.round} ends: {len(gone)} card(s) leave the lower row; the upper row moves down.",
                    {"removed": [CARD_IDS[c] for c in gone]})
        self._lay_out(st, WORKER, DISPLAY_SIZE - self._on_board(st))
        st.markers = [(m + 1) % st.num_players for m in st.markers]
        st.obs_used = [0] * st.num_players
        st.round += 1

    def score_final(self, st: SPState) -> None:
        """saint_petersburg.final.aristocrat_variety / final.rubles / final.hand_penalty"""
        st.revealed = True  # the final scoring shows every player's rubles
        final = []
        for p in range(st.num_players):
            kinds = len({c for c in st.areas[p] if c in ARISTOCRAT_IDS})
            variety = ARISTOCRAT_VARIETY[min(kinds, len(ARISTOCRAT_VARIETY) - 1)]
            rubles = st.money[p] // RUBLES_PER_POINT
            penalty = HAND_PENALTY * len(st.hands[p])
            total = st.points[p] + variety + rubles - penalty
            final.append({"track": st.points[p], "aristocrats": kinds, "variety": variety, "rubles": rubles,
                          "hand_penalty": -penalty, "total": total, "money": st.money[p],
                          "leftover": st.money[p] % RUBLES_PER_POINT})
            if st.events is not None:
                st.note(f"{{p{p}}}: {st.points[p]} on the track + {variety} for {kinds} different aristocrats "
                        f"+ {rubles} for rubles - {penalty} for hand cards = {total}.", {"player": p, **final[-1]})
        st.final = final

    # --- moves ---------------------------------------------------------------------------
    def legal_moves(self, st: SPState) -> list[Move]:
        phase = st.phase
        p = st.current
        if phase == "observatory":
            return self._drawn_moves(st, p)
        if phase == "pub":
            return [PUB_MOVES[k] for k in range(self._pub_max(st, p) + 1)]
        # The hot path of every bot: pricing.price inlined, table lookups bound to locals,
        # and every move value made once at import.
        moves = [PASS]
        append = moves.append
        money = st.money[p]
        owned = st.owned[p]
        room = len(st.hands[p]) < hand_limit(st, p)
        if money == 0 and not room:  # broke with a full hand, as random players often are: nothing but pass
            if phase == "building" and owned[OBSERVATORY]:
                moves.extend(OBSERVE_BY_NAME[d] for d in observable_decks(st, p))
            return moves
        discount = (0, 1 if owned[CARPENTER_WORKSHOP] else 0, 1 if owned[GOLD_SMELTER] else 0)
        free_observatories = owned[OBSERVATORY] - st.obs_used[p]
        cost_of, group_of, trading, targets_of, value_of = COST, GROUP, IS_TRADING, TARGETS, TRADE_VALUE
        for slot, card, base, group, buy_move, take_move in (st.offers or board_offers(st)):
            cost = base - owned[card] - discount[group]
            if buy_move is None:  # a trading card: one move per card it may replace (pricing.usable_targets)
                for t in targets_of[card]:
                    if owned[t] and (t != OBSERVATORY or free_observatories > 0):
                        c = cost - value_of[t]
                        if (c if c > 1 else 1) <= money:
                            append(BUY_TRADING[slot][card][t])
            elif (cost if cost > 1 else 1) <= money:
                append(buy_move)
            if room:
                append(take_move)
        hand = st.hands[p]
        previous = EMPTY
        for card in hand:  # sorted: a repeated card follows itself
            if card == previous:
                continue
            previous = card
            cost = cost_of[card] - owned[card] - discount[group_of[card]]
            if trading[card]:
                for t in targets_of[card]:
                    if owned[t] and (t != OBSERVATORY or free_observatories > 0):
                        c = cost - value_of[t]
                        if (c if c > 1 else 1) <= money:
                            append(PLAY_TRADING[card][t])
            elif (cost if cost > 1 else 1) <= money:
                append(PLAY[card])
        if phase == "building" and owned[OBSERVATORY]:  # owning one is needed; observable_decks decides
            moves.extend(OBSERVE_BY_NAME[d] for d in observable_decks(st, p))
        return moves

    def _drawn_moves(self, st: SPState, p: int) -> list[Move]:
        card = st.drawn
        cid = CARD_IDS[card]
        moves = [Move("discard", cid, DRAWN)]
        if IS_TRADING[card]:
            moves.extend(Move("buy", cid, DRAWN, CARD_IDS[t]) for t in usable_targets(st, p, card)
                         if price(st, p, card, False, t) <= st.money[p])
        elif price(st, p, card, False) <= st.money[p]:
            moves.append(Move("buy", cid, DRAWN))
        if len(st.hands[p]) < hand_limit(st, p):
            moves.append(Move("take", cid, DRAWN))
        return moves

    def _pub_max(self, st: SPState, p: int) -> int:
        return min(pub_limit(st, p), st.money[p] // PUB_PRICE)

    def apply_move(self, st: SPState, move: Move) -> None:
        kind = move.kind
        p = st.current
        if kind == "pass":
            st.passes += 1
            return
        if kind == "pub":
            self._buy_points(st, p, move.amount)
            return
        st.passes = 0
        if kind == "observe":
            self._observe(st, p, DECKS.index(move.slot))
            return
        card = CARD_INDEX[move.card]
        target = CARD_INDEX[move.target] if move.target else EMPTY
        slot = move.slot
        lower = False
        if slot == DRAWN:
            st.drawn = EMPTY
        elif slot:
            i = SLOT_INDEX[slot]
            lower = i >= ROW_SLOTS
            if st.offers is not None:  # one card leaves the board: drop its offer
                st.offers = tuple(o for o in st.offers if o[0] != i)
            if i < ROW_SLOTS:
                st.upper[i] = EMPTY
            else:
                st.lower[i - ROW_SLOTS] = EMPTY
            st.taken = True
        if kind == "take":
            insort(st.hands[p], card)  # hands stay sorted, so duplicates sit side by side
            if st.events is not None:
                st.note(f"{{p{p}}} takes {CARDS[card].name} into hand ({len(st.hands[p])} in hand).",
                        {"player": p, "card": move.card, "from": slot})
        elif kind == "discard":
            st.removed.append(card)
            if st.events is not None:
                st.note(f"{{p{p}}} discards the drawn {CARDS[card].name}.", {"player": p, "card": move.card})
        else:
            if kind == "play":
                st.hands[p].remove(card)
            cost = price(st, p, card, lower, target)
            self._place(st, p, card, target, cost, move)

    def _place(self, st: SPState, p: int, card: int, target: int, cost: int, move: Move) -> None:
        st.money[p] -= cost
        if target != EMPTY:
            st.areas[p].remove(target)
            st.owned[p][target] -= 1
            st.removed.append(target)
        st.areas[p].append(card)
        st.owned[p][card] += 1
        if st.events is not None:
            how = "buys" if move.kind == "buy" else "plays"
            source = " from hand" if move.kind == "play" else ""
            swap = f", replacing {CARDS[target].name}" if target != EMPTY else ""
            st.note(f"{{p{p}}} {how} {CARDS[card].name}{source} for {plural(cost, 'ruble')}{swap}.",
                    {"player": p, "card": move.card, "paid": cost, "replaced": move.target or None,
                     "from": move.slot or "hand"})

    def _observe(self, st: SPState, p: int, deck: int) -> None:
        st.drawn = st.decks[deck].pop()
        st.obs_used[p] += 1
        st.revealed = True
        if st.events is not None:
            st.note(f"{{p{p}}} turns an Observatory over and draws {CARDS[st.drawn].name} from the {DECKS[deck]}.",
                    {"player": p, "deck": DECKS[deck], "card": CARD_IDS[st.drawn]})

    def _buy_points(self, st: SPState, p: int, amount: int) -> None:
        st.money[p] -= PUB_PRICE * amount
        st.points[p] += amount
        st.pub_queue.remove(p)
        if st.events is not None:
            st.note(f"{{p{p}}} buys {plural(amount, 'point')} at the Pub for {plural(PUB_PRICE * amount, 'ruble')}.",
                    {"player": p, "points": amount, "paid": PUB_PRICE * amount})

    # --- results -------------------------------------------------------------------------
    def scores(self, st: SPState) -> list[int]:
        if st.final is not None:
            return [f["total"] for f in st.final]
        return list(st.points)

    def winners(self, st: SPState) -> list[int]:
        """saint_petersburg.final.tie_break"""
        if st.final is None:
            return []
        best = max(f["total"] for f in st.final)
        tied = [p for p, f in enumerate(st.final) if f["total"] == best]
        key = "leftover" if st.options["tie_break"] == "leftover_rubles" else "money"
        most = max(st.final[p][key] for p in tied)
        return [p for p in tied if st.final[p][key] == most]

    def clone_state(self, st: SPState) -> SPState:
        return st.clone()

    def snapshot(self, st: SPState) -> dict[str, Any]:
        return st.snapshot()
