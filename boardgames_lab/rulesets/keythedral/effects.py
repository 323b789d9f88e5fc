"""What each move does: one function per move kind, dispatched by a table (the hot path runs it after every
decision), and the effects of phase three's actions."""
from __future__ import annotations

from typing import Any, Callable

from . import draws, laws
from .checks import open_fields
from .workers import next_placer
from .data import SITE_FIELDS, Node
from .data import BUILDING_INDEX, BUILDINGS, CUBE_NAME, FIELD_NAME, FIELD_TILES, LETTER, SHOP, STAGE_COUNT
from .moves import BuyTile, PlaceWorker, parse
from .prices import CRAFT_INDEX, LETTER_INDEX, adjusted_costs
from .state import KState, number_of, owner_of
from .words import direction
from .words import field as field_words
from .words import site as site_words
from .words import tile as tile_words


# --- phase three: the actions ------------------------------------------------------------------------------

_KINDS: dict[str, tuple[int, ...]] = {}  # the cube kinds of a payment's letters, read once per payment text


def pay(st: KState, p: int, letters: str) -> None:
    cubes, store = st.cubes[p], st.store
    kinds = _KINDS.get(letters)
    if kinds is None:
        kinds = _KINDS[letters] = tuple(LETTER_INDEX[letter] for letter in letters)
    for k in kinds:
        cubes[k] -= 1
        store[k] += 1


def complete_purchase(st: KState, p: int, text: str) -> bool:
    """Finish a purchase no law card stopped; False if a card played at any time meanwhile (Design change on
    the tile, Craft bargain spending a cube) left it impossible: then the buyer has not acted."""
    move = parse(text, p)
    assert isinstance(move, BuyTile)
    tile = BUILDING_INDEX[move.tile]
    if move.paid:
        paid = move.paid
    else:
        cost = dict(adjusted_costs(st, tile)).get(move.change)
        paid = "" if cost is None else "".join(LETTER[k] * c for k, c in enumerate(cost))
    cubes = st.cubes[p]
    if (st.stage >= 5 or tile not in st.rows[st.stage] or not paid
            or any(cubes[k] < paid.count(LETTER[k]) for k in range(8))):
        if st.events is not None:
            st.note(f"{{p{p}}}'s purchase of {tile_words(move.tile)} cannot be made any more; they may choose "
                    "another action.",
                    {"player": p, "tile": move.tile})
        return False
    buy(st, p, tile, paid)
    return True


def buy(st: KState, p: int, tile: int, paid: str) -> None:
    """keythedral.buy.face_up / buy.next_stage / end.last_tile"""
    pay(st, p, paid)
    for key in ("up", "down"):  # a price card beneath the tile is discarded with it
        if tile in st.effects.get(key, ()):
            st.effects[key].remove(tile)
    st.rows[st.stage].remove(tile)
    st.seats[p].append(tile)
    if st.events is not None:
        st.note(f"{{p{p}}} acquires {tile_words(BUILDINGS[tile].id)}.", {"player": p, "tile": BUILDINGS[tile].id})
    while st.stage < STAGE_COUNT and not st.rows[st.stage]:
        st.stage += 1  # a stage still face down is turned in a chance phase next (draws.turn_tiles)


def build_house(st: KState, p: int, number: int, free: bool = False) -> None:
    """keythedral.house.cost"""
    if not free:
        pay(st, p, "ST")
    st.houses[5 * p + number - 1] = True
    if st.events is not None:
        st.note(f"{{p{p}}} turns cottage {number} into a house" + (" for free." if free else "."),
                {"player": p, "house": number})


def build_fence(st: KState, p: int, site: Node, field: Node) -> None:
    """keythedral.fence.build, then fence.relocate if that fenced a cottage off."""
    pay(st, p, "T")
    st.add_fence(site, field, p)
    st.fences_left[p] -= 1
    if st.events is not None:
        st.note(f"{{p{p}}} builds a fence between {site_words(st, site)} and {field_words(st, field)}.",
                {"player": p, "site": list(site), "field": list(field)})
    if is_fenced_off(st, site):
        cottage = st.lift_cottage(site)
        st.relocating.append(cottage)
        if st.events is not None:
            st.note(f"{{p{owner_of(cottage)}}}'s {'house' if st.houses[cottage] else 'cottage'} "
                    f"{number_of(cottage)} is fenced off and must be laid again.",
                    {"player": owner_of(cottage), "cottage": number_of(cottage)})


def is_fenced_off(st: KState, site: Node) -> bool:
    """keythedral.fence.relocate: every laid field next to the site is behind a fence."""
    fences, fields = st.fences, st.fields
    return all((site, f) in fences for f in SITE_FIELDS[site] if f in fields)


def remove_fence(st: KState, p: int, site: Node, field: Node, paid: bool = True) -> None:
    """keythedral.fence.remove: the fence leaves the game."""
    if paid:
        pay(st, p, "VV")
    st.drop_fence(site, field)
    if st.events is not None:
        st.note(f"{{p{p}}} removes the fence between {site_words(st, site)} and {field_words(st, field)}.",
                {"player": p, "site": list(site), "field": list(field)})


