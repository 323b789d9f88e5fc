"""Citadels: the turn's ``settled`` promise (flow.py, turn_settled) holds: wherever the flow reads it in the
turn and it passes, none of the turn's edges passes, so the flow loses nothing by skipping them."""
from __future__ import annotations

import random
from typing import Any

from boardgames_lab.core.registry import definition
from boardgames_lab.rulesets.citadels.flow import FLOW, turn_settled
from tests.conftest import cites

TURN_EDGES = FLOW.edges_from("turn")


def _open_edges(st: Any) -> list[str]:
    return [edge.target for edge in TURN_EDGES if edge.guard is not None and edge.guard(st)]


@cites("citadels.turn.end", "citadels.turn.income", "citadels.char.wizard_redraw", "citadels.violet.graveyard",
       "citadels.action.fortune_teller", "citadels.action.ticket_cash")
def test_no_edge_out_of_the_turn_passes_where_the_turn_is_settled() -> None:
    """Read where the flow reads it: as the turn rests (entered, or after a move that stays) and after each
    move of the turn, before the flow follows an edge (the move applied alone, to a copy)."""
    d = definition("citadels")
    rests = calm = ways_out = 0
    for players, options in d.conformance_configurations():
        for seed in range(3):
            st = d.new_state(players, seed, d.resolve_options(options))
            rng = random.Random(seed)
            while not d.is_over(st):
                moves = d.legal_moves(st)
                move = moves[rng.randrange(len(moves))]
                if st.phase == "turn":
                    if turn_settled(st):
                        assert not _open_edges(st), (players, options, seed, st.ply)
                        rests += 1
                    moved = st.clone()
                    d.apply_move(moved, move)
                    if turn_settled(moved):
                        assert not _open_edges(moved), (players, options, seed, st.ply, str(move))
                        calm += 1
                    else:
                        ways_out += bool(_open_edges(moved))
                d.advance(st, move)
    assert rests > 10_000 and calm > 5_000 and ways_out > 2_000  # every kind of rest and move was met
