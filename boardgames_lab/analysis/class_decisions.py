"""The class's own decisions against the equilibrium: each kind of decision a game declares (its decisions
face, ``DECISIONS`` in rulesets/<game>/decisions.py: a Saint Petersburg buy or take, a Citadels draft pick, a
Keythedral start-player bid, a Village payment with time or influence), solved in the real positions the
students made it in.

``session.decisions()`` (a classroom session's record, one row per move) holds every decision a student
made. ``decision_rows(decisions, game, name)`` picks the rows of one declared kind of decision (those whose
move, among the legal ones, the declaration recognises), and ``class_decisions(decisions, games, game, name)``
solves each of them with one core:

For each decision the core rebuilds the real position (the table's game just before that ply) and the
extensive-form game of the next plies with :mod:`boardgames_lab.analysis.decisions`: the declared options
at the root, then every legal reply of whoever acts next (with the declaration's ``whole_turn``, after the
mover's own moves that finish its option), chance where the game draws, information sets from each seat's
view, leaves worth the mean final score margins of seeded playouts by the declaration's bot. OpenSpiel's
CFR+ solves it.

``class_decisions`` returns two tables:

- ``payoffs``: one row per (decision, option, reply): the mover's and the replier's expected margin when
  the mover takes that option and the next seat replies so (later chance averaged; after the reply,
  the equilibrium is played where the tree goes on). ``payoff_matrix`` lays one decision out as a table.
- ``comparison``: one row per decision, the declaration's columns: what the student chose, the
  equilibrium's probabilities, the value of each option to the student (both then following the
  equilibrium), whether the choice agrees (the equilibrium plays it at least as often as any other option:
  an even mix agrees with either, ``Solved.agrees``), the regret (the best option's value minus the chosen
  one's) and NashConv (0 at an exact equilibrium).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from ..adapters.pettingzoo import seat_moves
from ..core.game import Game
from ..core.registry import definition
from ..faces import TIE, ClassDecision
from . import decisions as efg

PAYOFF_COLUMNS = ["decision", "option", "reply", "replier", "mover_payoff", "replier_payoff"]

Options = Callable[[Any], tuple[str, Sequence[str]]]  # a decision's row -> (the move made, the root's options)
Plies = Callable[[Game, int, str], int]  # (position, seat, move made) -> the plies of its tree


@dataclass
class Solved:
    """One decision of the record solved in its real position: the root's options are move texts."""

    label: str
    row: Any
    seat: int
    position: Game
    chosen: str
    tree: efg.Tree
    solution: efg.Solution
    values: dict[str, float]  # each option's value to the seat, everyone then following the equilibrium
    strategy: dict[str, float]  # the equilibrium's probability of each option

    @property
    def regret(self) -> float:
        return max(self.values.values()) - self.values[self.chosen]

    @property
    def likeliest(self) -> str:
        """The equilibrium's most likely option (of several equally likely, the first in the root's order)."""
        return max(self.strategy, key=lambda m: self.strategy[m])

    @property
    def agrees(self) -> bool:
        """The chosen option is one of the equilibrium's most likely: an option as likely as the likeliest
        (within ``TIE``) agrees too, since the equilibrium plays it as often."""
        return self.strategy[self.chosen] >= self.strategy[self.likeliest] - TIE


# --- the core: any choice of the class, solved ---------------------------------------------------------
def solve_rows(name: str, rows: Any, games: Mapping[str, Game], options: Options, playouts: int, seed: int,
               iterations: int, limit: int | None, plies: Plies = lambda game, seat, move: 2, bot: str = "random",
               whole_turn: bool = False) -> list[Solved]:
    """Each row of ``rows`` (decisions of game ``name``) solved; ``limit`` keeps the latest ones. ``bot`` plays
    the playouts; ``whole_turn``: the mover's moves right after its option finish it (see ``solve_options``)."""
    if limit is not None:
        rows = rows.sort_values("at", kind="stable").tail(limit)
    settings = (playouts, seed, iterations, bot, whole_turn)
    return [_solve_row(name, row, games, options, plies, settings) for row in rows.itertuples()]


