"""What a game supplies to the engine: metadata, rules, a flow and rule logic."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from importlib import import_module
from types import FunctionType, ModuleType
from typing import Any, Callable, ClassVar, NoReturn, Generic, Iterable, Mapping, Sequence, TypeVar, get_args, get_origin

from .errors import OptionError
from .flow import Flow, FlowRunner
from .moves import CHANCE, Kind, Move, Refusal, never, plain_legal_moves
from .position import Reader
from .rng import Rng
from .rules import CORE_RULES, Rule, RuleBook
from .secrets import Secret
from .visibility import Seen, redact


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    choices: tuple[Any, ...]
    description: str
    assumed: bool = False  # True when the default is an assumed value, not a printed one


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    hidden_information: bool
    chance: bool
    edition: str
    rules_version: int
    description: str
    options: tuple[Option, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["players"] = list(range(self.min_players, self.max_players + 1))
        return data


@dataclass(frozen=True)
class Explanation:
    """The answer to "may I make this move here, and if not, why not?"."""

    legal: bool
    rule: str
    reason: str
    remedy: str = ""  # what would make it legal, where the rule says

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        return f"{'legal' if self.legal else 'illegal'}: {self.reason} [{self.rule}]"


class State:
    """Fields every game state has. Games subclass it with ``__slots__`` of their own.

    ``trail`` (phase edges taken) and ``events`` (the words of the log) are None in
    normal play, so the hot path pays nothing for them; the engine switches them
    on when it replays a game to tell its story.
    """

    __slots__ = ("num_players", "phase", "current", "rng", "trail", "events", "ply", "explicit_chance")

    def init_base(self, num_players: int, seed: int) -> None:
        self.num_players = num_players
        self.phase = ""
        self.current = 0
        self.rng = Rng(seed)
        self.trail: list[tuple[str, str]] | None = None
        self.events: list[dict[str, Any]] | None = None
        self.ply = 0
        self.explicit_chance = False  # True: stop at chance phases for the caller to choose the outcome

    def copy_base(self, other: "State") -> None:
        other.num_players = self.num_players
        other.phase = self.phase
        other.current = self.current
        other.rng = self.rng.copy()
        other.trail = None
        other.events = None
        other.ply = self.ply
        other.explicit_chance = self.explicit_chance

    def note(self, text: str, data: dict[str, Any] | None = None, visible_to: Sequence[int] | None = None,
             you: tuple[int, str] | None = None) -> None:
        """Record what changed, in words and data (only while events are on).

        ``text`` is in the third person, naming seats as {p0}, {p1}, ...: the teacher's log and every seat
        that may read the note read it so. ``you`` is ``(seat, words)``: that seat's own log reads ``words``
        instead ("You draw the Temple." where the others read "{p1} draws the Temple.")."""
        if self.events is not None:
            event: dict[str, Any] = {"text": text, "data": data or {}, "visible_to": None if visible_to is None else list(visible_to)}
            if you is not None:
                event["you"] = [you[0], you[1]]
            self.events.append(event)


S = TypeVar("S", bound=State)


# What a game's house supplies (rulesets/__init__.py HOUSE): every game names these modules and functions alike,
# so the core binds them and a game's definition says only what is its own. Attribute: (module, name in it).
HOUSE_BINDINGS: dict[str, tuple[str, str]] = {
    "info": ("info", "INFO"),
    "flow": ("flow", "FLOW"),
    "rulebook": ("rules", "RULES"),
    "kinds": ("checks", "KINDS"),
    "secrets": ("secrets", "SECRETS"),
    "fields": ("view", "FIELDS"),
    "legal_moves": ("fast", "legal_moves"),
    "apply_move": ("effects", "apply_move"),
    "chance_weights": ("draws", "chance_weights"),
    "sample_chance": ("draws", "sample_chance"),
    "position": ("position", "position"),
    "read_position": ("position", "read_position"),
    "show": ("view", "show"),
    "determinize": ("view", "determinize"),
    "invariants": ("state", "invariants"),
    "scores": ("scoring", "scores"),
    "winners": ("scoring", "winners"),
}
# Bound where the module has them; else the core's default stands.
HOUSE_OPTIONAL: dict[str, tuple[str, str]] = {
    "check_options": ("info", "check_options"),
    "full_view": ("view", "full_view"),
    "move_visibility": ("view", "move_visibility"),
    "apply_in": ("effects", "APPLY_IN"),
    "legal_in": ("fast", "LEGAL_IN"),
}
# Read through the modules by the house defaults below: moves.parse and render.render_text.
HOUSE_MODULES = ("moves", "render")


class Face:
    """A face of a game: the module of the attribute's name in the game's package, imported on first use."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, definition: Any, owner: type | None = None) -> Any:
        if definition is None:
            return self
        package = definition.house or type(definition).__module__.rpartition(".")[0]
        module = f"{package}.{self.name}"
        try:
            found = import_module(module) if package else None
        except ModuleNotFoundError as err:
            if err.name != module:
                raise  # the face exists and itself failed to import
            found = None
        definition.__dict__[self.name] = found  # read once: the instance's attribute now hides this descriptor
        return found


