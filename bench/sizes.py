"""Module and function sizes per game: ``python -m bench.sizes``.

For each ruleset: its modules (the house's and its extra ones), lines in all, the longest module and the
longest functions, measured the way tests/test_house.py measures them.
"""
from __future__ import annotations

import ast
from pathlib import Path

from boardgames_lab.rulesets import GAME_PACKAGES, HOUSE

RULESETS = Path(__file__).resolve().parent.parent / "boardgames_lab" / "rulesets"


def sizes(game: str) -> dict[str, object]:
    modules = {p.stem: p.read_text(encoding="utf-8") for p in sorted((RULESETS / game).glob("*.py"))}
    functions = []
    for name, text in modules.items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                functions.append(((node.end_lineno or node.lineno) - node.lineno + 1, f"{name}.{node.name}"))
    lines = {name: text.count("\n") for name, text in modules.items()}
    functions.sort(reverse=True)
    return {"modules": len(modules), "extra": sorted(set(modules) - set(HOUSE)),
            "missing": sorted(set(HOUSE) - set(modules)), "lines": sum(lines.values()),
            "longest_module": max(lines.items(), key=lambda kv: kv[1]), "functions": len(functions),
            "longest_functions": functions[:3]}


def main() -> None:
    for game in GAME_PACKAGES:
        s = sizes(game)
        name, lines = s["longest_module"]  # type: ignore[misc]
        print(f"{game}: {s['modules']} modules, {s['lines']} lines, longest module {name}.py ({lines}), "
              f"{s['functions']} functions, longest "
              + ", ".join(f"{f} ({n})" for n, f in s["longest_functions"]))  # type: ignore[attr-defined]
        print(f"    extra modules {s['extra']}; house modules missing {s['missing']}")


if __name__ == "__main__":
    main()
