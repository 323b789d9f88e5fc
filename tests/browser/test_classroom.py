"""Classroom tables in real browsers: four headless Chromium contexts, one per seat, at one table.

Each student's page clicks its own moves; after every move no page may show a secret of another seat
(the words of the teacher's full view that the page's own seat may not see); halfway the server is
killed with SIGKILL and started again, and the pages carry on from the last acknowledged move.
"""
from __future__ import annotations

import os
import random
import signal
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Iterator

import pytest

import boardgames_lab as bgl
from boardgames_lab.classroom.pictures import render
from boardgames_lab.rulesets.citadels.data import CARD_INDEX, CARDS
from boardgames_lab.rulesets.saint_petersburg.data import CARDS as SP_CARDS
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

pytest.importorskip("starlette")
pytest.importorskip("websockets")
from tests.classroom.helpers import free_port, serve_subprocess, wait_listening  # noqa: E402
PLAYERS = 4
# (game, seed, moves before the kill, moves after it)
TABLES = [("citadels", 31, 30, 30), ("saint_petersburg", 6, 20, 20)]
PRINTED = {"saint_petersburg": {c.id: c.name for c in SP_CARDS},
           "citadels": {cid: CARDS[i].name for cid, i in CARD_INDEX.items()}}


def _strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, (list, tuple)):
        return [s for v in data for s in _strings(v)]
    return []


def _hidden(full: Any, seen: Any) -> set[str]:
    """The strings of the full view at the places the seat's view redacts (None, or a shorter list)."""
    if seen is None or type(full) is not type(seen):
        return set(_strings(full))
    if isinstance(full, dict):
        return set().union(set(), *(_hidden(v, seen.get(k)) for k, v in full.items()))
    if isinstance(full, list):
        if len(full) != len(seen):
            return set(_strings(full)) - set(_strings(seen))
        return set().union(set(), *(_hidden(a, b) for a, b in zip(full, seen)))
    return {full} if isinstance(full, str) and full != seen else set()


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = False

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self.skip = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self.skip = False

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def _text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(parser.parts)


def _forms(value: str, full: dict[str, Any]) -> set[str]:
    """How a hidden value can be printed: its id, its id in words, and a card's or character's name."""
    forms = {value.lower(), value.replace("_", " ").lower()}
    if value in PRINTED[full["game"]]:
        forms.add(PRINTED[full["game"]][value].lower())
    forms |= {c["name"].lower() for c in full.get("characters", ()) if c["id"] == value}
    return {f for f in forms if len(f) >= 3}


def leaks(game: bgl.Game, seat: int, page_text: str, names: list[str]) -> list[str]:
    """Hidden values printed on the page more often than the seat's own view, log and moves print them."""
    full, seen = game.full_view(), game.view(seat)
    allowed = " ".join([_text(render(game.name, seen, names, game.winners())),
                        *(e["text"] + " " + " ".join(c["text"] for c in e["changes"]) for e in game.log_for(seat)),
                        *(str(m) for m in game.definition.seat_moves(game.state, seat)), *names]).lower()
    shown = page_text.lower()
    return sorted(f for value in _hidden(full, seen) for f in _forms(value, full)
                  if shown.count(f) > allowed.count(f))


class Server:
    def __init__(self, db: Path, tmp: Path):
        self.db, self.port, self.links = db, free_port(), tmp / "links.json"
        self.process = None

    def start(self) -> None:
        self.process = serve_subprocess(self.db, self.port, self.links)
        wait_listening(self.port, self.process)

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=30)


@pytest.fixture(params=TABLES, ids=[t[0] for t in TABLES])
def server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Server, list[str], tuple]]:
    from boardgames_lab.classroom.room import Room
    room = Room(str(tmp_path / "class.sqlite3"))
    game, seed, _, _ = request.param
    table = room.add_table(game, players=PLAYERS, seed=seed)
    tokens = [s.token for s in table.seats]
    room.close()
    s = Server(tmp_path / "class.sqlite3", tmp_path)
    s.start()
    yield s, tokens, request.param
    s.kill()


