"""Village's metadata and options (the assumed values a teacher may change)."""
from __future__ import annotations

from typing import Any

from ...core.definition import GameInfo, Option
from .data import BEER, BEER_TILES, BREAD, GOODS_PER_KIND, MARRIAGE_TILES, TIME_LAP, TOOL

INFO = GameInfo(
    name="village", title="Village", min_players=2, max_players=4, default_players=4,
    hidden_information=True, chance=True, edition="eggertspiele 2011 (base game)", rules_version=1,
    description="Generations of a village family: take influence cubes, act, spend time and let the old die "
                "into the chronicle; served customers, towns, council and church score.",
    options=(
        Option("time_lap", TIME_LAP, (TIME_LAP, 9),
               "Time units per lap of the time track (one death per lap). The printed length was not found: "
               "12 is assumed.", assumed=True),
        Option("inn_brewery", False, (False, True),
               "Village Inn: the brewery craft, which makes two beer; each player starts with one beer. "
               "The rest of the Inn is not modelled."),
        Option("marriage", False, (False, True),
               "Marriage: bread may replace a church stage's grain at Mass, and a tool spent on a craft doubles its "
               "output. Bread and tools come from the council's stage-3 privilege (an assumed source)."),
    ),
)


def resolved_lap(options: dict[str, Any]) -> int:
    return int(options.get("time_lap", TIME_LAP))


def goods_totals(options: dict[str, Any]) -> list[int]:
    """Tiles of each good in the game: the base goods, plus beer with the Inn, bread and tools with Marriage."""
    totals = [GOODS_PER_KIND] * 5 + [0, 0, 0]
    if options.get("inn_brewery"):
        totals[BEER] = BEER_TILES
    if options.get("marriage"):
        totals[BREAD] = totals[TOOL] = MARRIAGE_TILES
    return totals
