"""The Village game definition: composed of the house's modules, each method a plain call into one of them."""
from __future__ import annotations

from typing import Any

from ...core.definition import GameDefinition
from ...core.rng import Rng
from . import draws, fast, market, position, view
from . import flow as hooks
from .checks import KINDS
from .effects import apply_move
from .flow import FLOW
from .info import INFO, check_options, resolved_lap
from .moves import MOVE_TYPES, Move, parse
from .rules import RULES
from .scoring import winners
from .secrets import SECRETS
from ...core.position import Reader
from .state import VillageState

EXPANSIONS = ("inn_brewery", "marriage")


class Village(GameDefinition[VillageState]):
    info = INFO
    flow = FLOW
    rulebook = RULES
    secrets = SECRETS
    kinds = KINDS
    fields = view.FIELDS

    # --- the flow's guards, hooks and turn orders (flow.py) ------------------------------------------------------
    deal = staticmethod(hooks.deal)
    seed_round = staticmethod(hooks.seed_round)
    draw_out = staticmethod(draws.draw_out)  # normal play draws a chance phase out as it opens
    first_turn = staticmethod(hooks.first_turn)
    start_new_round = staticmethod(hooks.start_new_round)
    market_day = staticmethod(hooks.market_day)
    acting = staticmethod(hooks.acting)
    open_market = staticmethod(hooks.open_market)
    privilege_owed = staticmethod(hooks.privilege_owed)
    cubes_owed = staticmethod(hooks.cubes_owed)
    action_done = staticmethod(hooks.action_done)
    death_choice = staticmethod(hooks.death_choice)
    deaths_settled = staticmethod(hooks.deaths_settled)
    market_over = staticmethod(market.market_over)
    turn_market_next = staticmethod(market.next_in_market)
    after_market_death = staticmethod(hooks.after_market_death)
    close_market = staticmethod(hooks.close_market)
    settle_deaths = staticmethod(hooks.settle_deaths)
    end_triggered = staticmethod(hooks.end_triggered)
    last_actions_done = staticmethod(hooks.last_actions_done)
    next_last_action = staticmethod(hooks.next_last_action)
    board_empty = staticmethod(hooks.board_empty)
    next_player = staticmethod(hooks.next_player)
    prepare_final_mass = staticmethod(hooks.prepare_final_mass)
    begin_mass = staticmethod(hooks.begin_mass)
    selection_over = staticmethod(hooks.selection_over)
    turn_mass_next = staticmethod(hooks.turn_mass_next)
    customers_dealt = staticmethod(draws.customers_dealt)
    market_refilled = staticmethod(draws.market_refilled)
    board_seeded = staticmethod(draws.board_seeded)
    mass_drawn = staticmethod(draws.mass_drawn)
    begin_advance = staticmethod(hooks.begin_advance)
    mass_queue_empty = staticmethod(hooks.mass_queue_empty)
    award_mass = staticmethod(hooks.award)
    is_final_mass = staticmethod(hooks.is_final_mass)
    score_final = staticmethod(hooks.score_final)

    # --- set-up, moves and their effects -------------------------------------------------------------------------
    check_options = staticmethod(check_options)
    def create_state(self, players: int, seed: int, options: dict[str, Any]) -> VillageState:
        st = VillageState()
        st.init_base(players, seed)
        st.setup_fields(players, options)
        st.lap = resolved_lap(options)
        return st

    # The hot path binds the module functions directly: the fast generator (fast.py), proven equal as a set
    # to the plain path of the kinds' checks (tests/village/test_fast.py), and the effects' dispatch.
    legal_moves = staticmethod(fast.legal_moves)
    apply_move = staticmethod(apply_move)

    def plain_legal_moves(self, st: VillageState) -> list[Any]:
        return GameDefinition.legal_moves(self, st)

    def parse_move(self, st: VillageState, text: str, *seat: int) -> Move:
        return parse(text, seat[0] if seat else st.current)

    def move_classes(self) -> tuple[type, ...]:
        return MOVE_TYPES

    # --- the draws, each a chance phase (draws.py) ----------------------------------------------------------------
    chance_weights = staticmethod(draws.chance_weights)
    sample_chance = staticmethod(draws.sample_chance)

    # --- positions (position.py) ----------------------------------------------------------------------------------
    def position(self, st: VillageState) -> dict[str, Any]:
        return position.position(st)

    def read_position(self, data: Reader, players: int, options: dict[str, Any], phase: str) -> VillageState:
        return position.read_position(data, players, options, phase)

    # --- results, views and the rest -----------------------------------------------------------------------------
    def scores(self, st: VillageState) -> list[int]:
        if st.final is not None:
            return [f["total"] for f in st.final]
        return list(st.prestige)

    def winners(self, st: VillageState) -> list[int]:
        return winners(st) if st.final is not None else []

    def clone_state(self, st: VillageState) -> VillageState:
        return st.clone()

    def snapshot(self, st: VillageState) -> dict[str, Any]:
        return st.snapshot()

    def show(self, data: dict[str, Any], player: int | None, st: VillageState) -> dict[str, Any]:
        return view.show(data, player, st)

    def full_view(self, st: VillageState) -> dict[str, Any]:
        return view.full_view(position.position(st), st)

    def render_text(self, st: VillageState, player: int | None) -> str:
        return view.render_text(self.view(st, player))

    def determinize(self, st: VillageState, player: int | None, rng: Rng) -> VillageState:
        return view.determinize(st, player, rng)

    def invariants(self, st: VillageState) -> list[str]:
        return view.invariants(st)

    def conformance_configurations(self) -> list[tuple[int, dict[str, Any]]]:
        """For the conformance suite: every player count with and without each expansion, then every other
        choice of an assumed value once (the full option product would take too long to play through)."""
        configs: list[tuple[int, dict[str, Any]]] = [(n, {"inn_brewery": inn, "marriage": marriage})
                                                     for n in range(2, 5) for inn in (False, True)
                                                     for marriage in (False, True)]
        for opt in INFO.options:
            if opt.name not in EXPANSIONS:
                configs.extend((3, {opt.name: value}) for value in opt.choices if value != opt.default)
        return configs
