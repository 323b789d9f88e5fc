"""What a seat may not see, declared from the rulebook, for the conformance suite's leak test.

Each game lists its secrets: one per kind of hidden information the rulebook names (a hand
behind a screen, the order of a face-down deck, a character chosen face down). A secret knows
how to change, on a copy of a state, exactly that information and nothing a given seat may
see; the leak test then checks that the seat's view and its log do not change. The
declarations are written from the rulebook, apart from the game's view and determinize code,
so a thing the view forgot to hide is caught rather than trusted.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from .rng import Rng

if TYPE_CHECKING:
    from .definition import State

# perturb(state, seat, rng) changes, in place, something of this secret that ``seat`` (None: a
# spectator) may not see, keeping the state valid (same sizes where sizes are public, the game's
# conservation laws intact). It returns False when this position has nothing of the secret hidden
# from that seat (an empty hand, a deck of one card), True when it changed something.
Perturb = Callable[[Any, "int | None", Rng], bool]


@dataclass(frozen=True)
class Secret:
    name: str      # what is hidden, in the rulebook's words ("the other players' hands")
    source: str    # where the rulebook says it is hidden ("Rulebook p. 3, Screens")
    perturb: Perturb


def others(state: State, seat: int | None) -> list[int]:
    """The players whose own secrets ``seat`` may not see (all of them for a spectator)."""
    return [p for p in range(state.num_players) if p != seat]


__all__ = ["Perturb", "Secret", "others"]
