"""Tournaments on a real Dask cluster (LocalCluster on loopback), including a worker killed mid-way."""
from __future__ import annotations

import os
import signal

import pytest

from boardgames_lab.analysis import tournament

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None, silence_logs=50)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


BOTS = ["heuristic", "random", "random"]


def test_dask_gives_the_same_table_as_local_processes(client) -> None:
    local = tournament("saint_petersburg", BOTS, games=18, batch_size=4, workers=2)
    on_dask = tournament("saint_petersburg", BOTS, games=18, batch_size=4, backend=client)
    assert on_dask.equals(local)


def test_a_scheduler_address_works_too(client) -> None:
    by_address = tournament("saint_petersburg", BOTS, games=6, batch_size=2, backend=client.scheduler.address)
    assert by_address.equals(tournament("saint_petersburg", BOTS, games=6, backend="serial"))


def test_a_worker_lost_mid_tournament_loses_and_doubles_no_game(client) -> None:
    pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    killed: list[int] = []

    def kill_once(done: int) -> None:
        if not killed:
            os.kill(victim, signal.SIGKILL)
            killed.append(done)

    games = 120
    df = tournament("saint_petersburg", BOTS, games=games, batch_size=2, backend=client, on_batch=kill_once)
    assert killed and killed[0] < games
    assert len(df) == games * 3
    assert sorted(df["game"].unique()) == list(range(games))
    assert (df.groupby("game").size() == 3).all()
    assert df.equals(tournament("saint_petersburg", BOTS, games=games, batch_size=7, backend="serial"))
    client.wait_for_workers(2, timeout=60)


def test_the_command_line_runs_on_a_scheduler(client, capsys) -> None:  # type: ignore[no-untyped-def]
    from boardgames_lab.cli import main

    assert main(["tournament", "saint_petersburg", "--bots", "random", "random", "--games", "4", "--quiet",
                 "--scheduler", client.scheduler.address]) == 0
    assert "4 games of saint_petersburg" in capsys.readouterr().out
