"""The engine's shared parts, on Duel (tests/lab/duel.py), a tiny game in Engine 2's shape: the engine's own
checks, seated moves, positions as data, history by snapshot, the chance record and views from declarations."""
from __future__ import annotations

import json

import pytest

import boardgames_lab as bgl
from boardgames_lab.core import registry, turns
from boardgames_lab.core.flow import Edge, Flow, Phase
from boardgames_lab.core.visibility import changed_paths, covered, hidden_paths, redact
from tests.conftest import cites
from tests.lab.duel import Duel, Raise, Swap, done


@pytest.fixture
def duel(monkeypatch: pytest.MonkeyPatch) -> bgl.Game:
    monkeypatch.setitem(registry._GAMES, "duel_test", Duel())
    return bgl.new_game("duel_test", players=2, seed=4)


@cites("core.not_your_turn", "core.legal")
def test_a_move_names_its_seat_and_only_a_seat_to_act_may_make_it(duel: bgl.Game) -> None:
    assert duel.to_act() == (0,)
    assert duel.explain(Raise(0, 1)).legal
    why = duel.explain(Raise(1, 1))
    assert why.rule == "core.not_your_turn" and "Player 2 may not act now" in why.reason
    with pytest.raises(bgl.IllegalMove) as err:
        duel.apply("raise 1", player=1)
    assert err.value.rule == "core.not_your_turn" and duel.ply == 0
    with pytest.raises(bgl.IllegalMove, match="the move is Player 1's, but Player 2 makes it"):
        duel.apply(Raise(0, 1), player=1)
    duel.apply("raise 1")  # the seat to act, by default
    assert duel.moves == (Raise(0, 1),) and duel.to_act() == (1,)


@cites("core.not_a_move", "core.game_over")
def test_the_engine_refuses_values_that_are_not_moves_and_moves_after_the_end(duel: bgl.Game) -> None:
    for value in (Raise(0, True), Raise(0, 1.0), Raise("0", 1), ("raise", 1), None):  # type: ignore[arg-type]
        with pytest.raises(bgl.IllegalMove) as err:
            duel.apply(value)
        assert err.value.rule == "core.not_a_move", value
    assert Raise(0, 1) != Swap(0) and Raise(0, 1) == Raise(0, 1)
    while not duel.is_over:
        duel.apply(duel.legal_moves()[0])
    assert duel.to_act() == () and duel.explain(Swap(0)).rule == "core.game_over"


def test_one_check_decides_legality_and_words_the_refusal(duel: bgl.Game) -> None:
    assert duel.legal_moves() == (Raise(0, 1), Raise(0, 2), Swap(0))
    why = duel.explain(Raise(0, 3))
    assert not why and why.rule == "duel_test.raise" and why.remedy == "raise 1 or 2"
    assert "a raise is 1 or 2, not 3; raise 1 or 2" == why.reason


@cites("core.wrong_phase")
def test_a_kind_the_phase_does_not_allow_is_refused_by_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    class RaiseOnly(Duel):
        flow = Flow(start="play", phases=(Phase("play", "Play", moves=("raise",), turn=turns.clockwise),
                                          Phase("game_over", "Game over")),
                    edges=(Edge("play", "game_over", guard=done),))

    game = bgl.Game(RaiseOnly(), 2, 4, {})
    why = game.explain(Swap(0))
    assert why.rule == "core.wrong_phase" and 'not a move of "Play"' in why.reason and "raise" in why.remedy
    assert game.legal_moves() == (Raise(0, 1), Raise(0, 2))


def test_a_position_is_complete_json_and_rebuilds_the_same_game(duel: bgl.Game) -> None:
    duel.apply("raise 2").apply("swap")
    data = duel.position()
    assert json.loads(json.dumps(data)) == data
    other = bgl.from_position("duel_test", json.dumps(data))
    assert other.position() == data and other.to_act() == duel.to_act()
    for game in (duel, other):
        game.apply("raise 1")
    assert other.position() == duel.position()


