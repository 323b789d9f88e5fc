"""The random draws after set-up, each made in a chance phase by CHANCE: cubes from the green bag onto the action
areas (each round), customers from the face-down pile into the market line (at set-up, and after a market day
with a sale), and pieces from the black bag at Mass.

For each draw: its outcomes with whole-number weights (the ways to draw an area's set of cubes from the bag, one
per tile left in the pile, monks and each seat's villagers of a generation in the black bag), what normal play
draws, the one check and the effect. Normal play makes the generator calls the draws made before they were
chance phases, in the same order, so seeded games go as before: one ``below`` per cube and per Mass piece, and
the top of the pile (fixed by its shuffle at set-up, recorded with ``Rng.top``) for each customer. An area's
cubes are one draw (one chance phase stop per area, not per cube).
"""
from __future__ import annotations

from math import comb
from typing import Any, Callable

from ...core.moves import CHANCE, Refusal
from .checks_actions import no
from .data import AREAS, BAG, CHURCH1, CUBE_NAMES, CUSTOMERS, GENERATIONS, MASS_PIECES, MONKS
from .info import setup_card
from .moves import DrawCustomer, DrawMonk, DrawVillager, SeedArea
from .payment import piece_at
from .state import VillageState

CUSTOMER = tuple(DrawCustomer(CHANCE, tile) for tile in range(len(CUSTOMERS)))
MONK = DrawMonk(CHANCE)
SEATS = 4
VILLAGER = tuple(tuple(DrawVillager(CHANCE, p, g) for g in range(5)) for p in range(SEATS))
AREA_INDEX = {name: i for i, name in enumerate(AREAS)}
CUBE_INDEX = {name: i for i, name in enumerate(CUBE_NAMES)}
GENS = (1, 2, 3, 4)


def _say(st: VillageState, text: str, **data: object) -> None:
    if st.events is not None:
        st.note(text, dict(data))


# --- the green bag onto the areas (village.round.seed) -----------------------------------------------------------

EMPTY = [0, 0, 0, 0, 0]
GREEN_BAG = "a cube from the green bag"  # what a cube's draw is recorded as


def _next_seed(st: VillageState) -> tuple[int, int]:
    """The area being seeded and the cubes drawn onto it: the setup card's count, or what the bag still holds
    ((-1, 0): the board is seeded). Areas are seeded in board order, each in one draw, so it is the first empty
    area while the bag holds cubes (a position at the seed draw is read only so: position._fits_draw)."""
    bag, spaces = st.bag, st.spaces
    total = bag[0] + bag[1] + bag[2] + bag[3] + bag[4]
    if not total or EMPTY not in spaces:
        return -1, 0
    a = spaces.index(EMPTY)
    count = setup_card(st.options, st.num_players)[1][a]
    return a, count if count < total else total


def board_seeded(st: VillageState) -> bool:
    bag = st.bag
    return not (bag[0] or bag[1] or bag[2] or bag[3] or bag[4]) or EMPTY not in st.spaces


def seeded_in_order(st: VillageState) -> bool:
    """Every area before the first empty one holds the setup card's cubes (the seed draw stands only so)."""
    per_area = setup_card(st.options, st.num_players)[1]
    first = st.spaces.index(EMPTY) if EMPTY in st.spaces else len(st.spaces)
    return all(sum(space) == per_area[a] for a, space in enumerate(st.spaces[:first])) and \
        not any(map(any, st.spaces[first:]))


def _seed(area: int, counts: tuple[int, ...]) -> SeedArea:
    key = (area, counts)
    move = _SEEDS.get(key)
    if move is None:
        move = _SEEDS[key] = SeedArea(CHANCE, AREAS[area], tuple(c for c, n in zip(CUBE_NAMES, counts) for _ in range(n)))
    return move


_SEEDS: dict[tuple[int, tuple[int, ...]], SeedArea] = {}  # the draws' values, made once each (7 areas, few counts)


