"""Classroom tables in real browsers: two tables of four headless Chromium contexts, one per seat.

Four students play a whole Citadels game at one table and four a whole Saint Petersburg game at another,
each clicking its own moves on its own page, to the end, where every page shows the final scores. After
every move every page at the table is checked for the secrets of the other seats: their real hand cards
and face-down characters, read from the game's state (not from its views), may be printed no more often
than on the page the seat would see had those secrets been otherwise, and the board drawn on the page
must be the one drawn with them otherwise (moved by the test itself and by the game's rulebook
``SECRETS``). Halfway through both games the server is killed with SIGKILL and started again: the pages
carry on from the last acknowledged move of each table.
"""
from __future__ import annotations

import asyncio
import os
import random
import re
import signal
from collections import Counter
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path
from typing import Any, Iterator

import pytest

import boardgames_lab as bgl
from boardgames_lab.classroom.pictures import render
from boardgames_lab.core.rng import Rng
from boardgames_lab.widgets.paths import click_path
from boardgames_lab.widgets.targets import move_words
from boardgames_lab.rulesets.citadels.data import CARDS, CHARACTERS
from boardgames_lab.rulesets.citadels.state import NOBODY
from boardgames_lab.rulesets.saint_petersburg.data import CARDS as SP_CARDS
from tests.browser.conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS

pytest.importorskip("starlette")
pytest.importorskip("websockets")
from tests.classroom.helpers import free_port, serve_subprocess, wait_listening  # noqa: E402
PLAYERS = 4
# (table, game, seed): each game is played to its end with a seeded random choice among the page's buttons
TABLES = [("t1", "citadels", 31), ("t2", "saint_petersburg", 6)]
KILL_AFTER = 90  # moves at each table before the kill: about a third of the way (these games last 260 and 249)
NAMES = [f"Student {i + 1}" for i in range(PLAYERS)]
WAIT = 30_000  # ms a page may take to show a change (never part of what is checked)
# The page's own words, outside the board and the log (student.html, student.js).
CHROME = ("Your name Set Your moves, in words Why not? Explain Play it Log Final scores wins your turn waiting for "
          "Click a thing outlined on the table, or: Nothing to click now. Sent: Hint Retry Next "
          "game over The game is over. Nothing to decide now. paused by the teacher the session has ended "
          "Seated on this device: (not you? ask the teacher for your own link) I am someone else")


_STYLE = re.compile(r"<style\b.*?</style\s*>", re.S | re.I)
_TAG = re.compile(r"<[^>]*>")


def _text(html: str) -> str:
    """The words of an HTML fragment (its style sheets left out), whitespace made single spaces."""
    return " ".join(unescape(_TAG.sub(" ", _STYLE.sub(" ", html))).split())


# --- the real secrets, read from the state by the rulebook (not from the game's views) ---------------

def _card_forms(game: str, card: int) -> set[str]:
    """How a card can be printed: its name, its id, its id in words."""
    c = (CARDS if game == "citadels" else SP_CARDS)[card]
    return {c.name.lower(), c.id.lower(), c.id.replace("_", " ").lower()}


def _character_hidden(st: Any, seat: int, r: int) -> bool:
    """Rulebook, Sequence of a Round: a character chosen by another player is face down until its holder
    reveals it when called (a murdered one never is); the ones laid face down stay so unless the seat laid
    them or looked at them; the cards being passed are seen by the one choosing."""
    if st.final is not None or st.shown[r] or r in st.face_up:
        return False
    if st.owner[r] != NOBODY:
        return st.owner[r] != seat
    if r in st.down:
        return st.down_knower[st.down.index(r)] != seat
    if r in st.pool:
        return not (st.phase == "draft" and st.current == seat)
    return r in st.stack  # shuffled by the King, not yet laid out


def real_secrets(game: bgl.Game, seat: int) -> dict[str, set[str]]:
    """What the other seats hold that ``seat`` may not see: a label for each hand card, drawn card and
    face-down character, with the ways the page could print it."""
    st, out = game.state, {}
    if st.final is not None:  # both games show every hand at the final scoring
        return out
    for q in range(game.num_players):
        if q != seat:
            for i, card in enumerate(st.hands[q]):
                out[f"seat {q}'s hand card {i}"] = _card_forms(game.name, card)
    if game.name == "citadels":
        if st.current != seat:
            for i, card in enumerate(st.drawn):
                out[f"drawn card {i}"] = _card_forms(game.name, card)
        for r, character in enumerate(CHARACTERS):
            if _character_hidden(st, seat, r):
                out[f"face-down character {r + 1}"] = {character.name.lower(), character.id}
    return out


