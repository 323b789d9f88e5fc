"""Keythedral moves in words: who does what, naming fields by their type and where they lie from the Keythedral,
cubes by their resources, building tiles by their stage and seat, law cards by their titles.

``describe(state, move)`` names seats as ``{p0}``, ``{p1}``... (``Game.describe`` puts the players' names in) and
never writes notation ("3,1", "2-C", "ST", "+T").
"""
from __future__ import annotations

import math
from typing import Any

from .data import (BUILDING_INDEX, BUILDINGS, CRAFT_PRICE, CUBE_NAME, FIELD_NAME, FIELD_TILES, LAW_INDEX, LAWS,
                   LETTER, SHOP, STAGE_POINTS, Node, parse_node)
from .prices import adjusted_costs
from .state import KState

COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
KIND_OF_LETTER = {LETTER[k]: k for k in range(len(LETTER))}
# The kinds whose sentence reads the move alone, never the position: an adapter may say each such move once.
PLAIN = frozenset({"cottage", "pass", "house", "craft", "trade", "decline", "law", "bid", "take", "start"})


def _seat(q: int) -> str:
    return f"{{p{q}}}"


def direction(node: Node) -> str:
    """Where a place lies from the Keythedral (the board's top is north): "2 steps north-east of the Keythedral"."""
    x, y = node
    if x == 0 and y == 0:
        return "at the Keythedral"
    steps = (max(abs(x), abs(y)) + 1) // 2
    sector = round(math.atan2(-y, x) / (math.pi / 4)) % 8
    return f"{steps} step{'s' if steps != 1 else ''} {COMPASS[sector]} of the Keythedral"


def field(st: KState, node: Node) -> str:
    """A field by its type where one is laid ("the farm 1 step north of the Keythedral")."""
    tile = st.fields.get(node)
    kind = FIELD_NAME[FIELD_TILES[tile].kind] if tile is not None else "field"
    return f"the {kind} {direction(node)}"


def site(st: KState, node: Node) -> str:
    """A cottage site, by the cottage or house on it and its owner where one stands."""
    there = st.sites.get(node)
    if there is not None and 0 <= there < len(st.cottage_at):
        what = "house" if st.houses[there] else "cottage"
        return f"{_seat(there // 5)}'s {what} {there % 5 + 1} ({direction(node)})"
    return f"the cottage site {direction(node)}"


def cubes(letters: str) -> str:
    """Cube letters in words: "2 stone, 1 timber and 1 water"."""
    counts = [letters.count(letter) for letter in LETTER]
    parts = [f"{n} {CUBE_NAME[k]}" for k, n in enumerate(counts) if n]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + f" and {parts[-1]}"


def counted(counts: "tuple[int, ...] | list[int]") -> str:
    """Cubes counted by kind in words: "2 stone and 1 timber"."""
    return cubes("".join(LETTER[k] * n for k, n in enumerate(counts)))


def cube(letter: str) -> str:
    k = KIND_OF_LETTER.get(letter)
    return CUBE_NAME[k] if k is not None else repr(letter)


def tile(tile_id: str) -> str:
    i = BUILDING_INDEX.get(tile_id)
    if i is None:
        return repr(tile_id)
    stage = BUILDINGS[i].stage
    return f"a stage-{stage + 1} building tile (a seat worth {STAGE_POINTS[stage]})"


def _tile_price(st: KState, move: Any) -> str:
    i = BUILDING_INDEX.get(move.tile)
    if i is None:
        return ""
    if move.paid:
        return f" with Substitution, paying {cubes(move.paid)}"
    cost = dict(adjusted_costs(st, i)).get(move.change)
    if cost is None:
        return ""
    letters = "".join(LETTER[k] * n for k, n in enumerate(cost))
    change = ""
    if move.change:
        up = [move.change[j + 1] for j in range(0, len(move.change), 2) if move.change[j] == "+"]
        down = [move.change[j + 1] for j in range(0, len(move.change), 2) if move.change[j] == "-"]
        change = "".join([f", one {cube(c)} more under the Price increase" for c in up]
                         + [f", one {cube(c)} less under the Price decrease" for c in down])
    return f" for {cubes(letters)}{change}"


