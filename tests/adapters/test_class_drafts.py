"""The class's Citadels draft picks against the equilibrium (boardgames_lab/analysis/class_decisions.py, the
decision ``draft`` of rulesets/citadels/decisions.py): a classroom record of a four-seat Citadels table, three seats played by simulated
students and one by a bot, each pick solved in its real position with OpenSpiel's CFR+."""
from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path
from typing import Any, Iterator

import pandas as pd
import pytest

import boardgames_lab as bgl
from boardgames_lab.adapters.pettingzoo import acting_seat, seat_moves
from boardgames_lab.analysis import class_decisions as cd
from boardgames_lab.analysis import decisions as efg
from boardgames_lab.core.game import Game
from boardgames_lab.core.moves import CHANCE
from boardgames_lab.rulesets.citadels.data import CHAR_INDEX
from boardgames_lab.rulesets.citadels.decisions import draft_options

pytest.importorskip("sqlalchemy")
from boardgames_lab.classroom.room import Room  # noqa: E402

BOT_SEAT = 3
DRAFT = ("citadels", "draft")  # the game and the kind of decision it declares


def _class(tmp_path: Path, moves: int = 40, seed: int = 3) -> tuple[Room, Any]:
    """A session of one four-seat Citadels table: seats 0-2 are students playing at random, seat 3 a bot."""
    room = Room(str(tmp_path / "c.sqlite3"))
    table = room.add_table("citadels", players=4, seed=seed)
    room.seat_bot(table.id, BOT_SEAT, "random")
    rng = random.Random(seed)
    for _ in range(moves):
        game = table.game
        if game.is_over:
            break
        seat = game.to_act()[0]
        legal = [str(m) for m in game.definition.seat_moves(game.state, seat)]
        room.move(table.id, seat, rng.choice(legal), game.ply)
    return room, room.decisions()


def _games(room: Room) -> dict[str, Game]:
    return {t: table.game for t, table in room.tables.items()}


@pytest.fixture
def session(tmp_path: Path) -> Iterator[tuple[Room, Any]]:
    room, record = _class(tmp_path)
    yield room, record
    room.close()


def test_a_draft_decision_is_a_pick_or_burial_among_two_or_more_legal_ones() -> None:
    legal = ["pick king", "pick thief", "pick bishop"]
    assert draft_options("pick thief", legal) == legal
    assert draft_options("bury king", ["bury king", "bury thief"]) == ["bury king", "bury thief"]
    assert draft_options("pick king", ["pick king"]) is None  # no choice
    assert draft_options("pick wizard", legal) is None  # not one of the legal picks
    assert draft_options("gold", ["gold", "draw"]) is None


def test_only_peoples_draft_picks_at_citadels_tables_are_kept() -> None:
    picks = ["pick king", "pick thief"]
    record = pd.DataFrame([
        {"table": "t1", "game": "citadels", "phase": "draft", "move": "pick king", "legal": picks, "bot": None},
        {"table": "t1", "game": "citadels", "phase": "draft", "move": "pick thief", "legal": picks, "bot": "random"},
        {"table": "t1", "game": "citadels", "phase": "turn", "move": "gold", "legal": ["gold", "draw"], "bot": None},
        {"table": "t2", "game": "saint_petersburg", "phase": "draft", "move": "pick king", "legal": picks,
         "bot": None},
    ])
    assert list(cd.decision_rows(record, *DRAFT).index) == [0]
    assert list(cd.decision_rows(record, *DRAFT, people_only=False).index) == [0, 1]


def test_the_rows_are_the_students_draft_picks_of_the_record(session: tuple[Room, Any]) -> None:
    _, record = session
    rows = cd.decision_rows(record, *DRAFT)
    drafts = record[(record["phase"] == "draft") & record["bot"].isna()]
    assert len(rows) >= 4 and set(rows["seat"]) <= {0, 1, 2}
    assert (rows["bot"].isna()).all() and set(rows.index) == {i for i in drafts.index if len(drafts["legal"][i]) > 1}
    assert len(record[(record["phase"] == "draft") & (record["seat"] == BOT_SEAT)]) >= 1  # the bot drafted too


def test_each_pick_is_solved_in_its_real_position_with_every_legal_pick_at_the_root(
        session: tuple[Room, Any]) -> None:
    room, record = session
    games = _games(room)
    chosen = cd.decision_rows(record, *DRAFT)
    payoffs, comparison = cd.class_decisions(record, games, *DRAFT, playouts=1, iterations=200, limit=3)
    assert list(comparison["ply"]) == list(chosen.sort_values("at", kind="stable")["ply"].tail(3))
    last_picks = 0
    for row in comparison.itertuples():
        before = games[row.table].at(row.ply - 1)
        legal = sorted(str(m) for m in seat_moves(before, row.seat))
        recorded = record.loc[record["ply"] == row.ply].iloc[0]
        assert sorted(row.options) == legal == sorted(recorded["legal"]) and row.chose == recorded["move"]
        assert sum(row.equilibrium.values()) == pytest.approx(1.0, abs=1e-6)
        assert row.p_chosen == row.equilibrium[row.chose] and row.p_likeliest == max(row.equilibrium.values())
        assert row.agrees == (row.p_chosen >= row.p_likeliest)
        regrets = {m: row.value_best - v for m, v in row.values.items()}
        assert min(regrets.values()) == 0.0 and all(r >= 0 for r in regrets.values())
        assert row.regret == pytest.approx(regrets[row.chose]) and row.regret >= 0
        assert row.nash_conv < 0.05
        table = cd.payoff_matrix(payoffs, row.decision)
        assert list(table.index) == list(row.options)
        afters = [before.clone().apply(m, player=row.seat) for m in row.options]
        if afters[0].phase == "draft":  # the next drafter's picks, from what each option leaves
            assert set(table.columns) == {str(m) for g in afters for m in seat_moves(g, g.to_act()[0])}
        else:  # the draft's last pick: the next move is a called character's, not in the tree
            assert list(table.columns) == ["(draft over)"]
            last_picks += 1
        options = cd.option_table(comparison, row.decision)
        assert list(options.index) == list(row.options) and options["chosen"].sum() == 1
    assert 0 < last_picks < len(comparison)  # both kinds of step were solved


