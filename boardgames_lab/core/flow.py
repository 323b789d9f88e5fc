"""The phase machine, declared once as data.

A game declares its phases and the guarded edges between them in one ``Flow``.
The engine runs that declaration (``FlowRunner``) and the diagrams draw it, so
the game that plays and the picture that explains it cannot drift apart.

Guards, hooks and turn orders are the functions themselves, each a function of the state; the diagrams
name them by their function names (a turn order ``turn_<name>`` is drawn as ``<name>``). ``Flow.validate``
checks the declaration when the game is registered. Only the flow sets ``state.phase``: a hook that set it
would not be followed, as the runner goes on from the edge's declared target.
"""
from __future__ import annotations

import ast
import copy
import math
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from . import turns
from .inline import Body, Rename, inline

Hook = Callable[[Any], Any]


def name_of(function: Hook | None) -> str | None:
    """The name a diagram gives a guard or hook: its function's name."""
    return None if function is None else getattr(function, "__name__", None)


@dataclass(frozen=True)
class Phase:
    name: str
    label: str
    moves: tuple[str, ...] = ()  # move kinds a player may make here; empty: the engine passes straight through
    turn: Hook = turns.same  # turn order after a move that stays in this phase (a core.turns preset or the game's)
    on_enter: Hook | None = None  # hook run when the phase is entered
    rules: tuple[str, ...] = ()  # rule ids that govern this phase
    note: str = ""  # one line for the diagram
    # A chance phase stands at a random draw: its moves are made by CHANCE. In normal play the engine draws
    # the outcome with the game's generator at once; a game in explicit-chance mode stops here instead, for a
    # caller (an adapter, an expectimax search) to choose among ``chance_outcomes``.
    chance: bool = False
    # A guard that, when it passes, promises that no edge out of this phase passes: the compiled flow tests it
    # first and then skips the edges' guards (a phase left rarely, whose edges are many). The plain reading of
    # the declaration ignores it, so a false promise shows as a difference (tests/test_flow_runner.py).
    settled: Hook | None = None

    @property
    def automatic(self) -> bool:
        return not self.moves

    @property
    def turn_name(self) -> str:
        """The turn order's name: a preset's (``same``, ``clockwise``) or the game's ``turn_<name>``."""
        return turns.name(self.turn)

    @property
    def enter_name(self) -> str | None:
        return name_of(self.on_enter)


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    guard: Hook | None = None  # None: always taken (an automatic phase's way out)
    hook: Hook | None = None  # run while taking the edge, before the target's on_enter
    rule: str | None = None
    label: str = ""

    @property
    def guard_name(self) -> str | None:
        return name_of(self.guard)

    @property
    def hook_name(self) -> str | None:
        return name_of(self.hook)


@dataclass(frozen=True)
class Flow:
    start: str
    phases: tuple[Phase, ...]
    edges: tuple[Edge, ...]
    terminal: str = "game_over"
    _by_name: dict[str, Phase] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._by_name.update({p.name: p for p in self.phases})

    def phase(self, name: str) -> Phase:
        return self._by_name[name]

    def edges_from(self, name: str) -> tuple[Edge, ...]:
        return tuple(e for e in self.edges if e.source == name)

    def has_edge(self, source: str, target: str) -> bool:
        return any(e.source == source and e.target == target for e in self.edges)

    def validate(self, rulebook: Any = None) -> None:
        """Check the declaration: phases and edges complete, every guard, hook and turn order a named function
        of the state, every rule cited in ``rulebook`` (when given). Raises ValueError naming the part."""
        names = set(self._by_name)
        if len(names) != len(self.phases):
            raise ValueError("duplicate phase names")
        for required in (self.start, self.terminal):
            if required not in names:
                raise ValueError(f"phase {required!r} is not declared")
        for edge in self.edges:
            where = f"edge {edge.source}->{edge.target}"
            for end in (edge.source, edge.target):
                if end not in names:
                    raise ValueError(f"{where}: unknown phase {end!r}")
            _check_function(f"{where}: guard", edge.guard)
            _check_function(f"{where}: hook", edge.hook)
            if rulebook is not None and edge.rule is not None and edge.rule not in rulebook:
                raise ValueError(f"{where} cites unknown rule {edge.rule}")
        for phase in self.phases:
            _check_function(f"phase {phase.name}: on_enter", phase.on_enter)
            _check_function(f"phase {phase.name}: settled", phase.settled)
            if phase.settled is not None and not self.edges_from(phase.name):
                raise ValueError(f"phase {phase.name} declares settled but has no edge to skip")
            if phase.moves:
                _check_function(f"phase {phase.name}: turn order", phase.turn, required=True)
            if phase.chance and not phase.moves:
                raise ValueError(f"chance phase {phase.name} declares no chance move kinds")
            out = self.edges_from(phase.name)
            if phase.name != self.terminal and not out:
                raise ValueError(f"phase {phase.name} has no way out")
            if phase.automatic and phase.name != self.terminal and all(e.guard is not None for e in out):
                raise ValueError(f"automatic phase {phase.name} needs an unguarded last edge")
            if rulebook is not None:
                for rule_id in phase.rules:
                    if rule_id not in rulebook:
                        raise ValueError(f"phase {phase.name} cites unknown rule {rule_id}")
        reached = {self.start}
        frontier = [self.start]
        while frontier:
            for edge in self.edges_from(frontier.pop()):
                if edge.target not in reached:
                    reached.add(edge.target)
                    frontier.append(edge.target)
        if reached != names:
            raise ValueError(f"unreachable phases: {sorted(names - reached)}")


