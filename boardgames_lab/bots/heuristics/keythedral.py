"""Keythedral rule of thumb: seats in the Keythedral score, so work towards the cheapest open tile.

Buying a building tile is the main source of points (its seat value); cubes are worth their end-game
points; workers go to fields whose cube a visible tile asks for; cottages go next to many fields;
cubes are only spent when that brings points, and the start-player auction is not worth cubes.
"""
from __future__ import annotations

from typing import Any, Sequence

from ...rulesets.keythedral.board import fmt
from ...rulesets.keythedral.data import CUBE_POINTS, STAGE_POINTS
from ..heuristic import register_heuristic

LETTERS = "STFWVIGA"
FIELD_CUBE = {"grey": "S", "brown": "T", "green": "F", "blue": "W", "red": "V"}
_NEAR = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _points(cubes: str) -> int:
    return sum(CUBE_POINTS[LETTERS.index(c)] for c in cubes)


def _wanted(view: dict[str, Any]) -> set[str]:
    """Cube letters that some visible building tile still asks for."""
    return {c for stage in view["mat"] if stage["tiles"] for tile in stage["tiles"] for c in tile["cost"]}


def _score(move: Any, view: dict[str, Any], me: dict[str, Any], ctx: dict[str, Any]) -> tuple[float, str]:
    kind = move.kind
    if kind == "buy":
        points = STAGE_POINTS[int(move.tile.split("-")[0]) - 1]
        return 10.0 + points, f"a seat worth {points} points in the Keythedral"
    if kind == "house":
        return 4.0, "a house sends two workers to the fields"
    if kind == "craft":
        gain = _points(move.get) - _points(move.pay)
        return 0.5 + gain, f"turns {move.pay} into {move.get} ({gain:+d} points at the end)"
    if kind == "trade":
        gain = _points(move.get) - _points(move.pay)
        return gain - 0.2, f"trades {move.pay} for {move.get} ({gain:+d} points)"
    if kind == "worker":
        cube = ctx["field_cube"].get(fmt(move.node), "")
        need = cube in ctx["wanted"]
        return 1.0 + need, f"harvests {cube or 'a cube'}" + (", which a visible tile asks for" if need else "")
    if kind == "cottage":
        x, y = move.node
        near = sum((x + dx, y + dy) in ctx["fields"] for dx, dy in _NEAR)
        return float(near), f"next to {near} fields"
    if kind == "bid":
        return -float(move.num), "the start player is not worth cubes" if move.num else "keeps my cubes"
    if kind == "give":
        return -float(_points(move.pay)), f"pays with a cube worth {_points(move.pay)}"
    if kind == "start":
        mine = move.num - 1 == view["perspective"]
        return float(mine), "I take the start" if mine else "someone else starts"
    if kind == "take":
        return 1.0, "a free cube"
    if kind == "law":
        return -0.5, "a law card costs a cube now for an uncertain use"
    if kind in ("fence", "unfence"):
        return -1.0, "a fence costs cubes and scores nothing itself"
    return 0.0, {"pass": "nothing here is worth my cubes now", "decline": "no law card worth playing",
                 "play": "a law card when it is my chance"}.get(kind, "no strong reason either way")


@register_heuristic("keythedral")
def keythedral(view: dict[str, Any], legal_moves: Sequence[Any]) -> list[tuple[float, str]]:
    me = view["players"][view["perspective"]]
    fields = {}
    for f in view["fields"]:
        x, y = (int(v) for v in f["at"].split(","))
        fields[(x, y)] = f
    ctx = {"fields": fields, "wanted": _wanted(view),
           "field_cube": {f["at"]: FIELD_CUBE.get(f["kind"], "") for f in view["fields"]}}
    return [_score(m, view, me, ctx) for m in legal_moves]
