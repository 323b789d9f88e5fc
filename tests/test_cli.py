"""The boardgames-lab command line."""
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import boardgames_lab as bgl
from boardgames_lab.bots import bot_move, make_bot
from boardgames_lab.cli import main, parser


def test_play_prints_a_whole_game(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "saint_petersburg", "--players", "4", "--seed", "1", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "Every player takes 25 rubles." in out and "Final scores:" in out
    assert out.count("(winner)") >= 1 and "[   1]" in out


def test_play_is_deterministic_and_runs_as_a_module() -> None:
    args = [sys.executable, "-m", "boardgames_lab", "play", "saint_petersburg", "--players", "3", "--seed", "7"]
    first = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    second = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    assert first == second and "Final scores:" in first


def test_rules_and_games(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["rules", "saint_petersburg"]) == 0
    out = capsys.readouterr().out
    assert "saint_petersburg.buy.lower_row_discount" in out and "Rulebook 18" in out
    assert main(["games"]) == 0
    assert "saint_petersburg" in capsys.readouterr().out


def test_errors_are_reported_not_raised(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "saint_petersburg", "--players", "9"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err


def test_diagram_writes_svg(tmp_path: Path) -> None:
    out = tmp_path / "phases.svg"
    assert main(["diagram", "saint_petersburg", "-o", str(out)]) == 0
    assert "<svg" in out.read_text()


def test_play_accepts_rule_options(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "saint_petersburg", "--players", "2", "--seed", "3", "--quiet",
                 "--option", "pub_limit=per_player", "--option", "open_money=true"]) == 0
    assert "Final scores:" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="no option 'speed'"):
        main(["play", "saint_petersburg", "--option", "speed=fast"])


# --- a person at the keyboard ------------------------------------------------------------------


def play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, typed: str,
         *args: str) -> tuple[int, str]:
    """Run ``boardgames-lab play`` with ``typed`` as standard input; the exit code and what it printed."""
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(["play", *args])
    return code, capsys.readouterr().out


