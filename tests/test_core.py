"""The engine core: registry, moves and errors, undo policy, saving and loading, flow validation."""
from __future__ import annotations

import json

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.flow import Edge, Flow, Phase
from boardgames_lab.core.rng import Rng
from tests.conftest import cites


def play(game: bgl.Game, count: int) -> bgl.Game:
    for _ in range(count):
        game.apply(game.legal_moves()[-1])
    return game


def test_games_lists_metadata() -> None:
    info = {g["name"]: g for g in bgl.games()}["saint_petersburg"]
    assert info["players"] == [2, 3, 4] and info["hidden_information"] and info["chance"]
    assert {o["name"]: o["default"] for o in info["options"]} == {
        "pub_limit": "per_card", "tie_break": "leftover_rubles", "open_money": False}


def test_new_game_errors_name_the_field() -> None:
    with pytest.raises(bgl.UnknownGame, match="no game named 'chess'"):
        bgl.new_game("chess")
    with pytest.raises(bgl.OptionError, match="2 to 4 players"):
        bgl.new_game("saint_petersburg", players=5)
    with pytest.raises(bgl.OptionError, match="no option 'pub'"):
        bgl.new_game("saint_petersburg", pub="x")
    with pytest.raises(bgl.OptionError, match="'tie_break' must be one of"):
        bgl.new_game("saint_petersburg", tie_break="coin")
    with pytest.raises(ValueError, match="seed"):
        bgl.new_game("saint_petersburg", seed=-1)


def test_rng_is_the_same_on_every_machine() -> None:
    r = Rng(42)
    assert [r.next64() for _ in range(3)] == [7315957777007703983, 11638005078363268458, 11476428403375978651]
    items = list(range(10))
    Rng(7).shuffle(items)
    assert items == [7, 5, 8, 4, 1, 9, 3, 0, 6, 2]


def test_same_seed_same_game_and_a_seed_is_kept_when_none_is_given() -> None:
    a = play(bgl.new_game("saint_petersburg", players=3, seed=123), 40)
    b = play(bgl.new_game("saint_petersburg", players=3, seed=123), 40)
    assert a.to_json() == b.to_json() and a.full_view() == b.full_view()
    c = bgl.new_game("saint_petersburg", players=3)
    assert isinstance(c.seed, int) and bgl.load_game(c.to_json()).full_view() == c.full_view()


def test_move_notation_round_trips_and_moves_are_immutable() -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=4)
    for move in game.legal_moves():
        assert game.parse_move(str(move)) == move
        with pytest.raises(AttributeError):
            move.kind = "pass"  # type: ignore[misc]
    with pytest.raises(bgl.InvalidNotation, match="not a Saint Petersburg move"):
        game.parse_move("castle kingside")
    with pytest.raises(bgl.InvalidNotation, match="no card called"):
        game.parse_move("buy unicorn@U1")


def test_illegal_move_raises_with_rule_and_changes_nothing() -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=4)
    before = game.full_view()
    with pytest.raises(bgl.IllegalMove) as err:
        game.apply("take market@U1")
    assert isinstance(err.value, ValueError) and err.value.rule.startswith("saint_petersburg.action")
    assert "holds" in err.value.reason and game.full_view() == before and game.ply == 0


@cites("core.game_over")
def test_no_move_after_the_game_is_over() -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=8)
    while not game.is_over:
        game.apply(game.legal_moves()[0])
    assert game.current_player is None and game.legal_moves() == ()
    why = game.explain("pass")
    assert not why and why.rule == "core.game_over"
    with pytest.raises(bgl.IllegalMove) as err:
        game.apply("pass")
    assert err.value.rule == "core.game_over"


def test_undo_policy_play_versus_sandbox() -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=6)
    game.apply("take U1")
    game.apply("pass")
    assert game.can_undo()
    before = game.full_view()
    game.apply("pass")  # ends the phase: new buildings are revealed
    assert game.phase == "building" and not game.can_undo()
    with pytest.raises(bgl.UndoBlocked, match="sandbox"):
        game.undo()
    sandbox = bgl.load_game(game.to_json().replace('"play"', '"sandbox"'))
    assert sandbox.undo() == sandbox.parse_move("pass")
    assert sandbox.full_view() == before
    sandbox.redo()
    assert sandbox.full_view() == game.full_view()


def test_undo_redo_and_history_navigation() -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=2)
    first = game.legal_moves()[-1]
    game.apply(first)
    after_one = game.full_view()
    game.apply("pass")
    assert game.undo() == game.parse_move("pass") and game.full_view() == after_one
    assert game.can_redo()
    game.redo()
    assert game.ply == 2 and not game.can_redo()
    earlier = game.at(1)
    assert earlier.full_view() == after_one and game.ply == 2
    game.goto(0)
    assert game.ply == 0 and len(game._redo) == 2
    game.apply("pass")  # a new move drops the redo line
    assert not game.can_redo()


