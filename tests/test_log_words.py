"""The log's words: the teacher's (full) log is in the third person with each seat's name; a seat's own
log says "You ..." of what happens to that seat alone."""
from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames_lab as bgl
from boardgames_lab.core.game import Game, names_in
from boardgames_lab.core.moves import CHANCE
from tests.conftest import cites
from boardgames_lab.bots import RandomBot, bot_move

SECOND_PERSON = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)
GAMES = [("saint_petersburg", 3), ("citadels", 4), ("keythedral", 3), ("village", 3)]


def played(name: str, players: int, seed: int, plies: int = 120) -> Game:
    game = bgl.new_game(name, players=players, seed=seed)
    chooser = random.Random(seed)
    while game.ply < plies and not game.is_over:
        move = chooser.choice(game.legal_moves())
        game.apply(move, player=game.definition.seat_of(game.state, move))
    return game


def texts(entries: list[dict]) -> list[str]:
    return [c["text"] for entry in entries for c in entry["changes"]]


@pytest.mark.parametrize(("name", "players"), GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_full_log_is_in_the_third_person(name: str, players: int, seed: int) -> None:
    game = played(name, players, seed)
    wrong = [t for t in texts(game.log) if SECOND_PERSON.search(t)]
    assert not wrong, f"{name}: the teacher's log uses a receiver's words: {wrong[:3]}"
    for seat in [None, *range(players)]:
        for entry in game.log_for(seat):
            for change in entry["changes"]:
                assert "you" not in change  # the second-person words are the seat's text, not data beside it
                if SECOND_PERSON.search(change["text"]):
                    # only in the seat's own log, about that seat alone
                    assert seat is not None and change["visible_to"] == [seat], (name, seat, change)


@cites("citadels.setup.crown")
def test_a_dealt_card_reads_you_draw_for_its_owner_and_names_them_for_the_teacher() -> None:
    game = bgl.new_game("citadels", players=4, seed=1)
    full, own = texts(game.log[:1]), texts(game.log_for(0)[:1])
    hand = game.full_view()["players"][0]["hand"]
    assert sum(t.startswith("Player 1 draws the ") for t in full) == len(hand)
    assert sum(t.startswith("You draw the ") for t in own) == len(hand)
    assert not any(t.startswith("Player 1 draws") for t in own)
    assert not any("draws the" in t or "You draw" in t for t in texts(game.log_for(None)[:1]))


@cites("citadels.draft.pass_left")
def test_a_pick_reads_you_keep_for_the_picker_and_names_them_in_the_teachers_viewer() -> None:
    from boardgames_lab.widgets import GameViewer

    game = bgl.new_game("citadels", players=4, seed=1)
    picker = game.to_act()[0]
    move = game.legal_moves()[0]
    game.apply(move)
    character = move.character.replace("_", " ").title()
    assert texts(game.log_for(picker)[-1:]) == [f"You keep the {character}."]
    assert texts(game.log[-1:]) == [f"{game.names[picker]} keeps the {character}."]
    v = GameViewer(game, perspective="teacher")
    assert f"{game.names[picker]} keeps the {character}" in v.log_html.value
    assert "You " not in v.log_html.value
    v.set_perspective(picker)
    assert f"You keep the {character}" in v.log_html.value
    v.close()


@cites("keythedral.setup.lay_field")
def test_a_field_tile_taken_reads_your_tile_for_its_taker_and_names_them_for_the_teacher() -> None:
    game = bgl.new_game("keythedral", players=3, seed=1)
    chooser = random.Random(1)
    while not any("field tile is a" in t for t in texts(game.log[-1:])):
        if game.to_act() == (CHANCE,):
            game.apply(chooser.choice([m for m, _ in game.chance_outcomes()]), player=CHANCE)
        else:
            move = chooser.choice(game.legal_moves())
            game.apply(move, player=game.definition.seat_of(game.state, move))
    taker = next(c["data"]["player"] for c in game.log[-1]["changes"] if "field tile is a" in c["text"])
    assert any(t.startswith(f"{game.names[taker]}'s field tile is a ") for t in texts(game.log[-1:]))
    assert any(t.startswith("Your field tile is a ") for t in texts(game.log_for(taker)[-1:]))
    assert not any("field tile is a" in t for t in texts(game.log_for((taker + 1) % 3)[-1:]))


@pytest.mark.parametrize("name", ["citadels", "saint_petersburg"])
def test_the_last_entry_a_seat_may_read_is_its_logs_last_or_none(name: str) -> None:
    """``last_entry_for`` tells only the last move, as ``log_for`` would: None where the move is hidden from
    the reader (a Citadels pick), else exactly the reader's last log entry."""
    game = bgl.new_game(name, players=4, seed=3, names=["Ada", "Ben", "Cy", "Dee"])
    bot = RandomBot(seed=3)
    hidden = 0
    while game.ply < 60 and not game.is_over:
        game.apply(bot_move(game, bot))
        for reader in (None, 0, 1, 2, 3):
            last = game.last_entry_for(reader)
            full = game.log_for(reader)
            if last is None:
                hidden += 1
                assert full[-1]["ply"] < game.ply
            else:
                assert last == full[-1]
    assert hidden > 0 or name != "citadels"


@pytest.mark.parametrize("name, players", GAMES)
def test_a_move_said_as_played_reads_as_its_log_entry(name: str, players: int) -> None:
    """``say_as_played`` (the PettingZoo infos) tells the last move in the position it was made from, with no
    replay: the same words as the log's entry for every reader, after undo and redo, draws in explicit chance
    and new names."""
    said = bgl.new_game(name, players=players, seed=5, chance="explicit")
    said.say_as_played = True
    told = bgl.new_game(name, players=players, seed=5, chance="explicit")
    chooser, fresh = random.Random(5), 0
    while said.ply < 150 and not said.is_over:
        seats = said.to_act()
        moves = [m for m, _ in said.chance_outcomes()] if seats == (CHANCE,) else said.legal_moves()
        move = chooser.choice(moves)
        for game in (said, told):
            game.apply(move, player=game.definition.seat_of(game.state, move))
        if said.ply % 17 == 0 and said.can_undo():
            for game in (said, told):
                game.undo()
                game.redo()
        if said.ply == 40:
            for game in (said, told):
                game.rename([f"Seat {s}" for s in range(players)])
        for reader in (None, *range(players)):
            entry = told.last_entry_for(reader)
            assert said.last_said_for(reader) == (None if entry is None else entry["text"])
        fresh += said._said is not None and said._said[0] == said.ply  # said as played, not told by replay
    assert said.ply >= 40 and fresh >= said.ply - 1


MARK = re.compile(r"\{p(\d+)\}")


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["{p", "}", "0", "1", "12", "x", " ", "{", "p", "\u0663", "{p0}", "{p2}", "{p9}"]),
                max_size=12).map("".join),
       st.lists(st.sampled_from(["Ada", "{p1}", "B}o", "{p", "Cy"]), min_size=1, max_size=4))
def test_names_replace_each_seat_mark_in_one_pass(text: str, names: list[str]) -> None:
    """Each {pN} naming a seat becomes its name, in one pass (a name such as "{p1}" is shown as written), and a
    mark naming no seat stays as it is."""
    expected = MARK.sub(lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), text)
    assert names_in(text, names) == expected
