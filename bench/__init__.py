"""Benchmarks for boardgames_lab (run with ``make bench`` or ``python -m bench``)."""
from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Spent:
    """Seconds a measurement took: CPU time of this process (what the figures are computed from, so that other
    work on a shared machine does not count) and wall-clock time (reported beside it)."""

    cpu: float
    wall: float

    def __add__(self, other: "Spent") -> "Spent":
        return Spent(self.cpu + other.cpu, self.wall + other.wall)


class Stopwatch:
    """Started when made; ``spent()`` tells the CPU and wall seconds since."""

    def __init__(self) -> None:
        self._cpu, self._wall = time.process_time(), time.perf_counter()

    def spent(self) -> Spent:
        return Spent(max(time.process_time() - self._cpu, 1e-9), time.perf_counter() - self._wall)
