"""The conformance suite every registered game must pass: ``check_game(name)``.

It plays seeded random games for every player count and option set and checks,
after every move, the promises the engine makes: legal moves apply and illegal
ones are refused with a rule id and change nothing; ``explain`` agrees with
``legal_moves``; undo restores an equal state; notation and saved games
round-trip; replay is deterministic; a view does not change when only what that
player cannot see changes; every phase change is a declared edge; and the
game's own invariants (conservation of cards, money, pieces) hold.

Two checks take nothing on trust from the game's own code. The leak test changes,
on a copy, each secret the game declares from its rulebook (``definition.secrets``,
see core/secrets.py) and checks that the views and the log a seat reads stay the
same. The move-value fuzz builds hostile move values field by field (values from
other positions, other seats, wrong types) and mutated notation, and checks that
each is refused with ``IllegalMove`` (or ``InvalidNotation``) citing the same rule
as ``explain``, with the state unchanged.

A run proves only what it checked: ``check_game`` fails a game for which a family of checks that applies to
it ran zero times (no undo in games shorter than ``undo_every``, no secret ever hidden from a seat), naming
the family, unless the caller names it in ``skip``.
"""
from __future__ import annotations

import dataclasses
import itertools
import json
import random
from dataclasses import dataclass, field
from typing import Any, Iterable

from .bots import bot_move, make_bot
from .core.errors import IllegalMove, InvalidNotation, OptionError
from .core.definition import GameDefinition
from .core.game import SANDBOX, Game
from .core.records import load_game
from .core.registry import definition, games
from .core.rng import Rng
from .core.secrets import Secret
from . import promises


@dataclass
class Report:
    game: str
    games: int = 0
    moves: int = 0
    illegal_probes: int = 0
    view_checks: int = 0
    undo_checks: int = 0
    perturbation_checks: int = 0  # secrets changed on a copy, with view and log compared
    log_checks: int = 0  # of those, how many also compared the next move's log entries
    fuzz_probes: int = 0  # hostile move values and notation tried
    position_checks: int = 0  # positions rebuilt with from_position, with undo and at() from them
    generator_checks: int = 0  # fast generator compared with the plain path
    chance_checks: int = 0  # moves whose draws were matched with the chance record
    chance_stops: int = 0  # draws stopped at in explicit-chance play, their outcomes checked
    configurations: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # failures, when collected instead of raised
    unchecked: list[str] = field(default_factory=list)  # families that apply to the game but never ran
    skipped: list[str] = field(default_factory=list)  # families the caller chose not to run
    inapplicable: list[str] = field(default_factory=list)  # families the game gives nothing to check
    refused: list[str] = field(default_factory=list)  # configurations new_game refuses (check_options)

    def __str__(self) -> str:
        verdict = "all conformant" if not self.problems else f"{len(self.problems)} problems"
        if self.unchecked:
            verdict = f"NOT conformant: never ran: {', '.join(self.unchecked)}" + (
                f"; {len(self.problems) - len(self.unchecked)} other problems"
                if len(self.problems) > len(self.unchecked) else "")
        if self.skipped:
            verdict += f" (not run, as asked: {', '.join(self.skipped)})"
        if self.inapplicable:
            verdict += f" (nothing to check for: {', '.join(self.inapplicable)})"
        if self.refused:
            verdict += f"; {len(self.refused)} option combinations refused by new_game, not played"
        return (f"{self.game}: {self.games} games, {self.moves} moves, {self.illegal_probes} illegal probes, "
                f"{self.view_checks} view checks, {self.perturbation_checks} perturbation checks "
                f"({self.log_checks} with the log), {self.fuzz_probes} fuzz probes, {self.undo_checks} undo checks, "
                f"{self.position_checks} position checks, {self.generator_checks} generator checks, "
                f"{self.chance_checks} chance checks, {self.chance_stops} chance stops, " + verdict)


