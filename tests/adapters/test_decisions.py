"""Decision trees from real positions (boardgames_lab/analysis/decisions.py): built on Duel, where the tree
can be checked by hand, solved with OpenSpiel's CFR+, and one real Saint Petersburg decision."""
from __future__ import annotations

import random
from typing import Any

import pyspiel
import pytest

import boardgames_lab as bgl
from boardgames_lab.analysis import decisions as dec


def duel_position(hands: list[int], turns: int) -> dict[str, Any]:
    """Duel in its play phase, seat 0 to act, both stakes 1."""
    deck = [c for c in range(1, 11) if c not in hands]
    return {"format": "boardgames_lab.position", "version": 1, "game": "duel_test", "rules_version": 1,
            "players": 2, "options": {}, "phase": "play", "current": 0, "rng": 1,
            "state": {"hands": hands, "deck": deck, "stakes": [1, 1], "turns": turns}}


def test_the_margins_are_each_score_less_the_mean_of_the_others() -> None:
    assert dec.margins([9, 21]) == [-12.0, 12.0]
    assert dec.margins([6, 3, 0]) == [4.5, 0.0, -4.5]


def test_a_duel_tree_has_the_engines_chance_and_merges_what_a_seat_cannot_see(duel: str) -> None:
    tree = dec.decision_tree(duel, duel_position([3, 7], turns=2), plies=2)
    root = tree.root
    assert root.kind == "decision" and root.seat == 0 and [m for m, _, _ in root.edges] == ["raise 1", "raise 2", "swap"]
    chance = root.edges[2][2]
    assert chance.kind == "chance"
    # Seat 0's 3 goes back into the deck: nine cards, each drawn with probability 1/9.
    assert sorted(m for m, _, _ in chance.edges) == sorted(f"deal {c}" for c in (1, 2, 3, 4, 5, 6, 8, 9, 10))
    assert all(p == pytest.approx(1 / 9) for _, p, _ in chance.edges)
    # Seat 1 sees how seat 0 raised, never the card it was dealt: three sets, the nine deals in one.
    ones = {i: len(tree.members[i]) for i, (seat, _) in tree.infosets.items() if seat == 1}
    assert sorted(ones.values()) == [1, 1, 9]
    after_swap = {child.infoset for _, _, child in chance.edges}
    assert len(after_swap) == 1
    # The game ends after two turns: every leaf pays the final margins (hand times stake).
    leaves = [n for n in tree.nodes() if n.kind == "leaf"]
    assert all(n.over for n in leaves)
    assert root.edges[1][2].edges[1][2].payoffs == [3 * 3 - 7 * 3, 7 * 3 - 3 * 3]


def test_the_seat_dealt_a_card_tells_its_deals_apart(duel: str) -> None:
    tree = dec.decision_tree(duel, duel_position([3, 7], turns=3), plies=3)
    zeros = [i for i, (seat, _) in tree.infosets.items() if seat == 0]
    # Seat 0 sees its new card and seat 1's move, never seat 1's new card: the root; after each raise of
    # seat 0 one set per reply of seat 1; after its swap one per (card dealt, reply).
    assert len(zeros) == 1 + 2 * 3 + 9 * 3
    sizes = sorted(len(tree.members[i]) for i in zeros)
    assert sizes == [1] * (1 + 2 * 2 + 9 * 2) + [9] * (2 + 9)  # the nine deals to seat 1 in one set


def test_a_duel_equilibrium_is_the_one_worked_by_hand(duel: str) -> None:
    # Seat 0 holds 3 against 7: a raise of 2 loses by 21 - 9 = 12; a raise of 1 by 15; a swap by 21 - 48/9,
    # seat 1 raising 2 whatever it sees. So both raise 2, and seat 0's value is -12.
    tree = dec.decision_tree(duel, duel_position([3, 7], turns=2), plies=2)
    solution = dec.solve(tree, iterations=2000)
    assert solution.nash_conv == pytest.approx(0, abs=1e-3)
    assert solution.values == pytest.approx([-12, 12], abs=1e-2)
    assert solution.strategy[tree.root.infoset]["raise 2"] == pytest.approx(1, abs=1e-3)
    for infoset, (seat, _) in tree.infosets.items():
        if seat == 1:
            assert solution.strategy[infoset]["raise 2"] == pytest.approx(1, abs=1e-3)
    assert max(dec.best_responses(tree, solution.strategy)) == pytest.approx(0, abs=1e-2)
    # A strategy that is not an equilibrium has a profitable deviation.
    swapping = {**solution.strategy, tree.root.infoset: {"raise 1": 0.0, "raise 2": 0.0, "swap": 1.0}}
    assert dec.best_responses(tree, swapping)[0] == pytest.approx(21 - 12 - 48 / 9, abs=1e-3)


def test_the_efg_text_is_what_openspiel_loads(duel: str) -> None:
    tree = dec.decision_tree(duel, duel_position([3, 7], turns=2), plies=2)
    game = pyspiel.load_efg_game(tree.efg())
    assert game.num_players() == 2
    state = game.new_initial_state()
    assert state.current_player() == 0 and len(state.legal_actions()) == 3
    chance = state.child(state.legal_actions()[2]).chance_outcomes()
    assert len(chance) == 9 and sum(p for _, p in chance) == pytest.approx(1)


