"""The clickable board in a real JupyterLab, for each game: play by clicking the table, ask "why not?" on it,
build a move of several clicks, undo, and switch perspective without a secret being drawn.

Each test writes a two-cell notebook next to the served tutorials (a fresh kernel, one viewer) and keeps a
screenshot in artifacts/ (board_<game>.png).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

import nbformat
from playwright.sync_api import Locator, Page, expect

from tests.browser.viewer import ROUND_TRIP, save_screenshot


def board_notebook(folder: Path, name: str, players: int, seed: int, mode: str = "play", plies: int = 0) -> str:
    """A notebook with one viewer; ``plies`` random moves (seeded) are played first, to reach a later position."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell("import boardgames_lab as bgl\nfrom boardgames_lab.widgets import GameViewer"),
                nbformat.v4.new_code_cell(f"import random\ngame = bgl.new_game({name!r}, players={players}, seed={seed}, "
                                          f"mode={mode!r})\nrng = random.Random({seed})\nfor _ in range({plies}):\n"
                                          "    game.apply(rng.choice(game.legal_moves()))\n"
                                          "viewer = GameViewer(game)\nviewer")]
    path = f"board_{name}_{mode}.ipynb"
    nbformat.write(nb, folder / path)
    return path


def open_viewer(page: Page, lab_url: str, run: Callable[..., Locator], folder: Path, name: str,
                players: int, seed: int = 1, mode: str = "play", plies: int = 0) -> Locator:
    panel = run(page, lab_url, board_notebook(folder, name, players, seed, mode, plies))
    viewer = panel.locator(".bgl-viewer").first
    expect(viewer.locator(".bgl-boardw .bgl-table [data-target]").first).to_be_attached(timeout=ROUND_TRIP)
    return viewer


def at_ply(viewer: Locator, ply: int) -> None:
    expect(viewer.locator(".bgl-status")).to_contain_text(re.compile(rf"ply {ply}\b"), timeout=ROUND_TRIP)


def live(viewer: Locator, prefix: str) -> Locator:
    return viewer.locator(f'.bgl-table .bgl-live[data-target^="{prefix}"]').first


def off(viewer: Locator, prefix: str) -> Locator:
    return viewer.locator(f'.bgl-table .bgl-off[data-target^="{prefix}"]').first


def ask_why(viewer: Locator, target: Locator) -> Locator:
    """Click a target that cannot be used now: the answer appears beside it with the rule's id."""
    target.click()
    bubble = viewer.locator(".bgl-bubble.bgl-why")
    expect(bubble).to_be_visible(timeout=ROUND_TRIP)
    expect(bubble).to_contain_text(re.compile(r"rule \S+\.\S+"), timeout=ROUND_TRIP)
    return bubble


def choose(viewer: Locator, label: str) -> None:
    viewer.locator(".bgl-strip button.bgl-option", has_text=label).first.click()


def perspective(viewer: Locator, label: str) -> None:
    viewer.locator("select").first.select_option(label=label)
    expect(viewer.locator(".bgl-strip")).to_be_visible()


def undo(viewer: Locator, ply: int) -> None:
    viewer.locator("button", has_text="Undo").first.click()
    at_ply(viewer, ply)


def text_sizes_at_least_11px(viewer: Locator) -> None:
    """Every piece of text on the board is drawn at 11 px or more (an SVG label at its size times the SVG's scale)."""
    small = viewer.locator(".bgl-boardw").evaluate("""root => [...root.querySelectorAll('*')]
        .filter(e => e.childElementCount === 0 && e.textContent.trim() && e.getClientRects().length)
        .map(e => {
          const svg = e.closest('svg');
          const drawn = svg && svg.viewBox.baseVal && svg.viewBox.baseVal.width ? svg.viewBox.baseVal.width
                        : svg ? svg.width.baseVal.value : 0;
          const scale = svg && drawn ? svg.getBoundingClientRect().width / drawn : 1;
          return [e.tagName + ':' + e.textContent.trim().slice(0, 20), parseFloat(getComputedStyle(e).fontSize) * scale];
        })
        .filter(([, px]) => px < 10.95).map(([what, px]) => what + ' ' + px.toFixed(1) + 'px')""")
    assert not small, small