def exchange(st: KState, p: int, kind: str, get_letters: str, paid: str) -> None:
    """keythedral.craft.exchange / craft.restock / trader.exchange / law.bargain"""
    pay(st, p, paid)
    if len(get_letters) == 2:  # keythedral.law.bargain: two resource cubes from the store
        for letter in get_letters:
            st.store[LETTER_INDEX[letter]] -= 1
            st.cubes[p][LETTER_INDEX[letter]] += 1
        if st.events is not None:
            st.note(f"{{p{p}}} gives the trader {paid} for {get_letters} (bargain).", {"player": p})
        return
    get = LETTER_INDEX[get_letters]
    if kind == "craft":
        shop = CRAFT_INDEX[get]
        if st.shops[shop] == 0:  # restock from the used cubes in the store
            st.shops[shop] = st.store[get]
            st.store[get] = 0
        st.shops[shop] -= 1
    else:
        st.store[get] -= 1
    st.cubes[p][get] += 1
    if st.events is not None:
        who = f"the {SHOP[get]}" if kind == "craft" else "the trader"
        st.note(f"{{p{p}}} gives {who} {'+'.join(paid)} for {CUBE_NAME[get]}.",
                {"player": p, "paid": paid, "got": get_letters, "from": who})


def procure_law(st: KState, p: int, space: int, letter: str) -> None:
    """keythedral.law.procure / law.procure_ends_turns"""
    pay(st, p, letter)
    card = st.law_spaces[space - 1]
    st.law_spaces[space - 1] = -1
    st.law_hands[p].append(card)
    st.law_hands[p].sort()
    st.out[p] = True
    if st.events is not None:
        st.note(f"{{p{p}}} procures the law card on space {space} for {CUBE_NAME[LETTER_INDEX[letter]]}.",
                {"player": p, "space": space})


def craft_bargain(st: KState, p: int, args: str) -> None:
    """keythedral.law.craft_bargain: the trader gives a used craft cube from the store for one resource cube
    (``args`` is "I:S", craft then resource; nothing happens if either is gone by the time the card acts)."""
    get, give = LETTER_INDEX[args[0]], LETTER_INDEX[args[2]]
    if not st.store[get] or not st.cubes[p][give]:
        if st.events is not None:
            st.note(f"The craft bargain of {{p{p}}} comes to nothing: the cube is gone.", {"player": p})
        return
    pay(st, p, LETTER[give])
    st.store[get] -= 1
    st.cubes[p][get] += 1
    if st.events is not None:
        st.note(f"{{p{p}}} gives the trader {CUBE_NAME[give]} for a used {CUBE_NAME[get]} (craft bargain).",
                {"player": p})


# --- set-up, phase one and the unexpected harvest --------------------------------------------------

def lay_field(st: KState, node: Node) -> None:
    tile = st.field_stack.pop()
    st.field_taken = False
    st.put_field(node, tile)
    st.laid[st.current] += 1
    if st.events is not None:
        st.note(f"{{p{st.current}}} lays a {FIELD_NAME[FIELD_TILES[tile].kind]} {direction(node)}.",
                {"player": st.current, "field": list(node), "kind": FIELD_NAME[FIELD_TILES[tile].kind]})


def lay_cottage(st: KState, number: int, node: Node) -> None:
    cottage = st.current * 5 + number - 1
    st.put_cottage(node, cottage)
    if st.events is not None:
        st.note(f"{{p{st.current}}} lays cottage {number} on the cottage site {direction(node)}.",
                {"player": st.current, "cottage": number, "site": list(node)})


def place_worker(st: KState, move: PlaceWorker) -> None:
    """A worker of the placing cottage enters ``move.field`` (called with the move: it runs after every worker)."""
    field, p = move.field, move.player
    st.workers[field] = p
    st.to_place -= 1
    if st.events is not None:
        st.note(f"{{p{p}}} sends a worker from number {st.placing % 5 + 1} into {field_words(st, field)}.",
                {"player": p, "field": list(field)})
    if st.to_place:  # a house's second worker: the fields still open to it
        left = open_fields(st, st.placing)
        if left:
            st.placing_fields = left
            return
    next_placer(st)


def take_chosen(st: KState, p: int, letter: str) -> None:
    """keythedral.law.unexpected_harvest: one cube of the chosen colour from the store."""
    k = LETTER.index(letter)
    st.store[k] -= 1
    st.cubes[p][k] += 1
    left = st.effects["choose"][1] - 1
    if left and any(st.store[r] for r in range(5)):
        st.effects["choose"] = [p, left]
    else:
        del st.effects["choose"]
    if st.events is not None:
        st.note(f"{{p{p}}} takes {CUBE_NAME[k]} (unexpected harvest).", {"player": p, "cube": letter})



# --- moves in, by kind -----------------------------------------------------------------------------------

def _begin_action(st: KState, p: int) -> None:
    """An action (not a pass): the player is the actor, a this-turn law effect ends, the passes start over."""
    st.actor = p
    if st.effects:  # a card lasting the turn (laws.TURN_EFFECTS) ends
        st.effects.pop("turn", None)
    st.passes = 0


