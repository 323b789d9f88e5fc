"""Every game lives in the same house (boardgames_lab.rulesets.HOUSE): the same modules with the same roles,
extra modules only as named parts of the rulebook, a definition composed rather than inherited from mixins,
one frozen value class per move kind with a seat, and modules and functions of a readable size."""
from __future__ import annotations

import ast
import dataclasses
import importlib
import re
from pathlib import Path

import pytest

from boardgames_lab.core.definition import HOUSE_BINDINGS, HOUSE_MODULES, HOUSE_OPTIONAL, GameDefinition
from boardgames_lab.core.moves import Move
from boardgames_lab.rulesets import FACES, GAME_PACKAGES, HOUSE

RULESETS = Path(__file__).resolve().parent.parent / "boardgames_lab" / "rulesets"
MODULE_LINES = 400
FUNCTION_LINES = 40
def definition(name: str) -> GameDefinition:  # type: ignore[type-arg]
    return importlib.import_module(f"boardgames_lab.rulesets.{name}").DEFINITION  # type: ignore[no-any-return]


# A game is in the house once it declares its move kinds, its position format and its fields' visibility.
PORTED = {name for name in GAME_PACKAGES if definition(name).kinds and definition(name).fields
          and type(definition(name)).position is not GameDefinition.position}


def house(name: str) -> pytest.MarkDecorator | None:
    return None if name in PORTED else pytest.mark.xfail(strict=True, reason=f"{name} is not yet in Engine 2's shape")


GAMES = [pytest.param(name, marks=house(name) or ()) for name in GAME_PACKAGES]


def modules(game: str) -> dict[str, Path]:
    return {p.stem: p for p in sorted((RULESETS / game).glob("*.py"))}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_house_modules_and_names_its_extra_ones(game: str) -> None:
    found = modules(game)
    missing = sorted(set(HOUSE) - set(found))
    assert not missing, f"{game} lacks the house modules {missing}"
    package = importlib.import_module(f"boardgames_lab.rulesets.{game}")
    extras = getattr(package, "EXTRA_MODULES", {})
    unnamed = sorted(set(found) - set(HOUSE) - set(FACES) - set(extras))
    assert not unnamed, f"{game}: modules {unnamed} are neither house modules, faces nor named in EXTRA_MODULES"
    assert all(isinstance(part, str) and part for part in extras.values()), "each extra names its rulebook part"
    assert not set(extras) - set(found), f"{game}: EXTRA_MODULES names modules that do not exist"


@pytest.mark.parametrize("game", GAMES)
def test_modules_and_functions_stay_small(game: str) -> None:
    long_modules, long_functions = [], []
    for name, path in modules(game).items():
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > MODULE_LINES:
            long_modules.append(f"{name}.py ({text.count(chr(10))} lines)")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > FUNCTION_LINES:
                    long_functions.append(f"{name}.{node.name} ({length} lines)")
        assert "type: ignore[attr-defined]" not in text, f"{game}/{name}.py reaches into a sibling it does not know"
    assert not long_modules, f"{game}: modules over {MODULE_LINES} lines: {long_modules}"
    assert not long_functions, f"{game}: functions over {FUNCTION_LINES} lines: {long_functions}"


@pytest.mark.parametrize("game", GAMES)
def test_the_definition_is_composed_and_moves_are_frozen_values_per_kind(game: str) -> None:
    d = importlib.import_module(f"boardgames_lab.rulesets.{game}").DEFINITION
    assert type(d).__bases__ == (GameDefinition,), f"{game} inherits from {type(d).__bases__}: compose instead"
    assert d.kinds, f"{game} declares no move kinds"
    for kind in d.kinds:
        cls = kind.move
        assert issubclass(cls, Move) and dataclasses.is_dataclass(cls), f"{cls.__name__} is not a Move dataclass"
        assert cls.__dataclass_params__.frozen, f"{cls.__name__} is not frozen"  # type: ignore[attr-defined]
        names = [f.name for f in dataclasses.fields(cls)]
        assert names[0] == "player", f"{cls.__name__}'s first field is not the seat"
        generic = {"arg", "arg2", "a", "b", "node2", "x", "y"} & set(names)
        assert not generic, f"{cls.__name__} has generic field names {sorted(generic)}: use the rulebook's words"
    assert d.fields, f"{game} declares no field visibility"
    kinds = {k.name for k in d.kinds}
    for phase in d.flow.phases:
        assert set(phase.moves) <= kinds, f"phase {phase.name} allows undeclared kinds"


def test_the_core_binds_from_house_modules_and_the_docs_list_them() -> None:
    bound = {module for module, _ in (*HOUSE_BINDINGS.values(), *HOUSE_OPTIONAL.values())} | set(HOUSE_MODULES)
    assert bound <= set(HOUSE), f"the core binds from modules outside the house: {sorted(bound - set(HOUSE))}"
    docs = (RULESETS.parent.parent / "docs" / "adding_a_game.md").read_text(encoding="utf-8")
    section = docs.split("## 1. The house", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"^\| `(\w+)\.py` \|", section, re.M))
    assert listed == set(HOUSE), f"docs/adding_a_game.md's house table differs: {sorted(listed ^ set(HOUSE))}"


@pytest.mark.parametrize("game", GAMES)
def test_each_role_has_one_name_in_one_module(game: str) -> None:
    """A function the core binds is defined in its house module alone, and the definition takes it from there."""
    d = definition(game)
    assert type(d).house == f"boardgames_lab.rulesets.{game}", f"{game} does not name its house"
    defined: dict[str, list[str]] = {}
    for name, path in modules(game).items():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef):
                defined.setdefault(node.name, []).append(name)
    for attr, (module, function) in {**HOUSE_BINDINGS, **HOUSE_OPTIONAL}.items():
        value = vars(type(d)).get(attr)
        if function.isupper() or (value is not None and not isinstance(value, staticmethod)):
            continue  # a table, or the game's own method
        assert defined.get(function, [module]) == [module], f"{game}: {function} is defined in {defined[function]}"
    assert defined.get("render_text") == ["render"], f"{game}: render_text is in {defined.get('render_text')}"
    own = [name for name, value in vars(type(d)).items() if isinstance(value, staticmethod)
           and name not in {**HOUSE_BINDINGS, **HOUSE_OPTIONAL}]
    assert not own, f"{game}: game.py binds {own} by hand"


def test_a_house_missing_a_module_or_a_function_is_named_when_the_game_is_made(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "half_built"
    package.mkdir()
    for name in set(HOUSE) - {"draws"}:
        (package / f"{name}.py").write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(TypeError, match=r"the house has no module half_built\.draws"):
        type("HalfBuilt", (GameDefinition,), {"house": "half_built"})
    (package / "draws.py").write_text("", encoding="utf-8")
    with pytest.raises(TypeError, match=r"half_built\.info has no 'INFO' \(the definition's info\)"):
        type("HalfBuilt", (GameDefinition,), {"house": "half_built"})
