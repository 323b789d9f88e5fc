"""Citadels exercise: a character pick in the draft, and the next drafter's answer."""
from __future__ import annotations

import random
from typing import Any

from ...bots import HeuristicBot, Seat, bot_move, make_bot
from ...core.game import Game
from ...core.registry import definition, new_game
from ...core.rng import Rng
from ...faces import first_position
from .moves import Pick


def sampled_future(row_player: int) -> Any:
    """Hands, the deck and the characters the drafter has not seen resampled; chance reseeded."""
    def future(state: Any, rng: random.Random) -> Any:
        out = definition("citadels").determinize(state, row_player, Rng(rng.getrandbits(63)))
        out.rng = Rng(rng.getrandbits(63))
        return out
    return future


def _best(game: Game, moves: list[Any]) -> list[Any]:
    seat = Seat(game.definition, game.state, game.to_act()[0], moves)
    return [m for m, _, _ in HeuristicBot(0).advise(seat)]


def _position(seed: int, round_: int) -> tuple[Game, list[Any], Any] | None:
    """Heuristic play of a four-player game up to a draft of ``round_`` where the drafter's two best
    characters by the heuristic, and a third one, are all still open to the next drafter."""
    game = new_game("citadels", players=4, seed=seed, names=["Ada", "Bea", "Cy", "Dan"])
    bots = [make_bot("heuristic", seed=seed + p) for p in range(4)]
    while not game.is_over:
        if game.phase == "draft" and game.state.round >= round_:
            picks = _best(game, [m for m in game.legal_moves() if m.kind == "pick"])
            if len(picks) >= 3:
                first, second = picks[0], picks[1]
                after = [game.clone().apply(first), game.clone().apply(second)]
                if all(g.phase == "draft" and g.current_player != game.current_player for g in after):
                    open_both = [m for m in after[0].legal_moves() if m in after[1].legal_moves()
                                 and m.kind == "pick"]
                    third = _best(after[0], open_both)
                    if third:
                        return game, [first, second], third[0]
        game.apply(bot_move(game, bots[game.to_act()[0]]))
    return None


def character_pick(seed: int = 1, playouts: int = 10, round_: int = 2) -> dict[str, Any]:
    game, (a, b), c = first_position(lambda attempt: _position(attempt, round_), range(seed, seed + 30),
                                     "character-pick")
    me = game.to_act()[0]
    other = game.clone().apply(a).to_act()[0]
    view = game.view(me)
    gold = [p["gold"] for p in view["players"]]
    cities = [len(p["city"]) for p in view["players"]]
    story = (f"Citadels with four players, the draft of round {game.state.round} (seed {game.seed}, after "
             f"{game.ply} moves). {game.names[me]} ({gold[me]} gold, {cities[me]} buildings) takes the "
             f"{a.character} or the {b.character}; {game.names[other]} ({gold[other]} gold, {cities[other]} "
             f"buildings) drafts next and takes the {c.character} or the one of the two that is left.")
    left = {a.character: Pick(other, b.character), b.character: Pick(other, a.character)}  # the other's moves
    return dict(
        name="citadels.character_pick", title="Which character?", story=story, game=game,
        row_player=me, col_player=other, rows={a.character: a, b.character: b},
        cols={c.character: c, "the one left": left},
        future=sampled_future(me), playouts=playouts, seed=seed)


# The exercises by name (analysis.exercise("citadels.<name>") builds them): each builder gives an Exercise's
# keyword arguments.
EXERCISES = {"character_pick": character_pick}
