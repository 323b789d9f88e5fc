"""The Citadels game definition: the engine's API composed from the ruleset's modules (no mixins: each
method delegates to the module that holds that part of the rules)."""
from __future__ import annotations

from typing import Any

from ...core.definition import GameDefinition, GameInfo, Option
from ...core.position import Reader
from ...core.rng import Rng
from . import effects, fast, position, scoring, view
from .flow import FLOW
from .checks import KINDS
from .drawing import chance_weights, sample_chance
from .moves import Move, parse
from .rules import RULES
from .secrets import SECRETS
from .state import CitadelsState, invariants

INFO = GameInfo(
    name="citadels", title="Citadels", min_players=2, max_players=7, default_players=4,
    hidden_information=True, chance=True, edition="Ohne Furcht und Adel, Sonderausgabe (Hans im Glück)",
    rules_version=2,  # 2: the draws are chance moves; a deck made of the discard pile is drawn from at random
    description="Draft a secret character each round, then build a city of eight; the Assassin, the Thief "
                "and the Warlord get in the way. Hands, characters and the deck are hidden.",
    options=(
        Option("action_cards", False, (False, True), "Play with the 15 action cards (the rulebook's variant)."),
        Option("smithy", "pay3_draw2", ("pay3_draw2", "pay2_draw3", "pay3_draw3"),
               "The Smithy by edition: pay 3 draw 2 (German), pay 2 draw 3 (English), pay 3 draw 3 (French).",
               assumed=True),
        Option("great_wall", False, (False, True), "Add the Great Wall (66-card editions).", assumed=True),
        Option("graveyard_self", False, (False, True),
               "May the Graveyard's owner buy back the Graveyard itself when the Warlord removes it?", assumed=True),
        Option("tie_break", "buildings_then_gold", ("buildings_then_gold", "buildings"),
               "Ties: building points alone (the rulebook), then gold (the fact sheet's recommendation), or "
               "building points alone and then a shared win.", assumed=True),
    ),
)


class Citadels(GameDefinition[CitadelsState]):
    info = INFO
    flow = FLOW
    rulebook = RULES
    secrets = SECRETS
    kinds = KINDS
    fields = view.FIELDS

    def create_state(self, players: int, seed: int, options: dict[str, Any]) -> CitadelsState:
        st = CitadelsState()
        st.init_base(players, seed)
        st.setup_fields(players, options)
        return st

    # The fast generator (fast.py), proven equal to the plain path of the kinds' checks, and the effects:
    # bound as they are, so the hot path pays no delegating call.
    legal_moves = staticmethod(fast.legal_moves)
    apply_move = staticmethod(effects.apply_move)

    def to_act(self, st: CitadelsState) -> tuple[int, ...]:
        """citadels.action.window: while a reaction window is open, every seat still to answer, in the order
        the window lists them (from the crown holder); else the engine's one seat, or CHANCE at a draw."""
        if st.phase == "rasputin" or st.phase == "acrobat":
            return tuple(st.queue)
        return GameDefinition.to_act(self, st)

    def chance_weights(self, st: CitadelsState) -> list[tuple[Move, int]]:
        return chance_weights(st)

    sample_chance = staticmethod(sample_chance)  # bound as it is: normal play draws through it

    def parse_move(self, st: CitadelsState, text: str, *seat: int) -> Move:
        return parse(text, seat[0] if seat else st.current)

    def move_visibility(self, st: CitadelsState, move: Move) -> list[int] | None:
        return view.move_visibility(st, move)

    def scores(self, st: CitadelsState) -> list[int]:
        return scoring.scores(st)

    def winners(self, st: CitadelsState) -> list[int]:
        return scoring.winners(st)

    def position(self, st: CitadelsState) -> dict[str, Any]:
        return position.position(st)

    def read_position(self, data: Reader, players: int, options: dict[str, Any], phase: str) -> CitadelsState:
        return position.read_position(data, players, options, phase)

    def show(self, data: dict[str, Any], player: int | None, st: CitadelsState) -> dict[str, Any]:
        return view.show(data, player, st)

    def render_text(self, st: CitadelsState, player: int | None) -> str:
        return view.render_text(self.view(st, player))

    def determinize(self, st: CitadelsState, player: int | None, rng: Rng) -> CitadelsState:
        return view.determinize(st, player, rng)

    def invariants(self, st: CitadelsState) -> list[str]:
        return invariants(st)

    def clone_state(self, st: CitadelsState) -> CitadelsState:
        return st.clone()

    def snapshot(self, st: CitadelsState) -> dict[str, Any]:
        return st.snapshot()

    def conformance_configurations(self) -> list[tuple[int, dict[str, Any]]]:
        """For the conformance suite: every player count with and without action cards, then each other
        non-default option once (the full option product would take too long to play through)."""
        configs: list[tuple[int, dict[str, Any]]] = [(n, {"action_cards": ac}) for n in range(2, 8)
                                                     for ac in (False, True)]
        for opt in INFO.options[1:]:
            configs.extend((5, {opt.name: value}) for value in opt.choices if value != opt.default)
        return configs