# The families of checks, by the report's counter that counts each: a family that applies to a game must run.
FAMILIES = {"moves": "moves", "illegal probes": "illegal_probes", "view checks": "view_checks",
            "undo checks": "undo_checks", "leak test": "perturbation_checks", "log leak test": "log_checks",
            "fuzz probes": "fuzz_probes", "position checks": "position_checks",
            "generator checks": "generator_checks", "chance checks": "chance_checks",
            "chance stops": "chance_stops"}


class ConformanceError(AssertionError):
    pass


def _definition(game: "str | GameDefinition[Any]") -> GameDefinition[Any]:
    return definition(game) if isinstance(game, str) else game


def option_sets(name: "str | GameDefinition[Any]") -> list[dict[str, Any]]:
    """Every combination of the game's option values."""
    opts = _definition(name).info.options
    return [dict(zip((o.name for o in opts), values)) for values in itertools.product(*(o.choices for o in opts))]


def check_game(name: "str | GameDefinition[Any]", seeds: Iterable[int] = (0,), players: Iterable[int] | None = None,
               options: list[dict[str, Any]] | None = None, undo_every: int = 7, view_every: int = 3,
               max_moves: int = 20_000, players_by: str = "random", require_secrets: bool = False,
               fuzz_per_position: int = 6, collect: bool = False, skip: Iterable[str] = ()) -> Report:
    """Check the game's promises after every move of seeded games (``name``: a registered game or a definition).

    ``players_by``: "random" (uniformly random moves; a game that names ``conformance_moves`` is checked
    over that many) or a bot name such as "heuristic", which plays every seat to the end of the game.
    ``require_secrets``: a game with hidden information must declare its secrets (``definition.secrets``).
    ``fuzz_per_position``: hostile move values tried per position (0: no fuzz). ``collect``: leak-test and
    fuzz failures are gathered in ``report.problems`` instead of stopping at the first one.
    ``skip``: families of checks (names in ``FAMILIES``) the caller accepts not running; any other family
    that applies to the game and ran zero times fails the run (with ``collect``: is listed in
    ``report.unchecked`` and ``report.problems``). ``fuzz_per_position=0`` skips "fuzz probes".
    """
    d = _definition(name)
    report = Report(d.info.name)
    unknown = sorted(set(skip) - set(FAMILIES))
    if unknown:
        raise ValueError(f"skip names no family of checks: {unknown}; the families are {sorted(FAMILIES)}")
    if require_secrets:
        check_secrets_declared(d)
    counts = list(players) if players is not None else list(range(d.info.min_players, d.info.max_players + 1))
    configurations = list(itertools.product(counts, options if options is not None else option_sets(name)))
    chosen = getattr(d, "conformance_configurations", None)
    if players is None and options is None and chosen is not None:
        configurations = chosen()  # a game whose option product is large names a covering subset
    for (n, opts), seed in itertools.product(configurations, seeds):
        try:
            d.check_options(n, d.resolve_options(opts))
        except OptionError as err:  # a combination new_game refuses (one that could not end) is no game to play
            report.refused.append(f"{n} players, {opts}: {err}")
            continue
        report.configurations.append(f"{n} players, seed {seed}, {opts}")
        _check_one(d, n, seed, opts, report, _Settings(undo_every, view_every, max_moves, players_by,
                                                          fuzz_per_position, collect))
    _check_families(d, report, set(skip) | ({"fuzz probes"} if not fuzz_per_position else set()), undo_every,
                    collect)
    return report