@pytest.mark.parametrize("edit, field", [
    (lambda d: d["state"]["hands"].__setitem__(0, 11), r"state.hands\[0\]"),
    (lambda d: d["state"]["hands"].__setitem__(0, True), r"state.hands\[0\]"),
    (lambda d: d["state"]["hands"].__setitem__(0, d["state"]["hands"][1]), "state.deck.*do not add up"),
    (lambda d: d["state"]["deck"].pop(), "state.deck.*missing"),
    (lambda d: d["state"].update(stakes=[1]), "state.stakes"),
    (lambda d: d["state"].update(extra=1), "state.extra"),
    (lambda d: d["state"].pop("turns"), "state.turns"),
    (lambda d: d.update(current=2), "'current'"),
    (lambda d: d.update(phase="nowhere"), "'phase'"),
    (lambda d: d.update(phase="game_over"), "state.turns"),
    (lambda d: d.update(rng=-1), "'rng'"),
    (lambda d: d.update(players=4), "'players'"),
    (lambda d: d.update(game="citadels"), "'game'"),
    (lambda d: d.update(version=9), "'version'"),
    (lambda d: d.update(options={"x": 1}), "'options'"),
    (lambda d: d.pop("state"), "'state'"),
    (lambda d: d["state"].update(turns=float("nan")), "state.turns"),
])
def test_a_bad_position_is_refused_naming_the_field(duel: bgl.Game, edit, field: str) -> None:  # type: ignore[no-untyped-def]
    data = duel.position()
    edit(data)
    with pytest.raises(bgl.PositionError, match=field):
        bgl.from_position("duel_test", data)


def test_history_restores_recorded_positions_from_an_edited_start(duel: bgl.Game) -> None:
    data = duel.position()
    data["state"]["stakes"] = [4, 1]
    game = bgl.from_position("duel_test", data, mode="sandbox")
    assert game.ply == 0 and game.position() == data and game.start_position() == data
    game.apply("raise 1").apply("raise 2")
    middle = game.position()
    game.apply("swap")
    assert game.at(2).position() == middle and game.at(0).position() == data
    game.undo()
    assert game.position() == middle
    game.goto(0)
    assert game.position() == data and game.can_redo()
    game.redo()
    assert game.position()["state"]["stakes"] == [5, 1]  # from the edited start, not the seed's set-up
    saved = bgl.load_game(game.to_json())
    assert saved.position() == game.position() and saved.start_position() == data and saved.can_redo()


def test_every_draw_is_in_the_chance_record_and_blocks_undo_in_play_mode(duel: bgl.Game) -> None:
    setup = duel.log[0]["chance"]
    assert [(c["what"], c["draw"], c["from"], c["probability"]) for c in setup] == [
        ("Deal", "weighted", 10, 0.1), ("Deal", "weighted", 9, 1 / 9)]
    duel.apply("raise 1")
    assert duel.can_undo()
    duel.apply("swap")  # the swapper draws a new card at once: a draw, so play mode cannot take it back
    assert duel.to_act() == (0,) and duel.phase == "play"
    assert not duel.can_undo()
    with pytest.raises(bgl.UndoBlocked):
        duel.undo()
    assert [c["ply"] for c in duel.chance_record()] == [0, 0, 2]
    assert all("outcome" not in c for c in duel.log_for(0)[0]["chance"])  # what was dealt is not public


