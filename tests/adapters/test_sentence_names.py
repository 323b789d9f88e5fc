"""Seats are named in words as the log names them: ``names_in``'s whole-mark replacement gives exactly what reading
the text mark by mark gives, whatever the marks and names (a mark naming no seat, a name with a brace or a mark
in it)."""
from __future__ import annotations

import random

from boardgames_lab.core.game import _read_marks, names_in

PIECES = ["{p0}", "{p1}", "{p2}", "{p3}", "{p4}", "{p12}", "{p01}", "{p", "}", "p1}", "{", "a", " ", "{p{p1}}", "{px}"]
NAMES = [["Player 1", "Player 2", "Player 3", "Player 4"], ["a{", "b", "{p1}", "c"], ["x", "y{p"], [],
         ["A"] * 12 + ["B"] * 30]


def test_quick_names_equal_names_in() -> None:
    rng = random.Random(3)
    for _ in range(20000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 6)))
        for names in NAMES:
            assert names_in(text, names) == _read_marks(text, names), (text, names)


def test_a_name_with_a_brace_makes_no_mark() -> None:
    # names_in reads the rule's text once: "a{" then "p1}" is not read again as the mark of seat 1
    assert names_in("{p0}p1}", ["a{", "b"]) == "a{p1}"
    assert names_in("{p1} passes.", ["Ann", "Bo"]) == "Bo passes."