def fits_1000px(page: Page, viewer: Locator) -> None:
    page.set_viewport_size({"width": 1000, "height": 1000})
    wide = viewer.evaluate("v => v.scrollWidth > v.clientWidth + 1")
    assert not wide, "the viewer scrolls sideways at 1,000 px"


def test_saint_petersburg_board(page: Page, lab_url: str, open_and_run_all: Callable[..., Locator],
                                served_notebooks: Path) -> None:
    viewer = open_viewer(page, lab_url, open_and_run_all, served_notebooks, "saint_petersburg", 3)
    card = live(viewer, "row:U")
    card.hover()
    expect(viewer.locator(".bgl-bubble.bgl-preview")).to_contain_text("moves:")
    card.click()  # a card in the row: buy or take, two clicks
    expect(viewer.locator(".bgl-strip")).to_contain_text("Building this move", timeout=ROUND_TRIP)
    viewer.locator(".bgl-strip button.bgl-option", has_text="buy").hover()
    expect(viewer.locator(".bgl-bubble.bgl-preview")).to_contain_text("costs")  # the price from explain
    choose(viewer, "take into hand")
    at_ply(viewer, 1)
    expect(viewer.locator(".bgl-status")).to_be_visible()
    bubble = ask_why(viewer, viewer.locator('.bgl-table [data-target="deck:buildings"]'))
    # The deck is the Observatory's: the answer says that move in words and cites the card's own rule.
    expect(bubble).to_contain_text("turns an Observatory over to draw the top card of the building deck")
    expect(bubble).to_contain_text("you own no Observatory")
    expect(bubble).to_contain_text("saint_petersburg.card.observatory")
    perspective(viewer, "Player 1")  # Player 2 took a card, Player 3 is to act: Player 1 has nothing live
    expect(viewer.locator(".bgl-table .bgl-live")).to_have_count(0, timeout=ROUND_TRIP)
    expect(viewer.locator('.bgl-table [data-target^="hand:1:"]')).to_have_count(0)  # the taken card: face down
    expect(viewer.locator('.bgl-player[data-seat="1"] .bgl-back')).to_have_count(1)
    ask_why(viewer, viewer.locator(".bgl-table [data-target^='row:']").first)
    expect(viewer.locator(".bgl-bubble.bgl-why")).to_contain_text("core.not_your_turn")
    text_sizes_at_least_11px(viewer)
    save_screenshot(page, viewer, "board_saint_petersburg.png")
    perspective(viewer, "Teacher")
    undo(viewer, 0)
    fits_1000px(page, viewer)


def test_citadels_board(page: Page, lab_url: str, open_and_run_all: Callable[..., Locator],
                        served_notebooks: Path) -> None:
    viewer = open_viewer(page, lab_url, open_and_run_all, served_notebooks, "citadels", 4, plies=11)
    at_ply(viewer, 11)  # seeded: Player 1 is the Wizard, income taken
    ask_why(viewer, off(viewer, "char:"))  # a character names moves of other characters
    viewer.locator('.bgl-table [data-target="hand:0:cathedral"]').first.click()  # one click: exchange it
    at_ply(viewer, 12)
    undo(viewer, 11)
    viewer.locator('.bgl-table [data-target="hand:0:trading_post"]').first.click()  # build or exchange
    expect(viewer.locator(".bgl-strip")).to_contain_text("Building this move", timeout=ROUND_TRIP)
    choose(viewer, "build")
    at_ply(viewer, 12)
    expect(viewer.locator('.bgl-table [data-target="city:0:trading_post"]')).to_be_attached(timeout=ROUND_TRIP)
    perspective(viewer, "Player 2")  # Player 1's hand is face down for another seat
    expect(viewer.locator('.bgl-table [data-target^="hand:0:"]')).to_have_count(0, timeout=ROUND_TRIP)
    expect(viewer.locator('.bgl-table [data-target^="hand:1:"]').first).to_be_attached()
    text_sizes_at_least_11px(viewer)
    save_screenshot(page, viewer, "board_citadels.png")
    perspective(viewer, "Spectator")  # another seat's moves would tell what it holds: the spectator sees none
    expect(viewer.locator(".bgl-moves button")).to_have_count(0, timeout=ROUND_TRIP)
    expect(viewer).to_contain_text("to act: Character's turn")
    save_screenshot(page, viewer, "board_citadels_spectator.png")
    perspective(viewer, "Teacher")
    undo(viewer, 11)


