"""The boardgames-lab command: play games in the terminal, list rules, draw phase diagrams."""
from __future__ import annotations

import argparse
import sys
from typing import Any, Sequence

from .bots import BOTS, Bot, bot_move, make_bot
from .core.errors import GameError, UndoBlocked
from .core.game import Game
from .core.moves import Move, whole_number
from .core.registry import definition, games, new_game, rules


def _whole(text: str) -> int:
    """A count or seed on the command line: ASCII digits only (int() would also read "٣"), at most 19."""
    number = whole_number(text, digits=19)
    if number is None:
        raise argparse.ArgumentTypeError(f"{text[:24]!r}{'...' if len(text) > 24 else ''} is not a whole number "
                                         f"(ASCII digits, at most 19)")
    return number


def _seed(text: str) -> int:
    number = _whole(text)
    if number >= 2**63:
        raise argparse.ArgumentTypeError("a seed is a whole number from 0 to 2**63 - 1")
    return number


def _options(game_name: str, pairs: list[str]) -> dict[str, Any]:
    """--option name=value, the value read as one of the option's declared choices."""
    declared = {o.name: o for o in definition(game_name).info.options}
    chosen: dict[str, Any] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        if name not in declared:
            raise SystemExit(f"{game_name} has no option {name!r}; options are {sorted(declared)}")
        values = {str(v).lower(): v for v in declared[name].choices}
        if text.lower() not in values:
            raise SystemExit(f"option {name} takes one of {', '.join(map(str, declared[name].choices))}")
        chosen[name] = values[text.lower()]
    return chosen


HUMAN = "human"
COMMANDS = {
    "help": "list the commands and the legal moves here (also ?)",
    "undo": "take back your last move and the bots' moves after it",
    "quit": "stop the game here (end of input, Ctrl-D, does the same)",
}


class _Stop(Exception):
    """The person at the keyboard left: quit, or the end of input."""


def _seats(args: argparse.Namespace) -> tuple[int | None, list[str]]:
    """How many players, and who sits in each seat.

    ``--bots`` names one player per seat, or one for every seat. Without ``--players`` the game has
    one seat per name (``--bots human,random`` is a 2-player game), or the game's default number for
    a single name. With ``--players``, the names must match it (or be a single one)."""
    names = [s.strip() for s in args.bots.split(",")]
    unknown = [n for n in names if n != HUMAN and n not in BOTS]
    if unknown:
        raise SystemExit(f"--bots: no bot named {unknown[0]!r}; one of {', '.join(BOTS)}, {HUMAN}")
    if len(names) == 1:
        return args.players, names
    if args.players is not None and args.players != len(names):
        raise SystemExit(f"--bots names {len(names)} players ({args.bots}) but --players is {args.players}: "
                         f"name one per seat, or one for every seat")
    return len(names), names


def _play(args: argparse.Namespace) -> int:
    players, names = _seats(args)
    game = new_game(args.game, players=players, seed=args.seed, **_options(args.game, args.option))
    names = names * game.num_players if len(names) == 1 else names
    seats: list[Bot | None] = [None if n == HUMAN else make_bot(n, seed=args.seed * 100 + i)
                               for i, n in enumerate(names)]
    print(f"{game!r}")
    humans = [seat for seat, bot in enumerate(seats) if bot is None]
    said: dict[int, str] = {}  # each move in words, said in the position it was made from, by ply
    if not humans:
        while not game.is_over:
            _make(game, bot_move(game, seats[game.current_player or 0]), said)
        _print_log(game.log_for(None)[-1:] if args.quiet else game.log_for(None), said)
    else:
        # One person at the table reads the log as their seat; several sharing a screen read the public log.
        reader = humans[0] if len(humans) == 1 else None
        print(f"You play {', '.join(game.names[s] for s in humans)}. Type a move, or one of: "
              f"{', '.join(COMMANDS)}.")
        try:
            _play_with_people(game, seats, reader, said)
        except _Stop as stop:
            print(f"{stop} Game stopped at ply {game.ply}; scores so far: "
                  + ", ".join(f"{n} {s}" for n, s in zip(game.names, game.scores())))
            return 0
    print("Final scores:")
    winners = set(game.winners())
    for seat, score in enumerate(game.scores()):
        print(f"  {game.names[seat]}: {score}" + ("  (winner)" if seat in winners else ""))
    return 0


