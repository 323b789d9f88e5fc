"""What each player may see, the teacher's full view, a text rendering, and hidden-information sampling."""
from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from .data import CARDS, CHARACTERS, COLOURS, COLOUR
from .state import NOBODY, CitadelsState

CARD_IDS = tuple(c.id for c in CARDS)
CHAR_IDS = tuple(c.id for c in CHARACTERS)
TEACHER = -2  # the perspective of the full view: everything is known


def _ids(cards: list[int]) -> list[str]:
    return [CARD_IDS[c] for c in cards]


def _knows(st: CitadelsState, player: int | None, r: int) -> bool:
    """May ``player`` see where character ``r`` is? (citadels.draft.secret)"""
    if player == TEACHER or st.shown[r] or r in st.face_up or st.final is not None:
        return True
    if st.silent[r] and st.killed != r:
        return True  # called and silent, not murdered: it lies aside
    if player is None:
        return False
    if st.owner[r] == player:
        return True
    if r in st.pool:
        return st.phase == "draft" and st.current == player
    if r in st.down:
        return st.down_knower[st.down.index(r)] == player
    return False


def _characters(st: CitadelsState, player: int | None) -> list[dict[str, Any]]:
    out = []
    for r, ch in enumerate(CHARACTERS):
        known = _knows(st, player, r)
        where = None
        if known:
            if st.owner[r] != NOBODY:
                where = f"p{st.owner[r] + 1}"
            elif r in st.face_up:
                where = "face up"
            elif r in st.down:
                where = "face down"
            elif r in st.pool:
                where = "passing"
        out.append({"rank": r + 1, "id": ch.id, "name": ch.name, "where": where,
                    "called": st.rank >= r if st.rank >= 0 else False, "revealed": st.shown[r],
                    "silent": st.silent[r], "murdered": st.killed == r, "robbed": st.robbed == r,
                    "current": st.rank == r and st.phase not in ("draft", "round_start")})
    return out


def _player(st: CitadelsState, p: int, see: bool, player: int | None) -> dict[str, Any]:
    fortune = st.fortune == p and player == st.current and st.phase == "fortune"
    return {
        "seat": p, "gold": st.gold[p], "hand": _ids(st.hands[p]) if see or fortune else None,
        "hand_size": len(st.hands[p]), "city": _ids(st.city[p]),
        "colours": sorted({COLOURS[COLOUR[b]] for b in st.city[p]}),
        "booths": st.booths[p][:], "crown": st.crown == p,
        "characters": [CHAR_IDS[r] for r in range(8) if st.owner[r] == p and _knows(st, player, r)],
        "character_count": sum(1 for r in range(8) if st.owner[r] == p),
    }


def _table(st: CitadelsState, player: int | None, all_seen: bool) -> dict[str, Any]:
    over = st.final is not None
    drafter = st.phase == "draft" and st.current == player
    chooser = player == st.current
    return {
        "game": "citadels", "round": st.round, "phase": st.phase,
        "current_player": None if over else st.current,
        "turn_player": None if st.tp == NOBODY or st.phase in ("draft", "round_start") else st.tp,
        "crown": st.crown, "deck": len(st.deck), "discard": _ids(st.discard),
        "characters": _characters(st, TEACHER if all_seen else player),
        "pool": [CHAR_IDS[c] for c in st.pool] if drafter or all_seen else None, "pool_size": len(st.pool),
        "face_up": [CHAR_IDS[c] for c in st.face_up], "face_down": len(st.down),
        "drawn": _ids(st.drawn) if chooser or all_seen else None, "drawn_size": len(st.drawn),
        "exchange": _ids(st.exchange) if chooser or all_seen else None, "exchange_size": len(st.exchange),
        "window": st.window or None, "first_eight": None if st.first_eight == NOBODY else st.first_eight,
        "players": [_player(st, p, over or all_seen or p == player, TEACHER if all_seen else player)
                    for p in range(st.num_players)],
        "final": st.final,
    }


def view(st: CitadelsState, player: int | None) -> dict[str, Any]:
    data = _table(st, player, False)
    data["perspective"] = player
    return data

