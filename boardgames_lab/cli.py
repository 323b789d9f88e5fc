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
