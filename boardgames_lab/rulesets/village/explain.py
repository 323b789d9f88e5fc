"""Why a move is or is not legal: every answer names its rule and what would make the move legal."""
from __future__ import annotations

from ...core.definition import Explanation
from .data import AREAS, BUILDING_OF_GOOD, BUILDINGS, GOODS
from .moves import Move, parse
from .phases import FLOW
from .refusals import CHECKS, field_fault
from .state import VillageState

P = "village."
AREA_OF_KIND = {"harvest": 0, "birth": 1, "recall": 1, "craft": 2, "mill": 2, "council": 5, "privilege": 5, "travel": 4, "church": 6}
PHASE_HINTS = {
    "turn": ("turn.take_cube", "take a cube first (e.g. 'take harvest green') or use the Well"),
    "action": ("turn.skip", "act in the area whose cube you took, or 'skip'"),
    "privilege": ("council.privilege", "choose a privilege (e.g. 'privilege 1') or 'privilege none'"),
    "cubes": ("council.cubes", "choose two influence cubes, e.g. 'cubes green pink'"),
    "market": ("market.day", "it is a market day: 'serve <stall>' or 'pass'"),
    "market_death": ("death.market_at_once", "a villager must die now: 'dies <place> g<n>'"),
    "death": ("death.oldest", "choose who dies: 'dies <place> g<n>'"),
    "mass": ("mass.select", "Mass: 'redeem g<n>' to buy a villager out of the bag, or 'done'"),
    "mass_advance": ("mass.advance", "Mass: 'raise church<k> g<n>' to advance a villager, or 'done'"),
}


def _rule_of(move: Move) -> str:
    kind = move.kind
    if kind == "craft" and move.a == "beer":
        return "inn.brewery"
    if kind == "craft" and move.b.endswith("_tool"):
        return "marriage.tools"
    if kind == "raise" and move.b == "bread":
        return "marriage.bread"
    if kind == "craft":
        return {"train": "crafts.training", "worker": "crafts.worker", "pay": "crafts.resources"}[move.b.split("_")[0]]
    if kind == "council":
        return "council.enter" if move.a == "farm" else "council.advance"
    return {"take": "turn.take_cube", "well": "well.action", "free": "end.no_cubes", "skip": "turn.skip",
            "harvest": "harvest.grain", "birth": "family.birth", "recall": "family.recall", "mill": "crafts.mill",
            "privilege": "council.privilege", "travel": "travel.route", "church": "church.action",
            "serve": "market.available", "pass": "market.pass_final", "cubes": "council.cubes",
            "dies": "death.oldest", "redeem": "mass.select", "raise": "mass.advance",
            "done": "mass.select"}[kind]


def _describe(st: VillageState, move: Move) -> str:
    """What a legal move costs or does, in a few words."""
    kind = move.kind
    coins = f", {move.coins} coin(s) standing in for cubes" if move.coins else ""
    if kind == "take":
        return ": a plague cube goes back and costs two time" if move.b == "plague" else ": the cube goes to your farm"
    if kind == "well":
        return f": three {move.b or 'coins'} go back{coins}, then the {move.a} action"
    if kind == "craft":
        building = BUILDINGS[BUILDING_OF_GOOD[GOODS.index(move.a)]]
        how = move.b.split("_")[0]
        cost = {"train": f"{building.training} training + {building.production} production time",
                "worker": f"{building.production} time", "pay": "the resource alternative"}[how]
        return f": the {building.name.replace('_', ' ')} makes {move.a} for {cost}{coins}"
    if kind == "serve":
        free = st.first_sale and st.current == st.opener
        return ": the first sale, without surcharge" if free else f": plus one green and one time{coins}"
    if kind == "dies":
        return ": one of your oldest visible villagers; it goes to the chronicle if its category has room"
    if kind in ("council", "travel", "church"):
        return coins and f" ({coins[2:]})"
    return ""


def _no(rule: str, reason: str) -> Explanation:
    return Explanation(False, P + rule, reason)


class Explaining:
    """Mixed into the game definition: ``explain`` and ``parse_move``."""

    def parse_move(self, st: VillageState, text: str) -> Move:
        return parse(text)

    def explain(self, st: VillageState, move: Move) -> Explanation:
        if not isinstance(move, Move):
            return Explanation(False, "core.not_legal", f"{move!r} is not a Village move")
        phase = st.phase
        if move.kind not in FLOW.phase(phase).moves:
            rule, hint = PHASE_HINTS.get(phase, ("turn.take_cube", "no move can be made now"))
            if phase == "turn" and st.no_cubes:
                rule, hint = "end.no_cubes", "the board is empty in the last actions: take any action with 'free <area>'"
            return _no(rule, f"'{move.kind}' is not a move of the {FLOW.phase(phase).label.lower()} step: {hint}")
        legal = self.legal_moves(st)  # type: ignore[attr-defined]
        if move in legal:
            return Explanation(True, P + _rule_of(move), f"'{move}' is legal here" + _describe(st, move))
        return _no(*why_not(st, move, legal))


def why_not(st: VillageState, move: Move, legal: list[Move]) -> tuple[str, str]:
    """The first rule an illegal move of this step's kinds breaks (refusals.py), with the legal moves of its kind."""
    kind = move.kind
    fault = field_fault(move)
    if fault:
        return fault
    if st.phase == "action" and kind in AREA_OF_KIND and AREA_OF_KIND[kind] != st.area:
        return "turn.take_cube", (f"your cube came from the {AREAS[st.area]} area, so only its action (or 'skip') "
                                  f"is open; '{kind}' belongs to {AREAS[AREA_OF_KIND[kind]]}")
    rule, reason = CHECKS[kind](st, st.current, move)
    same = [str(m) for m in legal if m.kind == kind][:6]
    return rule, reason + (f"; possible now: {', '.join(same)}" if same else "")
