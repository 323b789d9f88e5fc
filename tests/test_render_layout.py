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
from pathlib import Path
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


# --- on a projector: 1024 x 768 -------------------------------------------------------------------------------
# JupyterLab's output column at a 1024 px window, the file browser open (measured by
# tests/browser/test_lab_projector.py): what a drawing has before anything must shrink.
COLUMN_AT_1024 = 590
CSS_FILE = Path(bgl.__file__).parent / "widgets" / "board.css"


def _midgame(name: str, players: int, plies: int = 60) -> Game:
    game = bgl.new_game(name, players=players, seed=2)
    chooser = random.Random(2)
    for _ in range(plies):
        move = chooser.choice(game.legal_moves())
        game.apply(move, player=game.definition.seat_of(game.state, move))
    return game


def _html(game: Game, seat: int | None | str = "teacher") -> str:
    view = game.full_view() if seat == "teacher" else game.view(seat)  # type: ignore[arg-type]
    return _renderer_for(game)(view, game.names, game.winners())


def test_village_board_is_parts_drawn_at_their_own_size_that_fit_the_column() -> None:
    game = _midgame("village", 4)
    for seat in (None, 0, "teacher"):
        for head, _ in SVG.findall(_html(game, seat)):
            a = _attrs(head)
            width = float(a["width"])
            assert width <= COLUMN_AT_1024, f"a Village part {width:g} px wide is shrunk at 1024 px"
            if "viewBox" in a:  # drawn at 1 px a unit: an 11 px label is 11 px on screen
                assert float(a["viewBox"].split()[2]) == width
    farms = re.findall(r'<svg xmlns="http://www.w3.org/2000/svg" width="(\d+)" height="200">', _html(game))
    assert farms and 2 * int(farms[0]) + 6 <= COLUMN_AT_1024  # two farmyards side by side
    css = CSS_FILE.read_text()
    assert ".vlg" not in css or "width:100%" not in css.split(".vlg", 1)[1].split("}", 1)[0]


def test_keythedral_map_shrinks_to_the_column_only_down_to_11px_labels() -> None:
    for game in (bgl.new_game("keythedral", players=4, seed=2), _midgame("keythedral", 4, 80)):
        html = _html(game)
        head, body = SVG.findall(html)[0]
        a = _attrs(head)
        least = float(re.search(r"min-width:(\d+(?:\.\d+)?)px", a["style"])[1])  # type: ignore[index]
        scale = least / float(a["viewBox"].split()[2])
        sizes = [float(_attrs(t)["font-size"]) for t, _ in TEXT.findall(body)]
        assert not sizes or min(sizes) * scale >= SMALLEST - 0.5, (min(sizes), scale)
    assert "zoom" not in CSS_FILE.read_text()  # sizes are the render's, not rescaled by the widget


def test_village_legend_names_every_cube_colour_and_road_letter() -> None:
    from boardgames_lab.rulesets.village.data import COLOURS, CUBE_NAMES
    from boardgames_lab.rulesets.village.render import CUBE_FILL

    html = _html(_midgame("village", 4))
    legend = html[html.index('class="vlg-legend"'):]
    for cube in CUBE_NAMES:
        assert re.search(rf'background:{CUBE_FILL[cube]}"></span>{cube}<', legend), cube
    letters = set("".join(_unescape(t) for h, t in TEXT.findall(html) if re.fullmatch(r"[a-z]{1,4}", _unescape(t))
                          and _unescape(t) not in {"farm"}))
    assert letters, "no road costs found on the travel map"
    for letter in letters:
        colour = next(c for c in COLOURS if c[0] == letter)
        assert f"{letter} = {colour}" in legend


def test_keythedral_legend_names_fields_and_cubes_and_the_store_reads_in_words() -> None:
    from boardgames_lab.rulesets.keythedral.data import CUBE_NAME, FIELD_COLOUR, FIELD_NAME, LETTER
    from boardgames_lab.rulesets.keythedral.render import FIELD_FILL

    game = _midgame("keythedral", 4, 80)
    html = _html(game)
    legend = html[html.index('class="kt-legend"'):html.index("Keythedral mat")]
    for name, colour, cube in zip(FIELD_NAME, FIELD_COLOUR, CUBE_NAME):
        assert f'background:{FIELD_FILL[colour]}"></span>{name} ({colour}, {cube})' in legend
    for used in set(re.findall(r'class="kt-field"[^>]*fill="(#\w+)"', html)):
        assert f"background:{used}" in legend
    keytown = _unescape(html[html.index("<h4>Keytown"):html.index("<h4>Players")])
    for letter, count in game.full_view()["store"].items():
        assert f"{count} {CUBE_NAME[LETTER.index(letter)]}" in keytown
    assert not re.search(r"\b[STFWVIGA] \d", keytown), keytown  # not "S 20 T 20"
    mat = _unescape(html[html.index("Keythedral mat"):html.index("<h4>Keytown")])
    assert not re.search(r": [STFWVIGA]{2,}\b", mat), mat  # a tile's price in words, not "SSW"


def test_citadels_and_saint_petersburg_legends_name_every_colour() -> None:
    from boardgames_lab.rulesets.citadels.data import CHARACTERS, COLOURS
    from boardgames_lab.rulesets.citadels.render import COLOUR_CSS
    from boardgames_lab.rulesets.saint_petersburg.data import GROUPS

    html = _html(_midgame("citadels", 5, 30))
    legend = html[html.index('class="legend"'):]
    for ch in (c for c in CHARACTERS if COLOURS[c.colour] != "none"):
        colour = COLOURS[ch.colour]
        assert f'background:{COLOUR_CSS[colour]}">{colour}</span> pays the {ch.name}' in legend
    assert f'background:{COLOUR_CSS["violet"]}">violet</span> pays no character' in legend
    html = _html(_midgame("saint_petersburg", 4, 30))
    legend = html[html.index('class="bgl-legend"'):]
    for group in GROUPS:
        assert f'<span class="bgl-chip bgl-{group}">{group} card</span>' in legend
    assert "bgl-trading\">trading card</span>" in legend
