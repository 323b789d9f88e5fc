"""The draws of play, each a chance phase: the top field tile taken in set-up, the law cards laid face down on the
new-law spaces (at set-up and in phase four), the building tiles of a stage turned face up, and Design change's
random tile. For each: its one check, its outcomes (each with weight one: every tile and card is a distinct
piece), what normal play draws, what an outcome does, and the flow's guards around the phase.

Normal play draws as the set-up's shuffles left things: the top of the field stack and of the law stack, the
face-down tiles already on the mat (recorded with ``Rng.top``, no generator step), and Design change's tile with
the same ``Rng.below`` call as before. An outcome that is not normal play's (explicit chance: the caller
chose it) first moves the chosen piece to where normal play would take it from.
"""
from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Any, Callable

from dataclasses import dataclass

from ...core.moves import CHANCE, Kind, Move, Refusal, never
from .data import BUILDING_INDEX, BUILDINGS, FIELD_NAME, FIELD_TILES, LAW_INDEX, LAWS
from .state import KState
from .words import counted

P = "keythedral."
PHASES = ("draw_field", "deal_laws", "refill_laws", "turn_tiles", "replace_tile")


# --- the moves of chance (their notation is read by moves.parse) ---------------------------------------------

@dataclass(frozen=True, slots=True)
class DrawField(Move):
    """Chance: the field tile ``tile`` (its index in data.FIELD_TILES) is the top of the face-down stack, taken
    by the player whose field step comes."""
    tile: int
    kind = "draw"

    def __str__(self) -> str:
        return f"draw {self.tile}"


@dataclass(frozen=True, slots=True)
class DealLaw(Move):
    """Chance: the law card ``law`` (its id) is laid face down on the empty new-law ``space`` (1 or 2)."""
    space: int
    law: str
    kind = "deal"

    def __str__(self) -> str:
        return f"deal {self.space} {self.law}"


@dataclass(frozen=True, slots=True)
class TurnTiles(Move):
    """Chance: the face-down tiles of a stage turn out to be ``tiles`` (ids joined by commas, in id order)."""
    tiles: str
    kind = "turn"

    def __str__(self) -> str:
        return f"turn {self.tiles}"


@dataclass(frozen=True, slots=True)
class ReplaceTile(Move):
    """Chance: Design change's random unused ``tile`` (its id) takes the changed tile's place."""
    tile: str
    kind = "replace"

    def __str__(self) -> str:
        return f"replace {self.tile}"


# --- the top field tile (keythedral.setup.lay_field, secret.field_stack) -----------------------------------

def check_draw(st: KState, m: DrawField) -> Refusal | None:
    if m.tile not in st.field_stack:
        return Refusal(P + "setup.lay_field", f"field tile {m.tile} is not in the face-down stack",
                       f"draw one of {sorted(st.field_stack)}")
    return None


def draw_outcomes(st: KState) -> list[Any]:
    return [DrawField(CHANCE, t) for t in sorted(st.field_stack)]


def sample_draw(st: KState) -> Any:
    top = st.field_stack[-1]
    st.rng.top(1, len(st.field_stack), top, what="the top field tile")
    return DrawField(CHANCE, top)


def draw_field(st: KState, m: DrawField) -> None:
    """The player whose field step comes takes the top tile and sees it; the others see only that it is taken."""
    stack = st.field_stack
    i = stack.index(m.tile)
    stack[i], stack[-1] = stack[-1], stack[i]
    st.field_taken = True
    if st.events is not None:
        p, tile = st.current, FIELD_TILES[m.tile]
        st.note(f"{{p{p}}} takes the top field tile.", {"player": p})
        kind = FIELD_NAME[tile.kind]
        st.note(f"{{p{p}}}'s field tile is a {kind}.", {"player": p, "kind": kind}, visible_to=[p],
                you=(p, f"Your field tile is a {kind}."))


# --- the law cards on the new-law spaces (keythedral.setup.law_spaces, retrieve.reset) --------------------

def _space(st: KState) -> int:
    """The first empty new-law space (0-based); the spaces are filled in order."""
    return st.law_spaces.index(-1)


def check_deal(st: KState, m: DealLaw) -> Refusal | None:
    rule = P + ("setup.law_spaces" if st.phase == "deal_laws" else "retrieve.reset")
    space = _space(st) + 1
    if m.space != space:
        return Refusal(rule, f"new-law space {m.space} is not the next empty one", f"deal on space {space}")
    if m.law not in LAW_INDEX or LAW_INDEX[m.law] not in st.law_deck:
        return Refusal(rule, f"{m.law!r} is not a law card in the face-down stack", "deal a card of the stack")
    return None


