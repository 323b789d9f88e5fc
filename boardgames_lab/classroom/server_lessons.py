"""The classroom server's lesson messages: a student's lesson actions and page, the teacher's assignments and the
lessons menu. Lessons run in a thread of their own, in arrival order (``_lessoner``): a puzzle's search bot thinks
for a second, and a game's lessons are validated on first use, while the loop goes on serving the tables."""
from __future__ import annotations

import asyncio
from typing import Any

from .connection import Connection
from .protocol import ProtocolError, dumps
from .server_core import ServerCore


class LessonMessages(ServerCore):
    """Lesson actions, answered from the lessons' thread."""

    def _in_lesson(self, conn: Connection) -> bool:
        return conn.role == "seat" and conn.table is not None and self.room.lessons.takes(conn.table)

    async def _lesson_text(self, conn: Connection) -> str:
        """The student's ``lesson_state`` (drawn in the lessons' thread: a run comes back by replaying its step)."""
        assert conn.table is not None and conn.seat is not None
        table, seat = conn.table, conn.seat
        begun, message = await asyncio.get_running_loop().run_in_executor(
            self._lessoner, self.room.lessons.message, table, seat)
        if begun:
            self._kick_teachers()
        conn.log_ply = -1  # back at the table, the whole log is sent again
        return dumps(message)

    def _lesson(self, conn: Connection, data: dict[str, Any]) -> None:
        """A student's lesson action, done in the lessons' thread; the student's pages and the teachers are
        redrawn after it, or it is answered at once (a "why not?", a refusal)."""
        assert conn.table is not None and conn.seat is not None
        table, seat = conn.table, conn.seat
        loop = asyncio.get_running_loop()
        conn.pending(+1)

        def done(future: "asyncio.Future[dict[str, Any] | None]") -> None:
            conn.pending(-1)
            try:
                answer = future.result()
            except ProtocolError as err:
                conn.send(err.as_message())
                return
            if answer is not None:
                conn.send(answer)
                return
            for other in self.connections:
                if other.role == "seat" and other.table == table and other.seat == seat:
                    other.kick()
            self._kick_teachers()

        loop.run_in_executor(self._lessoner, self.room.lessons.act, table, seat, data).add_done_callback(done)

    def _teacher_lesson(self, conn: Connection, data: dict[str, Any]) -> None:
        """Assign a lesson (to a table, or to every table without one named) or clear it, in the lessons' thread."""
        action, desk = data["action"], self.room.lessons
        if action == "assign_lesson" and "lesson" not in data:
            raise ProtocolError("bad_field", "field 'lesson' is missing", "lesson")
        table, game = data.get("table"), data.get("game")
        conn.pending(+1)

        def work() -> list[str]:
            if action == "assign_lesson":
                return desk.assign(data["lesson"], table, game)
            return desk.clear(table)

        def done(future: "asyncio.Future[list[str]]") -> None:
            conn.pending(-1)
            try:
                conn.send({"type": "done", "action": action, "tables": future.result()})
            except ProtocolError as err:
                conn.send(err.as_message())

        asyncio.get_running_loop().run_in_executor(self._lessoner, work).add_done_callback(done)

    def _lesson_menu(self, conn: Connection, names: list[str]) -> None:
        """Each game's lessons (id, title, steps), for the teacher's page: read in the lessons' thread."""
        def done(future: "asyncio.Future[dict[str, Any]]") -> None:
            conn.send({"type": "lessons", "games": future.result()})

        asyncio.get_running_loop().run_in_executor(
            self._lessoner, lambda: {name: self.room.lessons.summaries(name) for name in names}).add_done_callback(done)


__all__ = ["LessonMessages"]