def test_clone_is_independent() -> None:
    game = play(bgl.new_game("saint_petersburg", players=4, seed=3), 10)
    twin = game.clone()
    twin.apply(twin.legal_moves()[-1])
    assert twin.ply == game.ply + 1 and twin.full_view() != game.full_view()
    assert game.definition.snapshot(game.clone().state) == game.definition.snapshot(game.state)


def test_log_has_phase_player_move_and_changes_in_words_and_data() -> None:
    game = play(bgl.new_game("saint_petersburg", players=2, seed=5, names=["Ada", "Bo"]), 6)
    log = game.log
    json.dumps(log)
    assert log[0]["phase"] == "setup" and any("25 rubles" in c["text"] for c in log[0]["changes"])
    entry = log[1]
    assert set(entry) >= {"ply", "phase", "player", "move", "text", "changes"}
    assert entry["text"].startswith(("Ada", "Bo")) and entry["move"] == str(game.moves[0])
    assert all("{p" not in c["text"] for e in log for c in e["changes"])


SAVE = bgl.new_game("saint_petersburg", players=2, seed=5).apply("pass").to_dict()


@pytest.mark.parametrize("mutate, field", [
    (lambda d: d.pop("seed"), "missing"),
    (lambda d: d.update(extra=1), "unexpected"),
    (lambda d: d.update(seed="5"), "'seed'"),
    (lambda d: d.update(seed=True), "'seed'"),
    (lambda d: d.update(players=9), "header"),
    (lambda d: d.update(game="chess"), "'game'"),
    (lambda d: d.update(rules_version=99), "'rules_version'"),
    (lambda d: d.update(moves=["pass", "buy unicorn@U1"]), "move 1"),
    (lambda d: d.update(moves=["take market@U1"]), "move 0"),
    (lambda d: d.update(moves=[{"__class__": "os.system"}]), "'moves'"),
    (lambda d: d.update(options={"pub_limit": ["x"]}), "'options'"),
    (lambda d: d.update(options={"evil": 1}), "header"),
    (lambda d: d.update(mode="god"), "'mode'"),
    (lambda d: d.update(format="pickle"), "'format'"),
    (lambda d: d.update(redo=["buy unicorn@U1"]), "'redo'"),
])
def test_hostile_or_malformed_saves_are_refused(mutate, field: str) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(json.dumps(SAVE))
    mutate(data)
    with pytest.raises(bgl.SaveFormatError, match=field):
        bgl.load_game(json.dumps(data))


@pytest.mark.parametrize("text", ["", "not json", "[1, 2]", '{"a": NaN}', "null", "[" * 100_000, "x" * 3_000_000,
                                  b"\xff\xfe"])
def test_non_json_saves_are_refused(text: str | bytes) -> None:
    with pytest.raises(bgl.SaveFormatError):
        bgl.load_game(text)


def test_save_and_load_round_trip_with_redo_line() -> None:
    game = play(bgl.new_game("saint_petersburg", players=3, seed=5, mode="sandbox"), 12)
    game.undo()
    game.undo()
    loaded = bgl.load_game(game.to_json())
    assert loaded.to_json() == game.to_json() and loaded.full_view() == game.full_view()
    loaded.redo()
    assert loaded.ply == game.ply + 1


def _flow(**changes: object) -> Flow:
    phases = [Phase("start", "Start", on_enter="begin"), Phase("play", "Play", moves=("go",), turn="clockwise"),
              Phase("game_over", "Over")]
    edges = [Edge("start", "play"), Edge("play", "game_over", guard="done")]
    fields = {"start": "start", "phases": tuple(phases), "edges": tuple(edges)}
    fields.update(changes)
    return Flow(**fields)  # type: ignore[arg-type]


class Impl:
    def begin(self, state: object) -> None: ...

    def done(self, state: object) -> bool:
        return True


def test_flow_validation_catches_mistakes() -> None:
    _flow().validate(Impl())
    with pytest.raises(ValueError, match="not a method"):
        _flow(edges=(Edge("start", "play"), Edge("play", "game_over", guard="finished"))).validate(Impl())
    with pytest.raises(ValueError, match="unknown phase"):
        _flow(edges=(Edge("start", "nowhere"), Edge("play", "game_over", guard="done"))).validate(Impl())
    with pytest.raises(ValueError, match="no way out"):
        _flow(edges=(Edge("start", "play"),)).validate(Impl())
    with pytest.raises(ValueError, match="unguarded"):
        _flow(edges=(Edge("start", "play", guard="done"), Edge("play", "game_over", guard="done"))).validate(Impl())
    with pytest.raises(ValueError, match="unknown turn order"):
        _flow(phases=(Phase("start", "S"), Phase("play", "P", moves=("go",), turn="zigzag"),
                      Phase("game_over", "O"))).validate(Impl())
