"""Sphinx extension: documentation generated from the engine at build time.

Tables, the phase diagram and code examples on the docs pages are produced from
``boardgames_lab`` itself while the docs build, so a page cannot disagree with
the code it describes:

``{rules-table} GAME`` (option ``:match: setup.* money.*``)
    The game's rules (id, source, paraphrase, where the phase declaration cites
    it) from ``boardgames_lab.rules(GAME)``. Every rule of a game shown in any
    table must appear in exactly one; a rule missing from all of them fails the
    build. ``{rules-table} core`` lists the rules the engine enforces for every game.
``{phase-table} GAME``
    The phases of the game's ``Flow`` in declaration order, with moves, turn
    order and the rules each one cites.
``{phase-diagram} GAME``
    The phase diagram, rendered with ``boardgames_lab.diagrams.phase_svg`` into
    the build's ``_static/diagrams/`` and shown on the page.
``{card-table} GAME``
    Every card of ``boardgames_lab.rulesets.GAME.data.CARDS``.
``{game-options} GAME``
    The options declared in the game's ``GameInfo``.
``{move-notation} GAME``
    The notation table from the docstring of ``boardgames_lab.rulesets.GAME.moves``;
    every example in its first column must parse.
``{python-run}``
    Runs the Python code in its body (one namespace per page, top to bottom)
    and shows the code with what it printed and the value of its last line.
    An exception fails the build.
``{rule}`GAME.topic.name```
    A rule id, linked to its row in a rules table; an unknown id fails the build.
``bgl_run_python_blocks`` (a list in conf.py)
    Markdown files outside the docs (the README) whose ```` ```python ```` blocks are run
    during the build, each file in a fresh namespace; an exception fails the build.

Every problem is reported as a Sphinx warning, which ``-W`` turns into a failed build.
"""
from __future__ import annotations

import ast
import contextlib
import fnmatch
import importlib
import io
import pprint
import re
import traceback
from pathlib import Path
from typing import Any, Iterable

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole
from sphinx.util.nodes import make_refnode
from sphinx.util.osutil import relative_uri

logger = logging.getLogger(__name__)

DIAGRAM_DIR = "_static/diagrams"
NOTHING = "–"


# --- engine look-ups ---------------------------------------------------------------------------
def _rulebook(game: str) -> list[Any]:
    """The rules of ``game`` without the engine's own; ``core``: only the engine's own."""
    import boardgames_lab
    from boardgames_lab.core.rules import CORE_RULES

    if game == "core":
        return list(CORE_RULES)
    return [r for r in boardgames_lab.rules(game) if not r.id.startswith("core.")]


def _definition(game: str) -> Any:
    from boardgames_lab.core.registry import definition

    return definition(game)


def _game_of(rule_id: str) -> str:
    return rule_id.split(".", 1)[0]


def _rule_exists(rule_id: str) -> bool:
    try:
        return any(r.id == rule_id for r in _rulebook(_game_of(rule_id)))
    except Exception:  # an unknown game: not a rule id
        return False


def _anchor(rule_id: str) -> str:
    return "rule-" + nodes.make_id(rule_id)


def _where_cited(game: str) -> dict[str, list[str]]:
    """rule id -> the phases of the game's Flow that cite it, on the phase or on an edge out of it."""
    if game == "core":
        return {}
    flow = _definition(game).flow
    where: dict[str, list[str]] = {}
    for phase in flow.phases:
        for rule_id in phase.rules:
            where.setdefault(rule_id, []).append(phase.label)
    for edge in flow.edges:
        if edge.rule is not None:
            where.setdefault(edge.rule, []).append(flow.phase(edge.source).label)
    return {k: list(dict.fromkeys(v)) for k, v in where.items()}


# --- small node builders -----------------------------------------------------------------------
class rule_ref(nodes.Inline, nodes.TextElement):
    """A rule id waiting to be linked to its row (resolved in ``doctree-resolved``)."""


