"""What a seat observes, for the adapters: the game's features (its ``features`` face) and the seat's recall.

- ``features(d)``: the game's features face (``LAYOUT``, ``encode``); a game without one gets the phase and the
  seats only (:class:`PlainFeatures`).
- ``observe(d, state, seat, public)``: the observation vector of ``seat``: its own view (``definition.view(state,
  seat)``), or the spectator's view (``public``), as the face's fixed layout; nothing else is read, so two states
  the seat cannot tell apart give the same vector.
- :class:`Recall`: what each seat has observed since the start, kept from the game's log as moves are made (the
  log's visibility: ``game.log_for``): its own moves, the others' moves it may read (as action numbers), that
  draws happened and of what kind, and the changes it may see in words. It holds a digest of the whole record
  (the perfect-recall key of the information-state string), the seat's last ``OWN`` action numbers and the last
  ``RECENT`` events it saw (the information-state tensor's history plane).
"""
from __future__ import annotations

import hashlib
from array import array
from typing import Any
from weakref import WeakKeyDictionary

from ..core.moves import CHANCE
from ..faces import Layout, relative_seats

OWN = 16  # the seat's own last actions in the information-state tensor
RECENT = 16  # the last events the seat saw in the information-state tensor
PUBLIC = -1  # the recall of a spectator (what every seat sees), under this key

RECALL = Layout("recall", [
    ("moves_made", ("moves",), "your moves so far"),
    ("events_seen", ("events",), "events you have seen so far (moves you may read and draws)"),
    ("own", tuple(str(i) for i in range(1, OWN + 1)), "your last moves' action numbers, latest first (-1: none)"),
    *((f"recent.{i}", ("seen", "actor", "action"),
       f"the {i}-th latest event you saw: 1; who acted, counted from you (-1: a draw); its action number "
       "(-1: a draw or set-up)") for i in range(1, RECENT + 1)),
])


def features(d: Any) -> Any:
    """The game's features face; a game without one gets :class:`PlainFeatures` (the phase and the seats)."""
    face = d.features
    if face is None:
        face = _PLAIN.get(d)
        if face is None:
            face = _PLAIN[d] = PlainFeatures(d)
    return face


class PlainFeatures:
    """The features of a game that declares none: the phase, the seat to act and the seats at the table."""

    def __init__(self, d: Any):
        seats = relative_seats(d.info.max_players)
        self.LAYOUT = Layout(d.info.name, [
            ("phase", tuple(p.name for p in d.flow.phases), "the phase, one-hot"),
            ("to_act", seats, "the seats to act"),
            ("seated", seats, "1 for each seat at the table")])
        self._seats = seats

    def public(self, d: Any, state: Any, seat: int) -> "array[float]":
        L, out = self.LAYOUT, self.LAYOUT.blank()
        n = state.num_players
        L.one_hot(out, "phase", state.phase)
        L.count(out, "to_act", (self._seats[(s - seat) % n] for s in d.to_act(state) if 0 <= s < n))
        L.count(out, "seated", self._seats[:n])
        return out


_PLAIN: "WeakKeyDictionary[Any, PlainFeatures]" = WeakKeyDictionary()


def observe(d: Any, state: Any, seat: int, public: bool = False) -> "array[float]":
    """The observation vector of ``seat``: its view (the spectator's where ``public``) in the game's layout,
    written straight from the state where the face has ``encode_state`` (the same vector, tested)."""
    face = features(d)
    if isinstance(face, PlainFeatures):
        return face.public(d, state, seat)
    direct = getattr(face, "encode_state", None)
    if direct is not None:
        return direct(state, seat, public)
    view = d.view(state, None if public else seat)
    return face.encode(view, seat, state.num_players)


