"""What each player may see, the teacher's full view, a text rendering, and hidden-information sampling."""
from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from .data import CARDS, DECK_SIZES, DECKS, GROUPS, OBSERVATORY, ROW_SLOTS
from .moves import SLOTS
from .pricing import cheapest
from .state import CARD_IDS, EMPTY, SPState, hand_limit

MARKER_NAMES = ("worker", "building", "aristocrat", "trading")


def _row(st: SPState, row: list[int], lower: bool, offset: int) -> list[dict[str, Any] | None]:
    buyer = st.current
    over = st.final is not None  # nobody is to move, so no one's price applies
    out: list[dict[str, Any] | None] = []
    for i in range(ROW_SLOTS):
        card = row[i]
        if card == EMPTY:
            out.append(None)
            continue
        c = CARDS[card]
        out.append({"slot": SLOTS[offset + i], "card": c.id, "name": c.name, "cost": c.cost,
                    "cost_for_current": None if over else cheapest(st, buyer, card, lower),
                    "group": GROUPS[c.group],
                    "trading": c.is_trading})
    return out


def _player(st: SPState, p: int, see_secrets: bool) -> dict[str, Any]:
    return {
        "seat": p,
        "points": st.points[p],
        "money": st.money[p] if see_secrets else None,
        "hand": [CARD_IDS[c] for c in st.hands[p]] if see_secrets else None,
        "hand_size": len(st.hands[p]),
        "hand_limit": hand_limit(st, p),
        "area": [CARD_IDS[c] for c in st.areas[p]],
        "observatories_used": st.obs_used[p],
        "markers": [MARKER_NAMES[k] for k, holder in enumerate(st.markers) if holder == p],
    }


def _table(st: SPState, secrets_of: set[int]) -> dict[str, Any]:
    over = st.final is not None
    return {
        "game": "saint_petersburg",
        "round": st.round,
        "phase": st.phase,
        "current_player": None if over else st.current,
        "markers": dict(zip(MARKER_NAMES, st.markers)),
        "decks": {DECKS[d]: len(st.decks[d]) for d in range(4)},
        "upper": _row(st, st.upper, False, 0),
        "lower": _row(st, st.lower, True, ROW_SLOTS),
        "drawn": CARD_IDS[st.drawn] if st.drawn != EMPTY else None,
        "passes_in_a_row": st.passes,
        "end_triggered": st.end_triggered,
        "removed": len(st.removed),
        "players": [_player(st, p, over or p in secrets_of) for p in range(st.num_players)],
        "final": st.final,
    }


class Viewing:
    """Mixed into the game definition: views, rendering, sampling and invariants."""

    def view(self, st: SPState, player: int | None) -> dict[str, Any]:
        """saint_petersburg.money.secret: rubles and hand cards are shown to their owner only."""
        data = _table(st, {player} if player is not None else set())
        if st.options["open_money"]:
            for entry in data["players"]:
                entry["money"] = st.money[entry["seat"]]
        data["perspective"] = player
        return data

    def full_view(self, st: SPState) -> dict[str, Any]:
        data = _table(st, set(range(st.num_players)))
        data["perspective"] = "teacher"
        data["deck_order"] = {DECKS[d]: [CARD_IDS[c] for c in reversed(st.decks[d])] for d in range(4)}
        return data

    def render_text(self, st: SPState, player: int | None) -> str:
        v = self.view(st, player)
        lines = [f"Saint Petersburg, round {v['round']}, {v['phase']} phase"
                 + (f", player {v['current_player'] + 1} to move" if v["current_player"] is not None else "")]
        for label, row in (("Upper", v["upper"]), ("Lower", v["lower"])):
            cells = [f"{c['slot']} {c['name']} ({c['cost']})" for c in row if c]
            lines.append(f"  {label}: " + (", ".join(cells) or "-"))
        lines.append("  Decks: " + ", ".join(f"{k} {n}" for k, n in v["decks"].items()))
        for pl in v["players"]:
            money = "?" if pl["money"] is None else pl["money"]
            lines.append(f"  Player {pl['seat'] + 1}: {pl['points']} points, {money} rubles, "
                         f"{pl['hand_size']} in hand; " + (", ".join(pl["area"]) or "no cards"))
        return "\n".join(lines)

    def determinize(self, st: SPState, player: int | None, rng: Rng) -> SPState:
        """Resample what ``player`` cannot see: deck order, the others' rubles and hand cards."""
        out = st.clone()
        if st.final is not None:
            return out
        for deck in out.decks:
            rng.shuffle(deck)
        for q in range(st.num_players):
            if q == player:
                continue
            if not st.options["open_money"]:
                out.money[q] = rng.below(2 * st.money[q] + 2)
            hand = out.hands[q]
            for i, card in enumerate(hand):  # swap with an unseen card of the same deck
                pile = out.decks[CARDS[card].deck]
                if pile:
                    j = rng.below(len(pile))
                    hand[i], pile[j] = pile[j], hand[i]
            hand.sort()
        return out

    def invariants(self, st: SPState) -> list[str]:
        broken = []
        counts = [0] * len(CARDS)
        places = [*st.decks, st.upper, st.lower, *st.hands, *st.areas, st.removed, [st.drawn]]
        for place in places:
            for card in place:
                if card != EMPTY:
                    counts[card] += 1
        for i, c in enumerate(CARDS):
            if counts[i] != c.copies:
                broken.append(f"{c.id}: {counts[i]} copies in play, the game has {c.copies}")
        if sum(len(d) for d in st.decks) > sum(DECK_SIZES):
            broken.append("decks hold more cards than the game has")
        for p in range(st.num_players):
            if st.money[p] < 0:
                broken.append(f"player {p} has {st.money[p]} rubles")
            mirror = [0] * len(CARDS)
            for card in st.areas[p]:
                mirror[card] += 1
            if st.hands[p] != sorted(st.hands[p]):
                broken.append(f"player {p}: hand not kept sorted")
            if mirror != st.owned[p]:
                broken.append(f"player {p}: owned counts do not match the area")
            if st.obs_used[p] > st.owned[p][OBSERVATORY]:
                broken.append(f"player {p}: more Observatories used than owned")
        if sum(c != EMPTY for c in st.upper) + sum(c != EMPTY for c in st.lower) > 2 * ROW_SLOTS:
            broken.append("display overfull")
        return broken