def _swap_hands_with_deck(game: bgl.Game, st: Any, seat: int, rng: random.Random) -> None:
    """Every hidden hand card (and card drawn by another) trades places with a differently named face-down
    card of the deck it came from, so none of them is where it was."""
    cards = CARDS if game.name == "citadels" else SP_CARDS
    hands = [st.hands[q] for q in range(game.num_players) if q != seat]
    if game.name == "citadels":
        hands += [st.drawn] if st.current != seat else []
        decks = [st.deck]
    else:
        decks = list(st.decks)
    for hand in hands:
        for i, card in enumerate(hand):
            places = [(deck, j) for deck in decks for j, other in enumerate(deck)
                      if cards[other].name != cards[card].name
                      and (game.name == "citadels" or SP_CARDS[other].deck == SP_CARDS[card].deck)]
            if places:
                deck, j = rng.choice(places)
                hand[i], deck[j] = deck[j], hand[i]
        hand.sort()  # both games keep hands sorted


def blind_board(game: bgl.Game, seat: int, seed: int) -> str:
    """The text of the board ``seat`` would be shown had the other seats' secrets been otherwise."""
    d = game.definition
    other = d.clone_state(game.state)
    rng = random.Random(seed)
    if other.final is None:
        _swap_hands_with_deck(game, other, seat, rng)
    for _ in range(3):
        for secret in d.secrets:
            secret.perturb(other, seat, Rng(rng.getrandbits(63)))
    return _text(render(game.name, d.view(other, seat), NAMES, game.winners()))


def _counts(forms: set[str], text: str) -> Counter[str]:
    """How often each form is printed in ``text`` as words of their own (one pass, longest forms first)."""
    if not forms:
        return Counter()
    alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return Counter(re.findall(rf"(?<![a-z0-9_])(?:{alternatives})(?![a-z0-9_])", text))


def leaks(game: bgl.Game, seat: int, page_text: str, board_html: str, seed: int = 0) -> list[str]:
    """The other seats' secrets the page shows: printed more often than the seat's page would print them had
    they been otherwise, or a board that is not the one drawn with the secrets moved."""
    blind = blind_board(game, seat, seed)
    problems = []
    if _text(board_html) != blind:
        problems.append("the board is not the one drawn with the other seats' secrets moved")
    secrets = {label: {f for f in forms if len(f) >= 3} for label, forms in real_secrets(game, seat).items()}
    every = set().union(set(), *secrets.values())
    if not every:
        return problems
    log = [e["text"] + " " + " ".join(c["text"] for c in e["changes"]) for e in game.log_for(seat)]
    legal = list(game.definition.seat_moves(game.state, seat)) if seat in game.to_act() else []
    # The seat's own moves, as notation, in words and as the clicks that name them (the board's strip).
    moves = [text for m in legal for text in (str(m), move_words(game, m, detail=True),
                                              *(t.label for t in click_path(game.name, m)))]
    allowed = " ".join([blind, *log, *moves, *NAMES, CHROME, game.name.replace("_", " "), "table t1 t2"]).lower()
    shown, may = _counts(every, page_text.lower()), _counts(every, allowed)
    for label, forms in secrets.items():
        over = sorted(f for f in forms if shown[f] > may[f])
        if over:
            problems.append(f"{label} ({', '.join(over)})")
    return problems


