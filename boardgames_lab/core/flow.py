"""The phase machine, declared once as data.

A game declares its phases and the guarded edges between them in one ``Flow``.
The engine runs that declaration (``FlowRunner``) and the diagrams draw it, so
the game that plays and the picture that explains it cannot drift apart.

Guards, hooks and turn orders are the functions themselves, each a function of the state; the diagrams
name them by their function names (a turn order ``turn_<name>`` is drawn as ``<name>``). ``Flow.validate``
checks the declaration when the game is registered.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from . import turns

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

    The declaration is compiled once, when the runner is made, into one small function per phase (its edges'
    guards in order, each edge's hooks, its turn order), so a move runs straight-line code instead of reading
    the declaration again. ``advance(state, move)`` applies a legal move (the hot path: no checks) and follows
    the edges; ``settle(state)`` follows edges while guards pass and returns whether the phase changed.
    """

    MAX_STEPS = 10_000  # a loop guard: a flow that never settles is a bug in the declaration

    def __init__(self, flow: Flow, impl: Any):
        self.flow = flow
        self._impl = impl
        self._apply = impl.apply_move
        self._start_hook = flow.phase(flow.start).on_enter
        self._chance = frozenset(p.name for p in flow.phases if p.chance)
        self._turn: dict[str, Hook | None] = {p.name: None if p.turn is turns.same else p.turn
                                              for p in flow.phases if p.moves}
        made = _compiled(flow, self)
        self.advance: Callable[[Any, Any], None] = made["advance"]
        self.settle: Callable[[Any], bool] = made["settle"]
        self._step: dict[str, Callable[[Any], bool]] = made["STEP"]

    def start(self, state: Any) -> None:
        state.phase = self.flow.start
        if self._start_hook is not None:
            self._start_hook(state)
        self.settle(state)
        if state.phase in self._chance and not state.explicit_chance:
            self._draw(state)

    def _draw(self, state: Any) -> None:
        """Resolve chance phases with the game's generator until a player is to act (normal play)."""
        impl, step = self._impl, self._step
        while state.phase in self._chance:
            impl.apply_move(state, impl.sample_chance(state))
            phase = state.phase
            if step[phase](state):
                self.settle(state)
            else:
                turn = self._turn[phase]
                if turn is not None:
                    turn(state)


# Per flow (by identity, the flow kept with it): its compiled source and the functions the source names. A
# definition is made more than once (tests, tables of the classroom), and compiling is what costs.
_COMPILED: dict[int, tuple[Flow, Any, dict[str, Hook]]] = {}


def _compiled(flow: Flow, runner: FlowRunner) -> dict[str, Any]:
    """The flow's functions, bound to this runner's ``apply_move`` and draws (see ``_source``)."""
    cached = _COMPILED.get(id(flow))
    if cached is None or cached[0] is not flow:
        source, functions = _source(flow, bool(runner._chance))
        cached = _COMPILED[id(flow)] = (flow, compile(source, f"<flow {flow.start}..{flow.terminal}>", "exec"),
                                        functions)
    space: dict[str, Any] = {"apply": runner._apply, "CHANCE": runner._chance, "MAX": FlowRunner.MAX_STEPS,
                             "draw": runner._draw, **cached[2]}
    exec(cached[1], space)
    return space


def _source(flow: Flow, chance: bool) -> tuple[str, dict[str, Hook]]:
    """The flow as Python source: per phase ``_step_<i>`` (take the first edge whose guard passes) and, for a
    phase with moves, ``_after_<i>`` (what follows a move there: an edge and the phases it leads through, or
    the turn order), with the guards, hooks and turn orders it calls by name."""
    names: dict[int, str] = {}
    functions: dict[str, Hook] = {}

    def call(function: Hook) -> str:
        if id(function) not in names:
            names[id(function)] = f"f{len(names)}"
            functions[names[id(function)]] = function
        return f"{names[id(function)]}(state)"

    index = {p.name: i for i, p in enumerate(flow.phases)}
    settled = ["settle(state)", *(["if state.phase in CHANCE and not state.explicit_chance:", "    draw(state)"]
                                  if chance else []), "return"]
    lines: list[str] = []
    for phase in flow.phases:
        i = index[phase.name]
        lines += [f"def _step_{i}(state):", *_edges(flow, phase.name, call, ["return True"]), "    return False"]
        if phase.moves:
            lines += [f"def _after_{i}(state):", *_edges(flow, phase.name, call, settled), *_stay(phase, call)]
    lines.append("STEP = {" + ", ".join(f"{p.name!r}: _step_{index[p.name]}" for p in flow.phases) + "}")
    lines.append("AFTER = {" + ", ".join(f"{p.name!r}: _after_{index[p.name]}" for p in flow.phases if p.moves) + "}")
    lines += ["def settle(state):", "    step = 0", "    while STEP[state.phase](state):", "        step += 1",
              "        if step >= MAX:",
              "            raise RuntimeError(f'flow did not settle in phase {state.phase}')", "    return step > 0",
              "def advance(state, move):", "    apply(state, move)", "    AFTER[state.phase](state)"]
    return "\n".join(lines) + "\n", functions


def _edges(flow: Flow, source: str, call: Callable[[Hook], str], then: list[str]) -> list[str]:
    """The edges out of ``source`` in declared order: the first whose guard passes is taken (its trail entry,
    the phase, its hook, the target's on_enter), then ``then``; an unguarded edge ends the list."""
    lines = []
    for edge in flow.edges_from(source):
        pad = "    " if edge.guard is None else "        "
        if edge.guard is not None:
            lines.append(f"    if {call(edge.guard)}:")
        lines += [f"{pad}trail = state.trail", f"{pad}if trail is not None:",
                  f"{pad}    trail.append(({source!r}, {edge.target!r}))", f"{pad}state.phase = {edge.target!r}"]
        for hook in (edge.hook, flow.phase(edge.target).on_enter):
            if hook is not None:
                lines.append(f"{pad}{call(hook)}")
        lines += [pad + line for line in then]
        if edge.guard is None:
            break
    return lines


def _stay(phase: Phase, call: Callable[[Hook], str]) -> list[str]:
    """After a move that keeps the phase: its turn order (``clockwise`` written out), and in a chance phase
    (a caller's chance move, or a test's) the next draws in normal play, as on entering the phase."""
    if phase.turn is turns.same:
        lines = ["    pass"]
    elif phase.turn is turns.clockwise:
        lines = ["    state.current = (state.current + 1) % state.num_players"]
    else:
        lines = [f"    {call(phase.turn)}"]
    if phase.chance:
        lines += ["    if not state.explicit_chance:", "        draw(state)"]
    return lines
