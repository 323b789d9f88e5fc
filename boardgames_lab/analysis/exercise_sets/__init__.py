"""Each game's exercises; importing a module registers them (add a game's module to this list)."""
from . import saint_petersburg  # noqa: F401