def full_view(st: CitadelsState) -> dict[str, Any]:
    data = _table(st, None, True)
    data["perspective"] = "teacher"
    data["deck_order"] = _ids(st.deck[::-1])
    data["face_down_cards"] = [CHAR_IDS[c] for c in st.down]
    return data

def render_text(st: CitadelsState, player: int | None) -> str:
    v = view(st, player)
    lines = [f"Citadels, round {v['round']}, {v['phase']}"
             + (f", p{v['current_player'] + 1} to move" if v["current_player"] is not None else "")]
    for pl in v["players"]:
        hand = f"{pl['hand_size']} cards" if pl["hand"] is None else ", ".join(pl["hand"]) or "no cards"
        lines.append(f"  p{pl['seat'] + 1}{' (crown)' if pl['crown'] else ''}: {pl['gold']} gold, hand {hand}; "
                     "city " + (", ".join(pl["city"]) or "-"))
    return "\n".join(lines)

def determinize(st: CitadelsState, player: int | None, rng: Rng) -> CitadelsState:
    """Resample what ``player`` cannot see: the deck order, the others' hands, unseen characters."""
    out = st.clone()
    if st.final is not None:
        return out
    _resample_cards(out, player, rng)
    _resample_characters(out, player, rng)
    return out

def _resample_cards(st: CitadelsState, player: int | None, rng: Rng) -> None:
    hidden = [q for q in range(st.num_players) if q != player
              and not (st.phase == "fortune" and st.fortune == q and player == st.current)]
    private = player != st.current
    unseen = list(st.deck)
    for q in hidden:
        unseen.extend(st.hands[q])
    if private:
        unseen.extend(st.drawn)
        unseen.extend(st.exchange)
    rng.shuffle(unseen)
    for q in hidden:
        k = len(st.hands[q])
        st.hands[q] = sorted(unseen[:k])
        del unseen[:k]
    if private:
        k = len(st.drawn)
        st.drawn = sorted(unseen[:k])
        del unseen[:k]
        k = len(st.exchange)
        st.exchange = unseen[:k]
        del unseen[:k]
    st.deck = unseen

def _resample_characters(st: CitadelsState, player: int | None, rng: Rng) -> None:
    """Unknown characters change places only with others that were alike in every pool the player held:
    a character he saw passing (and did not keep) was chosen after him, one he never saw before him. One who
    has not yet held the passed cards (a spectator, or the second player before the first pass) saw none
    of them: every unknown character, the first one laid face down too, may be anywhere unknown. With 2
    and 3 players each holds the cards more than once, and each time counts."""
    held: list[int] = []  # the draft steps at which the player held the passed cards
    if player is not None and player >= 0:
        held = [s for s in range(min(st.step + 1, len(st.steps))) if st.steps[s] >> 1 == player]
    groups: dict[tuple[bool, ...], list[int]] = {}
    for r in range(8):
        if not _knows(st, player, r):
            groups.setdefault(tuple(st.taken_step[r] >= s for s in held), []).append(r)
    for ranks in groups.values():
        if len(ranks) < 2:
            continue
        slots = [(_slot(st, r), st.taken_step[r]) for r in ranks]
        for r in ranks:
            st.owner[r] = NOBODY
        shuffled = ranks[:]
        rng.shuffle(shuffled)
        for ((where, index), step), r in zip(slots, shuffled):
            if where == "owner":
                st.owner[r] = index
            elif where == "pool":
                st.pool[index] = r
            else:
                st.down[index] = r
            st.taken_step[r] = step
    st.pool.sort()

def _slot(st: CitadelsState, r: int) -> tuple[str, int]:
    if st.owner[r] != NOBODY:
        return ("owner", st.owner[r])
    if r in st.pool:
        return ("pool", st.pool.index(r))
    return ("down", st.down.index(r))

def move_visibility(st: CitadelsState, move: Any) -> list[int] | None:
    """citadels.draft.secret / action.window: draft choices and window answers are private."""
    if st.phase == "draft" or (st.phase in ("acrobat", "rasputin") and move.kind == "decline"):
        return [st.current]
    if st.phase in ("keep", "exchange") or (st.phase == "turn" and move.kind in ("lab", "exchange")):
        return [st.current]
    if st.phase == "fortune":
        return [st.current, st.fortune]
    return None

# --- the end -------------------------------------------------------------------------
