"""A phase's ``settled`` guard (core/flow.py): the compiled flow tests it before the phase's edges and skips
them when it passes; it must then do what the declaration read plainly (which ignores it) does, and a false
promise shows as a difference."""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from boardgames_lab.core.flow import Flow, Phase, _Source
from tests.test_flow_runner import FLOW, Tally, side_by_side


def few(st: Tally) -> bool:
    """True to the flow: below 3 no edge out of ``play`` passes (boosted needs 3, reached and passed 7)."""
    return st.count < 3


def too_many(st: Tally) -> bool:
    """False: at 3 the boost passes."""
    return st.count < 5


def _with_settled(guard: Any) -> Flow:
    phases = tuple(dataclasses.replace(p, settled=guard) if p.name == "play" else p for p in FLOW.phases)
    return Flow(start=FLOW.start, phases=phases, edges=FLOW.edges, terminal=FLOW.terminal)


def _play(flow: Flow, explicit: bool, seed: int) -> bool:
    """Whether the compiled flow and the plain reading of ``FLOW`` agree through a seeded game."""
    return all(vars(ours) == vars(plain) for ours, plain in side_by_side(flow, explicit, seed))


@pytest.mark.parametrize("explicit", [False, True])
def test_a_true_promise_skips_the_edges_and_changes_nothing(explicit: bool) -> None:
    flow = _with_settled(few)
    source = _Source(flow).text()
    assert "if (state.count < 3):" in source  # written in place, before the edges and where play is entered
    assert all(_play(flow, explicit, seed) for seed in range(20))


def test_a_false_promise_shows() -> None:
    assert not all(_play(_with_settled(too_many), False, seed) for seed in range(20))


def test_settled_needs_edges_to_skip_and_a_named_function() -> None:
    over = Phase("game_over", "Over", settled=few)
    with pytest.raises(ValueError, match="settled but has no edge"):
        Flow(start="game_over", phases=(over,), edges=()).validate()
    with pytest.raises(ValueError, match="play: settled"):
        _with_settled("few").validate()