def test_four_browsers_play_their_own_seats_see_no_secret_and_survive_a_kill(server, tmp_path: Path) -> None:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import expect, sync_playwright

    srv, tokens, (game, seed, before_kill, after) = server
    mirror = bgl.new_game(game, players=PLAYERS, seed=seed)
    rng = random.Random(3)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            pages = []
            for seat, token in enumerate(tokens):
                page = browser.new_context().new_page()
                page.set_default_timeout(30_000)
                page.goto(f"http://127.0.0.1:{srv.port}/play?table=t1&token={token}")
                page.fill("#name", f"Student {seat + 1}")
                page.click("#name-form button")
                pages.append(page)
            for seat, page in enumerate(pages):
                expect(page.locator("#title")).to_contain_text(f"you are Student {seat + 1}")

            def at(page: Any, ply: int) -> None:  # the page's CSP forbids eval: no wait_for_function
                expect(page.locator("body")).to_have_attribute("data-ply", str(ply))

            def play(moves: int) -> None:
                for _ in range(moves):
                    if mirror.is_over:
                        return
                    seat = mirror.to_act()[0]
                    page = pages[seat]
                    at(page, mirror.ply)
                    expect(page.locator("body")).to_have_attribute("data-turn", "yes")
                    buttons = page.locator("#moves button.move")
                    texts = buttons.all_inner_texts()
                    assert texts == [str(m) for m in mirror.definition.seat_moves(mirror.state, seat)]
                    choice = rng.randrange(len(texts))
                    buttons.nth(choice).click()
                    mirror.apply(texts[choice], player=seat)
                    for other, other_page in enumerate(pages):
                        at(other_page, mirror.ply)
                        names = [f"Student {i + 1}" for i in range(PLAYERS)]
                        leaked = leaks(mirror, other, other_page.inner_text("body"), names)
                        assert not leaked, f"seat {other}'s page shows {leaked} at ply {mirror.ply}"
                        if other not in mirror.to_act():
                            assert other_page.locator("#moves button.move").count() == 0

            play(before_kill)
            acknowledged = mirror.ply
            srv.kill()
            for page in pages:
                expect(page.locator("#status")).to_contain_text("reconnecting")
            srv.start()
            for page in pages:  # each page comes back by itself, at the last acknowledged move
                at(page, acknowledged)
            play(after)
            assert mirror.ply == acknowledged + after or mirror.is_over
            pages[0].reload()  # a reload brings the same seat back (its token is in the address)
            at(pages[0], mirror.ply)
            expect(pages[0].locator("#title")).to_contain_text("you are Student 1")
        finally:
            browser.close()


def test_the_leak_check_finds_the_teachers_view_on_a_students_page() -> None:
    """The check above can fail: the full view drawn on seat 0's page is caught, seat 0's own view is not."""
    game = bgl.new_game("citadels", players=PLAYERS, seed=31)
    for _ in range(12):
        seat = game.to_act()[0]
        game.apply(game.definition.seat_moves(game.state, seat)[0], player=seat)
    names = [f"Student {i + 1}" for i in range(PLAYERS)]
    assert leaks(game, 0, _text(render(game.name, game.full_view(), names, [])), names)
    assert not leaks(game, 0, _text(render(game.name, game.view(0), names, [])), names)
    game = bgl.new_game("saint_petersburg", players=PLAYERS, seed=6)
    while not any(p["hand"] for p in game.full_view()["players"][1:]):  # until someone else holds a card
        seat = game.to_act()[0]
        moves = game.definition.seat_moves(game.state, seat)
        game.apply(next((m for m in moves if str(m).startswith("take")), moves[-1]), player=seat)
    assert leaks(game, 0, _text(render(game.name, game.full_view(), names, [])), names)
    assert not leaks(game, 0, _text(render(game.name, game.view(0), names, [])), names)


def test_a_table_link_gives_a_seat_after_a_name_and_a_reload_keeps_it(tmp_path: Path) -> None:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import expect, sync_playwright

    from boardgames_lab.classroom.room import Room
    room = Room(str(tmp_path / "class.sqlite3"))
    table = room.add_table("saint_petersburg", players=2, seed=4)
    link = f"/play?table={table.id}&join={table.join_code}"
    room.close()
    srv = Server(tmp_path / "class.sqlite3", tmp_path)
    srv.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            try:
                pages = [browser.new_context().new_page() for _ in range(2)]
                for i, page in enumerate(pages):
                    page.goto(f"http://127.0.0.1:{srv.port}{link}")
                    expect(page.locator("#status")).to_contain_text("type your name")
                    page.fill("#name", f"Pupil {i}")
                    page.click("#name-form button")
                    expect(page.locator("#title")).to_contain_text(f"you are Pupil {i}")
                    assert "token=" in page.url and "join=" not in page.url
                    page.reload()
                    expect(page.locator("#title")).to_contain_text(f"you are Pupil {i}")
                third = browser.new_context().new_page()
                third.goto(f"http://127.0.0.1:{srv.port}{link}")
                third.fill("#name", "Late")
                third.click("#name-form button")
                expect(third.locator("#error")).to_contain_text("every seat at this table is taken")
            finally:
                browser.close()
    finally:
        srv.kill()
