"""``Classroom``: the teacher's session in a notebook, served from a background thread of the kernel.

>>> session = Classroom("citadels", tables=2, players=4, db="class.sqlite3")   # doctest: +SKIP
>>> session          # the join links with QR codes, then every table live     # doctest: +SKIP
>>> session.decisions()                                                        # doctest: +SKIP
>>> remote = Classroom.attach("http://192.168.1.20:8000", "<teacher token>")   # doctest: +SKIP
"""
from __future__ import annotations

import json
import os
import threading
import time
import urllib.request
from html import escape
from typing import Any, Callable

from ..lessons import Lesson, load_lesson
from .lessons import PROGRESS_COLUMNS, progress_rows
from .protocol import ProtocolError
from .qr import qr_svg
from .room import Room, render
from .server import BackgroundServer

TEACHER = "teacher"
SPECTATOR = "spectator"


class Classroom:
    """A session of classroom tables: starts the server, shows every table live, and analyses the decisions.

    ``game``, ``tables``, ``players``, ``seed`` and ``options`` make the tables of a new database; a
    database that already holds a session is resumed as it was. ``host="0.0.0.0"`` opens it to the
    class network (``public_url`` is then the address students type, e.g. ``http://192.168.1.20:8765``).
    ``view`` is what the live tables show: ``"teacher"`` (everything) or ``"spectator"`` (public only, for
    a projector). The live view names the seats deciding for more than ``slow_after`` seconds, and
    redraws every ``refresh`` seconds so the waiting times go on counting between moves."""

    def __init__(self, game: str | None = None, tables: int = 1, players: int | None = None,
                 seed: int | None = None, options: dict[str, Any] | None = None, db: str = "classroom.sqlite3",
                 host: str = "127.0.0.1", port: int = 0, public_url: str | None = None, view: str = TEACHER,
                 start: bool = True, clock: Callable[[], float] = time.time, slow_after: float = 60.0,
                 refresh: float = 5.0):
        if view not in (TEACHER, SPECTATOR):
            raise ValueError(f"view must be {TEACHER!r} or {SPECTATOR!r}, not {view!r}")
        self.room = Room.open(db, game=game, tables=tables, players=players, seed=seed, options=options, clock=clock)
        if not self.room.tables:
            raise ValueError(f"{db} holds no session yet: name the game")
        self.view = view
        self.server = BackgroundServer(self.room, host=host, port=port)
        self._public_url = public_url
        self.slow_after = slow_after
        self.refresh = refresh
        self._widgets: dict[str, Any] = {}
        self._header: Any = None
        self._slow: Any = None
        self._controls: Any = None
        self._box: Any = None
        self._table_choice: Any = None
        self._seat_choices: Callable[[], None] | None = None
        self._links_html: str | None = None
        self._stopped = threading.Event()
        self._drawing = threading.Lock()  # the server's thread and the view's clock both redraw
        self.room.add_listener(self._refresh)
        if start:
            self.server.start()

    @staticmethod
    def attach(url: str, teacher_token: str) -> "AttachedClassroom":
        """The session a server already runs (``boardgames-lab classroom serve`` on this or another machine),
        by its address and the teacher token it printed: its progress, its controls and its decisions."""
        return AttachedClassroom(url, teacher_token)

    # --- links -------------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        return self._public_url or self.server.url

    @property
    def teacher_token(self) -> str:
        return self.room.teacher_token

    def links(self) -> list[dict[str, Any]]:
        """One link per table (each student who opens it takes the next free seat)."""
        return self.room.table_links(self.url)

    def seat_links(self) -> list[dict[str, Any]]:
        """One link per seat, to seat students yourself."""
        return self.room.links(self.url)

    # --- watching ------------------------------------------------------------------------------------
    def progress(self) -> Any:
        """Every table as a row: ply, phase, who is to act and how long they have been deciding."""
        import pandas as pd
        return pd.DataFrame(self.room.summary()).set_index("table")

    def slow(self, seconds: float = 60.0) -> list[dict[str, Any]]:
        """The seats that have been deciding for more than ``seconds`` (people, not bots)."""
        out: list[dict[str, Any]] = []
        for t in self.room.summary():
            if t["over"] or t["paused"] or t["waiting"] < seconds:
                continue
            out.extend({"table": t["table"], "seat": s, "name": t["names"][s], "waiting": t["waiting"]}
                       for s in t["to_act"] if t["bots"][s] is None)
        return out

    def table_html(self, table_id: str) -> str:
        """One table as the live view shows it: its summary line and the board (teacher or spectator view)."""
        table = self.room.table(table_id)
        with self.room.lock:
            game = table.game
            view = game.full_view() if self.view == TEACHER else game.view(None)
            names = table.names()
            board = render(game.name, view, names, game.winners())
            to_act = ", ".join(names[s] for s in game.to_act()) or "nobody"
            waiting = max(0.0, self.room.clock() - table.offered_at)
            connected = sum(1 for s in table.seats if s.connections or s.bot)
            status = "over" if game.is_over else ("paused" if table.paused else f"{escape(to_act)} to act")
            last = ""
            entry = game.log[-1] if game.log else {}
            if entry.get("move") is not None:  # the first entry is the set-up: no move, nobody's
                seat = entry.get("seat")
                mover = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "chance"
                last = f' · last move: <span class="bgl-last">{escape(mover)}: {escape(str(entry["move"]))}</span>'
        return (f'<div class="bgl-classroom-table" data-table="{table.id}" data-ply="{game.ply}">'
                f"<b>Table {table.id}</b> · {escape(game.name)} · ply {game.ply} · {status} · "
                f"deciding for {waiting:.0f} s · {connected}/{len(table.seats)} seats present{last}{board}</div>")

    def slow_html(self) -> str:
        """The seats deciding for longer than ``slow_after`` seconds, for the live view."""
        slow = self.slow(self.slow_after)
        limit = f"{self.slow_after:.0f} s"
        if not slow:
            return f'<div class="bgl-classroom-slow">Nobody has been deciding for more than {limit}.</div>'
        items = ", ".join(f"{escape(s['name'])} at table {escape(s['table'])} ({s['waiting']:.0f} s)" for s in slow)
        return f'<div class="bgl-classroom-slow"><b>Slow</b> (deciding for more than {limit}): {items}</div>'

    def links_html(self) -> str:
        if self._links_html is None:  # drawn once per set of tables: a QR code is slow to draw
            cells = []
            for link in self.links():
                url = escape(link["url"])
                cells.append(f'<div style="display:inline-block;margin:4px;text-align:center">{qr_svg(link["url"])}'
                             f'<br><a href="{url}" target="_blank">table {escape(link["table"])}</a></div>')
            self._links_html = ("<div><b>Join links</b> (one per table; each student takes the next free seat)<br>"
                                + "".join(cells) + "</div>")
        return self._links_html

    def widget(self) -> Any:
        """The live view: the join links, who is slow, every table (each redrawn when it changes), the controls."""
        import ipywidgets as widgets
        if self._header is None:
            self._header = widgets.HTML(self.links_html())
            self._slow = widgets.HTML(self.slow_html())
            for table_id in self.room.tables:
                self._widgets[table_id] = widgets.HTML(self.table_html(table_id))
            self._controls = self._control_panel()
            if self.refresh > 0:
                threading.Thread(target=self._tick, name="classroom-view", daemon=True).start()
            self._box = widgets.VBox()
            self._box.add_class("bgl-classroom")
            self._arrange()
        return self._box

    def _arrange(self) -> None:
        """The live view's parts in order: a table added after it was shown gets its place, link and choice."""
        self._box.children = (self._header, self._slow, *self._widgets.values(), self._controls)
        if list(self._table_choice.options) != list(self.room.tables):
            self._table_choice.options = list(self.room.tables)

    def _control_panel(self) -> Any:
        """Pause or resume a table, seat a bot in one of its seats; the answer (or the refusal) is shown beside."""
        import ipywidgets as widgets

        from ..bots import BOTS
        tables = list(self.room.tables)
        table = widgets.Dropdown(options=tables, description="Table")
        self._table_choice = table
        seat = widgets.Dropdown(description="Seat")
        bot = widgets.Dropdown(options=sorted(BOTS), value="random", description="Bot")
        pause, resume = widgets.Button(description="Pause"), widgets.Button(description="Resume")
        seat_bot = widgets.Button(description="Seat a bot")
        taken = widgets.Dropdown(description="Take back")  # not "Seat": that names the bot's choice
        free = widgets.Button(description="Free the seat")
        answer = widgets.HTML()

        def seats(_: Any = None) -> None:  # the seats nobody is at: empty, or left by their student
            t = self.room.table(table.value)
            free = [(f"{i + 1}: {name}", i) for i, (name, s) in enumerate(zip(t.names(), t.seats))
                    if s.bot is None and not s.connections]
            if [o[1] for o in free] != [o[1] for o in seat.options]:
                seat.options = free
            seat_bot.disabled = not free
            every = [(f"{i + 1}: {name}", i) for i, name in enumerate(t.names())]
            if every != list(taken.options):
                taken.options = every

        def run(action: Callable[[], None], done: str) -> None:
            try:
                action()
                answer.value = f'<span class="bgl-done">{escape(done)}</span>'
            except ProtocolError as err:  # the room refuses (no such seat or bot): say so; nothing changed
                answer.value = f'<span class="bgl-refused">{escape(str(err))}</span>'
            with self._drawing:
                seats()

        table.observe(seats, names="value")
        self._seat_choices = seats
        seats()
        pause.on_click(lambda _: run(lambda: self.pause(table.value), f"table {table.value} paused"))
        resume.on_click(lambda _: run(lambda: self.resume(table.value), f"table {table.value} resumed"))
        seat_bot.on_click(lambda _: run(lambda: self.seat_bot(table.value, seat.value, bot.value),
                                        f"a {bot.value} bot sits in seat {seat.value + 1} of table {table.value}"))
        free.on_click(lambda _: run(lambda: self.free_seat(table.value, taken.value),
                                    f"seat {taken.value + 1} of table {table.value} is free again"))
        box = widgets.VBox([widgets.HTML("<b>Teacher's controls</b>"), widgets.HBox([table, pause, resume]),
                            widgets.HBox([seat, bot, seat_bot]), widgets.HBox([taken, free]), answer])
        box.add_class("bgl-classroom-controls")
        return box

    def _tick(self) -> None:
        """Redraw the waiting times and the slow seats every ``refresh`` seconds, until the session stops."""
        while not self._stopped.wait(self.refresh):
            for table_id in list(self._widgets):
                self._refresh(table_id)

    def _refresh(self, table_id: str) -> None:
        # The room calls this holding its lock: what needs that lock is drawn before the view's own lock is
        # taken, never inside it, or the server's thread and the view's clock could each wait for the other.
        html = self.table_html(table_id) if table_id in self._widgets else None
        slow = self.slow_html() if self._slow is not None else None
        with self._drawing:
            box = self._widgets.get(table_id)
            if box is not None and html is not None:
                box.value = html
            if self._slow is not None and slow is not None:
                self._slow.value = slow
            if self._seat_choices is not None:
                self._seat_choices()

    def _ipython_display_(self) -> None:
        from IPython.display import display
        display(self.widget())

    def __repr__(self) -> str:
        return f"<Classroom: {len(self.room.tables)} tables at {self.url}>"

    # --- the teacher's controls ---------------------------------------------------------------------
    def pause(self, table: str) -> None:
        self.room.pause(table, True)

    def resume(self, table: str) -> None:
        self.room.pause(table, False)

    def seat_bot(self, table: str, seat: int, bot: str = "random") -> None:
        """A bot in an empty or abandoned seat (counted from 0); it moves at once when the seat is to act."""
        self.room.seat_bot(table, seat, bot)

    def free_seat(self, table: str, seat: int) -> None:
        """Take a seat (counted from 0) back: its link stops working, the page open at it is told and closed, its
        name and bot are cleared, and the table link hands it out again."""
        self.room.free_seat(table, seat)

    def add_table(self, game: str, players: int | None = None, seed: int | None = None,
                  mode: str = "play", **options: Any) -> str:
        """A new table (``mode="sandbox"`` lets the teacher undo there); returns its id."""
        table = self.room.add_table(game, players=players, seed=seed, options=options, mode=mode)
        self._links_html = None
        if self._header is not None:
            import ipywidgets as widgets
            html, links = self.table_html(table.id), self.links_html()  # outside the view's lock, as in _refresh
            with self._drawing:
                self._widgets[table.id] = widgets.HTML(html)
                self._header.value = links
                self._arrange()
        return table.id

    def undo(self, table: str) -> None:
        """Take back the last move at a sandbox table."""
        self.room.undo(table)

    def assign_lesson(self, lesson: "str | Lesson | os.PathLike[str]", table: str | None = None,
                      game: str | None = None) -> list[str]:
        """Every student at ``table`` (None: at every table) takes the lesson on their own page; returns the tables
        it went to. ``lesson`` is the id of one of ``game``'s lessons (by default the table's game, as
        ``bgl.lessons(game)`` lists them) or of one kept with the session, or the teacher's own: a ``Lesson`` (from
        ``bgl.load_lesson`` or built in the notebook) or the path of its JSON file, validated by playing it through
        and kept with the session, so a restarted server goes on with it."""
        if isinstance(lesson, os.PathLike):
            lesson = load_lesson(os.fspath(lesson))
        return self.room.lessons.assign(lesson, table, game)

    def clear_lesson(self, table: str | None = None) -> list[str]:
        """The students at ``table`` (None: every table) go back to its game (their progress is kept)."""
        return self.room.lessons.clear(table)

    def lesson_progress(self) -> Any:
        """One row per student taking a lesson: the step they are on, its attempts, wrong and refused moves, hints,
        and whether they are stuck there (``STUCK_AFTER`` missed tries on an unsolved task)."""
        import pandas as pd
        tables = [{"table": t, "lesson": self.room.lessons.summary(t)} for t in self.room.tables]
        return pd.DataFrame(progress_rows(tables), columns=PROGRESS_COLUMNS)

    def end(self) -> None:
        """End the session: every table refuses moves from now on (the record stays)."""
        self.room.end()

    def stop(self) -> None:
        """Stop serving (the database keeps everything; a new Classroom on it resumes the session)."""
        self._stopped.set()
        self.server.stop()
        self.room.close()

    # --- analysis --------------------------------------------------------------------------------------
    def decisions(self) -> Any:
        """Every decision made: table, seat, phase, what the seat could see, its legal moves, its move, time taken."""
        return self.room.decisions()