class phase_diagram_node(nodes.General, nodes.Element):
    """Where the phase diagram goes; HTML only."""


def _text(value: Any) -> nodes.Node:
    return nodes.Text(str(value))


def _code(value: str) -> nodes.literal:
    return nodes.literal(value, value)


def _ref(rule_id: str, short: bool = False) -> rule_ref:
    """A link to a rule's row; ``short`` shows the id without its game prefix."""
    node = rule_ref(rule_id, "")
    node["rule"] = rule_id
    node += _code(rule_id.split(".", 1)[1] if short else rule_id)
    return node


def _joined(items: Iterable[nodes.Node], sep: str = ", ") -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for i, item in enumerate(items):
        if i:
            out.append(nodes.Text(sep))
        out.append(item)
    return out or [nodes.Text(NOTHING)]


def _table(headers: list[str], rows: list[list[Any]], widths: list[int], classes: Iterable[str] = ()) -> nodes.table:
    """A docutils table; a cell is a str, a node or a list of nodes."""
    table = nodes.table(classes=["bgl-table", *classes])
    group = nodes.tgroup(cols=len(headers))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    head += _row(headers)
    body = nodes.tbody()
    group += body
    for cells in rows:
        body += _row(cells)
    return table


def _row(cells: list[Any]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        para = nodes.paragraph()
        if isinstance(cell, nodes.Node):
            para += cell
        elif isinstance(cell, list):
            para.extend(cell)
        else:
            para += _text(cell)
        entry += para
        row += entry
    return row


# --- per-build bookkeeping -----------------------------------------------------------------------
def _store(env: BuildEnvironment) -> dict[str, Any]:
    if not hasattr(env, "bgl_docs"):
        env.bgl_docs = {"rules": {}, "games": {}, "diagrams": {}, "generated": set()}
    return env.bgl_docs  # type: ignore[no-any-return]


class _Generated(SphinxDirective):
    """Base: marks the page as generated from the engine, so it is re-read on every build."""

    def mark(self) -> dict[str, Any]:
        store = _store(self.env)
        store["generated"].add(self.env.docname)
        return store

    def fail(self, message: str) -> list[nodes.Node]:
        logger.warning(message, location=self.get_location())
        return []


# --- the directives ----------------------------------------------------------------------------------
class RulesTable(_Generated):
    required_arguments = 1
    option_spec = {"match": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        store = self.mark()
        game = self.arguments[0]
        try:
            rules = _rulebook(game)
            where = _where_cited(game)
        except Exception as err:
            return self.fail(f"rules-table: cannot read the rules of {game!r}: {err}")
        patterns = self.options.get("match", "*").split()
        prefix = "" if game == "core" else game + "."
        chosen = [r for r in rules if any(fnmatch.fnmatchcase(r.id[len(prefix):], p) for p in patterns)]
        if not chosen:
            return self.fail(f"rules-table {game}: no rule matches {' '.join(patterns)}")
        store["games"].setdefault(game, set()).add(self.env.docname)
        rows = []
        for rule in chosen:
            store["rules"].setdefault(rule.id, []).append((self.env.docname, _anchor(rule.id)))
            source = nodes.inline(rule.ref, rule.ref, classes=["bgl-source"])
            rows.append([[_code(rule.id), nodes.Text(" "), source], rule.text,
                         _joined(_text(w) for w in where.get(rule.id, []))])
        headers = ["Rule id and source", "What it says", "Phases"]
        table = _table(headers, rows, [34, 46, 20], ["bgl-rules"])
        for row, rule in zip(table.findall(nodes.row), [None, *chosen]):
            if rule is not None:  # the header row has no rule
                row["ids"].append(_anchor(rule.id))
        return [table]


class PhaseTable(_Generated):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        self.mark()
        game = self.arguments[0]
        try:
            from boardgames_lab.core import turns

            flow = _definition(game).flow
        except Exception as err:
            return self.fail(f"phase-table: cannot read the flow of {game!r}: {err}")
        rows = []
        for phase in flow.phases:
            kind = "players decide" if phase.moves else ("end" if phase.name == flow.terminal else "automatic")
            moves = _joined(_code(m) for m in phase.moves)
            turn = turns.describe(phase.turn_name) if phase.moves else NOTHING
            rows.append([[nodes.strong(phase.label, phase.label), nodes.Text(" "), _code(phase.name)], kind, moves,
                         turn, _joined(_ref(r) for r in phase.rules)])
        return [_table(["Phase", "Kind", "Moves", "Turn order", "Rules it cites"], rows, [20, 10, 18, 10, 42])]


class PhaseDiagram(_Generated):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        store = self.mark()
        game = self.arguments[0]
        filename = f"{game}_phases.svg"
        try:
            from boardgames_lab.diagrams import phase_svg

            svg = phase_svg(game)
        except Exception as err:
            return self.fail(f"phase-diagram {game}: could not render the diagram ({type(err).__name__}: {err}). "
                             "It needs the graphviz and graphviz-pure Python packages, both in the lab extra "
                             "(pip install -e '.[lab]').")
        store["diagrams"][filename] = (self.env.docname, svg)
        node = phase_diagram_node()
        node["filename"] = filename
        node["alt"] = f"Phase diagram of {_definition(game).info.title}"
        return [node]


def visit_diagram_html(self: Any, node: phase_diagram_node) -> None:
    uri = relative_uri(self.builder.get_target_uri(self.builder.current_docname), f"{DIAGRAM_DIR}/{node['filename']}")
    self.body.append(
        f'<figure class="bgl-phase-diagram"><a href="{uri}"><img src="{uri}" alt="{node["alt"]}" '
        f'style="max-width: 100%; height: auto;"></a><figcaption>{node["alt"]}, drawn at build time from the '
        f'game\'s <code>Flow</code>. <a href="{uri}">Open the SVG on its own</a> to read each phase\'s and '
        "edge's rule ids as tooltips.</figcaption></figure>\n")
    raise nodes.SkipNode


def skip_node(self: Any, node: nodes.Node) -> None:
    raise nodes.SkipNode


class CardTable(_Generated):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        self.mark()
        game = self.arguments[0]
        try:
            data = importlib.import_module(f"boardgames_lab.rulesets.{game}.data")
            rule_ids = [r.id for r in _rulebook(game)]
        except Exception as err:
            return self.fail(f"card-table: cannot read the card data of {game!r}: {err}")
        rows = []
        for card in data.CARDS:
            deck = data.DECKS[card.deck]
            if card.is_trading:
                deck += f" ({data.GROUPS[card.group]})"
            keys = {card.special, card.id} - {""}
            special = [r for r in rule_ids if r.rsplit(".", 1)[1] in keys]
            if card.special and not special:
                logger.warning(f"card-table: {card.id} has the special {card.special!r} but no rule id ends "
                               f"with .{card.special}", location=self.get_location())
            rows.append([card.name, card.german or "not found", deck, card.copies, card.cost, card.rubles,
                         card.points, card.symbol or NOTHING, _joined(_ref(r, short=True) for r in special)])
        headers = ["Card", "German name", "Deck", "Copies", "Cost", "Rubles", "Points", "Symbol", "Special (rule)"]
        sizes = ", ".join(f"{name} {size}" for name, size in zip(data.DECKS, data.DECK_SIZES))
        total = nodes.paragraph(text=f"{sum(data.DECK_SIZES)} cards in {len(data.CARDS)} kinds: {sizes}.")
        return [total, _table(headers, rows, [18, 16, 18, 6, 5, 6, 6, 6, 19], ["bgl-cards"])]


class GameOptions(_Generated):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        self.mark()
        game = self.arguments[0]
        try:
            info = _definition(game).info
        except Exception as err:
            return self.fail(f"game-options: unknown game {game!r}: {err}")
        if not info.options:
            return [nodes.paragraph(text=f"{info.title} has no options.")]
        rows = [[_code(o.name), _code(repr(o.default)), _joined(_code(repr(c)) for c in o.choices),
                 o.description + (" (The default is an assumed value.)" if o.assumed else "")]
                for o in info.options]
        return [_table(["Option", "Default", "Choices", "What it does"], rows, [14, 14, 22, 50])]


class MoveNotation(_Generated):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        self.mark()
        game = self.arguments[0]
        try:
            moves = importlib.import_module(f"boardgames_lab.rulesets.{game}.moves")
        except Exception as err:
            return self.fail(f"move-notation: cannot import the moves of {game!r}: {err}")
        table = _docstring_table(moves.__doc__ or "")
        if table is None:
            return self.fail(f"move-notation: the docstring of {moves.__name__} holds no table")
        for row in table.findall(nodes.row):
            first = next(row.findall(nodes.entry))
            for literal in first.findall(nodes.literal):
                text = literal.astext()
                try:
                    moves.parse(text, 0)  # a seat's move: the notation leaves the seat out
                except Exception as err:
                    logger.warning(f"move-notation: the example {text!r} in {moves.__name__} does not parse: {err}",
                                   location=self.get_location())
        table["classes"].append("bgl-table")
        return [table]


def _docstring_table(doc: str) -> nodes.table | None:
    """Parse a reStructuredText docstring on its own and return its first table."""
    from docutils.core import publish_doctree

    tree = publish_doctree(doc, settings_overrides={"report_level": 5, "halt_level": 5})
    found = next(tree.findall(nodes.table), None)
    if found is not None:
        found.parent.remove(found)
    return found


class PythonRun(_Generated):
    """Run the example and show its code and output, as a notebook cell would."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        self.mark()
        code = "\n".join(self.content)
        namespace = self.env.current_document.setdefault("bgl_namespace", {"__name__": "__docs__"})
        out = io.StringIO()
        try:
            tree = ast.parse(code)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            with contextlib.redirect_stdout(out):
                exec(compile(tree, "<python-run>", "exec"), namespace)
                if last is not None:
                    value = eval(compile(ast.Expression(last.value), "<python-run>", "eval"), namespace)
                    if value is not None:
                        print(value if isinstance(value, str) else pprint.pformat(value, width=100, sort_dicts=False))
        except Exception:
            return self.fail("python-run: the example raised an exception:\n" + traceback.format_exc(limit=-3)
                             + "\n" + code)
        result: list[nodes.Node] = [nodes.literal_block(code, code, language="python", classes=["bgl-code"])]
        shown = out.getvalue().rstrip("\n")
        if shown:
            result.append(nodes.literal_block(shown, shown, language="text", classes=["bgl-output"]))
        return result


class RuleRole(SphinxRole):
    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        rule_id = self.text.strip()
        _store(self.env)["generated"].add(self.env.docname)  # checked against the engine: re-read every build
        if not _rule_exists(rule_id):
            logger.warning(f"rule: {rule_id!r} is not a rule id of the engine", location=self.get_location())
            return [_code(rule_id)], []
        return [_ref(rule_id)], []


# --- events ------------------------------------------------------------------------------------------
def resolve_rule_refs(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    targets = _store(app.env)["rules"]
    for node in list(doctree.findall(rule_ref)):
        rule_id = node["rule"]
        found = targets.get(rule_id)
        if found:
            target_doc, anchor = found[0]
            children = [child.deepcopy() for child in node.children]
            new: nodes.Node = make_refnode(app.builder, docname, target_doc, anchor, children, rule_id)
        else:
            logger.warning(f"rule: {rule_id} is in the engine but in no rules-table, so it cannot be linked",
                           location=node)
            new = nodes.inline("", "", *[child.deepcopy() for child in node.children])
        node.replace_self(new)


def check_rules_complete(app: Sphinx, env: BuildEnvironment) -> None:
    """Every rule of a game with a rules table is listed exactly once across all tables."""
    store = _store(env)
    for game, docnames in sorted(store["games"].items()):
        for rule in _rulebook(game):
            places = store["rules"].get(rule.id, [])
            if not places:
                logger.warning(f"rules-table: rule {rule.id} is in no rules table (pages with tables of {game}: "
                               f"{', '.join(sorted(docnames))}); add a :match: pattern for it")
            elif len(places) > 1:
                logger.warning(f"rules-table: rule {rule.id} is listed {len(places)} times: "
                               f"{', '.join(doc for doc, _ in places)}")


def always_reread(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str],
                  removed: set[str]) -> list[str]:
    """Pages generated from the engine are re-read on every build: the code may have changed."""
    return sorted(d for d in _store(env)["generated"] if d in env.found_docs)


def purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    store = _store(env)
    store["generated"].discard(docname)
    for rule_id in list(store["rules"]):
        store["rules"][rule_id] = [p for p in store["rules"][rule_id] if p[0] != docname]
        if not store["rules"][rule_id]:
            del store["rules"][rule_id]
    for game in list(store["games"]):
        store["games"][game].discard(docname)
        if not store["games"][game]:
            del store["games"][game]
    for name in [n for n, (doc, _) in store["diagrams"].items() if doc == docname]:
        del store["diagrams"][name]


def merge(app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment) -> None:
    """Take over what a parallel reader found in ``docnames`` (its env may also hold older, merged data)."""
    mine, theirs = _store(env), _store(other)
    mine["generated"] |= theirs["generated"] & docnames
    for rule_id, places in theirs["rules"].items():
        mine["rules"].setdefault(rule_id, []).extend(p for p in places if p[0] in docnames)
    for game, docs in theirs["games"].items():
        mine["games"].setdefault(game, set()).update(docs & docnames)
    mine["diagrams"].update({k: v for k, v in theirs["diagrams"].items() if v[0] in docnames})


def write_diagrams(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    folder = Path(app.outdir) / DIAGRAM_DIR
    folder.mkdir(parents=True, exist_ok=True)
    for filename, (_, svg) in _store(app.env)["diagrams"].items():
        (folder / filename).write_text(svg, encoding="utf-8")


_PYTHON_BLOCK = re.compile(r"^```python[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)


def run_python_blocks(app: Sphinx, env: BuildEnvironment) -> None:
    """Run the ```python blocks of the files named in ``bgl_run_python_blocks`` (the README's example)."""
    for name in app.config.bgl_run_python_blocks:
        path = (Path(app.srcdir) / name).resolve()
        namespace: dict[str, Any] = {"__name__": "__readme__"}
        for block in _PYTHON_BLOCK.findall(path.read_text(encoding="utf-8")):
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(compile(block, str(path), "exec"), namespace)
            except Exception:
                logger.warning(f"{name}: a python block raised an exception:\n{traceback.format_exc(limit=-3)}"
                               f"\n{block}")


def add_static(app: Sphinx) -> None:
    app.config.html_static_path.append(str(Path(__file__).parent / "static"))


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", add_static)
    app.add_css_file("bgl_docs.css")
    app.add_node(phase_diagram_node, html=(visit_diagram_html, None), latex=(skip_node, None),
                 text=(skip_node, None), man=(skip_node, None), texinfo=(skip_node, None))
    app.add_node(rule_ref)
    app.add_directive("rules-table", RulesTable)
    app.add_directive("phase-table", PhaseTable)
    app.add_directive("phase-diagram", PhaseDiagram)
    app.add_directive("card-table", CardTable)
    app.add_directive("game-options", GameOptions)
    app.add_directive("move-notation", MoveNotation)
    app.add_directive("python-run", PythonRun)
    app.add_role("rule", RuleRole())
    app.connect("doctree-resolved", resolve_rule_refs)
    app.connect("env-check-consistency", check_rules_complete)
    app.connect("env-check-consistency", run_python_blocks)
    app.add_config_value("bgl_run_python_blocks", [], "env", types=[list])
    app.connect("env-get-outdated", always_reread)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("build-finished", write_diagrams)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
