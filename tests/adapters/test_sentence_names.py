"""A move's sentence names the seats as the log does: the quick replacement in ``sentence`` gives exactly what
``names_in`` gives, whatever the marks and names (a mark naming no seat, a name with a brace or a mark in it)."""
from __future__ import annotations

import random

from boardgames_lab.core.game import _with_names, names_in

PIECES = ["{p0}", "{p1}", "{p2}", "{p3}", "{p4}", "{p12}", "{p01}", "{p", "}", "p1}", "{", "a", " ", "{p{p1}}", "{px}"]
NAMES = [["Player 1", "Player 2", "Player 3", "Player 4"], ["a{", "b", "{p1}", "c"], ["x", "y{p"], [],
         ["A"] * 12 + ["B"] * 30]


def test_quick_names_equal_names_in() -> None:
    rng = random.Random(3)
    for _ in range(20000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 6)))
        for names in NAMES:
            assert _with_names(text, names) == names_in(text, names), (text, names)


def test_a_name_with_a_brace_makes_no_mark() -> None:
    # names_in reads the rule's text once: "a{" then "p1}" is not read again as the mark of seat 1
    assert _with_names("{p0}p1}", ["a{", "b"]) == "a{p1}"
    assert _with_names("{p1} passes.", ["Ann", "Bo"]) == "Bo passes."