def _check_families(d: GameDefinition[Any], report: Report, skip: set[str], undo_every: int,
                    collect: bool) -> None:
    """Fail a run in which a family of checks that applies to the game never ran: it proved nothing there."""
    why = {"moves": "no game had a move", "illegal probes": "no move seen in play was illegal in a later position",
           "view checks": "no game was played", "undo checks": f"no game reached undo_every={undo_every} moves",
           "position checks": "no game had a move", "chance checks": "no game had a move",
           "fuzz probes": "no position was fuzzed"}
    if d.info.hidden_information or d.secrets:
        why["leak test"] = ("the game has hidden information but declares no secrets (definition.secrets)"
                            if not d.secrets else "no declared secret was ever hidden from a seat")
        why["log leak test"] = "no move that reveals nothing was played where a secret was hidden"
    if type(d).legal_moves is not GameDefinition.legal_moves:
        why["generator checks"] = "the game has a fast generator, but no position compared it with the plain path"
    if promises.has_chance_phases(d):
        why["chance stops"] = "the game has chance phases, but explicit-chance play stopped at no draw"
    report.skipped = [family for family in FAMILIES if family in skip and family in why]
    report.inapplicable = [family for family in FAMILIES if family not in why]
    report.unchecked = [family for family in FAMILIES
                        if family in why and family not in skip and getattr(report, FAMILIES[family]) == 0]
    if not report.unchecked:
        return
    message = (f"{d.info.name} is not shown conformant: checks that apply to it never ran: "
               + "; ".join(f"{family} ({why[family]})" for family in report.unchecked)
               + " (play more or longer games, or name the family in skip)")
    if not collect:
        raise ConformanceError(message)
    report.problems.extend(f"{d.info.name}: no {family} ran: {why[family]}" for family in report.unchecked)


def check_secrets_declared(name: "str | GameDefinition[Any]") -> None:
    """A game with hidden information declares, from its rulebook, what each seat may not see."""
    d = _definition(name)
    if d.info.hidden_information and not d.secrets:
        raise ConformanceError(f"{d.info.name} has hidden information but declares no secrets: list them, from the "
                               f"rulebook, as Secret values in definition.secrets (see boardgames_lab/core/secrets.py)")


@dataclass(frozen=True)
class _Settings:
    undo_every: int
    view_every: int
    max_moves: int
    players_by: str
    fuzz_per_position: int
    collect: bool


def _fail(game: Game, message: str) -> ConformanceError:
    return ConformanceError(f"{game.name}, {game.num_players} players, seed {game.seed}, options {game.options}, "
                            f"ply {game.ply}, phase {game.phase}: {message}")


def _problem(game: Game, report: Report, settings: _Settings, message: str) -> None:
    """A failure of the leak test or the fuzz: raised, or gathered when the run collects them."""
    error = _fail(game, message)
    if not settings.collect:
        raise error
    report.problems.append(str(error))


def _check_one(d: GameDefinition[Any], n: int, seed: int, opts: dict[str, Any], report: Report,
               settings: _Settings) -> None:
    game = Game(d, n, seed, opts, mode=SANDBOX)
    chooser = random.Random(seed * 7919 + n)
    pool: dict[str, Any] = {}  # every move seen so far, to probe later positions with
    values = _Values(n)  # their field values, for the fuzz
    _check_invariants(game)
    fail = lambda message: _fail(game, message)  # noqa: E731
    promises.check_setup_draws(game, fail)
    promises.check_fields(d, game.state, fail)
    bots = [] if settings.players_by == "random" else [make_bot(settings.players_by, seed=seed * 31 + q)
                                                       for q in range(n)]
    # A game whose random play rarely ends is checked over its first moves; bots play theirs to the end.
    horizon = None if bots else d.conformance_moves
    while not game.is_over:
        if horizon is not None and game.ply >= horizon:
            break
        if game.ply >= settings.max_moves:
            raise _fail(game, f"no end after {settings.max_moves} moves")
        legal = game.legal_moves()
        if not legal:
            raise _fail(game, "no legal move but the game is not over")
        for move in legal:
            if str(move) not in pool:
                pool[str(move)] = move
                values.add(move)
        _check_notation(game, legal)
        _check_explain(game, legal, pool, chooser, report)
        if settings.fuzz_per_position:
            _fuzz(game, legal, values, chooser, report, settings)
        move = bot_move(game, bots[game.to_act()[0]]) if bots else chooser.choice(legal)
        if game.ply % settings.view_every == 0:
            _check_views(game, chooser, report)
            _check_secrets(game, move, chooser, report, settings)
            report.generator_checks += promises.check_generator(d, game.state, fail)
            report.position_checks += promises.check_position(game, move, fail)
        before = d.snapshot(game.state)
        game.apply(move, player=d.seat_of(game.state, move))
        promises.check_move_draws(game, fail)
        report.chance_checks += 1
        for source, target in game.log[-1]["phases"]:
            if not d.flow.has_edge(source, target):
                raise _fail(game, f"phase change {source} -> {target} is not a declared edge")
        report.moves += 1
        _check_invariants(game)
        if game.ply % settings.undo_every == 0:
            after = d.snapshot(game.state)
            game.undo()
            if d.snapshot(game.state) != before:
                raise _fail(game, f"undo of {move} did not restore the state")
            game.redo()
            if d.snapshot(game.state) != after:
                raise _fail(game, f"redo of {move} did not reach the same state")
            report.undo_checks += 1
    _check_views(game, chooser, report)
    _check_secrets(game, None, chooser, report, settings)
    _check_save_and_replay(game)
    if promises.has_chance_phases(d):
        report.chance_stops += promises.check_chance_play(d, n, seed, opts, horizon or game.ply, fail)
    report.games += 1