def _check_function(where: str, function: Any, required: bool = False) -> None:
    """A guard, hook or turn order is a named function: the engine calls it, the diagram writes its name."""
    if function is None and not required:
        return
    if isinstance(function, str):
        raise ValueError(f"{where} is the text {function!r}: the flow names the function itself, not its name")
    if not callable(function):
        raise ValueError(f"{where} is {type(function).__name__} {function!r}, not a function of the state")
    name = name_of(function)
    if not name or not name.isidentifier():
        raise ValueError(f"{where} {function!r} has no name for the diagram: declare it with def")


class FlowRunner:
    """Runs a Flow for a game's definition (its ``apply_move`` and ``sample_chance``).

    After each move: if a guarded edge out of the current phase passes, take it
    (hook, then the target's on_enter) and keep going through automatic phases;
    otherwise the phase's turn order picks who decides next.

    The declaration is compiled once per flow into Python source (``_Source``): per phase, what follows a
    move there (its edges' guards in order, the taken edge's hooks and the phase it reaches, named directly,
    or the turn order), so a move runs straight-line code instead of reading the declaration again. A guard,
    hook or turn order whose body is a short expression or a few plain statements is written in place of its
    call (``_inline``). ``advance(state, move)`` applies a legal move (the hot path: no checks) and follows the
    edges; ``settle(state)`` follows edges while guards pass and returns whether the phase changed.
    """

    MAX_STEPS = 10_000  # a loop guard: a flow that never settles is a bug in the declaration

    def __init__(self, flow: Flow, impl: Any):
        self.flow = flow
        self._start_hook = flow.phase(flow.start).on_enter
        self._chance = frozenset(p.name for p in flow.phases if p.chance)
        made = _compiled(flow, impl, self._chance)
        self.advance: Callable[[Any, Any], None] = made["advance"]
        self.settle: Callable[[Any], bool] = made["settle"]
        # A search bot's random playout (its moves' generator, a random() and the most moves): the moves it made.
        self.playout: Callable[[Any, Callable[[Any], Any], Callable[[], float], int], int] = made["playout"]
        # Normal play: resolve chance phases with the game's generator until a player is to act.
        self._draw: Callable[[Any], None] = made["draw"]

    def start(self, state: Any) -> None:
        state.phase = self.flow.start
        if self._start_hook is not None:
            self._start_hook(state)
        self.settle(state)
        if state.phase in self._chance and not state.explicit_chance:
            self._draw(state)


# Per flow (by identity, the flow kept with it): its compiled source and the values the source names. A
# definition is made more than once (tests, tables of the classroom), and compiling is what costs.
_COMPILED: dict[int, tuple[Flow, Any, dict[str, Any]]] = {}


