"""Monte Carlo tree search from what a seat may know.

``ISMCTSBot`` (single-observer information-set MCTS) draws a fresh full state consistent with the
player's view for every iteration, so it never relies on cards it cannot see; a move is scored by
how often it was available, not how often the tree was entered (Cowling, Powley and Whitehouse 2012).
``MCTSBot`` searches one sampled state for the whole decision: plain UCT for a perfect-information
game, "determinized" MCTS otherwise. Both use the engine's fast path for random playouts and stop
after an iteration budget or a time budget, whichever comes first.

A playout stops at the game's end or after ``depth`` random moves, whichever comes first; a playout cut
off at the depth is scored by :func:`evaluation` (the players leading on the game's scores share the
win, as if the game ended there). Under a time budget the clock is read between iterations and every
``CLOCK_EVERY`` moves inside a playout, so a game whose random playouts seldom end (Keythedral) keeps the
time budget too: a playout that meets the deadline stops where it is and is scored the same way. The clock
is a parameter (``clock``, ``time.perf_counter`` by default) so a test can drive the budget without waiting.
"""
from __future__ import annotations

import math
import random
import time
from typing import Any, Callable

from ..core.definition import GameDefinition
from .base import SEED, BotOption, Seat, reward_shares

CLOCK_EVERY = 16  # playout moves between two readings of the clock

OPTIONS = (
    SEED,
    BotOption("iterations", 200, "int", "playouts per decision", 1, 1_000_000),
    BotOption("seconds", 0.0, "float", "time budget per decision in seconds (0: none)", 0.0, 3600.0),
    BotOption("exploration", 0.7, "float", "UCB exploration constant", 0.0, 10.0),
    BotOption("depth", 1000, "int", "random moves per playout before it is scored by the evaluation", 1, 1_000_000),
)


def evaluation(definition: GameDefinition[Any], state: Any) -> list[float]:
    """A playout's payoff: the winners' shares at the game's end; before it, 1 shared among the players
    leading on the game's scores (its winners if it ended now)."""
    if definition.is_over(state):
        return reward_shares(definition, state)
    scores = definition.scores(state)
    best = max(scores)
    leaders = [p for p, s in enumerate(scores) if s == best]
    return [1.0 / len(leaders) if p in leaders else 0.0 for p in range(state.num_players)]


class Node:
    __slots__ = ("mover", "children", "visits", "reward", "avail", "moves", "found")

    def __init__(self, mover: int):
        self.mover = mover  # who made the move leading here; reward is counted for them
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        # The legal moves of the last visit (a copy) and their children then, in the same order: a visit with
        # the same moves reads them here instead of hashing every move again (moves hash in Python).
        self.moves: list[Any] | None = None
        self.found: list[Any] = []  # a Node, or None for a move not tried here yet


