"""Village's metadata and options, with the assumed values a teacher may change.

Each value no source prints (see ``data.ASSUMED_VALUES``) that a class may want to vary is an option here:
its default is the value in the data table, its other choices are plausible alternatives. The functions
below turn a game's options into the values the rules use, so no rule reads an assumed table directly.
"""
from __future__ import annotations

from typing import Any

from ...core.definition import GameInfo, Option
from ...core.errors import OptionError
from .data import (BEER, BEER_TILES, BREAD, CATEGORIES, CHRONICLE_SPACES, CHURCH_GRAIN, COUNCIL_ADVANCE_TIME,
                   GENERATIONS, GOODS_PER_KIND, GRAVES, MARRIAGE_TILES, SETUP_CARDS, STALLS, TIME_LAP, TOOL)

BY_PLAYERS = "by_players"  # the table's entry for the number of players in the game
STAGES = (2, 3, 4)  # the council and church stages that cost something to enter


def _stage_costs(table: dict[int, int]) -> str:
    """A cost per stage 2, 3 and 4 written as an option value: {2: 1, 3: 2, 4: 3} -> "1-2-3"."""
    return "-".join(str(table[s]) for s in STAGES)


ADVANCE_TIME_CHOICES = (_stage_costs(COUNCIL_ADVANCE_TIME), "2-3-3", "2-2-2", "3-3-3")
CHURCH_GRAIN_CHOICES = (_stage_costs(CHURCH_GRAIN), "1-1-1", "2-2-2", "0-1-2")

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
        Option("setup_card", BY_PLAYERS, (BY_PLAYERS, 2, 3, 4),
               "The setup card that seeds the board each round: the one for the number of players, or the card "
               "for 2, 3 or 4 players whatever the count. The cards' figures were not found and are assumed.",
               assumed=True),
        Option("stalls", BY_PLAYERS, (BY_PLAYERS, 3, 4, 5),
               "Market stalls in use: 3, 4 or 5 by players (inferred from the labelled spaces), or a fixed "
               "number.", assumed=True),
        Option("chronicle_spaces", BY_PLAYERS, (BY_PLAYERS, 2, 3, 4, 5),
               "Chronicle spaces per category: 2, 3 or 4 by players (assumed), or a fixed number.", assumed=True),
        Option("graves", BY_PLAYERS, (BY_PLAYERS, 6, 8, 10, 12),
               "Anonymous graves: 6, 8 or 10 by players (assumed), or a fixed number.", assumed=True),
        Option("council_advance_time", ADVANCE_TIME_CHOICES[0], ADVANCE_TIME_CHOICES,
               "Time to advance into council stage 2, 3 and 4. The rulebook says two or three without saying "
               "which stage costs which: 2-2-3 is assumed.", assumed=True),
        Option("church_grain", CHURCH_GRAIN_CHOICES[0], CHURCH_GRAIN_CHOICES,
               "Grain to advance into church stage 2, 3 and 4 at Mass (not found: 1-2-3 is assumed).",
               assumed=True),
    ),
)

_STAGE_COSTS = {text: dict(zip(STAGES, map(int, text.split("-"))))
                for text in ADVANCE_TIME_CHOICES + CHURCH_GRAIN_CHOICES}


def _per_players(options: dict[str, Any], name: str, table: dict[int, int], players: int) -> int:
    value = options.get(name, BY_PLAYERS)
    return table[players] if value == BY_PLAYERS else int(value)


def resolved_lap(options: dict[str, Any]) -> int:
    return int(options.get("time_lap", TIME_LAP))


def setup_card(options: dict[str, Any], players: int) -> tuple[int, tuple[int, ...]]:
    """(cubes of each colour added per round, cubes drawn onto each area)."""
    card = options.get("setup_card", BY_PLAYERS)
    return SETUP_CARDS[players if card == BY_PLAYERS else int(card)]


def stall_count(options: dict[str, Any], players: int) -> int:
    return _per_players(options, "stalls", STALLS, players)


def chronicle_spaces(options: dict[str, Any], players: int) -> int:
    return _per_players(options, "chronicle_spaces", CHRONICLE_SPACES, players)


def grave_count(options: dict[str, Any], players: int) -> int:
    return _per_players(options, "graves", GRAVES, players)


def check_options(players: int, options: dict[str, Any]) -> None:
    """village.end.trigger: refuse a chronicle and graveyard that the players' villagers could never fill.

    The end comes when a death fills the last chronicle space or the last grave, so until then each holds at
    least one fewer: 5 x spaces + graves - 1 deaths always bring it. With fewer villagers than that in the
    game, every villager can die with neither full, and then no death is left to bring the end."""
    spaces, graves = chronicle_spaces(options, players), grave_count(options, players)
    villagers = len(GENERATIONS) * players
    if spaces * len(CATEGORIES) + graves - 1 > villagers:
        raise OptionError(
            f"options 'chronicle_spaces' ({spaces}) and 'graves' ({graves}) conflict with {players} players: the "
            f"game ends when a death fills the last of the {spaces * len(CATEGORIES)} chronicle spaces or of the "
            f"{graves} graves (village.end.trigger), but {players} players have {villagers} villagers, who can "
            f"all die with neither full, and the game would never end; with {players} players, "
            f"{len(CATEGORIES)} x chronicle_spaces + graves may be at most {villagers + 1}")


def council_advance_time(options: dict[str, Any]) -> dict[int, int]:
    """Time to advance into each council stage, by stage."""
    return _STAGE_COSTS[options.get("council_advance_time", ADVANCE_TIME_CHOICES[0])]


def church_grain(options: dict[str, Any]) -> dict[int, int]:
    """Grain to advance into each church stage at Mass, by stage."""
    return _STAGE_COSTS[options.get("church_grain", CHURCH_GRAIN_CHOICES[0])]


def goods_totals(options: dict[str, Any]) -> list[int]:
    """Tiles of each good in the game: the base goods, plus beer with the Inn, bread and tools with Marriage."""
    totals = [GOODS_PER_KIND] * 5 + [0, 0, 0]
    if options.get("inn_brewery"):
        totals[BEER] = BEER_TILES
    if options.get("marriage"):
        totals[BREAD] = totals[TOOL] = MARRIAGE_TILES
    return totals
