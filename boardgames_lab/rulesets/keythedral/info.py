"""The Keythedral metadata: players, edition, rules version and the options a table may choose."""
from __future__ import annotations

from ...core.definition import GameInfo, Option

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
