"""The flow runner's compiled code against the declaration read plainly: the same phases, trail, seats and
draws after every move, with plain guards and hooks written in place and the others called."""
from __future__ import annotations

import random
import re
from typing import Any, Iterator

import pytest

from boardgames_lab.core import turns
from boardgames_lab.core.flow import Edge, Flow, FlowRunner, Phase, _Source
from boardgames_lab.core.inline import inline

GOAL = 7  # a fixed value: read where the guard is written in place
BONUS = {3: 2}  # a mutable table: a guard reading it stays a call


class Tally:
    """A state of the shape the runner reads, with a counter the moves and draws raise."""

    def __init__(self, explicit: bool) -> None:
        self.phase, self.current, self.num_players = "", 0, 3
        self.trail: list[tuple[str, str]] | None = []
        self.explicit_chance = explicit
        self.count = self.rounds = self.drawn = 0
        self.hooks: list[str] = []


def reached(st: Tally) -> bool:
    """Written in place: a local, then the expression."""
    c = st.count
    return c >= GOAL and c % 2 == 1


def passed(st: Tally) -> bool:
    return st.count >= GOAL


def boosted(st: Tally) -> bool:
    return st.count in BONUS


def drawn_enough(st: Tally) -> bool:
    return st.drawn >= 2


def more_rounds(st: Tally) -> bool:
    return st.rounds < 3


def note_boost(st: Tally) -> None:
    st.hooks.append("boost")
    st.count += BONUS[st.count]


def turn_skip(st: Tally) -> None:
    """An early return, written in place as an else."""
    if st.count % 3 == 0:
        st.current = (st.current + 2) % st.num_players
        return
    st.current = (st.current + 1) % st.num_players


def new_round(st: Tally) -> None:
    st.rounds += 1
    st.count = st.drawn = 0
    st.hooks.append(f"round {st.rounds}")


FLOW = Flow(start="setup", phases=(
    Phase("setup", "Set-up", on_enter=new_round),
    Phase("draw", "Draw", moves=("draw",), chance=True),
    Phase("play", "Play", moves=("add",), turn=turn_skip),
    Phase("round_end", "Round end"),
    Phase("game_over", "Over")),
    edges=(Edge("setup", "draw"),
           Edge("draw", "play", guard=drawn_enough),
           Edge("play", "play", guard=boosted, hook=note_boost),
           Edge("play", "round_end", guard=reached),
           Edge("play", "round_end", guard=passed),
           Edge("round_end", "draw", guard=more_rounds, hook=new_round),
           Edge("round_end", "game_over")))


class Counting:
    """The definition's part the runner binds: a move adds its number, a draw adds one."""

    def apply_move(self, st: Tally, move: int) -> None:
        if st.phase == "draw":
            st.drawn += 1
        st.count += move

    def sample_chance(self, st: Tally) -> int:
        return 1


def plain_advance(flow: Flow, impl: Counting, st: Tally, move: int) -> None:
    """The declaration read plainly, edge by edge, as the runner's docstring states it."""
    impl.apply_move(st, move)
    if not plain_follow(flow, st):
        flow.phase(st.phase).turn(st)
    plain_draws(flow, impl, st)


def plain_draws(flow: Flow, impl: Counting, st: Tally) -> None:
    """In normal play the engine draws at a chance phase until a player is to act."""
    while flow.phase(st.phase).chance and not st.explicit_chance:
        impl.apply_move(st, impl.sample_chance(st))
        if not plain_follow(flow, st):
            flow.phase(st.phase).turn(st)


def plain_follow(flow: Flow, st: Tally) -> bool:
    moved = False
    while True:
        for edge in flow.edges_from(st.phase):
            if edge.guard is None or edge.guard(st):
                assert st.trail is not None
                st.trail.append((st.phase, edge.target))
                st.phase = edge.target
                for hook in (edge.hook, flow.phase(edge.target).on_enter):
                    if hook is not None:
                        hook(st)
                moved = True
                break
        else:
            return moved


def test_plain_guards_and_hooks_are_written_in_place_and_the_others_called() -> None:
    source = _Source(FLOW).text()
    assert re.search(r"(c_l\d+) = state.count\n    if \(\1 >= GOAL_v\d+ and", source)  # reached, its local renamed
    assert "boosted_v" in source and "note_boost_v" in source  # they read BONUS, a table that may change
    assert "else:" in source and "turn_skip_v" not in source  # the early return, as an else
    assert inline(boosted) is None and inline(note_boost) is None and inline(passed) is not None


def side_by_side(flow: Flow, explicit: bool, seed: int) -> Iterator[tuple[Tally, Tally]]:
    """The runner compiled from ``flow`` and the plain reading of ``FLOW`` through one seeded game: both tallies
    before each move and once more at the end."""
    impl = Counting()
    runner = FlowRunner(flow, impl)
    ours, plain = Tally(explicit), Tally(explicit)
    runner.start(ours)
    plain.phase = FLOW.start
    new_round(plain)
    plain_follow(FLOW, plain)
    plain_draws(FLOW, impl, plain)
    rng = random.Random(seed)
    while plain.phase != "game_over":
        yield ours, plain
        move = 1 if ours.phase == "draw" else rng.choice((1, 2, 3))
        runner.advance(ours, move)
        plain_advance(FLOW, impl, plain, move)
    yield ours, plain


@pytest.mark.parametrize("explicit", [False, True])
def test_the_compiled_runner_does_what_the_declaration_says(explicit: bool) -> None:
    seen = 0
    for ours, plain in side_by_side(FLOW, explicit, 3):
        assert vars(ours) == vars(plain)
        seen += 1
    assert ours.phase == "game_over" and ours.rounds == 3 and "boost" in ours.hooks
    assert seen - 1 > (10 if explicit else 6)  # moves made


def test_a_function_whose_code_is_not_its_source_is_called() -> None:
    def shifted(st: Tally) -> bool:
        return st.count >= GOAL

    shifted.__code__ = (lambda st: st.count >= 2).__code__
    assert inline(shifted) is None
    flow = Flow(start="play", phases=(Phase("play", "Play", moves=("add",)), Phase("game_over", "Over")),
                edges=(Edge("play", "game_over", guard=shifted),))
    st = Tally(True)
    FlowRunner(flow, Counting()).start(st)
    assert st.phase == "play"
    FlowRunner(flow, Counting()).advance(st, 2)
    assert st.phase == "game_over"  # the code ran, not the source's GOAL


def test_a_flow_that_never_settles_stops_naming_its_phase() -> None:
    def again(st: Any) -> bool:
        return True

    flow = Flow(start="a", phases=(Phase("a", "A"), Phase("b", "B"), Phase("game_over", "Over")),
                edges=(Edge("a", "b", guard=again), Edge("b", "a"), Edge("a", "game_over")))
    with pytest.raises(RuntimeError, match="flow did not settle in phase"):
        FlowRunner(flow, Counting()).start(Tally(True))


def test_a_turn_order_preset_is_written_in_place() -> None:
    flow = Flow(start="play", phases=(Phase("play", "Play", moves=("add",), turn=turns.clockwise),
                                      Phase("game_over", "Over")), edges=(Edge("play", "game_over", guard=passed),))
    assert "state.current = (state.current + 1) % state.num_players" in _Source(flow).text()
    st = Tally(True)
    runner = FlowRunner(flow, Counting())
    runner.start(st)
    runner.advance(st, 1)
    assert (st.phase, st.current) == ("play", 1)
