"""Phase three's six actions: the one check and the candidates of buying, houses, fences, crafts, the trader and
procuring a law card (the price cards, Substitution, Bargain and Sale included)."""
from __future__ import annotations

from ...core.moves import Kind, Refusal
from .data import SITE_FIELDS
from .data import BUILDING_INDEX, BUILDINGS, CRAFT_PRICE, CUBE_NAME, GLASS, GOLD, LETTER, RESOURCES, SHOP, STAGE_COUNT
from .moves import BuildFence, BuildHouse, BuyCraft, BuyTile, ProcureLaw, RemoveFence, Trade, sort_cubes
from .laws import moratorium_blocks
from .prices import (COSTS, LETTER_INDEX, adjusted_costs, counts_of, craft_available, payments,
                     substitution_payments)
from .state import KEYTHEDRAL, KState
from .words import counted, cubes
from .words import field as field_words
from .words import site as site_words
from .words import tile as tile_words

P = "keythedral."


def no(rule: str, reason: str, remedy: str = "") -> Refusal:
    return Refusal(P + rule, reason, remedy)


def _letters_ok(letters: str) -> bool:
    return all(c in LETTER_INDEX for c in letters) and sort_cubes(letters) == letters


def _owns(st: KState, p: int, letters: str) -> bool:
    counts, cubes = counts_of(letters), st.cubes[p]
    return all(cubes[k] >= counts[k] for k in range(8))


# --- action one: buy a building tile ---------------------------------------------------------------------

def check_buy(st: KState, m: BuyTile) -> Refusal | None:
    """keythedral.buy.face_up / buy.next_stage / law.price_increase / law.price_decrease / law.substitution."""
    if m.tile not in BUILDING_INDEX:
        return no("buy.face_up", f"there is no building tile {m.tile!r}", "ids look like 1-A .. 5-D")
    tile, p = BUILDING_INDEX[m.tile], m.player
    if st.stage >= 5 or tile not in st.rows[st.stage]:
        rule = "buy.next_stage" if any(tile in r for r in st.rows) else "buy.face_up"
        now = f"buy a face-up tile of stage {st.stage + 1}" if st.stage < STAGE_COUNT else "no tile is for sale any more"
        return no(rule, f"that tile ({tile_words(m.tile)}) is not face up for sale", now)
    if st.effects.get("turn") == "substitution":
        if m.change or m.paid not in substitution_payments(st, p, tile):
            return no("law.substitution", "with Substitution, pay with cubes you own that may stand for the cubes "
                      f"shown ({counted(COSTS[tile])})", "pay other cubes of the same kinds: resources for resources, "
                      "craft cubes for craft cubes")
        return None
    if m.paid:
        return no("law.substitution", "naming other cubes to pay needs the Substitution card played this turn",
                  "pay the cubes shown on the tile")
    costs = dict(adjusted_costs(st, tile))
    if m.change not in costs:
        return _price_choice(m, costs)
    cost = costs[m.change]
    if any(st.cubes[p][k] < cost[k] for k in range(8)):
        return no("buy.face_up", f"the tile costs {counted(cost)}; you have {counted(st.cubes[p])}",
                  "gather the cubes first")
    return None


def _price_choice(m: BuyTile, costs: dict[str, tuple[int, ...]]) -> Refusal:
    if list(costs) == [""]:
        return no("buy.face_up", "the tile carries no price card: a purchase takes no extra cube choice",
                  "pay the cubes shown on the tile")
    rule = "law.price_increase" if next(iter(costs)).startswith("+") else "law.price_decrease"
    return no(rule, "that is not a price choice for the tile",
              "pay one of: " + "; ".join(counted(cost) for cost in costs.values()))


def buy_candidates(st: KState, seat: int) -> list[BuyTile]:
    if st.stage >= 5:
        return []
    out: list[BuyTile] = []
    for tile in st.rows[st.stage]:
        tile_id = BUILDINGS[tile].id
        if st.effects.get("turn") == "substitution":
            out.extend(BuyTile(seat, tile_id, "", pay) for pay in substitution_payments(st, seat, tile))
        else:
            out.extend(BuyTile(seat, tile_id, change) for change, _cost in adjusted_costs(st, tile))
    return out


# --- action two: a house ---------------------------------------------------------------------------------

