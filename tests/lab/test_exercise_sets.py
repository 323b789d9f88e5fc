"""The exercises from real positions of the other games: stated, checked with hints, solved."""
from __future__ import annotations

import pytest

from boardgames_lab.analysis import exercise, exercises
from boardgames_lab.analysis.exercises import first_position


def _check_exercise(ex, rows: list[str]) -> None:  # type: ignore[no-untyped-def]
    A, B = ex.payoffs()
    assert list(A.index) == rows and A.shape == (2, 2) and B.shape == (2, 2)
    assert ex.game.legal_moves() and all(m in ex.game.legal_moves() for m in ex.rows.values())
    eq = ex.equilibria()
    assert len(eq) >= 1
    for r in A.index:
        for c in A.columns:
            verdict = ex.check(r, c)
            if verdict:
                assert ((eq[f"row:{r}"] == 1.0) & (eq[f"col:{c}"] == 1.0)).any()
            else:
                assert "would rather" in str(verdict)
    mixed = eq.iloc[0]
    assert ex.check([mixed[f"row:{r}"] for r in A.index], [mixed[f"col:{c}"] for c in A.columns])


def test_village_time_or_influence_exercise() -> None:
    assert "village.time_or_influence" in exercises()
    ex = exercise("village.time_or_influence", playouts=3)
    assert "three time" in ex.statement() and "church" in ex.statement()
    assert {str(m).split()[-1] for m in ex.rows.values()} == {"brown", "time"}
    assert all(m.kind == "take" for m in ex.cols.values())
    _check_exercise(ex, ["influence", "time"])


def test_keythedral_start_auction_exercise() -> None:
    assert "keythedral.start_auction" in exercises()
    ex = exercise("keythedral.start_auction", playouts=2)
    assert "start-player auction" in ex.statement() and "after no bid" in ex.statement()
    assert [str(m) for m in ex.rows.values()] == ["bid 1", "bid 0"]
    A, B = ex.payoffs()
    # after no bid there is nothing to match: both answers are the same move, so the same cell
    assert A.loc["no bid", "match"] == A.loc["no bid", "pass"] and B.loc["no bid", "match"] == B.loc["no bid", "pass"]
    _check_exercise(ex, ["bid 1", "no bid"])


def test_citadels_character_pick_exercise() -> None:
    assert "citadels.character_pick" in exercises()
    ex = exercise("citadels.character_pick", playouts=3)
    assert "draft" in ex.statement() and ex.game.phase == "draft"
    (a, first), (b, second) = ex.rows.items()
    assert first.kind == second.kind == "pick" and (first.character, second.character) == (a, b)
    left = ex.cols["the one left"]
    # the answer that takes the character the drafter left, made by the next drafter
    assert (left[a].character, left[b].character) == (b, a)
    assert left[a].player == left[b].player == ex.col_player != first.player
    _check_exercise(ex, [a, b])


def test_first_position_returns_the_first_find_and_names_the_seeds_it_tried() -> None:
    assert first_position(lambda seed: ("found", seed) if seed >= 3 else None, range(1, 9), "test") == ("found", 3)
    with pytest.raises(RuntimeError, match=r"no auction position in the games of seeds 5\.\.7"):
        first_position(lambda seed: None, range(5, 8), "auction")
