"""A game played by touch on the student page of a phone (390 x 844 CSS pixels, touch, mobile), for each game.

One student sits at a table of bots and makes every one of their moves by touching the board: a thing outlined
on the table, or a choice in the strip above it, picked by a seeded generator among those the page offers, until
the page sends the move. Saint Petersburg and Citadels are played to their end, where the page shows the final
scores the engine gives the game kept in the database. Keythedral and Village last longer than a test should
(hundreds of the student's decisions with random play), so they are played by touch up to the student's
``CAP``-th decision. At every decision nothing on the page runs off the right edge of the screen. A screenshot of
each board goes to artifacts/.
"""
from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS

pytest.importorskip("starlette")
pytest.importorskip("websockets")
from tests.browser.test_classroom import Server  # noqa: E402
from tests.browser.test_classroom_lessons import OFF_RIGHT, PHONE  # noqa: E402

WAIT = 30_000  # ms a page may take to show a change (never part of what is checked)
CAP = 100  # the student's decisions played in Keythedral and Village
# (game, players, seed, decisions): None plays to the game's end
GAMES = [("saint_petersburg", 2, 6, None), ("citadels", 3, 31, None), ("keythedral", 2, 5, CAP),
         ("village", 2, 5, CAP)]
USABLE = "#board [data-target].live, #strip button.option"


def _decide(page: Any, rng: random.Random, ply: str) -> int:
    """Touch things the page offers at ``ply`` until it sends a move; the number of touches."""
    usable = page.locator(USABLE)
    for touches in range(1, 20):
        count = usable.count()
        assert count, "the page offers nothing to touch on the student's turn"
        usable.nth(rng.randrange(count)).tap()
        # Sent: the page offers nothing more, or the answer has come already (a later ply, perhaps the next turn).
        now, left = page.evaluate(f"() => [document.body.dataset.ply, document.querySelectorAll({USABLE!r}).length]")
        if now != ply or not left:
            return touches
    raise AssertionError("twenty touches named no move")


@pytest.mark.parametrize("game,players,seed,decisions", GAMES, ids=[g[0] for g in GAMES])
def test_a_student_plays_by_touch_on_a_phone_and_nothing_runs_off_the_screen(
        tmp_path: Path, game: str, players: int, seed: int, decisions: int | None) -> None:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import expect, sync_playwright

    from boardgames_lab.classroom.room import Room
    room = Room(str(tmp_path / "class.sqlite3"))
    table = room.add_table(game, players=players, seed=seed)
    for seat in range(1, players):
        room.seat_bot(table.id, seat, "random")
    link = f"/play?session={room.session}&table={table.id}&token={table.seats[0].token}"
    room.close()
    srv = Server(tmp_path / "class.sqlite3", tmp_path)
    srv.start()
    rng = random.Random(seed)
    made = 0
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            try:
                page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
                page.set_default_timeout(WAIT)
                page.goto(f"http://127.0.0.1:{srv.port}{link}")
                page.fill("#name", "Ann")
                page.locator("#name-form button").tap()
                expect(page.locator("#title")).to_contain_text("you are Ann")
                expect(page.locator("#board")).to_contain_text("Ann")
                body, scores = page.locator("body"), page.locator("#scores")
                while decisions is None or made < decisions:
                    ply = body.get_attribute("data-ply")
                    page.locator(f'body[data-turn="yes"][data-ply="{ply}"], #scores:not([hidden])').first.wait_for()
                    if scores.is_visible():
                        break
                    assert page.evaluate(OFF_RIGHT) == [], f"{game}: the page runs off the screen at ply {ply}"
                    if made == 3:
                        page.screenshot(path=str(ARTIFACTS / f"classroom_phone_{game}.png"), full_page=True)
                    _decide(page, rng, ply)
                    made += 1
                    page.locator(f'body:not([data-ply="{ply}"])').wait_for(state="attached")
                    expect(page.locator("#error")).to_have_text("")
                assert page.evaluate(OFF_RIGHT) == [], f"{game}: the page runs off the screen at its last decision"
                if decisions is None:
                    expect(page.locator("#status")).to_have_text("game over")
                    page.screenshot(path=str(ARTIFACTS / f"classroom_phone_{game}_end.png"), full_page=True)
                    cells = [[c.strip() for c in row.locator("td").all_inner_texts()]
                             for row in page.locator("#scores tr").all()]
                else:
                    assert made == decisions and not scores.is_visible()
            finally:
                browser.close()
    finally:
        srv.kill()
    kept = Room(str(tmp_path / "class.sqlite3"))  # the game as the database keeps it, replayed by the engine
    try:
        played = kept.tables[table.id].game
        assert sum(1 for m in played.moves if m.player == 0) == made  # every touch-made move reached the game
        if decisions is None:
            assert played.is_over
            winners = played.winners()
            assert played.names[0] == "Ann"
            assert cells == [[played.names[s], str(played.scores()[s]), "wins" if s in winners else ""]
                             for s in range(players)]
    finally:
        kept.close()