def test_a_filter_keeps_some_moves_and_too_large_a_tree_is_refused(duel: str) -> None:
    raises = dec.decision_tree(duel, duel_position([3, 7], turns=2), plies=2,
                               moves=lambda game, seat, legal: [m for m in legal if m.kind == "raise"])
    assert all(n.kind != "chance" for n in raises.nodes())
    with pytest.raises(ValueError, match="more than 10 nodes"):
        dec.decision_tree(duel, duel_position([3, 7], turns=2), plies=2, max_nodes=10)
    with pytest.raises(ValueError, match="kept none"):
        dec.decision_tree(duel, duel_position([3, 7], turns=2), moves=lambda game, seat, legal: [])


def saint_petersburg_at(ply: int, seed: int = 7) -> bgl.Game:
    game = bgl.new_game("saint_petersburg", players=2, seed=seed)
    rng = random.Random(0)
    for _ in range(ply):
        game.apply(rng.choice(game.legal_moves()))
    return game


def test_a_real_saint_petersburg_decision_buy_or_take() -> None:
    game = saint_petersburg_at(14)
    seat = game.to_act()[0]
    assert {"buy", "take"} <= {m.kind for m in game.legal_moves()}

    takes = {m.slot for m in game.legal_moves() if m.kind == "take"}
    slot = next(m.slot for m in game.legal_moves() if m.kind == "buy" and m.slot in takes)  # one card, both ways

    def buy_or_take(g: bgl.Game, s: int, legal: Any) -> Any:
        return [m for m in legal if m.kind in ("buy", "take") and m.slot == slot] if g.ply == 0 else legal

    tree = dec.decision_tree("saint_petersburg", game.position(), plies=2, moves=buy_or_take,
                             evaluate=dec.playouts(2, seed=1))
    assert sorted(m.split()[0] for m, _, _ in tree.root.edges) == ["buy", "take"]
    assert tree.root.seat == seat
    solution = dec.solve(tree, iterations=500)
    assert solution.nash_conv == pytest.approx(0, abs=1e-2)
    # Our own check, on our tree: no seat gains by a best reply (the other seat's moves are named in
    # another order than their first use in the EFG game, which numbers actions by name).
    assert max(dec.best_responses(tree, solution.strategy)) == pytest.approx(0, abs=1e-2)
    assert solution.values[seat] == pytest.approx(max(
        tree.value({**solution.strategy, tree.root.infoset: {m: float(m == move) for m, _, _ in tree.root.edges}})[seat]
        for move, _, _ in tree.root.edges), abs=1e-2)
    assert sum(solution.strategy[tree.root.infoset].values()) == pytest.approx(1)
    assert sum(solution.values) == pytest.approx(0)
    assert dec.to_graphviz(tree, solution).source.count("->") == len(tree.nodes()) - 1


def test_the_keythedral_start_player_auction_with_heuristic_playouts() -> None:
    from boardgames_lab.rulesets.keythedral.exercises import _position
    found = _position(1)
    assert found is not None
    game, _ = found

    def cube_or_nothing(g: bgl.Game, s: int, legal: Any) -> Any:
        return [m for m in legal if str(m) in ("bid 0", "bid 1")] if g.phase == "auction" else legal

    tree = dec.decision_tree("keythedral", game.position(), plies=3, moves=cube_or_nothing,
                             evaluate=dec.playouts(1, seed=1, bot="heuristic"))
    assert [m for m, _, _ in tree.root.edges] == ["bid 0", "bid 1"]
    # The second bidder sees the first bid: one information set after each.
    assert len({child.infoset for _, _, child in tree.root.edges}) == 2
    assert all(n.payoffs is not None and sum(n.payoffs) == pytest.approx(0) for n in tree.nodes() if n.kind == "leaf")
    solution = dec.solve(tree, iterations=500)
    assert solution.nash_conv == pytest.approx(0, abs=1e-2)
    assert max(dec.best_responses(tree, solution.strategy)) == pytest.approx(0, abs=1e-2)


def test_a_citadels_draft_pick_of_four_players() -> None:
    from boardgames_lab.rulesets.citadels.exercises import _position
    found = _position(1, 2)
    assert found is not None
    game, (first, second), _ = found

    def two_best(g: bgl.Game, s: int, legal: Any) -> Any:
        return [m for m in legal if m in (first, second)] if g.ply == 0 else legal

    tree = dec.decision_tree("citadels", game.position(), plies=2, moves=two_best,
                             evaluate=dec.playouts(1, seed=1, bot="heuristic"))
    assert {m for m, _, _ in tree.root.edges} == {str(first), str(second)}
    # The next drafter is handed what is left: the character taken is not among its picks.
    for move, _, child in tree.root.edges:
        assert child.seat != tree.root.seat and move not in tree.infosets[child.infoset or ""][1]
    solution = dec.solve(tree, iterations=1000)
    assert solution.nash_conv == pytest.approx(0, abs=1e-2)  # four seats, two of them decide: general-sum
    assert max(dec.best_responses(tree, solution.strategy)) == pytest.approx(0, abs=1e-2)


def test_information_is_what_the_engine_shows_the_seat(duel: str) -> None:
    # Seat 1 holding 7 or 8 (and the deck the other) is one information set of seat 0's, two of seat 1's.
    a = bgl.from_position(duel, duel_position([3, 7], turns=2), chance="explicit")
    b = bgl.from_position(duel, duel_position([3, 8], turns=2), chance="explicit")
    assert dec._information(a, 0) == dec._information(b, 0)
    assert dec._information(a, 1) != dec._information(b, 1)