class MCTSBot:
    name = "mcts"
    options: tuple[BotOption, ...] = OPTIONS
    resample = False  # one sampled state for the whole search

    def __init__(self, seed: int = 0, iterations: int = 200, seconds: float = 0.0, exploration: float = 0.7,
                 depth: int = 1000, clock: Callable[[], float] = time.perf_counter):
        self._rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.depth = depth
        self.clock = clock
        self.last_reason = ""
        self.last_iterations = 0
        self.last_plies = 0  # random playout moves in the last search
        self.last_cut = 0  # playouts of the last search scored by the evaluation before the game's end

    def decide(self, seat: Seat) -> Any:
        if len(seat.legal_moves) == 1:
            self.last_reason = "the only legal move"
            return seat.legal_moves[0]
        root = self.search(seat)
        legal = set(seat.legal_moves)
        visited = [(child.visits, child.reward, m) for m, child in root.children.items() if m in legal]
        if not visited:  # a budget spent before any searched move proved open here
            self.last_reason = f"chosen at random: the budget ran out after {self.last_iterations} playouts"
            return seat.legal_moves[int(self._rng.random() * len(seat.legal_moves))]
        visits, reward, move = max(visited, key=lambda t: (t[0], t[1]))
        self.last_reason = (f"won {reward / max(visits, 1):.0%} of {visits} playouts "
                            f"out of {self.last_iterations}")
        return move

    def search(self, seat: Seat) -> Node:
        game, rng, clock = seat.game, self._rng, self.clock
        clone = game.clone_state
        root = Node(-1)
        deadline = clock() + self.seconds if self.seconds > 0 else math.inf
        fixed = None if self.resample else seat.sample(rng)
        done = plies = cut = 0
        timed = deadline != math.inf
        while done < self.iterations and (done == 0 or not timed or clock() <= deadline):
            state = seat.sample(rng) if fixed is None else clone(fixed)
            path = self._descend(root, state, game.legal_moves, game.advance, game.flow.terminal)
            played, late = self._playout(game, state, deadline)
            plies += played
            if not game.is_over(state):
                cut += 1
            rewards = evaluation(game, state)
            for node in path:
                node.visits += 1
                if node.mover >= 0:
                    node.reward += rewards[node.mover]
            done += 1
            if late:
                break
        self.last_iterations, self.last_plies, self.last_cut = done, plies, cut
        return root

    def _playout(self, game: GameDefinition[Any], state: Any, deadline: float) -> tuple[int, bool]:
        """Random moves on ``state`` until the game ends, ``depth`` moves are made or the deadline passes;
        returns the moves made and whether the deadline passed."""
        # The moves run in the flow's compiled loop (one call a playout, not one a move): this loop is where a
        # search spends its time. It picks each move as floor(rnd() * len(moves)).
        legal_of, playout, rnd, depth = game.legal_moves, game.runner.playout, self._rng.random, self.depth
        if deadline == math.inf:
            return playout(state, legal_of, rnd, depth), False
        # The clock is read before every CLOCK_EVERY-th move; the moves between two readings run as above.
        played, block = 0, CLOCK_EVERY - 1
        while True:
            count = min(block, depth - played)
            made = playout(state, legal_of, rnd, count)
            played += made
            if made < count or played == depth or state.phase == game.flow.terminal:
                return played, False
            if self.clock() > deadline:
                return played, True
            block = CLOCK_EVERY

    def _descend(self, root: Node, state: Any, legal_of: Any, advance: Any, terminal: str) -> list[Node]:
        """Selection and one expansion on ``state`` (changed in place); returns the path from the root."""
        node, path, c, rnd = root, [root], self.exploration, self._rng.random
        floor, log, sqrt = math.floor, math.log, math.sqrt
        while state.phase != terminal:
            legal = legal_of(state)
            found = node.found
            if legal != node.moves:
                children = node.children
                found = node.found = [children.get(m) for m in legal]  # each move hashed once
                node.moves = list(legal)  # a copy: the list handed out is the engine's
            if None in found:  # a move not tried here yet (a Node has no __eq__: this compares identities)
                fresh = [i for i, ch in enumerate(found) if ch is None]
                i = fresh[floor(rnd() * len(fresh))]
                move = legal[i]
                # In place: a legal list holds no move twice (the conformance suite checks), so this is the
                # only entry of ``found`` that names this move.
                child = node.children[move] = found[i] = Node(state.current)
                for ch in found:
                    if ch is not None:
                        ch.avail += 1
                advance(state, move)
                path.append(child)
                return path
            best, best_value = 0, -1.0
            for i, ch in enumerate(found):  # every move has its child here
                ch.avail += 1
                visits = ch.visits
                value = ch.reward / visits + c * sqrt(log(ch.avail) / visits)
                if value > best_value:
                    best, best_value = i, value
            node = found[best]
            advance(state, legal[best])
            path.append(node)
        return path


class ISMCTSBot(MCTSBot):
    name = "ismcts"
    resample = True  # a new sample of the hidden information every iteration
