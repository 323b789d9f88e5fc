"""The bundled games, registered explicitly: one package per game, each exposing ``DEFINITION``."""
from importlib import import_module

from ..core.registry import register

# The house: every game has these modules, with these roles, so that a reader who knows one game knows
# where to look in the next. A game adds modules only where its size asks, each named for a part of its
# rulebook and listed in its package's ``EXTRA_MODULES`` with that part (tests/test_house.py checks all this).
HOUSE = {
    "__init__": "the game's property table; DEFINITION, INFO and the exports",
    "data": "static tables: components keyed by stable ids, costs and points as columns",
    "state": "the state class: plain fields, cheap to copy",
    "position": "the position format: the state as JSON data and back, every field validated",
    "moves": "one frozen value class per move kind, with rulebook field names and notation both ways",
    "checks": "one check per move kind (legal, or the rule that forbids it) and its candidates",
    "effects": "what each move does to the state",
    "flow": "the phase declaration, turn orders, guards and hooks",
    "view": "who may see each field, and the views built from the redacted position",
    "render": "text and HTML pictures of a view",
    "rules": "the rule ids, each with its rulebook reference and our paraphrase",
    "secrets": "what each seat may not see, from the rulebook, for the leak test",
    "game": "the GameDefinition, composed from the modules above",
}

# The faces: modules the lab's tools read through the definition (core/definition.py; docs/adding_a_game.md,
# "Faces of a game"), each optional, with the same name and role in every game that has it.
FACES = {
    "actions": "every move a seat can make, numbered for the PettingZoo and OpenSpiel adapters",
    "board": "the clicks that name each move on the board, and the set-up spots of a position",
    "heuristic": "the heuristic bot's rule of thumb: a score and a reason for each legal move",
    "exercises": "game-theory exercises built from positions of real games",
    "decisions": "the kinds of class decision solved against the equilibrium",
    "features": "the fixed layout of a seat's observation, built from its view, for the adapters",
}

GAME_PACKAGES = (
    "saint_petersburg",
    "village",
    "citadels",
    "keythedral",
)

GAMES = tuple(import_module(f"{__name__}.{name}").DEFINITION for name in GAME_PACKAGES)
for _definition in GAMES:
    register(_definition)