def _compiled(flow: Flow, impl: Any, chance: frozenset[str]) -> dict[str, Any]:
    """The flow's functions, bound to this definition's ``apply_move`` and ``sample_chance``."""
    cached = _COMPILED.get(id(flow))
    if cached is None or cached[0] is not flow:
        source = _Source(flow)
        cached = _COMPILED[id(flow)] = (flow, compile(source.text(), f"<flow {flow.start}..{flow.terminal}>", "exec"),
                                        source.values)
    space: dict[str, Any] = {"apply": impl.apply_move, "sample": impl.sample_chance if chance else None,
                             "CHANCE": chance, "MAX": FlowRunner.MAX_STEPS, "floor": math.floor, **cached[2]}
    # The playout makes and applies a move with its phase's own functions, where the game gives them.
    apply_in, legal_in = getattr(impl, "apply_in", {}), getattr(impl, "legal_in", {})
    space["LEGAL"] = getattr(impl, "legal_moves", None)
    space["PHASES"] = {p.name: p.name for p in flow.phases}  # the playout's phases, read as these strings
    for i, p in enumerate(flow.phases):
        if p.moves:
            space[f"apply_{i}"] = apply_in.get(p.name, impl.apply_move)
            space[f"LEGAL_{i}"] = legal_in.get(p.name, space["LEGAL"])
            space[f"PHASE_{i}"] = p.name
    exec(cached[1], space)
    return space


# A comparison is made fast by the interpreter only where its jump follows it directly, which a jump past a long
# block does not (it needs a wider argument): such an ``if`` is written ``if not (test): pass`` ``else:`` <block>,
# whose test jumps a short way. A block of this many lines or more is long.
_LONG = 8
_COMPARED = re.compile(r"^(\s*)if (.*(?:==|!=|<=|>=| < | > ).*):$")


def _short_jumps(lines: list[str]) -> list[str]:
    """``lines`` with each ``if`` that compares and guards a long block written as above (the same code)."""
    out: list[str] = []
    for k, line in enumerate(lines):
        found = _COMPARED.match(line)
        if found is not None:
            indent = found.group(1)
            block = 0
            for later in lines[k + 1:]:
                if not later.startswith(indent + " "):
                    break
                block += 1
            rest = lines[k + 1 + block].strip() if k + 1 + block < len(lines) else ""
            if block >= _LONG and not rest.startswith(("elif ", "else:")):  # an else of its own: left as it is
                out += [f"{indent}if not ({found.group(2)}):", f"{indent}    pass", f"{indent}else:"]
                continue
        out.append(line)
    return out