def _solve_row(name: str, row: Any, games: Mapping[str, Game], options: Options, plies: Plies,
               settings: tuple[int, int, int, str, bool]) -> Solved:
    if row.table not in games:
        raise ValueError(f"no game for table {row.table!r}: pass every table's game in `games`")
    label = f"{row.table} ply {row.ply}"
    before = games[row.table].at(row.ply - 1)
    seat = int(row.seat)
    if seat not in before.to_act():
        raise ValueError(f"{label}: seat {seat} was not to act there; the decisions and games disagree")
    legal = sorted(str(m) for m in seat_moves(before, seat))
    if sorted(row.legal) != legal:
        raise ValueError(f"{label}: the record's legal moves {sorted(row.legal)} are not the position's {legal}; "
                         "the decisions and games disagree")
    chosen, wanted = options(row)
    tree, solution = solve_options(name, before, seat, wanted, *settings, plies=plies(before, seat, chosen))
    root = tree.root.infoset or ""
    labels = tree.infosets[root][1]
    values = {m: option_value(tree, solution, m, seat) for m in labels}
    return Solved(label, row, seat, before, chosen, tree, solution, values, dict(solution.strategy[root]))


def solve_options(name: str, game: Game, seat: int, options: Sequence[str], playouts: int = 4, seed: int = 0,
                  iterations: int = 300, bot: str = "random", whole_turn: bool = False,
                  plies: int = 2) -> tuple[efg.Tree, efg.Solution]:
    """The two-ply game at ``game``: ``seat`` plays one of ``options`` (move texts), then every legal reply
    (``plies=1``: the options only, each worth its playouts by ``bot``). ``whole_turn``: the moves ``seat``
    makes right after its option, before any other seat moves, are decisions of the tree that count no ply."""
    kept = set(options)

    def root_options(g: Game, s: int, legal: Any) -> list[Any]:
        return [m for m in legal if str(m) in kept] if g.ply == 0 and s == seat else list(legal)

    tree = efg.decision_tree(name, game.position(), plies=plies, evaluate=efg.playouts(playouts, seed=seed, bot=bot),
                             moves=root_options, whole_turn=whole_turn)
    if tree.root.kind != "decision" or tree.root.seat != seat:
        raise ValueError(f"seat {seat} is not the one to decide in this position")
    return tree, efg.solve(tree, iterations=iterations)


def option_value(tree: efg.Tree, solution: efg.Solution, move: str, seat: int) -> float:
    """``seat``'s expected margin when the root plays ``move`` and the rest follows the equilibrium."""
    root = tree.root.infoset or ""
    labels = tree.infosets[root][1]
    return tree.value({**solution.strategy, root: {m: float(m == move) for m in labels}})[seat]


def payoff_rows(solved: Sequence[Solved], option_name: Callable[[str], str] = str,
                no_reply: str = "(game over)") -> Any:
    """The ``payoffs`` table of solved decisions (see the module's docstring); ``option_name`` names a root
    move, ``no_reply`` is the reply column of an option nobody answers in the tree."""
    import pandas as pd
    cells = [{"decision": one.label, "option": option_name(move), "reply": reply or no_reply, "replier": by,
              "mover_payoff": mine, "replier_payoff": theirs}
             for one in solved for move, reply, mine, theirs, by in _cells(one.tree, one.solution, one.seat)]
    return pd.DataFrame(cells, columns=PAYOFF_COLUMNS)


def _cells(tree: efg.Tree, solution: efg.Solution, seat: int) -> list[tuple[str, str, float, float, int]]:
    """(option, reply, mover's value, replier's value, replier) for every reply at the decisions after each option."""
    out = []
    root = tree.root.infoset or ""
    for move, _, child in tree.root.edges:
        nexts = _next_decisions(child, seat if tree.whole_turn else None)
        replies = sorted({m for node in nexts for m, _, _ in node.edges}, key=lambda m: (m != "pass", m))
        for reply in replies or [""]:
            strategy = {**solution.strategy, root: {m: float(m == move) for m in tree.infosets[root][1]}}
            for node in nexts:
                labels = tree.infosets[node.infoset or ""][1]
                if reply in labels:
                    strategy[node.infoset or ""] = {m: float(m == reply) for m in labels}
            values = tree.value(strategy)
            by = nexts[0].seat if nexts else seat
            out.append((move, reply, values[seat], values[int(by or 0)], int(by or 0)))
    return out


