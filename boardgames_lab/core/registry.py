"""The games the package knows, and how to start or restore one."""
from __future__ import annotations

import os
from importlib import import_module
from typing import Any, Callable, Iterable

from .definition import GameDefinition
from .errors import UnknownGame
from .game import PLAY, Game
from .rules import Rule

_GAMES: dict[str, GameDefinition[Any]] = {}
_WATCHERS: list[Callable[[GameDefinition[Any]], None]] = []  # told of every game registered (the adapters)


def _load_bundled() -> None:
    import_module("boardgames_lab.rulesets")  # registers the bundled games on first use


def register(definition: GameDefinition[Any]) -> None:
    """Register a game under its ``info.name``: ``new_game``, ``games()``, the command line and the adapters (told
    through ``watch_registrations``) see it from then on. The bundled games are registered on first use."""
    _GAMES[definition.info.name] = definition
    for watch in _WATCHERS:
        watch(definition)


def watch_registrations(watch: Callable[[GameDefinition[Any]], None]) -> None:
    """Call ``watch`` with every registered game now, and with each game registered from now on."""
    _load_bundled()
    _WATCHERS.append(watch)
    for known in list(_GAMES.values()):
        watch(known)


def definition(name: str) -> GameDefinition[Any]:
    """The registered game's definition, by name in any case, with spaces or hyphens for underscores; an
    unknown name raises ``UnknownGame`` listing the games."""
    _load_bundled()
    key = name.strip().lower().replace(" ", "_").replace("-", "_") if isinstance(name, str) else name
    if key not in _GAMES:
        raise UnknownGame(f"no game named {name!r}; the games are {sorted(_GAMES)}")
    return _GAMES[key]


def games() -> list[dict[str, Any]]:
    """Every registered game with its metadata: players, hidden information, chance, options."""
    _load_bundled()
    return [d.info.as_dict() for d in _GAMES.values()]


def new_game(name: str, players: int | None = None, seed: int | None = None, *, mode: str = PLAY,
             names: Iterable[str] | None = None, chance: str = "auto", **options: Any) -> Game:
    """Start a game. ``seed`` fixes every shuffle and draw; without one a fresh seed is chosen and kept.
    ``chance="explicit"`` stops the game at each random draw for the caller to choose the outcome."""
    d = definition(name)
    if players is None:
        players = d.info.default_players
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    return Game(d, players, check_seed(seed), options, mode=mode, names=names, chance=chance)


def check_seed(seed: Any) -> int:
    """A game's seed: an integer from 0 to 2**63 - 1, not a bool (ValueError naming it otherwise)."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise ValueError(f"seed must be an integer from 0 to 2**63 - 1, not {seed!r}")
    return seed


def rules(name: str) -> list[Rule]:
    """The game's rules: id, rulebook reference and paraphrase."""
    return list(definition(name).rulebook)
