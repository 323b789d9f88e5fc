"""The ``boardgames-lab`` command: play games in the terminal, list rules, draw phase diagrams."""
from __future__ import annotations

import argparse
import sys
from typing import Sequence

from .bots import BOTS, Bot, bot_move, make_bot
from .core.errors import GameError
from .core.game import Game
from .core.registry import definition, games, new_game, rules


def _options(game_name: str, pairs: list[str]) -> dict[str, object]:
    """--option name=value, the value read as one of the option's declared choices."""
    declared = {o.name: o for o in definition(game_name).info.options}
    chosen: dict[str, object] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        if name not in declared:
            raise SystemExit(f"{game_name} has no option {name!r}; options are {sorted(declared)}")
        values = {str(v).lower(): v for v in declared[name].choices}
        if text.lower() not in values:
            raise SystemExit(f"option {name} takes one of {', '.join(map(str, declared[name].choices))}")
        chosen[name] = values[text.lower()]
    return chosen


def _play(args: argparse.Namespace) -> int:
    game = new_game(args.game, players=args.players, seed=args.seed, **_options(args.game, args.option))
    names = [s.strip() for s in args.bots.split(",")]
    if len(names) == 1:
        names *= game.num_players
    if len(names) != game.num_players:
        raise SystemExit(f"--bots names {len(names)} bots for {game.num_players} players")
    seats: list[Bot | None] = [None if n == "human" else make_bot(n, seed=args.seed * 100 + i)
                               for i, n in enumerate(names)]
    print(f"{game!r}")
    interactive = None in seats
    shown = 0
    while not game.is_over:
        bot = seats[game.current_player or 0]
        move = bot_move(game, bot) if bot is not None else _ask(game)
        game.apply(move)
        if interactive:  # people at the table see each move as it happens
            shown = _print_log(game, shown)
    if not interactive:
        _print_log(game, 0, only_last=args.quiet)
    print("Final scores:")
    winners = set(game.winners())
    for seat, score in enumerate(game.scores()):
        print(f"  {game.names[seat]}: {score}" + ("  (winner)" if seat in winners else ""))
    return 0


def _print_log(game: Game, shown: int, only_last: bool = False) -> int:
    log = game.log_for(None)
    entries = log[-1:] if only_last else log[shown:]
    for entry in entries:
        if entry["move"] is not None:
            print(f"[{entry['ply']:>4}] {entry['phase']:<12} {entry['text']}")
        for change in entry["changes"]:
            print(f"{'':>19}{change['text']}")
    return len(log)


def _ask(game: Game) -> object:
    print(game)
    while True:
        text = input(f"{game.names[game.current_player or 0]}> ").strip()
        if text in ("?", "help"):
            print("legal:", ", ".join(str(m) for m in game.legal_moves()))
            continue
        try:
            move = game.parse_move(text)
        except GameError as err:
            print(err)
            continue
        why = game.explain(move)
        if why.legal:
            return move
        print(f"not allowed: {why.reason} [{why.rule}]")


def _rules(args: argparse.Namespace) -> int:
    for rule in rules(args.game):
        print(f"{rule.id:<52} {rule.ref:<16} {rule.text}")
    return 0


def _diagram(args: argparse.Namespace) -> int:
    from .diagrams import phase_diagram

    dot = phase_diagram(args.game)
    fmt = args.output.rsplit(".", 1)[-1] if "." in args.output else "svg"
    if fmt == "dot":
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(dot.source)
    else:
        with open(args.output, "wb") as f:
            f.write(dot.pipe(format=fmt))
    print(f"wrote {args.output}")
    return 0


def _games(args: argparse.Namespace) -> int:
    for info in games():
        print(f"{info['name']:<18} {info['title']} ({info['min_players']}-{info['max_players']} players)")
        for opt in info["options"]:
            choices = ", ".join(str(c) for c in opt["choices"])
            print(f"{'':<20}--option {opt['name']}=... (default {opt['default']}; one of {choices})")
    return 0


def _tournament(args: argparse.Namespace) -> int:
    from .analysis import margins, tournament, win_rates

    backend = args.scheduler or ("serial" if args.workers == 1 else "processes")
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


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="boardgames-lab", description=__doc__)
    sub = top.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a game with bots (or 'human' seats) and print the transcript")
    play.add_argument("game")
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--bots", default="random", help=f"one per seat or one for all: {', '.join(BOTS)}, human")
    play.add_argument("--quiet", action="store_true", help="print only the final scores")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a rule option (see 'boardgames-lab games'), e.g. --option pub_limit=per_player")
    play.set_defaults(run=_play)
    rl = sub.add_parser("rules", help="list a game's rule ids with their references")
    rl.add_argument("game")
    rl.set_defaults(run=_rules)
    dg = sub.add_parser("diagram", help="write the phase diagram (svg, png, pdf or dot)")
    dg.add_argument("game")
    dg.add_argument("-o", "--output", required=True)
    dg.set_defaults(run=_diagram)
    tr = sub.add_parser("tournament", help="bots against each other, seats rotated, with win rates")
    tr.add_argument("game")
    tr.add_argument("--bots", nargs="+", required=True, metavar="BOT",
                    help=f"one per seat: {', '.join(BOTS)}, with options as mcts:iterations=50,seconds=0.1")
    tr.add_argument("--games", type=int, default=100)
    tr.add_argument("--players", type=int, default=None, help="seats (default: one per bot)")
    tr.add_argument("--seed", type=int, default=0, help="first seed; game seeds count up from it")
    tr.add_argument("--workers", type=int, default=None, help="local worker processes (default: every core)")
    tr.add_argument("--scheduler", default=None, metavar="ADDRESS", help="a Dask scheduler, e.g. tcp://host:8786")
    tr.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option")
    tr.add_argument("--csv", default=None, help="also write every game's rows to this CSV file")
    tr.add_argument("--quiet", action="store_true", help="no progress bar")
    tr.set_defaults(run=_tournament)
    gm = sub.add_parser("games", help="list the games and their options")
    gm.set_defaults(run=_games)
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


if __name__ == "__main__":
    raise SystemExit(main())
