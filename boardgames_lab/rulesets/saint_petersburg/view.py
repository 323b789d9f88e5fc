"""What each seat may see, declared from the rulebook, and the view built from what the redaction leaves.

saint_petersburg.money.secret (fact sheet §1.2, §1.3, §1.9): a player's rubles and hand are theirs
alone, opponents see only the hand's size; the four decks lie face down. Everything else is on the
table. The final scoring counts rubles and hand cards openly (final.rubles, final.hand_penalty).
The ``open_money`` option shows every player's rubles; its declaration reads the option from the
table's public facts.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...core.rng import Rng
from ...core.visibility import EVERYONE, NOBODY, is_hidden, revealed, shown_to
from .data import CARDS, DECKS, GROUPS, HAND_LIMIT, HAND_LIMIT_WAREHOUSE, ROW_SLOTS
from .moves import SLOTS
from .prices import cheapest
from .state import CARD_IDS, SPState

P = "saint_petersburg."
MARKER_NAMES = ("worker", "building", "aristocrat", "trading")
WAREHOUSE_ID = "warehouse"
DECK_OF = tuple(c.deck for c in CARDS)


def _game_over(data: dict[str, Any], owner: int | None) -> bool:
    return data.get("final") is not None


def _open_money(data: dict[str, Any], owner: int | None, seat: int | None, table: Mapping[str, Any]) -> bool:
    return bool(table.get("options", {}).get("open_money"))


FIELDS = {
    **{f"decks.{deck}": NOBODY for deck in DECKS},
    "money.*": shown_to(P + "money.secret", _open_money, reveal=_game_over),
    "hands.*": revealed(P + "final.hand_penalty", _game_over),
    # On the table for everyone: the two rows, the players' areas and points, the markers and the counts.
    **{name: EVERYONE for name in ("upper", "lower", "points", "areas", "observatories_used", "markers", "passes",
                                   "taken", "end_triggered", "round", "drawn", "observing", "pub_queue",
                                   "removed", "final")},
}


def _counts(area: list[str]) -> list[int]:
    counts = [0] * len(CARDS)
    for card in area:
        counts[CARD_IDS.index(card)] += 1
    return counts


def _row(data: dict[str, Any], row: list[str | None], lower: bool, offset: int, buyer: int
         ) -> list[dict[str, Any] | None]:
    over = data["final"] is not None  # nobody is to move, so no one's price applies
    owned = _counts(data["areas"][buyer])
    used = data["observatories_used"][buyer]
    out: list[dict[str, Any] | None] = []
    for i, card_id in enumerate(row):
        if card_id is None:
            out.append(None)
            continue
        card = CARD_IDS.index(card_id)
        c = CARDS[card]
        out.append({"slot": SLOTS[offset + i], "card": c.id, "name": c.name, "cost": c.cost,
                    "cost_for_current": None if over else cheapest(owned, used, card, lower),
                    "group": GROUPS[c.group], "trading": c.is_trading})
    return out


def _player(data: dict[str, Any], p: int, money: Any) -> dict[str, Any]:
    hand = data["hands"][p]
    return {
        "seat": p,
        "points": data["points"][p],
        "money": None if is_hidden(money) else money,
        "hand": None if is_hidden(hand) else list(hand),
        "hand_size": hand["count"] if is_hidden(hand) else len(hand),
        "hand_limit": HAND_LIMIT_WAREHOUSE if WAREHOUSE_ID in data["areas"][p] else HAND_LIMIT,
        "area": list(data["areas"][p]),
        "observatories_used": data["observatories_used"][p],
        "markers": [MARKER_NAMES[k] for k, holder in enumerate(data["markers"]) if holder == p],
    }


def show(data: dict[str, Any], player: int | None, st: SPState) -> dict[str, Any]:
    """The view of ``player`` (None: a spectator, or the teacher when nothing is hidden) from redacted data."""
    over = data["final"] is not None
    money = data["money"]
    decks = data["decks"]
    teacher = player is None and not any(is_hidden(decks[d]) for d in DECKS)
    out = {
        "game": "saint_petersburg", "round": data["round"], "phase": st.phase,
        "current_player": None if over else st.current,
        "markers": dict(zip(MARKER_NAMES, data["markers"])),
        "decks": {d: decks[d]["count"] if is_hidden(decks[d]) else len(decks[d]) for d in DECKS},
        "upper": _row(data, data["upper"], False, 0, st.current),
        "lower": _row(data, data["lower"], True, ROW_SLOTS, st.current),
        "drawn": data["drawn"], "observing": data["observing"], "passes_in_a_row": data["passes"], "end_triggered": data["end_triggered"],
        "removed": len(data["removed"]),
        "players": [_player(data, p, money[p]) for p in range(st.num_players)],
        "final": data["final"],
        "perspective": "teacher" if teacher else player,
    }
    if teacher:
        out["deck_order"] = {d: list(reversed(decks[d])) for d in DECKS}
    return out


def determinize(st: SPState, player: int | None, rng: Rng) -> SPState:
    """Resample what ``player`` cannot see: deck order, the others' rubles and hand cards."""
    out = st.clone()
    if st.final is not None:
        return out
    out.only_pass = [False] * st.num_players  # the others' rubles and hands change (state.SPState.only_pass)
    shuffle = rng.shuffler("a face-down deck, as a seat might imagine it")
    decks, money, below = out.decks, out.money, rng.below
    for deck in decks:
        shuffle(deck)
    secret_money = not st.options["open_money"]
    for q, hand in enumerate(out.hands):
        if q == player:
            continue
        if secret_money:
            money[q] = below(2 * money[q] + 2, "rubles behind a screen")
        for i, card in enumerate(hand):  # swap with an unseen card of the same deck
            pile = decks[DECK_OF[card]]
            if pile:
                j = below(len(pile), "a hidden hand card")
                hand[i], pile[j] = pile[j], card
        hand.sort()
    return out
