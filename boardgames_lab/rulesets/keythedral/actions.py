"""Phase three: the six actions, their legal moves (the hot path) and their effects."""
from __future__ import annotations

from functools import lru_cache

from .board import SITE_FIELDS, Node, fmt
from .data import (BUILDINGS, BUILDING_INDEX, CRAFT_PRICE, CRAFTS, CUBE_NAME, GLASS, GOLD, IRON, LETTER, RESOURCES,
                   SHOP, STONE, TIMBER, WINE)
from .exchanges import EXCHANGE_BLOCKS, exchange_block, exchange_moves, payments
from .laws import own_turn_moves
from .moves import PASS, Move
from .state import KEYTHEDRAL, KState, number_of, owner_of

LETTER_INDEX = {c: i for i, c in enumerate(LETTER)}
BUY = tuple(Move("buy", tile=b.id) for b in BUILDINGS)
HOUSE = tuple(Move("house", num=k) for k in range(1, 6))
COSTS = tuple(b.cost for b in BUILDINGS)
NEEDS = tuple(tuple((k, c) for k, c in enumerate(cost) if c) for cost in COSTS)  # (cube kind, count) a tile asks
CRAFT_INDEX = {IRON: 0, GLASS: 1, GOLD: 2}


def craft_available(st: KState, craft: int) -> bool:
    """keythedral.craft.restock: a shop's own stock, or used cubes of its colour waiting in the store."""
    return st.shops[CRAFT_INDEX[craft]] > 0 or st.store[craft] > 0


def fence_moves(st: KState) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    """(build, remove) fence moves, cached in the state until the board changes."""
    cached = st.fence_cache
    if cached is None:
        build = []
        fields, fences = st.fields, st.fences
        for site, cottage in sorted(st.sites.items()):
            if cottage == KEYTHEDRAL:
                continue
            for f in SITE_FIELDS[site]:
                if f in fields and (site, f) not in fences:
                    build.append(Move("fence", node=site, node2=f))
        remove = tuple(Move("unfence", node=s, node2=f) for s, f in sorted(fences))
        st.fence_cache = cached = (tuple(build), remove)
    return cached


