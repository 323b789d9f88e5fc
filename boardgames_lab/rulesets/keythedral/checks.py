"""The one check of each move kind, and the candidates worth checking: legality and its explanation in one place.

Each ``check_*`` returns None for a legal move or a Refusal naming the rule, the reason here and the remedy.
The engine has already checked the game is not over, the value's types, the seat and the phase. Each
``*_candidates`` lists a superset of the kind's legal moves; the plain legal list keeps those that pass.
"""
from __future__ import annotations

from typing import Any, Callable

from ...core.moves import Kind, Refusal
from .data import FIELD_FIELDS, FIELD_SITES, SITE_FIELDS, Node, fmt, is_field, is_site, on_board
from .checks_actions import ACTION_KINDS
from .draws import CHANCE_KINDS
from .data import LETTER
from .laws import OWN_TURN_CARD_NUMBERS, WINDOW_CARD_NUMBERS, WINDOW_WHEN, moratorium_blocks, play_choices
from .data import LAW_INDEX, LAWS
from .moves import (Bid, ChooseOrder, ChooseStart, Decline, GiveCube, LayCottage, LayField, Pass, PlaceWorker,
                    PlayLaw, Relocate, TakeCube)
from .state import KState
from .words import cube, direction, field
from .words import site as words_site

P = "keythedral."


def no(rule: str, reason: str, remedy: str = "") -> Refusal:
    return Refusal(P + rule, reason, remedy)


# --- board queries ----------------------------------------------------------------------------------

# The neighbour tuples as sets: a union of sets reuses their hashes instead of hashing each place again.
_FIELD_FIELDS = {n: frozenset(near) for n, near in FIELD_FIELDS.items()}
_SITE_FIELDS = {n: frozenset(near) for n, near in SITE_FIELDS.items()}
_FIELD_SITES = {n: frozenset(near) for n, near in FIELD_SITES.items()}


def field_spots(st: KState) -> list[Node]:
    """keythedral.setup.lay_field: empty field places touching a laid field or a laid cottage (or the Keythedral)."""
    fields = st.fields
    spots: set[Node] = set()
    for f in fields:  # whole neighbour sets at once, the laid places taken out after
        spots |= _FIELD_FIELDS[f]
    for s in st.sites:
        spots |= _SITE_FIELDS[s]
    spots.difference_update(fields)
    return sorted(spots)


def cottage_spots(st: KState, open_only: bool = False) -> list[Node]:
    """Empty cottage sites next to a laid field (``open_only``: reached through at least one unfenced edge)."""
    fields, sites, fences = st.fields, st.sites, st.fences
    spots: set[Node] = set()
    if open_only:
        for f in fields:
            for s in FIELD_SITES[f]:
                if s not in sites and (s, f) not in fences:
                    spots.add(s)
        return sorted(spots)
    for f in fields:
        spots |= _FIELD_SITES[f]
    spots.difference_update(sites)
    return sorted(spots)


def setup_step_is_field(st: KState) -> bool:
    """In set-up a player lays a field, then a cottage: a field is due when fields and cottages are level."""
    p = st.current
    return st.laid[p] == 5 - st.cottage_at[5 * p:5 * p + 5].count(None)  # laid cottages


def open_fields(st: KState, cottage: int) -> list[Node]:
    """keythedral.worker.adjacent / worker.closed / law.broken_fences: the laid, unoccupied fields next to the
    cottage that no fence closes to it."""
    site = st.cottage_at[cottage]
    if site is None:
        return []
    fields, workers, fences = st.fields, st.workers, st.fences
    climbs = not fences or st.effects.get("broken_fences") == cottage // 5
    out = []
    for f in SITE_FIELDS[site]:  # a plain loop: cheaper than a comprehension over four places
        if f in fields and f not in workers and (climbs or (site, f) not in fences):
            out.append(f)
    return out


