"""The drawings are legible at the default notebook width: no text under 11 px, every SVG label inside its box
and the drawing, no two labels on top of each other.

Widths are estimated, conservatively, at 0.6 of the font size per character (Helvetica's widest common
letters are about that; digits and most lower case are narrower), and a line of text takes the font size
from its baseline up (0.8 of it above the baseline and 0.25 below, for descenders). A label's box is the
smallest rectangle of the same drawing that holds the point the label is anchored at.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Iterator

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.game import Game
from boardgames_lab.core.moves import CHANCE
from boardgames_lab.widgets.viewer import _renderer_for

PER_CHAR, ASCENT, DESCENT, SMALLEST = 0.6, 0.8, 0.25, 11
GAMES = [("saint_petersburg", 4), ("citadels", 5), ("keythedral", 4), ("village", 4)]
SVG = re.compile(r"<svg\b([^>]*)>(.*?)</svg>", re.S)
TEXT = re.compile(r"<text\b([^>]*)>(.*?)</text>", re.S)
RECT = re.compile(r"<rect\b([^>]*?)/?>")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
CSS_SIZE = re.compile(r"font-size:\s*(\d+(?:\.\d+)?)px")


@dataclass(frozen=True)
class Box:
    left: float
    top: float
    right: float
    bottom: float

    def holds(self, other: "Box") -> bool:
        e = 0.5  # rounding of coordinates written with no decimals
        return (self.left - e <= other.left and other.right <= self.right + e and self.top - e <= other.top
                and other.bottom <= self.bottom + e)

    def has_point(self, x: float, y: float) -> bool:
        return self.left <= x <= self.right and self.top <= y <= self.bottom

    def meets(self, other: "Box") -> bool:
        return self.left < other.right and other.left < self.right and self.top < other.bottom and \
            other.top < self.bottom

    @property
    def area(self) -> float:
        return (self.right - self.left) * (self.bottom - self.top)


def _attrs(text: str) -> dict[str, str]:
    return dict(ATTR.findall(text))


def _unescape(text: str) -> str:
    return re.sub(r"&(#x?[0-9a-fA-F]+|\w+);", "x", re.sub(r"<[^>]+>", "", text))


def positions(name: str, players: int) -> Iterator[tuple[Game, str]]:
    """Seeded positions, from set-up to the end: every 25th ply of three random games, and the last."""
    for seed in (1, 2, 3):
        game = bgl.new_game(name, players=players, seed=seed)
        chooser = random.Random(seed)
        while not game.is_over and game.ply < 600:
            if game.ply % 25 == 0:
                yield game.clone(), f"seed {seed} ply {game.ply}"
            move = chooser.choice(game.legal_moves())
            game.apply(move, player=game.definition.seat_of(game.state, move))
        yield game, f"seed {seed} ply {game.ply} (the last)"


def drawings(game: Game) -> Iterator[tuple[str, str]]:
    render = _renderer_for(game)
    for seat in [None, *range(game.num_players)]:
        view = game.view(seat)
        yield f"perspective {seat}", render(view, game.names, game.winners())
    yield "the teacher", render(game.full_view(), game.names, game.winners())


def problems(html: str) -> list[str]:
    found = [f"CSS text of {size} px" for size in map(float, CSS_SIZE.findall(html)) if size < SMALLEST]
    for head, body in SVG.findall(html):
        attrs = _attrs(head)
        if "viewBox" in attrs:
            vx, vy, vw, vh = map(float, attrs["viewBox"].split())
        else:
            vx, vy, vw, vh = 0.0, 0.0, float(attrs["width"]), float(attrs["height"])
        drawing = Box(vx, vy, vx + vw, vy + vh)
        boxes = []
        for rect in RECT.findall(body):
            r = _attrs(rect)
            if {"x", "y", "width", "height"} <= set(r):
                x, y = float(r["x"]), float(r["y"])
                boxes.append(Box(x, y, x + float(r["width"]), y + float(r["height"])))
        labels: list[tuple[str, Box]] = []
        for head_t, content in TEXT.findall(body):
            t, words = _attrs(head_t), _unescape(content)
            size = float(t.get("font-size", "0") or 0)
            if size < SMALLEST:
                found.append(f"SVG text {words!r} of {size:g} px")
                continue
            x, y, width = float(t["x"]), float(t["y"]), PER_CHAR * size * len(words)
            anchor = t.get("text-anchor", "start")
            left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
            extent = Box(left, y - ASCENT * size, left + width, y + DESCENT * size)
            if not drawing.holds(extent):
                found.append(f"SVG text {words!r} overflows the drawing {drawing}: {extent}")
            holders = [b for b in boxes if b.has_point(x, y) and b.area > 0]
            if holders:
                box = min(holders, key=lambda b: b.area)
                if not box.holds(extent):
                    found.append(f"SVG text {words!r} overflows its box {box}: {extent}")
            for other_words, other in labels:
                if extent.meets(other):
                    found.append(f"SVG texts {words!r} and {other_words!r} overlap")
            labels.append((words, extent))
    return found


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_every_text_is_legible_and_fits(name: str, players: int) -> None:
    seen: dict[str, str] = {}
    for game, where in positions(name, players):
        for who, html in drawings(game):
            for problem in problems(html):
                seen.setdefault(problem, f"{where}, {who}")
    assert not seen, f"{name}: {len(seen)} layout problems, e.g.\n" + "\n".join(
        f"{p} ({w})" for p, w in list(seen.items())[:25])