def test_in_explicit_chance_mode_the_game_stands_at_each_draw_and_lists_its_outcomes(duel: bgl.Game) -> None:
    from tests.lab.duel import Deal
    game = bgl.new_game("duel_test", players=2, seed=4, chance="explicit")
    assert game.to_act() == (bgl.CHANCE,) and game.phase == "deal"
    outcomes = game.chance_outcomes()
    assert [str(m) for m, _ in outcomes] == [f"deal {c}" for c in range(1, 11)]
    assert sum(p for _, p in outcomes) == pytest.approx(1) and game.legal_moves() == tuple(m for m, _ in outcomes)
    with pytest.raises(bgl.IllegalMove) as err:
        game.apply(Raise(0, 1))
    assert err.value.rule == "core.not_your_turn" and "random draw" in err.value.reason
    game.apply(Deal(bgl.CHANCE, 7))
    assert game.explain(Deal(bgl.CHANCE, 7)).rule == "duel_test.deal"
    game.apply("deal 3", player=bgl.CHANCE)
    assert game.to_act() == (0,) and game.position()["state"]["hands"] == [7, 3]
    game.apply("swap")
    assert game.to_act() == (bgl.CHANCE,) and len(game.chance_outcomes()) == 9
    # The generator drew nothing: the caller chose every outcome, and each choice is the record's draw.
    assert [(c["draw"], c["outcome"]) for c in game.chance_record()] == [("chosen", "deal 7"), ("chosen", "deal 3")]
    again = bgl.load_game(game.to_json())
    assert again.position() == game.position() and again.chance == "explicit"


def test_views_are_the_redacted_position(duel: bgl.Game) -> None:
    view = duel.view(0)
    hands = duel.position()["state"]["hands"]
    assert view["hands"] == [hands[0], {"hidden": True}]
    assert view["deck"] == {"hidden": True, "count": 8}
    assert duel.view(None)["hands"] == [{"hidden": True}, {"hidden": True}]
    assert duel.full_view()["hands"] == hands
    state = duel.position()["state"]
    assert hidden_paths(state, Duel.fields, 1) == {"hands[0]", "deck"}
    changed = changed_paths(state, {**state, "deck": state["deck"][::-1]})
    assert changed and all(covered(p, hidden_paths(state, Duel.fields, 0)) for p in changed)
    assert redact(state, Duel.fields, 1) != state and state["hands"] == hands  # the position is not changed


def test_the_conformance_suite_checks_a_game_in_engine_2s_shape() -> None:
    from boardgames_lab.testing import check_game
    report = check_game(Duel(), seeds=range(3), undo_every=2, view_every=1)
    assert report.position_checks > 20 and report.chance_checks == report.moves > 20


def _catches(game: Duel, message: str) -> None:
    from boardgames_lab.testing import ConformanceError, check_game
    with pytest.raises(ConformanceError, match=message):
        check_game(game, seeds=range(2), view_every=1)


def test_the_suite_catches_a_draw_that_bypasses_the_chance_record() -> None:
    class Sneaky(Duel):
        def apply_move(self, st, move):  # type: ignore[no-untyped-def]
            st.rng.next64()  # a draw no chance event records
            super().apply_move(st, move)

    _catches(Sneaky(), r"stepped the generator 4 times but the chance record has 2 draws")


def test_the_suite_catches_a_fast_generator_that_differs_from_the_checks() -> None:
    class Fast(Duel):
        def legal_moves(self, st):  # type: ignore[no-untyped-def]
            return [Raise(st.current, 1)]

    _catches(Fast(), "the fast generator and the plain path differ")


def test_the_suite_catches_an_undeclared_field_and_a_secret_outside_the_declarations() -> None:
    class Undeclared(Duel):
        fields = {k: v for k, v in Duel.fields.items() if k != "turns"}

    _catches(Undeclared(), r"fields without a visibility declaration: \['turns'\]")
    from boardgames_lab.core.secrets import Secret

    def bump_stakes(st, seat, rng):  # type: ignore[no-untyped-def]
        st.stakes[0] += 0 if st.stakes[0] == 5 else 1
        return st.stakes[0] != 5

    class Misdeclared(Duel):
        secrets = (Secret("the stakes", "nowhere", bump_stakes),)

    _catches(Misdeclared(), r"it changed \['stakes\[0\]'\], which the field declarations show")


