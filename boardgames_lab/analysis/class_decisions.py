"""The class's own decisions against the equilibrium: Saint Petersburg's buy now or take into hand.

``session.decisions()`` (a classroom session's record, one row per move) holds every time a student
could buy a card or take the same card into hand, and which they did. For each such decision
``buy_or_take(decisions, games)`` rebuilds the real position (the table's game just before that ply)
and the extensive-form game of the next two plies with :mod:`boardgames_lab.analysis.decisions`: the
student's two options at the root, then every legal reply of whoever acts next, chance where the game
draws, leaves worth the mean final score margins of seeded random playouts. OpenSpiel's CFR+ solves it.

It returns two tables:

- ``payoffs``: one row per (decision, option, reply): the mover's and the replier's expected margin when
  the mover takes that option and the next seat replies so (later chance averaged; after the reply,
  the equilibrium is played where the tree goes on).
- ``comparison``: one row per decision: what the student chose, the equilibrium's probability of buying
  and of taking, the value of each option to the student (both then following the equilibrium), whether
  the choice is the equilibrium's more likely one, the regret (the best option's value minus the
  chosen one's) and NashConv (0 at an exact equilibrium).
"""
from __future__ import annotations

from typing import Any, Mapping

from ..core.game import Game
from . import decisions as efg

GAME = "saint_petersburg"


def card_choice(move: str, legal: list[str]) -> tuple[str, str] | None:
    """("buy" or "take", "card@slot") when ``move`` buys or takes a card that ``legal`` let it do both with."""
    verb, _, card = move.partition(" ")
    if verb not in ("buy", "take") or not card:
        return None
    other = ("take " if verb == "buy" else "buy ") + card
    return (verb, card) if other in legal else None


def buy_or_take_rows(decisions: Any, people_only: bool = True) -> Any:
    """The rows of ``decisions`` where a seat bought or took a card it could have done the other with."""
    rows = decisions[decisions["game"] == GAME]
    if people_only:
        rows = rows[rows["bot"].isna()]
    keep = [card_choice(m, legal) is not None for m, legal in zip(rows["move"], rows["legal"])]
    return rows[keep]


def buy_or_take(decisions: Any, games: Mapping[str, Game], playouts: int = 4, seed: int = 0,
                iterations: int = 300, limit: int | None = None, people_only: bool = True) -> tuple[Any, Any]:
    """(payoffs, comparison) for the class's buy-or-take decisions (see the module's docstring).

    ``games`` maps each table id to its game (``{t: table.game for t, table in session.room.tables.items()}``):
    the position of a decision is ``game.at(ply - 1)``. ``limit`` keeps only the latest decisions (each
    costs a tree of playouts, and late in a game the playouts are short)."""
    import pandas as pd

    rows = buy_or_take_rows(decisions, people_only)
    if limit is not None:
        rows = rows.sort_values("at", kind="stable").tail(limit)
    cells, compared = [], []
    for row in rows.itertuples():
        if row.table not in games:
            raise ValueError(f"no game for table {row.table!r}: pass every table's game in `games`")
        verb, card = card_choice(row.move, row.legal)  # type: ignore[misc]
        label = f"{row.table} ply {row.ply}"
        before = games[row.table].at(row.ply - 1)
        seat = int(row.seat)
        if seat not in before.to_act():
            raise ValueError(f"{label}: seat {seat} was not to act there; the decisions and games disagree")
        tree, solution = solve_choice(before, seat, card, playouts, seed, iterations)
        root = tree.root.infoset or ""
        values = {m: option_value(tree, solution, m, seat) for m in tree.infosets[root][1]}
        for move, reply, mine, theirs, by in _cells(tree, solution, seat):
            cells.append({"decision": label, "option": move.split(" ")[0], "reply": reply, "replier": by,
                          "mover_payoff": mine, "replier_payoff": theirs})
        p_buy, p_take = solution.strategy[root][f"buy {card}"], solution.strategy[root][f"take {card}"]
        best = max(values.values())
        likelier = "buy" if p_buy >= p_take else "take"
        compared.append({"decision": label, "table": row.table, "seat": seat, "name": row.name, "ply": row.ply,
                         "card": card, "chose": verb, "p_buy": round(p_buy, 3), "p_take": round(p_take, 3),
                         "value_buy": values[f"buy {card}"], "value_take": values[f"take {card}"],
                         "agrees": verb == likelier, "regret": best - values[f"{verb} {card}"],
                         "nash_conv": solution.nash_conv, "time_taken": row.time_taken})
    payoff_columns = ["decision", "option", "reply", "replier", "mover_payoff", "replier_payoff"]
    compare_columns = ["decision", "table", "seat", "name", "ply", "card", "chose", "p_buy", "p_take", "value_buy",
                       "value_take", "agrees", "regret", "nash_conv", "time_taken"]
    return pd.DataFrame(cells, columns=payoff_columns), pd.DataFrame(compared, columns=compare_columns)


