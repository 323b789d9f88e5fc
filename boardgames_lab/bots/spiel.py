"""OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) as a lab bot.

At each decision the bot draws one full state consistent with its seat's view (``seat.sample``: the game's
``determinize``, with the chance to come reseeded), puts it in an OpenSpiel state of the game's adapter
(``boardgames_lab_<game>``) and lets OpenSpiel's ``ISMCTSBot`` search from there: each simulation starts from
``resample_from_infostate``, which redraws again everything the seat may not see, so the search never reads
the real state. Leaves are valued by OpenSpiel's ``RandomRolloutEvaluator``; a simulation (tree moves and
rollout together) stops after ``depth`` moves, where the adapter ends the game at its running scores (the
leaders share the win), as the lab's MCTS scores a cut playout. Needs the ``adapters`` extra.
"""
from __future__ import annotations

import random
from typing import Any

from .base import SEED, BotOption, Seat

OPTIONS = (
    SEED,
    BotOption("simulations", 20, "int", "ISMCTS simulations per decision", 1, 1_000_000),
    BotOption("depth", 40, "int", "moves per simulation before it is scored at the running scores", 1, 1_000_000),
    BotOption("exploration", 2.0, "float", "UCT exploration constant (OpenSpiel's uct_c)", 0.0, 10.0),
)


class OpenSpielISMCTSBot:
    """OpenSpiel's ``ISMCTSBot`` searching from samples of what the seat may know (see the module's docstring)."""

    name = "openspiel_ismcts"
    options: tuple[BotOption, ...] = OPTIONS

    def __init__(self, seed: int = 0, simulations: int = 20, depth: int = 40, exploration: float = 2.0):
        import numpy as np

        self._rng = random.Random(seed)
        self._np = np.random.RandomState(seed & 0xFFFFFFFF)
        self.simulations, self.depth, self.exploration = simulations, depth, exploration
        self._searches: dict[tuple[str, int], tuple[Any, Any]] = {}
        self.last_reason = ""

    def _search(self, name: str, players: int) -> tuple[Any, Any]:
        """The adapter's game at this table (cut at ``depth`` moves) and OpenSpiel's bot for it, made once."""
        found = self._searches.get((name, players))
        if found is None:
            import pyspiel
            from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

            from ..adapters.openspiel import register

            game = pyspiel.load_game(register(name), {"players": players, "max_moves": self.depth})
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self._np)
            bot = ismcts.ISMCTSBot(game, evaluator, self.exploration, self.simulations, random_state=self._np)
            # OpenSpiel's default sampler is seeded afresh by the C++ library: the bot's own draws keep it seeded
            bot.set_resampler(lambda state, player: state.resample_from_infostate(player, self._np.uniform))
            found = self._searches[(name, players)] = (game, bot)
        return found

    def decide(self, seat: Seat) -> Any:
        from ..core.game import EXPLICIT, Game

        if len(seat.legal_moves) == 1:
            self.last_reason = "the only legal move"
            return seat.legal_moves[0]
        d = seat.game
        sample = seat.sample(self._rng)
        game, bot = self._search(d.info.name, sample.num_players)
        state = game.new_initial_state()
        live = state.live  # before the deal: the sampled position becomes its game
        live.start(Game(d, sample.num_players, self._rng.getrandbits(62), getattr(sample, "options", {}),
                        start=sample, chance=EXPLICIT))
        live.actions, live.initial, live.player = None, False, None
        policy = bot.get_policy(state)  # the most visited moves share the probability
        top = max(p for _, p in policy)
        best = [a for a, p in policy if p == top]
        action = best[self._rng.randrange(len(best))]
        move = game.table.decode(int(action), seat.player, live.position())  # the root: the sampled position
        if move not in seat.legal_moves:
            raise RuntimeError(f"OpenSpiel's ISMCTS chose {move}, which is not legal for seat {seat.player}")
        self.last_reason = f"the most visited of {len(policy)} moves in {self.simulations} ISMCTS simulations"
        return move
