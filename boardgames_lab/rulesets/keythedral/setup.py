"""Preparation and the set-up phase: the pieces, the store, the mat, and the tiles laid by the players."""
from __future__ import annotations

from .board import CENTRE, FIELD_FIELDS, FIELD_SITES, KEY_QUARRIES, KEY_WOODS, SITE_FIELDS, TWO_PLAYER_FIELDS, Node
from .data import (BROWN, CRAFT_STOCK, FIELD_NAME, FIELD_TILES, GREY, LAW_SPACES, LAW_SPACES_TWO_PLAYERS,
                   LAWS, STAGE_FULL_ASSUMED, STAGE_SHORT_ASSUMED, STAGE_TILES, STORE_START)
from .state import KEYTHEDRAL, KState


def prepare(st: KState) -> None:
    """keythedral.setup.* and the variants: everything laid out before the players lay tiles."""
    n = st.num_players
    st.store = list(STORE_START)
    st.shops = [CRAFT_STOCK] * 3
    counts = STAGE_FULL_ASSUMED if st.options["version"] == "full" else STAGE_SHORT_ASSUMED
    for stage, tiles in enumerate(STAGE_TILES):
        pool = list(tiles)
        st.rng.shuffle(pool)
        st.rows[stage] = sorted(pool[:counts[stage]])
        st.surplus.extend(pool[counts[stage]:])
    st.surplus.sort()
    st.face_up = [bool(st.options["face_up_tiles"])] * 5
    deck = list(range(len(LAWS)))
    st.rng.shuffle(deck)
    st.law_deck = deck
    spaces = LAW_SPACES_TWO_PLAYERS if st.two_player else LAW_SPACES
    st.law_spaces = [st.law_deck.pop() for _ in range(spaces)]
    ones = [i for i, t in enumerate(FIELD_TILES) if t.number == 1]
    if st.two_player:  # keythedral.variant.two_players: a quarry and a wood, no Keythedral tile
        quarry = next(i for i in ones if FIELD_TILES[i].kind == GREY)
        wood = next(i for i in ones if FIELD_TILES[i].kind == BROWN)
        st.put_field(TWO_PLAYER_FIELDS[0], quarry)
        st.put_field(TWO_PLAYER_FIELDS[1], wood)
        stack = [i for i, t in enumerate(FIELD_TILES) if t.number == 2]
    else:
        st.put_cottage(CENTRE, KEYTHEDRAL)
        quarries = [i for i in ones if FIELD_TILES[i].kind == GREY]
        woods = [i for i in ones if FIELD_TILES[i].kind == BROWN]
        for node, tile in zip(KEY_QUARRIES + KEY_WOODS, quarries + woods):
            st.put_field(node, tile)
        stack = [i for i, t in enumerate(FIELD_TILES) if 2 <= t.number <= n]
    st.rng.shuffle(stack)
    st.field_stack = stack
    st.current = st.start
    st.revealed = True
    if st.events is not None:
        st.note(f"The board is prepared: {len(stack)} field tiles in the stack, "
                f"{sum(len(r) for r in st.rows)} building tiles on the mat ({st.options['version']} version).",
                {"stack": len(stack), "buildings": [len(r) for r in st.rows]})


def field_spots(st: KState) -> list[Node]:
    """keythedral.setup.lay_field: empty field places touching a laid field or a laid cottage (or the Keythedral)."""
    fields, sites = st.fields, st.sites
    spots: set[Node] = set()
    for f in fields:
        for g in FIELD_FIELDS[f]:
            if g not in fields:
                spots.add(g)
    for s in sites:
        for g in SITE_FIELDS[s]:
            if g not in fields:
                spots.add(g)
    return sorted(spots)


def cottage_spots(st: KState, open_only: bool = False) -> list[Node]:
    """Empty cottage sites next to a laid field (``open_only``: reached through at least one unfenced edge)."""
    fields, sites, fences = st.fields, st.sites, st.fences
    spots: set[Node] = set()
    for f in fields:
        for s in FIELD_SITES[f]:
            if s not in sites and (not open_only or (s, f) not in fences):
                spots.add(s)
    return sorted(spots)


def setup_step_is_field(st: KState) -> bool:
    """In set-up a player lays a field, then a cottage: a field is due when fields and cottages are level."""
    p = st.current
    cottages = sum(1 for c in range(5 * p, 5 * p + 5) if st.cottage_at[c] is not None)
    return st.laid[p] == cottages


def lay_field(st: KState, node: Node) -> None:
    tile = st.field_stack.pop()
    st.put_field(node, tile)
    st.laid[st.current] += 1
    st.revealed = True
    if st.events is not None:
        st.note(f"{{p{st.current}}} lays a {FIELD_NAME[FIELD_TILES[tile].kind]} (field {node[0]},{node[1]}).",
                {"player": st.current, "field": list(node), "kind": FIELD_NAME[FIELD_TILES[tile].kind]})


def lay_cottage(st: KState, number: int, node: Node) -> None:
    cottage = st.current * 5 + number - 1
    st.put_cottage(node, cottage)
    if st.events is not None:
        st.note(f"{{p{st.current}}} lays cottage {number} on site {node[0]},{node[1]}.",
                {"player": st.current, "cottage": number, "site": list(node)})


def all_laid(st: KState) -> bool:
    return all(c is not None for c in st.cottage_at)
