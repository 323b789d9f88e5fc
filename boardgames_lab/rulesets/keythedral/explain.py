"""Why a move is or is not legal: every answer names its rule and what would make the move legal."""
from __future__ import annotations

from ...core.definition import Explanation
from .actions import COSTS, LETTER_INDEX, craft_available
from .board import SITE_FIELDS, fmt, is_field, is_site, on_board
from .data import BUILDING_INDEX, BUILDINGS, CRAFT_PRICE, CUBE_NAME, LETTER, SHOP
from .moves import Move, malformed, parse
from .phases import FLOW
from .state import KState

P = "keythedral."
RULE_OF = {
    "field": "setup.lay_field", "cottage": "setup.lay_cottage", "order": "order.choose", "worker": "worker.adjacent",
    "pass": "action.pass_again", "buy": "buy.face_up", "house": "house.cost", "fence": "fence.build",
    "unfence": "fence.remove", "craft": "craft.exchange", "trade": "trader.exchange", "law": "law.procure",
    "relocate": "fence.relocate", "bid": "auction.bid_once", "give": "auction.pay", "start": "auction.choose_start",
    "decline": "law.window", "take": "law.unexpected_harvest",
}
WHAT_NOW = {
    "lay_tiles": ("setup.lay_field", "the players are laying field and cottage tiles"),
    "order": ("order.choose", "a work order marker is to be placed, e.g. 'order 3'"),
    "place": ("order.place_in_turn", "workers are being placed, e.g. 'worker 1,1'"),
    "actions": ("action.loop", "phase three: an action or 'pass'"),
    "relocate": ("fence.relocate", "a fenced-off cottage must be laid again, e.g. 'relocate 2,2'"),
    "auction": ("auction.bid_once", "the start-player auction: 'bid 2' or 'bid 0'"),
    "auction_pay": ("auction.pay", "the winning bid is being paid, one cube at a time: 'give S'"),
    "choose_start": ("auction.choose_start", "the new start player is being chosen: 'start 1'"),
    "law_window": ("law.window", "a law window is open: 'decline' or play a law card that answers it"),
    "harvest_choice": ("law.unexpected_harvest", "choose the colour of each cube of the unexpected harvest: 'take S'"),
}
WHEN = {
    "p1": "at the start of phase one", "order": "right after a work order number is chosen",
    "p2": "at the start of phase two", "p3": "at the start of phase three",
    "purchase": "when another player tries to buy a building tile", "answer": "right after another law card",
    "p4": "at the start of phase four", "p5": "at the start of phase five",
}


def _rule_of(move: Move) -> str:
    """The rule of a move's kind (for a played law card, that card's rule when the card exists)."""
    from .data import LAW_INDEX
    if move.kind == "play":
        return "law." + move.tile if isinstance(move.tile, str) and move.tile in LAW_INDEX else "law.once"
    return RULE_OF.get(move.kind, "action.loop") if isinstance(move.kind, str) else "action.loop"


def _no(rule: str, reason: str) -> Explanation:
    return Explanation(False, P + rule, reason)


def _cubes(counts: tuple[int, ...] | list[int]) -> str:
    return "+".join(LETTER[k] * c for k, c in enumerate(counts) if c) or "nothing"