SUPPLIED: list[str] = []  # the methods every game supplies (checked when a definition is made)
F = TypeVar("F", bound=Callable[..., Any])


def supplied(method: F) -> F:
    """Marks a method each game supplies, in its class or bound from its house's modules: a definition lacking
    one is refused when it is made, naming what is missing."""
    SUPPLIED.append(method.__name__)
    return method


def _unsupplied(definition: object, name: str) -> NoReturn:
    """The body of a supplied method in the base class: a definition that lacks it is refused when made, so this
    runs only for a method deleted from an instance afterwards; it says which."""
    raise TypeError(f"{type(definition).__name__} supplies no {name} (core/definition.py, supplied methods)")


class GameDefinition(Generic[S]):
    """Subclass per game. The engine calls these; rule code lives in the subclass.

    A game in the house names its package (``house = __package__``): the core then binds the functions of
    ``HOUSE_BINDINGS`` from its modules as plain functions of the state, and supplies ``create_state``,
    ``clone_state``, ``snapshot``, ``parse_move`` and ``render_text`` from the state class and the modules.
    A method the game defines in its own class body is its own and is kept."""

    house: ClassVar[str | None] = None  # the game's package, whose house modules supply the definition
    modules: ClassVar[Mapping[str, ModuleType]] = {}  # those modules, by house name
    state_class: ClassVar[type[State]]  # a house game's state, from ``GameDefinition[<its state class>]``
    info: GameInfo
    flow: Flow
    rulebook: RuleBook
    # Random moves the conformance suite plays per game before it stops checking (None: play to the end). For
    # games whose uniformly random play wastes resources and rarely reaches the end; the suite also plays such a
    # game to its end with heuristic bots in every seat.
    conformance_moves: int | None = None
    # What each seat may not see, declared from the rulebook apart from ``view`` (core/secrets.py); the
    # conformance suite's leak test perturbs these and checks that views and logs stay the same.
    secrets: tuple[Secret, ...] = ()
    # The game's move kinds (core/moves.py), each with its one check: legal_moves, check, explain and
    # read_move come from these declarations, and the engine refuses, under core.not_a_move, a value of
    # another class or with a field not of its declared type.
    kinds: tuple[Kind, ...] = ()
    # Who may see each field of the position's state part (core/visibility.py): every view comes from the
    # one redaction of these declarations, built by the game's ``show``.
    fields: Mapping[str, Seen] = {}
    # Per phase, where the game has it, a function that applies a move made in that phase as ``apply_move`` does,
    # without its dispatch by phase: the compiled flow, which knows the phase, calls it in its playout (and in
    # advance, for a phase with a ``settled`` test) (core/flow.py).
    apply_in: Mapping[str, Callable[[Any, Any], None]] = {}
    legal_in: Mapping[str, Callable[[Any], list[Any]]] = {}  # the same for ``legal_moves``
    # --- faces: what the lab's tools read of the game (docs/adding_a_game.md, "Faces of a game") ----------
    # Each face is the module of that name in the game's package (``house``, by default the package of the
    # definition's class), imported on first use so that the engine loads none of them; None where the
    # package has no such module. A game defined elsewhere sets the attribute to any object with the names.
    actions: Any = Face()  # ENCODING and every_move(): the numbered moves of the PettingZoo and OpenSpiel adapters
    board: Any = Face()  # click_path(move) and setup(game, data, spots): the clickable board and its set-up
    heuristic: Any = Face()  # score_moves(view, legal_moves): the heuristic bot's scores and reasons
    exercises: Any = Face()  # EXERCISES: the game-theory exercises built from real positions, by name
    decisions: Any = Face()  # DECISIONS: the class decisions solved against the equilibrium, by name
    features: Any = Face()  # LAYOUT and encode(view, seat, players): the adapters' observation tensors and strings
    render: Any = Face()  # render_html(view, names, winners): the game's HTML picture (the PettingZoo html mode)
    words: Any = Face()  # describe(state, move): a move as a sentence in the game's own terms (Game.describe)
    lessons: Any = Face()  # LESSONS (lessons as JSON data) and CHECKS (named goal checks): boardgames_lab.lessons
    move_cap: int = 10_000  # moves after which a tournament stops a game and records it as unfinished

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "house" in vars(cls):
            _bind_house(cls)

    def __init__(self) -> None:
        missing = [name for name in SUPPLIED if getattr(type(self), name) is getattr(GameDefinition, name)]
        if missing:
            raise TypeError(f"{type(self).__name__}: a game supplies {', '.join(missing)} (in its class, or from its "
                            "house's modules: core/definition.py HOUSE_BINDINGS)")
        self.flow.validate(self.rulebook)
        if not self.kinds:
            raise ValueError(f"{self.info.name}: a game declares its move kinds (definition.kinds)")
        if any(p.chance for p in self.flow.phases) and type(self).chance_weights is GameDefinition.chance_weights:
            raise ValueError(f"{self.info.name}: a game with chance phases lists their outcomes (chance_weights)")
        self.kind_of: dict[str, Kind] = {k.name: k for k in self.kinds}
        self._move_classes = tuple(k.move for k in self.kinds)
        # The kinds whose moves may show hidden information, with their test (the others never do): asked of every
        # move the history records, so a kind that never reveals costs no call.
        self._revealing = {k.name: k.reveals for k in self.kinds if k.reveals is not never}
        if len(self.kind_of) != len(self.kinds):
            raise ValueError(f"{self.info.name}: two move kinds share a name")
        for phase in self.flow.phases:
            unknown = [m for m in phase.moves if m not in self.kind_of]
            if unknown:
                raise ValueError(f"phase {phase.name} allows undeclared move kinds {unknown}")
        self._terminal = self.flow.terminal
        self.runner = FlowRunner(self.flow, self)
        self._chance_phases = self.runner._chance
        self.advance = self.runner.advance  # type: ignore[method-assign]  # bound once: this runs after every move

    # --- set-up --------------------------------------------------------------------------
    def resolve_options(self, options: dict[str, Any]) -> dict[str, Any]:
        known = {o.name: o for o in self.info.options}
        for name in options:
            if name not in known:
                raise OptionError(f"{self.info.name} has no option {name!r}; options are {sorted(known)}")
        resolved = {}
        for name, opt in known.items():
            value = options.get(name, opt.default)
            if not _is_choice(value, opt.choices):
                raise OptionError(f"option {name!r} must be one of {list(opt.choices)}, "
                                  f"not {type(value).__name__} {value!r}")
            resolved[name] = value
        return resolved

    def check_players(self, players: int) -> None:
        if not isinstance(players, int) or isinstance(players, bool):
            # a NumPy integer is turned into an int by the adapters, which take one; the engine takes ints only
            raise OptionError(f"players must be a Python int (int(n) for a NumPy integer), not "
                              f"{type(players).__name__} {players!r}")
        if not self.info.min_players <= players <= self.info.max_players:
            raise OptionError(f"{self.info.name} takes {self.info.min_players} to {self.info.max_players} "
                              f"players, not {players!r}")

    def check_options(self, players: int, options: dict[str, Any]) -> None:
        """Refuse resolved options that conflict with each other or with the player count (a combination
        under which the game could not end) with an OptionError naming them and why. Every way a game is set
        up or read (new_game, load_game, from_position, new_state) calls it; a game without conflicts has none."""

    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> S:
        self.check_options(players, options)
        state = self.create_state(players, seed, options)
        self.runner.start(state)
        return state

    def advance(self, state: S, move: Move, /) -> None:
        """Apply a legal move and let the flow run on (the hot path: no checks)."""
        self.runner.advance(state, move)

    # --- seats, moves and checks -----------------------------------------------------------
    def to_act(self, state: S) -> tuple[int, ...]:
        """The seats that may act now (``CHANCE`` at a random draw); several while a reaction window is open."""
        if self.is_over(state):
            return ()
        return (CHANCE,) if state.phase in self._chance_phases else (state.current,)

    def seat_of(self, state: S, move: Move, /) -> int:
        """The seat a move is made by: its ``player`` field (moves without one are the current seat's)."""
        player = getattr(move, "player", None)
        return player if type(player) is int else state.current

    def move_classes(self) -> tuple[type[Move], ...]:
        return self._move_classes

    def legal_moves(self, state: S, /) -> list[Move]:
        """Every legal move of every seat that may act: the plain path, from the kinds' checks."""
        return self.plain_legal_moves(state)

    def plain_legal_moves(self, state: S) -> list[Any]:
        """The plain path, from the kinds' checks (a game's fast generator is tested equal to it)."""
        allowed = self.flow.phase(state.phase).moves
        out: list[Move] = []
        for seat in self.to_act(state):
            out.extend(plain_legal_moves(self.kind_of, allowed, state, seat))
        return out

    def seat_moves(self, state: S, seat: int, /) -> list[Move]:
        """The legal moves of one seat (all of them when it is the only seat to act)."""
        legal = self.legal_moves(state)
        if len(self.to_act(state)) <= 1:
            return legal
        return [m for m in legal if self.seat_of(state, m) == seat]

    def check(self, state: S, move: Move, /) -> Refusal | None:
        """The move kind's one check (the engine has checked game over, the seat and the phase)."""
        return self.kind_of[move.kind].check(state, move)

    def reveals(self, state: S, move: Move, /) -> bool:
        """Does this move show hidden information (asked before it is made)? Undo may not cross it in play mode."""
        reveal = self._revealing.get(getattr(move, "kind", ""))
        return reveal is not None and bool(reveal(state, move))

    def read_move(self, state: S, text: str, seat: int, /) -> Move:
        """The move a notation names, made by ``seat``."""
        return self.parse_move(state, text, seat)

    def chance_weights(self, state: S, /) -> list[tuple[Move, int]]:
        """In a chance phase: each outcome, as a move of CHANCE, with its whole-number weight (cards of a kind
        left in a bag, 1 each for distinct cards). A game with chance phases supplies this (checked at set-up)."""
        return []

    def chance_outcomes(self, state: S, /) -> list[tuple[Move, float]]:
        """At a random draw (``to_act`` is ``(CHANCE,)``): each outcome as a move of CHANCE, with its probability."""
        weights = self.chance_weights(state)
        total = sum(w for _, w in weights)
        return [(move, w / total) for move, w in weights]

    def sample_chance(self, state: S, /) -> Move:
        """The outcome of a chance phase, drawn with the game's generator (and so in the chance record)."""
        weights = self.chance_weights(state)
        return weights[state.rng.weighted([w for _, w in weights], self.flow.phase(state.phase).label)][0]

    # --- positions ---------------------------------------------------------------------------
    @supplied
    def position(self, state: S) -> dict[str, Any]:
        """The game's own fields of a position, JSON-ready, hidden parts included."""
        return _unsupplied(self, "position")

    @supplied
    def read_position(self, data: Reader, players: int, options: dict[str, Any], phase: str) -> S:
        """A state from a position's ``state`` part, every field validated (raise PositionError naming it)."""
        return _unsupplied(self, "read_position")

    # --- views -------------------------------------------------------------------------------
    def view(self, state: S, player: int | None) -> dict[str, Any]:
        """What ``player`` may see: the position redacted by the field declarations, then shown."""
        return self.show(redact(self.position(state), self.fields, player, self.table(state)), player, state)

    def table(self, state: S) -> dict[str, Any]:
        """The public facts a visibility declaration may read: the phase, the seat to act, the options."""
        return {"phase": state.phase, "current": state.current, "to_act": self.to_act(state),
                "options": getattr(state, "options", {})}

    def full_view(self, state: S) -> dict[str, Any]:
        return self.show(self.position(state), None, state)

    @supplied
    def show(self, data: dict[str, Any], player: int | None, state: S) -> dict[str, Any]:
        """Build a view from redacted position data. ``state`` gives only public facts (phase, seat to act)."""
        return _unsupplied(self, "show")

    # --- to be supplied by each game -------------------------------------------------------
    @supplied
    def create_state(self, players: int, seed: int, options: dict[str, Any]) -> S:
        return _unsupplied(self, "create_state")

    @supplied
    def apply_move(self, state: S, move: Move, /) -> None:
        _unsupplied(self, "apply_move")

    def explain(self, state: S, move: Move, /) -> Explanation:
        """The kind's check in words, without the engine's own checks (``Game.explain`` makes those first)."""
        refusal = self.check(state, move)
        if refusal is None:
            return Explanation(True, "core.legal", "legal here")
        return Explanation(False, refusal.rule, refusal.text(), refusal.remedy)

    @supplied
    def parse_move(self, state: S, text: str, /, *seat: int) -> Move:
        return _unsupplied(self, "parse_move")

    def is_over(self, state: S) -> bool:
        return state.phase == self._terminal

    @supplied
    def scores(self, state: S) -> list[int]:
        return _unsupplied(self, "scores")

    @supplied
    def winners(self, state: S) -> list[int]:
        return _unsupplied(self, "winners")

    @supplied
    def clone_state(self, state: S) -> S:
        return _unsupplied(self, "clone_state")

    @supplied
    def snapshot(self, state: S) -> Any:
        """A comparable, JSON-ready picture of the whole state (tests compare these)."""
        return _unsupplied(self, "snapshot")

    @supplied
    def determinize(self, state: S, player: int | None, rng: Rng) -> S:
        """A full state the given player cannot tell apart from ``state``: what they may not see is resampled."""
        return _unsupplied(self, "determinize")

    def move_visibility(self, state: S, move: Move, /) -> list[int] | None:
        """Who may read this move in the log (None: everyone). Called before the move is applied.

        A decision offered outside a player's own turn (a reaction window) is answered by every
        player in turn; its answers are private, so the log does not tell who holds which card.
        """
        return None

    def invariants(self, state: S) -> list[str]:
        """Broken conservation laws, in words (an empty list when all hold)."""
        return []