def _pass(st: KState, m: Any) -> None:
    p = m.player
    st.actor = p
    if st.effects:  # a card lasting the turn (laws.TURN_EFFECTS) ends
        st.effects.pop("turn", None)
    st.passes += 1
    if st.events is not None:
        st.note(f"{{p{p}}} passes.", {"player": p})


def _buy(st: KState, m: Any) -> None:
    p = m.player
    _begin_action(st, p)
    if not laws.open_window(st, "purchase", laws.players_from(st, p + 1, skip=p), "actions", buyer=p,
                            tile=m.tile, move=str(m)):
        complete_purchase(st, p, str(m))


def _house(st: KState, m: Any) -> None:
    _begin_action(st, m.player)
    build_house(st, m.player, m.number)


def _fence(st: KState, m: Any) -> None:
    _begin_action(st, m.player)
    build_fence(st, m.player, m.site, m.field)


def _unfence(st: KState, m: Any) -> None:
    _begin_action(st, m.player)
    remove_fence(st, m.player, m.site, m.field)


def _procure(st: KState, m: Any) -> None:
    _begin_action(st, m.player)
    procure_law(st, m.player, m.space, m.paid)


def _craft(st: KState, m: Any) -> None:
    p = st.actor = m.player  # _begin_action inlined: the most frequent action
    if st.effects:
        st.effects.pop("turn", None)
    st.passes = 0
    exchange(st, p, "craft", m.craft, m.paid)


def _trade(st: KState, m: Any) -> None:
    p = st.actor = m.player  # _begin_action inlined: the most frequent action
    if st.effects:
        st.effects.pop("turn", None)
    st.passes = 0
    exchange(st, p, "trade", m.receive, m.paid)


def _play(st: KState, m: Any) -> None:
    if st.phase == "actions":
        st.stay = True
    laws.play(st, m.player, m)


def _decline(st: KState, m: Any) -> None:
    """keythedral.law.window: laws.decline, with its most frequent end inlined: others still to answer."""
    p = m.player
    if st.events is not None:
        st.note(f"{{p{p}}} plays no law card.", {"player": p})
    ask = st.window["frames"][-1]["ask"]
    if len(ask) > 1:
        ask.remove(p)
        st.current = ask[0]
    else:
        laws.decline(st, p)


def _order(st: KState, m: Any) -> None:
    number, p = m.number, m.player
    st.chosen.append(number)
    if st.events is not None:
        st.note(f"{{p{p}}} puts work order marker {st.order_k + 1} on number {number}.",
                {"player": p, "marker": st.order_k + 1, "number": number})
    if any(st.law_hands):  # no window can open while nobody holds a law card
        chooser = (st.start + st.order_k) % st.num_players
        laws.open_window(st, "order", laws.players_from(st, chooser), "place")


def _relocate(st: KState, m: Any) -> None:
    site = m.site
    cottage = st.relocating.pop(0)
    st.put_cottage(site, cottage)
    if st.events is not None:
        st.note(f"{{p{cottage // 5}}} lays {'house' if st.houses[cottage] else 'cottage'} {cottage % 5 + 1} "
                f"again on the cottage site {direction(site)}.", {"player": cottage // 5, "site": list(site)})


def _bid(st: KState, m: Any) -> None:
    amount, p = m.cubes, m.player
    a = st.auction
    a["queue"].pop(0)
    if amount:
        if p == a["b"]:
            a["matched"] = True
        else:
            a["high"], a["high_bidder"] = amount, p
    if st.events is not None:
        st.note(f"{{p{p}}} bids {amount}." if amount else f"{{p{p}}} does not bid.", {"player": p, "bid": amount})


def _give(st: KState, m: Any) -> None:
    letter, p = m.cube, m.player
    a = st.auction
    k = LETTER_INDEX[letter]
    st.cubes[p][k] -= 1
    st.cubes[a["payee"]][k] += 1
    a["owe"] -= 1
    if st.events is not None:
        st.note(f"{{p{p}}} pays {{p{a['payee']}}} one {letter} cube.", {"player": p, "to": a["payee"], "cube": letter},
                visible_to=(p, a["payee"]))


def _start(st: KState, m: Any) -> None:
    st.start = m.start_player
    st.auction["done"] = True
    if st.events is not None:
        st.note(f"{{p{m.player}}} makes {{p{st.start}}} the start player.", {"player": m.player, "start": st.start})


APPLY: dict[str, Callable[[KState, Any], None]] = {
    "worker": place_worker,
    "trade": _trade,
    "craft": _craft,
    "pass": _pass,
    "decline": _decline,
    "order": _order,
    "bid": _bid,
    "start": _start,
    "give": _give,
    "buy": _buy,
    "house": _house,
    "fence": _fence,
    "unfence": _unfence,
    "law": _procure,
    "play": _play,
    "take": lambda st, m: take_chosen(st, m.player, m.cube),
    "field": lambda st, m: lay_field(st, m.field),
    "cottage": lambda st, m: lay_cottage(st, m.number, m.site),
    "relocate": _relocate,
    **draws.APPLY,
}


def apply_move(st: KState, move: Any) -> None:
    APPLY[move.kind](st, move)