def deal_outcomes(st: KState) -> list[Any]:
    space = _space(st) + 1
    return [DealLaw(CHANCE, space, LAWS[c].id) for c in sorted(st.law_deck)]


def sample_deal(st: KState) -> Any:
    top, space = st.law_deck[-1], _space(st) + 1
    st.rng.top(1, len(st.law_deck), LAWS[top].id, what=f"the law card laid on new-law space {space}")
    return DealLaw(CHANCE, space, LAWS[top].id)


def deal_law(st: KState, m: DealLaw) -> None:
    """The card goes face down: nobody sees it until it is procured."""
    deck = st.law_deck
    i = deck.index(LAW_INDEX[m.law])
    deck[i], deck[-1] = deck[-1], deck[i]
    st.law_spaces[m.space - 1] = deck.pop()
    if st.events is not None:
        st.note(f"A law card is laid face down on new-law space {m.space}.", {"space": m.space})


def laws_dealt(st: KState) -> bool:
    return -1 not in st.law_spaces or not st.law_deck


def space_to_fill(st: KState) -> bool:
    return -1 in st.law_spaces and bool(st.law_deck)


# --- a stage turned face up (keythedral.setup.reveal_first, buy.next_stage, variant.face_up) ----------------

def stage_to_turn(st: KState) -> int:
    """The face-down stage to turn now: the stage on sale, or in variation two every stage at set-up; -1: none."""
    face_up = st.face_up
    for s in range(5):
        if not face_up[s]:
            return s if s == st.stage or st.options["face_up_tiles"] else -1
    return -1


def _pool(st: KState, s: int) -> list[int]:
    """The tiles the stage's face-down tiles may be: its tiles on the mat and its unseen surplus."""
    return sorted(st.rows[s] + [t for t in st.surplus if BUILDINGS[t].stage == s])


def _ids(tiles: Any) -> str:
    return ",".join(BUILDINGS[t].id for t in tiles)


def check_turn(st: KState, m: TurnTiles) -> Refusal | None:
    s = stage_to_turn(st)
    ids = m.tiles.split(",")
    pool = _pool(st, s)
    tiles = [BUILDING_INDEX.get(i, -1) for i in ids]
    if len(set(tiles)) != len(tiles) or not set(tiles) <= set(pool) or len(tiles) != len(st.rows[s]) \
            or tiles != sorted(tiles):
        return Refusal(P + "buy.next_stage", f"{m.tiles!r} is not {len(st.rows[s])} different face-down stage-{s + 1} "
                       "tiles in id order", f"turn {len(st.rows[s])} of {_ids(pool)}")
    return None


def turn_outcomes(st: KState) -> list[Any]:
    s = stage_to_turn(st)
    return [TurnTiles(CHANCE, _ids(c)) for c in combinations(_pool(st, s), len(st.rows[s]))]


def sample_turn(st: KState) -> Any:
    s = stage_to_turn(st)
    row = st.rows[s]
    tiles = _ids(row)
    st.rng.top(1, comb(len(_pool(st, s)), len(row)), tiles, what=f"the stage-{s + 1} building tiles turned face up")
    return TurnTiles(CHANCE, tiles)


def turn_tiles(st: KState, m: TurnTiles) -> None:
    s = stage_to_turn(st)
    chosen = [BUILDING_INDEX[i] for i in m.tiles.split(",")]
    rest = [t for t in _pool(st, s) if t not in chosen]
    st.rows[s] = chosen
    st.surplus = sorted([t for t in st.surplus if BUILDINGS[t].stage != s] + rest)
    st.face_up[s] = True
    if st.events is not None:
        st.note(f"Stage {s + 1} is turned face up: " + "; ".join(f"a tile costing {counted(BUILDINGS[t].cost)}"
                                                               for t in chosen) + ".",
                {"stage": s + 1, "tiles": [BUILDINGS[t].id for t in chosen]})


def stage_face_down(st: KState) -> bool:
    s = st.stage
    return s < 5 and not st.face_up[s]


def variant_to_turn(st: KState) -> bool:
    return laws_dealt(st) and st.options["face_up_tiles"] and not st.face_up[4]


def turned_before_fields(st: KState) -> bool:
    return st.round == 0 and stage_to_turn(st) < 0 and None in st.cottage_at


def turned_after_fields(st: KState) -> bool:
    return st.round == 0 and stage_to_turn(st) < 0 and None not in st.cottage_at


