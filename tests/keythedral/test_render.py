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
    assert html.count('class="kt-field"') == len(game.state.fields)
    assert html.count('class="kt-site') == len(game.state.sites) - 1  # the Keythedral is drawn apart
    assert 'class="kt-keythedral"' in html and "<svg" in html
    assert html.count("kt-tile kt-down") == sum(len(r) for s, r in enumerate(game.state.rows)
                                                if not game.state.face_up[s])
    hidden = [q for q in range(3) if q != 0 and game.state.law_hands[q]]
    for q in hidden:
        from boardgames_lab.rulesets.keythedral.data import LAWS
        for card in game.state.law_hands[q]:
            if card not in game.state.law_hands[0]:
                assert LAWS[card].id not in html
