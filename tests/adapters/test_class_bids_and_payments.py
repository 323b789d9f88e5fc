"""The class's Keythedral bids and Village payments against the equilibrium (boardgames_lab/analysis/class_decisions.py,
the decisions ``bid`` of rulesets/keythedral/decisions.py and ``time_or_influence`` of rulesets/village/decisions.py):
classroom records of two-seat tables played by simulated students, each decision solved in its real position with
OpenSpiel's CFR+."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable, Iterator

import pandas as pd
import pytest

from boardgames_lab.adapters.pettingzoo import seat_moves
from boardgames_lab.analysis import class_decisions as cd
from boardgames_lab.analysis import decisions as efg
from boardgames_lab.core.game import Game
from boardgames_lab.rulesets.keythedral.decisions import bid_options
from boardgames_lab.rulesets.village.decisions import action, payment_options, way

pytest.importorskip("sqlalchemy")
from boardgames_lab.classroom.room import Room  # noqa: E402

BID = ("keythedral", "bid")
PAYMENT = ("village", "time_or_influence")


def _student(rng: random.Random) -> Callable[[Game, list[str]], str]:
    """A simulated student: passes most turns of Keythedral's phase three (so the auctions come soon), in
    Village mostly takes crafts or church cubes and then crafts or goes to church; else any legal move."""
    def choose(game: Game, legal: list[str]) -> str:
        if game.phase == "actions" and "pass" in legal and rng.random() < 0.7:
            return "pass"
        if game.phase == "turn":
            wanted = [m for m in legal if m.split(" ")[1:2] in (["crafts"], ["church"])]
            if wanted and rng.random() < 0.7:
                return rng.choice(wanted)
        if game.phase == "action":
            wanted = [m for m in legal if way(m)]
            if wanted:
                return rng.choice(wanted)
        return rng.choice(legal)
    return choose


def _class(tmp_path: Path, game: str, moves: int, seed: int = 2) -> tuple[Room, Any]:
    """A session of one two-seat table of ``game`` played by simulated students."""
    room = Room(str(tmp_path / "c.sqlite3"))
    table = room.add_table(game, players=2, seed=seed)
    choose = _student(random.Random(seed))
    for _ in range(moves):
        position = table.game
        seat = position.to_act()[0]
        room.move(table.id, seat, choose(position, [str(m) for m in seat_moves(position, seat)]), position.ply)
    return room, room.decisions()


def _games(room: Room) -> dict[str, Game]:
    return {t: table.game for t, table in room.tables.items()}


@pytest.fixture(scope="module")
def auctions(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Room, Any]]:
    """Round one's auction: the first bidder's bid (the record's ply 37) and player B's answer (ply 38)."""
    room, record = _class(tmp_path_factory.mktemp("k"), "keythedral", moves=40)
    yield room, record
    room.close()


@pytest.fixture(scope="module")
def payments(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Room, Any]]:
    room, record = _class(tmp_path_factory.mktemp("v"), "village", moves=14)
    yield room, record
    room.close()


# --- Keythedral: the bid in the start-player auction --------------------------------------------------------
def test_a_bid_decision_is_any_bid_among_two_or_more_legal_ones() -> None:
    legal = ["bid 0", "bid 1", "bid 2"]
    assert bid_options("bid 2", legal) == legal
    assert bid_options("bid 0", ["bid 0", "bid 3"]) == ["bid 0", "bid 3"]  # player B: pass or match
    assert bid_options("bid 0", ["bid 0"]) is None  # no choice
    assert bid_options("bid 5", legal) is None and bid_options("pass", ["pass", "bid 1"]) is None


def test_only_peoples_bids_at_keythedral_tables_in_the_auction_are_kept() -> None:
    bids = ["bid 0", "bid 1"]
    record = pd.DataFrame([
        {"table": "t1", "game": "keythedral", "phase": "auction", "move": "bid 1", "legal": bids, "bot": None},
        {"table": "t1", "game": "keythedral", "phase": "auction", "move": "bid 0", "legal": bids, "bot": "heuristic"},
        {"table": "t1", "game": "keythedral", "phase": "order", "move": "order 1", "legal": ["order 1", "order 2"],
         "bot": None},
        {"table": "t2", "game": "village", "phase": "auction", "move": "bid 1", "legal": bids, "bot": None},
    ])
    assert list(cd.decision_rows(record, *BID).index) == [0]
    assert list(cd.decision_rows(record, *BID, people_only=False).index) == [0, 1]


def test_each_bid_is_solved_with_every_legal_bid_at_the_root_and_the_next_bidders_answers(
        auctions: tuple[Room, Any]) -> None:
    room, record = auctions
    games = _games(room)
    chosen = cd.decision_rows(record, *BID)
    assert list(chosen["ply"]) == [37, 38]
    payoffs, comparison = cd.class_decisions(record, games, *BID, playouts=1, iterations=200)
    assert list(comparison["ply"]) == [37, 38] and list(comparison["last"]) == [False, True]
    for row in comparison.itertuples():
        before = games[row.table].at(row.ply - 1)
        legal = sorted(str(m) for m in seat_moves(before, row.seat))
        recorded = record.loc[record["ply"] == row.ply].iloc[0]
        assert sorted(row.options) == legal == sorted(recorded["legal"]) and row.chose == recorded["move"]
        assert sum(row.equilibrium.values()) == pytest.approx(1.0, abs=1e-6)
        assert row.p_chosen == row.equilibrium[row.chose] and row.p_likeliest == max(row.equilibrium.values())
        assert row.agrees == (row.p_chosen >= row.p_likeliest - 1e-6)
        assert row.regret == pytest.approx(row.value_best - row.value_chosen) and row.regret >= 0
        assert row.nash_conv < 0.05
        table = cd.payoff_matrix(payoffs, row.decision)
        assert list(table.index) == list(row.options)
        if not row.last:  # player B answers each bid with its own legal bids: pass, or match when it can
            afters = [before.clone().apply(m, player=row.seat) for m in row.options]
            assert set(table.columns) == {str(m) for g in afters for m in seat_moves(g, g.to_act()[0])}
            assert set(payoffs[payoffs["decision"] == row.decision]["replier"]) == {1 - row.seat}
        else:  # B's bid ends the bidding: the payment and the choice of start player are the playouts'
            assert list(table.columns) == ["(auction over)"]


def test_the_equilibrium_bids_what_the_payoffs_reward_and_a_lower_bid_has_regret(
        auctions: tuple[Room, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """An evaluation paying the first bidder its bid: the equilibrium bids the most, and a student's regret is
    how much less they bid."""
    room, record = auctions

    def bid_pays(n: int = 0, seed: int = 0, bot: str = "random") -> Any:
        def evaluate(game: Game) -> list[float]:
            first = game.moves[0]
            return efg.margins([float(first.cubes) if s == first.player else 0.0 for s in range(game.num_players)])
        return evaluate

    monkeypatch.setattr(efg, "playouts", bid_pays)
    first = cd.decision_rows(record, *BID).head(1)
    _, comparison = cd.class_decisions(first, _games(room), *BID, iterations=200)
    row = comparison.iloc[0]
    amounts = {m: int(m.split(" ")[1]) for m in row["options"]}
    best = max(amounts, key=lambda m: amounts[m])
    assert row["likeliest"] == best and row["p_likeliest"] > 0.99
    assert row["regret"] == pytest.approx(amounts[best] - amounts[row["chose"]])
    assert row["agrees"] == (row["chose"] == best)


def test_player_b_knows_the_first_bid_and_not_the_cubes_behind_the_first_bidders_screen(
        auctions: tuple[Room, Any]) -> None:
    """The bids are public, so each bid puts player B in an information set of its own; the cubes behind the
    first bidder's screen are not in B's information (another colour there leaves it as it is)."""
    room, record = auctions
    before = _games(room)["t1"].at(int(cd.decision_rows(record, *BID)["ply"].iloc[0]) - 1)
    first, b = before.to_act()[0], 1 - before.to_act()[0]
    tree = efg.decision_tree("keythedral", before.position(), plies=2)
    replies = {move: child.infoset for move, _, child in tree.root.edges}
    assert all(child.kind == "decision" and child.seat == b for _, _, child in tree.root.edges)
    assert len(set(replies.values())) == len(replies) > 1
    resampled = before.clone()  # one of the first bidder's cubes of another colour behind its screen, its count kept
    cubes = resampled.state.cubes[first]
    held = next(k for k in range(8) if cubes[k])
    cubes[held], cubes[(held + 1) % 8] = cubes[held] - 1, cubes[(held + 1) % 8] + 1
    assert sum(cubes) == sum(before.state.cubes[first]) and cubes != before.state.cubes[first]
    for move in replies:
        real, other = before.clone().apply(move, player=first), resampled.clone().apply(move, player=first)
        assert efg._information(real, b) == efg._information(other, b)
        assert efg._information(real, first) != efg._information(other, first)


# --- Village: pay with time or with influence ---------------------------------------------------------------
def test_a_payment_decision_is_every_way_of_one_action_when_time_and_influence_both_pay() -> None:
    legal = ["skip", "church g1 brown", "church g1 brown +1c", "church g1 time", "church g2 time"]
    assert [way(m) for m in legal] == [None, "influence", "influence", "time", "time"]
    assert action("church g1 brown +1c") == "church g1" and action("skip") is None
    assert payment_options("church g1 time", legal) == legal[1:4]  # that villager's three ways
    assert payment_options("church g2 time", legal) is None  # only time
    crafts = ["craft wagon pay +1c", "craft wagon train g1", "craft wagon train g2", "craft scroll worker"]
    assert payment_options("craft wagon train g2", crafts) == crafts[:3]
    assert way("craft scroll worker") == "time" and payment_options("craft scroll worker", crafts) is None
    assert payment_options("church g1 time", legal[3:]) is None and payment_options("skip", legal) is None


def test_each_payment_is_solved_with_every_way_at_the_root_and_the_next_players_replies(
        payments: tuple[Room, Any]) -> None:
    room, record = payments
    games = _games(room)
    chosen = cd.decision_rows(record, *PAYMENT)
    assert len(chosen) >= 3 and (chosen["phase"] == "action").all()
    payoffs, comparison = cd.class_decisions(record, games, *PAYMENT, playouts=1, iterations=200, limit=3)
    assert list(comparison["ply"]) == list(chosen["ply"].tail(3))
    for row in comparison.itertuples():
        before = games[row.table].at(row.ply - 1)
        recorded = record.loc[record["ply"] == row.ply].iloc[0]
        assert row.options == [m for m in recorded["legal"] if action(m) == row.action]
        assert row.chose == recorded["move"]
        assert {way(m) for m in row.options} == {"time", "influence"} and row.way == way(row.chose)
        assert sum(row.equilibrium.values()) == pytest.approx(1.0, abs=1e-6)
        assert row.p_time + row.p_influence == pytest.approx(1.0, abs=1e-6)
        assert row.value_time == max(v for m, v in row.values.items() if way(m) == "time")
        assert row.likelier_way == ("time" if row.p_time > row.p_influence else "influence") or \
            abs(row.p_time - row.p_influence) < 1e-6
        assert row.regret == pytest.approx(row.value_best - row.value_chosen) and row.regret >= 0
        assert row.nash_conv < 0.05
        cells = payoffs[payoffs["decision"] == row.decision]
        assert set(cells["option"]) == set(row.options)
        assert set(cells["replier"]) == {1 - row.seat}  # the reply is always the other player's
        assert (cells["mover_payoff"] + cells["replier_payoff"]).abs().max() < 1e-9


def _death_after_time() -> tuple[Game, list[str]]:
    """A seeded two-seat game just before a payment whose time option makes the mover choose who dies."""
    from boardgames_lab import new_game
    game = new_game("village", players=2, seed=2)
    choose = _student(random.Random(2))
    while True:
        seat = game.to_act()[0]
        legal = [str(m) for m in seat_moves(game, seat)]
        move = choose(game, legal)
        options = payment_options(move, legal)
        if options and any(game.clone().apply(m, player=seat).phase == "death" for m in options):
            return game, options
        game.apply(move, player=seat)


def test_a_death_the_time_costs_finishes_the_movers_option_before_the_next_player_replies() -> None:
    """Paying with time laps the bridge: the mover chooses who dies in its own information sets, then the next
    player replies; the ply counts the reply, so the tree goes as deep after either payment."""
    game, options = _death_after_time()
    seat = game.to_act()[0]
    tree, solution = cd.solve_options("village", game, seat, options, playouts=1, whole_turn=True)
    for move, _, child in tree.root.edges:
        if game.clone().apply(move, player=seat).phase == "death":
            assert child.kind == "decision" and child.seat == seat and tree.infosets[child.infoset or ""][0] == seat
            below = [grand for _, _, grand in child.edges]
            assert len(below) > 1 and all(g.kind == "decision" and g.seat == 1 - seat for g in below)
        else:
            assert child.kind == "decision" and child.seat == 1 - seat
    replies = [n for i, nodes in tree.members.items() if tree.infosets[i][0] != seat for n in nodes]
    assert replies and all(child.kind != "decision" for n in replies for _, _, child in n.edges)  # then the leaves
    assert sum(solution.strategy[tree.root.infoset or ""].values()) == pytest.approx(1.0, abs=1e-6)
    def at_root(g: Game, s: int, legal: Any) -> Any:
        return [m for m in legal if str(m) in options] if g.ply == 0 else legal

    short = efg.decision_tree("village", game.position(), plies=2, moves=at_root)
    assert any(child.seat == seat for _, _, child in short.root.edges)  # without it the death took the reply's ply


def test_the_equilibrium_pays_the_way_the_payoffs_reward(payments: tuple[Room, Any],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """An evaluation paying the mover 10 for any time option: the equilibrium pays with time, and a student
    who paid influence has 10 of regret."""
    room, record = payments

    def time_pays(n: int = 0, seed: int = 0, bot: str = "random") -> Any:
        def evaluate(game: Game) -> list[float]:
            first = game.moves[0]
            took = way(str(first)) == "time"
            return efg.margins([10.0 if took and s == first.player else 0.0 for s in range(game.num_players)])
        return evaluate

    monkeypatch.setattr(efg, "playouts", time_pays)
    _, comparison = cd.class_decisions(record, _games(room), *PAYMENT, iterations=200, limit=3)
    assert (comparison["p_time"] > 0.99).all() and (comparison["likelier_way"] == "time").all()
    assert list(comparison["value_time"] - comparison["value_influence"]) == pytest.approx([10.0] * 3)
    assert list(comparison["regret"]) == pytest.approx([0.0 if w == "time" else 10.0 for w in comparison["way"]])