def solve_choice(game: Game, seat: int, card: str, playouts: int = 4, seed: int = 0,
                 iterations: int = 300) -> tuple[efg.Tree, efg.Solution]:
    """The two-ply game at ``game``: ``seat`` buys or takes ``card`` ("name@slot"), then every legal reply."""
    options = (f"buy {card}", f"take {card}")

    def root_options(g: Game, s: int, legal: Any) -> list[Any]:
        return [m for m in legal if str(m) in options] if g.ply == 0 and s == seat else list(legal)

    tree = efg.decision_tree(GAME, game.position(), plies=2, evaluate=efg.playouts(playouts, seed=seed),
                             moves=root_options)
    if tree.root.kind != "decision" or tree.root.seat != seat:
        raise ValueError(f"seat {seat} is not the one to decide in this position")
    return tree, efg.solve(tree, iterations=iterations)


def option_value(tree: efg.Tree, solution: efg.Solution, move: str, seat: int) -> float:
    """``seat``'s expected margin when the root plays ``move`` and the rest follows the equilibrium."""
    root = tree.root.infoset or ""
    labels = tree.infosets[root][1]
    return tree.value({**solution.strategy, root: {m: float(m == move) for m in labels}})[seat]


def _cells(tree: efg.Tree, solution: efg.Solution, seat: int) -> list[tuple[str, str, float, float, int]]:
    """(option, reply, mover's value, replier's value, replier) for every reply at the decisions after each option."""
    out = []
    root = tree.root.infoset or ""
    for move, _, child in tree.root.edges:
        nexts = _next_decisions(child)
        replies = sorted({m for node in nexts for m, _, _ in node.edges}, key=lambda m: (m != "pass", m))
        for reply in replies or [""]:
            strategy = {**solution.strategy, root: {m: float(m == move) for m in tree.infosets[root][1]}}
            for node in nexts:
                labels = tree.infosets[node.infoset or ""][1]
                if reply in labels:
                    strategy[node.infoset or ""] = {m: float(m == reply) for m in labels}
            values = tree.value(strategy)
            by = nexts[0].seat if nexts else seat
            out.append((move, reply or "(game over)", values[seat], values[int(by or 0)], int(by or 0)))
    return out


def _next_decisions(node: efg.Node) -> list[efg.Node]:
    """The first decision nodes at or below ``node`` (through chance nodes)."""
    if node.kind == "decision":
        return [node]
    return [d for _, _, child in node.edges for d in _next_decisions(child)]


def payoff_matrix(payoffs: Any, decision: str) -> Any:
    """One decision's payoffs as a table: the option by row, the reply by column, (mover, replier) in each cell."""
    one = payoffs[payoffs["decision"] == decision]
    cells = {(r.option, r.reply): (round(r.mover_payoff, 2), round(r.replier_payoff, 2)) for r in one.itertuples()}
    import pandas as pd
    options = list(dict.fromkeys(one["option"]))
    replies = list(dict.fromkeys(one["reply"]))
    return pd.DataFrame([[cells.get((o, r), "") for r in replies] for o in options], index=options,
                        columns=replies)


__all__ = ["buy_or_take", "buy_or_take_rows", "card_choice", "option_value", "payoff_matrix", "solve_choice"]
