"""A table of a classroom session in memory: its game, its seats and who of them is free to act since when."""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from ..core.game import Game

TOKEN_BYTES = 24  # 192 bits from the secrets module


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass
class SeatInfo:
    token: str
    name: str | None = None
    bot: str | None = None
    player: Any = None  # the bot object when a bot sits here
    connections: int = 0
    device: str | None = None  # the browser that took this seat from the table link (it holds one seat a table)


def seat_names(seats: list[SeatInfo]) -> list[str]:
    """Each seat's name as the table shows it: the student's, "Seat 3" while nobody has named it, "(bot)" after
    a bot's."""
    out = []
    for i, seat in enumerate(seats):
        name = seat.name or f"Seat {i + 1}"
        out.append(f"{name} (bot)" if seat.bot else name)
    return out


@dataclass
class ClassTable:
    id: str
    game: Game
    seats: list[SeatInfo]
    join_code: str = ""
    paused: bool = False
    offered_at: float = 0.0  # when the position now on the table arose (think times count from here)
    version: int = 0  # bumped on every change a seat's picture shows (moves, names, pause)
    writing: bool = False  # moves made here are being written: nobody is shown them until they are on disk
    free_since: dict[int, int] = field(default_factory=dict)  # seat to act -> the ply since which it has been,
    free_from: dict[int, float] = field(default_factory=dict)  # without moving, and since when (its think time)
    _cache: dict[int | None, tuple[int, dict[str, Any], list[dict[str, Any]]]] = field(default_factory=dict)
    _logs: dict[int, tuple[int, list[dict[str, Any]]]] = field(default_factory=dict)  # seat -> (ply, its log)

    def __post_init__(self) -> None:
        self.reset_free(self.offered_at)

    def reset_free(self, now: float) -> None:
        """Every seat to act counts as free from ``now`` on (a table built, rebuilt or taken back)."""
        to_act = [s for s in self.game.to_act() if s >= 0]
        self.free_since = {s: self.game.ply for s in to_act}
        self.free_from = {s: now for s in to_act}

    def moved(self, seat: int, now: float) -> None:
        """After ``seat``'s move: the other seats still to act stay free since when they were; the rest from now."""
        ply, since, start = self.game.ply, self.free_since, self.free_from
        to_act = [s for s in self.game.to_act() if s >= 0]
        kept = {s for s in to_act if s in since and s != seat}
        self.free_since = {s: since[s] if s in kept else ply for s in to_act}
        self.free_from = {s: start[s] if s in kept else now for s in to_act}

    def think(self, seat: int, now: float) -> float:
        """How long ``seat`` has had to decide: since it became free to act (or since the table was last resumed)."""
        return max(0.0, now - self.free_from.get(seat, self.offered_at))

    def fresh(self, seat: int, ply: int) -> bool:
        """A move decided at ``ply`` still stands if the seat has been free to act, without moving, since then (a
        window open to several seats at once, another seat answering first); else its position is gone."""
        now = self.game.ply
        return ply == now or (ply < now and self.free_since.get(seat, now) <= ply)

    def names(self) -> list[str]:
        return seat_names(self.seats)

    def name_game(self) -> None:
        """The game's own names become the seats' (its log and its answers say "Ann", not "Player 1").

        The log is told from the game's names and kept once told: a new name has it told again."""
        names = self.names()
        game = self.game
        if game.names == names:
            return
        game.rename(names)
        self._logs.clear()


__all__ = ["ClassTable", "SeatInfo", "TOKEN_BYTES", "new_token", "seat_names"]
