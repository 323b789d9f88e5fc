"""Per-game heuristics; importing a module registers it (add a game's module to this list)."""
from . import saint_petersburg  # noqa: F401