class Server:
    def __init__(self, db: Path, tmp: Path):
        self.db, self.port, self.links = db, free_port(), tmp / "links.json"
        self.process = None
        self.session = ""

    def start(self) -> None:
        self.process = serve_subprocess(self.db, self.port, self.links)
        wait_listening(self.port, self.process)

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=30)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Server, dict[str, list[str]]]]:
    """A session of two tables, Citadels (t1) and Saint Petersburg (t2), served by its own process."""
    from boardgames_lab.classroom.room import Room
    room = Room(str(tmp_path / "class.sqlite3"))
    tokens = {}
    session = room.session
    for table_id, game, seed in TABLES:
        table = room.add_table(game, players=PLAYERS, seed=seed)
        assert table.id == table_id
        tokens[table_id] = [s.token for s in table.seats]
    room.close()
    s = Server(tmp_path / "class.sqlite3", tmp_path)
    s.start()
    s.session = session
    yield s, tokens
    s.kill()


@dataclass
class Table:
    """One table as the test follows it: its four pages and a mirror of its game."""
    id: str
    game: str
    seed: int
    pages: list[Any] = field(default_factory=list)
    mirror: Any = None
    rng: random.Random = field(default_factory=random.Random)
    moves: int = 0
    seen: dict[int, dict[str, Any]] = field(default_factory=dict)  # each page's last look, checked

    def __post_init__(self) -> None:
        self.mirror = bgl.new_game(self.game, players=PLAYERS, seed=self.seed)
        self.rng = random.Random(self.seed)


async def _at(page: Any, ply: int) -> None:
    """Wait until the page shows ``ply`` (a selector waited for is polled on every frame; ``expect`` polls at
    100 ms and more, and the page's CSP forbids the eval that ``wait_for_function`` needs)."""
    await page.locator(f'body[data-ply="{ply}"]').wait_for(state="attached", timeout=WAIT)


# One look at a page once it shows a ply, in one call: the board's HTML, every other piece of text on it
# (hidden ones too, and no layout to wait for, as innerText would), the move buttons and whether the page
# says it is the seat's turn. The page draws a state in one go, after which the observer's callback runs.
LOOK = """(body, ply) => new Promise(resolve => {
  const look = () => {
    const board = document.getElementById('board');
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    const words = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!board.contains(node) && node.parentElement.tagName !== 'SCRIPT') words.push(node.data);
    }
    return {board: board.innerHTML, text: words.join(' '), turn: body.dataset.turn,
            moves: [...document.querySelectorAll('#moves button.move')].map(b => b.dataset.move)};
  };
  if (body.dataset.ply === String(ply)) { resolve(look()); return; }
  const watch = new MutationObserver(() => {
    if (body.dataset.ply === String(ply)) { watch.disconnect(); resolve(look()); }
  });
  watch.observe(body, {attributes: true, attributeFilter: ['data-ply']});
  setTimeout(() => { watch.disconnect(); resolve(null); }, %d);
})""" % WAIT


async def _look(page: Any, ply: int) -> dict[str, Any]:
    seen = await page.locator("body").evaluate(LOOK, ply)
    assert seen is not None, f"the page did not show ply {ply} within {WAIT} ms"
    return seen


async def _check(table: Table, seat: int) -> None:
    """The page of ``seat`` shows the table's ply, no other seat's secret, and move buttons only on its turn."""
    game = table.mirror
    seen = await _look(table.pages[seat], game.ply)
    text = seen["text"] + " " + _text(seen["board"])
    leaked = leaks(game, seat, text, seen["board"], seed=game.ply * 10 + seat)
    assert not leaked, f"table {table.id}, seat {seat}'s page shows {leaked} at ply {game.ply}"
    mine = seat in game.to_act()
    assert seen["turn"] == ("yes" if mine else "no"), (table.id, seat, game.ply)
    assert seen["moves"] == ([str(m) for m in game.definition.seat_moves(game.state, seat)] if mine else []), \
        (table.id, seat, game.ply)
    table.seen[seat] = seen


async def _play(table: Table, limit: int | None) -> None:
    """Click moves at the table until ``limit`` moves have been made there (None: to the game's end).

    Each move is one of the buttons the acting page showed when it was last checked, picked by the table's
    seeded generator, and clicked on that page."""
    game = table.mirror
    while not game.is_over and (limit is None or table.moves < limit):
        seat = game.to_act()[0]
        page = table.pages[seat]
        texts = table.seen[seat]["moves"]  # checked against the engine's moves for this seat at this ply
        choice = table.rng.randrange(len(texts))
        await page.locator("#moves button.move").nth(choice).click()
        game.apply(texts[choice], player=seat)
        table.moves += 1
        await asyncio.gather(*(_check(table, s) for s in range(PLAYERS)))