def law(law_id: str) -> str:
    i = LAW_INDEX.get(law_id)
    return f"the law card {LAWS[i].title}" if i is not None else repr(law_id)


def law_choice(st: KState, p: int, law_id: str, choice: str) -> str:
    """A law card's choice in words."""
    if not choice:
        return ""
    if law_id in ("broken_fences", "start_order") and choice.isdigit():
        return f"naming {_seat(int(choice) - 1)}"
    if law_id in ("unexpected_harvest", "good_harvest", "poor_harvest") and choice in KIND_OF_LETTER:
        k = KIND_OF_LETTER[choice]
        return f"for the {FIELD_NAME[k]}s ({CUBE_NAME[k]})" if k < len(FIELD_NAME) else f"for {CUBE_NAME[k]}"
    if law_id in ("design_change", "price_decrease"):
        return f"on {tile(choice)}"
    if law_id == "craft_bargain" and ":" in choice:
        used, paid = choice.split(":", 1)
        return f"taking a used {cube(used)} from the store for one {cube(paid)}"
    if law_id in ("cottage_number", "upgrade_cottage") and choice.isdigit():
        return f"on their cottage {choice}"
    if law_id == "double_production":
        node = parse_node(choice)
        return f"for their worker in {field(st, node)}" if node else ""
    if law_id == "unsafe_fence" and ">" in choice:
        a, b = (parse_node(x) for x in choice.split(">", 1))
        return f"on the fence between {site(st, a)} and {field(st, b)}" if a and b else ""
    if law_id == "downgrade_house":
        node = parse_node(choice)
        return f"on {site(st, node)}" if node else ""
    return ""


def describe(st: KState, move: Any) -> str:
    """The move as a sentence, seats written {p0}, {p1}... for the players' names."""
    part = _WORDS_OF.get(move.kind)  # each kind is told by one part: no other part is asked first
    text = part(st, move) if part is not None else None
    return f"{{p{move.player}}} makes a move." if text is None else text


def _board_words(st: KState, move: Any) -> str | None:
    p, kind = move.player, move.kind
    who = _seat(p)
    if kind == "field":
        top = st.field_stack[-1] if st.field_taken and st.field_stack else None
        what = f"their field tile, a {FIELD_NAME[FIELD_TILES[top].kind]}," if top is not None else "the top field tile"
        return f"{who} lays {what} on the empty field {direction(move.field)}."
    if kind == "cottage":
        return f"{who} lays their cottage {move.number} on the cottage site {direction(move.site)}."
    if kind == "order":
        return (f"{who} puts work order marker {st.order_k + 1} on number {move.number}: the cottages and houses "
                f"numbered {move.number} send their workers next.")
    if kind == "worker":
        number = st.placing % 5 + 1 if st.placing >= 0 else None
        source = f" from their {'house' if st.houses[st.placing] else 'cottage'} {number}" if number else ""
        return f"{who} sends a worker{source} into {field(st, move.field)}."
    if kind == "pass":
        return f"{who} passes this turn (and may act again later in the round)."
    if kind == "buy":
        return f"{who} buys {tile(move.tile)}{_tile_price(st, move)}."
    if kind == "house":
        return f"{who} turns their cottage {move.number} into a house for 1 stone and 1 timber."
    if kind == "fence":
        return f"{who} builds a fence between {site(st, move.site)} and {field(st, move.field)} for 1 timber."
    if kind == "unfence":
        return f"{who} pays 2 wine to remove the fence between {site(st, move.site)} and {field(st, move.field)}."
    if kind == "craft":
        k = KIND_OF_LETTER.get(move.craft)
        shop = SHOP.get(k, "craft shop") if k is not None else "craft shop"
        return f"{who} buys one {cube(move.craft)} from the {shop} for {cubes(move.paid)}."
    if kind == "trade":
        return f"{who} gives the trader {cubes(move.paid)} for {cubes(move.receive)}."
    return None


