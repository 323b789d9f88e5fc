"""What a seat may not see in Village, declared from the rulebook for the game-independent leak test.

Village is played open: farmyards, cubes, goods, grain, coins, the time track and the board are all on the
table. The one thing the rules keep from everyone is the order of the face-down customer pile (fact sheet
§1.16: the waiting line is refilled from it), which no seat and no spectator may see. What is not declared
here, and why (the docs page records it under ``village.hidden.pile``):

- served customers are kept face down, but each was served from a face-up stall in front of everyone, so
  the tiles a player holds are known to all who watched;
- the green bag's contents follow from the public counts (every cube not in the supply, on an area or on a
  farmyard is in the bag), and the black bag's from the public Church actions; the draws from either bag
  are random at the moment of drawing, so no order exists to hide.
"""
from __future__ import annotations

from ...core.rng import Rng
from ...core.secrets import Secret
from .state import VillageState


def swap_pile(st: VillageState, seat: int | None, rng: Rng) -> bool:
    """Swap two tiles of the face-down pile (hidden from every seat): its size and contents stay the same."""
    pile = st.pile
    if len(pile) < 2:
        return False
    i = rng.below(len(pile))
    j = (i + 1 + rng.below(len(pile) - 1)) % len(pile)
    pile[i], pile[j] = pile[j], pile[i]
    return True


SECRETS = (
    Secret("the order of the face-down customer pile",
           "Fact sheet §1.16: the waiting line is refilled from the face-down pile", swap_pile),
)
