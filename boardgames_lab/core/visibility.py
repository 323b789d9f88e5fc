"""Who may see each part of a position, declared once per game, and the one redaction that obeys it.

A game declares, for every field of its position's ``state`` part, who may see it, following
the rulebook. Paths are dotted; ``*`` stands for each item of a list indexed by seat, and that
item's owner is the seat of that index ("hands.*": each hand belongs to its seat). Every view a
player, bot, log or adapter gets is built from ``redact``'s output, so what is not declared
visible never reaches them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

# reveal(state_data, owner) -> bool: is this owner's item shown to everyone now (e.g. a called character)?
Reveal = Callable[[dict[str, Any], "int | None"], bool]
# sees(state_data, owner, seat, table) -> bool: does this seat see the item, beyond its owner and what is
# revealed to all (the drafter handed the remaining characters, the player a hand is shown to)? ``table``
# holds the public facts of the position: its phase, the seat to act and the options.
Sees = Callable[[dict[str, Any], "int | None", "int | None", Mapping[str, Any]], bool]
NO_TABLE: Mapping[str, Any] = {}


@dataclass(frozen=True)
class Seen:
    """Who sees a field: everyone, its owner, nobody, or also everyone once a rule reveals it."""

    owner: bool  # the seat that owns the item sees it
    everyone: bool = False
    reveal: Reveal | None = None  # when given: shown to all while this holds
    rule: str = ""  # the rule that shows or hides it (for the docs and the leak test's messages)
    count: bool = True  # a hidden list or object still shows how many items it has
    sees: Sees | None = None  # when given: also shown to the seats for which this holds

    def visible(self, data: dict[str, Any], seat: int | None, owner: int | None,
                table: Mapping[str, Any] = NO_TABLE) -> bool:
        if self.everyone:
            return True
        if self.owner and seat is not None and seat == owner:
            return True
        if self.reveal is not None and self.reveal(data, owner):
            return True
        return self.sees is not None and self.sees(data, owner, seat, table)


EVERYONE = Seen(owner=True, everyone=True)
OWNER = Seen(owner=True)
NOBODY = Seen(owner=False)


def revealed(rule: str, reveal: Reveal, owner: bool = True, count: bool = True) -> Seen:
    """Seen by its owner (unless ``owner=False``), and by everyone once ``reveal`` holds."""
    return Seen(owner=owner, reveal=reveal, rule=rule, count=count)


def shown_to(rule: str, sees: Sees, owner: bool = True, reveal: Reveal | None = None, count: bool = True) -> Seen:
    """Seen by its owner (unless ``owner=False``), by the seats ``sees`` names, and by all once ``reveal`` holds."""
    return Seen(owner=owner, reveal=reveal, rule=rule, count=count, sees=sees)


def hidden_value(value: object, count: bool) -> dict[str, Any]:
    if count and isinstance(value, (list, dict)):
        return {"hidden": True, "count": len(value)}
    return {"hidden": True}


def is_hidden(value: object) -> bool:
    return isinstance(value, dict) and value.get("hidden") is True


def redact(data: dict[str, Any], fields: Mapping[str, Seen], seat: int | None,
           table: Mapping[str, Any] = NO_TABLE) -> dict[str, Any]:
    """A copy of a position's state part with what ``seat`` (None: a spectator) may not see hidden."""
    out = data
    for path, seen in fields.items():
        if seen is not EVERYONE:
            out = _redact(out, data, path.split("."), seen, seat, None, table)
    return out if out is not data else dict(data)


def _redact(node: Any, root: dict[str, Any], parts: list[str], seen: Seen, seat: int | None,
            owner: int | None, table: Mapping[str, Any]) -> Any:
    """``node`` with the value at ``parts`` hidden if ``seat`` may not see it (copied on the way, never changed)."""
    if not parts:
        return node if seen.visible(root, seat, owner, table) else hidden_value(node, seen.count)
    head, rest = parts[0], parts[1:]
    if head == "*":
        if not isinstance(node, list):
            return node
        return [_redact(item, root, rest, seen, seat, i, table) for i, item in enumerate(node)]
    if not isinstance(node, dict) or head not in node:
        return node
    node = dict(node)
    node[head] = _redact(node[head], root, rest, seen, seat, owner, table)
    return node


def hidden_paths(data: dict[str, Any], fields: Mapping[str, Seen], seat: int | None,
                 table: Mapping[str, Any] = NO_TABLE) -> set[str]:
    """The concrete paths ("hands[1]", "deck") whose values ``seat`` may not see here."""
    found: set[str] = set()
    for path, seen in fields.items():
        if seen is not EVERYONE:
            _walk(data, data, path.split("."), seen, seat, None, "", found, table)
    return found


def _walk(node: object, root: dict[str, Any], parts: list[str], seen: Seen, seat: int | None, owner: int | None,
          here: str, found: set[str], table: Mapping[str, Any]) -> None:
    if not parts:
        if not seen.visible(root, seat, owner, table):
            found.add(here)
        return
    head, rest = parts[0], parts[1:]
    if head == "*":
        if isinstance(node, list):
            for i, item in enumerate(node):
                _walk(item, root, rest, seen, seat, i, f"{here}[{i}]", found, table)
    elif isinstance(node, dict) and head in node:
        _walk(node[head], root, rest, seen, seat, owner, f"{here}.{head}" if here else head, found, table)


def changed_paths(before: Any, after: Any, here: str = "") -> set[str]:
    """The deepest paths where two positions' state parts differ (for the leak test)."""
    if type(before) is not type(after):
        return {here}
    if isinstance(before, dict):
        out: set[str] = set()
        for key in set(before) | set(after):
            path = f"{here}.{key}" if here else key
            if key not in before or key not in after:
                out.add(path)
            else:
                out |= changed_paths(before[key], after[key], path)
        return out
    if isinstance(before, list):
        if len(before) != len(after):
            return {here}
        out = set()
        for i, (a, b) in enumerate(zip(before, after)):
            out |= changed_paths(a, b, f"{here}[{i}]")
        return out
    return set() if before == after else {here}


def covered(path: str, hidden: set[str]) -> bool:
    """Is ``path`` inside one of the hidden paths (itself or below it)?"""
    return any(path == h or path.startswith(h + ".") or path.startswith(h + "[") for h in hidden)


__all__ = ["EVERYONE", "NOBODY", "NO_TABLE", "OWNER", "Seen", "shown_to", "changed_paths", "covered", "hidden_paths", "hidden_value",
           "is_hidden", "redact", "revealed"]