def _play_with_people(game: Game, seats: list[Bot | None], reader: int | None, said: dict[int, str]) -> None:
    """Bots move at once; each person is asked at their turn. The log is printed as it grows."""
    _print_log(game.log_for(reader), said)  # the set-up, before anyone moves
    shown = game.ply
    while not game.is_over:
        seat = game.current_player or 0
        bot = seats[seat]
        if bot is not None:
            _make(game, bot_move(game, bot), said)
        elif not _human_turn(game, seats, seat, said):
            shown = game.ply  # taken back: the log goes on from the position now
            continue
        _print_log([e for e in game.log_for(reader) if e["ply"] > shown], said)
        shown = game.ply


def _make(game: Game, move: Move, said: dict[int, str]) -> None:
    """Make a legal move, keeping its words (said before it is made: they read the position it is made from)."""
    said[game.ply + 1] = game.describe(move)
    game.apply(move)


def _print_log(entries: list[dict[str, object]], said: dict[int, str]) -> None:
    """The log: each move in words (where the reader may see the move), then what changed."""
    for entry in entries:
        if entry["move"] is not None:
            ply = entry["ply"]
            text = said[ply] if isinstance(ply, int) and ply in said else entry["text"]
            print(f"[{entry['ply']:>4}] {entry['phase']:<12} {text}")
        else:
            print(f"[{entry['ply']:>4}] {entry['text']}")
        for change in entry["changes"]:  # type: ignore[attr-defined]
            print(f"{'':>19}{change['text']}")


def _seat_text(game: Game, seat: int) -> str:
    """The table as ``seat`` sees it: their own money, hand and character, nobody else's."""
    render = getattr(game.definition, "render_text", None)
    return render(game.state, seat) if render else repr(game)


def _human_turn(game: Game, seats: list[Bot | None], seat: int, said: dict[int, str]) -> bool:
    """Ask the person in ``seat`` until they play a legal move (True) or take moves back (False)."""
    print(_seat_text(game, seat))
    while True:
        try:
            text = input(f"{game.names[seat]}> ").strip()
        except EOFError:
            print()
            raise _Stop("End of input.") from None
        command = text.lower()
        if command in ("?", "help"):
            _help(game)
        elif command == "quit":
            raise _Stop("Quit.")
        elif command == "undo":
            if _undo(game, seats):
                return False
        elif text:
            move = _legal_move(game, text)
            if move is not None:
                _make(game, move, said)
                return True


def _help(game: Game) -> None:
    for name, what in COMMANDS.items():
        print(f"  {name:<6} {what}")
    print("  legal moves here:", ", ".join(str(m) for m in game.legal_moves()))


def _legal_move(game: Game, text: str) -> Move | None:
    """The move ``text`` names, if it is legal here; else say why (naming the rule) and return None."""
    try:
        move = game.parse_move(text)
    except GameError as err:  # not a move of this game at all
        print(f"not a move: {err} (type help for the legal moves)")
        return None
    why = game.explain(move)
    if why.legal:
        return move
    print(f"not allowed: {why.reason} [{why.rule}]")
    return None


def _undo(game: Game, seats: list[Bot | None]) -> bool:
    """Take back moves until it is a person's turn again after at least one move; all or nothing."""
    trial = game.clone()
    try:
        taken = [trial.undo()]
        while seats[trial.current_player or 0] is not None:
            if trial.ply == 0:
                raise UndoBlocked("no move of a person to take back yet")
            taken.append(trial.undo())
    except UndoBlocked as err:
        print(f"cannot undo: {err}")
        return False
    words = []
    for _ in taken:
        move = game.undo()
        words.append(game.describe(move))  # said in the position it was made from, where the game now stands
    print(f"Took back: {' '.join(reversed(words))} Back at ply {game.ply}.")
    return True


