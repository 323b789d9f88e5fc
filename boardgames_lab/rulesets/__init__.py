"""The bundled games, registered explicitly: one package per game, each exposing ``DEFINITION``."""
from importlib import import_module

from ..core.registry import register

GAME_PACKAGES = (
    "saint_petersburg",
    "village",
    "citadels",
    "keythedral",
)

GAMES = tuple(import_module(f"{__name__}.{name}").DEFINITION for name in GAME_PACKAGES)
for _definition in GAMES:
    register(_definition)
