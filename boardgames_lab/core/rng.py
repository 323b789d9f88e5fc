"""A small seeded generator whose whole state is one integer.

Python's ``random`` module keeps 625 words of state, which makes every clone and
save expensive, and its derived methods are not promised to stay the same across
Python versions. Games need the same sequence on every machine and cheap clones,
so they draw from this SplitMix64 generator; its state lives in the game state.
"""
from __future__ import annotations

from _random import Random as Twister  # random.Random's C base: seeded in C, without its Python-level seed()
from contextlib import contextmanager
from contextvars import ContextVar
from math import floor, lgamma, log
from typing import Any, Callable, Iterator, MutableSequence, Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB  # SplitMix64
_RECORDING: ContextVar[bool] = ContextVar("recording", default=False)
Shuffle = Callable[[MutableSequence[Any]], None]  # a pile shuffled in place (``Rng.shuffler``)
# Per pile size n, Fisher–Yates's steps (i, i + 1 as a float) for i from n - 1 down to 1, made once per size:
# a float times a float is the interpreter's fast multiplication, and the product is the same as with the int.
_STEPS: dict[int, tuple[tuple[int, float], ...]] = {}


def _steps(n: int) -> tuple[tuple[int, float], ...]:
    steps = _STEPS.get(n)
    if steps is None:
        steps = _STEPS[n] = tuple((i, float(i + 1)) for i in range(n - 1, 0, -1))
    return steps


@contextmanager
def recording() -> Iterator[None]:
    """Generators made inside start with a chance record (a game's set-up draws before anyone can ask)."""
    token = _RECORDING.set(True)
    try:
        yield
    finally:
        _RECORDING.reset(token)


class Rng:
    """``record``, None in fast play, is the chance record: while the checked game API makes a
    move it is a list, and every draw is appended to it as a chance event (what was drawn,
    from how many, the outcome and its probability)."""

    __slots__ = ("state", "record")

    def __init__(self, seed: int = 0):
        self.state = (seed * _GAMMA + 0x632BE59BD9B4E019) & _MASK
        self.record: list[dict[str, Any]] | None = [] if _RECORDING.get() else None

    def copy(self) -> "Rng":
        other = Rng.__new__(Rng)
        other.state = self.state
        other.record = None
        return other

    def next64(self) -> int:
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int, what: str = "") -> int:
        """A uniform integer in [0, n), without bias (Lemire's multiply-and-reject). ``what`` names the draw."""
        if n <= 0:
            raise ValueError("n must be positive")
        # next64 written out: most draws are a single step, and a call would cost as much as the step
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        product = (z ^ (z >> 31)) * n
        if (product & _MASK) < n:  # rare: reject the few values that would make the result uneven
            threshold = ((1 << 64) - n) % n
            while (product & _MASK) < threshold:
                product = self.next64() * n
        if self.record is not None:
            self.record.append({"what": what or "a number", "draw": "below", "from": n,
                                "outcome": product >> 64, "probability": 1 / n})
        return product >> 64

    def weighted(self, weights: Sequence[int], what: str = "") -> int:
        """An index drawn with chance proportional to its whole-number weight (a bag: counts per colour)."""
        record, self.record = self.record, None
        try:
            ticket = self.below(sum(weights))
        finally:
            self.record = record
        for index, weight in enumerate(weights):
            if ticket < weight:
                break
            ticket -= weight
        if record is not None:
            record.append({"what": what or "a draw", "draw": "weighted", "from": len(weights), "outcome": index,
                           "probability": weights[index] / sum(weights)})
        return index

    def top(self, weight: int, total: int, outcome: object, what: str = "") -> None:
        """Record a draw from the top of a stack shuffled earlier (a face-down deck): its outcome was fixed
        by that shuffle, so the generator does not step, but the draw is a chance event all the same, with
        the chance of ``outcome`` as the table sees it (``weight`` of the ``total`` cards left are like it)."""
        if self.record is not None:
            self.record.append({"what": what or "a card from the top", "draw": "top", "from": total,
                                "outcome": outcome, "probability": weight / total})

    def choice(self, items: Sequence[T], what: str = "") -> T:
        return items[self.below(len(items), what)]

    def shuffle(self, items: MutableSequence[T], what: str = "") -> None:
        """Fisher–Yates, in place.

        Whole decks are shuffled at set-up, so the draws come from a Mersenne Twister
        seeded from this generator: ``random.Random(int).random()`` is the one sequence
        Python promises to keep across versions, and it runs in C (taken from its C base, which an int seeds the
        same way). Scaling a 53-bit
        float leaves a bias below 2**-45 for any deck size, far under anything a game can show. ``floor`` gives
        what ``int`` would of the nonnegative product, in fewer steps.
        """
        rand = Twister(self.next64()).random
        if self.record is None:  # normal play's fast path: the same swaps, nothing kept of them
            for i, size in _steps(len(items)):
                j = floor(rand() * size)
                items[i], items[j] = items[j], items[i]
            return
        order = list(range(len(items)))
        for i in range(len(items) - 1, 0, -1):
            j = floor(rand() * (i + 1))
            items[i], items[j] = items[j], items[i]
            order[i], order[j] = order[j], order[i]
        # Each of the n! orders is equally likely; beyond 170 cards 1/n! is below a float's range.
        log10 = -lgamma(len(order) + 1) / log(10)
        self.record.append({"what": what or "a shuffle", "draw": "shuffle", "from": len(order),
                            "outcome": order, "probability": 10.0 ** log10, "log10_probability": log10})

    def shuffler(self, what: str = "") -> Shuffle:
        """A shuffle for several piles in a row (a determinization's decks, hands and screens): Fisher–Yates
        as ``shuffle``, drawing from one Mersenne Twister seeded once, as seeding one costs more than a
        short shuffle. While a chance record is kept each pile is shuffled and recorded by ``shuffle``."""
        if self.record is not None:
            return lambda items: self.shuffle(items, what)
        rand = Twister(self.next64()).random

        def shuffle(items: MutableSequence[Any]) -> None:
            for i, size in _steps(len(items)):
                j = floor(rand() * size)
                items[i], items[j] = items[j], items[i]
        return shuffle
