"""Keythedral component data (Pro Ludo 2004 edition).

Printed in the rulebook: cube colours and counts, field-tile colours per type and which tiles are
numbered one, seat values 4/6/8/10/12, craft prices, fence and house costs, the 20 law cards.
NOT printed, so ASSUMED (the shared fact sheet's proposal, Part 2 §2.4–2.7): the cube cost of each of
the 34 building tiles, how many tiles each stage has in the box and on the mat, and the colour split of
the field tiles numbered 2 to 5. Each assumed table is flagged ``ASSUMED`` below; replace a table's rows
to play with the printed values.
"""
from __future__ import annotations

from typing import Iterable, NamedTuple

import networkx as nx

from ...core.moves import whole_number

# --- cubes ------------------------------------------------------------------------------------
# Index order: five resources (from fields), then three crafts (from Keytown).
STONE, TIMBER, FOOD, WATER, WINE, IRON, GLASS, GOLD = range(8)
CUBES = 8
RESOURCES = (STONE, TIMBER, FOOD, WATER, WINE)
CRAFTS = (IRON, GLASS, GOLD)
LETTER = ("S", "T", "F", "W", "V", "I", "G", "A")  # notation: A for gold (Au)
CUBE_NAME = ("stone", "timber", "food", "water", "wine", "ironwork", "stained glass", "gold")
CUBE_COLOUR = ("black", "brown", "green", "blue", "red", "white", "purple", "yellow")
STORE_START = (20, 20, 15, 15, 15, 0, 0, 0)  # rulebook, Contents
CRAFT_STOCK = 10  # of each craft colour, at its shop
MOST_CUBES = sum(STORE_START) + CRAFT_STOCK * len(CRAFTS)  # every cube of the game: no holding, so no bid, passes it
CUBE_POINTS = (1, 1, 1, 1, 1, 2, 3, 4)  # rulebook, The winner
CRAFT_PRICE = {IRON: 2, GLASS: 3, GOLD: 4}  # cubes the blacksmith, glassmaker, goldsmith ask
SHOP = {IRON: "blacksmith", GLASS: "glassmaker", GOLD: "goldsmith"}

# --- fields -------------------------------------------------------------------------------------
# A field type yields the resource of the same index.
GREY, BROWN, GREEN, BLUE, RED = STONE, TIMBER, FOOD, WATER, WINE
FIELD_NAME = ("quarry", "wood", "farm", "lake", "vineyard")
FIELD_COLOUR = ("grey", "brown", "green", "blue", "red")


class FieldTile(NamedTuple):
    number: int  # the back number: used with at least this many players
    kind: int  # GREY .. RED


# Tiles numbered one are printed (two grey, two brown). ASSUMED: the colours of the tiles numbered 2 to 5
# (fact sheet §2.6, proposal), chosen so the totals match the printed 6 grey, 8 brown, 5 of each other.
FIELD_SPLIT_ASSUMED = {
    2: {GREY: 1, BROWN: 3, BLUE: 2, GREEN: 2, RED: 2},
    3: {GREY: 1, BROWN: 1, BLUE: 1, GREEN: 1, RED: 1},
    4: {GREY: 1, BROWN: 1, BLUE: 1, GREEN: 1, RED: 1},
    5: {GREY: 1, BROWN: 1, BLUE: 1, GREEN: 1, RED: 1},
}
FIELD_TILES: tuple[FieldTile, ...] = (
    FieldTile(1, GREY), FieldTile(1, GREY), FieldTile(1, BROWN), FieldTile(1, BROWN),
    *(FieldTile(number, kind) for number, split in FIELD_SPLIT_ASSUMED.items()
      for kind, count in split.items() for _ in range(count)),
)
FIELDS_PER_PLAYER = 5
COTTAGES_PER_PLAYER = 5
COTTAGE_NUMBERS = range(1, COTTAGES_PER_PLAYER + 1)  # a seat's cottages, by the number on each
FENCES_PER_PLAYER = 3
WORKERS_PER_PLAYER = 10

# --- building tiles --------------------------------------------------------------------------------
STAGE_POINTS = (4, 6, 8, 10, 12)  # printed: seat value of a tile of each stage
STAGE_COUNT = len(STAGE_POINTS)  # the building mat's rows, stages 1 to 5 (st.stage past the last: all sold)
STAGE_SHORT_ASSUMED = (4, 4, 4, 3, 2)  # grey spaces per row (fact sheet §2.4, from reviews)
STAGE_FULL_ASSUMED = (5, 5, 5, 4, 3)  # plus one orange space per row (fact sheet §2.4, inferred)


class BuildingTile(NamedTuple):
    id: str
    stage: int  # 0..4
    cost: tuple[int, ...]  # count per cube index


def _cost(letters: str) -> tuple[int, ...]:
    counts = [0] * CUBES
    for letter in letters.split():
        counts[LETTER.index(letter)] += 1
    return tuple(counts)