def turned_in_window(st: KState) -> bool:
    return st.round > 0 and stage_to_turn(st) < 0 and bool(st.window)


def turned_on_turn(st: KState) -> bool:
    return st.round > 0 and stage_to_turn(st) < 0 and not st.window


# --- Design change's random tile (keythedral.law.design_change) -----------------------------------------

def replacements(st: KState) -> list[int]:
    stage = BUILDINGS[st.effects["design"]].stage
    return [t for t in st.surplus if BUILDINGS[t].stage == stage]


def check_replace(st: KState, m: ReplaceTile) -> Refusal | None:
    pool = replacements(st)
    if BUILDING_INDEX.get(m.tile, -1) not in pool:
        return Refusal(P + "law.design_change", f"{m.tile!r} is not an unused tile of the changed tile's stage",
                       f"replace with one of {_ids(pool)}")
    return None


def replace_outcomes(st: KState) -> list[Any]:
    return [ReplaceTile(CHANCE, BUILDINGS[t].id) for t in replacements(st)]


def sample_replace(st: KState) -> Any:
    pool = replacements(st)
    stage = BUILDINGS[st.effects["design"]].stage
    return ReplaceTile(CHANCE, BUILDINGS[pool[st.rng.below(len(pool), what=f"the unused stage-{stage + 1} "
                                                                             "building tiles")]].id)


def replace_tile(st: KState, m: ReplaceTile) -> None:
    """keythedral.law.design_change: the random unused tile takes the old one's place; the old one leaves."""
    tile, new = st.effects.pop("design"), BUILDING_INDEX[m.tile]
    row = st.rows[BUILDINGS[tile].stage]
    row[row.index(tile)] = new
    row.sort()
    st.surplus.remove(new)
    st.surplus.append(tile)
    st.surplus.sort()
    for key in ("up", "down"):  # a card beneath the old tile leaves with it
        if tile in st.effects.get(key, []):
            st.effects[key].remove(tile)
    if st.events is not None:
        st.note(f"Design change: the tile costing {counted(BUILDINGS[tile].cost)} is replaced by one costing "
                f"{counted(BUILDINGS[new].cost)}.",
                {"old": BUILDINGS[tile].id, "new": BUILDINGS[new].id})


def tile_to_replace(st: KState) -> bool:
    return "design" in st.effects


def replaced_in_window(st: KState) -> bool:
    return "design" not in st.effects and bool(st.window)


def replaced_on_turn(st: KState) -> bool:
    return "design" not in st.effects and not st.window


# --- declared once for the definition, the fast generator and the flow ---------------------------------------

OUTCOMES: dict[str, Callable[[KState], list[Any]]] = {
    "draw_field": draw_outcomes, "deal_laws": deal_outcomes, "refill_laws": deal_outcomes,
    "turn_tiles": turn_outcomes, "replace_tile": replace_outcomes}
SAMPLE: dict[str, Callable[[KState], Any]] = {
    "draw_field": sample_draw, "deal_laws": sample_deal, "refill_laws": sample_deal, "turn_tiles": sample_turn,
    "replace_tile": sample_replace}
APPLY: dict[str, Callable[[KState, Any], None]] = {
    "draw": draw_field, "deal": deal_law, "turn": turn_tiles, "replace": replace_tile}


def chance_weights(st: KState) -> list[tuple[Any, int]]:
    """The outcomes of the chance phase the game stands at, each with weight one (every piece is distinct)."""
    return [(m, 1) for m in OUTCOMES[st.phase](st)]


def sample_chance(st: KState) -> Any:
    """Normal play's outcome of the chance phase the game stands at."""
    return SAMPLE[st.phase](st)


def _outcomes_of(kind: str) -> Callable[[KState, int], list[Any]]:
    def candidates(st: KState, seat: int) -> list[Any]:
        return [m for m in OUTCOMES[st.phase](st) if m.kind == kind] if st.phase in OUTCOMES else []
    return candidates


CHANCE_KINDS = (
    Kind(DrawField, check_draw, _outcomes_of("draw"), reveals=never, rule="keythedral.setup.lay_field"),
    Kind(DealLaw, check_deal, _outcomes_of("deal"), rule="keythedral.setup.law_spaces"),
    Kind(TurnTiles, check_turn, _outcomes_of("turn"), rule="keythedral.buy.next_stage"),
    Kind(ReplaceTile, check_replace, _outcomes_of("replace"), rule="keythedral.law.design_change"),
)