def bid_range(st: KState, p: int) -> range:
    """keythedral.auction.bid_once / auction.b_matches: the bids ``p`` may make now (0 is no bid)."""
    a = st.auction
    total = sum(st.cubes[p])
    if p == a["b"]:
        high = a["high"]
        return range(high, high + 1) if 0 < high <= total else range(0)
    return range(a["high"] + 1, total + 1)

# --- set-up -------------------------------------------------------------------------------------------------

def check_field(st: KState, m: LayField) -> Refusal | None:
    """keythedral.setup.lay_field: the top field tile goes where it touches a laid field or cottage."""
    if not setup_step_is_field(st):
        return no("setup.lay_cottage", "it is your cottage step now",
                  "lay one of your cottages on an empty cottage site next to a laid field; the next field tile "
                  "comes next turn")
    node = m.field
    if not on_board(node) or not is_field(node):
        return no("setup.lay_field", f"{fmt(node)} is not a field place", "both coordinates odd, e.g. 3,1")
    if node in st.fields:
        return no("setup.lay_field", f"{field(st, node)} is laid already", "pick an empty field place")
    if not any(g in st.fields for g in FIELD_FIELDS[node]) and not any(s in st.sites for s in FIELD_SITES[node]):
        return no("setup.lay_field", f"the field place {direction(node)} touches no laid field or cottage",
                  "pick a place next to a laid tile")
    return None


def field_candidates(st: KState, seat: int) -> list[LayField]:
    return [LayField(seat, node) for node in field_spots(st)]


def site_refusal(rule: str, st: KState, site: Node, open_only: bool = False) -> Refusal | None:
    """An empty cottage site next to a laid field (``open_only``: reached through an unfenced edge)."""
    if not on_board(site) or not is_site(site):
        return no(rule, f"{fmt(site)} is not a cottage site", "both coordinates even, e.g. 2,2")
    if site in st.sites:
        return no(rule, f"the cottage site {direction(site)} is taken by {words_site(st, site)}", "pick an empty site")
    laid = [f for f in SITE_FIELDS[site] if f in st.fields]
    if not laid:
        return no(rule, f"{words_site(st, site)} touches no laid field", "pick a site next to a laid field")
    if open_only and all((site, f) in st.fences for f in laid):
        return no(rule, f"{words_site(st, site)} is fenced off from every field next to it",
                  "pick a site with an unfenced field next to it")
    return None


def check_cottage(st: KState, m: LayCottage) -> Refusal | None:
    """keythedral.setup.lay_cottage: after the field, one's own unlaid cottage on an empty site by a field."""
    if setup_step_is_field(st):
        return no("setup.lay_field", "lay your field tile first", "then a cottage")
    p = m.player
    if not 1 <= m.number <= 5 or st.cottage_at[5 * p + m.number - 1] is not None:
        unlaid = [k for k in range(1, 6) if st.cottage_at[5 * p + k - 1] is None]
        return no("setup.lay_cottage", f"cottage {m.number} is not one of your unlaid cottages",
                  "lay one of your cottages " + ", ".join(map(str, unlaid)))
    return site_refusal("setup.lay_cottage", st, m.site)


def cottage_candidates(st: KState, seat: int) -> list[LayCottage]:
    spots = cottage_spots(st)
    numbers = [k for k in range(1, 6) if st.cottage_at[5 * seat + k - 1] is None]
    return [LayCottage(seat, k, s) for k in numbers for s in spots]


def check_relocate(st: KState, m: Relocate) -> Refusal | None:
    """keythedral.fence.relocate: the fenced-off cottage goes to a site with an open field next to it."""
    return site_refusal("fence.relocate", st, m.site, open_only=True)


def relocate_candidates(st: KState, seat: int) -> list[Relocate]:
    return [Relocate(seat, s) for s in cottage_spots(st, open_only=True)]


# --- phase one ---------------------------------------------------------------------------------------------