def _rules(args: argparse.Namespace) -> int:
    for rule in rules(args.game):
        print(f"{rule.id:<52} {rule.ref:<16} {rule.text}")
    return 0


DIAGRAM_FORMATS = ("svg", "png", "pdf", "dot")


def _diagram(args: argparse.Namespace) -> int:
    fmt = args.output.rsplit(".", 1)[-1].lower() if "." in args.output else "svg"
    if fmt not in DIAGRAM_FORMATS:
        raise SystemExit(f"-o {args.output}: the diagram is written as {', '.join(DIAGRAM_FORMATS)} "
                         f"(the file name's ending says which), not {fmt!r}")
    try:
        import graphviz

        from .diagrams import phase_diagram
    except ImportError:
        raise SystemExit("diagram: drawing needs the lab extra's graphviz packages: "
                         "pip install graphviz==0.21 graphviz-pure==0.2.2") from None
    dot = phase_diagram(args.game)
    try:
        data = dot.source.encode("utf-8") if fmt == "dot" else dot.pipe(format=fmt)
    except graphviz.ExecutableNotFound as err:  # NoDiagram too: its words say what to install
        raise SystemExit(f"diagram: {err}") from None
    except graphviz.CalledProcessError as err:
        said = (err.stderr or b"").decode("utf-8", "replace").strip()
        raise SystemExit(f"diagram: the renderer could not draw {args.game}'s phases: {said}") from None
    try:
        with open(args.output, "wb") as f:
            f.write(data)
    except OSError as err:
        raise SystemExit(f"-o {args.output}: cannot write it ({err.strerror})") from None
    print(f"wrote {args.output}")
    return 0


def _games(args: argparse.Namespace) -> int:
    for info in games():
        print(f"{info['name']:<18} {info['title']} ({info['min_players']}-{info['max_players']} players)")
        for opt in info["options"]:
            choices = ", ".join(str(c) for c in opt["choices"])
            print(f"{'':<20}--option {opt['name']}=... (default {opt['default']}; one of {choices})")
    return 0


def _lessons(args: argparse.Namespace) -> int:
    """List a game's lessons with their steps; with --walk, play every step and say how each behaved."""
    from .lessons import lessons, walk

    found = lessons(args.game)
    if not found:
        print(f"{definition(args.game).info.title} has no lessons yet.")
        return 0
    failed = 0
    for lesson in found:
        print(f"{lesson.id}: {lesson.title} ({len(lesson.steps)} steps)")
        if not args.walk:
            for line in lesson.outline():
                print(f"  {line}")
            continue
        for step in walk(lesson):
            print(f"  {step.number}. {step.kind} {step.title}: {step.words}")
            for kind, move, said in step.tried:
                text = said.text if hasattr(said, "text") else " ".join(filter(None, (said.said, said.note)))
                print(f"     {kind} {move}: {text}" if move else f"     {kind}: {text}")
                for change in getattr(said, "changes", ()) if kind == "ply" else ():
                    print(f"        {change}")
            for problem in step.problems:
                print(f"     PROBLEM: {problem}")
            failed += not step.ok
    if args.walk:
        steps = sum(len(lesson.steps) for lesson in found)
        print(f"{len(found)} lessons, {steps} steps walked, {failed} misbehaved")
    return 1 if failed else 0