async def _whole_games(srv: Server, tokens: dict[str, list[str]]) -> list[Table]:
    from playwright.async_api import async_playwright, expect
    tables = [Table(t, game, seed) for t, game, seed in TABLES]
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            for table in tables:
                for seat, token in enumerate(tokens[table.id]):
                    page = await (await browser.new_context()).new_page()
                    page.set_default_timeout(WAIT)
                    await page.goto(f"http://127.0.0.1:{srv.port}/play?session={srv.session}&table={table.id}"
                                    f"&token={token}")
                    await page.fill("#name", NAMES[seat])
                    await page.click("#name-form button")
                    await page.click("#table-moves summary")  # the moves in words: the list this test clicks
                    table.pages.append(page)
            for table in tables:
                for seat, page in enumerate(table.pages):
                    await expect(page.locator("#title")).to_contain_text(f"you are {NAMES[seat]}")
                    for name in NAMES:  # every seat's name has reached every page
                        await expect(page.locator("#board")).to_contain_text(name)
                await asyncio.gather(*(_check(table, s) for s in range(PLAYERS)))

            await asyncio.gather(*(_play(t, KILL_AFTER) for t in tables))
            assert not any(t.mirror.is_over for t in tables), "the kill is to come in the middle of both games"
            srv.kill()
            pages = [page for t in tables for page in t.pages]
            for page in pages:
                await expect(page.locator("#status")).to_contain_text("reconnecting", timeout=WAIT)
            srv.start()
            for table in tables:  # each page comes back by itself, at its table's last acknowledged move
                for page in table.pages:
                    await expect(page.locator("#status")).not_to_contain_text("connect", timeout=WAIT)
                await asyncio.gather(*(_check(table, s) for s in range(PLAYERS)))

            await asyncio.gather(*(_play(t, None) for t in tables))
            for table in tables:  # the end: every page shows every seat's final score and the winners
                scores, winners = table.mirror.scores(), table.mirror.winners()
                for page in table.pages:
                    await expect(page.locator("#status")).to_have_text("game over", timeout=WAIT)
                    rows = page.locator("#scores tr")
                    await expect(rows).to_have_count(PLAYERS, timeout=WAIT)
                    for seat in range(PLAYERS):
                        cells = [NAMES[seat], str(scores[seat]), "wins" if seat in winners else ""]
                        await expect(rows.nth(seat).locator("td")).to_have_text(cells)
                    assert await page.locator("#moves button.move").count() == 0
                ARTIFACTS.mkdir(parents=True, exist_ok=True)  # for a person to look at: the end, from seat 1
                await table.pages[0].screenshot(path=str(ARTIFACTS / f"classroom_end_{table.game}.png"), full_page=True)
            page = tables[0].pages[0]
            await page.reload()  # a reload brings the same seat back (its token is in the address)
            await _at(page, tables[0].mirror.ply)
            await expect(page.locator("#title")).to_contain_text(f"you are {NAMES[0]}")
            await expect(page.locator("#scores tr")).to_have_count(PLAYERS)
        finally:
            await browser.close()
    return tables


def test_four_browsers_a_table_play_whole_games_see_no_secret_and_survive_a_kill(server) -> None:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"no Chromium at {CHROMIUM}")
    srv, tokens = server
    tables = asyncio.run(_whole_games(srv, tokens))
    for table in tables:
        assert table.mirror.is_over and table.moves == table.mirror.ply, (table.id, table.moves)


