"""The Citadels metadata: players, edition, rules version and the options a table may choose."""
from __future__ import annotations

from ...core.definition import GameInfo, Option

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