class AttachedClassroom:
    """A running server's session, driven over its own protocol with the teacher token (nothing is shared with the
    server's process: this works from any machine that reaches it). Each call opens a connection, says hello,
    sends one teacher message and returns its answer; a refusal raises ``ProtocolError`` with the server's code
    and field, and changes nothing."""

    WAIT = 30.0  # seconds to wait for the server's answer

    def __init__(self, url: str, teacher_token: str):
        self.url = url.rstrip("/")
        self.teacher_token = teacher_token
        self.session = str(self._ask(None)["session"])  # a wrong token or address fails here, in words

    def _ask(self, message: dict[str, Any] | None) -> dict[str, Any]:
        """Say hello as the teacher, then send ``message`` (None: only the room); the answer to it."""
        from websockets.sync.client import connect
        ws_url = self.url.replace("https://", "wss://").replace("http://", "ws://") + "/ws"
        with connect(ws_url, open_timeout=self.WAIT, max_size=None) as ws:
            ws.send(json.dumps({"type": "hello", "token": self.teacher_token}))
            sent = False
            room: dict[str, Any] | None = None
            while True:
                reply = json.loads(ws.recv(timeout=self.WAIT))
                if reply["type"] == "error":
                    raise ProtocolError(reply["code"], reply["message"], reply.get("field"), reply.get("rule"))
                if reply["type"] == "welcome" and reply["role"] != "teacher":
                    raise ProtocolError("not_teacher", "this is a seat's token, not the teacher's", "token")
                if reply["type"] == "room":
                    room = reply
                    if message is None:
                        return reply
                if message is not None and not sent and room is not None:
                    ws.send(json.dumps({"type": "teacher", **message}))
                    sent = True
                elif sent and reply["type"] == "done":
                    return reply

    def progress(self) -> Any:
        """Every table as a row: ply, phase, who is to act and for how long, who is connected."""
        import pandas as pd
        return pd.DataFrame(self._ask(None)["tables"]).set_index("table")

    def links(self) -> list[dict[str, Any]]:
        """One link per table (each student who opens it takes the next free seat)."""
        room = self._spectated()
        return [{"table": t["table"], "game": t["game"],
                 "url": f"{self.url}/play?session={self.session}&table={t['table']}&join={t['join']}"}
                for t in room["tables"]]

    def _spectated(self) -> dict[str, Any]:
        from websockets.sync.client import connect
        ws_url = self.url.replace("https://", "wss://").replace("http://", "ws://") + "/ws"
        with connect(ws_url, open_timeout=self.WAIT, max_size=None) as ws:
            ws.send(json.dumps({"type": "hello", "token": self.teacher_token}))
            ws.send(json.dumps({"type": "teacher", "action": "spectate"}))
            while True:
                reply = json.loads(ws.recv(timeout=self.WAIT))
                if reply["type"] == "error":
                    raise ProtocolError(reply["code"], reply["message"], reply.get("field"))
                if reply["type"] == "room" and all("join" in t for t in reply["tables"]):
                    return dict(reply)

    def pause(self, table: str) -> None:
        self._ask({"action": "pause", "table": table})

    def resume(self, table: str) -> None:
        self._ask({"action": "resume", "table": table})

    def seat_bot(self, table: str, seat: int, bot: str = "random") -> None:
        self._ask({"action": "seat_bot", "table": table, "seat": seat, "bot": bot})

    def free_seat(self, table: str, seat: int) -> None:
        self._ask({"action": "free_seat", "table": table, "seat": seat})

    def add_table(self, game: str, players: int | None = None) -> str:
        message: dict[str, Any] = {"action": "add_table", "game": game}
        if players is not None:
            message["players"] = players
        return str(self._ask(message)["table"])

    def undo(self, table: str) -> None:
        self._ask({"action": "undo", "table": table})

    def assign_lesson(self, lesson: str, table: str | None = None, game: str | None = None) -> list[str]:
        """As ``Classroom.assign_lesson``, by id: a game's lesson, or the teacher's own kept with the session
        (``classroom serve --lesson FILE``, or ``Classroom.assign_lesson`` on the server's machine)."""
        if not isinstance(lesson, str):
            raise TypeError("an attached Classroom assigns a lesson by its id; keep your own lesson with the session "
                            "first (classroom serve --lesson FILE)")
        message: dict[str, Any] = {"action": "assign_lesson", "lesson": lesson}
        message.update({k: v for k, v in (("table", table), ("game", game)) if v is not None})
        return list(self._ask(message)["tables"])

    def clear_lesson(self, table: str | None = None) -> list[str]:
        return list(self._ask({"action": "clear_lesson", **({} if table is None else {"table": table})})["tables"])

    def lesson_progress(self) -> Any:
        """As ``Classroom.lesson_progress()``, from the server's live room message."""
        import pandas as pd
        return pd.DataFrame(progress_rows(self._ask(None)["tables"]), columns=PROGRESS_COLUMNS)

    def end(self) -> None:
        self._ask({"action": "end"})

    def decisions(self) -> Any:
        """Every decision made, as ``Classroom.decisions()`` gives it (from the server's CSV)."""
        import io

        import pandas as pd
        request = urllib.request.Request(self.url + "/teacher/decisions.csv",
                                         headers={"Authorization": f"Bearer {self.teacher_token}"})
        with urllib.request.urlopen(request, timeout=self.WAIT) as reply:
            text = reply.read().decode("utf-8")
        frame = pd.read_csv(io.StringIO(text), keep_default_na=False, dtype={"table": str, "name": str, "move": str,
                                                                             "phase": str, "game": str})
        for column in ("seen", "legal"):
            frame[column] = [json.loads(v) for v in frame[column]]
        frame["bot"] = [b or None for b in frame["bot"]]
        return frame

    def __repr__(self) -> str:
        return f"<Classroom attached to {self.url}, session {self.session}>"


__all__ = ["AttachedClassroom", "Classroom"]
