"""Citadels: the action-card variant, its reaction windows and their privacy."""
from __future__ import annotations

import random

import boardgames_lab as bgl
from boardgames_lab.rulesets.citadels.data import CARD_INDEX, CHAR_INDEX
from tests.citadels.position import at_turn, deal_characters, give, moves, seat_moves, set_field, state_of, variant
from tests.conftest import cites

P = "citadels."


@cites(P + "action.one_per_turn", P + "action.director")
def test_one_action_card_a_turn_and_the_director() -> None:
    game = variant()
    game = give(game, 0, hand=["director", "circus_tent", "temple", "tavern", "watchtower"], gold=10)
    game = at_turn(game, 0, "bishop")
    game.apply("gold")
    game.apply("play director")
    assert "play circus_tent" not in moves(game)
    assert game.explain("play circus_tent").rule == P + "action.one_per_turn"
    for b in ("temple", "tavern", "watchtower"):
        game.apply(f"build {b}")
    assert len(state_of(game).city[0]) == 3 and CARD_INDEX["director"] in state_of(game).discard


@cites(P + "action.director", P + "char.architect_builds")
def test_director_with_the_architect_builds_five() -> None:
    game = variant()
    game = give(game, 0, hand=["director", "temple", "tavern", "watchtower", "church", "market"], gold=20)
    game = at_turn(game, 0, "architect")
    game.apply("gold")
    game.apply("play director")
    assert state_of(game).builds_left == 5


@cites(P + "action.circus_tent")
def test_circus_tent_counts_but_scores_nothing_and_stays() -> None:
    game = variant()
    game = give(game, 0, hand=["circus_tent"], city=["manor", "castle", "palace", "temple", "church", "monastery",
                                              "cathedral"])
    game = give(game, 3, gold=10)
    game = at_turn(game, 0, "bishop", warlord=3)
    game.apply("play circus_tent")
    st = state_of(game)
    assert len(st.city[0]) == 8 and st.first_eight == 0 and st.builds_left == 1
    game = give(game, 1, city=["circus_tent"])
    game.apply("gold")
    game.apply("end")
    assert state_of(game).tc == CHAR_INDEX["warlord"]
    assert game.explain("destroy circus_tent p2").rule == P + "action.circus_tent"


@cites(P + "action.ticket_booth", P + "action.ticket_cash")
def test_ticket_booth_payment_and_cash() -> None:
    game = variant()
    game = give(game, 0, hand=["ticket_booth"])
    game = at_turn(game, 0, "bishop", merchant=1)
    game.apply("play ticket_booth")
    assert "ticket p1" not in moves(game)
    game.apply("gold")
    game.apply("end")
    assert state_of(game).tp == 1
    game.apply("ticket p1")
    assert game.phase == "keep" and state_of(game).gold[1] == 1
    game.apply(game.legal_moves()[0])
    assert game.phase == "cash" and state_of(game).current == 0
    game.apply("cash")
    assert game.phase == "turn" and state_of(game).current == 1 and state_of(game).gold[0] == 5 - 0 and \
        state_of(game).booths[0] == []
    assert "ticket p1" not in moves(game)


@cites(P + "action.ticket_booth", P + "action.ticket_cash")
def test_ticket_once_per_turn_and_gold_back_at_the_end() -> None:
    game = variant()
    game = give(game, 0, hand=["ticket_booth"])
    game = at_turn(game, 0, "bishop", merchant=1)
    game.apply("play ticket_booth")
    game.apply("gold")
    game.apply("end")
    game.apply("ticket p1")
    game.apply(game.legal_moves()[0])
    game.apply("decline")
    assert state_of(game).booths[0] == [1] and "ticket p1" not in moves(game)
    assert game.explain("ticket p1").rule == P + "action.ticket_booth"


@cites(P + "action.acrobat", P + "action.window")
def test_acrobat_window_asks_everyone_privately() -> None:
    game = variant()
    game = give(game, 2, hand=["acrobat"])
    game = deal_characters(game, {"bishop": 3}, start=3)
    asked = []
    while game.phase == "acrobat":
        seat = game.to_act()[0]
        asked.append(seat)
        game.apply("play acrobat" if "play acrobat" in seat_moves(game, seat) else "decline",
                   player=seat)
    assert asked == [0, 1, 2]
    assert state_of(game).crown == 2


