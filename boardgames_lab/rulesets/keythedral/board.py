"""The tile lattice as a networkx graph, built once at import.

Octagonal field tiles and square cottage sites form the truncated square tiling. In doubled coordinates
a field sits where both coordinates are odd and a cottage site where both are even: a field touches the
four fields two steps away along an axis and the four sites one step away diagonally; a site touches four
fields. The Keythedral tile sits on site (0, 0). The graph is fixed; which tiles lie where, the fences and
the workers live in the game state as plain dicts and sets, so copying a state never copies the graph.
"""
from __future__ import annotations

import re
from typing import Iterable

import networkx as nx

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


def build_lattice(radius: int = RADIUS) -> nx.Graph:
    """Fields and sites with ``kind`` attributes; edges say ``access`` (site–field) or ``border`` (field–field)."""
    g = nx.Graph()
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
    n: tuple(m for m in LATTICE[n]) for n, kind in LATTICE.nodes(data="kind") if kind == "site"}
FIELD_SITES: dict[Node, tuple[Node, ...]] = {
    n: tuple(m for m in LATTICE[n] if LATTICE.edges[n, m]["kind"] == "access")
    for n, kind in LATTICE.nodes(data="kind") if kind == "field"}
FIELD_FIELDS: dict[Node, tuple[Node, ...]] = {
    n: tuple(m for m in LATTICE[n] if LATTICE.edges[n, m]["kind"] == "border")
    for n, kind in LATTICE.nodes(data="kind") if kind == "field"}


def on_board(node: Node) -> bool:
    return node in LATTICE


def board_graph(fields: dict[Node, int], sites: Iterable[Node], fences: dict[tuple[Node, Node], int]) -> nx.Graph:
    """The laid tiles as a graph (a view of the lattice), fences marked on their access edges.

    For teaching and drawing; the rules use the neighbour tuples above."""
    nodes = set(fields) | set(sites)
    g = nx.Graph(LATTICE.subgraph(nodes))
    for (site, field), owner in fences.items():
        if g.has_edge(site, field):
            g.edges[site, field]["fence"] = owner
    for node, kind in fields.items():
        g.nodes[node]["field"] = kind
    return g


def reachable_fields(g: nx.Graph, site: Node) -> list[Node]:
    """Where the workers of the tile on ``site`` may go: laid fields across unfenced edges."""
    if site not in g:
        return []
    return [f for f in g[site] if "field" in g.nodes[f] and "fence" not in g.edges[site, f]]


def fenced_off(g: nx.Graph, site: Node) -> bool:
    """A tile is fenced off when every laid field next to it sits behind a fence."""
    return not reachable_fields(g, site)


def fmt(node: Node) -> str:
    return f"{node[0]},{node[1]}"


_COORD = re.compile(r"-?[0-9]+")  # ASCII digits only: int() would also read "٣" or " 3"


def parse_node(text: str) -> Node | None:
    parts = text.split(",")
    if len(parts) != 2 or not all(_COORD.fullmatch(part) for part in parts):
        return None
    return int(parts[0]), int(parts[1])
