"""The travel map as a networkx graph, built once at import; the state stores only positions."""
from __future__ import annotations

import networkx as nx

from .data import ROUTES, TOWN0, TOWNS, VILLAGE

TOWN_INDEX = {name: i for i, (name, _) in enumerate(TOWNS)}
REWARD = tuple(reward for _, reward in TOWNS)


def build_map() -> nx.Graph[str]:
    graph: nx.Graph[str] = nx.Graph()
    graph.add_node(VILLAGE, reward=None)
    for name, reward in TOWNS:
        graph.add_node(name, reward=reward)
    for a, b, cubes in ROUTES:
        graph.add_edge(a, b, cubes=cubes)
    return graph


MAP = build_map()


def _need(cubes: tuple[int, ...]) -> tuple[int, int, int, int]:
    need = [0, 0, 0, 0]
    for colour in cubes:
        need[colour] += 1
    return (need[0], need[1], need[2], need[3])


# Routes as plain tuples for the hot path: from a place code (FARM for the village) to
# (destination town index, influence needed by colour).
def _routes_from(node: str) -> tuple[tuple[int, tuple[int, int, int, int]], ...]:
    return tuple((TOWN_INDEX[other], _need(MAP.edges[node, other]["cubes"]))
                 for other in sorted(MAP.neighbors(node), key=lambda n: TOWN_INDEX.get(n, -1)) if other != VILLAGE)


FROM_VILLAGE = _routes_from(VILLAGE)
FROM_TOWN = tuple(_routes_from(name) for name, _ in TOWNS)


def routes_from_place(place: int) -> tuple[tuple[int, tuple[int, int, int, int]], ...]:
    """The routes a villager at ``place`` (the farm or a town) may take."""
    return FROM_TOWN[place - TOWN0] if place >= TOWN0 else FROM_VILLAGE
