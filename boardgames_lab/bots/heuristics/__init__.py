"""Per-game heuristics; importing a module registers it (add a game's module to this list)."""
from . import citadels, keythedral, saint_petersburg, village  # noqa: F401