def _splits(need: int, bag: list[int], c: int = 0) -> list[tuple[int, ...]]:
    """Every way to draw ``need`` cubes from colours c.. of the bag, as counts per colour."""
    if c == len(bag) - 1:
        return [(need,)] if need <= bag[c] else []
    return [(k, *rest) for k in range(min(need, bag[c]) + 1) for rest in _splits(need - k, bag, c + 1)]


def seed_weights(st: VillageState) -> list[tuple[Any, int]]:
    """Each set of cubes the area can receive, weighted by the ways to draw it (a product of binomials)."""
    a, need = _next_seed(st)
    bag = st.bag
    out = []
    for counts in _splits(need, bag):
        weight = 1
        for held, k in zip(bag, counts):
            weight *= comb(held, k)
        out.append((_seed(a, counts), weight))
    return out


def sample_seed(st: VillageState) -> SeedArea:
    """One generator draw per cube, as the board was always seeded: a cube at random from what the bag holds."""
    a, need = _next_seed(st)
    bag = st.bag[:]
    total = sum(bag)
    counts = [0, 0, 0, 0, 0]
    rng = st.rng
    for _ in range(need):
        c = _cube(rng, bag, total)
        bag[c] -= 1
        counts[c] += 1
        total -= 1
    return _seed(a, tuple(counts))


def _cube(rng: Any, bag: list[int], total: int) -> int:
    """The colour of a cube drawn at random from ``bag`` (``total`` cubes): one generator draw."""
    k = rng.below(total, GREEN_BAG)
    c = 0
    while k >= bag[c]:
        k -= bag[c]
        c += 1
    return c


def seed_board(st: VillageState) -> None:
    """Normal play's seeding, the same draws as ``sample_seed`` then ``seed`` area by area, in one pass: each
    empty area in board order gets the setup card's cubes, one generator draw per cube, until the bag is empty."""
    per_area = setup_card(st.options, st.num_players)[1]
    bag, below, flat = st.bag, st.rng.below, st.area_cubes
    total = bag[0] + bag[1] + bag[2] + bag[3] + bag[4]
    for a, space in enumerate(st.spaces):
        if not total:
            return
        if space != EMPTY:
            continue
        for _ in range(per_area[a] if per_area[a] < total else total):
            k = below(total, GREEN_BAG)  # ``_cube`` written out: a round draws a score of cubes
            c = 0
            while k >= bag[c]:
                k -= bag[c]
                c += 1
            bag[c] -= 1
            space[c] += 1
            total -= 1
        flat[a * 5:a * 5 + 5] = space


def check_seed(st: VillageState, move: SeedArea) -> Refusal | None:
    """village.round.seed: the setup card's number of cubes from the bag, onto the first area short of them."""
    a, need = _next_seed(st)
    if a < 0:
        return no("round.seed", "the board is seeded: no cube is drawn now")
    if move.area != AREAS[a]:
        return no("round.seed", f"the cubes are drawn onto the {AREAS[a]} area now, not '{move.area}'",
                  f"'seed {AREAS[a]} <cubes>'")
    if len(move.cubes) != need or any(c not in CUBE_INDEX for c in move.cubes):
        return no("round.seed", f"{need} cube(s) are drawn onto the {AREAS[a]} area, named by colour",
                  f"e.g. 'seed {AREAS[a]} {' '.join(['plague'] * need)}'")
    if list(move.cubes) != sorted(move.cubes, key=CUBE_INDEX.__getitem__):
        return no("round.seed", f"name the cubes in the order {', '.join(CUBE_NAMES)}")
    held = [f"{n} {CUBE_NAMES[c]}" for c, n in enumerate(st.bag) if n]
    for c, name in enumerate(CUBE_NAMES):
        if move.cubes.count(name) > st.bag[c]:
            return no("round.seed", f"the green bag holds {st.bag[c]} {name} cube(s)", f"it holds {', '.join(held)}")
    return None


