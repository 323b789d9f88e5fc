"""The class decisions of Citadels (analysis/class_decisions.py solves them): the character picked (or, with two
players, laid face down) at each step of the draft."""
from __future__ import annotations

from typing import Any, Sequence

from ...faces import OPTION_COLUMNS, ClassDecision, option_row

DRAFT_VERBS = ("pick", "bury")  # the notation's verbs: keep a character, or lay one face down (two players)


def draft_options(move: str, legal: Sequence[str]) -> list[str] | None:
    """The draft step's options (every legal pick, or with two players every legal burial) when ``move`` is
    one of them and there were at least two; else None."""
    verb = move.partition(" ")[0]
    if verb not in DRAFT_VERBS or move not in legal:
        return None
    options = [m for m in legal if m.partition(" ")[0] == verb]
    return options if len(options) > 1 else None


def draft_plies(game: Any, seat: int, move: str) -> int:
    """Two plies while the next seat still drafts, else the pick alone: a called character's turn would come
    next, and its draws would branch the tree into hundreds of playouts."""
    return 2 if game.clone().apply(move, player=seat).phase == "draft" else 1


COMPARE_COLUMNS = (*OPTION_COLUMNS[:5], "round", *OPTION_COLUMNS[5:])


def compare(one: Any) -> dict[str, Any]:
    """One solved draft step against the equilibrium: the pick made, the likeliest one, and every option's value
    (a pick as likely as the likeliest agrees: ``Solved.agrees``)."""
    return {**option_row(one), "round": one.position.view(one.seat).get("round")}


# A playout is a whole game, about a tenth of a second with random bots: a first pick of four players is 20
# leaves, so two playouts a leaf solve it in a few seconds.
DECISIONS = {
    "draft": ClassDecision("Which character?", draft_options, compare, COMPARE_COLUMNS, phase="draft",
                           plies=draft_plies, playouts=2, no_reply="(draft over)"),
}