def _tournament(args: argparse.Namespace) -> int:
    from .analysis import as_spec, margins, tournament, win_rates

    backend = args.scheduler or ("serial" if args.workers == 1 else "processes")
    for bot in args.bots:
        try:
            as_spec(bot)
        except (ValueError, KeyError) as err:  # an unknown bot or option, said as the bots module says it
            raise SystemExit(f"--bots {bot}: {err.args[0] if err.args else err}") from None
    results = tournament(args.game, args.bots, games=args.games, players=args.players, seed=args.seed,
                         options=_options(args.game, args.option), backend=backend, workers=args.workers,
                         progress=not args.quiet)
    table = win_rates(results).join(margins(results)[["margin"]])
    print(f"{args.games} games of {args.game}, seats rotated; 95% confidence intervals")
    print(f"{'bot':<32}{'games':>7}{'win rate':>10}{'95% CI':>17}{'margin':>9}")
    for bot, row in table.iterrows():
        ci = f"{row['ci_low']:.3f}-{row['ci_high']:.3f}"
        print(f"{bot:<32}{int(row['games']):>7}{row['win_rate']:>10.3f}{ci:>17}{row['margin']:>9.1f}")
    if results.attrs.get("unfinished"):
        print(f"{results.attrs['unfinished']} games stopped after {results.attrs['max_moves']} moves, left out")
    if args.csv:
        results.to_csv(args.csv, index=False)
        print(f"wrote {args.csv}")
    return 0


