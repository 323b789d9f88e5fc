"""The Keythedral drawing shows what the view holds and nothing more."""
from __future__ import annotations

from boardgames_lab.rulesets.keythedral.render import render_html
from tests.conftest import cites
from tests.keythedral.position import played_to_round

P = "keythedral."


@cites(P + "secret.laws")
def test_board_svg_and_secrets() -> None:
    game = played_to_round(3, 4)
    html = render_html(game.view(0), game.names)
    st = game.position()["state"]
    assert html.count('class="kt-field"') == len(st["fields"])
    assert html.count('class="kt-site') == len(st["sites"]) - 1  # the Keythedral is drawn apart
    assert 'class="kt-keythedral"' in html and "<svg" in html
    assert html.count("kt-tile kt-down") == sum(len(r) for s, r in enumerate(st["rows"]) if not st["face_up"][s])
    for q in (1, 2):
        for law in st["law_hands"][q]:
            if law not in st["law_hands"][0]:
                assert law not in html