def test_keythedral_board(page: Page, lab_url: str, open_and_run_all: Callable[..., Locator],
                          served_notebooks: Path) -> None:
    viewer = open_viewer(page, lab_url, open_and_run_all, served_notebooks, "keythedral", 3)
    ask_why(viewer, off(viewer, "site:"))  # set-up lays fields first
    live(viewer, "field:").click()  # an empty field place: one click lays the tile
    at_ply(viewer, 1)
    live(viewer, "site:").click()  # an empty cottage site, then which cottage: two clicks
    expect(viewer.locator(".bgl-strip")).to_contain_text("Building this move", timeout=ROUND_TRIP)
    expect(viewer.locator(".bgl-strip button.bgl-cancel")).to_be_visible()
    choose(viewer, "cottage 2")
    at_ply(viewer, 2)
    expect(viewer.locator("polygon.kt-site")).to_have_count(1, timeout=ROUND_TRIP)
    perspective(viewer, "Player 3")
    expect(viewer.locator(".kt-player[data-seat='0']")).to_contain_text("behind the screen", timeout=ROUND_TRIP)
    expect(viewer.locator('.bgl-table [data-target^="cube:0:"]')).to_have_count(0)
    text_sizes_at_least_11px(viewer)
    save_screenshot(page, viewer, "board_keythedral.png")
    perspective(viewer, "Teacher")
    # After the cottage the next field tile is drawn for its taker: play mode's undo stops there, and says why.
    undo_button = viewer.locator("button", has_text="Undo").first
    expect(undo_button).to_be_disabled(timeout=ROUND_TRIP)
    expect(undo_button).to_have_attribute("title", re.compile("drew at random"))


def test_village_board(page: Page, lab_url: str, open_and_run_all: Callable[..., Locator],
                       served_notebooks: Path) -> None:
    viewer = open_viewer(page, lab_url, open_and_run_all, served_notebooks, "village", 3)
    ask_why(viewer, off(viewer, "stall:"))
    live(viewer, "area:").click()  # an action area, then which cube: two clicks
    expect(viewer.locator(".bgl-strip")).to_contain_text("Building this move", timeout=ROUND_TRIP)
    viewer.locator(".bgl-strip button.bgl-cancel").click()  # changed my mind
    expect(viewer.locator(".bgl-strip")).not_to_contain_text("Building this move", timeout=ROUND_TRIP)
    live(viewer, "area:").click()
    viewer.locator(".bgl-strip button.bgl-option").first.click()
    at_ply(viewer, 1)
    viewer.locator(".bgl-strip button.bgl-option").first.hover()  # a preview of Player 1's next choice
    expect(viewer.locator(".bgl-bubble.bgl-preview")).to_be_visible()
    perspective(viewer, "Player 2")  # not to act: no live target; the customer pile shows only its size
    expect(viewer.locator(".bgl-table .bgl-live")).to_have_count(0, timeout=ROUND_TRIP)
    expect(viewer.locator(".bgl-bubble")).to_be_hidden()  # the same drawing, but the words were Player 1's
    expect(viewer.locator(".bgl-table")).to_contain_text("face-down pile:")
    text_sizes_at_least_11px(viewer)
    save_screenshot(page, viewer, "board_village.png")
    perspective(viewer, "Teacher")
    undo(viewer, 0)