def _check_notation(game: Game, legal: tuple[Any, ...]) -> None:
    """Each legal move's notation reads back, for its own seat, as that move; a seat's moves differ in it."""
    texts = set()
    for move in legal:
        text, seat = str(move), game.definition.seat_of(game.state, move)
        if game.parse_move(text, player=seat) != move:
            raise _fail(game, f"notation {text!r} does not parse back to {move!r}")
        texts.add((seat, text))
    if len(texts) != len(legal):
        raise _fail(game, "two legal moves of one seat share a notation (or a move is listed twice)")


def _check_explain(game: Game, legal: tuple[Any, ...], pool: dict[str, Any], rng: random.Random,
                   report: Report) -> None:
    d = game.definition
    for move in legal:
        why = game.explain(move)
        if not why.legal:
            raise _fail(game, f"legal move {move} explained as illegal: {why}")
        if why.rule not in d.rulebook:
            raise _fail(game, f"explanation of {move} cites unknown rule {why.rule}")
    legal_set = set(legal)
    probes = [m for m in rng.sample(list(pool.values()), min(12, len(pool))) if m not in legal_set]
    for move in probes:
        why = game.explain(move)
        if why.legal:
            raise _fail(game, f"illegal move {move} explained as legal: {why}")
        if why.rule not in d.rulebook or not why.reason:
            raise _fail(game, f"illegal move {move} explained without a known rule: {why}")
        before = d.snapshot(game.state)
        try:
            game.apply(move)
        except IllegalMove as err:
            if err.rule != why.rule:
                raise _fail(game, f"apply and explain cite different rules for {move}") from None
        else:
            raise _fail(game, f"illegal move {move} was applied")
        if d.snapshot(game.state) != before:
            raise _fail(game, f"refusing {move} changed the state")
        report.illegal_probes += 1


# Field values of the wrong kind for any move type: out-of-range numbers, a stranger's text, other types.
_WRONG_VALUES: tuple[Any, ...] = (-1, 0, 99, "zzz", 1.5, True, None, (), [])
# For mutated notation: characters that look like digits or spaces but are not ASCII, other unicode, separators.
_ODD_DIGITS = ("²", "٣", "１", "𝟙", "Ⅻ")
_ODD_CHARACTERS = (*_ODD_DIGITS, "\u00a0", "\u200b", "é", "ß", "İ", "\u0301", "\t", "\n", "@", ">", ",", "-")