def adjusted_costs(st: KState, tile: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """keythedral.law.price_increase / law.price_decrease: the costs a buyer may choose, with their notation."""
    fx = st.effects
    return price_options(tile, tile in fx.get("up", ()), tile in fx.get("down", ()))


@lru_cache(maxsize=None)
def price_options(tile: int, up: bool, down: bool) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The costs of ``tile`` under a price increase and/or decrease, with their notation (made once)."""
    cost = COSTS[tile]
    shown = [k for k in range(8) if cost[k]]
    ups = [(f"+{LETTER[k]}", k) for k in shown] if up else [("", -1)]
    downs = [(f"-{LETTER[k]}", k) for k in shown if k != GOLD] if down else [("", -1)]
    out = []
    for plus, u in ups:
        for minus, d in downs:
            c = list(cost)
            if u >= 0:
                c[u] += 1
            if d >= 0:
                c[d] -= 1
            out.append((plus + minus, tuple(c)))
    return tuple(out)


@lru_cache(maxsize=None)
def _priced_buys(tile: int, up: bool, down: bool) -> tuple[tuple[Move, tuple[tuple[int, int], ...]], ...]:
    """The purchase move for each price of ``tile`` with the (cube kind, count) it asks, made once: a price card
    can stay on a tile for many turns."""
    tile_id = BUILDINGS[tile].id
    return tuple((Move("buy", tile=tile_id, extra=extra) if extra else BUY[tile],
                  tuple((k, c) for k, c in enumerate(cost) if c)) for extra, cost in price_options(tile, up, down))


def substitutes(cost: tuple[int, ...], cubes: list[int]) -> list[str]:
    """keythedral.law.substitution: any resource cubes for the resource part, one craft cube swapped at most."""
    r = sum(cost[:5])
    res_holding = tuple(cubes[k] if k < 5 and cubes[k] < r else (r if k < 5 else 0) for k in range(8))
    res_options = payments(res_holding, r) if r else ("",)
    crafts = list(cost[5:])
    craft_options = []
    if all(cubes[5 + i] >= crafts[i] for i in range(3)):
        craft_options.append(crafts)
    for a in range(3):
        for b in range(3):
            if a != b and crafts[a]:
                c = crafts[:]
                c[a] -= 1
                c[b] += 1
                if all(cubes[5 + i] >= c[i] for i in range(3)):
                    craft_options.append(c)
    out = []
    for c in craft_options:
        letters = "".join(LETTER[5 + i] * c[i] for i in range(3))
        out.extend(res + letters for res in res_options)
    return sorted(set(out))


def buy_options(st: KState, p: int, tile: int, substitution: bool) -> list[Move]:
    cubes = st.cubes[p]
    out: list[Move] = []
    if substitution:
        tile_id = BUILDINGS[tile].id
        for extra, cost in adjusted_costs(st, tile):
            out.extend(Move("buy", tile=tile_id, extra="=" + pay) for pay in substitutes(cost, cubes))
        return list(dict.fromkeys(out))
    fx = st.effects
    for move, needs in _priced_buys(tile, tile in fx.get("up", ()), tile in fx.get("down", ())):
        for k, count in needs:
            if cubes[k] < count:
                break
        else:
            out.append(move)
    return list(dict.fromkeys(out))


def action_moves(st: KState, p: int) -> list[Move]:
    cubes = st.cubes[p]
    moves = [PASS]
    if st.law_hands[p]:
        moves.extend(own_turn_moves(st, p))
    holding = tuple(cubes)
    if holding == NO_CUBES:
        return moves
    stage = st.stage
    fx = st.effects
    if fx and (fx.get("turn") or fx.get("up") or fx.get("down")):
        moves.extend(law_purchases(st, p))
    elif stage < 5:
        for tile in st.rows[stage]:
            for k, count in NEEDS[tile]:
                if cubes[k] < count:
                    break
            else:
                moves.append(BUY[tile])
    if cubes[STONE] and cubes[TIMBER] and (not fx or fx.get("moratorium", p) == p):
        houses, cottage_at = st.houses, st.cottage_at
        for c in range(5 * p, 5 * p + 5):
            if not houses[c] and cottage_at[c]:
                moves.append(HOUSE[c - 5 * p])
    build, remove = fence_moves(st)
    if cubes[TIMBER] and st.fences_left[p]:
        moves.extend(build)
    if cubes[WINE] >= 2:
        moves.extend(remove)
    store, shops, spaces = st.store, st.shops, st.law_spaces
    # What the shops, the store and the law spaces offer, as bits: the exchange moves depend on nothing else.
    mask = ((shops[0] > 0 or store[IRON] > 0) | (shops[1] > 0 or store[GLASS] > 0) << 1
            | (shops[2] > 0 or store[GOLD] > 0) << 2 | (store[0] > 0) << 3 | (store[1] > 0) << 4
            | (store[2] > 0) << 5 | (store[3] > 0) << 6 | (store[4] > 0) << 7
            | (spaces[0] >= 0) << 8 | (len(spaces) > 1 and spaces[1] >= 0) << 9)
    # No exchange takes more than four cubes, so counts above four change nothing: capped for the cache (rarely
    # needed: random play seldom holds five of a kind).
    key = (holding if max(holding) <= 4 else tuple([c if c < 4 else 4 for c in holding]), mask)
    block = EXCHANGE_BLOCKS.get(key)
    if block is None:
        block = EXCHANGE_BLOCKS[key] = exchange_block(*key)
    moves.extend(block)
    return moves


NO_CUBES = (0,) * 8


def law_purchases(st: KState, p: int) -> list[Move]:
    """The purchases, and the exchanges a card allows, while a law card changes a price or this turn."""
    cubes = st.cubes[p]
    fx = st.effects
    moves: list[Move] = []
    stage = st.stage
    if stage < 5:
        special = fx.get("turn") == "substitution"
        changed = fx.get("up", []) + fx.get("down", [])
        for tile in st.rows[stage]:
            if special or tile in changed:
                moves.extend(buy_options(st, p, tile, special))
                continue
            for k, count in NEEDS[tile]:
                if cubes[k] < count:
                    break
            else:
                moves.append(BUY[tile])
    if fx.get("turn") in ("bargain", "sale"):
        moves.extend(special_exchanges(st, p, fx["turn"]))
    return moves


def special_exchanges(st: KState, p: int, law: str) -> list[Move]:
    """keythedral.law.bargain / law.sale: the exchanges the card allows this turn."""
    cubes, store = st.cubes[p], st.store
    held = [LETTER[k] for k in range(8) if cubes[k]]
    if law == "bargain":
        stocked = [r for r in RESOURCES if store[r]]
        pairs = sorted({LETTER[a] + LETTER[b] for a in stocked for b in stocked if a <= b and (a != b or store[a] >= 2)},
                       key=lambda t: (LETTER.index(t[0]), LETTER.index(t[1])))
        return [Move("trade", get=pair, pay=h) for h in held for pair in pairs]
    out: list[Move] = []
    holding = tuple(cubes)
    for craft in (GLASS, GOLD):
        if craft_available(st, craft):
            size = CRAFT_PRICE[craft] - 2
            out.extend(exchange_moves("craft", craft, holding, size))
    return out


def complete_purchase(st: KState, p: int, text: str) -> bool:
    """Finish a purchase no law card stopped; False if a card played at any time meanwhile (Design change on
    the tile, Craft bargain spending a cube) left it impossible: then the buyer has not acted."""
    from .moves import parse
    move = parse(text)
    tile = BUILDING_INDEX[move.tile]
    if move.extra.startswith("="):
        paid = move.extra[1:]
    else:
        cost = dict(adjusted_costs(st, tile)).get(move.extra)
        paid = "" if cost is None else "".join(LETTER[k] * c for k, c in enumerate(cost))
    cubes = st.cubes[p]
    if (st.stage >= 5 or tile not in st.rows[st.stage] or not paid
            or any(cubes[k] < paid.count(LETTER[k]) for k in range(8))):
        if st.events is not None:
            st.note(f"{{p{p}}}'s purchase of {move.tile} cannot be made any more; they may choose another action.",
                    {"player": p, "tile": move.tile})
        return False
    buy(st, p, tile, paid)
    return True


_KINDS: dict[str, tuple[int, ...]] = {}  # the cube kinds of a payment's letters, read once per payment


def pay(st: KState, p: int, letters: str) -> None:
    cubes, store = st.cubes[p], st.store
    kinds = _KINDS.get(letters)
    if kinds is None:
        kinds = _KINDS[letters] = tuple(LETTER_INDEX[letter] for letter in letters)
    for k in kinds:
        cubes[k] -= 1
        store[k] += 1


def buy(st: KState, p: int, tile: int, paid: str) -> None:
    """keythedral.buy.face_up / buy.next_stage / end.last_tile"""
    pay(st, p, paid)
    for key in ("up", "down"):  # a price card beneath the tile is discarded with it
        if tile in st.effects.get(key, ()):
            st.effects[key].remove(tile)
    st.rows[st.stage].remove(tile)
    st.seats[p].append(tile)
    if st.events is not None:
        st.note(f"{{p{p}}} acquires building tile {BUILDINGS[tile].id} (a seat worth "
                f"{(4, 6, 8, 10, 12)[BUILDINGS[tile].stage]}).", {"player": p, "tile": BUILDINGS[tile].id})
    while st.stage < 5 and not st.rows[st.stage]:
        st.stage += 1
        if st.stage < 5 and not st.face_up[st.stage]:
            st.face_up[st.stage] = True
            st.revealed = True
            if st.events is not None:
                st.note(f"Stage {st.stage + 1} is turned face up: "
                        + ", ".join(BUILDINGS[t].id for t in st.rows[st.stage]) + ".",
                        {"stage": st.stage + 1, "tiles": [BUILDINGS[t].id for t in st.rows[st.stage]]})


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
    st.fences[(site, field)] = p
    st.fences_left[p] -= 1
    st.fence_cache = None
    if st.events is not None:
        st.note(f"{{p{p}}} builds a fence between site {fmt(site)} and field {fmt(field)}.",
                {"player": p, "site": list(site), "field": list(field)})
    cottage = st.sites[site]
    if is_fenced_off(st, site):
        del st.sites[site]
        st.cottage_at[cottage] = None
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
    del st.fences[(site, field)]
    st.fence_cache = None
    if st.events is not None:
        st.note(f"{{p{p}}} removes the fence between site {fmt(site)} and field {fmt(field)}.",
                {"player": p, "site": list(site), "field": list(field)})


def exchange(st: KState, p: int, move: Move) -> None:
    """keythedral.craft.exchange / craft.restock / trader.exchange"""
    pay(st, p, move.pay)
    if len(move.get) == 2:  # keythedral.law.bargain: two resource cubes from the store
        for letter in move.get:
            st.store[LETTER_INDEX[letter]] -= 1
            st.cubes[p][LETTER_INDEX[letter]] += 1
        if st.events is not None:
            st.note(f"{{p{p}}} gives the trader {move.pay} for {move.get} (bargain).", {"player": p})
        return
    get = LETTER_INDEX[move.get]
    if move.kind == "craft":
        shop = CRAFT_INDEX[get]
        if st.shops[shop] == 0:  # restock from the used cubes in the store
            st.shops[shop] = st.store[get]
            st.store[get] = 0
        st.shops[shop] -= 1
    else:
        st.store[get] -= 1
    st.cubes[p][get] += 1
    if st.events is not None:
        who = f"the {SHOP[get]}" if move.kind == "craft" else "the trader"
        st.note(f"{{p{p}}} gives {who} {'+'.join(move.pay)} for {CUBE_NAME[get]}.",
                {"player": p, "paid": move.pay, "got": move.get, "from": who})


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
