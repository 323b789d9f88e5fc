"""The teacher's live view of a classroom session in a real JupyterLab.

A notebook starts ``Classroom(...)`` in the background of its kernel (a Citadels table and a Saint
Petersburg table) and displays the live view. Students play from WebSocket clients in the test process;
the notebook's view follows every move (the ply, the last move, whose turn), names the seats deciding too
long (the session's clock is one the test moves, through a file), and its controls pause a table and seat
a bot in an empty seat. At the end the notebook's ``decisions()`` cell shows every decision as a table.
A screenshot of the view is kept in artifacts/classroom_teacher.png.
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Callable

import nbformat
import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.viewer import ROUND_TRIP, save_screenshot

pytest.importorskip("starlette")
pytest.importorskip("websockets")
from tests.classroom.helpers import Client  # noqa: E402

NOTEBOOK = "classroom_teacher.ipynb"
NAMES = {"t1": ["Ann", "Ben", "Cleo", "Dev"], "t2": ["Eva", "Finn", "Gus"]}  # t2's fourth seat stays empty

SETUP = '''import json
from pathlib import Path
from boardgames_lab.classroom import Classroom


class FileClock:
    """The session's clock: 1000 s plus the seconds written in clock.txt (the test moves it, never time)."""

    def __init__(self, path):
        self.path = Path(path)

    def __call__(self):
        try:
            return 1000.0 + float(self.path.read_text() or 0)
        except (OSError, ValueError):
            return 1000.0


Path("classroom_teacher.sqlite3").unlink(missing_ok=True)
session = Classroom("citadels", tables=1, players=4, seed=31, db="classroom_teacher.sqlite3",
                    clock=FileClock("clock.txt"), slow_after=60, refresh=0.5)