class Recall:
    """Each seat's record of what it observed (``PUBLIC``: a spectator's), kept in step with a game's log."""

    __slots__ = ("synced", "digest", "count", "made", "own", "recent", "noted")

    def __init__(self, players: int):
        keys = [*range(players), PUBLIC]
        self.synced = 0  # log entries read so far
        self.digest = {k: b"" for k in keys}
        self.count = {k: 0 for k in keys}  # events seen
        self.made = {k: 0 for k in keys}  # own moves made
        self.own: dict[int, list[int]] = {k: [] for k in keys}  # own action numbers, the last OWN
        self.recent: dict[int, list[tuple[int, int]]] = {k: [] for k in keys}  # (actor, action), the last RECENT
        self.noted: dict[int, int] = {}  # log entry -> the action number its move was played as, not yet read

    def copy(self) -> "Recall":
        other = Recall.__new__(Recall)
        other.synced = self.synced
        other.digest, other.count, other.made = dict(self.digest), dict(self.count), dict(self.made)
        other.own = {k: v[:] for k, v in self.own.items()}
        other.recent = {k: v[:] for k, v in self.recent.items()}
        other.noted = dict(self.noted)
        return other

    def __getstate__(self) -> tuple[Any, ...]:
        return self.synced, self.digest, self.count, self.made, self.own, self.recent, self.noted

    def __setstate__(self, data: tuple[Any, ...]) -> None:
        self.synced, self.digest, self.count, self.made, self.own, self.recent, self.noted = data

    def note(self, entry: int, action: int) -> None:
        """The action number of the move about to make log entry ``entry`` (read in its own position)."""
        self.noted[entry] = action

    def sync(self, game: Any, table: Any) -> None:
        """Read the log entries made since the last call."""
        log = game.log
        if self.synced >= len(log):
            return
        moves = game.moves
        for i in range(self.synced, len(log)):
            entry = log[i]
            seat = entry["seat"]
            action = -1
            if i > 0 and seat is not None and seat != CHANCE:
                noted = self.noted.pop(i, None)
                action = _number(game, table, moves[i - 1], i - 1) if noted is None else noted
            for key in self.digest:
                self._note(key, entry, seat, action)
        self.synced = len(log)

    def _note(self, key: int, entry: dict[str, Any], seat: int | None, action: int) -> None:
        viewer = None if key == PUBLIC else key
        shown = entry["visible_to"]
        drawn = [c["what"] for c in entry["chance"]]
        if shown is not None and viewer not in shown:
            if seat != CHANCE:
                return  # a move this seat does not learn of
            changes: list[str] = []
            action = -1
        else:
            changes = [c["you"][1] if "you" in c and c["you"][0] == viewer else c["text"]
                       for c in entry["changes"] if c["visible_to"] is None or viewer in c["visible_to"]]
        actor = -1 if seat is None or seat == CHANCE else seat
        token = "\x1e".join((str(actor), str(action), "\x1f".join(map(str, drawn)), "\x1f".join(changes)))
        self.digest[key] = hashlib.blake2b(self.digest[key] + token.encode(), digest_size=16).digest()
        self.count[key] += 1
        recent = self.recent[key]
        recent.append((actor, action))
        if len(recent) > RECENT:
            del recent[0]
        if actor == key and actor >= 0:
            self.made[key] += 1
            own = self.own[key]
            own.append(action)
            if len(own) > OWN:
                del own[0]

    def only_public(self, player: int) -> None:
        """Keep ``player``'s record; every other seat's becomes the spectator's (a sampled world's other seats
        saw what ``player`` knows they saw, no more)."""
        for key in self.digest:
            if key not in (player, PUBLIC):
                self.digest[key], self.count[key], self.made[key] = self.digest[PUBLIC], self.count[PUBLIC], 0
                self.own[key], self.recent[key] = [], self.recent[PUBLIC][:]

    def text(self, key: int, players: int, seat: int) -> str:
        """The record as a short string: how many events, the digest of all of them, the last few."""
        tail = " ".join(f"{_who(a, seat, players)}:{'?' if x < 0 else x}" for a, x in self.recent[key][-8:])
        return f"seen={self.count[key]} recall={self.digest[key].hex()} last=[{tail}]"

    def vector(self, key: int, players: int, seat: int) -> "array[float]":
        out = RECALL.blank()
        RECALL.put(out, "moves_made", self.made[key])
        RECALL.put(out, "events_seen", self.count[key])
        own = self.own[key]
        for i in range(OWN):
            RECALL.put(out, "own", own[-1 - i] if i < len(own) else -1, i)
        recent = self.recent[key]
        for i in range(RECENT):
            name = f"recent.{i + 1}"
            if i < len(recent):
                actor, action = recent[-1 - i]
                RECALL.put(out, name, 1.0, 0)
                RECALL.put(out, name, -1 if actor < 0 else (actor - seat) % players, 1)
                RECALL.put(out, name, action, 2)
            else:
                RECALL.put(out, name, -1, 2)
        return out


def _number(game: Any, table: Any, move: Any, ply: int) -> int:
    """The action number ``move`` had where it was played, after ``ply`` moves: a positional number is read in
    that position (the game's keyframes rebuild it)."""
    if not table.positional:
        return int(table.encode(move))
    number = table.fixed(move)
    return int(number) if number is not None else int(table.encode(move, game._state_at(ply)))


def _who(actor: int, seat: int, players: int) -> str:
    if actor < 0:
        return "draw"
    k = (actor - seat) % players
    return "you" if k == 0 else f"+{k}"


__all__ = ["OWN", "PUBLIC", "RECALL", "RECENT", "Recall", "features", "observe"]