def seed_candidates(st: VillageState, seat: int) -> list[SeedArea]:
    """Every set of the area's number of cubes (a superset: the check asks the bag)."""
    a, need = _next_seed(st)
    if a < 0:
        return []
    return [_seed(a, counts) for counts in _splits(need, [need] * len(CUBE_NAMES))]


def seed(st: VillageState, move: SeedArea) -> None:
    a = AREA_INDEX[move.area]
    space, bag, flat = st.spaces[a], st.bag, st.area_cubes
    for name in move.cubes:
        c = CUBE_INDEX[name]
        bag[c] -= 1
        space[c] += 1
        flat[a * 5 + c] += 1


# --- the customer pile into the market line (village.setup.customers, village.market.end) ------------------------

def _gap(st: VillageState) -> bool:
    return bool(st.pile) and (-1 in st.stalls or -1 in st.queue)


def customers_dealt(st: VillageState) -> bool:
    """village.setup.customers: every space of the market line holds a customer (or the pile is empty)."""
    return not _gap(st)


def market_refilled(st: VillageState) -> bool:
    """village.market.end: after a day without a sale nothing moves; after one, the line is full or the pile empty."""
    return not (st.served_any and _gap(st))


def customer_weights(st: VillageState) -> list[tuple[Any, int]]:
    return [(CUSTOMER[t], 1) for t in sorted(st.pile)]  # by tile number: the pile's order stays hidden


def sample_customer(st: VillageState) -> DrawCustomer:
    pile = st.pile
    tile = pile[-1]
    st.rng.top(1, len(pile), tile, what="a customer from the face-down pile")
    return CUSTOMER[tile]


def check_customer(st: VillageState, move: DrawCustomer) -> Refusal | None:
    """village.setup.customers / market.end: the tile drawn is one of those left in the face-down pile."""
    rule = "setup.customers" if st.phase == "customers" else "market.end"
    if move.tile not in st.pile:
        return no(rule, f"customer tile {move.tile} is not in the face-down pile",
                  f"the pile holds tiles {', '.join(map(str, sorted(st.pile)))}")
    return None


def customer_candidates(st: VillageState, seat: int) -> tuple[DrawCustomer, ...]:
    return CUSTOMER


def draw_customer(st: VillageState, move: DrawCustomer) -> None:
    """The tile comes off the pile (a tile chosen other than the top is swapped to the top first, so the pile
    stays in an order) face up into the first empty space: the stalls, then the waiting spaces."""
    pile, tile = st.pile, move.tile
    i = pile.index(tile)
    pile[i], pile[-1] = pile[-1], tile
    pile.pop()
    if -1 in st.stalls:
        i = st.stalls.index(-1)
        st.stalls[i] = tile
        where = f"stall {i + 1}"
    else:
        i = st.queue.index(-1)
        st.queue[i] = tile
        where = f"waiting space {i + 1}"
    _say(st, f"Customer {tile} ({CUSTOMERS[tile].prestige} prestige) comes to {where}.", tile=tile, space=where)


# --- the black bag at Mass (village.mass.draw) -------------------------------------------------------------------

def _to_draw(st: VillageState) -> int:
    """Pieces still to draw: four, less those bought out or drawn (a drawn monk is out until the draw ends)."""
    return MASS_PIECES - st.selected - (MONKS - st.monks)


def mass_drawn(st: VillageState) -> bool:
    return _to_draw(st) <= 0 or not (st.monks or any(BAG in places for places in st.places))


def piece_weights(st: VillageState) -> list[tuple[Any, int]]:
    out: list[tuple[Any, int]] = [(MONK, st.monks)] if st.monks else []
    for p in range(st.num_players):
        places = st.places[p]
        for g in GENS:
            n = sum(1 for w, gen in zip(places, GENERATIONS) if w == BAG and gen == g)
            if n:
                out.append((VILLAGER[p][g], n))
    return out