session.add_table("saint_petersburg", players=4, seed=6)
Path("classroom_teacher.json").write_text(json.dumps({"url": session.url, "seats": session.seat_links()}))
session'''
DECISIONS = "session.decisions()"


def teacher_notebook(folder: Path) -> str:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(SETUP), nbformat.v4.new_code_cell(DECISIONS)]
    for name in ("clock.txt", "classroom_teacher.json"):
        (folder / name).unlink(missing_ok=True)
    nbformat.write(nb, folder / NOTEBOOK)
    return NOTEBOOK


class Students:
    """The seats of one table, each a WebSocket client, playing seeded random legal moves."""

    def __init__(self, url: str, table: str, tokens: list[str], seed: int):
        self.table = table
        self.clients = [Client(url) for _ in tokens]
        self.states = [c.hello(token, table, name=name) for c, token, name in zip(self.clients, tokens, NAMES[table])]
        self.names = NAMES[table] + [f"Seat {i + 1}" for i in range(len(tokens), 4)]  # as the teacher sees them
        self.rng = random.Random(seed)
        self.ply = 0

    def catch_up(self, ply: int) -> None:
        """Every seat's latest state, at ``ply`` or after (a bot's answers come in the same state)."""
        while True:
            self.states = [c.state_at(ply) if s["ply"] < ply else s for c, s in zip(self.clients, self.states)]
            self.ply = max(s["ply"] for s in self.states)
            if all(s["ply"] == self.ply for s in self.states):
                return
            ply = self.ply

    def mover(self) -> int:
        return next(i for i, s in enumerate(self.states) if s["your_turn"])

    def move(self) -> tuple[str, str, int]:
        """One seat to act plays: (its name, its move, the ply just after it; bots may have answered since)."""
        seat = self.mover()
        state = self.states[seat]
        move = state["legal"][self.rng.randrange(len(state["legal"]))]
        self.clients[seat].send({"type": "move", "move": move, "ply": state["ply"]})
        accepted = self.clients[seat].until("accepted")
        self.catch_up(accepted["ply"])
        return self.names[seat], move, accepted["ply"]

    def close(self) -> None:
        for c in self.clients:
            c.close()


def shows(view: Locator, students: Students) -> None:
    """The teacher's table shows the table's ply and whose turn it is."""
    expect(view).to_have_attribute("data-ply", str(students.ply), timeout=ROUND_TRIP)
    state = students.states[0]
    if not state["over"]:
        acting = ", ".join(students.names[s] for s in state["to_act"])
        expect(view).to_contain_text(f"{acting} to act", timeout=ROUND_TRIP)


def choose(panel: Locator, label: str, option: str) -> None:
    """Pick ``option`` in the control panel's drop-down called ``label``."""
    controls = panel.locator(".bgl-classroom-controls")
    # by its label alone: a drop-down whose options hold the word (a seat named in "Take back") is another one
    controls.get_by_label(label, exact=True).select_option(label=option)


def click(panel: Locator, button: str) -> Locator:
    controls = panel.locator(".bgl-classroom-controls")
    controls.get_by_role("button", name=button, exact=True).click()
    return controls


def test_the_teachers_notebook_follows_the_tables_live_and_its_controls_work(
        page: Page, lab_url: str, open_and_run_all: Callable[..., Locator], served_notebooks: Path) -> None:
    panel = open_and_run_all(page, lab_url, teacher_notebook(served_notebooks))
    t1 = panel.locator('.bgl-classroom-table[data-table="t1"]')
    t2 = panel.locator('.bgl-classroom-table[data-table="t2"]')
    slow = panel.locator(".bgl-classroom-slow")
    expect(t1).to_have_attribute("data-ply", "0", timeout=ROUND_TRIP)
    expect(t1).to_contain_text("0/4 seats present")
    expect(slow).to_contain_text("Nobody has been deciding")
    links = json.loads((served_notebooks / "classroom_teacher.json").read_text())
    tokens = {t: [s["url"].split("token=")[1] for s in links["seats"] if s["table"] == t] for t in ("t1", "t2")}
    cit = Students(links["url"], "t1", tokens["t1"], seed=1)
    sp = Students(links["url"], "t2", tokens["t2"][:3], seed=2)
    try:
        expect(t1).to_contain_text("4/4 seats present", timeout=ROUND_TRIP)
        expect(t2).to_contain_text("3/4 seats present", timeout=ROUND_TRIP)
        shows(t1, cit)
        shows(t2, sp)

        for _ in range(12):  # every move shows at once: the ply, the move and its player, who is next
            name, move, _ = cit.move()
            shows(t1, cit)
            expect(t1.locator(".bgl-last")).to_have_text(f"{name}: {move}", timeout=ROUND_TRIP)
        while 3 not in sp.states[0]["to_act"]:  # until t2's empty seat is to act
            sp.move()
            shows(t2, sp)

        (served_notebooks / "clock.txt").write_text("90")  # a minute and a half goes by at both tables
        waiting = [f"{s.names[s.states[0]['to_act'][0]]} at table {s.table} (90 s)" for s in (cit, sp)]
        for text in waiting:
            expect(slow).to_contain_text(text, timeout=ROUND_TRIP)
        expect(t1).to_contain_text("deciding for 90 s", timeout=ROUND_TRIP)
        cit.move()  # the slow student at t1 moves: only t2's is slow now
        expect(slow).not_to_contain_text("table t1", timeout=ROUND_TRIP)
        expect(slow).to_contain_text(waiting[1])
        shows(t1, cit)

        # Pause from the notebook: the view says so and the student's move is refused, then resume.
        choose(panel, "Table", "t1")
        expect(click(panel, "Pause")).to_contain_text("table t1 paused", timeout=ROUND_TRIP)
        expect(t1).to_contain_text(f"ply {cit.ply} · paused ·", timeout=ROUND_TRIP)
        seat = cit.mover()
        cit.clients[seat].send({"type": "move", "move": cit.states[seat]["legal"][0], "ply": cit.ply})
        assert cit.clients[seat].until("error")["code"] == "paused"
        expect(click(panel, "Resume")).to_contain_text("table t1 resumed", timeout=ROUND_TRIP)
        cit.catch_up(cit.ply)
        shows(t1, cit)
        cit.move()
        shows(t1, cit)

        # A bot in t2's empty seat, from the notebook: it plays its turns at once.
        before = sp.ply
        choose(panel, "Table", "t2")
        choose(panel, "Seat", "4: Seat 4")
        expect(click(panel, "Seat a bot")).to_contain_text("a random bot sits in seat 4 of table t2",
                                                           timeout=ROUND_TRIP)
        expect(t2).to_contain_text("Seat 4 (bot)", timeout=ROUND_TRIP)
        sp.names[3] = "Seat 4 (bot)"
        sp.catch_up(int(t2.get_attribute("data-ply")))  # the bot plays at once: it is its turn
        assert sp.ply > before
        shows(t2, sp)
        answered = 0
        for _ in range(12):
            _, _, ply = sp.move()
            answered += sp.ply - ply  # the bot's moves, made before the next state went out
            shows(t2, sp)
        assert answered > 0

        save_screenshot(page, panel.locator(".bgl-classroom").first, "classroom_teacher.png", height=2400)

        # The class's decisions, as a table: re-run the decisions cell.
        cell = panel.locator(".jp-CodeCell").nth(1)
        cell.locator(".jp-InputArea-editor").click()
        page.keyboard.press("Shift+Enter")
        table = cell.locator(".jp-OutputArea-output table.dataframe")
        expect(table.locator("tbody tr")).to_have_count(cit.ply + sp.ply, timeout=ROUND_TRIP)  # every move made
        for column in ("table", "seat", "name", "phase", "seen", "legal", "move", "time_taken", "bot"):
            expect(table.locator("thead th", has_text=re.compile(rf"^{column}$")).first).to_be_attached()
        expect(table).to_contain_text("Ann")
        expect(table).to_contain_text("90.0")  # the slow student's time taken, by the session's clock
        expect(table).to_contain_text("random")  # the bot's decisions are in it too, marked as the bot's
    finally:
        cit.close()
        sp.close()