def _fuzz(game: Game, legal: tuple[Any, ...], values: _Values, rng: random.Random, report: Report,
          settings: _Settings) -> None:
    """The move-value fuzz: hostile values built from legal moves, field by field, and mutated notation."""
    for _ in range(settings.fuzz_per_position):
        _probe(game, legal, _mutated_move(rng.choice(legal), values, rng), report, settings)
    for _ in range(max(1, settings.fuzz_per_position // 3)):
        text = _mutated_text(str(rng.choice(legal)), rng)
        report.fuzz_probes += 1
        try:
            move = game.parse_move(text)
        except InvalidNotation:
            continue
        except Exception as err:  # the contract: notation raises InvalidNotation or gives a move
            _problem(game, report, settings, f"parse_move({text!r}) raised {type(err).__name__}: {err}")
            continue
        odd = [c for c in text if not c.isascii() and (c.isdigit() or c.isnumeric())]
        if odd:
            _problem(game, report, settings, f"parse_move({text!r}) read the non-ASCII digit {odd[0]!r} "
                                             f"as part of {move!r}")
        _probe(game, legal, move, report, settings)


class _Values:
    """Per field, the values legal moves have had; ``"*"``: every text seen (card ids, names); the seats."""

    def __init__(self, players: int) -> None:
        self.by_field: dict[str, dict[Any, None]] = {"*": {}}
        self.seats = list(range(-1, players + 2))

    def add(self, move: Any) -> None:
        fields = _field_names(move)
        for name, value in [(f, getattr(move, f)) for f in fields] if fields else [("", move)]:
            try:
                self.by_field.setdefault(name, {})[value] = None
            except TypeError:  # an unhashable field value is still probed through the wrong values
                continue
            if isinstance(value, str):
                self.by_field["*"][value] = None

    def sources(self, name: str) -> list[list[Any]]:
        return [list(self.by_field.get(name) or [None]), list(self.by_field["*"]) or [""], self.seats,
                list(_WRONG_VALUES)]


def _field_names(move: Any) -> tuple[str, ...]:
    """A move's field names: a dataclass's fields, a named tuple's, or none for a plain value."""
    if dataclasses.is_dataclass(move) and not isinstance(move, type):
        return tuple(f.name for f in dataclasses.fields(move))
    return tuple(getattr(move, "_fields", ()) or ())


def _replaced(move: Any, name: str, value: Any) -> Any:
    if dataclasses.is_dataclass(move):
        return dataclasses.replace(move, **{name: value})  # type: ignore[type-var]
    return move._replace(**{name: value})


def _mutated_move(base: Any, values: _Values, rng: random.Random) -> Any:
    """``base`` with one field (sometimes two) replaced by a value of another position, seat or type."""
    fields = _field_names(base)
    if not fields:  # a move that is a plain value: try other values in its place
        return rng.choice(rng.choice(values.sources("")))
    move = base
    for _ in range(1 + (rng.random() < 0.25)):
        name = rng.choice(fields)
        move = _replaced(move, name, rng.choice(rng.choice(values.sources(name))))
    return move


def _mutated_text(text: str, rng: random.Random) -> str:
    """Notation with an odd digit, extra or odd spaces, a stray character, a changed case or a cut."""
    i = rng.randrange(len(text) + 1)
    digits = [k for k, c in enumerate(text) if c.isdigit()]
    choice = rng.randrange(6)
    if choice == 0 and digits:
        k = rng.choice(digits)
        return text[:k] + rng.choice(_ODD_DIGITS) + text[k + 1:]
    if choice == 1:
        return rng.choice(("  ", " ", "\t")) + text.replace(" ", rng.choice(("  ", " \t", "\u00a0"))) + " "
    if choice == 2:
        return text[:i] + rng.choice(_ODD_CHARACTERS) + text[i:]
    if choice == 3:
        return text.upper() if rng.random() < 0.5 else text.title()
    if choice == 4:
        return text[:i]
    return text[:i] + rng.choice(_ODD_CHARACTERS) + text[i + 1:]


def _probe(game: Game, legal: tuple[Any, ...], move: Any, report: Report, settings: _Settings) -> None:
    """One hostile move: explain and apply agree, only IllegalMove escapes, the state stays as it was."""
    d = game.definition
    report.fuzz_probes += 1
    before = d.snapshot(game.state)
    try:
        why = game.explain(move)
    except InvalidNotation:
        if isinstance(move, str):  # text is notation: refusing it as such is the contract
            return
        raise
    except Exception as err:
        _problem(game, report, settings, f"explain({move!r}) raised {type(err).__name__}: {err}")
        _restore(game, before, report, settings)
        return
    is_legal = any(_same(move, m) for m in legal)
    if why.legal != is_legal:
        _problem(game, report, settings, f"explain({move!r}) says {'legal' if why.legal else 'illegal'}, but it "
                                         f"is {'' if is_legal else 'not '}among the legal moves: {why}")
    if is_legal or why.legal:
        return
    if why.rule not in d.rulebook or not why.reason:
        _problem(game, report, settings, f"explain({move!r}) cites no known rule with a reason: {why}")
    try:
        game.apply(move)
    except IllegalMove as err:
        if err.rule != why.rule:
            _problem(game, report, settings, f"apply({move!r}) cites {err.rule}, explain cites {why.rule}")
    except Exception as err:
        _problem(game, report, settings, f"apply({move!r}) raised {type(err).__name__}: {err}")
    else:
        _problem(game, report, settings, f"apply({move!r}) made the illegal move")
        game.undo()
    _restore(game, before, report, settings)


def _restore(game: Game, before: Any, report: Report, settings: _Settings) -> None:
    """After a refusal the state must be as it was; if not, say so and (when collecting) rebuild it."""
    after = game.definition.snapshot(game.state)
    if after != before:
        _problem(game, report, settings, f"refusing a hostile move changed the state: {_diff(before, after)}")
        game.goto(game.ply)  # replays the moves, so the rest of the run starts from a sound state


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same types all the way down (True == 1 and (1, 2) == Move(1, 2) in Python)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if dataclasses.is_dataclass(a):
        return all(_same(getattr(a, f), getattr(b, f)) for f in _field_names(a))
    return bool(a == b)


def _check_views(game: Game, rng: random.Random, report: Report) -> None:
    """Views are JSON, and a view does not change when ``determinize`` resamples what its seat may not see.

    This trusts the game's own determinize (which bots rely on); the leak test is ``_check_secrets``.
    """
    d = game.definition
    state = game.state
    for player in [None, *range(game.num_players)]:
        view = game.view(player)
        json.dumps(view)
        other = d.determinize(state, player, Rng(rng.getrandbits(63)))
        if d.view(other, player) != view:
            raise _fail(game, f"the view of {player} changed when determinize resampled its hidden information")
        report.view_checks += 1
    json.dumps(game.full_view())


def _check_secrets(game: Game, move: Any, rng: random.Random, report: Report, settings: _Settings) -> None:
    """The leak test: change, on a copy, each secret a seat may not see; its view and its log must not change.

    ``move`` is the move about to be played (None at the end of a game): it is applied to the state and to
    the changed copy, and the log entries the seat may read are compared.
    """
    d = game.definition
    state = game.state
    if not d.secrets:
        return
    snapshot = d.snapshot(state)
    # A move that reveals or draws shows hidden information by design (its kind's ``reveals``): what it shows may
    # differ between the two states, so the log is compared only for moves that reveal nothing.
    story = _story_of(d, d.clone_state(state), move) if move is not None else None
    if story is not None and story[2]:
        story = None
    for seat in [None, *range(game.num_players)]:
        view = d.view(state, seat)
        for secret in d.secrets:
            where = f"secret {secret.name!r} ({secret.source}) changed for seat {seat}"
            try:
                problem = _perturbed(d, state, snapshot, view, seat, secret, move, story, rng, report)
            except Exception as err:  # a perturbation that leaves a state the rules cannot read
                problem = f"{type(err).__name__}: {err}"
            if problem:
                _problem(game, report, settings, f"{where}: {problem}")


def _perturbed(d: GameDefinition[Any], state: Any, snapshot: Any, view: Any, seat: int | None, secret: Secret,
               move: Any, story: "Story | None", rng: random.Random, report: Report) -> str:
    """Change one secret on a copy; what went wrong, in words ("" when the view and the log held)."""
    other = d.clone_state(state)
    if not secret.perturb(other, seat, Rng(rng.getrandbits(63))):
        return ""  # nothing of this secret is hidden from this seat here
    report.perturbation_checks += 1
    if d.snapshot(other) == snapshot:
        return "perturb said it changed something, but nothing did"
    broken = d.invariants(other)
    if broken:
        return f"the changed state breaks {'; '.join(broken)}"
    outside = promises.perturbed_fields(d, state, other, seat)
    if outside:
        return outside
    changed = d.view(other, seat)
    if changed != view:
        return f"the view changed: {_diff(view, changed)}"
    # The move was chosen in the true state; where the change makes it illegal (the seat cannot tell, but
    # the rules can: a card swapped out of the mover's hand) there is no next move to compare.
    if story is None or move not in d.legal_moves(other):
        return ""
    theirs = _story_of(d, other, move)
    if theirs[2]:
        return ""
    report.log_checks += 1
    seen, seen_changed = _readable(story, seat), _readable(theirs, seat)
    return f"the log of {move} changed: {_diff(seen, seen_changed)}" if seen != seen_changed else ""


Story = tuple[Any, list[dict[str, Any]], bool]


def _story_of(d: GameDefinition[Any], state: Any, move: Any) -> Story:
    """Apply ``move`` to ``state`` (a copy) with the log on: who may read it, its change entries, did it reveal."""
    visible_to = d.move_visibility(state, move)
    reveals = d.reveals(state, move)
    state.events = []  # as Game.apply does: rule code writes the log's words only while events are on
    state.rng.record = []
    d.advance(state, move)
    events, state.events = state.events, None
    drew, state.rng.record = bool(state.rng.record), None
    return visible_to, events, reveals or drew


def _readable(story: Story, seat: int | None) -> list[Any]:
    """The entry as ``seat`` may read it, filtered as Game.log_for filters it."""
    visible_to, events, _ = story
    if visible_to is not None and seat not in visible_to:
        return []  # the seat does not see this entry at all
    return [visible_to, *((e["text"], e["data"], e["visible_to"]) for e in events
                          if e["visible_to"] is None or seat in e["visible_to"])]


def _diff(a: Any, b: Any, path: str = "") -> str:
    """Where two JSON-like values first differ, in a few words."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key, "<missing>") != b.get(key, "<missing>"):
                return _diff(a.get(key, "<missing>"), b.get(key, "<missing>"), f"{path}.{key}")
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _diff(x, y, f"{path}[{i}]")
    text = f"{path or 'value'}: {a!r} became {b!r}"
    return text if len(text) < 300 else text[:297] + "..."


def _check_invariants(game: Game) -> None:
    broken = game.definition.invariants(game.state)
    if broken:
        raise _fail(game, "invariant broken: " + "; ".join(broken))


def _registered() -> set[str]:
    return {g["name"] for g in games()}


def _check_save_and_replay(game: Game) -> None:
    d = game.definition
    text = game.to_json()
    if d.info.name in _registered():  # a test's own unregistered game cannot be loaded by name
        loaded = load_game(text)
        if d.snapshot(loaded.state) != d.snapshot(game.state) or loaded.to_json() != text:
            raise _fail(game, "save and load did not round-trip")
    replay = Game(d, game.num_players, game.seed, game.options, mode=SANDBOX)
    for seat, text in game.to_dict()["moves"]:
        replay.apply(text, player=seat)
    if d.snapshot(replay.state) != d.snapshot(game.state) or replay.scores() != game.scores():
        raise _fail(game, "replaying the same moves from the same seed gave a different game")
    json.dumps(game.log)