class _HouseDefaults:
    """The methods the core supplies to a game in the house (copied onto its definition unless it has its own)."""

    def create_state(self: Any, players: int, seed: int, options: dict[str, Any]) -> State:
        state = self.state_class()
        state.init_base(players, seed)
        state.setup_fields(players, options)
        return state  # type: ignore[no-any-return]

    def clone_state(self: Any, state: Any) -> Any:
        return state.clone()

    def snapshot(self: Any, state: Any) -> Any:
        return state.snapshot()

    def parse_move(self: Any, state: Any, text: str, *seat: int) -> Any:
        """The house's ``moves.parse``, for ``seat`` (by default the seat to move)."""
        return self.modules["moves"].parse(text, seat[0] if seat else state.current)

    def render_text(self: Any, state: Any, player: int | None) -> str:
        """``player``'s view in a few lines of text: the house's ``render.render_text``."""
        return self.modules["render"].render_text(self.view(state, player))  # type: ignore[no-any-return]


def _bind_house(cls: type[GameDefinition[Any]]) -> None:
    """Bind a house game's definition from its modules (see ``HOUSE_BINDINGS``); a missing one is named."""
    own = vars(cls)
    needed = {module for module, _ in (*HOUSE_BINDINGS.values(), *HOUSE_OPTIONAL.values())} | set(HOUSE_MODULES)
    modules = {}
    for name in sorted(needed):
        try:
            modules[name] = import_module(f"{cls.house}.{name}")
        except ModuleNotFoundError as err:
            if err.name != f"{cls.house}.{name}":
                raise
            raise TypeError(f"{cls.__name__}: the house has no module {cls.house}.{name} "
                            f"(boardgames_lab.rulesets.HOUSE)") from None
    cls.modules = modules
    for attr, (module, name) in {**HOUSE_BINDINGS, **HOUSE_OPTIONAL}.items():
        if attr in own:
            continue
        if not hasattr(modules[module], name):
            if attr in HOUSE_OPTIONAL:
                continue
            raise TypeError(f"{cls.__name__}: the house module {cls.house}.{module} has no {name!r} "
                            f"(the definition's {attr})")
        value = getattr(modules[module], name)
        setattr(cls, attr, staticmethod(value) if isinstance(value, FunctionType) else value)
    for attr, method in vars(_HouseDefaults).items():
        if isinstance(method, FunctionType) and attr not in own:
            setattr(cls, attr, method)
    states = [get_args(base)[0] for base in getattr(cls, "__orig_bases__", ())
              if get_origin(base) is GameDefinition and get_args(base)]
    if not states or not isinstance(states[0], type):
        raise TypeError(f"{cls.__name__}: a house game names its state class: GameDefinition[<state class>]")
    cls.state_class = states[0]


def _is_choice(value: Any, choices: tuple[Any, ...]) -> bool:
    """One of the choices, of the same type too: 1 == True and 12.0 == 12 in Python, but not as an option."""
    return any(type(value) is type(choice) and value == choice for choice in choices)


def make_rulebook(game: str, rules: Sequence[Rule]) -> RuleBook:
    return RuleBook(game, (*CORE_RULES, *rules))


__all__ = ["Explanation", "Face", "GameDefinition", "GameInfo", "Option", "State", "make_rulebook", "field"]