def _baselines(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from .analysis.baselines import BOTS as BASELINE_BOTS, QUICK, Budgets, baselines, format_tables
    from .bots.learner import LinearPolicy

    budgets = QUICK if args.quick else Budgets()
    changes = {k: v for k, v in (("mcts_iterations", args.mcts_iterations), ("ismcts_simulations",
               args.ismcts_simulations), ("train_episodes", args.train_episodes), ("opponent", args.train_against),
               ("block_rows", args.block_rows or None)) if v is not None}
    bots = [b.strip() for b in args.bots.split(",")] if args.bots else list(BASELINE_BOTS)
    try:
        budgets = replace(budgets, **changes)
        policy = LinearPolicy.load(args.policy) if args.policy else None
        results = baselines(args.game, players=args.players, games=args.games, seed=args.seed, budgets=budgets,
                            bots=bots, policy=policy, options=_options(args.game, args.option),
                            max_moves=args.max_moves, score_cut=args.score_cut,
                            on_pair=None if args.quiet else lambda pair, s: print(f"{pair}: {s:.0f} s", flush=True))
    except (ValueError, OSError) as err:
        raise SystemExit(f"baselines: {err}") from None
    print(format_tables(results))
    if args.csv:
        results.to_csv(args.csv, index=False)
        print(f"wrote {args.csv}")
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="boardgames-lab", description=__doc__)
    sub = top.add_subparsers(dest="command", required=True)
    play = sub.add_parser(
        "play", help="play a game with bots (or 'human' seats) and print the transcript",
        description="Play a game in the terminal. Each 'human' seat is asked for its moves and sees the table "
                    "as that seat does (its own money, hand and character). At the prompt, type a move, "
                    "or help, undo or quit; the end of input stops the game too.")
    play.add_argument("game")
    play.add_argument("--players", type=_whole, default=None,
                      help="seats (default: one per --bots name, or the game's default for a single name)")
    play.add_argument("--seed", type=_seed, default=0)
    play.add_argument("--bots", default="random", metavar="NAME[,NAME...]",
                      help=f"one per seat, or one for every seat: {', '.join(BOTS)}, {HUMAN}; "
                           f"e.g. --bots {HUMAN},random,random (you are Player 1)")
    play.add_argument("--quiet", action="store_true", help="print only the final scores")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a rule option (see 'boardgames-lab games'), e.g. --option pub_limit=per_player")
    play.set_defaults(run=_play)
    rl = sub.add_parser("rules", help="list a game's rule ids with their references")
    rl.add_argument("game")
    rl.set_defaults(run=_rules)
    dg = sub.add_parser("diagram", help="write the phase diagram (svg, png, pdf or dot)",
                        description="Write a game's phase diagram, drawn from its flow declaration by "
                                    "graphviz-pure (the lab extra; Graphviz's dot where that is missing). "
                                    "The file name's ending picks the format: .svg, .png, .pdf (vector with "
                                    "Graphviz's dot, else a 300 dpi picture) or .dot (the source).")
    dg.add_argument("game")
    dg.add_argument("-o", "--output", required=True)
    dg.set_defaults(run=_diagram)
    tr = sub.add_parser("tournament", help="bots against each other, seats rotated, with win rates")
    tr.add_argument("game")
    tr.add_argument("--bots", nargs="+", required=True, metavar="BOT",
                    help=f"one per seat: {', '.join(BOTS)}, with options as mcts:iterations=50,seconds=0.1")
    tr.add_argument("--games", type=_whole, default=100)
    tr.add_argument("--players", type=_whole, default=None, help="seats (default: one per bot)")
    tr.add_argument("--seed", type=_seed, default=0, help="first seed; game seeds count up from it")
    tr.add_argument("--workers", type=_whole, default=None, help="local worker processes (default: every core)")
    tr.add_argument("--scheduler", default=None, metavar="ADDRESS", help="a Dask scheduler, e.g. tcp://host:8786")
    tr.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option")
    tr.add_argument("--csv", default=None, help="also write every game's rows to this CSV file")
    tr.add_argument("--quiet", action="store_true", help="no progress bar")
    tr.set_defaults(run=_tournament)
    bl = sub.add_parser("baselines", help="round-robin of random, heuristic, MCTS, OpenSpiel's ISMCTS and a learner",
                        description="Every pair of the baseline bots plays --games games (seats rotated); the "
                                    "learner (a linear softmax policy over the features) is first trained through "
                                    "PettingZoo. Prints win rates with 95% Wilson intervals, per bot and per pair.")
    bl.add_argument("game")
    bl.add_argument("--players", type=_whole, default=2)
    bl.add_argument("--games", type=_whole, default=10, help="games per pair (default 10)")
    bl.add_argument("--seed", type=_seed, default=0, help="first game seed; also seeds the bots and the training")
    bl.add_argument("--quick", action="store_true", help="tiny search budgets and a short training")
    bl.add_argument("--bots", default=None, metavar="NAME[,NAME...]", help="a subset of the five (default: all)")
    bl.add_argument("--mcts-iterations", type=_whole, default=None, help="playouts per MCTS decision")
    bl.add_argument("--ismcts-simulations", type=_whole, default=None, help="simulations per ISMCTS decision")
    bl.add_argument("--train-episodes", type=_whole, default=None, help="the learner's training episodes")
    bl.add_argument("--train-against", choices=("self", "random"), default=None,
                    help="the learner trains in self-play (default) or against random seats")
    bl.add_argument("--block-rows", action="store_true",
                    help="the learner also trains a row per block of the action table (each move kind)")
    bl.add_argument("--policy", default=None, metavar="FILE", help="play this saved policy instead of training")
    bl.add_argument("--max-moves", type=_whole, default=None, help="stop a game after this many moves")
    bl.add_argument("--score-cut", action="store_true", help="rank a stopped game by its running scores")
    bl.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option")
    bl.add_argument("--csv", default=None, help="also write every game's rows to this CSV file")
    bl.add_argument("--quiet", action="store_true", help="no line per finished pair")
    bl.set_defaults(run=_baselines)
    ls = sub.add_parser("lessons", help="list a game's lessons with their steps; --walk plays them all",
                        description="List a game's guided lessons and their steps. With --walk, play every step "
                                    "of every lesson as a student would (its illegal and wrong moves where it has "
                                    "them, then its solutions; each narration to its end), print each goal and "
                                    "the feedback given, and exit 1 if a step does not behave.")
    ls.add_argument("game")
    ls.add_argument("--walk", action="store_true", help="play every step with its solution and check the feedback")
    ls.set_defaults(run=_lessons)
    gm = sub.add_parser("games", help="list the games and their options")
    gm.set_defaults(run=_games)
    from .classroom.command import add_parser as add_classroom
    add_classroom(sub)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except GameError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader stopped early (e.g. piped into head): not an error
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:  # Ctrl-C: stopped by the person, said in one line rather than a traceback
        print("\nInterrupted.", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
