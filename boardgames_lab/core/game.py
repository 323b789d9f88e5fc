"""``Game``: one game in progress, with history, undo/redo, the log, views and saving.

The rule logic lives in the game's definition; this class adds what every game shares.
The engine checks every move before rule code runs (the game is not over, the seat may act
now, the move kind belongs to this phase), then asks the move kind's one check; a move that is
one of the legal moves just listed has passed all of these. History is kept as the moves and
keyframes: a copy of the position every few moves. Undo, redo, ``goto`` and ``at`` restore the nearest keyframe and replay the
recorded moves from it on the engine's fast path (the generator lives in the position, so a
replay draws what the game drew); they never replay from the seed, and they work from an edited
start. The log and the chance record are told when read, by replaying the moves with the
game's notes switched on, and kept once told. The position changes through this class (a
position put in ``state`` whole is kept as a keyframe before the next move).
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Any, Iterable

from .checks import engine_refusal, not_a_move
from .definition import Explanation, GameDefinition, State
from .errors import IllegalMove, InvalidNotation, UndoBlocked, move_text
from .moves import CHANCE, Move
from .rng import recording

KEYFRAME_EVERY = 32  # moves between copies of the position: undo and the log replay at most this many
# Older keyframes are thinned to one every KEYFRAME_SPAN moves: a long game keeps a few dozen copies instead of one
# per 32 moves (each copy holds objects the garbage collector walks on every full collection), and going back
# further than this replays at most KEYFRAME_SPAN moves.
KEYFRAME_SPAN = 1024

PLAY = "play"
SANDBOX = "sandbox"
AUTO = "auto"  # chance: the engine draws each random outcome with the game's generator
EXPLICIT = "explicit"  # chance: the game stops at each draw for the caller to choose (adapters, expectimax)


class Game:
    """A game in progress. Create one with ``boardgames_lab.new_game`` or ``boardgames_lab.from_position``."""

    def __init__(self, definition: GameDefinition[Any], players: int, seed: int,
                 options: dict[str, Any], mode: str = PLAY, names: Iterable[str] | None = None,
                 start: State | None = None, chance: str = AUTO):
        if mode not in (PLAY, SANDBOX):
            raise ValueError(f"mode must be {PLAY!r} or {SANDBOX!r}, not {mode!r}")
        if chance not in (AUTO, EXPLICIT):
            raise ValueError(f"chance must be {AUTO!r} or {EXPLICIT!r}, not {chance!r}")
        self.chance = chance
        definition.check_players(players)
        self.definition = definition
        self.num_players = players
        self.seed = seed
        self.options = definition.resolve_options(options)
        definition.check_options(players, self.options)
        self.mode = mode
        if names is not None and not isinstance(names, (list, tuple)):
            raise ValueError(f"names must be a list of {players} names, not {type(names).__name__} {names!r}")
        self.names = list(names) if names is not None else [f"Player {i + 1}" for i in range(players)]
        if len(self.names) != players or not all(isinstance(n, str) and n for n in self.names):
            raise ValueError(f"names must be {players} non-empty strings")
        # A game from a position starts there (``start`` is a state read by from_position); else from the seed.
        self.edited = start is not None
        setup: dict[str, Any] | None = None  # a seed's set-up is told when the log is first read
        if start is None:
            start = self._set_up()
        else:
            setup = self._from_start(start)
        # The game's own State subclass: callers read its fields (``game.state.money``), so it is not narrowed.
        self.state: Any = start
        self._live = start  # the position this class last put in ``state``
        self._start = definition.clone_state(start)
        self._setup_entry = setup
        self._moves: list[Move] = []
        self._seats: dict[int, int] = {}  # the plies whose move was made by a seat other than its ``player`` field
        # The plies, in order, whose move revealed information or drew at random, found among the first moves as
        # far as play mode's undo policy has been asked (and the position there, to go on from): see ``_walled``.
        self._walls: list[int] = []
        self._walled_to: tuple[int, Any] = (0, None)
        # Is the game over and whose move is it: the definition's own answers are read here without a call (asked
        # at every move); a game that answers otherwise is asked through its methods.
        plain = all(getattr(type(definition), name) is getattr(GameDefinition, name)
                    for name in ("is_over", "seat_of")) and all(
            issubclass(kind.move, Move) for kind in definition.kinds)  # each with its ``player`` field
        self._terminal: str | None = definition._terminal if plain else None
        # Copies of the position after ``_key_plies[i]`` moves (never changed once recorded), in order of ply.
        self._key_plies: list[int] = [0]
        self._keys: list[Any] = [self._start]
        self._pinned: set[int] = {0}  # plies of keyframes that are positions put in whole: never thinned
        self._entries: list[dict[str, Any]] = []  # the log entries told so far, one per move from the first
        self._scribe: tuple[int, Any] | None = None  # the position the log was last told up to, and its ply
        self._redo: list[Move] = []
        self._legal: tuple[Move, ...] | None = None
        self._drawn: tuple[Move, ...] | None = None  # the draw's outcomes as last listed (``chance_outcomes``)
        # Said as played (``say_as_played``): the last move's sentence, told in the position it was made from
        # instead of by replaying it when read (a reader of every move, an environment's infos, is spared the
        # replay): (ply after it, sentence, seat, who may read it).
        self.say_as_played = False
        self._said: tuple[int, str, int, list[int] | None] | None = None

    def _set_up(self) -> Any:
        """The seed's set-up, on the fast path (its log entry is told when the log is first read)."""
        d = self.definition
        state = d.create_state(self.num_players, self.seed, self.options)
        state.explicit_chance = self.chance == EXPLICIT
        d.runner.start(state)
        return state

    def _told_set_up(self) -> dict[str, Any]:
        """The set-up's log entry: the seed's set-up made again, with notes and the chance record on."""
        d = self.definition
        with recording():
            state = d.create_state(self.num_players, self.seed, self.options)
        if state.rng.record is None:  # a game that made its generator some other way: its draws from here on
            state.rng.record = []
        state.events, state.trail = [], []
        state.explicit_chance = self.chance == EXPLICIT
        d.runner.start(state)
        return {"ply": 0, "phase": "setup", "player": None, "seat": None, "move": None, "text": "Set-up",
                "changes": self._named(state.events), "chance": state.rng.record, "phases": state.trail,
                "visible_to": None}

    def _from_start(self, state: State) -> dict[str, Any]:
        """The set-up entry of a game from a position; in normal play a position at a draw is drawn at once."""
        state.explicit_chance = self.chance == EXPLICIT
        state.events, state.trail, state.rng.record = [], [], []
        if state.phase in self.definition.runner._chance and not state.explicit_chance:
            self.definition.runner._draw(state)
        entry = {"ply": 0, "phase": state.phase, "player": None, "seat": None, "move": None,
                 "text": "Set-up: a position", "changes": self._named(state.events), "chance": state.rng.record,
                 "phases": state.trail, "visible_to": None}
        state.events = state.trail = state.rng.record = None
        return entry

    # --- what is happening -------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.definition.info.name

    @property
    def phase(self) -> str:
        state: State = self.state
        return state.phase

    @property
    def current_player(self) -> int | None:
        """Who must decide now (None once the game is over, ``CHANCE`` at a draw)."""
        seats = self.to_act()
        return seats[0] if seats else None

    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now: usually one, several while a reaction window is open,
        ``(CHANCE,)`` where the game stands at a random draw, none once it is over."""
        return () if self.is_over else tuple(self.definition.to_act(self.state))

    @property
    def is_over(self) -> bool:
        terminal = self._terminal
        if terminal is None:
            return self.definition.is_over(self.state)
        return bool(self.state.phase == terminal)

    @property
    def ply(self) -> int:
        return len(self._moves)

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    def legal_moves(self) -> tuple[Move, ...]:
        legal = self._legal
        if legal is None or self.state is not self._live:  # a position put in whole lists its own moves
            state, terminal = self.state, self._terminal
            over = state.phase == terminal if terminal is not None else self.definition.is_over(state)
            legal = self._legal = () if over else tuple(self.definition.legal_moves(state))
        return legal

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """Where the game stands at a random draw: each outcome (a move of ``CHANCE``) and its probability."""
        if self.to_act() != (CHANCE,):
            return []
        outcomes = list(self.definition.chance_outcomes(self.state))
        if self.state is self._live:
            self._drawn = tuple(move for move, _ in outcomes)
        return outcomes

    def scores(self) -> list[int]:
        return self.definition.scores(self.state)

    def winners(self) -> list[int]:
        return self.definition.winners(self.state) if self.is_over else []

    # --- moving ------------------------------------------------------------------------
    def parse_move(self, text: str, player: int | None = None) -> Move:
        """The move ``text`` names, made by ``player`` (default: the seat to act)."""
        if not isinstance(text, str):
            raise InvalidNotation(f"a move's notation is text, not {type(text).__name__}")
        return self.definition.read_move(self.state, text, self._seat(player))

    def _seat(self, player: int | None) -> int:
        if player is None:
            seats = self.to_act()
            return seats[0] if seats else self.state.current
        if type(player) is not int or not (0 <= player < self.num_players or player == CHANCE):
            raise InvalidNotation(f"player must be a seat from 0 to {self.num_players - 1}, not {player!r}")
        return player

    def explain(self, move: Move | str, player: int | None = None) -> Explanation:
        """Is this move legal here? If not, which rule forbids it and what would make it legal."""
        if isinstance(move, str):
            move = self.parse_move(move, player)
        refusal = engine_refusal(self, move, player)
        if refusal is None:
            refusal = self.definition.check(self.state, move)
        if refusal is None:
            kind = self.definition.kind_of[move.kind]
            words = kind.describe(self.state, move) if kind.describe is not None else ""
            return Explanation(True, "core.legal", f"{self.describe(move)} It is legal here"
                               + (f" (price: {words})." if words else "."))
        return Explanation(False, refusal.rule, self._names_in(refusal.text()), self._names_in(refusal.remedy))

    def _names_in(self, text: str) -> str:
        return names_in(text, self.names)

    def rename(self, names: Iterable[str]) -> None:
        """Give the seats new names (a classroom's students): the log and the answers use them from now on, the
        log told again when next read. A set-up read from a position keeps the names it was told with."""
        names = list(names) if isinstance(names, (list, tuple)) else names
        if not isinstance(names, list) or len(names) != self.num_players or not all(
                isinstance(n, str) and n for n in names):
            raise ValueError(f"names must be a list of {self.num_players} non-empty strings")
        self.names = names
        self._entries = []
        self._scribe = self._said = None
        if not self.edited:
            self._setup_entry = None

    def describe(self, move: Move | str, player: int | None = None) -> str:
        """The move as a sentence in the game's own terms, naming its seat ("Anna buys the Gold Miner for 4
        rubles; ..."), from the game's ``words`` face; its notation where the game has none."""
        if isinstance(move, str):
            move = self.parse_move(move, player)
        problem = not_a_move(self, move)
        if problem:
            raise InvalidNotation(problem)
        seat = self.definition.seat_of(self.state, move)
        return self._sentence(self.state, seat, move)

    def _sentence(self, state: Any, seat: int, move: Move) -> str:
        return sentence(self.definition, self.names, state, seat, move)

    def apply(self, move: Move | str, player: int | None = None) -> "Game":
        """Make a move (a value or its notation) for ``player`` (default: the seat to act).
        An illegal move raises ``IllegalMove`` naming the rule, and changes nothing."""
        live = self.state is self._live
        legal = self._legal if live else None
        # A move listed as legal just now (the very value) has passed every check; only its seat is to compare.
        if legal is not None:
            for listed in legal:  # by identity, in a loop: no call, and the lists are short
                if listed is move:
                    if player is None or player == self.definition.seat_of(self.state, move):
                        if self._redo:
                            self._redo.clear()
                        self._push(move)
                        return self
                    break
        drawn = self._drawn if live else None
        # An outcome of the draw listed just now (the very value) is chance's, as legal as a listed move.
        if drawn is not None and player in (None, CHANCE):
            for listed in drawn:
                if listed is move:
                    self._redo.clear()
                    self._push(move)
                    return self
        if isinstance(move, str):
            move = self.parse_move(move, player)
        refusal = engine_refusal(self, move, player)
        if refusal is None and not (legal is not None and move in legal):  # an equal move of the list is legal
            refusal = self.definition.check(self.state, move)
        if refusal is not None:
            self._raise(move, Explanation(False, refusal.rule, self._names_in(refusal.text()),
                                          self._names_in(refusal.remedy)))
        self._redo.clear()
        self._push(move)
        return self

    def _raise(self, move: Move, why: Explanation) -> None:
        seats = self.to_act()
        seat = seats[0] if seats else None
        name = self.names[seat] if seat is not None and 0 <= seat < self.num_players else ""
        # A value that is not a well-formed move is shown as it is: its notation could pass for a legal move.
        text = repr(move) if why.rule == "core.not_a_move" else None
        raise IllegalMove(move, why.rule, why.reason, self.state.phase, seat, name, text)

    def move_classes(self) -> tuple[type[Move], ...]:
        """The classes of this game's moves (read off a legal move where the game does not declare them)."""
        classes = self.definition.move_classes()
        if not classes:
            legal = self.legal_moves()
            classes = (type(legal[0]),) if legal else ()
        return classes

    def _not_a_move(self, move: object) -> str:
        return not_a_move(self, move)

    def _push(self, move: Move) -> None:
        d, state, moves = self.definition, self.state, self._moves
        ply = len(moves)
        if state is not self._live:
            self._put_in(ply, state)
        seat = None
        if self._terminal is None or type(move.player) is not int:  # a game's own seat_of, or a move naming no seat
            seat = d.seat_of(state, move)
            if seat != getattr(move, "player", None):
                self._seats[ply] = seat
        if self.say_as_played:
            if seat is None:
                seat = move.player
            self._said = (ply + 1, self._sentence(state, seat, move), seat, d.move_visibility(state, move))
        d.advance(state, move)
        state.ply += 1
        moves.append(move)
        if (ply + 1) % KEYFRAME_EVERY == 0:
            self._keep(ply + 1, d.clone_state(state))
            self._thin(ply + 1 - KEYFRAME_SPAN)
        self._legal = self._drawn = None

    def _put_in(self, ply: int, state: Any) -> None:
        """A position put in ``state`` whole: kept as a keyframe, and the moves from here replay from it."""
        self._keep(ply, self.definition.clone_state(state))
        self._pinned.add(ply)
        self._live = state
        if self._scribe is not None and self._scribe[0] >= ply:
            self._scribe = None
        if self._walled_to[0] >= ply:
            self._walled_to = (ply, None)

    def _seat_at(self, ply: int) -> int:
        """The seat that made the move after ``ply`` moves."""
        seat = self._seats.get(ply)
        return seat if seat is not None else self._moves[ply].player

    def _thin(self, ply: int) -> None:
        """Drop the keyframe after ``ply`` moves unless it falls on a span or is a position put in whole (the
        moves replay to it from the keyframe before)."""
        if ply <= 0 or ply % KEYFRAME_SPAN == 0 or ply in self._pinned:
            return
        index = bisect_right(self._key_plies, ply) - 1
        if self._key_plies[index] == ply:
            del self._key_plies[index], self._keys[index]

    def _keep(self, ply: int, state: Any) -> None:
        """Record a keyframe: the position after ``ply`` moves."""
        if self._key_plies[-1] == ply:
            self._keys[-1] = state
        else:
            self._key_plies.append(ply)
            self._keys.append(state)

    def _state_at(self, ply: int) -> Any:
        """A new copy of the position after ``ply`` moves: the nearest keyframe, then the moves after it."""
        index = bisect_right(self._key_plies, ply) - 1
        d = self.definition
        state = d.clone_state(self._keys[index])
        advance = d.advance
        for move in self._moves[self._key_plies[index]:ply]:
            advance(state, move)
            state.ply += 1
        return state

    def _entries_to(self, ply: int) -> list[dict[str, Any]]:
        """The log entries of the first ``ply`` moves, told now for the moves not told yet."""
        entries = self._entries
        told = len(entries)
        if told >= ply:
            return entries[:ply]
        d, names = self.definition, self.names
        scribe = self._scribe
        state = scribe[1] if scribe is not None and scribe[0] == told else self._state_at(told)
        self._scribe = None
        keys = dict(zip(self._key_plies, self._keys)) if ply > told + 1 else {}  # one move: no keyframe ahead
        for i in range(told, ply):
            if i > told and i in keys:  # a keyframe is the position itself (it may have been put in whole)
                state = d.clone_state(keys[i])
            move = self._moves[i]
            seat = d.seat_of(state, move)
            phase = state.phase
            visible_to = d.move_visibility(state, move)
            state.events, state.trail, state.rng.record = [], [], []
            chosen = self._chosen_outcome(state, move) if seat == CHANCE else None
            text = self._sentence(state, seat, move)  # said in the position the move is made from
            d.advance(state, move)
            state.ply += 1
            chance = state.rng.record if chosen is None else [chosen, *state.rng.record]
            entries.append({"ply": state.ply, "phase": phase, "player": seat, "seat": seat, "move": str(move),
                            "text": text, "changes": _named(state.events, names),
                            "chance": chance, "phases": state.trail, "visible_to": visible_to})
            state.events = state.trail = state.rng.record = None
        self._scribe = (ply, state)
        return entries

    def _chosen_outcome(self, state: Any, move: Any) -> dict[str, Any]:
        """A chance move made by the caller (explicit mode) is the draw itself: in the record with its chance."""
        outcomes = self.definition.chance_outcomes(state)
        probability = next((p for m, p in outcomes if m == move), 0.0)
        return {"what": self.definition.flow.phase(state.phase).label, "draw": "chosen",
                "from": len(outcomes), "outcome": str(move), "probability": probability}

    def _name_of(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < self.num_players else "Chance"

    # --- history -------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return bool(self._moves) and (self.mode == SANDBOX or not self._walled(len(self._moves) - 1))

    def undo(self) -> Move:
        """Take back the last move and return it. In play mode a move that revealed
        hidden information or drew at random cannot be taken back."""
        if not self._moves:
            raise UndoBlocked("there is no move to undo")
        if self.mode == PLAY and self._walled(len(self._moves) - 1):
            raise UndoBlocked("the last move revealed information or drew at random; "
                              "undo across it is only allowed in sandbox mode")
        move = self._moves[-1]
        self._truncate(len(self._moves) - 1)
        self._redo.append(move)
        return move

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> Move:
        if not self._redo:
            raise UndoBlocked("there is no undone move to redo")
        move = self._redo.pop()
        self._push(move)
        return move

    def goto(self, ply: int) -> None:
        """Jump back to an earlier ply (sandbox mode, or within play mode's undo policy)."""
        self._check_ply(ply)
        if self.mode == PLAY and self._walled(ply):
            raise UndoBlocked("going back that far would cross revealed information; use sandbox mode")
        undone = self._moves[ply:]
        self._truncate(ply)
        self._redo.extend(reversed(undone))

    def at(self, ply: int) -> "Game":
        """A separate game showing the position after ``ply`` moves (for scrubbing the log)."""
        self._check_ply(ply)
        if ply < len(self._moves):
            other = self._copy(self._state_at(ply))
        else:
            other = self._copy(self.definition.clone_state(self.state), self.state is self._live)
        other._forget_after(ply)
        other._redo = []
        return other

    def _check_ply(self, ply: int) -> None:
        if type(ply) is not int or not 0 <= ply <= len(self._moves):
            raise ValueError(f"ply must be a whole number from 0 to {len(self._moves)}, not {ply!r}")

    def _walled(self, ply: int) -> bool:
        """Did a move from the one after ``ply`` moves on reveal information or draw at random?"""
        self._find_walls()
        return bool(self._walls) and self._walls[-1] >= ply

    def _find_walls(self) -> None:
        """Find which of the moves not looked at yet revealed information or drew at random: they are made again
        from the position where the last look ended, each asked before it is made whether it reveals, with the
        chance record on (a move that drew adds to it). Asked only when play mode's undo policy is read, so moves
        made where no one asks cost the history nothing."""
        end = len(self._moves)
        start, state = self._walled_to
        if start >= end:
            return
        d, moves, walls, pinned = self.definition, self._moves, self._walls, self._pinned
        if state is None:
            state = self._state_at(start)
        for ply in range(start, end):
            if ply in pinned and ply > start:  # a position put in whole: the moves from here start from it
                state = d.clone_state(self._keys[self._key_plies.index(ply)])
            move = moves[ply]
            wall = d.seat_of(state, move) == CHANCE or d.reveals(state, move)
            rng = state.rng
            draws: list[dict[str, Any]] = []
            rng.record = draws
            try:
                d.advance(state, move)
            finally:
                rng.record = None
            state.ply += 1
            if wall or draws:
                walls.append(ply)
        self._walled_to = (end, state)

    def _truncate(self, ply: int) -> None:
        """Restore the position after ``ply`` moves and forget the moves after it."""
        if ply < len(self._moves):
            self.state = self._live = self._state_at(ply)
        self._forget_after(ply)

    def _forget_after(self, ply: int) -> None:
        del self._moves[ply:], self._entries[ply:], self._walls[bisect_left(self._walls, ply):]
        if self._walled_to[0] > ply:
            self._walled_to = (ply, None)
        if self._seats and max(self._seats) >= ply:
            self._seats = {p: seat for p, seat in self._seats.items() if p < ply}
        keep = bisect_right(self._key_plies, ply)
        del self._key_plies[keep:], self._keys[keep:]
        self._pinned.intersection_update(self._key_plies)
        if self._scribe is not None and self._scribe[0] > ply:
            self._scribe = None
        self._legal = self._drawn = None

    def clone(self) -> "Game":
        """An independent copy (the keyframes and log entries are shared: they never change)."""
        return self._copy(self.definition.clone_state(self.state), self.state is self._live)

    def _copy(self, state: Any, live: bool = True) -> "Game":
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.state = state
        other._live = state if live else None
        other._moves = self._moves.copy()
        other._seats = self._seats.copy()
        other._walls = self._walls.copy()
        other._walled_to = (self._walled_to[0], None)
        other._key_plies = self._key_plies.copy()
        other._keys = self._keys.copy()
        other._pinned = self._pinned.copy()
        other._entries = self._entries.copy()
        other._scribe = None
        other._redo = self._redo.copy()
        return other

    # --- positions -----------------------------------------------------------------------
    def position(self) -> dict[str, Any]:
        """The whole position as JSON-ready data, hidden parts included (see ``from_position``)."""
        from .positions import position_of
        return position_of(self.definition, self.state, self.num_players, self.options)

    def start_position(self) -> dict[str, Any] | None:
        """The position this game started from, when it did not start from its seed's set-up."""
        from .positions import position_of
        return position_of(self.definition, self._start, self.num_players, self.options) if self.edited else None

    # --- what players see ----------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """Everything ``player`` may see, as JSON-ready data (``None``: a spectator)."""
        if player is not None and not (type(player) is int and 0 <= player < self.num_players):
            raise ValueError(f"player must be None or 0..{self.num_players - 1}, not {player!r}")
        return self.definition.view(self.state, player)

    def full_view(self) -> dict[str, Any]:
        """Everything on the table, hidden or not (the teacher's view)."""
        return self.definition.full_view(self.state)

    @property
    def log(self) -> list[dict[str, Any]]:
        """The whole story: one entry for the set-up, then one per move, each with what changed
        and the chance events drawn."""
        setup = self._setup_entry
        if setup is None:
            setup = self._setup_entry = self._told_set_up()
        return [setup, *self._entries_to(len(self._moves))]

    def log_for(self, player: int | None) -> list[dict[str, Any]]:
        """The log as ``player`` may read it: changes they may not see are left out, and of each draw only
        that it happened and what it was (``what``, ``draw``) are kept."""
        told = (_entry_for(entry, player) for entry in self.log)
        return [entry for entry in told if entry is not None]

    def last_entry_for(self, player: int | None) -> dict[str, Any] | None:
        """The last move's log entry as ``player`` may read it (``log_for``'s last entry when that move is
        theirs to read), or None before the first move or where they may not read it; the older entries are
        not told again."""
        ply = len(self._moves)
        if not ply:
            return None
        entries = self._entries
        last = entries[ply - 1] if len(entries) >= ply else self._entries_to(ply)[-1]  # told once, never copied
        return _entry_for(last, player)

    def last_said_for(self, player: int | None) -> str | None:
        """The last move's sentence as ``player``'s log tells it (``last_entry_for``'s text), or None."""
        said = self._said
        if said is None or said[0] != len(self._moves):
            entry = self.last_entry_for(player)
            return None if entry is None else str(entry["text"])
        _, text, seat, visible_to = said
        return said_for(seat, text, visible_to, player)

    def chance_record(self) -> list[dict[str, Any]]:
        """Every random draw since the start, in order, each with the ply that made it."""
        return [{**draw, "ply": entry["ply"]} for entry in self.log for draw in entry["chance"]]

    def _named(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return _named(events, self.names)

    # --- saving ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        from .records import record_of
        return record_of(self)

    def to_json(self, indent: int | None = None) -> str:
        import json
        return json.dumps(self.to_dict(), indent=indent)

    # --- display -----------------------------------------------------------------------
    def __repr__(self) -> str:
        seats = self.to_act()
        who = ", ".join(self._name_of(s) for s in seats)
        status = "over" if self.is_over else f"{self.phase} phase, {who} to move"
        return f"<{self.definition.info.title}: {self.num_players} players, seed {self.seed}, ply {self.ply}, {status}>"

    def __str__(self) -> str:
        render = getattr(self.definition, "render_text", None)
        return render(self.state, None) if render else repr(self)


def _named(events: list[dict[str, Any]], names: list[str]) -> list[dict[str, Any]]:
    """Rule code writes {p0}, {p1}, ... for players; the log shows their names.

    One pass over the rule's text: a name is data, so a name such as "{p1}" is shown as written.
    """
    for event in events:
        event["text"] = names_in(event["text"], names)
        if "you" in event:
            event["you"][1] = names_in(event["you"][1], names)
    return events


def _in_words_of(change: dict[str, Any], player: int | None) -> dict[str, Any]:
    """A change as ``player``'s log reads it: in the second person where the note is about them."""
    you = change.get("you")
    if you is None:
        return change
    text = you[1] if you[0] == player else change["text"]
    return {k: v for k, v in change.items() if k != "you"} | {"text": text}


def names_in(text: str, names: list[str]) -> str:
    """Rule code writes {p0}, {p1}, ... for players; answers show their names (a mark naming no seat stays).
    The text is split at each "{p" once and each piece's seat put in; a text with a piece that is not a seat's mark
    as rule code writes it ("{p9}" at a smaller table, "{p01}", "{p") is read mark by mark. Either way a name is
    data, never read again as a mark."""
    if "{p" not in text:
        return text
    parts = text.split("{p")
    seats = len(names)
    for i in range(1, len(parts)):  # each begins where a mark would: digits, then "}"
        part = parts[i]
        end = part.find("}")
        seat = _SEAT_OF.get(part[:end], seats) if end > 0 else seats
        if seat >= seats:
            return _read_marks(text, names)
        parts[i] = names[seat] + part[end + 1:]
    return "".join(parts)


_SEAT_OF = {str(seat): seat for seat in range(32)}  # the digits of the seats' marks, as rule code writes them


def _read_marks(text: str, names: list[str]) -> str:
    """``names_in`` read mark by mark: each "{p" begins a mark where digits naming a seat and "}" follow."""
    parts = text.split("{p")
    out = [parts[0]]
    for part in parts[1:]:  # each begins where a mark would: digits, then "}"
        end = part.find("}")
        digits = part[:end]
        if end > 0 and digits.isdecimal() and int(digits) < len(names):
            out.append(names[int(digits)] + part[end + 1:])
        else:
            out.append("{p" + part)
    return "".join(out)


def sentence(definition: GameDefinition[Any], names: list[str], state: Any, seat: int, move: Move) -> str:
    """``move`` as a sentence in ``state`` (the position it is made from) with the seats' ``names``: the game's
    ``words`` face, else its notation."""
    words = definition.words
    if words is None:
        return f"{names[seat] if 0 <= seat < len(names) else 'Chance'}: {move_text(move)}"
    return names_in(words.describe(state, move), names)


def said_for(seat: int, text: str, visible_to: list[int] | None, player: int | None) -> str | None:
    """A move's sentence as ``player``'s log tells it: the sentence, "Chance: a draw" for a draw it may not see,
    None for another seat's move it may not read."""
    if _hidden_from(visible_to, player):
        return HIDDEN_DRAW if seat == CHANCE else None
    return text


HIDDEN_DRAW = "Chance: a draw"  # a draw's words for a player who may not see what it drew


def _hidden_from(visible_to: Any, player: int | None) -> bool:
    """Is a move that ``visible_to`` may see (None: everyone) hidden from ``player``?"""
    return visible_to is not None and player not in visible_to


def _entry_for(entry: dict[str, Any], player: int | None) -> dict[str, Any] | None:
    """One log entry as ``player`` may read it, or None where the whole move is hidden from them."""
    if _hidden_from(entry["visible_to"], player):
        if entry["seat"] != CHANCE:
            return None
        # A draw dealt to others: that it happened is public, what it drew is not.
        entry = {**entry, "move": None, "text": HIDDEN_DRAW, "changes": []}
    changes = [_in_words_of(c, player) for c in entry["changes"]
               if c["visible_to"] is None or player in c["visible_to"]]
    # That a draw happened is public; what it drew, how likely that was and how many it was drawn from
    # are not: the chance of a card tells how many copies were left, and the number of outcomes can
    # hang on a hidden card (Citadels lays face up from the characters left but the King, six or seven
    # as the King is face down or not; a chosen outcome counts the kinds of card left).
    chance = [{k: c[k] for k in ("what", "draw") if k in c} for c in entry["chance"]]
    return {**entry, "changes": changes, "chance": chance}
