"""Village's metadata and options (the assumed values a teacher may change)."""
from __future__ import annotations

from typing import Any

from ...core.definition import GameInfo, Option
from .data import TIME_LAP

INFO = GameInfo(
    name="village", title="Village", min_players=2, max_players=4, default_players=4,
    hidden_information=True, chance=True, edition="eggertspiele 2011 (base game)", rules_version=1,
    description="Generations of a village family: take influence cubes, act, spend time and let the old die "
                "into the chronicle; served customers, towns, council and church score.",
    options=(
        Option("time_lap", TIME_LAP, (TIME_LAP, 9),
               "Time units per lap of the time track (one death per lap). The printed length was not found: "
               "12 is assumed.", assumed=True),
    ),
)


def resolved_lap(options: dict[str, Any]) -> int:
    return int(options.get("time_lap", TIME_LAP))
