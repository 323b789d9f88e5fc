"""The Saint Petersburg definition: composed of the modules, each method hands over to one of them."""
from __future__ import annotations

from typing import Any

from ...core.definition import GameDefinition, GameInfo, Option
from ...core.position import Reader
from ...core.rng import Rng
from . import effects, fast, position, scoring, view
from .flow import FLOW
from .checks import KINDS, chance_weights, sample_chance
from .moves import parse
from .rules import RULES
from .secrets import SECRETS
from .state import CARD_IDS, EMPTY, SPState, invariants, slot_card

INFO = GameInfo(
    name="saint_petersburg", title="Saint Petersburg", min_players=2, max_players=4, default_players=4,
    hidden_information=True, chance=True, edition="Hans im Glück 2004, 1st edition", rules_version=2,
    description="Buy workers, buildings, aristocrats and trading cards across four phases a round; "
                "money and hands are secret.",
    options=(
        Option("pub_limit", "per_card", ("per_card", "per_player"),
               "Pub points a player may buy after a building scoring: 5 per Pub card, or 5 in all."),
        Option("tie_break", "leftover_rubles", ("leftover_rubles", "total_rubles"),
               "Tied players compare the rubles left after converting tens into points, or all their rubles."),
        Option("open_money", False, (False, True),
               "Show every player's rubles to everyone (an online-play variant; the rulebook keeps them secret)."),
    ),
)


class SaintPetersburg(GameDefinition[SPState]):
    info = INFO
    flow = FLOW
    rulebook = RULES
    secrets = SECRETS
    kinds = KINDS
    fields = view.FIELDS

    # --- set-up and moves -------------------------------------------------------------------------
    def create_state(self, players: int, seed: int, options: dict[str, Any]) -> SPState:
        st = SPState()
        st.init_base(players, seed)
        st.setup_fields(players, options)
        return st

    # The fast generator (fast.py); tests/saint_petersburg/test_fast.py proves it equals the plain path.
    legal_moves = staticmethod(fast.legal_moves)

    apply_move = staticmethod(effects.apply_move)
    # Chance phases (a card off a face-down deck): the outcomes, and normal play's draw, the deck's top card.
    chance_weights = staticmethod(chance_weights)
    sample_chance = staticmethod(sample_chance)

    def parse_move(self, st: SPState, text: str, *seat: int) -> Any:
        """The notation of a move of ``seat``; ``buy U3`` is read as ``buy <card at U3>@U3``."""
        return parse(text, seat[0] if seat else st.current,
                     lambda slot: "" if slot_card(st, slot) == EMPTY else CARD_IDS[slot_card(st, slot)])

    # --- results ----------------------------------------------------------------------------------
    def scores(self, st: SPState) -> list[int]:
        return scoring.scores(st)

    def winners(self, st: SPState) -> list[int]:
        return scoring.winners(st)

    # --- copies, views and samples ----------------------------------------------------------------
    def clone_state(self, st: SPState) -> SPState:
        return st.clone()

    def snapshot(self, st: SPState) -> dict[str, Any]:
        return st.snapshot()

    def position(self, st: SPState) -> dict[str, Any]:
        return position.position(st)

    def read_position(self, data: Reader, players: int, options: dict[str, Any], phase: str) -> SPState:
        return position.read_position(data, players, options, phase)

    def show(self, data: dict[str, Any], player: int | None, st: SPState) -> dict[str, Any]:
        return view.show(data, player, st)

    def render_text(self, st: SPState, player: int | None) -> str:
        return view.render_text(self.view(st, player))

    def determinize(self, st: SPState, player: int | None, rng: Rng) -> SPState:
        return view.determinize(st, player, rng)

    def invariants(self, st: SPState) -> list[str]:
        return invariants(st)