def check_order(st: KState, m: ChooseOrder) -> Refusal | None:
    """keythedral.order.choose: a number from 1 to 5 not chosen yet this round."""
    if not 1 <= m.number <= 5 or m.number in st.chosen:
        left = [k for k in range(1, 6) if k not in st.chosen]
        return no("order.choose", f"number {m.number} is not open" + (" (chosen already)" if m.number in st.chosen
                                                                       else ""), f"choose one of {left}")
    return None


def order_candidates(st: KState, seat: int) -> list[ChooseOrder]:
    return [ChooseOrder(seat, k) for k in range(1, 6)]


def check_worker(st: KState, m: PlaceWorker) -> Refusal | None:
    """keythedral.worker.adjacent / worker.closed / worker.house_two / law.broken_fences."""
    site = st.cottage_at[st.placing] if st.placing >= 0 else None
    node = m.field
    if site is None or node not in SITE_FIELDS[site]:
        return no("worker.adjacent", f"{field(st, node)} is not next to the cottage or house placing now"
                  + (f" ({words_site(st, site)})" if site is not None else ""), "pick a field next to it")
    if node not in st.fields:
        return no("worker.adjacent", f"no field tile is laid {direction(node)}", "pick a laid field")
    if node in st.workers:
        same = st.workers[node] == m.player and st.to_place == 1 and st.houses[st.placing]
        return no("worker.house_two" if same else "worker.closed", f"{field(st, node)} already holds a worker",
                  "a house's two workers go into two different fields" if same else "pick an empty field")
    climbs = st.effects.get("broken_fences") == st.placing // 5
    if (site, node) in st.fences and not climbs:
        return no("worker.closed", f"a fence stands between {words_site(st, site)} and {field(st, node)}",
                  "pick an unfenced field")
    return None


def worker_candidates(st: KState, seat: int) -> list[PlaceWorker]:
    site = st.cottage_at[st.placing] if st.placing >= 0 else None
    return [] if site is None else [PlaceWorker(seat, f) for f in SITE_FIELDS[site]]


# --- phase two and five -------------------------------------------------------------------------------------

def check_take(st: KState, m: TakeCube) -> Refusal | None:
    """keythedral.law.unexpected_harvest: a resource cube still in the store."""
    if m.cube not in LETTER[:5]:
        return no("law.unexpected_harvest", f"{m.cube!r} is not a resource cube", "take one of S T F W V")
    if not st.store[LETTER.index(m.cube)]:
        return no("law.unexpected_harvest", f"the store has no {cube(m.cube)} left",
                  "take a colour the store still holds")
    return None


def check_bid(st: KState, m: Bid) -> Refusal | None:
    """keythedral.auction.bid_once / auction.b_matches: 0, or a bid the rules allow from one's cubes."""
    if m.cubes == 0 or m.cubes in bid_range(st, m.player):
        return None
    a = st.auction
    if m.player == a["b"]:
        return no("auction.b_matches", f"you are B: you may only match the highest bid ({a['high']})",
                  "match it if you own that many cubes, or bid 0")
    return no("auction.bid_once", f"a bid must beat {a['high']} and be at most your {sum(st.cubes[m.player])} cubes",
              "bid more, or bid 0")


def bid_candidates(st: KState, seat: int) -> list[Bid]:
    bids = bid_range(st, seat)
    return [Bid(seat, 0), *(Bid(seat, k) for k in bids)]


def check_give(st: KState, m: GiveCube) -> Refusal | None:
    """keythedral.auction.pay: one cube at a time, from behind one's screen."""
    if m.cube not in LETTER or not st.cubes[m.player][LETTER.index(m.cube)]:
        return no("auction.pay", f"you have no {cube(m.cube)} cube to pay with", "give a cube you own")
    return None


