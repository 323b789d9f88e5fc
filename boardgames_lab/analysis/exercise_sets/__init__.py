"""Each game's exercises; importing a module registers them (add a game's module to this list)."""
from . import citadels, keythedral, saint_petersburg, village  # noqa: F401
