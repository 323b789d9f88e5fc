"""The examples on the adapter pages run as written."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGES = sorted((Path(__file__).resolve().parents[2] / "docs" / "adapters").glob("*.md"))
EXAMPLES = [(page.name, code) for page in PAGES
            for code in re.findall(r"```python\n(.*?)```", page.read_text(), flags=re.S)]


@pytest.mark.parametrize("page,code", EXAMPLES, ids=[name for name, _ in EXAMPLES])
def test_the_example_runs(page: str, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # an example that saves a file (a trained policy) saves it here, not in the checkout
    exec(compile(code, page, "exec"), {})
