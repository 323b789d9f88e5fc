"""Shared test set-up: the ``cites`` marker ties a test to the rule ids it checks."""
import pytest

cites = pytest.mark.rule


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rule(*ids): the rule ids this test checks (see test_rule_citations.py)")