def _next_decisions(node: efg.Node, mover: int | None = None) -> list[efg.Node]:
    """The first decision nodes at or below ``node`` (through chance nodes, and through the decisions of
    ``mover`` that finish its option)."""
    if node.kind == "decision" and node.seat != mover:
        return [node]
    return [d for _, _, child in node.edges for d in _next_decisions(child, mover)]


def payoff_matrix(payoffs: Any, decision: str) -> Any:
    """One decision's payoffs as a table: the option by row, the reply by column, (mover, replier) in each cell."""
    one = payoffs[payoffs["decision"] == decision]
    cells = {(r.option, r.reply): (round(r.mover_payoff, 2), round(r.replier_payoff, 2)) for r in one.itertuples()}
    import pandas as pd
    options = list(dict.fromkeys(one["option"]))
    replies = list(dict.fromkeys(one["reply"]))
    return pd.DataFrame([[cells.get((o, r), "") for r in replies] for o in options], index=options,
                        columns=replies)


def _people(rows: Any, game: str, people_only: bool) -> Any:
    rows = rows[rows["game"] == game]
    return rows[rows["bot"].isna()] if people_only else rows


# --- the kinds of decision each game declares ------------------------------------------------------------
def declared(game: str, name: str) -> ClassDecision:
    """The kind of decision ``name`` that game ``game`` declares (its decisions face's ``DECISIONS``)."""
    d = definition(game)
    kinds = getattr(d.decisions, "DECISIONS", {})
    if name not in kinds:
        raise ValueError(f"{d.info.name} declares no class decision {name!r}; its decisions: {sorted(kinds)}")
    return kinds[name]


def decision_rows(decisions: Any, game: str, name: str, people_only: bool = True) -> Any:
    """The rows of ``decisions`` (a session's record) that are decisions of kind ``name`` of game ``game``:
    made at its tables (by people only, unless told otherwise), in the declared phase, and recognised by
    the declaration among the legal moves."""
    kind, game = declared(game, name), definition(game).info.name
    rows = _people(decisions, game, people_only)
    if kind.phase is not None:
        rows = rows[rows["phase"] == kind.phase]
    keep = [kind.options(m, legal) is not None for m, legal in zip(rows["move"], rows["legal"])]
    return rows[keep]


def class_decisions(decisions: Any, games: Mapping[str, Game], game: str, name: str, playouts: int | None = None,
                    seed: int = 0, iterations: int = 300, limit: int | None = None,
                    people_only: bool = True) -> tuple[Any, Any]:
    """(payoffs, comparison) for the class's decisions of kind ``name`` of game ``game`` (see the module's
    docstring).

    ``games`` maps each table id to its game (``{t: table.game for t, table in session.room.tables.items()}``):
    the position of a decision is ``game.at(ply - 1)``. ``playouts`` per leaf defaults to the declaration's;
    ``limit`` keeps only the latest decisions (each costs a tree of playouts, and late in a game the playouts
    are short)."""
    import pandas as pd
    kind = declared(game, name)

    def options(row: Any) -> tuple[str, Sequence[str]]:
        return row.move, kind.options(row.move, row.legal) or [row.move]

    solved = solve_rows(definition(game).info.name, decision_rows(decisions, game, name, people_only), games,
                        options, kind.playouts if playouts is None else playouts, seed, iterations, limit,
                        kind.plies, kind.bot, kind.whole_turn)
    return (payoff_rows(solved, kind.option_name, kind.no_reply),
            pd.DataFrame([kind.compare(one) for one in solved], columns=list(kind.columns)))


def option_table(comparison: Any, decision: str) -> Any:
    """One decision of a comparison whose rows list their options (columns options, equilibrium, values and
    chose, as a Citadels draft's do) by option: the equilibrium's probability, the option's value to the
    student, and which one the student chose."""
    import pandas as pd
    rows = comparison[comparison["decision"] == decision]
    if rows.empty:
        raise ValueError(f"no decision {decision!r} in the comparison; its decisions: {list(comparison['decision'])}")
    one = rows.iloc[0]
    return pd.DataFrame({"equilibrium": one["equilibrium"], "value": one["values"],
                         "chosen": {m: m == one["chose"] for m in one["options"]}}, index=one["options"])


__all__ = ["PAYOFF_COLUMNS", "Solved", "class_decisions", "decision_rows", "declared", "option_table", "option_value",
           "payoff_matrix", "payoff_rows", "solve_options", "solve_rows"]
