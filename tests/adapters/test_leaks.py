"""Nothing a seat may not know reaches it through the adapters: on a copy, change what the seat cannot know
(each secret the game declares, and, not trusting those declarations, everything the game's sampling redraws for
that seat) and compare everything the seat gets: observation and information-state tensors and strings, public
and private, and its legal actions."""
from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

import boardgames_lab as bgl
from boardgames_lab.adapters import openspiel as bos
from boardgames_lab.core.rng import Rng
from tests.adapters.test_actions import COUNTS

KINDS = {"public": pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                              private_info=pyspiel.PrivateInfoType.NONE),
         "public recall": pyspiel.IIGObservationType(perfect_recall=True, public_info=True,
                                                     private_info=pyspiel.PrivateInfoType.NONE)}


def _everything(game: pyspiel.Game, state: bos.BoardGameState, seat: int) -> list[object]:
    got: list[object] = [state.observation_string(seat), state.information_state_string(seat),
                         list(state.observation_tensor(seat)), list(state.information_state_tensor(seat))]
    for kind in KINDS.values():
        obs = make_observation(game, kind)
        obs.set_from(state, seat)
        got += [obs.string_from(state, seat), list(obs.tensor)]
    if state.current_player() == seat:
        got.append(state.legal_actions(seat))
    return got


@pytest.mark.parametrize("name,players", COUNTS)
def test_what_a_seat_cannot_know_changes_nothing_it_gets(name: str, players: int) -> None:
    game = pyspiel.load_game(bos.PREFIX + name, {"players": players, "seed": players})
    changed = 0
    for length in (15, 70):
        state = game.new_initial_state()
        rng = np.random.default_rng(length + players)
        for _ in range(length):
            actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            state.apply_action(int(rng.choice(actions)))
        lab = state.live.game
        d = lab.definition
        assert not lab.is_over
        for seat in range(players):
            mine = _everything(game, state, seat)
            others = []
            for secret in d.secrets:
                copy = d.clone_state(lab.state)
                if secret.perturb(copy, seat, Rng(seat + length)):
                    others.append((secret.name, copy))
            others += [(f"sample {k}", d.determinize(lab.state, seat, Rng(100 * k + seat))) for k in range(2)]
            for why, other_state in others:
                other = state.clone()
                other.live.put(other_state)
                if d.snapshot(other_state) != d.snapshot(lab.state):
                    changed += 1
                assert _everything(game, other, seat) == mine, f"{why} reaches seat {seat}"
    assert changed > 0


@pytest.mark.parametrize("name", ["saint_petersburg", "citadels", "keythedral", "village"])
def test_a_move_the_others_see_has_one_number_in_every_world_they_cannot_tell_apart(name: str) -> None:
    """An action number is part of what the other seats record of a move (the information state's history), so it
    may depend only on what they see: in worlds a seat cannot tell from the real one (the game's sampling for that
    seat), each move of another seat that is legal there too has the number it has here. Random games lean to
    the moves that play a card or pay (Keythedral numbers its Substitution purchases in the position)."""
    players = 3
    game = pyspiel.load_game(bos.PREFIX + name, {"players": players, "seed": 5})  # Substitution comes into play
    table = game.new_initial_state().live.spec.table
    rng, compared, paid = np.random.default_rng(5), 0, 0
    state = game.new_initial_state()
    for step in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
            continue
        mover, live = state.current_player(), state.live
        turn = live.listed(mover)
        rich = [n for n, m in zip(turn.numbers, turn.moves) if m.kind in ("play", "law") or getattr(m, "paid", "")]
        st, d = live.position(), live.spec.definition
        for seat in (s for s in range(players) if s != mover):
            world = d.determinize(st, seat, Rng(1000 * step + seat))
            listed = set(d.seat_moves(world, mover) if d.to_act(world) != (mover,) else d.legal_moves(world))
            for move, number in zip(turn.moves, turn.numbers):
                if move in listed:
                    assert table.encode(move, world) == number, f"{move} numbered by what seat {seat} cannot see"
                    compared += 1
                    paid += move.kind == "buy" and bool(getattr(move, "paid", "")) and not move.change
        state.apply_action(int(rng.choice(rich if rich and rng.random() < 0.6 else turn.numbers)))
    assert compared > 100
    if name == "keythedral":
        assert paid > 0  # Substitution purchases were among the moves compared
