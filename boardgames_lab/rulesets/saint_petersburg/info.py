"""The Saint Petersburg metadata: players, edition, rules version and the options a table may choose."""
from __future__ import annotations

from ...core.definition import GameInfo, Option

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