def sample_piece(st: VillageState) -> Any:
    """The k-th piece of the bag, monks first, then the villagers in seat then piece order."""
    monks = st.monks
    k = st.rng.below(monks + sum(places.count(BAG) for places in st.places), what="a piece from the black bag")
    if k < monks:
        return MONK
    k -= monks
    for p, places in enumerate(st.places):
        held = places.count(BAG)
        if k < held:
            i = [j for j, place in enumerate(places) if place == BAG][k]
            return DrawVillager(CHANCE, p, GENERATIONS[i], i)
        k -= held
    raise AssertionError("the bag holds fewer pieces than counted")


def check_monk(st: VillageState, move: DrawMonk) -> Refusal | None:
    """village.mass.draw"""
    if not st.monks:
        return no("mass.draw", "every monk has been drawn: none is left in the black bag")
    return None


def check_villager(st: VillageState, move: DrawVillager) -> Refusal | None:
    """village.mass.draw: a villager in the black bag."""
    if not 0 <= move.owner < st.num_players:
        return no("mass.draw", f"there is no seat {move.owner} in a game of {st.num_players}")
    if move.generation not in GENS or piece_at(st.places[move.owner], BAG, move.generation) < 0:
        return no("mass.draw", f"seat {move.owner} has no generation-{move.generation} villager in the black bag")
    return None


def villager_candidates(st: VillageState, seat: int) -> list[DrawVillager]:
    return [VILLAGER[p][g] for p in range(st.num_players) for g in GENS]


def draw_monk(st: VillageState, move: DrawMonk) -> None:
    st.monks -= 1


def draw_villager(st: VillageState, move: DrawVillager) -> None:
    """The piece normal play drew (``move.piece``), else the owner's first of that generation in the bag."""
    p, gen, i = move.owner, move.generation, move.piece
    places = st.places[p]
    if not (0 <= i < len(places) and places[i] == BAG and GENERATIONS[i] == gen):
        i = piece_at(places, BAG, gen)
    places[i] = CHURCH1
    st.selected += 1
    _say(st, f"Drawn from the bag: {{p{p}}}'s generation-{gen} villager.", player=p)


def return_monks(st: VillageState) -> None:
    """village.mass.draw: the monks drawn go back into the bag."""
    drawn = MONKS - st.monks
    if drawn:
        _say(st, f"{drawn} monk(s) drawn and returned to the bag.", monks=drawn)
        st.monks = MONKS


# --- per chance phase ---------------------------------------------------------------------------------------------

WEIGHTS = {"customers": customer_weights, "refill": customer_weights, "seed": seed_weights,
           "mass_draw": piece_weights}
SAMPLE = {"customers": sample_customer, "refill": sample_customer, "seed": sample_seed, "mass_draw": sample_piece}


def chance_weights(st: VillageState) -> list[tuple[Any, int]]:
    return WEIGHTS[st.phase](st)


def sample_chance(st: VillageState) -> Any:
    """What normal play draws in the chance phase the game stands at."""
    return SAMPLE[st.phase](st)


# --- normal play: a chance phase's draws as it opens ----------------------------------------------------------
# The draws the engine's runner would make one by one (``sample_chance``, then the draw's effect, until the
# phase's one exit guard passes), made here without its dispatch per draw: a round seeds a dozen areas. In
# explicit-chance mode the game stops at the phase instead, for the caller to choose each outcome. The board's
# seeding has its own one pass (``seed_board``).
DRAWN = {"customers": customers_dealt, "refill": market_refilled, "seed": board_seeded, "mass_draw": mass_drawn}
# By kind; effects.EFFECTS takes these in for every other move.
DRAW_EFFECTS: dict[str, Callable[[VillageState, Any], None]] = {
    "customer": draw_customer, "seed": seed, "monk": draw_monk, "villager": draw_villager}


def draw_out(st: VillageState) -> None:
    if st.explicit_chance:
        return
    if st.phase == "seed":
        seed_board(st)
        return
    drawn, sample = DRAWN[st.phase], SAMPLE[st.phase]
    while not drawn(st):
        move = sample(st)
        DRAW_EFFECTS[move.kind](st, move)