class _Source:
    """The flow as Python source. Per phase ``_enter_<i>`` (the phase just reached: take the first edge whose
    guard passes and return the ``_enter_`` of its target, or None where the flow rests) and, for a phase with
    moves, ``_after_<i>`` (what follows a move there: an edge and the phases it leads through, then in normal
    play the draws of a chance phase it rests in; or the turn order) and ``_drawn_<i>`` (the same after a
    draw of the engine's own, which the loop of ``draw`` follows)."""

    def __init__(self, flow: Flow):
        self.flow = flow
        self.values: dict[str, Any] = {}  # what the source reads by name: functions and fixed values
        self._names: dict[tuple[str, int], str] = {}
        self._sites = 0  # inlined bodies written so far: each gets local names of its own
        self._bodies: dict[int, Body | None] = {}
        self._index = {p.name: i for i, p in enumerate(flow.phases)}
        self._chance = any(p.chance for p in flow.phases)
        self._follows: dict[str, list[str]] = {}  # per phase with moves: _after_'s body past its settled test
        self._enters: dict[str, list[str]] = {}  # per _enter_ function: its body

    def text(self) -> str:
        flow, index = self.flow, self._index
        lines: list[str] = []
        for phase in flow.phases:
            i = index[phase.name]
            rest = self._settled(phase)
            enters = [*rest(["return None"]), *self._edges(phase.name, "enter"), "    return None"]
            lines += [f"def _enter_{i}(state):", *enters]
            self._enters[f"_enter_{i}"] = enters
            if phase.moves:
                stay = [f"    {line}" for line in self._run(phase.turn)]
                draws = ["    if not state.explicit_chance:", "        draw(state)"] if phase.chance else []
                ends = [line[4:] for line in (*stay, *draws)] + ["return"]
                follows = [*self._edges(phase.name, "after"), *stay, *draws, "    return"]
                lines += [f"def _after_{i}(state):", *rest(ends), *follows]
                self._follows[phase.name] = follows
                if self._chance:
                    lines += [f"def _drawn_{i}(state):", *rest([line[4:] for line in stay] + ["return"]),
                              *self._edges(phase.name, "drawn"), *stay, "    return"]
        lines += ["STEP = {" + ", ".join(f"{p.name!r}: _enter_{index[p.name]}" for p in flow.phases) + "}",
                  "AFTER = {" + ", ".join(f"{p.name!r}: _after_{index[p.name]}" for p in flow.phases if p.moves) + "}",
                  "def follow(state, nxt):",
                  "    step = 1",
                  "    while nxt is not None:",
                  "        nxt = nxt(state)",
                  "        step += 1",
                  "        if step >= MAX:",
                  "            raise RuntimeError(f'flow did not settle in phase {state.phase}')",
                  "def settle(state):",
                  "    nxt = STEP[state.phase](state)",
                  "    if nxt is None:",
                  "        return False",
                  "    follow(state, nxt)",
                  "    return True",
                  *self._advance()]
        if self._chance:
            lines += ["DRAWN = {" + ", ".join(f"{p.name!r}: _drawn_{index[p.name]}" for p in flow.phases if p.moves)
                      + "}",
                      "def draw(state):",
                      "    while state.phase in CHANCE:",
                      "        apply(state, sample(state))",
                      "        DRAWN[state.phase](state)"]
        else:
            lines += ["def draw(state):", "    return"]
        return "\n".join(lines) + "\n"

    def _advance(self) -> list[str]:
        """``advance``: the move, then its phase's ``_after_``. A phase whose ``settled`` test passing leaves
        nothing to do (no turn order, no draws) is tested here, so most of its moves return without that call;
        its moves are applied with its ``apply_in`` function where the game has one.
        ``playout``: random moves as a search bot plays them (the move at ``floor(rnd() * len(moves))``), each
        followed as ``advance`` follows it, until the game ends or ``depth`` moves are made; returns how many.
        It writes out the bodies of the ``_after_`` of the players' phases (a chance phase's moves are drawn
        inside them), the settled ones first: a move costs no call past its own. A move that takes no edge
        leaves the phase as it was, so the next move loops in the same branch (a settled phase's, the first, is
        found again at once), and the loop reads the phase, and tests for the end, only after an edge; a branch
        makes and applies the move with the phase's ``legal_in`` and ``apply_in`` functions where the game has
        them (``legal_in`` only when ``legal`` is the game's own ``legal_moves``)."""
        quick = {p.name: p.settled for p in self.flow.phases
                 if p.moves and p.settled is not None and not p.chance and not self._run(p.turn)}
        after: list[str] = []  # what follows a move, as lines ending in <done> (return or continue)
        for name, settled in quick.items():
            before, test = self._test(settled)
            after += [f"if phase == {name!r}:", f"    apply_{self._index[name]}(state, move)",
                      *(f"    {line}" for line in before), f"    if {test}:",
                      "        <done>", f"    _after_{self._index[name]}(state)", "    <done>"]
        after += ["apply(state, move)", "AFTER[phase](state)"]
        pick = "moves[_floor(rnd() * _len(moves))]"
        # The phase read is made the flow's own string (PHASES), so that each branch tests it by identity: a
        # comparison followed by a long jump (these branches are long) is one the interpreter cannot specialise.
        moved = ["phase = state.phase", "phase = PHASES.get(phase, phase)", f"if phase == {self.flow.terminal!r}:",
                 "    return played", "break"]
        # A move that stays in the phase (the turn order's return): the next count from the loop's own range, unless
        # ``depth`` moves are made (the loop then over: its ``else``).
        stay = ["for played in steps:", "    break", "else:", "    return depth"]
        played: list[str] = []
        own: list[int] = []  # the phases written out, by index
        for phase in [*(p for p in self.flow.phases if p.name in quick),
                      *(p for p in self.flow.phases if p.moves and p.settled is None and not p.chance)]:
            body = self._follows[phase.name]
            if any(line.strip().startswith(("for ", "while ", "return ")) for line in body):
                continue  # a loop or a value would not survive return -> continue: the call stays
            # Each return but the last ends an edge taken; the last, the turn order's, stays in the phase.
            # A move that stays in the phase loops in its branch, the next move its phase's again; but a settled
            # phase's branch is the loop's first, so its moves go back to the loop and are found by its one test.
            first = phase.name in quick
            stays, moves_on = (["continue"], [*moved[:-1], "continue"]) if first else (stay, moved)
            then: list[str] = []
            for k, line in enumerate(body):
                if line.strip() != "return":
                    then.append(line)
                else:
                    then += [line.replace("return", step) for step in (stays if k == len(body) - 1 else moves_on)]
            if first:
                before, test = self._test(quick[phase.name])
                then = [*(f"    {line}" for line in before), f"    if {test}:", "        continue", *then]
            i = self._index[phase.name]
            own.append(i)
            lines = [f"moves = legal_{i}(state)", f"a_{i}(state, {pick})",
                     *(line[4:] for line in _short_jumps([part for line in then for part in self._entered(line)]))]
            played += [f"if phase is p_{i}:", *(f"    {line}" for line in lines)] if first else \
                [f"if phase is p_{i}:", "    while True:", *(f"        {line}" for line in lines), "    continue"]
        played += ["moves = legal(state)", f"apply(state, {pick})", "AFTER[phase](state)", *moved[:4]]
        # The game's own generator is read per phase where the game gives one; another a caller passes, whole.
        locals_ = ", ".join(f"legal_{i}" for i in own)
        parts = ["    if legal is LEGAL:", f"        {locals_}, = {', '.join(f'LEGAL_{i}' for i in own)},",
                 "    else:", f"        {' = '.join(f'legal_{i}' for i in own)} = legal",
                 f"    {', '.join(f'p_{i}' for i in own)}, = {', '.join(f'PHASE_{i}' for i in own)},",
                 f"    {', '.join(f'a_{i}' for i in own)}, = {', '.join(f'apply_{i}' for i in own)},"] if own else []
        parts.append("    _floor, _len = floor, len  # what every move reads, as locals")
        return ["def advance(state, move):", "    phase = state.phase",
                *(f"    {line}".replace("<done>", "return") for line in after),
                "def playout(state, legal, rnd, depth):",
                "    phase = state.phase",
                "    phase = PHASES.get(phase, phase)",
                f"    if phase == {self.flow.terminal!r}:",
                "        return 0",
                *parts,
                "    steps = iter(range(1, depth + 1))",
                "    for played in steps:",
                *(f"        {line}" for line in played),
                "    return depth"]

    def _entered(self, line: str) -> list[str]:
        """A line of the playout; ``nxt = _enter_<i>(state)`` becomes that function's body, run once in a loop
        its returns leave (``nxt = <value>; break``), where the body has no loop of its own."""
        indent, _, call = line.partition("nxt = ")
        named = call.endswith("(state)") and not indent.strip()
        body = self._enters.get(call.removesuffix("(state)")) if named else None
        if body is None or any(part.strip().startswith(("for ", "while ")) for part in body):
            return [line]
        out = [f"{indent}while True:"]
        for part in body:
            inner, _, value = part.partition("return ")
            if part.strip() == "return":
                inner, value = part.removesuffix("return"), "None"
            out += [f"{indent}{part}"] if inner.strip() or not value else \
                [f"{indent}{inner}nxt = {value}", f"{indent}{inner}break"]
        return out

    def _settled(self, phase: Phase) -> Callable[[list[str]], list[str]]:
        """The phase's ``settled`` test, if it declares one, as lines that run ``then`` (statements of a
        function body) and skip the edges when it passes."""
        def rest(then: list[str]) -> list[str]:
            if phase.settled is None:
                return []
            before, test = self._test(phase.settled)
            return [f"    {line}" for line in before] + [f"    if {test}:"] + [f"        {line}" for line in then]
        return rest

    def _edges(self, source: str, role: str) -> list[str]:
        """The edges out of ``source`` in declared order: the first whose guard passes is taken (its trail
        entry, the phase, its hook, the target's on_enter), then what ``role`` does from the target; an
        unguarded edge ends the list."""
        lines: list[str] = []
        for edge in self.flow.edges_from(source):
            pad = "    "
            if edge.guard is not None:
                before, test = self._test(edge.guard)
                lines += [f"    {line}" for line in before] + [f"    if {test}:"]
                pad = "        "
            lines += [f"{pad}trail = state.trail", f"{pad}if trail is not None:",
                      f"{pad}    trail.append(({source!r}, {edge.target!r}))", f"{pad}state.phase = {edge.target!r}"]
            for hook in (edge.hook, self.flow.phase(edge.target).on_enter):
                lines += [pad + line for line in self._run(hook)]
            lines += [pad + line for line in self._onward(edge.target, role)]
            if edge.guard is None:
                break
        return lines

    def _onward(self, target: str, role: str) -> list[str]:
        """From the phase an edge reached: ``_enter_`` returns the phase to try next; ``_after_`` and
        ``_drawn_`` follow the flow to where it rests (``_after_`` then draws there in normal play)."""
        moving = bool(self.flow.edges_from(target))
        enter = f"_enter_{self._index[target]}"
        settled = self.flow.phase(target).settled if moving else None
        if role == "enter":
            if settled is None:
                return [f"return {enter}" if moving else "return None"]
            before, test = self._test(settled)  # the target's own first test, written here: no call follows
            return [*before, f"if {test}:", "    return None", f"return {enter}"]
        rests_at_draw = role == "after" and self.flow.phase(target).chance
        lines = []
        if moving:
            if settled is not None:
                before, test = self._test(settled)
                lines += [*before, f"if {test}:", "    nxt = None", "else:", f"    nxt = {enter}(state)"]
            else:
                lines += [f"nxt = {enter}(state)"]
            # The phase after that, too, is entered here: most moves rest there, and follow's call is saved.
            lines += ["if nxt is not None:", "    nxt = nxt(state)",
                      "    if nxt is not None:", "        follow(state, nxt)"]
            if role == "after" and self._chance:
                lines += ["    if state.phase in CHANCE and not state.explicit_chance:", "        draw(state)"]
            if rests_at_draw:
                lines += ["elif not state.explicit_chance:", "    draw(state)"]
        elif rests_at_draw:
            lines += ["if not state.explicit_chance:", "    draw(state)"]
        return [*lines, "return"]

    def _name(self, value: Any, hint: str) -> str:
        """The name the source reads ``value`` by (bound when the source runs): ``<hint>_v<n>``, apart from the
        source's own names and from inlined locals (``<name>_l<n>``)."""
        name = self._names.get((hint, id(value)))
        if name is None:
            name = self._names[hint, id(value)] = f"{hint}_v{len(self._names)}"
            self.values[name] = value
        return name

    def _body(self, function: Hook) -> Body | None:
        if id(function) not in self._bodies:
            self._bodies[id(function)] = inline(function)
        return self._bodies[id(function)]

    def _test(self, guard: Hook) -> tuple[list[str], str]:
        """A guard: the lines that set its locals, and the expression the ``if`` tests."""
        body = self._body(guard)
        if body is None or body.result is None:
            return [], f"{self._name(guard, name_of(guard) or 'guard')}(state)"
        lines, result = self._write(body)
        return lines, result

    def _run(self, hook: Hook | None) -> list[str]:
        """A hook or turn order as lines of statements (its value, if any, is not used)."""
        if hook is None:
            return []
        body = self._body(hook)
        if body is None or body.result is not None:
            return [f"{self._name(hook, name_of(hook) or 'hook')}(state)"]
        return self._write(body)[0]

    def _write(self, body: Body) -> tuple[list[str], str]:
        """An inlined body with its parameter read as ``state``, its locals named for this place alone and
        the other names it reads bound to their values."""
        self._sites += 1
        names = {body.parameter: "state"}
        names.update({local: f"{local}_l{self._sites}" for local in body.locals})
        names.update({name: self._name(value, name) for name, value in body.reads.items()})
        rename = Rename(names)
        lines = [line for statement in body.statements
                 for line in ast.unparse(rename.visit(copy.deepcopy(statement))).splitlines()]
        result = "" if body.result is None else f"({ast.unparse(rename.visit(copy.deepcopy(body.result)))})"
        return lines, result
