"""A game package is the game: nothing outside boardgames_lab/rulesets/ names a game or imports from a game's
package, and a game registered at run time from outside gets the PettingZoo environment, the OpenSpiel game,
the board and a tournament from its definition alone (its faces, core/definition.py)."""
from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Iterator

import pytest

import boardgames_lab as bgl
from boardgames_lab.core import registry
from boardgames_lab.core.registry import definition
from boardgames_lab.rulesets import GAME_PACKAGES
from tests.lab.tinygames import Nim, Take

PACKAGE = Path(__file__).resolve().parent.parent / "boardgames_lab"
NAMES = sorted({*GAME_PACKAGES, *(definition(g).info.name for g in GAME_PACKAGES)})
NAMED = re.compile(r"\b(" + "|".join(NAMES) + r")\b")


def sources() -> Iterator[tuple[str, ast.Module]]:
    """Every module of the package outside rulesets/, parsed."""
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] != "rulesets":
            yield str(relative), ast.parse(path.read_text(encoding="utf-8"))


def docstrings(tree: ast.Module) -> set[int]:
    """The string constants that are docstrings (examples there may name a game)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        return [node.module or ""] + [f"{node.module}.{alias.name}" for alias in node.names]
    return []


def test_no_module_outside_the_rulesets_imports_from_a_game_package() -> None:
    found = [f"{where}:{node.lineno} imports {module}" for where, tree in sources() for node in ast.walk(tree)
             for module in imported(node) if re.search(r"(^|\.)rulesets\.\w", module)]
    assert not found, "read a game's modules through its definition (its faces) instead:\n" + "\n".join(found)


def test_no_module_outside_the_rulesets_names_a_game() -> None:
    found = []
    for where, tree in sources():
        skip = docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                if NAMED.search(node.value):
                    found.append(f"{where}:{node.lineno} {node.value[:60]!r}")
    assert not found, "a game's name outside its package (declare it in rulesets/<game>/ instead):\n" + \
        "\n".join(found)


def test_the_scan_finds_a_game_name_and_an_import_of_a_game_package() -> None:
    tree = ast.parse('"""The Citadels example."""\nfrom ..rulesets.citadels.data import CARDS\nx = f"{1} citadels"\n')
    assert [m for node in ast.walk(tree) for m in imported(node) if re.search(r"(^|\.)rulesets\.\w", m)]
    names = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
             and id(n) not in docstrings(tree) and NAMED.search(n.value)]
    assert names == [" citadels"]


# --- a game registered at run time, with its faces on its definition ---------------------------------------

class NimActions:
    """Nim's action table: take one counter, or two."""

    ENCODING = 1

    @staticmethod
    def every_move() -> list[Take]:
        return [Take(0, 1), Take(0, 2)]


class LabNim(Nim):
    actions = NimActions
    move_cap = 40


@pytest.fixture
def nim() -> Iterator[str]:
    import boardgames_lab.adapters.openspiel  # noqa: F401  (loaded first: the game must reach it by registering)
    registry.register(LabNim())
    yield "nim_test"
    registry._GAMES.pop("nim_test")


def test_a_game_registered_at_run_time_gets_the_pettingzoo_environment(nim: str) -> None:
    import numpy as np

    from boardgames_lab.adapters.pettingzoo import env
    environment = env(nim, players=2)
    assert environment.metadata["action_fingerprint"].startswith("sha256:")
    environment.reset(seed=1)
    final = {}
    for agent in environment.agent_iter():
        observation, reward, done, cut, _ = environment.last()
        if done or cut:
            final[agent] = reward
            environment.step(None)
            continue
        game = environment.game
        assert game is not None
        legal = {environment.table.encode(m) for m in game.legal_moves()}
        assert set(np.flatnonzero(observation["action_mask"])) == legal
        environment.step(min(legal))
    assert sorted(final) == ["player_0", "player_1"] and sum(final.values()) == pytest.approx(1.0)


def test_a_game_registered_at_run_time_gets_the_openspiel_game(nim: str) -> None:
    import pyspiel

    from boardgames_lab.adapters.actions import action_table
    from boardgames_lab.adapters.openspiel import PREFIX, registered
    assert nim in registered()
    game = pyspiel.load_game(PREFIX + nim, {"max_moves": 20, "deals": 3})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    assert game.get_parameters()["actions"] == action_table(nim).fingerprint and game.num_distinct_actions() == 2


def test_a_game_registered_at_run_time_gets_the_board_and_a_tournament(nim: str) -> None:
    from boardgames_lab.analysis import move_cap, tournament
    from boardgames_lab.widgets.setup_map import setup_map
    from boardgames_lab.widgets.targets import Made, TargetMap
    game = bgl.new_game(nim, players=2, seed=1)
    board = TargetMap(game, [0])
    made = {board.click((), target.id).move for target in board.options()}  # type: ignore[union-attr]
    assert made == set(game.legal_moves()) and all(isinstance(board.click((), t.id), Made) for t in board.options())
    assert setup_map(game).to_json() == []  # no board face: the set-up panel's fields still work
    assert move_cap(nim) == 40
    df = tournament(nim, ["heuristic", "random"], games=4, backend="serial")
    assert len(df) == 8 and df["finished"].all() and df.groupby("game")["win"].sum().eq(1.0).all()


def test_the_faces_of_a_bundled_game_are_its_packages_modules() -> None:
    d = definition("village")
    assert d.actions.__name__ == "boardgames_lab.rulesets.village.actions"
    assert d.decisions.__name__ == "boardgames_lab.rulesets.village.decisions" and d.decisions.DECISIONS
    assert definition("citadels").decisions.DECISIONS and d.heuristic.score_moves


def test_openspiel_and_pettingzoo_publish_the_numbering_and_refuse_another() -> None:
    import pyspiel

    from boardgames_lab.adapters.actions import action_table
    from boardgames_lab.adapters.openspiel import PREFIX
    from boardgames_lab.adapters.pettingzoo import env
    table = action_table("citadels")
    assert env("citadels", players=3).metadata["action_fingerprint"] == table.fingerprint
    game = pyspiel.load_game(PREFIX + "citadels", {"players": 3})
    assert game.get_parameters()["actions"] == table.fingerprint
    assert pyspiel.load_game(str(game)).num_distinct_actions() == table.size
    with pytest.raises(ValueError, match="another numbering"):
        pyspiel.load_game(PREFIX + "citadels", {"actions": "sha256:0000000000000000"})