def test_the_equilibrium_follows_the_payoffs_and_every_other_pick_has_regret(
        session: tuple[Room, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """An evaluation paying the drafter the rank of the character it picked: the equilibrium picks the
    highest one, and a student's regret is how many ranks lower theirs was."""
    room, record = session

    def rank_pays(n: int = 0, seed: int = 0, bot: str = "random") -> Any:
        def evaluate(game: Game) -> list[float]:
            first = game.moves[0]
            rank = float(CHAR_INDEX[first.character])
            return efg.margins([rank if s == first.player else 0.0 for s in range(game.num_players)])
        return evaluate

    monkeypatch.setattr(efg, "playouts", rank_pays)
    _, comparison = cd.class_decisions(record, _games(room), *DRAFT, iterations=200, limit=3)
    assert len(comparison) == 3
    for row in comparison.itertuples():
        ranks = {m: CHAR_INDEX[m.split(" ")[1]] for m in row.options}
        best = max(ranks, key=lambda m: ranks[m])
        assert row.likeliest == best and row.p_likeliest > 0.99
        scale = row.values[best] - row.values[min(ranks, key=lambda m: ranks[m])]
        unit = scale / (max(ranks.values()) - min(ranks.values()))
        assert row.regret == pytest.approx(unit * (ranks[best] - ranks[row.chose]))
        assert row.agrees == (row.chose == best)


def test_a_pick_whose_table_or_legal_moves_do_not_match_the_games_is_refused_by_name(
        session: tuple[Room, Any]) -> None:
    room, record = session
    with pytest.raises(ValueError, match="no game for table 't1'"):
        cd.class_decisions(record, {}, *DRAFT, playouts=1, limit=1)
    wrong = cd.decision_rows(record, *DRAFT).tail(1).copy()
    wrong["legal"] = [list(wrong["legal"].iloc[0]) + ["pick nobody"]]
    with pytest.raises(ValueError, match="the record.s legal moves .* are not the position.s"):
        cd.class_decisions(wrong, _games(room), *DRAFT, playouts=1, limit=1)


def _at_a_lay() -> Game:
    """A four-seat game with explicit chance, just before round 2's characters are laid out."""
    game = bgl.new_game("citadels", players=4, seed=3, chance="explicit")
    rng = random.Random(0)
    while not (game.state.round == 2 and game.phase == "lay" and game.to_act() == (CHANCE,)):
        if game.to_act() == (CHANCE,):
            outcomes = game.chance_outcomes()
            game.apply(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0], player=CHANCE)
        else:
            seat = int(acting_seat(game))  # type: ignore[arg-type]
            game.apply(rng.choice(list(seat_moves(game, seat))), player=seat)
    return game


def test_the_next_drafter_knows_the_pick_only_as_far_as_the_pool_passed_to_it_shows() -> None:
    """The tree from the laying out of the characters: after "the Wizard face down, the drafter picks the
    Bishop" and "the Bishop face down, the drafter picks the Wizard" the next drafter is passed the same
    cards, and the engine's view puts both in one information set; different pools passed are different sets.

    The lines where the King lies face down are compared among themselves only: the public log says from
    how many characters each face-up one was drawn, and the King is never drawn face up, so today that
    number tells the table whether the King is still in the stack."""
    start = _at_a_lay()
    tree = efg.decision_tree("citadels", start.position(), plies=2)
    seen: dict[tuple[tuple[str, ...], frozenset[str], bool], set[str]] = defaultdict(set)
    picks: dict[str, set[str]] = defaultdict(set)

    def walk(node: efg.Node, path: tuple[str, ...]) -> None:
        if node.kind == "decision" and any(p.startswith("pick ") for p in path):
            down = next(p.split(" ")[1] for p in path if p.endswith("face down"))
            up = tuple(p.split(" ")[1] for p in path if p.endswith("face up"))
            pick = path[-1].split(" ")[1]
            passed = frozenset(CHAR_INDEX) - {down, pick, *up}
            assert {m.split(" ")[1] for m, _, _ in node.edges} == passed  # its moves are the cards passed
            seen[(up, passed, down == "king")].add(node.infoset or "")
            picks[node.infoset or ""].add(pick)
            return
        for move, _, child in node.edges:
            walk(child, (*path, move))

    walk(tree.root, ())
    assert all(len(sets) == 1 for sets in seen.values())  # one visible pool: one information set
    pool_of: dict[str, tuple[tuple[str, ...], frozenset[str]]] = {}
    for (up, passed, _), sets in seen.items():  # different visible pools: different sets
        assert all(pool_of.setdefault(i, (up, passed)) == (up, passed) for i in sets)
    assert any(len(p) > 1 for p in picks.values())  # a set holds lines where the drafter picked differently
