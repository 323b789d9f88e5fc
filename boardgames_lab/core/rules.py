"""Rule ids: every rule has a stable id, its rulebook reference and a paraphrase."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator


@dataclass(frozen=True)
class Rule:
    id: str
    ref: str  # where the rule comes from: a rulebook step, section or a fact-sheet entry
    text: str  # our own one-line paraphrase

    def __str__(self) -> str:
        return f"{self.id}: {self.text} ({self.ref})"


class RuleBook:
    """The rules of one game, looked up by id."""

    def __init__(self, game: str, rules: Iterable[Rule]):
        self.game = game
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise ValueError(f"duplicate rule id {rule.id}")
            if not (rule.id.startswith(game + ".") or rule.id.startswith("core.")):
                raise ValueError(f"rule id {rule.id} must start with {game}.")
            self._rules[rule.id] = rule

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def ids(self) -> list[str]:
        return list(self._rules)

    def check(self, rule_id: str) -> str:
        """Return ``rule_id`` after making sure it exists (used where code cites a rule)."""
        if rule_id not in self._rules:
            raise KeyError(f"unknown rule id {rule_id}")
        return rule_id


# Rules the engine itself enforces for every game.
CORE_RULES = (
    Rule("core.game_over", "engine", "No move can be made once the game is over."),
    Rule("core.not_legal", "engine", "A move must be one of the moves legal in the current position."),
    Rule("core.not_a_move", "engine",
         "A move is a value of the game's move type, each field of its declared type, or the move's notation."),
    Rule("core.not_your_turn", "engine",
         "A move is made by a seat that may act now, and only by the seat the move names."),
    Rule("core.wrong_phase", "engine", "A move is of a kind the current phase allows."),
    Rule("core.legal", "engine", "A move that passes the engine's checks and its kind's rule check is legal."),
)
