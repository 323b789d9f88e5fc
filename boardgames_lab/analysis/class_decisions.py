"""The class's own decisions against the equilibrium: Saint Petersburg's buy now or take into hand, and
the Citadels character draft.

``session.decisions()`` (a classroom session's record, one row per move) holds every decision a student
made. Two selectors pick the decisions to study, and one core solves each of them:

- ``buy_or_take(decisions, games)``: each time a student could buy a Saint Petersburg card or take the
  same card into hand, and which they did (the root's two options).
- ``draft_picks(decisions, games)``: each character a student picked (or, with two players, laid face
  down) in a Citadels draft, with every legal pick of that step as the root's options.

For each decision the core rebuilds the real position (the table's game just before that ply) and the
extensive-form game of the next two plies with :mod:`boardgames_lab.analysis.decisions`: the student's
options at the root, then every legal reply of whoever acts next, chance where the game draws,
information sets from each seat's view, leaves worth the mean final score margins of seeded random
playouts. OpenSpiel's CFR+ solves it.

Each selector returns two tables:

- ``payoffs``: one row per (decision, option, reply): the mover's and the replier's expected margin when
  the mover takes that option and the next seat replies so (later chance averaged; after the reply,
  the equilibrium is played where the tree goes on). ``payoff_matrix`` lays one decision out as a table.
- ``comparison``: one row per decision: what the student chose, the equilibrium's probabilities, the
  value of each option to the student (both then following the equilibrium), whether the choice is the
  equilibrium's most likely one, the regret (the best option's value minus the chosen one's) and
  NashConv (0 at an exact equilibrium).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from ..adapters.pettingzoo import seat_moves
from ..core.game import Game
from . import decisions as efg

GAME = "saint_petersburg"
DRAFT_GAME = "citadels"
DRAFT_VERBS = ("pick", "bury")  # citadels' notation: keep a character, or lay one face down (two players)
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


# --- the core: any choice of the class, solved ---------------------------------------------------------
def solve_rows(name: str, rows: Any, games: Mapping[str, Game], options: Options, playouts: int, seed: int,
               iterations: int, limit: int | None, plies: Plies = lambda game, seat, move: 2) -> list[Solved]:
    """Each row of ``rows`` (decisions of game ``name``) solved; ``limit`` keeps the latest ones."""
    if limit is not None:
        rows = rows.sort_values("at", kind="stable").tail(limit)
    return [_solve_row(name, row, games, options, plies, (playouts, seed, iterations)) for row in rows.itertuples()]


def _solve_row(name: str, row: Any, games: Mapping[str, Game], options: Options, plies: Plies,
               settings: tuple[int, int, int]) -> Solved:
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
                  iterations: int = 300, plies: int = 2) -> tuple[efg.Tree, efg.Solution]:
    """The two-ply game at ``game``: ``seat`` plays one of ``options`` (move texts), then every legal reply
    (``plies=1``: the options only, each worth its playouts)."""
    kept = set(options)

    def root_options(g: Game, s: int, legal: Any) -> list[Any]:
        return [m for m in legal if str(m) in kept] if g.ply == 0 and s == seat else list(legal)

    tree = efg.decision_tree(name, game.position(), plies=plies, evaluate=efg.playouts(playouts, seed=seed),
                             moves=root_options)
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
            out.append((move, reply, values[seat], values[int(by or 0)], int(by or 0)))
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


def _people(rows: Any, game: str, people_only: bool) -> Any:
    rows = rows[rows["game"] == game]
    return rows[rows["bot"].isna()] if people_only else rows


# --- Saint Petersburg: buy now or take into hand ----------------------------------------------------------
def card_choice(move: str, legal: list[str]) -> tuple[str, str] | None:
    """("buy" or "take", "card@slot") when ``move`` buys or takes a card that ``legal`` let it do both with."""
    verb, _, card = move.partition(" ")
    if verb not in ("buy", "take") or not card:
        return None
    other = ("take " if verb == "buy" else "buy ") + card
    return (verb, card) if other in legal else None


def buy_or_take_rows(decisions: Any, people_only: bool = True) -> Any:
    """The rows of ``decisions`` where a seat bought or took a card it could have done the other with."""
    rows = _people(decisions, GAME, people_only)
    keep = [card_choice(m, legal) is not None for m, legal in zip(rows["move"], rows["legal"])]
    return rows[keep]


def _card_options(row: Any) -> tuple[str, Sequence[str]]:
    _, card = card_choice(row.move, row.legal)  # type: ignore[misc]
    return row.move, (f"buy {card}", f"take {card}")


def buy_or_take(decisions: Any, games: Mapping[str, Game], playouts: int = 4, seed: int = 0,
                iterations: int = 300, limit: int | None = None, people_only: bool = True) -> tuple[Any, Any]:
    """(payoffs, comparison) for the class's buy-or-take decisions (see the module's docstring).

    ``games`` maps each table id to its game (``{t: table.game for t, table in session.room.tables.items()}``):
    the position of a decision is ``game.at(ply - 1)``. ``limit`` keeps only the latest decisions (each
    costs a tree of playouts, and late in a game the playouts are short)."""
    import pandas as pd
    solved = solve_rows(GAME, buy_or_take_rows(decisions, people_only), games, _card_options, playouts, seed,
                        iterations, limit)
    compared = []
    for one in solved:
        row, (verb, card) = one.row, one.chosen.split(" ", 1)
        p_buy, p_take = one.strategy[f"buy {card}"], one.strategy[f"take {card}"]
        likelier = "buy" if p_buy >= p_take else "take"
        compared.append({"decision": one.label, "table": row.table, "seat": one.seat, "name": row.name,
                         "ply": row.ply, "card": card, "chose": verb, "p_buy": round(p_buy, 3),
                         "p_take": round(p_take, 3), "value_buy": one.values[f"buy {card}"],
                         "value_take": one.values[f"take {card}"], "agrees": verb == likelier,
                         "regret": one.regret, "nash_conv": one.solution.nash_conv, "time_taken": row.time_taken})
    compare_columns = ["decision", "table", "seat", "name", "ply", "card", "chose", "p_buy", "p_take", "value_buy",
                       "value_take", "agrees", "regret", "nash_conv", "time_taken"]
    return (payoff_rows(solved, lambda move: move.split(" ")[0]),
            pd.DataFrame(compared, columns=compare_columns))


def solve_choice(game: Game, seat: int, card: str, playouts: int = 4, seed: int = 0,
                 iterations: int = 300) -> tuple[efg.Tree, efg.Solution]:
    """The two-ply game at ``game``: ``seat`` buys or takes ``card`` ("name@slot"), then every legal reply."""
    return solve_options(GAME, game, seat, (f"buy {card}", f"take {card}"), playouts, seed, iterations)


# --- Citadels: the character draft ------------------------------------------------------------------------
def draft_options(move: str, legal: Sequence[str]) -> list[str] | None:
    """The draft step's options (every legal pick, or with two players every legal burial) when ``move`` is
    one of them and there were at least two; else None."""
    verb = move.partition(" ")[0]
    if verb not in DRAFT_VERBS or move not in legal:
        return None
    options = [m for m in legal if m.partition(" ")[0] == verb]
    return options if len(options) > 1 else None


def draft_pick_rows(decisions: Any, people_only: bool = True) -> Any:
    """The rows of ``decisions`` where a seat picked (or laid face down) one of two or more characters in a
    Citadels draft."""
    rows = _people(decisions, DRAFT_GAME, people_only)
    rows = rows[rows["phase"] == "draft"]
    keep = [draft_options(m, legal) is not None for m, legal in zip(rows["move"], rows["legal"])]
    return rows[keep]


def _draft_row_options(row: Any) -> tuple[str, Sequence[str]]:
    return row.move, draft_options(row.move, row.legal) or [row.move]


def _draft_plies(game: Game, seat: int, move: str) -> int:
    """Two plies while the next seat still drafts, else the pick alone (see ``draft_picks``)."""
    return 2 if game.clone().apply(move, player=seat).phase == "draft" else 1


def draft_picks(decisions: Any, games: Mapping[str, Game], playouts: int = 2, seed: int = 0,
                iterations: int = 300, limit: int | None = None, people_only: bool = True) -> tuple[Any, Any]:
    """(payoffs, comparison) for the class's Citadels draft picks (see the module's docstring).

    The root's options are the step's legal picks as the record's ``legal`` column holds them (checked
    against the rebuilt position); the replier is whoever drafts next (with two players the same seat may
    bury next). The draft's last pick has no reply in its tree (its reply is "(draft over)"): a called
    character's turn would come next, and its draws would branch the tree into hundreds of playouts. A
    playout is a whole game, about a tenth of a second with random bots: a first pick of four players is
    20 leaves, so the default of 2 playouts solves it in a few seconds; ``limit`` keeps only the latest
    decisions. ``games`` is as for ``buy_or_take``."""
    import pandas as pd
    solved = solve_rows(DRAFT_GAME, draft_pick_rows(decisions, people_only), games, _draft_row_options, playouts,
                        seed, iterations, limit, _draft_plies)
    compare_columns = ["decision", "table", "seat", "name", "ply", "round", "options", "chose", "p_chosen",
                       "likeliest", "p_likeliest", "equilibrium", "values", "value_chosen", "value_best", "agrees",
                       "regret", "nash_conv", "time_taken"]
    return payoff_rows(solved, no_reply="(draft over)"), pd.DataFrame([_draft_comparison(one) for one in solved], columns=compare_columns)


def _draft_comparison(one: Solved) -> dict[str, Any]:
    options = list(one.values)
    likeliest = max(options, key=lambda m: one.strategy[m])
    return {"decision": one.label, "table": one.row.table, "seat": one.seat, "name": one.row.name,
            "ply": one.row.ply, "round": one.position.view(one.seat).get("round"), "options": options,
            "chose": one.chosen, "p_chosen": one.strategy[one.chosen], "likeliest": likeliest,
            "p_likeliest": one.strategy[likeliest], "equilibrium": dict(one.strategy), "values": dict(one.values),
            "value_chosen": one.values[one.chosen], "value_best": max(one.values.values()),
            "agrees": one.strategy[one.chosen] >= one.strategy[likeliest], "regret": one.regret,
            "nash_conv": one.solution.nash_conv, "time_taken": one.row.time_taken}


def option_table(comparison: Any, decision: str) -> Any:
    """One decision of ``draft_picks``' comparison by option: the equilibrium's probability, the option's
    value to the student, and which one the student chose."""
    import pandas as pd
    rows = comparison[comparison["decision"] == decision]
    if rows.empty:
        raise ValueError(f"no decision {decision!r} in the comparison; its decisions: {list(comparison['decision'])}")
    one = rows.iloc[0]
    return pd.DataFrame({"equilibrium": one["equilibrium"], "value": one["values"],
                         "chosen": {m: m == one["chose"] for m in one["options"]}}, index=one["options"])


__all__ = ["DRAFT_GAME", "DRAFT_VERBS", "GAME", "Solved", "buy_or_take", "buy_or_take_rows", "card_choice",
           "draft_options", "draft_pick_rows", "draft_picks", "option_table", "option_value", "payoff_matrix",
           "payoff_rows", "solve_choice", "solve_options", "solve_rows"]
