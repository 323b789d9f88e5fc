"""The engine core: registry, moves and errors, undo policy, saving and loading, flow validation."""
from __future__ import annotations

import json
import math
import random

import pytest

import boardgames_lab as bgl
from boardgames_lab.core import turns
from boardgames_lab.core.definition import GameDefinition
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
    for names in ("AdaBo", 5, ["Ada", 5], ["Ada"], {"Ada": 1, "Bo": 2}):
        with pytest.raises(ValueError, match="names must be"):
            bgl.new_game("saint_petersburg", players=2, names=names)  # type: ignore[arg-type]


def test_rng_is_the_same_on_every_machine() -> None:
    r = Rng(42)
    assert [r.next64() for _ in range(3)] == [7315957777007703983, 11638005078363268458, 11476428403375978651]
    items = list(range(10))
    Rng(7).shuffle(items)
    assert items == [7, 5, 8, 4, 1, 9, 3, 0, 6, 2]
    piles = [list(range(10)), list(range(30))]
    shuffle = Rng(7).shuffler()  # one Mersenne Twister for several piles: the one ``random.Random`` would give
    for pile in piles:
        shuffle(pile)
    twister = random.Random(Rng(7).next64()).random
    for n, pile in zip((10, 30), piles):
        expected = list(range(n))
        for i in range(n - 1, 0, -1):
            j = math.floor(twister() * (i + 1))
            expected[i], expected[j] = expected[j], expected[i]
        assert pile == expected


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
            move.player = 3  # type: ignore[misc]  (a field: frozen)
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


@cites("core.not_your_turn")
def test_a_listed_draw_outcome_is_taken_as_listed_and_a_seat_may_not_make_it() -> None:
    """In explicit chance mode an outcome of ``chance_outcomes()`` is applied as listed (chance's move, no second
    check); the same value offered by a seat is refused, and an outcome listed before the last move is checked
    again in the new position."""
    game = bgl.new_game("saint_petersburg", players=2, seed=3, chance="explicit")
    outcomes = game.chance_outcomes()
    assert outcomes and game.to_act() == (bgl.CHANCE,)
    move = min(outcomes, key=lambda o: o[1])[0]  # a card of one copy: gone from the deck once drawn
    with pytest.raises(bgl.IllegalMove) as err:
        game.apply(move, player=0)
    assert err.value.rule == "core.not_your_turn" and game.ply == 0
    game.apply(move)
    assert game.ply == 1 and game.log[-1]["move"] == str(move)
    assert game.to_act() == (bgl.CHANCE,) and move not in [m for m, _ in game.chance_outcomes()]
    with pytest.raises(bgl.IllegalMove):
        game.apply(move)  # listed at the draw before, not at this one
    assert game.ply == 1


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
FIRST, SECOND = SAVE["moves"][0][0], 1 - SAVE["moves"][0][0]  # the seat to act first, and the other


