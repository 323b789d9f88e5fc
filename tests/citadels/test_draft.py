"""Citadels: set-up, the character draft and the calling. Each test cites the rule ids it checks."""
from __future__ import annotations

import pytest

import boardgames_lab as bgl
from boardgames_lab.rulesets.citadels.data import CHAR_INDEX, KING, count_by_colour, deck_for
from tests.citadels.position import deal_characters, moves, new, play_out_draft, state_of
from tests.conftest import cites

P = "citadels."


@cites(P + "setup.gold", P + "setup.cards", P + "setup.crown")
@pytest.mark.parametrize("players", [2, 4, 7])
def test_setup(players: int) -> None:
    st = state_of(bgl.new_game("citadels", players=players, seed=3))
    assert st.gold == [2] * players
    assert all(len(h) == 4 for h in st.hands)
    assert len(st.deck) == 65 - 4 * players
    assert st.crown == 0 and st.phase == "draft" and st.current == 0
    assert count_by_colour() == {"yellow": 12, "blue": 11, "green": 20, "red": 11, "violet": 11}


@cites(P + "draft.face_down", P + "draft.face_up")
@pytest.mark.parametrize("players, up", [(2, 0), (3, 0), (4, 2), (5, 1), (6, 0), (7, 0)])
def test_characters_laid_aside(players: int, up: int) -> None:
    st = state_of(bgl.new_game("citadels", players=players, seed=11))
    assert len(st.face_up) == up
    assert len(st.down) == 1
    assert len(st.pool) == 8 - 1 - up


@cites(P + "draft.king_not_face_up")
def test_king_never_face_up() -> None:
    for seed in range(150):
        st = state_of(bgl.new_game("citadels", players=4, seed=seed))
        assert KING not in st.face_up


@cites(P + "draft.pass_left", P + "draft.last_two", P + "draft.secret")
def test_four_player_draft_passes_left() -> None:
    game = new(4)
    seen = []
    while game.phase == "draft":
        st = state_of(game)
        seen.append((st.current, len(st.pool)))
        view = game.view((st.current + 1) % 4)
        assert view["pool"] is None and view["pool_size"] == len(st.pool)
        game.apply(f"pick {game.view(st.current)['pool'][0]}")
    assert seen == [(0, 5), (1, 4), (2, 3), (3, 2)]
    st = state_of(game)
    assert len(st.down) == 2 and st.down_knower[-1] == 3  # the last player saw the card he laid down
    assert sum(o != -1 for o in st.owner) == 4


@cites(P + "draft.seven_players")
def test_seven_players_last_takes_face_down_card() -> None:
    game = new(7)
    first_down = state_of(game).down[0]
    for _ in range(6):
        game.apply(game.legal_moves()[0])
    st = state_of(game)
    assert st.current == 6 and len(st.pool) == 2 and first_down in st.pool and not st.down
    game.apply(f"pick {game.view(6)['pool'][-1]}")
    assert len(state_of(game).down) == 1


@cites(P + "draft.two_players", P + "call.two_characters")
def test_two_player_draft_sequence() -> None:
    game = new(2)
    st = state_of(game)
    assert st.down_knower == [0]  # the King looks at the face-down card
    assert game.view(0)["characters"][st.down[0]]["where"] == "face down"
    assert game.view(1)["characters"][st.down[0]]["where"] is None
    order = []
    while game.phase == "draft":
        move = game.legal_moves()[0]
        order.append((state_of(game).current, move.kind))
        game.apply(move)
    assert order == [(0, "pick"), (1, "pick"), (1, "bury"), (0, "pick"), (0, "bury"), (1, "pick")]
    assert sorted(state_of(game).owner.count(p) for p in (0, 1)) == [2, 2]
    assert len(state_of(game).down) == 4


@cites(P + "draft.three_players", P + "call.two_characters")
def test_three_player_draft_goes_round_twice() -> None:
    game = new(3)
    order = []
    while game.phase == "draft":
        order.append(state_of(game).current)
        game.apply(game.legal_moves()[0])
    assert order == [0, 1, 2, 0, 1, 2]
    assert [state_of(game).owner.count(p) for p in range(3)] == [2, 2, 2]
    assert len(state_of(game).down) == 2


@cites(P + "draft.secret")
def test_draft_choice_is_private_in_the_log() -> None:
    game = bgl.new_game("citadels", players=4, seed=2)
    play_out_draft(game)
    for entry in game.log_for(1)[1:5]:
        assert entry["player"] == 1
    assert len([e for e in game.log_for(1) if e["phase"] == "draft"]) == 1


@cites(P + "call.order", P + "call.reveal", P + "call.silent")
def test_calling_in_rank_order_skips_the_unchosen() -> None:
    game = new(4)
    game = deal_characters(game, {"thief": 2, "king": 1, "bishop": 0, "warlord": 3})
    st = state_of(game)
    assert st.rank == CHAR_INDEX["thief"] and st.tp == 2 and st.silent[0]
    order = []
    while game.phase != "draft":
        if game.phase == "turn":
            order.append(state_of(game).tc)
            for m in ("gold", "end"):
                game.apply(m)
    assert order == [1, 3, 4, 7]
    assert state_of(game).crown == 1


@cites(P + "char.king_crown")
def test_king_takes_crown_and_picks_first_next_round() -> None:
    game = new(4)
    game = deal_characters(game, {"king": 2})
    assert state_of(game).crown == 2
    game.apply("gold")
    game.apply("end")
    assert game.phase == "draft" and state_of(game).current == 2


@cites(P + "char.king_murdered")
def test_murdered_king_takes_crown_next_round() -> None:
    game = new(4)
    game = deal_characters(game, {"assassin": 0, "king": 3})
    game.apply("kill king")
    game.apply("gold")
    game.apply("end")
    assert game.phase == "draft" and state_of(game).crown == 3 and state_of(game).current == 3


@cites(P + "char.king_absent")
def test_crown_stays_when_king_laid_aside() -> None:
    game = deal_characters(new(4), {"bishop": 2})
    assert state_of(game).crown == 3  # the draft ran from seat 3, so that seat 2 chose last
    game.apply("gold")
    game.apply("end")
    assert game.phase == "draft" and state_of(game).crown == 3 and state_of(game).current == 3


@cites(P + "action.deck")
def test_action_cards_are_mixed_in() -> None:
    assert len(deck_for({"action_cards": True})) == 80
    st = state_of(bgl.new_game("citadels", players=4, seed=1, action_cards=True))
    assert len(st.deck) == 80 - 16


def test_draft_moves_offer_only_the_pool() -> None:
    game = new(5)
    pool = game.view(0)["pool"]
    assert moves(game) == {f"pick {c}" for c in pool}


@cites(P + "draft.secret")
def test_determinize_keeps_what_a_drafter_saw() -> None:
    """A resampled state never hands a character a player saw passing to someone who chose before him."""
    from boardgames_lab.core.rng import Rng

    game = new(5, seed=9)
    play_out_draft(game)
    d, st = game.definition, state_of(game)
    first_choice = next(r for r in range(8) if st.owner[r] == 0)
    seen_by_second = {r for r in range(8) if st.taken_step[r] >= st.first_step[1]}
    assert first_choice not in seen_by_second
    for seed in range(40):
        other = d.determinize(st, 1, Rng(seed))
        assert d.view(other, 1) == game.view(1)
        picked_first = next(r for r in range(8) if other.owner[r] == 0)
        assert picked_first not in seen_by_second
        placed = [r for r in range(8) if other.owner[r] != -1] + other.down + other.face_up
        assert sorted(placed) == list(range(8))
