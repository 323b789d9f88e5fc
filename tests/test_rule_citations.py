"""Every rule id of every game is cited by at least one test, and every citation names a real rule: the games
registered, and every game package in boardgames_lab/rulesets/ (the example game, registered only by its tests)."""
from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path

import boardgames_lab as bgl

TESTS = Path(__file__).parent
CITE = re.compile(r"@cites\(([^)]*)\)", re.S)
ID = re.compile(r'(?:P \+ )?"([a-z_.]+)"')


def cited_ids() -> set[str]:
    found: set[str] = set()
    for path in TESTS.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        prefix = re.search(r'^P = "([a-z_.]+)"', text, re.M)
        for args in CITE.findall(text):
            for match in ID.finditer(args):
                rule = match.group(1)
                found.add(prefix.group(1) + rule if match.group(0).startswith("P + ") and prefix else rule)
    return found


def all_ids() -> set[str]:
    packages = [p.name for p in (Path(bgl.__file__).parent / "rulesets").iterdir() if (p / "rules.py").is_file()]
    packaged = {rule.id for name in packages for rule in import_module(f"boardgames_lab.rulesets.{name}.rules").RULES}
    return packaged | {rule.id for game in bgl.games() for rule in bgl.rules(game["name"])}


def test_every_rule_is_cited_by_a_test() -> None:
    missing = sorted(all_ids() - cited_ids())
    assert not missing, f"rules no test cites: {missing}"


def test_every_citation_names_a_real_rule() -> None:
    unknown = sorted(cited_ids() - all_ids())
    assert not unknown, f"tests cite unknown rules: {unknown}"