def test_the_suite_catches_a_position_that_does_not_rebuild_the_game() -> None:
    class Forgetful(Duel):
        def position(self, st):  # type: ignore[no-untyped-def]
            return {**super().position(st), "stakes": [1] * st.num_players}

    _catches(Forgetful(), "from_position|rebuilt|another position|differ")


def test_a_field_can_be_shown_to_a_seat_named_by_the_table() -> None:
    from boardgames_lab.core.visibility import shown_to
    fields = {"offer": shown_to("x.draft", lambda data, owner, seat, table: seat == table["current"], owner=False)}
    data = {"offer": ["king", "bishop"]}
    assert redact(data, fields, 1, {"current": 1}) == data
    assert redact(data, fields, 0, {"current": 1}) == {"offer": {"hidden": True, "count": 2}}
    assert hidden_paths(data, fields, None, {"current": 1}) == {"offer"}


def test_the_suite_plays_each_game_again_stopping_at_every_draw() -> None:
    from boardgames_lab.testing import check_game
    report = check_game(Duel(), seeds=range(2), undo_every=2)  # its games are shorter than 7 moves
    assert report.chance_stops >= 2 * report.games  # the deal of each hand, at least


def test_the_suite_catches_a_chance_move_that_ignores_its_outcome() -> None:
    class Careless(Duel):
        def apply_move(self, st, move):  # type: ignore[no-untyped-def]
            if move.kind == "deal":  # draws a card of its own, whatever the outcome says
                move = type(move)(move.player, st.rng.choice(st.deck, what="a card"))
            super().apply_move(st, move)

    _catches(Careless(), r"stopped at each draw stands elsewhere")


def test_the_suite_catches_outcomes_whose_chances_do_not_sum_to_one() -> None:
    class Loaded(Duel):
        def chance_outcomes(self, st):  # type: ignore[no-untyped-def]
            return [(move, 0.5) for move, _ in self.chance_weights(st)]

    _catches(Loaded(), r"chance outcomes in deal have probabilities")


def test_a_card_from_the_top_of_a_shuffled_stack_is_recorded_without_a_step() -> None:
    from boardgames_lab.core.rng import Rng, recording
    with recording():
        rng = Rng(3)
    before = rng.state
    rng.top(2, 8, 5, what="the top card")
    assert rng.state == before
    assert rng.record == [{"what": "the top card", "draw": "top", "from": 8, "outcome": 5, "probability": 0.25}]


def test_a_draw_dealt_to_one_seat_shows_in_the_others_logs_as_a_draw_only(duel: bgl.Game) -> None:
    game = bgl.new_game("duel_test", players=2, seed=4, chance="explicit")
    card = game.chance_outcomes()[0][0]
    game.apply(card, player=bgl.CHANCE)
    mine, theirs = game.log_for(0)[-1], game.log_for(1)[-1]
    assert mine["move"] == str(card) and str(card.card) in mine["text"]
    assert theirs["move"] is None and theirs["text"] == "Chance: a draw" and not theirs["changes"]
    assert theirs["chance"] == mine["chance"] == [{"what": "Deal", "draw": "chosen"}]
    assert str(card) not in json.dumps(theirs)  # "deal <card>"


def test_an_outcome_chosen_in_explicit_mode_is_in_the_chance_record(duel: bgl.Game) -> None:
    game = bgl.new_game("duel_test", players=2, seed=4, chance="explicit")
    outcomes = game.chance_outcomes()
    card, chance = outcomes[3]
    game.apply(card, player=bgl.CHANCE)
    assert game.chance_record()[-1] == {"what": "Deal", "draw": "chosen", "from": len(outcomes),
                                        "outcome": str(card), "probability": chance, "ply": 1}
    assert not game.can_undo()  # a draw, in play mode
    assert all(set(c) == {"what", "draw"} for e in game.log_for(1) for c in e["chance"])
