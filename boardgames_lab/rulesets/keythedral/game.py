"""The Keythedral game definition: composed of the modules, each method handing over to one of them."""
from __future__ import annotations

from typing import Any

from ...core.definition import GameDefinition, GameInfo, Option
from ...core.moves import CHANCE
from ...core.position import Reader
from ...core.rng import Rng
from . import draws, effects, fast, position, render, view
from .checks import KINDS
from .data import BUILDINGS, STAGE_POINTS
from .flow import FLOW
from .moves import Move, parse
from .rules import RULES
from .secrets import SECRETS
from .state import KState

INFO = GameInfo(
    name="keythedral", title="Keythedral", min_players=2, max_players=5, default_players=4,
    hidden_information=True, chance=True, edition="Pro Ludo 2004 (second edition)", rules_version=1,
    description="Lay a board of fields and cottages, send workers out in a bid-for order, and spend the cubes "
                "they bring on seats in the Keythedral; fences, houses, crafts and twenty secret law cards.",
    options=(
        Option("version", "short", ("short", "full"),
               "Short: the grey spaces of the Keythedral mat; full: one more (orange) space per row."),
        Option("face_up_tiles", False, (False, True),
               "Variation two: every building tile in play is face up from the start."),
    ),
)



class Keythedral(GameDefinition[KState]):
    info = INFO
    flow = FLOW
    rulebook = RULES
    secrets = SECRETS
    kinds = KINDS
    fields = view.FIELDS
    conformance_moves = 400  # uniformly random play wastes cubes and seldom finishes; tests cover the end

    def __init__(self) -> None:
        super().__init__()
        self.legal_moves = fast.legal_moves  # type: ignore[method-assign]  (bound once: runs every decision)

    def create_state(self, players: int, seed: int, options: dict[str, Any]) -> KState:
        st = KState()
        st.init_base(players, seed)
        st.setup_fields(players, options)
        return st

    def legal_moves(self, st: KState) -> list[Move]:
        """The fast generator (fast.py), proven equal to the plain path of the kinds' checks."""
        return fast.legal_moves(st)

    def to_act(self, st: KState) -> tuple[int, ...]:
        """keythedral.law.window: every player still to answer an open window, in the order asked; CHANCE at a draw."""
        phase = st.phase
        if phase == "law_window":
            return tuple(st.window["frames"][-1]["ask"])
        if phase in draws.OUTCOMES:
            return (CHANCE,)
        return () if phase == "game_over" else (st.current,)

    def chance_weights(self, st: KState) -> list[tuple[Any, int]]:
        return [(m, 1) for m in draws.OUTCOMES[st.phase](st)]

    def sample_chance(self, st: KState) -> Any:
        return draws.SAMPLE[st.phase](st)

    apply_move = staticmethod(effects.apply_move)

    def parse_move(self, st: KState, text: str, *seat: int) -> Move:
        return parse(text, seat[0] if seat else st.current)

    def show(self, data: dict[str, Any], player: int | None, st: KState) -> dict[str, Any]:
        return view.show(data, player, st)

    def full_view(self, st: KState) -> dict[str, Any]:
        return view.full_view(st)

    def render_text(self, st: KState, player: int | None) -> str:
        return render.render_text(self.view(st, player))

    def determinize(self, st: KState, player: int | None, rng: Rng) -> KState:
        return view.determinize(st, player, rng)

    def invariants(self, st: KState) -> list[str]:
        return view.invariants(st)

    def scores(self, st: KState) -> list[int]:
        if st.final is not None:
            return [f["total"] for f in st.final]
        return [sum(STAGE_POINTS[BUILDINGS[t].stage] for t in st.seats[p]) for p in range(st.num_players)]

    def winners(self, st: KState) -> list[int]:
        """keythedral.score.winner"""
        if st.final is None:
            return []
        best = max(f["total"] for f in st.final)
        return [p for p, f in enumerate(st.final) if f["total"] == best]

    def move_visibility(self, st: KState, move: Move) -> list[int] | None:
        """keythedral.law.window: declining a law window is private, so nobody learns who holds nothing.
        keythedral.secret.screens: a bid's cubes go from screen to screen, seen by payer and payee only.
        keythedral.secret.field_stack: the top field tile is seen by its taker; setup.law_spaces: a law card laid
        face down by nobody."""
        kind = move.kind
        if kind == "decline":
            return [move.player]
        if kind == "give":
            return [st.current, st.auction["payee"]]
        if kind == "draw":
            return [st.current]
        if kind == "deal":
            return []
        return None

    def position(self, st: KState) -> dict[str, Any]:
        return position.position(st)

    def read_position(self, data: Reader, players: int, options: dict[str, Any], phase: str) -> KState:
        return position.read_position(data, players, options, phase)

    def clone_state(self, st: KState) -> KState:
        return st.clone()

    def snapshot(self, st: KState) -> dict[str, Any]:
        return st.snapshot()
