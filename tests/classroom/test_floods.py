"""Floods and crowds: a rate over a window, not refusals in a row; connections without a hello capped and timed out.

The server's clock is a FrozenClock the test moves: each "second" of a flood is the messages sent, their replies
read, then the clock moved. Nothing here depends on how fast this machine is.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from boardgames_lab.classroom.protocol import BURST, CLOSE_AFTER, RATE, WINDOW, RateLimiter
from boardgames_lab.classroom.room import Room
from boardgames_lab.classroom.server import (HELLO_TIMEOUT, MAX_STRANGERS, MAX_STRANGERS_PER_ADDRESS,
                                             BackgroundServer)

from tests.classroom.helpers import WAIT, Client, FrozenClock, until


def _flood(limiter: RateLimiter, clock: FrozenClock, per_second: float, seconds: float) -> tuple[int, int, float]:
    """Messages at ``per_second`` until the limiter says flooding: (let through, refused, seconds) then."""
    allowed = refused = 0
    step = 1.0 / per_second
    start = clock.now
    while clock.now - start < seconds:
        if limiter.allow():
            allowed += 1
        else:
            refused += 1
            if limiter.flooding:
                return allowed, refused, clock.now - start
        clock.advance(step)
    return allowed, refused, -1.0


def test_one_message_let_through_every_100_ms_does_not_forgive_a_flood() -> None:
    """1,000 messages a second: the bucket lets one through every 100 ms (which reset the old count of refusals
    in a row, so the flood went on for ever); over the window, the flood is closed within 0.13 s."""
    clock = FrozenClock()
    limiter = RateLimiter(clock=clock)
    allowed, refused, after = _flood(limiter, clock, per_second=1000, seconds=60)
    assert refused == CLOSE_AFTER + 1 and allowed == BURST + 1 and after == pytest.approx(0.131, abs=0.002)
    # A limiter that kept the count of refusals in a row would never have seen 100: the trick as it was.
    clock = FrozenClock()
    limiter = RateLimiter(clock=clock, close_after=10**9)
    in_a_row = longest = 0
    for _ in range(60_000):
        if limiter.allow():
            in_a_row = 0
        else:
            in_a_row += 1
            longest = max(longest, in_a_row)
        clock.advance(0.001)
    assert BURST < longest < CLOSE_AFTER  # past the burst, 99 at most between two let through


@pytest.mark.parametrize("per_second, closed_after", [(100, 1.44), (50, 3.24), (20, 12.9)])
def test_a_sustained_flood_over_the_rate_is_closed_within_the_window(per_second: float, closed_after: float) -> None:
    """The burst is spent first (0.75 s at 50 a second), then 40 of every 50 are refused: the 101st refusal
    comes 3.24 s into the flood."""
    clock = FrozenClock()
    limiter = RateLimiter(clock=clock)
    allowed, refused, after = _flood(limiter, clock, per_second, seconds=60)
    assert refused == CLOSE_AFTER + 1 and after == pytest.approx(closed_after, abs=0.03) and after < WINDOW


@pytest.mark.parametrize("per_second", [RATE, 12.0, 14.0])
def test_a_client_at_or_a_little_over_the_rate_is_never_closed(per_second: float) -> None:
    """Ten minutes at the rate, or a fifth over it: some messages are refused, the connection stays."""
    clock = FrozenClock()
    limiter = RateLimiter(clock=clock)
    allowed, refused, after = _flood(limiter, clock, per_second, seconds=600)
    assert after == -1.0 and allowed >= RATE * 600
    assert (refused == 0) == (per_second == RATE)


def _replies(c: Client, count: int) -> tuple[int, int]:
    """Read ``count`` replies (or until the server closes): (pongs, rate_limited errors)."""
    pongs = limited = 0
    try:
        while pongs + limited < count:
            m = c.recv()
            if m["type"] == "pong":
                pongs += 1
            elif m.get("code") == "rate_limited":
                limited += 1
    except ConnectionClosed:
        pass
    return pongs, limited


@pytest.mark.parametrize("per_second, seconds_open, answered", [(50, 2, 49), (1000, 0, 29)])
def test_a_flood_over_the_network_is_closed_with_its_reason(room: Room, server: Any, clock: FrozenClock,
                                                            per_second: int, seconds_open: int, answered: int) -> None:
    """50 pings a second: answered 29 (the burst less the hello), then 10 a second; the 101st refused, in the
    third second, closes the connection. 1,000 a second: closed in the first second."""
    c = Client(server.url)
    c.hello(room.tables["t1"].seats[0].token, "t1")
    pongs = limited = 0
    second = 0
    for second in range(20):
        try:
            for _ in range(per_second):
                c.send({"type": "ping"})
        except ConnectionClosed:
            pass
        got = _replies(c, per_second)
        pongs, limited = pongs + got[0], limited + got[1]
        if limited >= CLOSE_AFTER:
            break
        clock.advance(1.0)
    assert c.closed() and c.ws.close_code == 1008
    assert c.ws.close_reason == f"too many messages: over {CLOSE_AFTER} refused in 20 s (at most 10 a second)"
    assert (second, pongs, limited) == (seconds_open, answered, CLOSE_AFTER)
    other = Client(server.url)  # the others go on
    other.hello(room.tables["t1"].seats[1].token, "t1")
    other.send({"type": "ping"})
    assert other.until("pong")


async def _open(url: str, count: int) -> list[Any]:
    from websockets.asyncio.client import connect
    return list(await asyncio.gather(*(connect(url, open_timeout=WAIT, max_size=None) for _ in range(count))))


def _in_own_loop(make: Any) -> Any:
    """Run the coroutine ``make()`` makes in an event loop of its own thread: a test run earlier in this process
    (a browser driven through Playwright) may have left a loop running in this one, where asyncio.run refuses."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(make())).result()


