"""Monte Carlo tree search from what a seat may know.

``ISMCTSBot`` (single-observer information-set MCTS) draws a fresh full state consistent with the
player's view for every iteration, so it never relies on cards it cannot see; a move is scored by
how often it was available, not how often the tree was entered (Cowling, Powley and Whitehouse 2012).
``MCTSBot`` searches one sampled state for the whole decision: plain UCT for a perfect-information
game, "determinized" MCTS otherwise. Both use the engine's fast path for random playouts and stop
after an iteration budget or a time budget, whichever comes first.
"""
from __future__ import annotations

import math
import random
import time
from typing import Any

from .base import SEED, BotOption, Seat, reward_shares

OPTIONS = (
    SEED,
    BotOption("iterations", 200, "int", "playouts per decision", 1, 1_000_000),
    BotOption("seconds", 0.0, "float", "time budget per decision in seconds (0: none)", 0.0, 3600.0),
    BotOption("exploration", 0.7, "float", "UCB exploration constant", 0.0, 10.0),
)


class Node:
    __slots__ = ("mover", "children", "visits", "reward", "avail")

    def __init__(self, mover: int):
        self.mover = mover  # who made the move leading here; reward is counted for them
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1


class MCTSBot:
    name = "mcts"
    options: tuple[BotOption, ...] = OPTIONS
    resample = False  # one sampled state for the whole search

    def __init__(self, seed: int = 0, iterations: int = 200, seconds: float = 0.0, exploration: float = 0.7):
        self._rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.last_reason = ""
        self.last_iterations = 0

    def decide(self, seat: Seat) -> Any:
        if len(seat.legal_moves) == 1:
            self.last_reason = "the only legal move"
            return seat.legal_moves[0]
        root = self.search(seat)
        legal = set(seat.legal_moves)
        visited = [(child.visits, child.reward, m) for m, child in root.children.items() if m in legal]
        visits, reward, move = max(visited, key=lambda t: (t[0], t[1]))
        self.last_reason = (f"won {reward / max(visits, 1):.0%} of {visits} playouts "
                            f"out of {self.last_iterations}")
        return move

    def search(self, seat: Seat) -> Node:
        game, rng = seat.game, self._rng
        legal_of, advance, clone, over = game.legal_moves, game.advance, game.clone_state, game.is_over
        root = Node(-1)
        deadline = time.perf_counter() + self.seconds if self.seconds > 0 else math.inf
        fixed = None if self.resample else seat.sample(rng)
        done = 0
        while done < self.iterations:
            if done % 16 == 0 and time.perf_counter() > deadline:
                break
            state = seat.sample(rng) if fixed is None else clone(fixed)
            path = self._descend(root, state, legal_of, advance, over)
            while not over(state):  # random playout
                moves = legal_of(state)
                advance(state, moves[int(rng.random() * len(moves))])
            rewards = reward_shares(game, state)
            for node in path:
                node.visits += 1
                if node.mover >= 0:
                    node.reward += rewards[node.mover]
            done += 1
        self.last_iterations = done
        return root

    def _descend(self, root: Node, state: Any, legal_of: Any, advance: Any, over: Any) -> list[Node]:
        """Selection and one expansion on ``state`` (changed in place); returns the path from the root."""
        node, path, c = root, [root], self.exploration
        while not over(state):
            mover = state.current
            legal = legal_of(state)
            children = node.children
            fresh = [m for m in legal if m not in children]
            if fresh:
                move = fresh[int(self._rng.random() * len(fresh))]
                child = children[move] = Node(mover)
                for m in legal:
                    if m in children:
                        children[m].avail += 1
                advance(state, move)
                path.append(child)
                return path
            best, best_value = None, -1.0
            for m in legal:
                ch = children[m]
                ch.avail += 1
                value = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if value > best_value:
                    best, best_value = m, value
            node = children[best]
            advance(state, best)
            path.append(node)
        return path


class ISMCTSBot(MCTSBot):
    name = "ismcts"
    resample = True  # a new sample of the hidden information every iteration
