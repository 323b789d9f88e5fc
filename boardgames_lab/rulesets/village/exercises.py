"""Village exercise: send a villager to church paying a brown influence cube, or paying with time?"""
from __future__ import annotations

import random
from typing import Any

from ...bots import HeuristicBot, Seat, bot_move, make_bot
from ...core.game import Game
from ...core.registry import definition, new_game
from ...core.rng import Rng
from ...faces import first_position
from .moves import Church, TakeCube


def sampled_future(row_player: int) -> Any:
    """What the row player cannot see (the bags' order) resampled, and the chance to come reseeded."""
    def future(state: Any, rng: random.Random) -> Any:
        out = definition("village").determinize(state, row_player, Rng(rng.getrandbits(63)))
        out.rng = Rng(rng.getrandbits(63))
        return out
    return future


def _position(seed: int) -> tuple[Game, Any, Any, list[Any]] | None:
    """Heuristic play until the player to move may pay for the church with a cube or with time and the
    next player then has two different areas to take a cube from, whichever payment was made."""
    game = new_game("village", players=2, seed=seed, names=["Vera", "Walter"])
    bots = [make_bot("heuristic", seed=seed + p) for p in range(2)]
    while not game.is_over:
        legal = game.legal_moves()
        cube = [m for m in legal if isinstance(m, Church) and m.payment == "brown" and not m.coins]
        time = [m for m in legal if isinstance(m, Church) and m.payment == "time"]
        pair = [(c, t) for c in cube for t in time if c.generation == t.generation]
        if pair:
            answers = _answers(game, *pair[0])
            if answers:
                return (game, *pair[0], answers)
        game.apply(bot_move(game, bots[game.to_act()[0]]))
    return None


def _answers(game: Game, cube: Any, time: Any) -> list[Any] | None:
    me = game.to_act()[0]
    after = [game.clone().apply(cube), game.clone().apply(time)]
    if any(g.current_player in (None, me) or g.phase != "turn" for g in after):
        return None
    common = [m for m in after[0].legal_moves() if isinstance(m, TakeCube) and m.cube != "plague"
              and m in after[1].legal_moves()]
    seat = Seat(after[0].definition, after[0].state, after[0].to_act()[0], common)
    ranked = HeuristicBot(0).advise(seat)
    areas: list[Any] = []
    for move, _, _ in ranked:  # the next player's two best areas by the heuristic
        if move.area not in {m.area for m in areas}:
            areas.append(move)
    return areas[:2] if len(areas) >= 2 else None


def time_or_influence(seed: int = 1, playouts: int = 12) -> dict[str, Any]:
    game, cube, time, answers = first_position(_position, range(seed, seed + 40), "time-or-influence")
    me = game.to_act()[0]
    other = 1 - me
    mine = game.view(me)["players"][me]
    story = (f"Village, round {game.state.round} (seed {game.seed}, "
             f"after {game.ply} moves). {game.names[me]} sends a generation-{cube.generation} villager into the church. "
             f"The church asks for one brown influence cube ({game.names[me]} holds {mine['cubes']['brown']}) "
             f"or for three time: the marker moves on, and villagers die as it laps the board. "
             f"{game.names[other]} then takes a cube from the {answers[0].area} or the {answers[1].area} area.")
    return dict(
        name="village.time_or_influence", title="Pay with influence or with time?", story=story, game=game,
        row_player=me, col_player=other, rows={"influence": cube, "time": time},
        cols={answers[0].area: answers[0], answers[1].area: answers[1]},
        future=sampled_future(me), playouts=playouts, seed=seed)


# The exercises by name (analysis.exercise("village.<name>") builds them): each builder gives an Exercise's
# keyword arguments.
EXERCISES = {"time_or_influence": time_or_influence}