# ASSUMED: every cost below (fact sheet §2.5, proposal; the printed costs were not found). 8/8/8/6/4 per stage.
_COSTS_ASSUMED = {
    1: ("S T", "S T", "S S W", "T T F", "S T F", "S T W", "T T W", "S S F"),
    2: ("S S T F", "S T T W", "S S T W", "S T T F", "S T F W", "S S F F", "T T F W", "S T W W"),
    3: ("T T F W", "T I F", "T I W", "T T F V", "T T W V", "T I V", "T F W V", "T I F W"),
    4: ("I G F", "I G W", "I F W V", "G G F W", "A F W", "I G V"),
    5: ("A G F W", "A I F V", "A I W V", "A G W V"),
}
BUILDINGS: tuple[BuildingTile, ...] = tuple(
    BuildingTile(f"{stage}-{'ABCDEFGH'[i]}", stage - 1, _cost(cost))
    for stage, costs in _COSTS_ASSUMED.items() for i, cost in enumerate(costs))
BUILDING_INDEX = {b.id: i for i, b in enumerate(BUILDINGS)}
STAGE_TILES = tuple(tuple(i for i, b in enumerate(BUILDINGS) if b.stage == s) for s in range(STAGE_COUNT))

# --- law cards -------------------------------------------------------------------------------------
# When a card may be played. The italic timing lines of the printed cards were not found; these windows
# follow the appendix text where it names a time and the fact sheet's derivation rule (§2.7) otherwise.
P1_START = "p1_start"  # at the beginning of phase one
ORDER_CHOSEN = "order_chosen"  # in phase one, right after a work order number is chosen
P2_START = "p2_start"  # at the beginning of phase two
OWN_TURN = "own_turn"  # in phase three, on the player's own turn, before or instead of an action
AT_PURCHASE = "at_purchase"  # when another player attempts to buy a building tile
ANSWER = "answer"  # right after another player's law card is played
PHASE_START = "phase_start"  # at the beginning of any of the five phases
ANY_TIME = "any_time"  # in every law window and on the player's own turn
BEFORE_P1 = "before_p1"  # at the beginning of phase five (for the coming round) or of phase one
BEFORE_P3 = "before_p3"  # at the beginning of phase one, two or three, or after a work order choice


class LawCard(NamedTuple):
    number: int
    id: str
    title: str
    timing: tuple[str, ...]  # ASSUMED where the appendix is silent (see the module docstring)
    summary: str


LAWS: tuple[LawCard, ...] = (
    LawCard(1, "work_order", "Work order", (P1_START,), "choose the whole work order of this round"),
    LawCard(2, "price_increase", "Price increase", (AT_PURCHASE,),
            "a building tile costs one cube more (of a type it shows) until bought"),
    LawCard(3, "price_decrease", "Price decrease", (OWN_TURN,),
            "a building tile costs one cube less (not gold) until bought"),
    LawCard(4, "upgrade_cottage", "Upgrade cottage", (OWN_TURN,), "one of your cottages becomes a house for free"),
    LawCard(5, "substitution", "Substitution", (OWN_TURN,),
            "buy a building tile paying other resource cubes for shown ones, or one craft cube for another"),
    LawCard(6, "cottage_number", "Cottage number", (ORDER_CHOSEN,),
            "one of your cottages acts as the number just chosen (it will not act again this round)"),
    LawCard(7, "craft_bargain", "Craft bargain", (ANY_TIME,),
            "give the trader one resource cube for a used craft cube from the store"),
    LawCard(8, "unexpected_harvest", "Unexpected harvest", (P2_START,),
            "your workers in one field type take cubes of colours you choose"),
    LawCard(9, "broken_fences", "Broken fences", (BEFORE_P1, ORDER_CHOSEN),
            "one player's workers ignore fences this round"),
    LawCard(10, "repeal_law", "Repeal law", (ANSWER,), "the law card just played has no effect"),
    LawCard(11, "unsafe_fence", "Unsafe fence", (ANY_TIME,), "remove one fence from the game"),
    LawCard(12, "house_moratorium", "House moratorium", (BEFORE_P3,), "no other player may build houses this round"),
    LawCard(13, "design_change", "Design change", (ANY_TIME,),
            "replace a face-up building tile with a random unused tile of the same stage"),
    LawCard(14, "double_production", "Double production", (P2_START,), "one of your workers harvests double"),
    LawCard(15, "bargain", "Bargain", (OWN_TURN,), "the trader takes one cube and gives two resource cubes"),
    LawCard(16, "sale", "Sale", (OWN_TURN,), "gold or stained glass for two cubes fewer"),
    LawCard(17, "downgrade_house", "Downgrade house", (OWN_TURN,), "turn a house back into a cottage"),
    LawCard(18, "good_harvest", "Good harvest", (P2_START,), "every field of one type yields double this round"),
    LawCard(19, "poor_harvest", "Poor harvest", (P2_START,), "every field of one type yields nothing this round"),
    LawCard(20, "start_order", "Start order", (PHASE_START,), "choose a new start player"),
)
LAW_INDEX = {law.id: i for i, law in enumerate(LAWS)}
LAW_SPACES = 2
LAW_SPACES_TWO_PLAYERS = 1