@pytest.mark.parametrize("mutate, field", [
    (lambda d: d.pop("seed"), "missing"),
    (lambda d: d.update(extra=1), "unexpected"),
    (lambda d: d.update(seed="5"), "'seed'"),
    (lambda d: d.update(seed=True), "'seed'"),
    (lambda d: d.update(players=9), "field 'players'"),
    (lambda d: d.update(players=3), "field 'players'"),  # off by one: the names are right, the count is not
    (lambda d: d.update(players=True), "field 'players'"),
    (lambda d: d.update(game="chess"), "'game'"),
    (lambda d: d.update(game="citadels"), "field 'game'.*saint_petersburg"),  # not blamed on the options
    (lambda d: d.update(game=None), "field 'game'"),
    (lambda d: d.update(rules_version=99), "'rules_version'"),
    (lambda d: d.update(moves=[[FIRST, "pass"], [SECOND, "buy unicorn@U1"]]), "move 1"),
    (lambda d: d.update(moves=[[SECOND, "pass"]]), "move 0.*core.not_your_turn"),
    (lambda d: d.update(moves=[[0, 1]]), "field 'moves', item 0"),
    (lambda d: d.update(start={"format": "x"}), "field 'start'"),
    (lambda d: d.update(start=[]), "field 'start' must be dict or NoneType"),
    (lambda d: d.update(moves=[[FIRST, "take market@U1"]]), "move 0"),
    (lambda d: d.update(moves=["pass"]), "field 'moves', item 0: must be a \\[seat, notation\\] pair"),
    (lambda d: d.update(moves=[{"__class__": "os.system"}]), "'moves'"),
    (lambda d: d.update(moves=[[FIRST, "pass"], 1]), "field 'moves', item 1"),
    (lambda d: d.update(moves=[None]), "field 'moves', item 0"),
    (lambda d: d.update(moves=[["pass"]]), "field 'moves', item 0"),
    (lambda d: d.update(moves="pass"), "field 'moves' must be list"),
    (lambda d: d.update(redo=[7]), "field 'redo', item 0"),
    (lambda d: d.update(options={"pub_limit": ["x"]}), "'options'"),
    (lambda d: d.update(options={"evil": 1}), "field 'options'.*'evil'"),
    (lambda d: d.update(options={"open_money": 0}), "field 'options'.*'open_money'"),
    (lambda d: d.update(options={"open_money": 1}), "field 'options'.*'open_money'"),
    (lambda d: d.update(options=[]), "field 'options' must be dict"),
    (lambda d: d.update(mode="god"), "'mode'"),
    (lambda d: d.update(mode=None), "'mode'"),
    (lambda d: d.update(format="pickle"), "'format'"),
    (lambda d: d.update(version=3), "field 'version'"),
    (lambda d: d.update(version=True), "field 'version'"),
    (lambda d: d.update(rules_version=1.0), "field 'rules_version'"),
    (lambda d: d.update(redo=[[SECOND, "buy unicorn@U1"]]), "'redo'"),
    (lambda d: d.update(seed=-1), "field 'seed'"),
    (lambda d: d.update(seed=2**63), "field 'seed'"),
    (lambda d: d.update(seed=10**400), "field 'seed'"),
    (lambda d: d.update(seed=5.0), "field 'seed'"),
    (lambda d: d.update(seed=None), "field 'seed'"),
    (lambda d: d.update(names=["Ada", 2]), "field 'names', item 1"),
    (lambda d: d.update(names=["Ada", ""]), "field 'names'"),
    (lambda d: d.update(names="AdaBo"), "field 'names' must be list"),
    (lambda d: d.pop("names"), "field 'names' is missing"),
    (lambda d: d.pop("redo"), "field 'redo' is missing"),
    (lambda d: d.update(Moves=[]), "field 'Moves' is not a field"),
])
def test_hostile_or_malformed_saves_are_refused(mutate, field: str) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(json.dumps(SAVE))
    mutate(data)
    with pytest.raises(bgl.SaveFormatError, match=field):
        bgl.load_game(json.dumps(data))


@pytest.mark.parametrize("key", ["moves", "redo", "seed", "game", "open_money"])
def test_a_save_with_a_duplicate_key_is_refused_naming_the_key(key: str) -> None:
    text = json.dumps(SAVE)
    if key == "open_money":  # inside the options object: a duplicate anywhere is refused
        text = text.replace('"open_money": false', '"open_money": true, "open_money": false')
    else:
        text = text.replace("{", "{" + json.dumps(key) + ": " + json.dumps(SAVE[key]) + ", ", 1)
    assert text.count(json.dumps(key)) == 2
    with pytest.raises(bgl.SaveFormatError, match=f"field '{key}' appears twice"):
        bgl.load_game(text)