def test_a_human_seat_sees_its_own_hand_and_nobody_elses(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out = play(capsys, monkeypatch, "", "citadels", "--players", "4", "--seed", "2", "--bots", "human")
    game = bgl.new_game("citadels", players=4, seed=2)
    seat = game.current_player
    assert code == 0 and game.definition.render_text(game.state, seat) in out
    hand = game.full_view()["players"][seat]["hand"]
    assert hand and all(card in out for card in hand)
    others = [p["hand"] for i, p in enumerate(game.full_view()["players"]) if i != seat]
    assert not any(f"hand {', '.join(h)}" in out for h in others)


def test_a_human_seat_sees_its_own_rubles(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out = play(capsys, monkeypatch, "", "saint_petersburg", "--seed", "1", "--bots", "human,random,random")
    assert code == 0
    assert "Player 1: 0 points, 25 rubles" in out and "Player 2: 0 points, ? rubles" in out


def test_end_of_input_ends_the_game_cleanly(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out = play(capsys, monkeypatch, "", "saint_petersburg", "--players", "3", "--bots", "human")
    assert code == 0 and "End of input. Game stopped at ply 0" in out and "Traceback" not in out


def test_ctrl_c_stops_without_a_traceback(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    def interrupted(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    assert main(["play", "saint_petersburg", "--players", "3", "--bots", "human"]) == 130
    assert "Interrupted." in capsys.readouterr().err


def test_quit_and_help(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out = play(capsys, monkeypatch, "help\n?\nquit\nthis is never read\n", "saint_petersburg",
                     "--players", "3", "--seed", "1", "--bots", "human")
    legal = ", ".join(str(m) for m in bgl.new_game("saint_petersburg", players=3, seed=1).legal_moves())
    assert code == 0 and out.count(f"legal moves here: {legal}") == 2
    assert all(f"  {command}" in out for command in ("help", "undo", "quit"))
    assert "Quit. Game stopped at ply 0" in out and "Final scores" not in out


def test_a_refused_move_names_the_rule_and_asks_again(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = bgl.new_game("saint_petersburg", players=3, seed=1)
    why = game.explain("pub 2")  # the Pub is not in play at the start
    assert not why.legal
    code, out = play(capsys, monkeypatch, "fly to the moon\npub 2\npass\n", "saint_petersburg",
                     "--players", "3", "--seed", "1", "--bots", "human")
    prompt = f"{game.names[game.current_player or 0]}> "
    assert code == 0 and "not a move: 'fly to the moon'" in out
    assert f"not allowed: {why.reason} [{why.rule}]" in out
    assert out.count(prompt) >= 3  # asked again after each refusal, then the pass is played
    assert f"] worker       {game.describe('pass')}" in out  # the log says the move in words


def test_undo_takes_back_the_persons_move_and_the_bots_after_it(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    script = scripted_game("saint_petersburg", 1, ["human", "random", "random"], human_turns=2)
    typed = script[0] + "\nundo\n" + "quit\n"
    code, out = play(capsys, monkeypatch, typed, "saint_petersburg", "--seed", "1", "--bots", "human,random,random")
    game = bgl.new_game("saint_petersburg", players=3, seed=1)
    bots = [make_bot("random", seed=100 + i) for i in range(3)]
    game.apply(bot_move(game, bots[game.current_player or 0]))
    game.apply(bot_move(game, bots[game.current_player or 0]))
    assert code == 0 and f"Took back: {game.describe(script[0])}" in out
    taken_back = out.split("Took back: ")[1]
    assert "Back at ply 2." in taken_back and "Game stopped at ply 2" in taken_back  # bots moved first twice


def test_undo_with_no_move_of_a_person_changes_nothing(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out = play(capsys, monkeypatch, "undo\n", "saint_petersburg", "--seed", "1", "--bots", "human,random,random")
    assert code == 0 and "cannot undo: no move of a person" in out and "Game stopped at ply 2" in out
    code, out = play(capsys, monkeypatch, "undo\n", "saint_petersburg", "--players", "3", "--bots", "human")
    assert code == 0 and "cannot undo: there is no move to undo" in out


def scripted_game(name: str, seed: int, seats: list[str], human_turns: int) -> list[str]:
    """The moves a person would type (the last legal move each time) for ``human_turns`` turns,
    with the bots seeded as the command line seeds them."""
    game = bgl.new_game(name, players=len(seats), seed=seed)
    bots = [None if s == "human" else make_bot(s, seed=seed * 100 + i) for i, s in enumerate(seats)]
    typed: list[str] = []
    while not game.is_over:
        bot = bots[game.current_player or 0]
        if bot is None:
            if len(typed) == human_turns:
                break
            typed.append(str(game.legal_moves()[-1]))
            game.apply(game.legal_moves()[-1])
        else:
            game.apply(bot_move(game, bot))
    return typed


@pytest.mark.parametrize("name, players", [("saint_petersburg", 3), ("citadels", 4)])
def test_a_human_game_prints_the_set_up_first_and_every_change_seen(capsys, monkeypatch, name: str,
                                                                     players: int) -> None:  # type: ignore[no-untyped-def]
    seats = ["human"] + ["random"] * (players - 1)
    typed = scripted_game(name, 5, seats, human_turns=6)
    code, out = play(capsys, monkeypatch, "\n".join(typed) + "\n", name, "--seed", "5", "--bots", ",".join(seats))
    assert code == 0
    game = bgl.new_game(name, players=players, seed=5)
    bots = [None] + [make_bot("random", seed=5 * 100 + i) for i in range(1, players)]
    moves = iter(typed)
    said = {}  # each move in words, said before it is made
    while True:  # the same game, to the prompt where the input ran out
        bot = bots[game.current_player or 0]
        if bot is None:
            text = next(moves, None)
            if text is None:
                break
            move = game.parse_move(text)
        else:
            move = bot_move(game, bot)
        said[game.ply + 1] = game.describe(move)
        game.apply(move)
    assert out.index("[   0] Set-up") < out.index("[   1]")
    at = 0
    for entry in game.log_for(0):  # what seat 0 may read, all of it, in order
        first = said[entry["ply"]] if entry["move"] is not None else entry["text"]
        for line in [first, *(c["text"] for c in entry["changes"])]:
            found = out.find(line, at)
            assert found >= 0, f"missing from the transcript, or out of order: {line!r}"
            at = found + len(line)


def test_bots_name_the_seats_or_all_of_them(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out = play(capsys, monkeypatch, "", "saint_petersburg", "--bots", "human,random")  # as the README says
    assert code == 0 and "2 players" in out
    with pytest.raises(SystemExit, match="--bots names 2 players .* but --players is 3"):
        main(["play", "saint_petersburg", "--players", "3", "--bots", "human,random"])
    with pytest.raises(SystemExit, match="no bot named 'robot'"):
        main(["play", "saint_petersburg", "--bots", "human,robot"])


def test_readme_command_lines_run(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    lines = [line.split("#")[0].split()[1:] for line in readme.splitlines()
             if line.startswith("boardgames-lab play ")]
    assert any("human" in " ".join(args) for args in lines)
    for args in lines:
        monkeypatch.setattr("sys.stdin", io.StringIO(""))
        assert main(args) == 0, args
    capsys.readouterr()


def test_help_is_plain_text() -> None:
    top = parser()
    texts = [top.format_help()]
    sub = next(a for a in top._actions if a.dest == "command")
    texts += [p.format_help() for p in sub.choices.values()]  # type: ignore[union-attr]
    for text in texts:
        assert "``" not in text and ":func:" not in text and ":class:" not in text
    assert "undo" in sub.choices["play"].format_help()  # type: ignore[index]


def test_diagram_refuses_an_unknown_format_or_an_unwritable_file(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="written as svg, png, pdf, dot .* not 'xyz'"):
        main(["diagram", "saint_petersburg", "-o", str(tmp_path / "phases.xyz")])
    with pytest.raises(SystemExit, match="cannot write it"):
        main(["diagram", "saint_petersburg", "-o", str(tmp_path / "no such folder" / "phases.svg")])
    assert main(["diagram", "saint_petersburg", "-o", str(tmp_path / "phases.dot")]) == 0
    assert (tmp_path / "phases.dot").read_text().startswith("digraph")


@pytest.mark.parametrize("bot, said", [("robot", "no bot called 'robot'"), ("mcts:speed=3", "no option 'speed'"),
                                       ("mcts:iterations=x", "invalid literal")])
def test_tournament_names_the_bad_bot(bot: str, said: str) -> None:
    with pytest.raises(SystemExit, match=f"--bots {re.escape(bot)}: .*{said}"):
        main(["tournament", "saint_petersburg", "--bots", bot, "random", "--games", "2", "--quiet"])


@pytest.mark.parametrize("flag, value, said", [("--seed", "-1", "is not a whole number"),
                                               ("--seed", "٣", "is not a whole number"),
                                               ("--seed", str(2**63), "a seed is a whole number from 0 to 2\\*\\*63 - 1"),
                                               ("--players", "9" * 5000, "is not a whole number \\(ASCII digits")])
def test_counts_and_seeds_are_ascii_whole_numbers_of_any_length(capsys, flag: str, value: str,  # type: ignore[no-untyped-def]
                                                                 said: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play", "saint_petersburg", "--quiet", flag, value])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and re.search(f"argument {flag}: .*{said}", err) and len(err) < 1000


def test_a_typed_move_with_a_huge_number_is_not_a_move(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    code, out = play(capsys, monkeypatch, "pub " + "9" * 5000 + "\nquit\n", "saint_petersburg", "--players", "2",
                     "--seed", "1", "--bots", "human")
    assert "not a move: " in out and "'pub' takes a whole number of points" in out
