"""What every bot shares: the seat it decides from, options declared as data, the random bot."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

from ..core.definition import GameDefinition
from ..core.rng import Rng

_MASK = (1 << 63) - 1


@dataclass(frozen=True)
class BotOption:
    """One setting of a bot, as data, so a widget or the command line can build a control for it."""

    name: str
    default: Any
    kind: str  # "int", "float" or "choice"
    description: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[Any, ...] = ()

    def check(self, value: Any) -> Any:
        if self.kind == "choice":
            if value not in self.choices:
                raise ValueError(f"option {self.name!r} must be one of {list(self.choices)}, not {value!r}")
            return value
        cast = int if self.kind == "int" else float
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"option {self.name!r} takes a number, not {value!r}")
        value = cast(value)
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise ValueError(f"option {self.name!r} must lie between {self.minimum} and {self.maximum}, not {value}")
        return value


SEED = BotOption("seed", 0, "int", "seed of the bot's own random choices", 0, _MASK)


class Seat:
    """What one player may know when it is their turn: their view, the legal moves, and samples.

    The full state stays inside a closure: ``sample`` hands out a fresh full state that the
    player cannot tell apart from the real one (the game resamples everything hidden from them,
    and the random generator is reseeded so the future is not known either). The view is built
    only when a bot asks for it, so bots that do not look pay nothing.
    """

    __slots__ = ("player", "legal_moves", "game", "_view", "_make_view", "_sample")

    def __init__(self, definition: GameDefinition[Any], state: Any, player: int, legal_moves: Sequence[Any]):
        self.player = player
        self.legal_moves = legal_moves
        self.game = definition  # the rules (never the state): search bots play sampled states with them
        self._view: dict[str, Any] | None = None
        self._make_view: Callable[[], dict[str, Any]] = lambda: definition.view(state, player)
        hidden = definition.info.hidden_information

        def sample(rng: random.Random) -> Any:
            full = definition.determinize(state, player, Rng(rng.getrandbits(63))) if hidden \
                else definition.clone_state(state)
            full.rng = Rng(rng.getrandbits(63))  # chance to come is unknown too
            return full

        self._sample = sample

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._make_view()
        return self._view

    def sample(self, rng: random.Random) -> Any:
        """A full state consistent with this player's view, drawn with ``rng``."""
        return self._sample(rng)


class Bot(Protocol):
    name: str
    options: tuple[BotOption, ...]

    def decide(self, seat: Seat) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal moves, from its own seeded generator."""

    name = "random"
    options: tuple[BotOption, ...] = (SEED,)

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)
        self._random = self._rng.random
        self.last_reason = ""

    def choose(self, view: dict[str, Any], legal_moves: Sequence[Any]) -> Any:
        return legal_moves[self._rng.randrange(len(legal_moves))]

    def pick(self, legal_moves: Sequence[Any]) -> Any:
        """The fast path for tournaments: a bot that needs only the legal moves may offer ``pick``."""
        return legal_moves[int(self._random() * len(legal_moves))]

    def decide(self, seat: Seat) -> Any:
        # The same draw as ``choose``: a seeded bot plays the same game whichever way it is asked.
        self.last_reason = f"chosen at random among {len(seat.legal_moves)} legal moves"
        return self.choose({}, seat.legal_moves)


def reward_shares(definition: GameDefinition[Any], state: Any) -> list[float]:
    """1 shared among the winners of a finished game (a search bot's payoff)."""
    winners = definition.winners(state)
    out = [0.0] * state.num_players
    for w in winners:
        out[w] = 1.0 / len(winners)
    return out