# --- the board: the tile lattice as a networkx graph, built once at import. -----------------------------------
# 
# Octagonal field tiles and square cottage sites form the truncated square tiling. In doubled coordinates
# a field sits where both coordinates are odd and a cottage site where both are even: a field touches the
# four fields two steps away along an axis and the four sites one step away diagonally; a site touches four
# fields. The Keythedral tile sits on site (0, 0). The graph is fixed; which tiles lie where, the fences and
# the workers live in the game state as plain dicts and sets, so copying a state never copies the graph.

Node = tuple[int, int]
RADIUS = 57  # every tile laid in set-up stays within this reach of the Keythedral (at most 26 fields out)
CENTRE: Node = (0, 0)
# The four number-one fields around the Keythedral: quarries opposite each other, woods opposite each other.
KEY_QUARRIES: tuple[Node, Node] = ((-1, -1), (1, 1))
KEY_WOODS: tuple[Node, Node] = ((1, -1), (-1, 1))
# Without the Keythedral tile (two players): a quarry and a wood side by side.
TWO_PLAYER_FIELDS: tuple[Node, Node] = ((-1, 1), (1, 1))


def is_field(node: Node) -> bool:
    return node[0] % 2 == 1 and node[1] % 2 == 1


def is_site(node: Node) -> bool:
    return node[0] % 2 == 0 and node[1] % 2 == 0


def build_lattice(radius: int = RADIUS) -> nx.Graph[Node]:
    """Fields and sites with ``kind`` attributes; edges say ``access`` (site–field) or ``border`` (field–field)."""
    g: nx.Graph[Node] = nx.Graph()
    span = range(-radius, radius + 1)
    for x in span:
        for y in span:
            if (x + y) % 2:
                continue
            g.add_node((x, y), kind="field" if x % 2 else "site")
    for x, y in list(g.nodes):
        if x % 2:  # a field: link it to its diagonal sites and the fields along its axes
            for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
                if (x + dx, y + dy) in g:
                    g.add_edge((x, y), (x + dx, y + dy), kind="access")
            for dx, dy in ((2, 0), (0, 2)):
                if (x + dx, y + dy) in g:
                    g.add_edge((x, y), (x + dx, y + dy), kind="border")
    return g


LATTICE = build_lattice()
# Read once from the graph for the hot path: neighbour tuples per node.
SITE_FIELDS: dict[Node, tuple[Node, ...]] = {
    n: tuple(m for m in LATTICE[n]) for n in LATTICE if LATTICE.nodes[n]["kind"] == "site"}
FIELD_SITES: dict[Node, tuple[Node, ...]] = {
    n: tuple(m for m in LATTICE[n] if LATTICE.edges[n, m]["kind"] == "access")
    for n in LATTICE if LATTICE.nodes[n]["kind"] == "field"}
FIELD_FIELDS: dict[Node, tuple[Node, ...]] = {
    n: tuple(m for m in LATTICE[n] if LATTICE.edges[n, m]["kind"] == "border")
    for n in LATTICE if LATTICE.nodes[n]["kind"] == "field"}
# Every (cottage site, field) pair a fence may stand on, numbered by site, then by the site's fields in order.
FENCE_SPOTS = tuple((site, f) for site in sorted(SITE_FIELDS) for f in SITE_FIELDS[site])
FENCE_ID = {spot: i for i, spot in enumerate(FENCE_SPOTS)}
SITE_SPOTS = {site: tuple((f, FENCE_ID[site, f]) for f in fields) for site, fields in SITE_FIELDS.items()}


def on_board(node: Node) -> bool:
    return node in LATTICE


def board_graph(fields: dict[Node, int], sites: Iterable[Node], fences: dict[tuple[Node, Node], int]) -> nx.Graph[Node]:
    """The laid tiles as a graph (a view of the lattice), fences marked on their access edges.

    For teaching and drawing; the rules use the neighbour tuples above."""
    nodes = set(fields) | set(sites)
    g: nx.Graph[Node] = nx.Graph(LATTICE.subgraph(nodes))
    for (site, field), owner in fences.items():
        if g.has_edge(site, field):
            g.edges[site, field]["fence"] = owner
    for node, kind in fields.items():
        g.nodes[node]["field"] = kind
    return g


def reachable_fields(g: nx.Graph[Node], site: Node) -> list[Node]:
    """Where the workers of the tile on ``site`` may go: laid fields across unfenced edges."""
    if site not in g:
        return []
    return [f for f in g[site] if "field" in g.nodes[f] and "fence" not in g.edges[site, f]]


def fenced_off(g: nx.Graph[Node], site: Node) -> bool:
    """A tile is fenced off when every laid field next to it sits behind a fence."""
    return not reachable_fields(g, site)


def fmt(node: Node) -> str:
    return f"{node[0]},{node[1]}"


def parse_node(text: str) -> Node | None:
    """``x,y`` in ASCII digits (each may start with a minus), or None."""
    parts = text.split(",")
    if len(parts) != 2:
        return None
    x, y = (_coordinate(part) for part in parts)
    return None if x is None or y is None else (x, y)


def _coordinate(text: str) -> int | None:
    number = whole_number(text[1:] if text.startswith("-") else text)
    return None if number is None else -number if text.startswith("-") else number
