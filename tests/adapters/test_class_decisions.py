"""The class's own decisions against the equilibrium (boardgames_lab/analysis/class_decisions.py): a classroom
record of Saint Petersburg buy-or-take decisions (declared in rulesets/saint_petersburg/decisions.py), each solved in its real position with OpenSpiel's CFR+."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from boardgames_lab.analysis import class_decisions as cd
from boardgames_lab.analysis import decisions as efg
from boardgames_lab.core.game import Game
from boardgames_lab.rulesets.saint_petersburg.decisions import card_choice

BUY_OR_TAKE = ("saint_petersburg", "buy_or_take")  # the game and the kind of decision it declares

pytest.importorskip("sqlalchemy")
from boardgames_lab.classroom.room import Room  # noqa: E402


def _class(tmp_path: Path, moves: int = 12, seed: int = 3) -> tuple[Room, Any]:
    """A session of one two-seat table where each seat buys or takes a card when it can."""
    room = Room(str(tmp_path / "c.sqlite3"))
    table = room.add_table("saint_petersburg", players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game = table.game
        seat = game.to_act()[0]
        legal = [str(m) for m in game.definition.seat_moves(game.state, seat)]
        cards = [m for m in legal if m.split(" ")[0] in ("buy", "take")]
        room.move(table.id, seat, rng.choice(cards or legal), game.ply)
    return room, room.decisions()


def _games(room: Room) -> dict[str, Game]:
    return {t: table.game for t, table in room.tables.items()}


def test_a_card_choice_is_a_buy_or_a_take_of_a_card_that_could_have_had_the_other() -> None:
    legal = ["pass", "buy pub@U2", "take pub@U2", "take market@U1"]
    assert card_choice("buy pub@U2", legal) == ("buy", "pub@U2")
    assert card_choice("take pub@U2", legal) == ("take", "pub@U2")
    assert card_choice("take market@U1", legal) is None  # it could not be bought
    assert card_choice("pass", legal) is None and card_choice("buy", ["take"]) is None


def test_only_peoples_buy_or_take_decisions_at_saint_petersburg_tables_are_kept() -> None:
    both = ["pass", "buy pub@U2", "take pub@U2"]
    record = pd.DataFrame([
        {"table": "t1", "game": "saint_petersburg", "move": "buy pub@U2", "legal": both, "bot": None},
        {"table": "t1", "game": "saint_petersburg", "move": "pass", "legal": both, "bot": None},
        {"table": "t1", "game": "saint_petersburg", "move": "take pub@U2", "legal": both, "bot": "random"},
        {"table": "t2", "game": "citadels", "move": "buy pub@U2", "legal": both, "bot": None},
    ])
    assert list(cd.decision_rows(record, *BUY_OR_TAKE).index) == [0]
    assert list(cd.decision_rows(record, *BUY_OR_TAKE, people_only=False).index) == [0, 2]


def test_each_decision_is_solved_in_its_real_position_and_compared_with_what_was_chosen(tmp_path: Path) -> None:
    room, record = _class(tmp_path)
    chosen = cd.decision_rows(record, *BUY_OR_TAKE)
    assert len(chosen) >= 2
    payoffs, comparison = cd.class_decisions(record, _games(room), *BUY_OR_TAKE, playouts=2, iterations=200,
                                             limit=2)
    assert len(comparison) == 2 and list(comparison["ply"]) == list(chosen["ply"].tail(2))
    for row in comparison.itertuples():
        assert row.chose == record.loc[record["ply"] == row.ply, "move"].iloc[0].split(" ")[0]
        assert row.p_buy + row.p_take == pytest.approx(1.0, abs=1e-6)
        values = {"buy": row.value_buy, "take": row.value_take}
        assert row.regret == pytest.approx(max(values.values()) - values[row.chose])
        p_chose = row.p_buy if row.chose == "buy" else row.p_take
        if abs(row.p_buy - row.p_take) > 2e-3:  # (the probabilities are rounded; ties have a test of their own)
            assert row.agrees == (p_chose > 0.5)
        cells = payoffs[payoffs["decision"] == row.decision]
        assert set(cells["option"]) == {"buy", "take"}
        # Two seats: the margins are zero-sum in every cell.
        assert (cells["mover_payoff"] + cells["replier_payoff"]).abs().max() < 1e-9
        table = cd.payoff_matrix(payoffs, row.decision)
        assert list(table.index) == ["buy", "take"] and "pass" in table.columns
    room.close()


def test_the_equilibrium_follows_the_payoffs_and_a_student_who_chose_the_other_option_has_regret(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An evaluation where taking the card is worth 10 points to the mover: the equilibrium takes, and the
    comparison says so of every student, whatever they chose."""
    room, record = _class(tmp_path)

    def taking_pays(n: int = 0, seed: int = 0, bot: str = "random") -> Any:
        def evaluate(game: Game) -> list[float]:
            mover = game.moves[0].player
            took = game.moves[0].kind == "take"
            return efg.margins([10.0 if took and s == mover else 0.0 for s in range(game.num_players)])
        return evaluate

    monkeypatch.setattr(efg, "playouts", taking_pays)
    _, comparison = cd.class_decisions(record, _games(room), *BUY_OR_TAKE, iterations=200, limit=3)
    assert len(comparison) == 3
    assert (comparison["p_take"] > 0.99).all()
    assert list(comparison["value_take"] - comparison["value_buy"]) == pytest.approx([10.0] * 3)
    assert list(comparison["agrees"]) == [c == "take" for c in comparison["chose"]]
    assert list(comparison["regret"]) == pytest.approx([0.0 if c == "take" else 10.0 for c in comparison["chose"]])
    room.close()


def test_an_even_mix_agrees_with_either_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An evaluation paying nothing: buying and taking are worth the same, the equilibrium mixes them evenly,
    and every student agrees with it whatever they chose, with no regret (as a Citadels draft counts a tie)."""
    room, record = _class(tmp_path)

    def nothing_pays(n: int = 0, seed: int = 0, bot: str = "random") -> Any:
        return lambda game: [0.0] * game.num_players

    monkeypatch.setattr(efg, "playouts", nothing_pays)
    _, comparison = cd.class_decisions(record, _games(room), *BUY_OR_TAKE, iterations=50, limit=3)
    assert set(comparison["chose"]) == {"buy", "take"}
    assert list(comparison["p_buy"]) == [0.5] * 3 and list(comparison["p_take"]) == [0.5] * 3
    assert comparison["agrees"].all() and (comparison["regret"] == 0).all()
    room.close()


def test_a_decision_whose_table_or_seat_does_not_match_the_games_is_refused_by_name(tmp_path: Path) -> None:
    room, record = _class(tmp_path, moves=8)
    with pytest.raises(ValueError, match="no game for table 't1'"):
        cd.class_decisions(record, {}, *BUY_OR_TAKE, playouts=1, limit=1)
    wrong = cd.decision_rows(record, *BUY_OR_TAKE).tail(1).copy()
    wrong["seat"] = 1 - wrong["seat"]
    with pytest.raises(ValueError, match="was not to act there"):
        cd.class_decisions(wrong, _games(room), *BUY_OR_TAKE, playouts=1, limit=1)
    room.close()


def test_a_kind_of_decision_a_game_does_not_declare_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="village declares no class decision 'buy_or_take'; its decisions: "
                                         "\\['time_or_influence'\\]"):
        cd.declared("village", "buy_or_take")
    with pytest.raises(ValueError, match="its decisions: \\['buy_or_take'\\]"):
        cd.declared("saint_petersburg", "draft")