def test_the_leak_check_finds_the_teachers_view_on_a_students_page() -> None:
    """The check above can fail: the full view drawn on seat 0's page is caught, seat 0's own view is not;
    and a page that prints another seat's hand card or face-down character outside the board is caught."""
    game = bgl.new_game("citadels", players=PLAYERS, seed=31)
    while not any(game.state.owner[r] not in (NOBODY, 0) for r in range(8)) or not game.state.hands[1]:
        seat = game.to_act()[0]
        game.apply(game.definition.seat_moves(game.state, seat)[0], player=seat)
    own = render(game.name, game.view(0), NAMES, [])
    full = render(game.name, game.full_view(), NAMES, [])
    assert not leaks(game, 0, _text(own), own)
    assert leaks(game, 0, _text(full), full)
    assert leaks(game, 0, _text(full), own)  # the full view's words, with the right board
    held = next(r for r in range(8) if game.state.owner[r] not in (NOBODY, 0) and not game.state.shown[r])
    assert any("face-down character" in p for p in leaks(game, 0, _text(own) + " " + CHARACTERS[held].name, own))
    card = CARDS[game.state.hands[1][0]].name
    assert any("seat 1's hand card" in p for p in leaks(game, 0, _text(own) + f" {card} " * 10, own))
    game = bgl.new_game("saint_petersburg", players=PLAYERS, seed=6)
    while not any(game.state.hands[1:]):  # until someone else holds a card
        seat = game.to_act()[0]
        moves = game.definition.seat_moves(game.state, seat)
        game.apply(next((m for m in moves if str(m).startswith("take")), moves[-1]), player=seat)
    own = render(game.name, game.view(0), NAMES, [])
    full = render(game.name, game.full_view(), NAMES, [])
    assert not leaks(game, 0, _text(own), own)
    assert leaks(game, 0, _text(full), full)


