"""Keythedral rule of thumb: seats in the Keythedral score, so work towards one open tile at a time.

Buying a building tile is the main source of points (its seat value). The player aims at the tile for sale
it is closest to paying for (its *target*): the target's cubes are kept, every other cube is *spare*.
Spare cubes are traded at the trader, or turned into a craft cube, for a cube the target still lacks:
a cube paid into the store goes back into circulation, so spending spare cubes keeps cubes moving round
the table. Cubes are never traded or crafted for their end-game points alone: a table of players who
only hoard empties the store and the shops, and then nobody can complete a tile (docs/games/keythedral.md,
"Bot games and the cube supply"). Workers go to fields whose cube the target (or another visible tile)
asks for; cottages go next to many fields; the start-player auction is not worth cubes.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from .data import CUBE_POINTS, STAGE_POINTS, fmt
from .words import cubes

LETTERS = "STFWVIGA"
CRAFT_LETTERS = "IGA"
FIELD_CUBE = {"grey": "S", "brown": "T", "green": "F", "blue": "W", "red": "V"}
_NEAR = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _points(cubes: str) -> int:
    return sum(CUBE_POINTS[LETTERS.index(c)] for c in cubes)


def _tiles(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The face-up building tiles still on the mat (with face-up tiles, later stages' too)."""
    return [tile for stage in view["mat"] if stage["tiles"] for tile in stage["tiles"]]


def _for_sale(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The tiles of the stage being built: a later stage is for sale only once this one is sold out."""
    return [tile for tile in _tiles(view) if tile["stage"] == view["stage"]]


def _lacking(cost: str, have: Counter[str]) -> Counter[str]:
    return Counter(cost) - have


def _obtainable(letter: str, view: dict[str, Any]) -> bool:
    """The trader (a resource in the store) or a craft shop (its stock or used cubes in the store) has it."""
    if letter in CRAFT_LETTERS:
        return view["shops"][letter] > 0 or view["store"][letter] > 0
    return view["store"][letter] > 0


def _target(view: dict[str, Any], have: Counter[str]) -> dict[str, Any] | None:
    """The tile for sale needing the fewest cubes more, those that cannot be had now counted double; the
    higher seat first on a tie."""
    def distance(tile: dict[str, Any]) -> tuple[int, int, str]:
        lack = _lacking(tile["cost"], have)
        return (sum(n * (1 if _obtainable(c, view) else 2) for c, n in lack.items()), -tile["points"], tile["id"])
    tiles = _for_sale(view)
    return min(tiles, key=distance) if tiles else None


def _context(view: dict[str, Any]) -> dict[str, Any]:
    me = view["players"][view["perspective"]]
    have = Counter({c: n for c, n in me["cubes"].items() if n})
    target = _target(view, have)
    cost = Counter(target["cost"]) if target else Counter()
    fields = {tuple(int(v) for v in f["at"].split(",")): f for f in view["fields"]}
    return {"have": have, "target": target, "lack": cost - have, "spare": have - cost, "fields": fields,
            "wanted": {c for tile in _tiles(view) for c in tile["cost"]},
            "field_cube": {f["at"]: FIELD_CUBE.get(f["kind"], "") for f in view["fields"]}}


def _pays_spare(pay: str, ctx: dict[str, Any]) -> bool:
    return not Counter(pay) - ctx["spare"]


def _exchange(move: Any, ctx: dict[str, Any]) -> tuple[float, str]:
    """A craft purchase or a trade: worth it when spare cubes buy a cube the target lacks."""
    get = move.craft if move.kind == "craft" else move.receive
    got = Counter(get)
    useful = sum((got & ctx["lack"]).values())
    target = "my target tile" if ctx["target"] else "no tile"
    if useful and _pays_spare(move.paid, ctx):
        # cheaper payments first; among them, keep the cubes worth more at the end
        return 6.0 + useful - 0.1 * len(move.paid) - 0.01 * _points(move.paid), \
            f"spare {cubes(move.paid)} for {cubes(get)}, which {target} needs"
    if useful:
        return -0.5, f"{cubes(get)} is for {target}, but {cubes(move.paid)} is needed for it too"
    return -1.0 - 0.1 * len(move.paid), f"{cubes(get)} is not what {target} needs"


def _score(move: Any, view: dict[str, Any], ctx: dict[str, Any]) -> tuple[float, str]:
    kind = move.kind
    if kind == "buy":
        points = STAGE_POINTS[int(move.tile.split("-")[0]) - 1]
        return 10.0 + points, f"a seat worth {points} points in the Keythedral"
    if kind == "house":
        if _pays_spare("ST", ctx):
            return 4.0, "a house sends two workers to the fields"
        return -0.5, "a house would take stone or timber the target tile needs"
    if kind in ("craft", "trade"):
        return _exchange(move, ctx)
    if kind == "worker":
        cube = ctx["field_cube"].get(fmt(move.field), "")
        if cube in ctx["lack"]:
            return 3.0, f"harvests {cubes(cube)}, which my target tile lacks"
        if cube in ctx["wanted"]:
            return 2.0, f"harvests {cubes(cube)}, which a visible tile asks for"
        return 1.0, f"harvests {cubes(cube) if cube else 'a cube'}"
    if kind == "cottage":
        x, y = move.site
        near = sum((x + dx, y + dy) in ctx["fields"] for dx, dy in _NEAR)
        return float(near), f"next to {near} fields"
    if kind == "bid":
        return -float(move.cubes), "the start player is not worth cubes" if move.cubes else "keeps my cubes"
    if kind == "give":
        spare = 0.5 if _pays_spare(move.cube, ctx) else 0.0
        return spare - float(_points(move.cube)), f"pays with a cube worth {_points(move.cube)}"
    if kind == "start":
        mine = move.start_player == view["perspective"]
        return float(mine), "I take the start" if mine else "someone else starts"
    if kind == "take":
        return (2.0 if move.cube in ctx["lack"] else 1.0), "a free cube"
    if kind == "law":
        return -0.5, "a law card costs a cube now for an uncertain use"
    if kind in ("fence", "unfence"):
        return -1.0, "a fence costs cubes and scores nothing itself"
    return 0.0, {"pass": "nothing here is worth my cubes now", "decline": "no law card worth playing",
                 "play": "a law card when it is my chance"}.get(kind, "no strong reason either way")


def score_moves(view: dict[str, Any], legal_moves: Sequence[Any]) -> list[tuple[float, str]]:
    """Each legal move's score and the reason a student reads, from the view alone (the heuristic bot plays the best)."""
    ctx = _context(view)
    return [_score(m, view, ctx) for m in legal_moves]