def check_house(st: KState, m: BuildHouse) -> Refusal | None:
    """keythedral.house.cost / law.house_moratorium: one's cottage on the board, for one stone and one timber."""
    p, c = m.player, 5 * m.player + m.number - 1
    if not 1 <= m.number <= 5 or st.houses[c] or st.cottage_at[c] is None:
        return no("house.cost", f"number {m.number} is not one of your cottages on the board",
                  "it may be a house already")
    if moratorium_blocks(st, p):
        return no("law.house_moratorium", f"the House moratorium of {{p{st.effects['moratorium']}}} forbids "
                  "other players to build houses this round")
    if not st.cubes[p][0] or not st.cubes[p][1]:
        return no("house.cost", "a house costs one stone and one timber", "gather them first")
    return None


# --- action three: fences --------------------------------------------------------------------------------

def check_fence(st: KState, m: BuildFence) -> Refusal | None:
    """keythedral.fence.build: one timber, one of one's three fences, on a free edge of a cottage and a field."""
    p = m.player
    if not st.fences_left[p]:
        return no("fence.build", "you have used all three of your fences")
    if not st.cubes[p][1]:
        return no("fence.build", "a fence costs one timber", "gather one first")
    site, field = m.site, m.field
    cottage = st.sites.get(site)
    if (cottage is None or cottage == KEYTHEDRAL or field not in SITE_FIELDS[site] or field not in st.fields
            or (site, field) in st.fences):
        return no("fence.build", f"the edge between {site_words(st, site)} and {field_words(st, field)} is not a "
                  "free edge between a cottage and a laid field",
                  "pick a cottage (not the Keythedral) and an unfenced field next to it")
    return None


def fence_candidates(st: KState, seat: int) -> list[BuildFence]:
    return [BuildFence(seat, site, f) for site in sorted(st.sites) for f in SITE_FIELDS[site]]


def check_unfence(st: KState, m: RemoveFence) -> Refusal | None:
    """keythedral.fence.remove: any fence, for two wine."""
    if st.cubes[m.player][4] < 2:
        return no("fence.remove", "removing a fence costs two wine", "gather two first")
    if (m.site, m.field) not in st.fences:
        return no("fence.remove", f"no fence stands between {site_words(st, m.site)} and {field_words(st, m.field)}",
                  "pick a fence on the board")
    return None


# --- actions four and five: crafts and the trader ----------------------------------------------------------

def craft_sizes(st: KState, craft: int) -> tuple[int, ...]:
    """keythedral.craft.exchange / law.sale: how many cubes the shop asks."""
    if st.effects.get("turn") == "sale" and craft in (GLASS, GOLD):
        return CRAFT_PRICE[craft], CRAFT_PRICE[craft] - 2
    return (CRAFT_PRICE[craft],)


def _payment_refusal(st: KState, rule: str, p: int, get: str, paid: str, sizes: tuple[int, ...]) -> Refusal | None:
    if not _letters_ok(paid) or len(paid) not in sizes or get in paid:
        return no(rule, f"pay {' or '.join(map(str, sizes))} cubes other than {get}, by their letters in the order "
                  "S T F W V I G A", f"e.g. {'ST' if sizes[0] == 2 else 'STF'}")
    if not _owns(st, p, paid):
        return no(rule, f"you do not own {cubes(paid)}; you have {counted(st.cubes[p])}", "pay with cubes you own")
    return None


def check_craft(st: KState, m: BuyCraft) -> Refusal | None:
    """keythedral.craft.exchange / craft.restock / law.sale."""
    if m.craft not in ("I", "G", "A"):
        return no("craft.exchange", "the craft shops sell I (ironwork), G (glass) and A (gold)", "e.g. 'craft I ST'")
    k = LETTER_INDEX[m.craft]
    if not craft_available(st, k):
        return no("craft.restock", f"the {SHOP[k]} has no {CUBE_NAME[k]} and none wait in the store")
    sizes = craft_sizes(st, k)
    if _letters_ok(m.paid) and len(m.paid) < CRAFT_PRICE[k] and len(m.paid) not in sizes:
        return no("law.sale", "paying fewer cubes needs the Sale card played this turn (glass or gold only)",
                  f"pay {CRAFT_PRICE[k]} cubes")
    return _payment_refusal(st, "craft.exchange", m.player, m.craft, m.paid, sizes)


def craft_candidates(st: KState, seat: int) -> list[BuyCraft]:
    holding = st.cubes[seat]
    out: list[BuyCraft] = []
    for craft in (5, 6, 7):
        without = tuple(0 if k == craft else holding[k] for k in range(8))
        for size in craft_sizes(st, craft):
            out.extend(BuyCraft(seat, LETTER[craft], pay) for pay in payments(without, size))
    return out


