"""The bundled games, registered explicitly: one package per game, each exposing ``DEFINITION``."""
from importlib import import_module

from ..core.registry import register

# The house: every game has these modules, with these roles and these names in them, so that a reader who knows
# one game knows where to look in the next, and the core binds a game's definition from them
# (core/definition.py, HOUSE_BINDINGS). A game adds modules only where its size asks, each named for a part of its
# rulebook and listed in its package's ``EXTRA_MODULES`` with that part (tests/test_house.py checks all this).
HOUSE = {
    "__init__": "the game's property table; DEFINITION, INFO and the exports",
    "info": "INFO: the game's metadata and the options a table may choose",
    "data": "static tables: components keyed by stable ids, costs and points as columns",
    "state": "the state class, plain fields cheap to copy, and the conservation laws (invariants)",
    "position": "the position format: the state as JSON data and back, every field validated",
    "moves": "one frozen value class per move kind, with rulebook field names and notation both ways (parse)",
    "checks": "one check per move kind (legal, or the rule that forbids it) and its candidates (KINDS)",
    "fast": "the same legal moves as the checks, made quickly (legal_moves; the tests prove them equal)",
    "effects": "what each move does to the state (apply_move)",
    "draws": "the chance phases: each draw's check, its outcomes and weights, normal play's draw (chance_weights, "
             "sample_chance)",
    "flow": "the phase declaration (FLOW) and the turn orders, guards and hooks it names",
    "scoring": "the final scoring, the scores and the winners",
    "view": "who may see each field (FIELDS), the views built from the redacted position (show), determinize",
    "render": "text and HTML pictures of a view (render_text, render_html)",
    "rules": "the rule ids, each with its rulebook reference and our paraphrase",
    "secrets": "what each seat may not see, from the rulebook, for the leak test",
    "game": "the GameDefinition: only what is the game's own; the core binds the rest from the modules above",
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
    "words": "each move as a sentence in the game's own terms: names, amounts, what it brings (describe)",
    "lessons": "guided lessons as JSON data (LESSONS) and the named checks of their goals (CHECKS)",
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
