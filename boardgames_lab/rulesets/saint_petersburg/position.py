"""A Saint Petersburg position as data, and the reader that validates one field by field.

Cards are named by id; a deck is listed bottom first (its top card is the last); an empty display
slot is null. The copies per card in an area, the action phase of the round and the final count
are derived, not stored.
"""
from __future__ import annotations

from typing import Any, Callable

from ...core.errors import PositionError
from ...core.position import Reader, conserved, integer, items, names
from .data import CARDS, DECKS, HAND_LIMIT_WAREHOUSE, OBSERVATORY, OBSERVATORY_MIN_DECK, PUB, ROW_SLOTS
from .flow import ACTION_PHASES, STAGE_OF, draw_pending
from .moves import CARD_IDS
from .prices import EMPTY
from .scoring import final_count
from .state import LAY_DECK, NO_DECK, OBSERVATORY_DRAW, SPState, cards_to_lay

FIELDS = ("decks", "upper", "lower", "money", "points", "hands", "areas", "observatories_used", "markers",
          "passes", "taken", "end_triggered", "round", "drawn", "observing", "pub_queue", "removed", "final")
MOST = 10 ** 6  # rubles and points beyond any real game, still whole numbers


def _ids(cards: list[int]) -> list[str]:
    return [CARD_IDS[c] for c in cards]


def _slot(card: int) -> str | None:
    return None if card == EMPTY else CARD_IDS[card]


def position(st: SPState) -> dict[str, Any]:
    return {
        "decks": {DECKS[d]: _ids(st.decks[d]) for d in range(4)},
        "upper": [_slot(c) for c in st.upper], "lower": [_slot(c) for c in st.lower],
        "money": list(st.money), "points": list(st.points),
        "hands": [_ids(h) for h in st.hands], "areas": [_ids(a) for a in st.areas],
        "observatories_used": list(st.obs_used), "markers": list(st.markers),
        "passes": st.passes, "taken": st.taken, "end_triggered": st.end_triggered, "round": st.round,
        "drawn": _slot(st.drawn), "observing": None if st.observing == NO_DECK else DECKS[st.observing],
        "pub_queue": list(st.pub_queue), "removed": _ids(st.removed),
        "final": [dict(f) for f in st.final] if st.final is not None else None,
    }


def _card(value: Any, path: str) -> int:
    return CARD_IDS.index(names(CARD_IDS)(value, path))


def _slot_card(value: Any, path: str) -> int:
    return EMPTY if value is None else _card(value, path)


def _of_deck(deck: int) -> Callable[[Any, str], int]:
    def read(value: Any, path: str) -> int:
        card = _card(value, path)
        if CARDS[card].deck != deck:
            raise PositionError(path, f"{CARD_IDS[card]} is not a card of the {DECKS[deck]} deck")
        return card
    return read


