"""The bundled games, registered explicitly (one package per game)."""
from ..core.registry import register
from .saint_petersburg import DEFINITION as SAINT_PETERSBURG

GAMES = (SAINT_PETERSBURG,)
for _definition in GAMES:
    register(_definition)