def check_trade(st: KState, m: Trade) -> Refusal | None:
    """keythedral.trader.exchange / law.bargain / law.craft_bargain."""
    if len(m.receive) == 2:
        return _bargain_refusal(st, m)
    if m.receive not in LETTER_INDEX:
        return no("trader.exchange", f"{m.receive!r} is not a cube the trader gives", "e.g. 'trade V ST'")
    k = LETTER_INDEX[m.receive]
    if k >= 5:
        return no("law.craft_bargain", "the trader gives a craft cube only for the Craft bargain card",
                  "'play craft_bargain I:S'")
    if not st.store[k]:
        return no("trader.exchange", f"the store has no {CUBE_NAME[k]} left", "ask for another colour")
    return _payment_refusal(st, "trader.exchange", m.player, m.receive, m.paid, (2,))


def _bargain_refusal(st: KState, m: Trade) -> Refusal | None:
    """keythedral.law.bargain: two resource cubes in store for any one cube, while the card lasts this turn."""
    if st.effects.get("turn") != "bargain":
        return no("law.bargain", "two cubes from the trader need the Bargain card played this turn",
                  "ask for one cube, for two")
    a, b = m.receive[0], m.receive[1]
    if not all(c in LETTER[:5] for c in m.receive) or sort_cubes(m.receive) != m.receive:
        return no("law.bargain", f"{m.receive!r} is not two resource cubes in the order S T F W V", "e.g. 'trade WV F'")
    store = st.store
    if not store[LETTER_INDEX[a]] or not store[LETTER_INDEX[b]] or (a == b and store[LETTER_INDEX[a]] < 2):
        return no("law.bargain", f"the store does not hold {cubes(m.receive)}", "ask for cubes the store holds")
    if len(m.paid) != 1 or m.paid not in LETTER_INDEX or not st.cubes[m.player][LETTER_INDEX[m.paid]]:
        return no("law.bargain", f"the trader takes one cube you own, not {cubes(m.paid)}", "pay one cube you own")
    return None


def trade_candidates(st: KState, seat: int) -> list[Trade]:
    holding = st.cubes[seat]
    out: list[Trade] = []
    for r in RESOURCES:
        without = tuple(0 if k == r else holding[k] for k in range(8))
        out.extend(Trade(seat, LETTER[r], pay) for pay in payments(without, 2))
    if st.effects.get("turn") == "bargain":
        pairs = [LETTER[a] + LETTER[b] for a in RESOURCES for b in RESOURCES if a <= b]
        out.extend(Trade(seat, pair, LETTER[k]) for pair in pairs for k in range(8))
    return out


# --- action six: a law card ------------------------------------------------------------------------------

def check_procure(st: KState, m: ProcureLaw) -> Refusal | None:
    """keythedral.law.procure: the face-down card of a new-law space, for any one cube."""
    if not 1 <= m.space <= len(st.law_spaces) or st.law_spaces[m.space - 1] < 0:
        return no("law.procure", f"new-law space {m.space} holds no card", "pick a space with a card")
    if len(m.paid) != 1 or m.paid not in LETTER_INDEX or not st.cubes[m.player][LETTER_INDEX[m.paid]]:
        return no("law.procure", f"a law card costs one cube you own, not {cubes(m.paid)}; you have "
                  f"{counted(st.cubes[m.player])}", "pay one cube you own")
    return None


def procure_candidates(st: KState, seat: int) -> list[ProcureLaw]:
    return [ProcureLaw(seat, space, letter) for space in range(1, len(st.law_spaces) + 1) for letter in LETTER]


ACTION_KINDS = (
    Kind(BuyTile, check_buy, buy_candidates, rule="keythedral.buy.face_up"),
    Kind(BuildHouse, check_house, lambda st, seat: [BuildHouse(seat, k) for k in range(1, 6)],
         rule="keythedral.house.cost"),
    Kind(BuildFence, check_fence, fence_candidates, rule="keythedral.fence.build"),
    Kind(RemoveFence, check_unfence, lambda st, seat: [RemoveFence(seat, s, f) for s, f in sorted(st.fences)],
         rule="keythedral.fence.remove"),
    Kind(BuyCraft, check_craft, craft_candidates, rule="keythedral.craft.exchange"),
    Kind(Trade, check_trade, trade_candidates, rule="keythedral.trader.exchange"),
    Kind(ProcureLaw, check_procure, procure_candidates, rule="keythedral.law.procure"),
)
