"""Citadels: what the rulebook hides stays hidden (the secrets declared in secrets.py), and determinize
resamples all of it."""
from __future__ import annotations

import random
from typing import Any

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.rng import Rng
from boardgames_lab.rulesets.citadels.secrets import SECRETS
from tests.citadels.position import at_turn, new, state_of
from tests.conftest import cites

P = "citadels."


def _seen(events: list[dict[str, Any]], seat: int | None) -> list[Any]:
    return [(e["text"], e["data"]) for e in events
            if e["visible_to"] is None or (seat is not None and seat in e["visible_to"])]


def _check_position(game: bgl.Game, next_move: Any, salt: int, changed: set[str]) -> None:
    d, st = game.definition, state_of(game)
    for seat in [None, *range(game.num_players)]:
        for secret in SECRETS:
            other = d.clone_state(st)
            if not secret.perturb(other, seat, Rng(salt * 13 + (seat if seat is not None else 9))):
                continue
            changed.add(secret.name)
            assert d.snapshot(other) != d.snapshot(st), secret.name
            assert d.view(other, seat) == d.view(st, seat), (secret.name, seat)
            assert d.invariants(other) == [], secret.name
            if next_move in d.legal_moves(other) and not d.reveals(st, next_move):
                a, b = d.clone_state(st), other
                a.events, b.events, a.rng.record, b.rng.record = [], [], [], []
                d.advance(a, next_move)
                d.advance(b, next_move)
                if not a.rng.record:  # a draw at random is a barrier too
                    assert _seen(a.events, seat) == _seen(b.events, seat), (secret.name, seat, next_move)


@cites(P + "draft.secret", P + "draft.face_down", P + "turn.income")
@pytest.mark.parametrize("players,action_cards", [(2, False), (3, True), (4, True), (7, False)])
def test_changing_a_secret_changes_no_view_and_no_log(players: int, action_cards: bool) -> None:
    rng = random.Random(players)
    game = bgl.new_game("citadels", players=players, seed=players, action_cards=action_cards)
    changed: set[str] = set()
    plies = 0
    while not game.is_over and plies < 240:
        move = rng.choice(game.legal_moves())
        if plies % 4 == 0:
            _check_position(game, move, plies, changed)
        game.apply(move)
        plies += 1
    assert changed == {s.name for s in SECRETS}


@cites(P + "draft.two_players", P + "draft.face_down")
def test_two_player_draft_start_resamples_the_face_down_character() -> None:
    """At the start of a 2-player draft the King has looked at the face-down card; his fellow player and a
    spectator have seen no character, so for them the face-down card may be any of the eight."""
    game = new(2, seed=3)
    d, st = game.definition, state_of(game)
    assert st.phase == "draft" and st.current == 0 and len(st.down) == 1
    for seat in (1, None):
        downs = {d.determinize(st, seat, Rng(s)).down[0] for s in range(60)}
        assert len(downs) > 1, seat
        assert any(secret.perturb(d.clone_state(st), seat, Rng(1)) for secret in SECRETS[3:])
    assert {d.determinize(st, 0, Rng(s)).down[0] for s in range(20)} == {st.down[0]}


@cites(P + "call.reveal", P + "call.silent")
def test_calling_a_character_reveals_and_so_bars_undo_in_play() -> None:
    game = bgl.new_game("citadels", players=4, seed=1)
    game = at_turn(game, 0, "bishop", warlord=1)
    game.apply("gold")
    assert game.can_undo()
    game.apply("end")
    assert not game.can_undo()  # the next call shows who holds the rank, or that nobody does
    with pytest.raises(bgl.UndoBlocked):
        game.undo()


@cites(P + "draft.three_players")
def test_three_player_determinize_keeps_what_each_pass_showed() -> None:
    """With 3 players the cards go round twice. The second player saw the pool at steps 1 and 4: a character
    in the first pool but not in the second was chosen at step 2 or 3, never by the third player at step 5."""
    from tests.citadels.position import play_out_draft

    game = new(3, seed=4)
    play_out_draft(game)
    d, st = game.definition, state_of(game)
    second = [s for s, code in enumerate(st.steps) if code >> 1 == 1]
    assert second == [1, 4]
    between = {r for r in range(8) if 1 <= st.taken_step[r] < 4 and st.owner[r] != 1}
    for seed in range(40):
        other = d.determinize(st, 1, Rng(seed))
        assert d.view(other, 1) == game.view(1)
        late = {r for r in range(8) if other.taken_step[r] >= 4 and other.owner[r] != 1}
        assert not between & late


@cites(P + "turn.income", P + "deck.discard_pile")
def test_a_draw_bars_undo_in_play_and_taking_gold_does_not() -> None:
    """The cards drawn are seen: the draw kinds declare that they reveal, gold does not."""
    game = at_turn(bgl.new_game("citadels", players=4, seed=1), 0, "bishop")
    other = game.clone().apply("gold")
    assert other.can_undo()
    game.apply("draw")
    assert not game.can_undo()
    with pytest.raises(bgl.UndoBlocked):
        game.undo()


def _laid(face_down: str, face_up: list[str], seed: int = 3) -> bgl.Game:
    """A four-player game (explicit chance) dealt alike, then these characters laid."""
    game = bgl.new_game("citadels", players=4, seed=seed, chance="explicit")
    while game.phase != "lay":
        game.apply(game.chance_outcomes()[0][0], player=bgl.CHANCE)
    for name, up in [(face_down, False), *((n, True) for n in face_up)]:
        move = next(m for m, _ in game.chance_outcomes() if m.character == name and m.face_up == up)
        game.apply(move, player=bgl.CHANCE)
    return game


@cites(P + "draft.face_down", P + "draft.king_not_face_up")
def test_no_seat_learns_from_the_log_whether_the_king_lies_face_down() -> None:
    """Face-up characters come from those left but the King: with the King face down one more is left to
    draw from. The number drawn from must not reach a seat's log, in explicit chance or in normal play."""
    king, other = _laid("king", ["thief", "bishop"]), _laid("assassin", ["thief", "bishop"])
    assert king.phase == other.phase == "draft"
    for seat in range(4):
        assert king.log_for(seat) == other.log_for(seat), seat
    for seed in range(20):  # normal play: the King lies face down in some of these games, not in others
        game = bgl.new_game("citadels", players=4, seed=seed)
        for seat in range(4):
            assert all(set(c) == {"what", "draw"} for e in game.log_for(seat) for c in e["chance"]), (seed, seat)