@cites(P + "action.window")
def test_window_answers_are_private_in_the_log() -> None:
    game = bgl.new_game("citadels", players=4, seed=5, action_cards=True)
    chooser = random.Random(5)
    while not any(m.kind == "decline" for m in game.moves[-8:]) or game.phase in ("acrobat", "rasputin"):
        game.apply(chooser.choice(game.legal_moves()))
    for p in range(4):
        for entry in game.log_for(p):
            if entry["move"] == "decline" and entry["phase"] in ("acrobat", "rasputin"):
                assert entry["player"] == p
    window = [e for e in game.log if e["phase"] in ("acrobat", "rasputin")]
    assert len(window) >= 4 and all(e["visible_to"] == [e["player"]] for e in window if e["move"] == "decline")


@cites(P + "action.window")
def test_window_opens_even_when_nobody_holds_the_card() -> None:
    game = variant()
    game = deal_characters(game, {"bishop": 3}, start=3)
    assert game.phase == "acrobat"
    while game.phase == "acrobat":
        assert all(seat_moves(game, seat) == {"decline"} for seat in game.to_act())
        game.apply("decline", player=game.to_act()[0])
    assert game.phase == "turn" and state_of(game).crown == 0


@cites(P + "action.rasputin")
def test_rasputin_saves_the_murdered_character() -> None:
    game = variant()
    game = give(game, 2, hand=["rasputin"])
    game = give(game, 3, hand=["rasputin"])
    game = deal_characters(game, {"assassin": 0, "king": 1, "merchant": 2})
    game.apply("kill merchant")
    game.apply("gold")
    game.apply("end")
    game.apply("gold")  # the King's turn
    game.apply("end")
    assert game.phase == "rasputin"
    while game.phase == "rasputin":
        p = game.to_act()[0]
        if p == 3:
            assert seat_moves(game, 3) == {"decline"}  # Rasputin helps only the murdered character's holder
        game.apply("play rasputin" if "play rasputin" in seat_moves(game, p) else "decline", player=p)
    assert game.phase == "turn" and state_of(game).tp == 2 and state_of(game).killed == -1


@cites(P + "action.fortune_teller")
def test_fortune_teller_looks_and_takes() -> None:
    game = variant()
    game = give(game, 0, hand=["fortune_teller"])
    game = give(game, 2, hand=["palace", "tavern"])
    game = at_turn(game, 0, "bishop")
    game.apply("play fortune_teller p3")
    assert game.phase == "fortune"
    assert game.view(0)["players"][2]["hand"] == ["palace", "tavern"]
    assert game.view(1)["players"][2]["hand"] is None
    game.apply("take palace")
    assert CARD_INDEX["palace"] in state_of(game).hands[0] and state_of(game).hands[2] == [CARD_INDEX["tavern"]]


@cites(P + "action.cannonball")
def test_living_cannonball_rebuilds_for_the_difference() -> None:
    game = variant()
    game = give(game, 0, hand=["living_cannonball", "palace", "temple"], city=["manor"], gold=2)
    game = at_turn(game, 0, "bishop")
    assert "cannon manor>palace" in moves(game) and "cannon manor>temple" not in moves(game)
    game.apply("cannon manor>palace")
    st = state_of(game)
    assert st.gold[0] == 0 and st.city[0] == [CARD_INDEX["palace"]] and CARD_INDEX["manor"] in st.discard
    game.apply("gold")
    assert "build temple" in moves(game)  # the regular build is still there


@cites(P + "action.score")
def test_action_cards_in_hand_score_one_each() -> None:
    game = variant()
    game = give(game, 1, hand=["acrobat", "director", "temple"])
    game = give(game, 0, city=["manor", "castle", "palace", "temple", "church", "monastery", "cathedral", "tavern"])
    game = set_field(game, "first_eight", 0)
    game = deal_characters(game, {"bishop": 2}, start=4)
    while not game.is_over:
        game.apply("gold" if "gold" in moves(game) else ("end" if "end" in moves(game) else "decline"))
    assert state_of(game).final[1]["action_cards"] == 2


