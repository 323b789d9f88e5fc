"""The classroom server's protocol messages, once read and parsed: hello and claim, the seat's moves, "why not?",
names and lessons, and the teacher's actions (protocol.py lists the messages and their fields)."""
from __future__ import annotations

from typing import Any

from .board import why_not
from .connection import Connection
from .protocol import ProtocolError
from .server_arrival import ArrivalOrder
from .server_lessons import LessonMessages

TABLE_ACTIONS = ("pause", "resume", "seat_bot", "undo", "free_seat")  # the teacher's, taken in arrival order
SEAT_ACTIONS = ("seat_bot", "free_seat")  # the teacher's actions on one seat


class Messages(ArrivalOrder, LessonMessages):
    """One message of one connection, answered (or queued at its table)."""

    def _handle(self, conn: Connection, data: dict[str, Any]) -> None:
        kind = data["type"]
        if kind == "ping":
            conn.send({"type": "pong"})
        elif kind == "hello":
            self._hello(conn, data)
        elif kind == "claim":
            if conn.role is not None:
                raise ProtocolError("bad_field", "this connection has already said hello", "type")
            self.room.check_session(data.get("session"))
            table, seat = self.room.claim(data["table"], data["join"], data["name"], data.get("device"),
                                          data.get("other", False))
            conn.send({"type": "claimed", "table": table.id, "seat": seat, "token": table.seats[seat].token})
            self._seated(conn, table, seat, data.get("device"))
        elif conn.role is None:
            raise ProtocolError("not_joined", "say hello with your token first")
        elif conn.role == "freed":
            raise ProtocolError("seat_freed", "the teacher has taken this seat back; nothing was changed")
        elif kind == "teacher":
            if conn.role != "teacher":
                raise ProtocolError("not_teacher", "only the teacher's token may do this", "type")
            self._teacher(conn, data)
        elif conn.role != "seat":
            raise ProtocolError("bad_field", f"the teacher does not {kind}; the teacher sends 'teacher'", "type")
        elif kind == "move":
            assert conn.table is not None
            self._submit(conn, conn.table, data)
        elif kind == "explain":
            assert conn.table is not None and conn.seat is not None
            conn.send(self.room.explain(conn.table, conn.seat, data["move"]))
        elif kind == "why":
            assert conn.table is not None and conn.seat is not None
            with self.room.lock:
                conn.send(why_not(self.room.tables[conn.table].game, conn.seat, data.get("prefix", []),
                                  data["target"]))
        elif kind == "lesson":
            self._lesson(conn, data)
        elif kind == "name":
            assert conn.table is not None and conn.seat is not None
            self.room.set_name(conn.table, conn.seat, data["name"])

    def _hello(self, conn: Connection, data: dict[str, Any]) -> None:
        if conn.role is not None:
            raise ProtocolError("bad_field", "this connection has already said hello", "type")
        self.room.check_session(data.get("session"))
        token = data["token"]
        if self.room.is_teacher(token):
            from ..bots import BOTS
            from ..core.registry import games
            conn.role = "teacher"
            conn.send({"type": "welcome", "role": "teacher", "session": self.room.session, "table": None,
                       "seat": None, "bots": sorted(BOTS),
                       "games": [{"name": g["name"], "title": g["title"], "players": g["players"],
                                  "default_players": g["default_players"]} for g in games()]})
            conn.kick()
            self._lesson_menu(conn, [g["name"] for g in games()])
            return
        table, seat = self.room.authenticate(token, data.get("table"))
        if "name" in data:
            self.room.set_name(table.id, seat, data["name"])
        self._seated(conn, table, seat, data.get("device"))

    def _seated(self, conn: Connection, table: Any, seat: int, device: str | None) -> None:
        conn.role, conn.table, conn.seat = "seat", table.id, seat
        conn.token, conn.device = table.seats[seat].token, device
        self.room.connected(table.id, seat, +1, conn.token)
        conn.send({"type": "welcome", "role": "seat", "session": self.room.session, "table": table.id, "seat": seat,
                   "name": table.names()[seat], "game": table.game.name, "players": table.game.num_players})
        conn.kick()
        self._kick_teachers()
        self._tell_open_elsewhere(conn)

    def _tell_open_elsewhere(self, conn: Connection) -> None:
        """A seat opened on a second device (or in a second tab): every page at the seat is told, in words."""
        here = [c for c in self.connections if c.role == "seat" and c.table == conn.table and c.seat == conn.seat]
        if len(here) < 2:
            return
        assert conn.table is not None and conn.seat is not None
        name = self.room.tables[conn.table].names()[conn.seat]
        devices = {c.device for c in here}
        where = (f"in {len(here)} tabs of one browser" if len(devices) == 1 and None not in devices
                 else f"on {len(here)} devices or tabs")
        for c in here:
            c.send({"type": "notice", "code": "opened_elsewhere", "seat": conn.seat,
                    "message": f"{name}'s seat at table {conn.table} has just been opened again: it is open {where} "
                               f"now. If that was not you, tell the teacher."})

    def _teacher(self, conn: Connection, data: dict[str, Any]) -> None:
        action = data["action"]
        room = self.room
        if action == "watch" or action in TABLE_ACTIONS:
            if "table" not in data:
                raise ProtocolError("bad_field", "field 'table' is missing", "table")
            room.table(data["table"])
        if action in SEAT_ACTIONS and "seat" not in data:
            raise ProtocolError("bad_field", "field 'seat' is missing", "seat")
        if action == "status":
            conn.kick()
            return
        if action in ("assign_lesson", "clear_lesson"):
            self._teacher_lesson(conn, data)
            return
        if action in TABLE_ACTIONS:
            self._submit(conn, data["table"], data)
            return
        if action == "watch":
            conn.watching = data["table"]
            conn.send(room.teacher_state(data["table"]))
        elif action == "spectate":
            conn.spectating = True
            conn.kick()
        elif action == "add_table":
            if "game" not in data:
                raise ProtocolError("bad_field", "field 'game' is missing", "game")
            table = room.add_table_checked(data["game"], data.get("players"))
            conn.send({"type": "done", "action": action, "table": table.id})
            self._kick_teachers()
            return
        elif action == "end":
            room.end()
        conn.send({"type": "done", "action": action})


__all__ = ["Messages", "SEAT_ACTIONS", "TABLE_ACTIONS"]
