"""Tournaments: many games between bots with seat rotation, on one machine or on a Dask cluster.

The games are numbered and cut into batches; each batch is played by :func:`play.play_batch`
wherever the backend sends it, and the rows are put back in game order. A game's seed and seat
rotation depend only on its number, so the same call gives the same table on every backend, and
a batch that is run twice (a Dask worker lost half-way) still counts its games once.
"""
from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Callable, Iterable, Iterator, Sequence

from ..core.registry import definition
from .play import Batch, BotSpec, as_spec, move_cap, play_batch

SERIAL, PROCESSES = "serial", "processes"


def schedule(players: int, games: int, seeds: Sequence[int] | None, seed: int) -> list[tuple[int, int, int]]:
    """(game number, seed, rotation): each seed is played once with every rotation of the seats."""
    out = []
    for number in range(games):
        block, rotation = divmod(number, players)
        game_seed = seeds[block % len(seeds)] if seeds else seed + block
        out.append((number, game_seed, rotation))
    return out


def batches(game: str, players: int, options: dict[str, Any], bots: tuple[BotSpec, ...],
            plan: list[tuple[int, int, int]], size: int, trace: bool, max_moves: int) -> list[Batch]:
    return [Batch(game, players, options, bots, tuple(plan[i:i + size]), trace, max_moves)
            for i in range(0, len(plan), size)]


def tournament(game: str, bots: Sequence[Any], games: int = 100, seeds: Iterable[int] | None = None, *,
               options: dict[str, Any] | None = None, players: int | None = None, seed: int = 0,
               backend: Any = PROCESSES, workers: int | None = None, batch_size: int | None = None,
               progress: bool | None = None, trace: bool = False, max_moves: int | None = None,
               on_batch: Callable[[int], None] | None = None) -> Any:
    """Play ``games`` games and return a pandas DataFrame, one row per seat per game.

    ``bots``: one per seat (names, ``"mcts:iterations=50"``, ``(name, options)`` or ``BotSpec``);
    seats rotate so every bot plays every seat equally often. ``seeds``: the seeds to use (each
    played once per rotation; default ``seed, seed + 1, ...``). ``backend``: ``"processes"`` (local
    worker processes, the default), ``"serial"``, a ``distributed.Client`` or a scheduler address
    such as ``"tcp://10.0.0.5:8786"``. ``trace`` also counts lead changes (slower). A game still running
    after ``max_moves`` moves (default: the game's ``move_cap``) is stopped and kept with
    ``finished`` False and no result; the statistics leave it out and count it.
    ``on_batch(games_done)`` is called as batches finish.
    """
    import pandas as pd

    d = definition(game)
    specs = tuple(as_spec(b) for b in bots)
    players = players or len(specs)
    d.check_players(players)
    if len(specs) != players:
        raise ValueError(f"give one bot per seat: {players} seats, {len(specs)} bots")
    resolved = d.resolve_options(options or {})
    d.check_options(players, resolved)  # a combination that could not end is refused before any worker starts
    plan = schedule(players, games, list(seeds) if seeds is not None else None, seed)
    size = batch_size or max(1, min(100, games // (8 * (workers or os.cpu_count() or 1)) or 1))
    cap = max_moves if max_moves is not None else move_cap(d.info.name)
    if cap < 1:
        raise ValueError(f"max_moves must be at least 1, not {cap}")
    jobs = batches(d.info.name, players, resolved, specs, plan, size, trace, cap)
    bar = _progress_bar(games, progress)
    done = 0
    results: dict[int, list[dict[str, Any]]] = {}
    for index, rows in _run(jobs, backend, workers):
        if index in results:  # a batch run twice (a lost worker's retry) is kept once
            continue
        results[index] = rows
        done += len(jobs[index].games)
        if bar is not None:
            bar.update(len(jobs[index].games))
        if on_batch is not None:
            on_batch(done)
    if bar is not None:
        bar.close()
    rows = [row for index in sorted(results) for row in results[index]]
    frame = pd.DataFrame(rows)
    frame.attrs.update(game=d.info.name, players=players, options=resolved, bots=[s.title for s in specs],
                       max_moves=cap, unfinished=int((~frame["finished"]).sum()) // players if len(frame) else 0)
    return frame


def _run(jobs: list[Batch], backend: Any, workers: int | None) -> Iterator[tuple[int, list[dict[str, Any]]]]:
    if backend == SERIAL or (backend == PROCESSES and (workers == 1 or len(jobs) == 1)):
        for index, job in enumerate(jobs):
            yield index, play_batch(job)
    elif backend == PROCESSES:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(play_batch, job): index for index, job in enumerate(jobs)}
            for future in as_completed(futures):
                yield futures[future], future.result()
    else:
        from .cluster import run_on_dask

        yield from run_on_dask(jobs, backend)


def _progress_bar(total: int, wanted: bool | None) -> Any:
    if wanted is False or (wanted is None and total < 500):
        return None
    from tqdm.auto import tqdm  # the notebook flavour inside Jupyter

    return tqdm(total=total, unit="game", desc="tournament")