@pytest.mark.parametrize("name, options, wrong", [
    ("saint_petersburg", {"open_money": 0}, "open_money"),
    ("saint_petersburg", {"open_money": 1}, "open_money"),
    ("citadels", {"action_cards": 1}, "action_cards"),
    ("village", {"time_lap": 12.0}, "time_lap"),
    ("village", {"time_lap": True}, "time_lap"),
    ("village", {"graves": 6.0}, "graves"),
    ("keythedral", {"face_up_tiles": 0.0}, "face_up_tiles"),
])
def test_option_values_of_the_wrong_type_are_refused_naming_the_option(name: str, options: dict[str, object],
                                                                       wrong: str) -> None:
    with pytest.raises(bgl.OptionError, match=f"option '{wrong}' must be one of"):
        bgl.new_game(name, seed=1, **options)
    saved = bgl.new_game(name, seed=1).to_dict()
    saved["options"].update(options)
    with pytest.raises(bgl.SaveFormatError, match=f"field 'options'.*'{wrong}'"):
        bgl.load_game(json.dumps(saved))


def test_a_player_name_is_data_not_a_template() -> None:
    def texts(names: list[str]) -> list[str]:
        game = play(bgl.new_game("saint_petersburg", players=2, seed=5, names=names), 30)
        return [c["text"] for entry in game.log for c in entry["changes"]] + [e["text"] for e in game.log]

    plain = texts(["Ada", "Bo"])
    marked = texts(["{p1}", "Bo"])
    assert any("Ada" in t for t in plain)
    assert marked == [t.replace("Ada", "{p1}") for t in plain]
    assert texts(["{p0}{p1}", "{p2}"]) == [t.replace("Ada", "{p0}{p1}").replace("Bo", "{p2}") for t in plain]


@cites("core.not_a_move")
@pytest.mark.parametrize("value, field", [
    (5, "of one of its move types"), ({"kind": "pass"}, "of one of its move types"),
    (("take", "market"), "of one of its move types"), (None, "of one of its move types"),
    ("PASS_TUPLE", "of one of its move types"), ("PUB_TRUE", "field 'points'"), ("PUB_FLOAT", "field 'points'"),
    ("CARD_NONE", "field 'card'"), ("TARGET_LIST", "field 'replaces'"), ("TARGET_INT", "field 'replaces'"),
])
def test_a_value_that_is_not_a_move_gets_illegal_move_naming_the_field(value: object, field: str) -> None:
    import dataclasses
    from boardgames_lab.rulesets.saint_petersburg import BuyCard, BuyPoints, Pass
    game = play(bgl.new_game("saint_petersburg", players=2, seed=4), 3)
    legal = game.legal_moves()
    take = next(m for m in legal if m.kind in ("take", "buy"))
    seat = game.current_player
    buy = BuyCard(seat, "market", "U1")
    built = {"PASS_TUPLE": dataclasses.astuple(Pass(seat)), "PUB_TRUE": BuyPoints(seat, True),
             "PUB_FLOAT": BuyPoints(seat, 1.5), "CARD_NONE": dataclasses.replace(take, card=None),
             "TARGET_LIST": dataclasses.replace(buy, replaces=[]),
             "TARGET_INT": dataclasses.replace(buy, replaces=3)}  # str() fails
    move = built.get(value, value) if isinstance(value, str) else value
    before = game.position()
    why = game.explain(move)
    assert not why and why.rule == "core.not_a_move" and field in why.reason
    with pytest.raises(bgl.IllegalMove) as err:
        game.apply(move)
    assert err.value.rule == "core.not_a_move" and game.position() == before
    assert str(err.value).startswith(repr(move))  # not its notation: BuyPoints(0, True) reads "pub True"
    with pytest.raises(bgl.InvalidNotation):
        game.parse_move(move)  # type: ignore[arg-type]


@cites("core.not_a_move")
def test_a_value_equal_to_a_legal_move_but_of_another_type_is_refused() -> None:
    from tests.lab.tinygames import Nim, Take
    game = bgl.Game(Nim(), 2, 0, {})
    for value in (True, 1.0):
        move = Take(0, value)  # type: ignore[arg-type]
        assert move in game.legal_moves()  # Python's 1 == True == 1.0, field by field
        with pytest.raises(bgl.IllegalMove, match=f"field 'counters' of a move must be int, not {type(value).__name__}") as err:
            game.apply(move)
        assert err.value.rule == "core.not_a_move" and game.ply == 0
    with pytest.raises(bgl.IllegalMove, match="a Nim move is a value of type Take or its notation, not int 1"):
        game.apply(1)
    game.apply(Take(0, 1))
    assert game.moves == (Take(0, 1),) and type(game.moves[0].counters) is int