def check_start(st: KState, m: ChooseStart) -> Refusal | None:
    """keythedral.auction.choose_start: any player at the table."""
    if not 0 <= m.start_player < st.num_players:
        return no("auction.choose_start", f"there is no player {m.start_player + 1}",
                  f"choose a player from 1 to {st.num_players}")
    return None


# --- law cards --------------------------------------------------------------------------------------------

def check_play(st: KState, m: PlayLaw) -> Refusal | None:
    """keythedral.law.once / law.window / law.declared and each card's own rule: a card in hand, in its time,
    with a choice it allows here."""
    law, p = m.law, m.player
    if law not in LAW_INDEX:
        return no("law.once", f"there is no law card {law!r}", "play a card you hold")
    card, title, rule = LAW_INDEX[law], LAWS[LAW_INDEX[law]].title, "law." + law
    if card not in st.law_hands[p]:
        return no("law.once", f"you hold no {title} card", "play a card you hold (each card is played once)")
    if st.phase == "law_window":
        kind = st.window["frames"][-1]["kind"]
        if card not in WINDOW_CARD_NUMBERS[kind]:
            return no(rule, f"{title} does not answer this window ({WINDOW_WHEN[kind]})",
                      "decline, or play a card that answers it")
    elif st.effects.get("turn"):
        return no("law.declared", f"{st.effects['turn']} was played this turn", "use it, or end the turn, first")
    elif card not in OWN_TURN_CARD_NUMBERS:
        return no(rule, f"{title} is not played on your own turn", "see its timing")
    if law == "upgrade_cottage" and moratorium_blocks(st, p):
        return no("law.house_moratorium", "a House moratorium forbids you to build houses this round, for free or not")
    choices = play_choices(st, p, law)
    if m.choice not in choices:
        shown = ", ".join(repr(c) for c in choices[:8]) or "none now"
        return no(rule, f"{m.choice!r} is not a possible choice for {title} here", f"choices: {shown}")
    return None


def play_candidates(st: KState, seat: int) -> list[PlayLaw]:
    return [PlayLaw(seat, LAWS[card].id, choice) for card in st.law_hands[seat]
            for choice in play_choices(st, seat, LAWS[card].id)]


def always_legal(st: KState, m: Any) -> Refusal | None:
    return None


def single(cls: Callable[[int], Any]) -> Callable[[KState, int], list[Any]]:
    return lambda st, seat: [cls(seat)]


KINDS: tuple[Kind, ...] = (
    Kind(LayField, check_field, field_candidates, reveals=lambda st, m: True, rule="keythedral.setup.lay_field"),
    Kind(LayCottage, check_cottage, cottage_candidates, rule="keythedral.setup.lay_cottage"),
    Kind(ChooseOrder, check_order, order_candidates, rule="keythedral.order.choose"),
    Kind(PlaceWorker, check_worker, worker_candidates, rule="keythedral.order.place_in_turn"),
    Kind(Relocate, check_relocate, relocate_candidates, rule="keythedral.fence.relocate"),
    Kind(TakeCube, check_take, lambda st, seat: [TakeCube(seat, c) for c in LETTER[:5]],
         rule="keythedral.law.unexpected_harvest"),
    Kind(Bid, check_bid, bid_candidates, rule="keythedral.auction.bid_once"),
    Kind(GiveCube, check_give, lambda st, seat: [GiveCube(seat, c) for c in LETTER], rule="keythedral.auction.pay"),
    Kind(ChooseStart, check_start, lambda st, seat: [ChooseStart(seat, q) for q in range(st.num_players)],
         rule="keythedral.auction.choose_start"),
    Kind(Pass, always_legal, single(Pass), rule="keythedral.action.pass_again"),
    Kind(Decline, always_legal, single(Decline), rule="keythedral.law.window"),
    *ACTION_KINDS,
    Kind(PlayLaw, check_play, play_candidates, rule="keythedral.law.window"),
    *CHANCE_KINDS,  # a stage turned face up, a tile drawn: the chance record blocks undo across them
)
