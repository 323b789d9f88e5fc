"""The Mass: buying villagers out of the black bag, the random draw, advancing with grain, the majority."""
from __future__ import annotations

from .data import BREAD, CHURCH_STAGES, GENERATIONS, MASS_PIECES, MASS_PRESTIGE
from .info import church_grain
from .moves import Move
from .places import BAG, CHURCH1, PLACE_NAMES
from .state import VillageState

DONE = Move("done")
LAST_STAGE = CHURCH1 + CHURCH_STAGES - 1
REDEEM = tuple(Move("redeem", gen=g) for g in range(5))
RAISE = {w: tuple(Move("raise", PLACE_NAMES[w], gen=g) for g in range(5)) for w in range(CHURCH1, LAST_STAGE)}
RAISE_BREAD = {w: tuple(Move("raise", PLACE_NAMES[w], "bread", g) for g in range(5)) for w in range(CHURCH1, LAST_STAGE)}


def in_turn_order(st: VillageState) -> list[int]:
    n = st.num_players
    return [(st.start_player + k) % n for k in range(n)]


def redeem_moves(st: VillageState, p: int) -> list[Move]:
    """village.mass.select: one coin per own villager taken out of the bag."""
    if not st.coins[p] or st.selected >= MASS_PIECES or BAG not in st.places[p]:
        return []
    out = []
    last = 0
    for place, g in zip(st.places[p], GENERATIONS):  # pieces in generation order: one move per generation
        if place == BAG and g != last:
            out.append(REDEEM[g])
            last = g
    return out


def raise_moves(st: VillageState, p: int) -> list[Move]:
    """village.mass.advance: one stage at a time, paying the grain of the stage entered."""
    out: list[Move] = []
    seen: list[tuple[int, int]] = []
    grain, bread = st.grain[p], st.goods[p][BREAD]
    cost = church_grain(st.options)
    for place, g in zip(st.places[p], GENERATIONS):
        if CHURCH1 <= place < LAST_STAGE and (place, g) not in seen:
            seen.append((place, g))
            if grain >= cost[place - CHURCH1 + 2]:
                out.append(RAISE[place][g])
            if bread:  # Marriage: one bread replaces the stage's grain
                out.append(RAISE_BREAD[place][g])
    return out


def grain_to_enter(st: VillageState, stage: int) -> int:
    return church_grain(st.options)[stage]


def prune(st: VillageState, moves_of: str) -> None:
    """Drop players at the head of the Mass queue who have nothing to decide, then seat the next one."""
    options = redeem_moves if moves_of == "redeem" else raise_moves
    queue = st.mass_queue
    while queue and not options(st, queue[0]):
        queue.pop(0)
    if queue:
        st.current = queue[0]


def draw(st: VillageState) -> None:
    """village.mass.draw: random pieces from the bag make up four; monks go back, villagers go to stage 1."""
    pieces = [(p, i) for p in range(st.num_players) for i, place in enumerate(st.places[p]) if place == BAG]
    monks = st.monks
    drawn_monks = 0
    for _ in range(MASS_PIECES - st.selected):
        total = monks + len(pieces)
        if not total:
            break
        k = st.rng.below(total)
        if k < monks:
            monks -= 1
            drawn_monks += 1
        else:
            p, i = pieces.pop(k - monks)
            st.places[p][i] = CHURCH1
            if st.events is not None:
                st.note(f"Drawn from the bag: {{p{p}}}'s generation-{GENERATIONS[i]} villager.", {"player": p})
        st.revealed = True
    if st.events is not None and drawn_monks:
        st.note(f"{drawn_monks} monk(s) drawn and returned to the bag.", {"monks": drawn_monks})


def award(st: VillageState) -> list[int]:
    """village.mass.majority: the winners of the two prestige (tie: best-placed villager; still tied: all)."""
    counts = []
    best_stage = []
    for p in range(st.num_players):
        stages = [place - CHURCH1 + 1 for place in st.places[p] if CHURCH1 <= place < CHURCH1 + CHURCH_STAGES]
        counts.append(len(stages))
        best_stage.append(max(stages, default=0))
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