def test_a_save_whose_move_crashes_the_rule_code_is_refused_naming_the_move(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgames_lab.core import registry
    from tests.lab.tinygames import Nim

    class CrashingNim(Nim):
        def check(self, st, move):  # type: ignore[no-untyped-def]
            if move.counters == 2:
                raise KeyError(move)  # a refusal that crashes, as a game's bug would
            return super().check(st, move)

    monkeypatch.setitem(registry._GAMES, "nim_test", CrashingNim())
    saved = bgl.Game(registry.definition("nim_test"), 2, 0, {}).apply("take 1").to_dict()
    saved["moves"].append([1, "take 2"])
    with pytest.raises(bgl.SaveFormatError, match="field 'moves', move 1 'take 2': could not be checked"):
        bgl.load_game(json.dumps(saved))


@pytest.mark.parametrize("text", ["", "not json", "[1, 2]", '{"a": NaN}', "null", "[" * 100_000, "x" * 3_000_000,
                                  b"\xff\xfe"])
def test_non_json_saves_are_refused(text: str | bytes) -> None:
    with pytest.raises(bgl.SaveFormatError):
        bgl.load_game(text)


def test_a_save_holds_a_game_of_any_length_and_its_redo_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A legal game may run past any move count (random Keythedral reaches a million moves): 30,000 moves and a
    redo line of 25,000 save and load."""
    from boardgames_lab.core import registry
    from tests.lab.tinygames import Nim
    monkeypatch.setitem(registry._GAMES, "nim_test", Nim(pile=55_000))
    game = bgl.Game(registry.definition("nim_test"), 2, 0, {}, mode="sandbox")
    for _ in range(55_000):
        game.apply("take 1")
    for _ in range(25_000):
        game.undo()
    text = game.to_json()
    loaded = bgl.load_game(text)
    assert loaded.ply == 30_000 and len(json.loads(text)["redo"]) == 25_000 and loaded.to_json() == text


def test_a_save_is_bounded_by_the_bytes_of_its_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgames_lab.core import records
    game = bgl.new_game("saint_petersburg", players=2, seed=5, names=["Zoë", "Åsa" * 20])
    text = json.dumps(game.to_dict(), ensure_ascii=False)  # a save written by hand or by another JSON writer
    size = len(text.encode("utf-8"))
    assert size > len(text)  # the names' letters take two bytes each: the limit counts bytes, not characters
    with pytest.raises(bgl.SaveFormatError, match=f"the saved game's text is larger than {size - 1} bytes"):
        bgl.load_game(text, max_bytes=size - 1)
    with pytest.raises(bgl.SaveFormatError, match="larger than"):
        bgl.load_game(text.encode("utf-8"), max_bytes=size - 1)
    assert bgl.load_game(text, max_bytes=size).to_json() == game.to_json()
    monkeypatch.setattr(records, "MAX_BYTES", len(text))  # the default limit, for a text under it in characters
    with pytest.raises(bgl.SaveFormatError, match=f"larger than {len(text)} bytes, the most load_game reads"):
        bgl.load_game(text)


@pytest.mark.parametrize("number", ["9" * 5000, "-" + "1" * 4400, "1" * 4301])
def test_a_number_too_long_for_any_field_is_refused_in_words(number: str) -> None:
    text = json.dumps(SAVE).replace('"seed": ', f'"seed": {number}, "x": ', 1)
    with pytest.raises(bgl.SaveFormatError, match=r"not valid JSON: a number of \d+ digits \(at most 4300\)"):
        bgl.load_game(text)


def test_save_and_load_round_trip_with_redo_line() -> None:
    game = play(bgl.new_game("saint_petersburg", players=3, seed=5, mode="sandbox"), 12)
    game.undo()
    game.undo()
    loaded = bgl.load_game(game.to_json())
    assert loaded.to_json() == game.to_json() and loaded.full_view() == game.full_view()
    loaded.redo()
    assert loaded.ply == game.ply + 1


def test_a_version_1_save_still_loads_and_a_save_of_other_rules_names_its_version() -> None:
    game = play(bgl.new_game("saint_petersburg", players=2, seed=5, mode="sandbox"), 6)
    record = game.to_dict()
    old = {k: v for k, v in record.items() if k not in ("start", "chance")}  # as version 1 wrote it
    old.update(version=1, moves=[text for _, text in record["moves"]], redo=[])
    loaded = bgl.load_game(json.dumps(old))
    assert loaded.full_view() == game.full_view() and loaded.moves == game.moves
    with pytest.raises(bgl.SaveFormatError, match="saved with rules version 0, this engine plays version"):
        bgl.load_game(json.dumps({**old, "rules_version": 0}))


def begin(state: object) -> None: ...


def done(state: object) -> bool:
    return True


def _flow(**changes: object) -> Flow:
    phases = [Phase("start", "Start", on_enter=begin), Phase("play", "Play", moves=("go",), turn=turns.clockwise),
              Phase("game_over", "Over")]
    edges = [Edge("start", "play"), Edge("play", "game_over", guard=done)]
    fields = {"start": "start", "phases": tuple(phases), "edges": tuple(edges)}
    fields.update(changes)
    return Flow(**fields)  # type: ignore[arg-type]


def test_flow_validation_catches_mistakes() -> None:
    _flow().validate()
    with pytest.raises(ValueError, match="guard is the text 'done': the flow names the function itself"):
        _flow(edges=(Edge("start", "play"), Edge("play", "game_over", guard="done"))).validate()  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="hook is int 3, not a function of the state"):
        _flow(edges=(Edge("start", "play", hook=3), Edge("play", "game_over", guard=done))).validate()  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="has no name for the diagram"):
        _flow(edges=(Edge("start", "play"), Edge("play", "game_over", guard=lambda st: True))).validate()
    with pytest.raises(ValueError, match="unknown phase"):
        _flow(edges=(Edge("start", "nowhere"), Edge("play", "game_over", guard=done))).validate()
    with pytest.raises(ValueError, match="no way out"):
        _flow(edges=(Edge("start", "play"),)).validate()
    with pytest.raises(ValueError, match="unguarded"):
        _flow(edges=(Edge("start", "play", guard=done), Edge("play", "game_over", guard=done))).validate()
    with pytest.raises(ValueError, match="phase play: turn order is the text 'zigzag'"):
        _flow(phases=(Phase("start", "S"), Phase("play", "P", moves=("go",), turn="zigzag"),  # type: ignore[arg-type]
                      Phase("game_over", "O"))).validate()
    with pytest.raises(ValueError, match="cites unknown rule nim.take"):
        Flow(start="start", phases=(Phase("start", "S", rules=("nim.take",)), Phase("game_over", "O")),
             edges=(Edge("start", "game_over"),)).validate({"core.legal"})


def test_the_diagram_names_hooks_guards_and_turn_orders_by_their_functions() -> None:
    flow = _flow()
    assert flow.phase("start").enter_name == "begin" and flow.edges[1].guard_name == "done"
    assert flow.phase("play").turn_name == "clockwise" and flow.phase("game_over").turn_name == "same"

    def turn_next_pub_owner(state: object) -> None: ...

    assert Phase("pub", "Pub", moves=("pub",), turn=turn_next_pub_owner).turn_name == "next_pub_owner"


def test_a_definition_lacking_a_supplied_method_is_refused_when_made() -> None:
    """The engine's part of a definition: a game that supplies no apply_move (nor any other method every game
    supplies) is refused when its definition is made, naming what is missing."""
    from tests.lab.tinygames import Nim

    class Careless(Nim):
        apply_move = GameDefinition.apply_move  # as if the game had never written it

    with pytest.raises(TypeError, match="a game supplies apply_move"):
        Careless()
    assert Nim().info.name == "nim_test"