def test_a_table_link_gives_a_seat_after_a_name_and_a_reload_keeps_it(tmp_path: Path) -> None:
    """A lesson as a teacher has it: table links of this session, a shared computer, a seat taken back, a link
    of last week's session. Every page says in words where it stands; none waits at "connecting"."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import expect, sync_playwright

    from boardgames_lab.classroom.room import Room
    from tests.classroom.helpers import Client
    last_week = Room(str(tmp_path / "last_week.sqlite3"))
    old = last_week.add_table("saint_petersburg", players=3, seed=4)
    room = Room(str(tmp_path / "class.sqlite3"))
    table = room.add_table("saint_petersburg", players=3, seed=4)
    link = f"/play?session={room.session}&table={table.id}&join={table.join_code}"
    old_link = f"/play?session={last_week.session}&table={old.id}&token={old.seats[0].token}"
    teacher_token = room.teacher_token
    room.close()
    srv = Server(tmp_path / "class.sqlite3", tmp_path)
    srv.start()
    base = f"http://127.0.0.1:{srv.port}"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            try:
                contexts = [browser.new_context() for _ in range(2)]
                pages = [c.new_page() for c in contexts]
                for i, page in enumerate(pages):
                    page.goto(base + link)
                    expect(page.locator("#status")).to_contain_text("type your name")
                    page.fill("#name", f"Pupil {i}")
                    page.click("#name-form button")
                    expect(page.locator("#title")).to_contain_text(f"you are Pupil {i}")
                    expect(page.locator("#seated")).to_contain_text(f"Seated on this device: Pupil {i}")
                    assert "token=" not in page.url  # the seat's token stays in this browser's storage
                    page.reload()
                    expect(page.locator("#title")).to_contain_text(f"you are Pupil {i}")
                # A second student at Pupil 0's computer opens the same table link: it says whose seat this is.
                shared = contexts[0].new_page()
                shared.goto(base + link)
                expect(shared.locator("#seated")).to_contain_text("Seated on this device: Pupil 0")
                expect(pages[0].locator("#notice")).to_contain_text("open in 2 tabs of one browser")
                shared.click("#someone-else")
                expect(shared.locator("#status")).to_contain_text("type your name")
                shared.fill("#name", "Pupil 0")  # a name already at the table
                shared.click("#name-form button")
                expect(shared.locator("#error")).to_contain_text("names are unique at a table")
                shared.fill("#name", "Pupil 2")
                shared.click("#name-form button")
                expect(shared.locator("#title")).to_contain_text("you are Pupil 2")
                expect(pages[0].locator("#title")).to_contain_text("you are Pupil 0")  # Pupil 0 keeps their seat
                expect(pages[1].locator("#board")).to_contain_text("Pupil 2")
                third = browser.new_context().new_page()
                third.goto(base + link)
                third.fill("#name", "Late")
                third.click("#name-form button")
                expect(third.locator("#error")).to_contain_text("every seat at this table is taken")
                # The teacher takes Pupil 1's seat back: the page says so, and Late takes the seat.
                teacher = Client(base)
                teacher.send({"type": "hello", "token": teacher_token})
                teacher.until("welcome")
                seat = next(i for i, n in enumerate(teacher.until("room")["tables"][0]["names"]) if n == "Pupil 1")
                teacher.send({"type": "teacher", "action": "free_seat", "table": table.id, "seat": seat})
                teacher.until("done")
                expect(pages[1].locator("#error")).to_contain_text("The teacher has taken this seat back")
                expect(pages[1].locator("#status")).to_contain_text("type your name")
                third.click("#name-form button")
                expect(third.locator("#title")).to_contain_text("you are Late")
                # Last week's link on this week's server: words, not "connecting…" for ever.
                stale = browser.new_context().new_page()
                stale.goto(base + old_link)
                expect(stale.locator("#error")).to_contain_text("This link belongs to another session")
                expect(stale.locator("#status")).to_have_text("not seated")
            finally:
                browser.close()
    finally:
        srv.kill()


def test_the_teacher_page_shows_every_table_live_and_its_controls_act(tmp_path: Path) -> None:
    """Opened with the teacher token the command prints: every table's public view, live; pause and resume, free
    a seat, seat a bot, add a table, and the decisions downloaded as CSV."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import expect, sync_playwright

    from boardgames_lab.classroom.room import Room
    from tests.classroom.helpers import Client
    room = Room(str(tmp_path / "class.sqlite3"))
    for game, seed in (("citadels", 3), ("saint_petersburg", 4)):
        room.add_table(game, players=3, seed=seed)
    acting = room.tables["t2"].game.to_act()[0]  # a bot there moves at once
    student_seat = (acting + 1) % 3
    token, seat_token = room.teacher_token, room.tables["t2"].seats[student_seat].token
    room.close()
    srv = Server(tmp_path / "class.sqlite3", tmp_path)
    srv.start()
    base = f"http://127.0.0.1:{srv.port}"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            try:
                page = browser.new_context(accept_downloads=True).new_page()
                page.goto(f"{base}/teacher#token={token}")
                assert token not in page.url  # taken off the address once read
                cards = page.locator("section.table")
                expect(cards).to_have_count(2)
                t1, t2 = page.locator('section[data-table="t1"]'), page.locator('section[data-table="t2"]')
                expect(t1.locator(".board")).to_contain_text("Seat 1")
                student = Client(base)
                student.hello(seat_token, "t2", name="Ann")
                expect(t2.locator(".seats")).to_contain_text(f"{student_seat + 1}. Ann (here)")  # live: she came
                t1.locator("button.pause").click()
                expect(t1.locator("h3")).to_contain_text("paused")
                t1.locator("button.pause").click()
                expect(t1.locator("h3")).not_to_contain_text("paused")
                t2.locator("select.seat").select_option(str(student_seat))
                t2.locator("button.free").click()
                assert student.until("freed")
                expect(t2.locator(".seats")).to_contain_text(f"{student_seat + 1}. Seat {student_seat + 1} (away)")
                t2.locator("select.seat").select_option(str(acting))
                t2.locator("select.bot").select_option("random")
                t2.locator("button.seat-bot").click()
                expect(t2.locator(".seats")).to_contain_text(f"{acting + 1}. Seat {acting + 1} (bot)")
                expect(t2.locator("h3")).not_to_contain_text("ply 0 ")
                page.select_option("#add-game", "village")
                page.select_option("#add-players", "2")
                page.click("#add-form button")
                expect(cards).to_have_count(3)
                expect(page.locator("#answer")).to_contain_text("table t3 added")
                with page.expect_download() as download:
                    page.click("#csv")
                text = Path(download.value.path()).read_text()
                assert text.splitlines()[0] == "table,game,seat,name,ply,phase,seen,legal,move,time_taken,at,bot"
                assert "random" in text  # the bot's moves at t2
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "classroom_teacher_page.png"), full_page=True)
                wrong = browser.new_context().new_page()
                wrong.goto(f"{base}/teacher#token={seat_token}x")
                expect(wrong.locator("#answer")).to_contain_text("The server refused the token")
                expect(wrong.locator("#token-form")).to_be_visible()
            finally:
                browser.close()
    finally:
        srv.kill()
