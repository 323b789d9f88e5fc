"""Running batches on a Dask distributed cluster (needs the ``scale`` extra: dask, distributed).

The workers need boardgames_lab installed at the same version. A worker that dies takes its
running batches with it; the scheduler runs them again elsewhere, and the tournament keeps the
first result of each batch, so no game is lost or counted twice.
"""
from __future__ import annotations

import uuid
from typing import Any, Iterator

from .play import Batch, play_batch


def run_on_dask(jobs: list[Batch], backend: Any) -> Iterator[tuple[int, list[dict[str, Any]]]]:
    from distributed import Client, as_completed

    own = isinstance(backend, str)
    client = Client(backend) if own else backend
    if not isinstance(client, Client):
        raise TypeError(f"backend must be 'processes', 'serial', a distributed.Client or an address, not {backend!r}")
    run = uuid.uuid4().hex  # keys unique to this tournament: Dask would hand back a finished batch of the same key
    try:
        futures = [client.submit(play_batch, job, key=f"bgl-{run}-{index}", retries=3, pure=False)
                   for index, job in enumerate(jobs)]
        where = {f.key: i for i, f in enumerate(futures)}
        for future in as_completed(futures):
            yield where[future.key], future.result()
    finally:
        if own:
            client.close()