class Explaining:
    """Mixed into the game definition: ``explain`` and ``parse_move``."""

    def parse_move(self, st: KState, text: str) -> Move:
        return parse(text)

    def explain(self, st: KState, move: Move) -> Explanation:
        if not isinstance(move, Move):
            return Explanation(False, "core.not_legal", f"{move!r} is not a Keythedral move")
        kind = move.kind
        if kind not in FLOW.phase(st.phase).moves:
            rule, what = WHAT_NOW.get(st.phase, ("round.five_phases", "no decision is due"))
            return _no(rule, f"'{kind}' is not a move of this phase: {what}")
        legal = st.legal_cache
        if legal is None:  # explain is asked about many moves of one position: list them once
            legal = st.legal_cache = frozenset(self.legal_moves(st))  # type: ignore[attr-defined]
        try:
            found = move in legal
        except TypeError:  # a field holds an unhashable value (a list...): no legal move holds one
            found = False
        if found:
            rule = "law." + move.tile if kind == "play" else RULE_OF[kind]
            return Explanation(True, P + rule, f"{move} is allowed here")
        bad = malformed(move)
        if bad is not None:
            return _no(_rule_of(move), f"not a move of this game: {bad}")
        if kind == "play":
            return self._why_not_play(st, move)
        return self._why_not(st, move)

    def _why_not(self, st: KState, move: Move) -> Explanation:
        kind, p = move.kind, st.current
        cubes = st.cubes[p]
        if kind == "field":
            from .setup import setup_step_is_field
            if not setup_step_is_field(st):
                return _no("setup.lay_cottage", "it is the cottage step now: lay one of your cottages, "
                           "e.g. 'cottage 2@2,2'; the next field tile comes in the next player's turn")
            if not on_board(move.node) or not is_field(move.node):
                return _no("setup.lay_field", f"{fmt(move.node)} is not a field place (both coordinates odd)")
            if move.node in st.fields:
                return _no("setup.lay_field", f"field {fmt(move.node)} already holds a tile")
            return _no("setup.lay_field", "a field tile must touch a laid field or cottage; pick a place next to one")
        if kind == "cottage":
            from .setup import setup_step_is_field
            if setup_step_is_field(st):
                return _no("setup.lay_field", "lay your field tile first, then a cottage")
            if not 1 <= move.num <= 5 or st.cottage_at[5 * p + move.num - 1] is not None:
                return _no("setup.lay_cottage", f"cottage {move.num} is not one of your unlaid cottages")
            return self._site_reason("setup.lay_cottage", st, move)
        if kind == "relocate":
            return self._site_reason("fence.relocate", st, move, open_only=True)
        if kind == "order":
            if move.num in st.chosen:
                return _no("order.choose", f"number {move.num} is already chosen this round; pick another")
            return _no("order.choose", "choose a number from 1 to 5")
        if kind == "worker":
            return self._why_not_worker(st, move)
        if kind == "buy":
            return self._why_not_buy(st, move)
        if kind == "house":
            if not 1 <= move.num <= 5 or st.houses[5 * p + move.num - 1] or st.cottage_at[5 * p + move.num - 1] is None:
                return _no("house.cost", f"number {move.num} is not one of your cottages on the board "
                           "(it may be a house already)")
            holder = st.effects.get("moratorium")
            if holder is not None and holder != p:
                return _no("law.house_moratorium", f"the House moratorium played by player {holder + 1} forbids "
                           "other players to build houses this round")
            return _no("house.cost", "a house costs one stone and one timber")
        if kind == "fence":
            if not st.fences_left[p]:
                return _no("fence.build", "you have used all three of your fences")
            if not cubes[1]:
                return _no("fence.build", "a fence costs one timber")
            return _no("fence.build", f"{fmt(move.node)}>{fmt(move.node2)} is not a free edge between a cottage "
                       "(not the Keythedral) and a laid field next to it")
        if kind == "unfence":
            if cubes[4] < 2:
                return _no("fence.remove", "removing a fence costs two wine")
            return _no("fence.remove", f"there is no fence at {fmt(move.node)}>{fmt(move.node2)}")
        if kind in ("craft", "trade"):
            return self._why_not_exchange(st, move)
        if kind == "law":
            if not 1 <= move.num <= len(st.law_spaces) or st.law_spaces[move.num - 1] < 0:
                return _no("law.procure", f"new-law space {move.num} holds no card")
            return _no("law.procure", f"a law card costs one cube you own; you have {_cubes(cubes)}")
        if kind == "bid":
            a = st.auction
            if p == a["b"]:
                return _no("auction.b_matches", f"you are B: match the highest bid ({a['high']}) if you own that many "
                           "cubes, or bid 0")
            return _no("auction.bid_once", f"a bid must beat {a['high']} and be at most your {sum(cubes)} cubes, or be 0")
        if kind == "give":
            return _no("auction.pay", f"you have no {move.pay} cube to pay with")
        if kind == "start":
            return _no("auction.choose_start", f"choose a player from 1 to {st.num_players}")
        if kind == "take":
            return _no("law.unexpected_harvest", f"the store has no {move.get} left (or it is not a resource cube)")
        return _no("action.loop", f"{move} is not possible here")

    def _why_not_worker(self, st: KState, move: Move) -> Explanation:
        """keythedral.worker.adjacent / worker.closed / worker.house_two, from the placing cottage's site."""
        site = st.cottage_at[st.placing] if st.placing >= 0 else None
        node = move.node
        if site is None or node not in SITE_FIELDS[site]:
            return _no("worker.adjacent", f"{fmt(node)} is not a field next to the cottage or house placing now"
                       + (f" (on site {fmt(site)})" if site is not None else ""))
        if node not in st.fields:
            return _no("worker.adjacent", f"no field tile is laid on {fmt(node)}")
        if node in st.workers:
            same = st.workers[node] == st.current and st.to_place == 1 and st.houses[st.placing]
            return _no("worker.house_two" if same else "worker.closed",
                       f"field {fmt(node)} already holds a worker" + (" (a house's two workers go into two "
                                                                       "different fields)" if same else ""))
        return _no("worker.closed", f"a fence stands between site {fmt(site)} and field {fmt(node)}")

    def _why_not_play(self, st: KState, move: Move) -> Explanation:
        from .laws import OWN_TURN_CARDS, WINDOW_CARDS, moratorium_blocks
        from .data import LAW_INDEX, LAWS
        law, p = move.tile, st.current
        if law not in LAW_INDEX:
            return _no("law.once", f"there is no law card {law!r}")
        rule = "law." + law
        if LAW_INDEX[law] not in st.law_hands[p]:
            return _no("law.once", f"you hold no {LAWS[LAW_INDEX[law]].title} card (each card is played once)")
        frames = st.window.get("frames")
        if frames:
            kind = frames[-1]["kind"]
            if law not in WINDOW_CARDS[kind]:
                return _no(rule, f"{LAWS[LAW_INDEX[law]].title} does not answer this window ({WHEN[kind]}); "
                           "'decline' or play a card that does")
        elif law not in OWN_TURN_CARDS:
            return _no(rule, f"{LAWS[LAW_INDEX[law]].title} is not played on your own turn; see its timing")
        elif st.effects.get("turn"):
            return _no("law.declared", f"use {st.effects['turn']} (played this turn) or end the turn first")
        if law == "upgrade_cottage" and moratorium_blocks(st, p):
            return _no("law.house_moratorium", "a House moratorium forbids you to build houses this round, "
                       "for free or not")
        return _no(rule, f"'{move.extra}' is not a possible choice for {LAWS[LAW_INDEX[law]].title} here")

    def _site_reason(self, rule: str, st: KState, move: Move, open_only: bool = False) -> Explanation:
        node = move.node
        if not on_board(node) or not is_site(node):
            return _no(rule, f"{fmt(node)} is not a cottage site (both coordinates even)")
        if node in st.sites:
            return _no(rule, f"site {fmt(node)} is taken")
        if not any(f in st.fields for f in SITE_FIELDS[node]):
            return _no(rule, f"site {fmt(node)} touches no laid field")
        return _no(rule, f"site {fmt(node)} is fenced off from every field next to it")

    def _why_not_buy(self, st: KState, move: Move) -> Explanation:
        if move.tile not in BUILDING_INDEX:
            return _no("buy.face_up", f"there is no building tile {move.tile!r} (ids look like 1-A .. 5-D)")
        tile = BUILDING_INDEX[move.tile]
        if st.stage >= 5 or tile not in st.rows[st.stage]:
            for_sale = ", ".join(BUILDINGS[t].id for t in st.rows[st.stage]) if st.stage < 5 else "none"
            rule = "buy.next_stage" if any(tile in r for r in st.rows) else "buy.face_up"
            return _no(rule, f"{move.tile} is not a face-up tile for sale; for sale now: {for_sale}")
        if st.effects.get("turn") == "substitution" and not move.extra.startswith("="):
            shown = _cubes(COSTS[tile]).replace("+", "")
            return _no("law.substitution", f"with Substitution in force, name the cubes paid after '=', "
                       f"e.g. 'buy {move.tile} ={shown}'")
        if move.extra:
            return _no("buy.face_up", "a purchase takes no extra cube choice without a price change on the tile")
        return _no("buy.face_up", f"{move.tile} costs {_cubes(COSTS[tile])}; you have {_cubes(st.cubes[st.current])}")

    def _why_not_exchange(self, st: KState, move: Move) -> Explanation:
        p = st.current
        turn = st.effects.get("turn")
        rule = "craft.exchange" if move.kind == "craft" else "trader.exchange"
        if move.get == "" or len(move.get) > 2 or any(c not in LETTER_INDEX for c in move.get + move.pay):
            return _no(rule, f"name the cube to receive and the cubes to pay by their letters "
                       f"(S T F W V I G A), e.g. '{move.kind} {'I ST' if move.kind == 'craft' else 'V ST'}'")
        if len(move.get) == 2:
            if turn != "bargain":
                return _no("law.bargain", "two cubes from the trader need the Bargain card played this turn")
            return _no("law.bargain", f"the trader gives two resource cubes in store for one cube you own ({move})")
        k = LETTER_INDEX[move.get]
        if move.kind == "trade" and k >= 5:
            return _no("law.craft_bargain", "the trader gives a craft cube only for the Craft bargain card, "
                       "played with its exchange: 'play craft_bargain I:S'")
        if move.kind == "craft" and k in CRAFT_PRICE and len(move.pay) < CRAFT_PRICE[k]:
            if turn != "sale" or k == 5:
                return _no("law.sale", "paying fewer cubes needs the Sale card (glass or gold only)")
            return _no("law.sale", f"with the Sale, {CUBE_NAME[k]} costs {CRAFT_PRICE[k] - 2} cubes you own")
        if move.kind == "craft":
            if k not in CRAFT_PRICE:
                return _no("craft.exchange", "the craft shops sell I (ironwork), G (glass) and A (gold)")
            if not craft_available(st, k):
                return _no("craft.restock", f"the {SHOP[k]} has no {CUBE_NAME[k]} and none wait in the store")
            size, rule = CRAFT_PRICE[k], "craft.exchange"
        else:
            if k >= 5:
                return _no("trader.exchange", "the trader gives resource cubes only (S T F W V)")
            if not st.store[k]:
                return _no("trader.exchange", f"the store has no {CUBE_NAME[k]} left")
            size, rule = 2, "trader.exchange"
        if len(move.pay) != size or move.get in move.pay:
            return _no(rule, f"pay exactly {size} cubes other than {move.get}")
        return _no(rule, f"you do not own {move.pay}; you have {_cubes(st.cubes[p])}")

