"""The Mass: buying villagers out of the black bag, advancing with grain, the majority (the draw: draws.py)."""
from __future__ import annotations

from itertools import compress
from typing import Any

from .data import BAG, BREAD, CHURCH1, CHURCH_STAGES, MASS_PRESTIGE, PLACE_INDEX
from .fast import raise_moves, redeem_moves
from .info import church_grain
from .payment import piece_at
from .state import VillageState

LAST_STAGE = CHURCH1 + CHURCH_STAGES - 1
CHURCH_PLACES = tuple(range(CHURCH1, CHURCH1 + CHURCH_STAGES))
STAGES = tuple(range(1, CHURCH_STAGES + 1))


def in_turn_order(st: VillageState) -> list[int]:
    n = st.num_players
    return [(st.start_player + k) % n for k in range(n)]


def grain_to_enter(st: VillageState, stage: int) -> int:
    return church_grain(st.options)[stage]


def redeem(st: VillageState, move: Any) -> None:
    """village.mass.select: one coin takes an own villager out of the bag onto church stage 1."""
    p, gen = move.player, move.generation
    places = st.places[p]
    places[piece_at(places, BAG, gen)] = CHURCH1
    st.coins[p] -= 1
    st.coin_supply += 1
    st.selected += 1
    if st.events is not None:
        st.note(f"{{p{p}}} pays a coin to take a generation-{gen} villager out of the bag.", {"player": p})
    prune(st, "redeem")


def raise_villager(st: VillageState, move: Any) -> None:
    """village.mass.advance / marriage.bread: one church stage up, paying its grain or a bread."""
    p = move.player
    places = st.places[p]
    source = PLACE_INDEX[move.place]
    i = piece_at(places, source, move.generation)
    stage = source - CHURCH1 + 2
    if move.bread:
        st.goods[p][BREAD] -= 1
        st.goods_supply[BREAD] += 1
        paid = "a bread"
    else:
        cost = grain_to_enter(st, stage)
        st.grain[p] -= cost
        st.grain_supply += cost
        paid = f"{cost} grain"
    places[i] = source + 1
    if st.events is not None:
        st.note(f"{{p{p}}} advances a villager to church stage {stage} for {paid}.", {"player": p, "stage": stage})
    prune(st, "raise")


def mass_done(st: VillageState, move: Any) -> None:
    st.mass_queue.pop(0)
    prune(st, "redeem" if st.phase == "mass" else "raise")


def prune(st: VillageState, moves_of: str) -> None:
    """Drop players at the head of the Mass queue who have nothing to decide, then seat the next one."""
    options = redeem_moves if moves_of == "redeem" else raise_moves
    queue = st.mass_queue
    while queue and not options(st, queue[0]):
        queue.pop(0)
    if queue:
        st.current = queue[0]


def award_mass(st: VillageState) -> list[int]:
    """village.mass.majority: the winners of the two prestige (tie: best-placed villager; still tied: all)."""
    counts = []
    best_stage = []
    for places in st.places:
        held = list(map(places.count, CHURCH_PLACES))  # villagers on each church stage
        counts.append(sum(held))
        best_stage.append(max(compress(STAGES, held), default=0))  # the highest stage held
    most = max(counts)
    if not most:
        return []
    tied = [p for p in range(st.num_players) if counts[p] == most]
    top = max(best_stage[p] for p in tied)
    winners = [p for p in tied if best_stage[p] == top]
    for p in winners:
        st.prestige[p] += MASS_PRESTIGE
        if st.events is not None:
            st.note(f"{{p{p}}} has the most villagers in the church: {MASS_PRESTIGE} prestige.", {"player": p})
    return winners
