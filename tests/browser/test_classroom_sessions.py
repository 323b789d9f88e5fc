"""Two lessons, one after the other, on one browser profile and one address, as a school computer has them.

Last week's session served tables ``t1`` on a port; this week's session, a new database, serves its own ``t1`` on
the same port (the same origin, so the same browser storage). The page left open from last week says in words that
its link belongs to another session once this week's server answers; this week's table link, opened in the same
browser, asks for a name and gives the student a seat of their own in this week's session, kept under its own
session in the browser's storage beside last week's; the browser closed and opened again on the same profile comes
back to this week's seat. No page waits at "connecting…".
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

pytest.importorskip("starlette")
pytest.importorskip("websockets")
from tests.browser.test_classroom import Server  # noqa: E402

WAIT = 30_000  # ms a page may take to show a change (never part of what is checked)


def _session(folder: Path, seed: int) -> tuple[str, str, list[str]]:
    """A session of one Saint Petersburg table in ``folder``: its id, its table link and its seats' tokens."""
    from boardgames_lab.classroom.room import Room
    folder.mkdir()
    room = Room(str(folder / "class.sqlite3"))
    table = room.add_table("saint_petersburg", players=3, seed=seed)
    assert table.id == "t1"  # every session numbers its tables from t1
    found = (room.session, f"/play?session={room.session}&table=t1&join={table.join_code}",
             [s.token for s in table.seats])
    room.close()
    return found


def _stored(context) -> dict[str, dict[str, str]]:  # type: ignore[no-untyped-def]
    """The classroom seats this browser profile keeps: storage key -> {token, join}."""
    page = context.pages[0]
    kept = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    return {k: json.loads(v) for k, v in kept.items() if k.startswith("bgl-classroom:")}


def test_a_device_from_last_weeks_lesson_joins_this_weeks_session_with_a_seat_of_its_own(tmp_path: Path) -> None:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import expect, sync_playwright

    old_session, old_link, old_tokens = _session(tmp_path / "last_week", seed=4)
    new_session, new_link, new_tokens = _session(tmp_path / "this_week", seed=9)
    assert old_session != new_session
    last_week = Server(tmp_path / "last_week" / "class.sqlite3", tmp_path / "last_week")
    this_week = Server(tmp_path / "this_week" / "class.sqlite3", tmp_path / "this_week")
    this_week.port = last_week.port  # the same address: the same browser storage
    base = f"http://127.0.0.1:{last_week.port}"
    profile = tmp_path / "profile"
    try:
        with sync_playwright() as p:
            def browser():  # type: ignore[no-untyped-def]
                context = p.chromium.launch_persistent_context(
                    str(profile), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
                context.set_default_timeout(WAIT)
                return context

            last_week.start()
            context = browser()
            try:
                old = context.pages[0] if context.pages else context.new_page()
                old.goto(base + old_link)
                old.fill("#name", "Ann")
                old.click("#name-form button")
                expect(old.locator("#title")).to_contain_text("you are Ann")
                last_week.kill()
                expect(old.locator("#status")).to_contain_text("reconnecting")

                this_week.start()  # this week's lesson: the page left open hears of it in words
                expect(old.locator("#error")).to_contain_text("This link belongs to another session")
                expect(old.locator("#status")).not_to_contain_text("connect")
                page = context.new_page()
                page.goto(base + new_link)
                expect(page.locator("#status")).to_contain_text("type your name")
                expect(page.locator("#seated")).to_be_hidden()  # last week's seat is not offered here
                page.fill("#name", "Ann")
                page.click("#name-form button")
                expect(page.locator("#title")).to_contain_text("you are Ann")
                expect(page.locator("#seated")).to_contain_text("Seated on this device: Ann")
                expect(page.locator("#status")).not_to_contain_text("connect")
                kept = _stored(context)
                old_seat, new_seat = kept[f"bgl-classroom:{old_session}:t1"], kept[f"bgl-classroom:{new_session}:t1"]
                assert new_seat["token"] in new_tokens  # a seat of this week's session
                assert old_seat["token"] in (*old_tokens, None) and old_seat["token"] != new_seat["token"]
            finally:
                context.close()

            context = browser()  # the browser opened again on the same profile: this week's seat, at once
            try:
                again = context.pages[0] if context.pages else context.new_page()
                again.goto(base + new_link)
                expect(again.locator("#title")).to_contain_text("you are Ann")
                expect(again.locator("#status")).not_to_contain_text("connect")
                assert _stored(context)[f"bgl-classroom:{new_session}:t1"] == new_seat
            finally:
                context.close()
    finally:
        last_week.kill()
        this_week.kill()
