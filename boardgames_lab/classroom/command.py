"""``boardgames-lab classroom serve``: start a session from the command line and print its join links."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

DEFAULT_DB = "classroom.sqlite3"


def add_parser(sub: Any) -> None:
    """The ``classroom`` subcommand of the ``boardgames-lab`` command."""
    cl = sub.add_parser("classroom", help="serve tables that students join from their own devices",
                        description="Classroom tables: each student plays from a browser, seeing only their seat.")
    actions = cl.add_subparsers(dest="action", required=True)
    sv = actions.add_parser(
        "serve", help="start (or resume) a session and print the join links",
        description="Start a session of --tables tables of --game, or resume the session already in --db "
                    "(every table at its last move, every link still valid; --game and the table flags are "
                    "then not used). Listens on 127.0.0.1 unless --host says otherwise.")
    sv.add_argument("--game", default=None, help="the game of a new session (a registered game's name)")
    sv.add_argument("--tables", type=int, default=1)
    sv.add_argument("--players", type=int, default=None, help="seats per table (default: the game's default)")
    sv.add_argument("--seed", type=int, default=None, help="the first table's seed (default: a random one)")
    sv.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option")
    sv.add_argument("--db", default=DEFAULT_DB, help=f"SQLite file or database URL (default {DEFAULT_DB})")
    sv.add_argument("--durability", choices=("disk", "process"), default="disk",
                    help="disk: an acknowledged move survives a power cut (the default); process: it survives the "
                         "server being killed, and a power cut may lose the last moves (faster on a slow disk)")
    sv.add_argument("--host", default="127.0.0.1",
                    help="address to listen on; 0.0.0.0 for the class network (default 127.0.0.1: this machine)")
    sv.add_argument("--port", type=int, default=8000)
    sv.add_argument("--public-url", default=None,
                    help="the address students type (default http://HOST:PORT, with this machine's network "
                         "address for --host 0.0.0.0)")
    sv.add_argument("--qr", choices=("text", "svg", "none"), default="text",
                    help="a QR code per table link: in the terminal, as SVG files beside the database, or none")
    sv.add_argument("--lesson", action="append", default=[], metavar="FILE",
                    help="a lesson file of your own (Lesson.save), validated and kept with the session: the teacher "
                         "page then offers it to assign (repeat for more)")
    sv.add_argument("--links-json", default=None, help="also write the links and the teacher token to this file")
    sv.set_defaults(run=serve_command)


def lan_address() -> str:
    """This machine's address on its network (what students type when the server listens on all of them)."""
    import socket
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the outgoing interface
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def serve_command(args: argparse.Namespace) -> int:
    from ..cli import _options
    from ..lessons import LessonError, load_lesson
    from .protocol import ProtocolError
    from .qr import qr_svg, qr_text
    from .room import Room
    from .server import serve

    if args.tables < 1 or args.tables > 500:
        raise SystemExit("--tables must be from 1 to 500")
    options = _options(args.game, args.option) if args.game else {}
    room = Room.open(args.db, game=args.game, tables=args.tables, players=args.players, seed=args.seed,
                     options=options, durability=args.durability)
    if not room.tables:
        raise SystemExit(f"{args.db} holds no session yet: name the game with --game")
    for path in args.lesson:
        try:
            own = load_lesson(path)
            print(f"Lesson {own.id!r} of {room.lessons.keep(own)} from {path}: kept with the session")
        except (LessonError, ProtocolError) as err:
            raise SystemExit(f"--lesson {path}: {err}") from None
    host = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    base = args.public_url or f"http://{host}:{args.port}"
    print(f"Classroom session in {args.db}: {len(room.tables)} tables; listening on {args.host}:{args.port}")
    print(f"Teacher token (keep it to yourself): {room.teacher_token}")
    print(f"Teacher page (every table live, and the controls): {base}/teacher#token={room.teacher_token}")
    tables = room.table_links(base)
    for link in tables:
        print(f"\nTable {link['table']} ({link['game']}): students open {link['url']}")
        if args.qr == "text":
            print(qr_text(link["url"]))
        elif args.qr == "svg":
            path = f"{args.db}.{link['table']}.svg"
            with open(path, "w", encoding="utf-8") as f:
                f.write(qr_svg(link["url"], scale=6))
            print(f"  QR code: {path}")
    print("\nOne link per seat (to seat students yourself):")
    seats = room.links(base)
    for link in seats:
        print(f"  {link['table']} seat {link['seat'] + 1}: {link['url']}")
    if args.links_json:
        with open(args.links_json, "w", encoding="utf-8") as f:
            json.dump({"base": base, "teacher_token": room.teacher_token, "tables": tables, "seats": seats}, f)
    sys.stdout.flush()
    serve(room, args.host, args.port)
    return 0


__all__ = ["add_parser", "lan_address", "serve_command"]