# How long a refused connection's close may take to arrive on a busy machine: the open ones wait this long once,
# all together, so a generous bound costs the test a few seconds and never a false "still open".
SETTLE = 5.0


async def _fates(connections: list[Any]) -> list[tuple[int | None, str]]:
    """How each connection stands a moment after opening: (close code, reason), or (None, "") if open."""
    async def fate(ws: Any) -> tuple[int | None, str]:
        try:
            await asyncio.wait_for(ws.recv(), timeout=SETTLE)
        except asyncio.TimeoutError:
            return None, ""
        except ConnectionClosed as closed:
            return (closed.rcvd.code, closed.rcvd.reason) if closed.rcvd else (None, "closed")
        return None, "a message"
    return list(await asyncio.gather(*(fate(ws) for ws in connections)))


@pytest.mark.slow
@pytest.mark.parametrize("per_address", [MAX_STRANGERS_PER_ADDRESS, 10_000])
def test_a_thousand_connections_without_a_hello_are_capped_then_timed_out(room: Room, clock: FrozenClock,
                                                                         per_address: int) -> None:
    """1,000 connections that never say hello, from one address: 32 are kept (the cap per address), or with
    that cap lifted 200 (the cap in all); the rest are closed at once with code 1013 and the reason. The seats
    already at the tables go on; once the clock passes HELLO_TIMEOUT every stranger is closed."""
    srv = BackgroundServer(room, port=0, clock=clock, max_strangers_per_address=per_address).start()
    try:
        seated = Client(srv.url)
        seated.hello(room.tables["t1"].seats[0].token, "t1")
        kept = min(per_address, MAX_STRANGERS)
        ws_url = srv.url.replace("http://", "ws://") + "/ws"

        async def crowd() -> tuple[list[tuple[int | None, str]], list[tuple[int | None, str]]]:
            connections = await _open(ws_url, 1000)
            first = await _fates(connections)
            table_server = srv.app.state.server
            clock.advance(HELLO_TIMEOUT)
            table_server.loop.call_soon_threadsafe(table_server.sweep)
            then = await _fates([ws for ws, f in zip(connections, first) if f[0] is None])
            for ws in connections:
                await ws.close()
            return first, then

        first, then = _in_own_loop(crowd)
        closed = [f for f in first if f[0] is not None]
        assert len(closed) == 1000 - kept and {f[0] for f in closed} == {1013}
        reason = ("too many connections without a hello from this address (at most 32); try again shortly"
                  if per_address == MAX_STRANGERS_PER_ADDRESS else
                  "server busy: 200 connections have not said hello; try again shortly")
        assert {f[1] for f in closed} == {reason}
        assert then == [(1008, f"no hello within {HELLO_TIMEOUT:g} s")] * kept
        seated.send({"type": "ping"})  # the seated connection was never counted, nor timed out
        assert seated.until("pong")
        table_server = srv.app.state.server
        until(lambda: all(c.role is not None for c in list(table_server.connections)))
        late = Client(srv.url)  # and a new student gets in
        assert late.hello(room.tables["t1"].seats[1].token, "t1")["seat"] == 1
    finally:
        srv.stop()


def test_a_connection_without_a_hello_is_closed_once_the_clock_passes_the_timeout(room: Room, server: Any,
                                                                                 clock: FrozenClock) -> None:
    table_server = server.app.state.server
    idle, seated = Client(server.url), Client(server.url)
    seated.hello(room.tables["t1"].seats[0].token, "t1")
    idle.send({"type": "ping"})  # a message that is not a hello does not count
    idle.until("pong")
    clock.advance(HELLO_TIMEOUT - 0.5)
    assert asyncio.run_coroutine_threadsafe(_sweep(table_server), table_server.loop).result(WAIT) == 0
    clock.advance(0.5)
    assert asyncio.run_coroutine_threadsafe(_sweep(table_server), table_server.loop).result(WAIT) == 1
    assert idle.closed() and (idle.ws.close_code, idle.ws.close_reason) == (1008, "no hello within 15 s")
    seated.send({"type": "ping"})
    assert seated.until("pong")


async def _sweep(table_server: Any) -> int:
    return int(table_server.sweep())