def _law_and_auction_words(st: KState, move: Any) -> str | None:
    p, kind = move.player, move.kind
    who = _seat(p)
    if kind == "decline":  # the most frequent move: asked first
        return f"{who} plays no law card now."
    if kind == "law":
        return f"{who} procures the law card on new-law space {move.space}, paying 1 {cube(move.paid)}."
    if kind == "relocate":
        c = st.relocating[0] if st.relocating else None
        what = f"their fenced-off {'house' if st.houses[c] else 'cottage'} {c % 5 + 1}" if c is not None \
            else "their fenced-off cottage"
        return f"{who} lays {what} again on the cottage site {direction(move.site)}."
    if kind == "bid":
        if move.cubes == 0:
            return f"{who} makes no bid for the start player marker."
        return f"{who} bids {move.cubes} cube{'s' if move.cubes != 1 else ''} for the start player marker."
    if kind == "give":
        payee = st.auction.get("payee") if st.auction else None
        to = f" to {_seat(payee)}" if isinstance(payee, int) else ""
        return f"{who} pays 1 {cube(move.cube)} of their bid{to}."
    if kind == "take":
        return f"{who} takes 1 {cube(move.cube)} from the store (Unexpected harvest)."
    if kind == "start":
        if move.start_player == p:
            return f"{who} keeps the start player marker for themselves."
        return f"{who} makes {_seat(move.start_player)} the start player."
    if kind == "play":
        i = LAW_INDEX.get(move.law)
        choice = law_choice(st, p, move.law, move.choice)
        summary = f": {LAWS[i].summary}" if i is not None else ""
        return f"{who} plays {law(move.law)}{' ' + choice if choice else ''}{summary}."
    return None


def _chance_words(st: KState, move: Any) -> str | None:
    p, kind = move.player, move.kind
    who = _seat(p)
    if kind == "draw":
        t = getattr(move, "tile", None)
        what = f"a {FIELD_NAME[FIELD_TILES[t].kind]}" if isinstance(t, int) and 0 <= t < len(FIELD_TILES) else "drawn"
        return f"Chance: the top field tile is {what}."
    if kind == "deal":
        return f"Chance: a law card is dealt face down onto new-law space {move.space}."
    if kind == "turn":
        first = move.tiles.split(",")[0] if getattr(move, "tiles", "") else ""
        i = BUILDING_INDEX.get(first)
        stage = f"stage-{BUILDINGS[i].stage + 1} " if i is not None else ""
        return f"Chance: the {stage}building tiles are turned face up."
    if kind == "replace":
        return f"Chance: {tile(move.tile)} takes the place of the tile whose design changed."
    return None


_WORDS_OF = {**dict.fromkeys(("field", "cottage", "order", "worker", "pass", "buy", "house", "fence", "unfence", "craft",
                             "trade"), _board_words),
             **dict.fromkeys(("law", "relocate", "bid", "give", "take", "start", "play", "decline"),
                             _law_and_auction_words),
             **dict.fromkeys(("draw", "deal", "turn", "replace"), _chance_words)}


# --- the things on the table: what each is and when it can be used (the board's "why not?" on any of them) ---

def _field_thing(st: KState, node: Node) -> str:
    tile_at = st.fields.get(node)
    if tile_at is None:
        return (f"An empty place for a field tile, {direction(node)}: field tiles are laid next to laid ones in "
                "the set-up; no worker can go where no tile lies.")
    k = FIELD_TILES[tile_at].kind
    holder = st.workers.get(node)
    now = f"{_seat(holder)}'s worker is on it this round" if holder is not None else "no worker is on it now"
    return (f"{field(st, node)[0].upper()}{field(st, node)[1:]}: in phase one a worker from a cottage or house on "
            f"a corner of it (not fenced off) may go into it, and in phase two each worker there takes 1 "
            f"{CUBE_NAME[k]}; {now}.")