def read_position(data: Reader, players: int, options: dict[str, Any], phase: str) -> SPState:
    # Positions written before the chance phases have no "observing": they stand at no Observatory draw.
    data = Reader({"observing": None, **data.data}, data.path, FIELDS)
    st = SPState()
    st.init_base(players, 0)
    st.setup_fields(players, options)
    seat = lambda value, path: integer(value, path, 0, players - 1)  # noqa: E731
    decks = data.obj("decks", DECKS)
    st.decks = [decks.items(DECKS[d], _of_deck(d)) for d in range(4)]
    for name, offset in (("upper", 0), ("lower", ROW_SLOTS)):
        row = data.items(name, _slot_card, length=ROW_SLOTS)
        st.lay([(offset + i, card) for i, card in enumerate(row) if card != EMPTY])
    st.money = data.items("money", lambda v, p: integer(v, p, 0, MOST), length=players)
    st.points = data.items("points", lambda v, p: integer(v, p, 0, MOST), length=players)  # points only rise
    st.hands = [sorted(h) for h in data.items("hands", lambda v, p: items(v, p, _card, most=HAND_LIMIT_WAREHOUSE),
                                             length=players)]
    for p, area in enumerate(data.items("areas", lambda v, path: items(v, path, _card), length=players)):
        for card in area:
            st.acquire(p, card)
    st.obs_used = data.items("observatories_used", lambda v, p: integer(v, p, 0, 2), length=players)
    for p in range(players):
        if st.obs_used[p] > st.owned[p][OBSERVATORY]:
            raise PositionError(data.at("observatories_used") + f"[{p}]", f"{st.obs_used[p]} Observatories "
                                f"used, but player {p} has {st.owned[p][OBSERVATORY]}")
        st.rekey(p)
    st.markers = data.items("markers", seat, length=4)
    st.removed = data.items("removed", _card)
    st.drawn = _slot_card(data.raw("drawn"), data.at("drawn"))
    observing = data.raw("observing")
    st.observing = NO_DECK if observing is None else DECKS.index(names(DECKS)(observing, data.at("observing")))
    _read_turn(data, st, players, phase)
    _read_draw(data, st, phase)
    found = [c for place in (*st.decks, st.upper, st.lower, *st.hands, *st.areas, st.removed, [st.drawn])
             for c in place if c != EMPTY]
    conserved(data.path or "state", "cards", (CARD_IDS[c] for c in found), {c.id: c.copies for c in CARDS})
    return st


def _read_draw(data: Reader, st: SPState, phase: str) -> None:
    """A position at a chance phase has a card to turn up (saint_petersburg.deck.top_card)."""
    if (st.observing != NO_DECK) != (phase == OBSERVATORY_DRAW):
        raise PositionError(data.at("observing"), "an Observatory's owner chooses a deck only to draw from it "
                            f"at once, not in the {phase} phase" if st.observing != NO_DECK else
                            "the observatory draw needs the deck the Observatory draws from")
    st.phase = phase
    if phase == OBSERVATORY_DRAW and len(st.decks[st.observing]) < OBSERVATORY_MIN_DECK:
        raise PositionError(data.at("decks") + f".{DECKS[st.observing]}", "an Observatory may not draw a deck's "
                            f"last card: the deck needs at least {OBSERVATORY_MIN_DECK}")
    if phase in LAY_DECK and not draw_pending(st):
        raise PositionError("phase", f"the {phase} phase lays out cards, but here it has none to lay (nothing "
                            "was taken, the board holds enough or the deck is empty): play would move on at once")
    st.to_lay = cards_to_lay(st) if phase in LAY_DECK else 0


def _read_turn(data: Reader, st: SPState, players: int, phase: str) -> None:
    """Where the round stands: passes, the Observatory's card, the Pub queue, the end and the final count."""
    st.stage = STAGE_OF[phase]
    st.round = data.integer("round", 1, 1000)
    st.taken = data.boolean("taken")
    st.end_triggered = data.boolean("end_triggered")
    st.passes = data.integer("passes", 0, players - 1 if phase in ACTION_PHASES else players)
    if (st.drawn != EMPTY) != (phase == "observatory"):
        raise PositionError(data.at("drawn"), "a card drawn with an Observatory waits only in the observatory "
                            f"phase, not in the {phase} phase" if st.drawn != EMPTY else
                            "the observatory phase needs the card drawn with the Observatory")
    st.pub_queue = data.items("pub_queue", lambda v, p: integer(v, p, 0, players - 1))
    if (len(st.pub_queue) > 0) != (phase == "pub"):
        raise PositionError(data.at("pub_queue"), f"Pub owners wait only in the pub phase, not in the {phase} "
                            "phase" if st.pub_queue else "the pub phase needs the Pub owners still to choose")
    for i, p in enumerate(st.pub_queue):
        if not st.owned[p][PUB] or st.pub_queue.count(p) > 1:
            raise PositionError(data.at("pub_queue") + f"[{i}]", f"player {p} owns no Pub or is listed twice")
    final = data.raw("final")
    expected = final_count(st) if phase == "game_over" else None
    if final != expected:
        raise PositionError(data.at("final"), "must be the final count of this position"
                            if phase == "game_over" else "is null until the game is over")
    st.final = expected
