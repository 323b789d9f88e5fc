"""Arrival order at a table and the group commit of its moves, for the classroom server.

Moves are written by one thread of their own (``_flush``): the event loop goes on serving every other table while
the database makes a move durable, and the moves that arrive meanwhile are written together in the next transaction
(one flush to disk for all of them). Each move is acknowledged, and its table's new state shown to anyone, only once
its transaction is committed. A move or teacher action for a table whose move is being written waits in that
table's queue (``MAX_WAITING`` at most) and runs, in arrival order, when the write is done."""
from __future__ import annotations

import asyncio
from collections import deque
from typing import Any

from .connection import Connection, Staged, Waiting
from .protocol import ProtocolError, dumps
from .room import TableWriting
from .server_core import ServerCore

MAX_WAITING = 30  # moves and teacher actions waiting for one table's write (a burst of one connection fits)


class ArrivalOrder(ServerCore):
    """Moves and the teacher's table actions, run now or queued behind the table's write."""

    def _submit(self, conn: Connection, table_id: str, data: dict[str, Any]) -> None:
        """Run the operation now, or queue it behind the table's write and the operations that came before."""
        queue = self._waiting.setdefault(table_id, deque())
        if not queue and self._run(conn, table_id, data):
            return
        if len(queue) >= MAX_WAITING:
            raise ProtocolError("too_many_waiting", f"{MAX_WAITING} moves and actions are already waiting for table "
                                f"{table_id}; send this again once they are answered (nothing was changed)")
        queue.append(Waiting(conn, data))
        conn.pending(+1)

    def _drain(self, table_id: str) -> None:
        """The table's waiting operations, in arrival order, until one makes it write again."""
        queue = self._waiting.get(table_id)
        while queue:
            waiting = queue[0]
            if not self._run(waiting.conn, table_id, waiting.data):
                return
            queue.popleft()
            waiting.conn.pending(-1)

    def _run(self, conn: Connection, table_id: str, data: dict[str, Any]) -> bool:
        """Do the operation and answer it; False (nothing done) while the table is writing."""
        table = self.room.tables.get(table_id)
        if table is not None and table.writing:
            return False
        try:
            if data["type"] == "move" and conn.role != "seat":
                raise ProtocolError("seat_freed", "the teacher has taken this seat back; the move was not made")
            if data["type"] == "move":
                self._stage(conn, table_id, data)
            else:
                self._table_action(conn, data)
        except TableWriting:  # another thread's write began in between: the operation waits for it
            return False
        except ProtocolError as err:
            conn.send(err.as_message())
        return True

    def _stage(self, conn: Connection, table_id: str, data: dict[str, Any]) -> None:
        assert conn.seat is not None
        ply, rows = self.room.stage(table_id, conn.seat, data["move"], data["ply"], wait=False)
        self._staged.append(Staged(conn, table_id, ply, data["move"], rows))
        conn.pending(+1)
        loop = asyncio.get_running_loop()
        if not self._flushing:
            self._flushing = True
            self._flusher = loop.create_task(self._flush())  # kept: the loop holds tasks only weakly
        loop.call_soon(self._prepare, table_id)  # after the flush has handed the rows to the writer

    def _table_action(self, conn: Connection, data: dict[str, Any]) -> None:
        action, table_id = data["action"], data["table"]
        if action in ("pause", "resume"):
            self.room.pause(table_id, action == "pause", wait=False)
        elif action == "seat_bot":
            self.room.seat_bot(table_id, data["seat"], data.get("bot", "random"), wait=False)
        elif action == "free_seat":
            self.room.free_seat(table_id, data["seat"], wait=False)
        else:
            self.room.undo(table_id, wait=False)
        conn.send({"type": "done", "action": action})

    def _seat_text(self, table_id: str, seat: int) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
        """The seat's state message, its log and the message as JSON text, each made once per change."""
        message, log = self.room.state_for(table_id, seat)
        version = self.room.tables[table_id].version
        cached = self._dumped.get((table_id, seat))
        if cached is None or cached[0] != version:
            cached = (version, dumps(message))
            self._dumped[(table_id, seat)] = cached
        return message, log, cached[1]

    def _prepare(self, table_id: str) -> None:
        """Draw the new state of each seat connected at the table while its move is being written (sent after)."""
        for seat in {c.seat for c in self.connections if c.role == "seat" and c.table == table_id}:
            if seat is not None:
                self._seat_text(table_id, seat)

    async def _flush(self) -> None:
        """Write the staged moves, all those waiting in one transaction, then acknowledge them (or report the error)."""
        loop = asyncio.get_running_loop()
        try:
            while self._staged:
                batch, self._staged = self._staged, []
                rows = [row for staged in batch for row in staged.rows]
                written = await loop.run_in_executor(self._writer, self.room._write, rows)
                for staged in batch:
                    try:
                        self.room.finish(staged.table, written)
                        staged.conn.send({"type": "accepted", "ply": staged.ply, "move": staged.move})
                    except ProtocolError as err:
                        staged.conn.send(err.as_message())
                    staged.conn.pending(-1)
                    self._drain(staged.table)  # what waited for this write runs now (it may stage the next batch)
        finally:
            self._flushing = False


__all__ = ["ArrivalOrder", "MAX_WAITING"]