def test_set_up_a_position_in_sandbox_mode(page: Page, lab_url: str, open_and_run_all: Callable[..., Locator],
                                           served_notebooks: Path) -> None:
    viewer = open_viewer(page, lab_url, open_and_run_all, served_notebooks, "saint_petersburg", 3, mode="sandbox")
    viewer.get_by_text("Set up the position").click()
    viewer.get_by_placeholder("from, e.g. upper.0").fill("upper.0")
    viewer.get_by_placeholder("to, e.g. hands.1").fill("hands.0")
    viewer.get_by_role("button", name="Move", exact=True).click()
    expect(viewer.locator('.bgl-table [data-target="hand:0:fur_trapper"]')).to_be_attached(timeout=ROUND_TRIP)
    viewer.get_by_placeholder("place, e.g. money.0").fill("money.0")
    viewer.get_by_placeholder("value (JSON), e.g. 30").fill("-3")
    viewer.get_by_role("button", name="Set", exact=True).click()
    expect(viewer).to_contain_text("state.money[0]", timeout=ROUND_TRIP)  # the engine names the field it refuses
    viewer.get_by_role("button", name="Share", exact=True).click()
    expect(viewer.locator("textarea")).to_have_value(re.compile(r"^bgl1:"), timeout=ROUND_TRIP)
    save_screenshot(page, viewer, "board_setup_sandbox.png")


def test_set_up_on_the_table_by_clicks(page: Page, lab_url: str, open_and_run_all: Callable[..., Locator],
                                       served_notebooks: Path) -> None:
    """Sandbox mode: pick a card up from the row and drop it in a hand; a fifth card in a hand is refused by the
    engine, the field named beside the hand, and the table stays as it was."""
    viewer = open_viewer(page, lab_url, open_and_run_all, served_notebooks, "saint_petersburg", 3, mode="sandbox")
    strip = viewer.locator(".bgl-strip")
    strip.get_by_role("button", name="Set up on the table").click()
    expect(strip).to_contain_text("click a thing to pick it up", timeout=ROUND_TRIP)
    expect(viewer.locator(".bgl-counter").first).to_be_visible()  # +/- beside each player's rubles
    hand = viewer.locator('.bgl-player[data-seat="0"] .bgl-hand')
    for k in range(4):
        viewer.locator(f'.bgl-table [data-target="row:U{k + 1}"]').click()
        expect(strip).to_contain_text("Moving:", timeout=ROUND_TRIP)
        expect(strip.get_by_role("button", name="Cancel")).to_be_visible()
        hand.click()
        expect(hand.locator(".bgl-chip")).to_have_count(k + 1, timeout=ROUND_TRIP)
        expect(strip).not_to_contain_text("Moving:", timeout=ROUND_TRIP)
    viewer.locator('.bgl-table [data-target="row:U5"]').click()
    expect(strip).to_contain_text("Moving:", timeout=ROUND_TRIP)
    hand.click()  # a fifth card: no hand holds more than four
    bubble = viewer.locator(".bgl-bubble.bgl-why")
    expect(bubble).to_contain_text("Nothing changed", timeout=ROUND_TRIP)
    expect(bubble).to_contain_text("state.hands[0]")
    expect(hand.locator(".bgl-chip")).to_have_count(4)
    expect(viewer.locator('.bgl-table [data-target="row:U5"]')).to_be_attached()  # still in the row
    save_screenshot(page, viewer, "board_setup_by_clicks.png")
    strip.get_by_role("button", name="Cancel").click()
    expect(strip).not_to_contain_text("Moving:", timeout=ROUND_TRIP)


def test_every_set_up_spot_is_drawn_on_the_table(browser_context) -> None:
    """Each spot of setup_map finds its thing on the teacher's table of each game (CSS selectors, in Chromium)."""
    import importlib
    import random

    import boardgames_lab as bgl
    from boardgames_lab.widgets.setup_map import setup_map

    page = browser_context.new_page()
    try:
        for name in ("saint_petersburg", "citadels", "keythedral", "village"):
            game = bgl.new_game(name, players=3, seed=2, mode="sandbox")
            rng = random.Random(2)
            for _ in range(40):  # a position with cards in hands and cities, cubes behind screens
                game.apply(rng.choice(game.legal_moves()))
            render = importlib.import_module(f"boardgames_lab.rulesets.{name}.render").render_html
            page.set_content(f'<div class="bgl-table">{render(game.full_view(), game.names)}</div>')
            spots = setup_map(game).to_json()
            missing = page.evaluate("""spots => spots.filter(s => !document.querySelectorAll(s.sel)[s.nth || 0])
                                       .map(s => s.id + ' ' + s.sel)""", spots)
            assert spots and not missing, f"{name}: {missing}"
    finally:
        page.close()
