"""Exact equilibria of small real decisions: the extensive-form game of the next few plies of a position.

``decision_tree(name, position, plies=2)`` rebuilds the game from ``position`` (``game.position()``) with
``chance="explicit"`` and walks every line of play for ``plies`` player moves:

- Decision nodes: the seat that acts (the first seat of ``to_act()`` with a move, as the OpenSpiel adapter
  asks a reaction window) and its moves (``seat_moves``, or the ``moves`` filter's choice of them). With
  ``whole_turn``, the root seat's moves right after the root, before another seat's, count no ply.
- Chance nodes: wherever ``to_act() == (CHANCE,)``, the outcomes and probabilities of ``chance_outcomes()``.
  A draw the game does not stop at (a game whose draws are not yet chance phases) is made by the position's
  generator: the tree then has one future there, the real one, that no player sees in advance.
- Information sets: nodes of one seat are in one set when the seat's view (``game.view(seat)``) and its own
  log (``game.log_for(seat)``, as the OpenSpiel adapter's information state reads it) are the same: only the
  engine's redaction decides, nothing of the full state. The seat's moves must then be the same too (else
  ``ValueError``: the moves would tell the seat something its view hides).
- Leaves: a finished game pays its final score margins; a cut line pays ``evaluate(game)``. Margins are each
  seat's score minus the mean of the others' (zero-sum for any player count). ``score_margins`` (the scores
  as they stand, default) and ``playouts(n, seed, bot)`` (the mean final margins of ``n`` seeded playouts
  by random or heuristic bots) are the two evaluations given.

The root is the real position: what is hidden there (other hands, a face-down deck) is as it really is, and
the tree does not spread it over what a seat might believe; only the chance and the moves after the root
are branched. ``solve(tree)`` writes the tree in Gambit's EFG format, loads it into OpenSpiel
(``pyspiel.load_efg_game``) and runs OpenSpiel's CFR+, reporting NashConv (0 at an equilibrium); the EFG
text reads into Gambit unchanged.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..adapters.pettingzoo import acting_seat, seat_moves
from ..core.game import Game
from ..core.moves import CHANCE
from ..core.positions import from_position

Evaluation = Callable[[Game], list[float]]
MoveFilter = Callable[[Game, int, Sequence[Any]], Sequence[Any]]


def margins(scores: Sequence[float]) -> list[float]:
    """Each seat's score minus the mean of the others' scores (the payoffs sum to 0)."""
    n, total = len(scores), sum(scores)
    return [float(s - (total - s) / (n - 1)) for s in scores]


def score_margins(game: Game) -> list[float]:
    """The evaluation of a cut line: the score margins as the game stands."""
    return margins(game.scores())


def playouts(n: int = 20, seed: int = 0, bot: str = "random") -> Evaluation:
    """The evaluation of a cut line: the mean final score margins of ``n`` playouts, each seeded (``seed``
    and its number), every seat played by ``bot`` (a name of ``boardgames_lab.bots.BOTS``: "random", or
    "heuristic" for a slower and more telling playout), chance drawn with the engine's probabilities and the
    draws the game does not stop at with a fresh generator (a card from a deck shuffled at set-up is still
    the deck's real top card)."""
    def evaluate(game: Game) -> list[float]:
        total = [0.0] * game.num_players
        for k in range(n):
            final = _playout(game, random.Random(seed * 1_000_003 + k), bot)
            total = [t + v for t, v in zip(total, margins(final.scores()))]
        return [t / n for t in total]
    evaluate.__name__ = f"playouts({n}, seed={seed}, bot={bot!r})"
    return evaluate


def _playout(game: Game, rng: random.Random, bot: str = "random", cap: int = 5000) -> Game:
    from ..bots import bot_move, make_bot
    from ..core.rng import Rng
    line = game.clone()
    line.state.rng = Rng(rng.getrandbits(63))  # the draws the game does not stop at are new in each playout
    bots = None if bot == "random" else [make_bot(bot, seed=rng.getrandbits(31)) for _ in range(line.num_players)]
    for _ in range(cap):
        if line.is_over:
            break
        if line.to_act() == (CHANCE,):
            outcomes = line.chance_outcomes()
            move = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            line.apply(move, player=CHANCE)
            continue
        seat = int(acting_seat(line))  # type: ignore[arg-type]
        move = rng.choice(list(seat_moves(line, seat))) if bots is None else bot_move(line, bots[seat], seat)
        line.apply(move, player=seat)
    return line


@dataclass
class Node:
    """One node of a decision tree. ``kind`` is "decision", "chance" or "leaf"; ``edges`` are
    (move text, probability or None, child); ``infoset`` is the decision's information set id."""

    kind: str
    seat: int | None = None
    infoset: str | None = None
    edges: list[tuple[str, float | None, "Node"]] = field(default_factory=list)
    payoffs: list[float] | None = None
    over: bool = False  # a leaf where the game ended (its payoffs are final)


@dataclass
class Tree:
    """The extensive-form game of a decision: ``root``, the seats, and each information set's seat, moves
    and the nodes in it."""

    name: str
    players: int
    root: Node
    infosets: dict[str, tuple[int, tuple[str, ...]]]
    members: dict[str, list[Node]]
    evaluation: str
    whole_turn: bool = False  # the root seat's moves right after the root finish its option (``decision_tree``)

    def nodes(self) -> list[Node]:
        out, stack = [], [self.root]
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(child for _, _, child in reversed(node.edges))
        return out

    def efg(self) -> str:
        """The tree in Gambit's EFG format (nodes in preorder), which OpenSpiel and Gambit read."""
        seats = " ".join(f'"seat {s + 1}"' for s in range(self.players))
        lines = [f'EFG 2 R "{self.name} decision" {{ {seats} }}']
        numbers: dict[str, int] = {}
        per_seat = [0] * self.players
        counters = {"chance": 0, "outcome": 0}
        for node in self.nodes():
            if node.kind == "chance":
                counters["chance"] += 1
                acts = " ".join(f'"{_quote(m)}" {p!r}' for m, p, _ in node.edges)
                lines.append(f'c "" {counters["chance"]} "" {{ {acts} }} 0')
            elif node.kind == "decision":
                assert node.infoset is not None and node.seat is not None
                if node.infoset not in numbers:
                    per_seat[node.seat] += 1
                    numbers[node.infoset] = per_seat[node.seat]
                acts = " ".join(f'"{_quote(m)}"' for m, _, _ in node.edges)
                lines.append(f'p "" {node.seat + 1} {numbers[node.infoset]} "{node.infoset}" {{ {acts} }} 0')
            else:
                counters["outcome"] += 1
                pays = " ".join(repr(float(v)) for v in node.payoffs or [])
                lines.append(f't "" {counters["outcome"]} "" {{ {pays} }}')
        return "\n".join(lines) + "\n"

    def value(self, strategy: dict[str, dict[str, float]]) -> list[float]:
        """Each seat's expected payoff when every information set plays ``strategy[infoset]``."""
        def walk(node: Node) -> list[float]:
            if node.kind == "leaf":
                return list(node.payoffs or [])
            total = [0.0] * self.players
            for move, p, child in node.edges:
                weight = p if node.kind == "chance" else strategy[node.infoset or ""].get(move, 0.0)
                if weight:
                    total = [t + weight * v for t, v in zip(total, walk(child))]
            return total
        return walk(self.root)


def _quote(text: str) -> str:
    return text.replace('"', "'")


def decision_tree(name: str, position: dict[str, Any] | str, plies: int = 2,
                  evaluate: Evaluation = score_margins, moves: MoveFilter | None = None,
                  max_nodes: int = 20000, whole_turn: bool = False) -> Tree:
    """The extensive-form game of the next ``plies`` player moves from ``position`` (see the module's
    docstring). ``moves(game, seat, legal)`` may keep some of a seat's moves (default: all). ``whole_turn``:
    the moves the root's seat makes right after the root, before any other seat moves (a death it chooses, the
    rest of its turn), finish its option: they are decisions of the tree that count no ply."""
    if plies < 1:
        raise ValueError(f"plies must be at least 1, not {plies}")
    start = from_position(name, position, chance="explicit")
    infosets: dict[str, tuple[int, tuple[str, ...]]] = {}
    members: dict[str, list[Node]] = {}
    keys: dict[tuple[int, str], str] = {}
    count = [0]

    def grow(game: Game, left: int, turn: bool = False) -> Node:
        """``turn``: the root's seat is still finishing the turn of its option (``whole_turn``)."""
        count[0] += 1
        if count[0] > max_nodes:
            raise ValueError(f"the tree has more than {max_nodes} nodes: fewer plies, or a moves filter")
        if game.is_over:
            return Node("leaf", payoffs=margins(game.scores()), over=True)
        if game.to_act() == (CHANCE,):
            node = Node("chance")
            outcomes = game.chance_outcomes()
            if len({_quote(str(o)) for o, _ in outcomes}) < len(outcomes):
                raise ValueError(f"two outcomes of a draw have one text: {[str(o) for o, _ in outcomes]}")
            for outcome, p in outcomes:
                node.edges.append((str(outcome), float(p),
                                   grow(game.clone().apply(outcome, player=CHANCE), left, turn)))
            return node
        seat = int(acting_seat(game))  # type: ignore[arg-type]
        turn = turn and seat == root_seat
        if left == 0 and not turn:
            return Node("leaf", payoffs=[float(v) for v in evaluate(game)])
        legal = list(seat_moves(game, seat))
        chosen = list(moves(game, seat, legal)) if moves is not None else legal
        if not chosen:
            raise ValueError(f"the moves filter kept none of seat {seat}'s moves {[str(m) for m in legal]}")
        label = tuple(str(m) for m in chosen)
        if len(set(map(_quote, label))) < len(label):  # moves are named by their text in the EFG game
            raise ValueError(f"two of seat {seat}'s moves have one text: {list(label)}")
        key = _information(game, seat)
        infoset = keys.setdefault((seat, key), f"s{seat}:{len(keys)}")
        if infosets.setdefault(infoset, (seat, label)) != (seat, label):
            raise ValueError(f"seat {seat} has different moves in positions it cannot tell apart: "
                             f"{list(infosets[infoset][1])} and {list(label)}")
        node = Node("decision", seat=seat, infoset=infoset)
        members.setdefault(infoset, []).append(node)
        then = turn or (game is start and whole_turn)  # the seat's next moves still finish its option
        for move in chosen:
            after = game.clone().apply(move, player=seat)
            node.edges.append((str(move), None, grow(after, left if turn else left - 1, then)))
        return node

    root_seat = None if start.is_over or start.to_act() == (CHANCE,) else acting_seat(start)
    root = grow(start, plies)
    return Tree(start.definition.info.name, start.num_players, root, infosets, members,
                getattr(evaluate, "__name__", "evaluation"), whole_turn)


def _information(game: Game, seat: int) -> str:
    """What ``seat`` may know here: its view and its own log (the OpenSpiel adapter's information state)."""
    from ..adapters.openspiel import own_log
    return json.dumps({"view": game.view(seat), "log": own_log(game, seat)}, sort_keys=True, separators=(",", ":"))


@dataclass
class Solution:
    """An (approximate) equilibrium: each information set's mixed strategy, each seat's expected payoff,
    and NashConv (the sum over seats of what a best response would gain; 0 at an equilibrium)."""

    strategy: dict[str, dict[str, float]]
    values: list[float]
    nash_conv: float
    iterations: int


def openspiel_game(tree: Tree) -> Any:
    """The tree as an OpenSpiel game (``pyspiel.load_efg_game`` of its EFG text)."""
    import pyspiel
    return pyspiel.load_efg_game(tree.efg())


def solve(tree: Tree, iterations: int = 1000) -> Solution:
    """Solve ``tree`` with OpenSpiel's CFR+ (its average strategy after ``iterations``), NashConv reported."""
    import pyspiel
    game = openspiel_game(tree)
    solver = pyspiel.CFRPlusSolver(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    firsts = {id(nodes[0]): infoset for infoset, nodes in tree.members.items()}
    strategy: dict[str, dict[str, float]] = {}
    for infoset, state in _states_at(game, tree, firsts).items():
        named = {_action_name(state, a): float(p) for a, p in policy.get_state_policy(state)}
        strategy[infoset] = {m: named.get(_quote(m), 0.0) for m in tree.infosets[infoset][1]}
    return Solution(strategy, tree.value(strategy), float(pyspiel.nash_conv(game, policy)), iterations)


def _states_at(game: Any, tree: Tree, wanted: dict[int, str]) -> dict[str, Any]:
    """The OpenSpiel state at each wanted node (by ``id``), walking the same tree from both roots."""
    found: dict[str, Any] = {}

    def walk(node: Node, state: Any) -> None:
        if id(node) in wanted:
            found[wanted[id(node)]] = state
        if not node.edges:
            return
        actions = {_action_name(state, a): a for a in state.legal_actions()}
        for move, _, child in node.edges:
            walk(child, state.child(actions[_quote(move)]))
    walk(tree.root, game.new_initial_state())
    return found


def _action_name(state: Any, action: int) -> str:
    """An EFG game numbers actions by name across the whole game, not by place: read the name back."""
    return str(state.action_to_string(state.current_player(), action))


def best_responses(tree: Tree, strategy: dict[str, dict[str, float]]) -> list[float]:
    """Each seat's best-response gain against ``strategy`` (the others' kept), computed on our tree by
    backward induction over information sets (perfect recall); all near 0 at an equilibrium."""
    gains = []
    base = tree.value(strategy)
    for seat in range(tree.players):
        gains.append(_best_value(tree, strategy, seat) - base[seat])
    return gains


def _best_value(tree: Tree, strategy: dict[str, dict[str, float]], seat: int) -> float:
    """The value to ``seat`` of its best pure reply: each of its information sets picks the move that is
    best given the reach of the others, deepest sets first."""
    own = [i for i, (s, _) in tree.infosets.items() if s == seat]
    depth: dict[str, int] = {}

    def mark(node: Node, d: int) -> None:
        if node.kind == "decision" and node.seat == seat:
            depth[node.infoset or ""] = max(depth.get(node.infoset or "", 0), d)
        for _, _, child in node.edges:
            mark(child, d + 1)
    mark(tree.root, 0)
    reply = {i: dict(p) for i, p in strategy.items()}
    for infoset in own:  # every own set reached while the deeper ones are chosen
        labels = tree.infosets[infoset][1]
        reply[infoset] = {m: 1 / len(labels) for m in labels}
    for infoset in sorted(own, key=lambda i: -depth.get(i, 0)):
        labels = tree.infosets[infoset][1]
        scores = {}
        for move in labels:
            reply[infoset] = {m: float(m == move) for m in labels}
            scores[move] = tree.value(reply)[seat]
        best = max(labels, key=lambda m: scores[m])
        reply[infoset] = {m: float(m == best) for m in labels}
    return tree.value(reply)[seat]


def to_graphviz(tree: Tree, solution: Solution | None = None) -> Any:
    """The tree as a ``graphviz.Digraph``: chance nodes as circles, decisions as boxes coloured by seat and
    labelled with their information set, leaves with the payoffs; with ``solution``, each move's probability.
    Drawn as the phase diagrams are (``diagrams.render``: no system Graphviz needed)."""
    from ..diagrams import digraph_class
    colours = ["#cfe2ff", "#ffd6cc", "#d8f5d0", "#f5e6b8", "#e6d0f5", "#d0f0f5"]
    dot = digraph_class()(tree.name, graph_attr={"rankdir": "LR", "fontname": "Helvetica", "fontsize": "10"},
                           node_attr={"fontname": "Helvetica", "fontsize": "9"},
                           edge_attr={"fontname": "Helvetica", "fontsize": "8"})
    ids: dict[int, str] = {}
    for k, node in enumerate(tree.nodes()):
        ids[id(node)] = f"n{k}"
        if node.kind == "chance":
            dot.node(f"n{k}", "chance", shape="circle")
        elif node.kind == "decision":
            dot.node(f"n{k}", f"seat {node.seat} [{node.infoset}]", shape="box", style="filled",
                     fillcolor=colours[(node.seat or 0) % len(colours)])
        else:
            pays = ", ".join(f"{v:+.2f}" for v in node.payoffs or [])
            dot.node(f"n{k}", f"({pays})" + (" end" if node.over else ""), shape="plaintext")
    for node in tree.nodes():
        for move, p, child in node.edges:
            label = move if p is None else f"{move} ({p:.2f})"
            if solution is not None and node.kind == "decision":
                label += f"\nσ={solution.strategy[node.infoset or ''].get(move, 0.0):.2f}"
            dot.edge(ids[id(node)], ids[id(child)], label=label)
    return dot


__all__ = ["Node", "Solution", "Tree", "best_responses", "decision_tree", "margins", "openspiel_game", "playouts",
           "score_margins", "solve", "to_graphviz"]