def _seat_thing(st: KState, kind: str, rest: str) -> str | None:
    seat, _, what = rest.partition(":")
    if not seat.isdigit() or int(seat) >= st.num_players:
        return None
    p = int(seat)
    if kind == "player":
        return (f"{_seat(p)}: cubes behind the screen, {len(st.law_hands[p])} law cards, "
                f"{st.fences_left[p]} fences left, {len(st.seats[p])} seats in the Keythedral.")
    if kind == "cube" and what in KIND_OF_LETTER:
        return (f"{_seat(p)}'s {cube(what)} cubes: in phase three they pay "
                "for building tiles, fences (timber), removing fences (wine), the craft shops, the trader and law "
                "cards.")
    if kind == "cottage" and what.isdigit() and 0 < int(what) <= 5:
        at = st.cottage_at[p * 5 + int(what) - 1]
        place = site(st, at) if at is not None else f"{_seat(p)}'s cottage {what}, not yet laid"
        return (f"{place[0].upper()}{place[1:]}: when work order number {what} is chosen in phase one, it sends "
                "its workers (a house two) into fields on its corners.")
    if kind == "lawcard" and what in LAW_INDEX:
        card = LAWS[LAW_INDEX[what]]
        return f"{_seat(p)}'s law card {card.title}: {card.summary}; it is played once, when its card allows."
    return None


def thing(st: KState, target: str) -> str | None:
    """What the thing ``target`` names on the table is and when it can be used, or None for no such thing."""
    kind, _, rest = target.partition(":")
    node = parse_node(rest) if kind in ("field", "site") else None
    if kind == "field" and node is not None:
        return _field_thing(st, node)
    if kind == "site" and node is not None:
        return (f"{site(st, node)[0].upper()}{site(st, node)[1:]}: cottages are laid on such corners in the set-up "
                "(or moved here when fenced off from every field); its workers go into the fields around it.")
    if kind == "edge" and ">" in rest:
        corner, place = (parse_node(part) for part in rest.split(">", 1))
        if corner is not None and place is not None:
            return (f"The edge between {site(st, corner)} and {field(st, place)}: a fence here (1 timber, phase "
                    "three) keeps that cottage's workers out of that field; any fence can be removed for 2 wine.")
    if kind == "tile" and rest in BUILDING_INDEX:
        letters = "".join(LETTER[k] * n for k, n in enumerate(BUILDINGS[BUILDING_INDEX[rest]].cost))
        return (f"{tile(rest)[0].upper()}{tile(rest)[1:]}: bought in phase three, while its stage is face up, by "
                f"paying exactly {cubes(letters)}.")
    if kind == "store" and rest in KIND_OF_LETTER and KIND_OF_LETTER[rest] in SHOP:
        k = KIND_OF_LETTER[rest]
        return (f"The {SHOP[k]}'s {CUBE_NAME[k]} cubes: in phase three the {SHOP[k]} gives one for "
                f"{CRAFT_PRICE[k]} other cubes.")
    if kind == "trader" and rest in KIND_OF_LETTER and KIND_OF_LETTER[rest] in SHOP:
        return (f"Used {cube(rest)} cubes back in the store: the {SHOP[KIND_OF_LETTER[rest]]} is restocked from them "
                "when its shop runs out.")
    if kind == "trader" and rest in KIND_OF_LETTER:
        return (f"The store's {cube(rest)} cubes: workers take them in phase two; in phase three the trader gives "
                "one resource cube for any two other cubes.")
    if kind == "law" and rest.isdigit():
        return (f"New-law space {rest}: a face-down law card lies here; in phase three it is procured for any one "
                "cube, and empty spaces are refilled in phase four.")
    if kind == "marker" and rest.isdigit():
        return (f"Work order number {rest}: in phase one the players in turn put the next marker on a number not yet "
                "chosen; every cottage or house with that number then sends its workers.")
    return _seat_thing(st, kind, rest)