@cites(P + "action.acrobat")
def test_acrobat_and_rasputin_are_not_played_in_ones_own_turn() -> None:
    game = variant()
    game = give(game, 0, hand=["acrobat"])
    game = at_turn(game, 0, "bishop")
    assert not game.explain("play acrobat")
    assert game.explain("play acrobat").rule == P + "action.acrobat"  # only the Acrobat's window allows it


@cites(P + "violet.laboratory")
def test_laboratory_takes_no_action_card() -> None:
    game = variant()
    game = give(game, 0, hand=["director", "temple"], city=["laboratory"])
    game = at_turn(game, 0, "bishop")
    assert "lab temple" in moves(game) and "lab director" not in moves(game)
    assert game.explain("lab director").rule == P + "violet.laboratory"


def _acrobat_window(holder: int | None) -> bgl.Game:
    """The Acrobat's window of a 4-player game, open to every seat; ``holder`` holds the Acrobat (None: nobody)."""
    game = variant()
    if holder is not None:
        game = give(game, holder, hand=["acrobat"])
    return deal_characters(game, {"bishop": 3}, start=3)


@cites(P + "action.window", P + "action.acrobat")
def test_a_window_is_open_to_every_seat_at_once_in_the_queue_order() -> None:
    game = _acrobat_window(2)
    assert game.phase == "acrobat" and game.to_act() == (0, 1, 2, 3)  # from the crown holder, the old queue
    game.apply("decline", player=2)  # the holder may decline first, out of the listed order
    assert game.to_act() == (0, 1, 3)
    game.apply("decline", player=3)
    assert game.to_act() == (0, 1)
    game.apply("decline", player=0)
    assert game.explain("decline", player=3).rule == "core.not_your_turn"  # each seat answers once
    game.apply("decline", player=1)
    assert game.phase == "turn" and state_of(game).crown == 0


@cites(P + "action.window", P + "action.acrobat")
def test_two_answer_orders_reach_the_same_position() -> None:
    first, second = _acrobat_window(3), _acrobat_window(3)
    for seat in (0, 1, 2):
        first.apply("decline", player=seat)
    first.apply("play acrobat", player=3)
    second.apply("play acrobat", player=3)  # the holder plays before anybody declines: the window closes
    assert first.position() == second.position()
    assert state_of(first).crown == 3 and first.phase == "turn"


@cites(P + "action.window", P + "action.rasputin")
def test_two_orders_of_rasputin_answers_reach_the_same_position() -> None:
    def window() -> bgl.Game:
        game = variant()
        game = give(game, 2, hand=["rasputin"])
        game = give(game, 3, hand=["rasputin"])
        game = deal_characters(game, {"assassin": 0, "king": 1, "merchant": 2})
        for move in ("kill merchant", "gold", "end", "gold", "end"):
            game.apply(move)
        assert game.phase == "rasputin" and game.to_act() == (1, 2, 3, 0)
        return game
    first, second = window(), window()
    for seat in (3, 1, 0):
        first.apply("decline", player=seat)
    first.apply("play rasputin", player=2)
    second.apply("decline", player=0)
    second.apply("play rasputin", player=2)
    assert first.position() == second.position() and state_of(first).tp == 2


@cites(P + "action.window")
def test_who_holds_the_card_shows_neither_in_who_is_asked_nor_in_the_views() -> None:
    held, nobody = _acrobat_window(2), _acrobat_window(None)
    assert held.to_act() == nobody.to_act()
    for seat in range(4):
        assert "decline" in seat_moves(held, seat)
    for seat in (None, 0, 1, 3):  # everyone but the holder sees the same table
        theirs, ours = held.view(seat), nobody.view(seat)
        for view in (theirs, ours):
            for pl in view["players"]:
                pl.pop("hand_size")
            view.pop("deck")
        assert theirs == ours
