"""What each player may see, hidden-information sampling, and who may read each move."""
from __future__ import annotations

from typing import Any, Mapping

from ...core.rng import Rng, Shuffle
from ...core.visibility import EVERYONE, NOBODY, Seen, is_hidden, shown_to
from .draws import draw_visibility
from .data import CARD_INDEX, CARDS, CHAR_INDEX, CHARACTERS, COLOURS, COLOUR
from .state import NOBODY as NO_SEAT, CitadelsState

CARD_IDS = tuple(c.id for c in CARDS)
CHAR_IDS = tuple(c.id for c in CHARACTERS)
R = "citadels."


# --- who sees what (the rulebook) -------------------------------------------------------------
def _over(data: dict[str, Any], owner: int | None) -> bool:
    """Rulebook, scoring: at the end every hand (action cards score) and every character lies open."""
    return data["final"] is not None


def _laid_open(data: dict[str, Any], r: int) -> bool:
    """Rulebook, Sequence of a Round: a character is known to all once revealed, laid face up, or called
    with nobody answering and not murdered (it was laid aside); and at the end."""
    cid = CHAR_IDS[r]
    return (data["final"] is not None or data["shown"][r] or cid in data["face_up"]
            or (data["silent"][r] and data["killed"] != cid))


def _character_open(data: dict[str, Any], r: int | None) -> bool:
    return r is not None and _laid_open(data, r)


def _character_seen(data: dict[str, Any], r: int | None, seat: int | None, table: Mapping[str, Any]) -> bool:
    """Rulebook, Setup (citadels.draft.secret): its holder knows a chosen character; the player holding
    the passed cards sees them; who saw a face-down card (the King with 2-3 players, a burier, the last
    drafter) knows it."""
    if r is None or seat is None:
        return False
    cid = CHAR_IDS[r]
    if data["owner"][r] is not None:
        return data["owner"][r] == seat
    if cid in data["pool"]:
        return table.get("phase") == "draft" and table.get("current") == seat
    if cid in data["down"]:
        return data["down_knower"][data["down"].index(cid)] == seat
    return False


def _down_open(data: dict[str, Any], i: int | None) -> bool:
    return i is not None and _laid_open(data, CHAR_INDEX[data["down"][i]])


def _down_seen(data: dict[str, Any], i: int | None, seat: int | None, table: Mapping[str, Any]) -> bool:
    return i is not None and seat is not None and data["down_knower"][i] == seat


def _drafter(data: dict[str, Any], owner: int | None, seat: int | None, table: Mapping[str, Any]) -> bool:
    return seat is not None and table.get("phase") == "draft" and table.get("current") == seat


def _chooser(data: dict[str, Any], owner: int | None, seat: int | None, table: Mapping[str, Any]) -> bool:
    return seat is not None and table.get("current") == seat


def _fortune_teller(data: dict[str, Any], owner: int | None, seat: int | None, table: Mapping[str, Any]) -> bool:
    """Variant, Fortune Teller: the player to act looks at the hand of the fellow player he chose."""
    return (seat is not None and table.get("phase") == "fortune" and table.get("current") == seat
            and data["fortune"] == owner)


CHARACTER = shown_to(R + "draft.secret", _character_seen, owner=False, reveal=_character_open)
PUBLIC = ("discard", "city", "booths", "gold", "face_up", "down_knower", "steps", "first_step", "shown", "silent",
          "paid", "queue", "haunted_round", "draw_left", "draw_seat", "draw_keep", "reshuffled", "crown",
          "round", "heir", "step", "rank", "killed", "robbed", "asked",
          "window", "turn_player", "turn_character", "income_done", "builds_left", "ability_used", "colour_used",
          "lab_used", "smithy_used", "action_used", "keep_left", "exchanging", "turn_over", "grave_card",
          "grave_owner", "cash_owner", "cash_booth", "fortune", "first_eight", "acrobat_round", "final")
# Every field of position(state), from the rulebook. Gold, cities, booths, the open discard pile
# (citadels.deck.discard_pile), the face-up characters, the draft's order and the calling are public.
FIELDS: dict[str, Seen] = {
    **{name: EVERYONE for name in PUBLIC},
    "deck": NOBODY,  # citadels.setup.cards: a face-down stack; its size is seen
    "stack": NOBODY,  # citadels.draft.face_down: the King's shuffled characters, not yet laid out
    "hands.*": shown_to(R + "action.fortune_teller", _fortune_teller, reveal=_over),  # setup.cards, action.score
    "owner.*": CHARACTER,  # indexed by character: where it went; draft.secret, call.reveal, call.silent
    "taken_step.*": CHARACTER,  # when it left the passed cards: as secret as where it went
    "pool": shown_to(R + "draft.secret", _drafter, owner=False),  # the passed cards: their number is seen
    "down.*": shown_to(R + "draft.face_down", _down_seen, owner=False, reveal=_down_open),
    "drawn": shown_to(R + "turn.income", _chooser, owner=False),  # also violet.observatory/library, booth
    "exchange": shown_to(R + "char.wizard_redraw", _chooser, owner=False),
}


# --- the view, from the redacted data ---------------------------------------------------------
def _seen(value: Any) -> bool:
    return not is_hidden(value)


def _where(data: dict[str, Any], r: int) -> str | None:
    owner, cid = data["owner"][r], CHAR_IDS[r]
    if not _seen(owner):
        return None
    if owner is not None:
        return f"p{owner + 1}"
    if cid in data["face_up"]:
        return "face up"
    if cid in data["down"]:
        return "face down"
    pool = data["pool"]
    return "passing" if _seen(pool) and cid in pool else None


def _characters(data: dict[str, Any], phase: str) -> list[dict[str, Any]]:
    rank, killed, robbed = data["rank"], data["killed"], data["robbed"]
    turn = phase not in ("draft", "round_start")
    return [{"rank": r + 1, "id": ch.id, "name": ch.name, "where": _where(data, r),
             "called": rank >= r if rank >= 0 else False, "revealed": data["shown"][r], "silent": data["silent"][r],
             "murdered": killed == ch.id, "robbed": robbed == ch.id, "current": rank == r and turn}
            for r, ch in enumerate(CHARACTERS)]


def _held(data: dict[str, Any], p: int) -> int:
    """How many characters seat ``p`` holds: the draft steps it has made keeping one (Rulebook, Setup)."""
    steps = data["steps"]
    done = len(steps) if data["step"] >= len(steps) else data["step"]
    return sum(1 for s in steps[:done] if s["seat"] == p and not s["bury"])


def _player(data: dict[str, Any], p: int) -> dict[str, Any]:
    hand, city = data["hands"][p], data["city"][p]
    held = sum(1 for o in data["owner"] if o == p) if data["final"] is not None else _held(data, p)
    return {
        "seat": p, "gold": data["gold"][p], "hand": hand if _seen(hand) else None,
        "hand_size": len(hand) if _seen(hand) else hand["count"], "city": list(city),
        "colours": sorted({COLOURS[COLOUR[CARD_INDEX[b]]] for b in city}),
        "booths": list(data["booths"][p]), "crown": data["crown"] == p,
        "characters": [CHAR_IDS[r] for r, o in enumerate(data["owner"]) if o == p],
        "character_count": held,
    }


def _listed(value: Any) -> tuple[list[Any] | None, int]:
    return (list(value), len(value)) if _seen(value) else (None, value["count"])


def show(data: dict[str, Any], player: int | None, st: CitadelsState) -> dict[str, Any]:
    """The view of ``player`` (None: a spectator), built only from the redacted position ``data`` and the
    public phase and seat to act. The teacher's full view is the one where even the deck is shown."""
    phase, over = st.phase, data["final"] is not None
    pool, pool_size = _listed(data["pool"])
    drawn, drawn_size = _listed(data["drawn"])
    exchange, exchange_size = _listed(data["exchange"])
    deck, teacher = data["deck"], _seen(data["deck"])
    out = {
        "game": "citadels", "round": data["round"], "phase": phase, "current_player": None if over else st.current,
        "turn_player": None if data["turn_player"] is None or phase in ("draft", "round_start") else data["turn_player"],
        "crown": data["crown"], "deck": len(deck) if teacher else deck["count"], "discard": list(data["discard"]),
        "characters": _characters(data, phase), "pool": pool, "pool_size": pool_size,
        "face_up": list(data["face_up"]), "face_down": len(data["down"]),
        "drawn": drawn, "drawn_size": drawn_size, "exchange": exchange, "exchange_size": exchange_size,
        "window": data["window"] or None, "first_eight": data["first_eight"],
        "players": [_player(data, p) for p in range(len(data["gold"]))], "final": data["final"],
        "perspective": "teacher" if teacher else player}
    if teacher:
        out["deck_order"] = deck[::-1]
        out["face_down_cards"] = list(data["down"])
    return out


def determinize(st: CitadelsState, player: int | None, rng: Rng) -> CitadelsState:
    """Resample what ``player`` cannot see: the deck order, the others' hands, unseen characters."""
    out = st.clone()
    if st.final is not None:
        return out
    shuffle = rng.shuffler()
    _resample_cards(out, player, shuffle)
    _resample_characters(out, player, shuffle)
    return out

def _resample_cards(st: CitadelsState, player: int | None, shuffle: Shuffle) -> None:
    shown = st.fortune if st.phase == "fortune" and player == st.current else NO_SEAT  # the hand seen, if any
    hands = st.hands
    hidden = [q for q in range(st.num_players) if q != player and q != shown]
    private = player != st.current
    unseen = st.deck  # the copy's own list, dealt from in place
    for q in hidden:
        unseen += hands[q]
    if private:
        unseen += st.drawn
        unseen += st.exchange
    shuffle(unseen)
    at = 0  # the cards dealt back so far, from the front
    for q in hidden:
        k = at + len(hands[q])
        hands[q] = sorted(unseen[at:k])
        at = k
    if private:
        k = at + len(st.drawn)
        st.drawn = sorted(unseen[at:k])
        at = k + len(st.exchange)
        st.exchange = unseen[k:at]
    st.deck = unseen[at:] if at else unseen

def _knows(st: CitadelsState, player: int | None, r: int) -> bool:
    """Does ``player`` know where character ``r`` is? (the FIELDS declaration of "owner.*", on the state)"""
    if st.shown[r] or r in st.face_up or st.final is not None or (st.silent[r] and st.killed != r):
        return True
    if player is None:
        return False
    if st.owner[r] != NO_SEAT:
        return st.owner[r] == player
    if r in st.pool:
        return st.phase == "draft" and st.current == player
    if r in st.down:
        return st.down_knower[st.down.index(r)] == player
    return False


def _resample_characters(st: CitadelsState, player: int | None, shuffle: Shuffle) -> None:
    """Unknown characters change places only with others that were alike in every pool the player held:
    a character he saw passing (and did not keep) was chosen after him, one he never saw before him. One who
    has not yet held the passed cards (a spectator, or the second player before the first pass) saw none
    of them: every unknown character, the first one laid face down too, may be anywhere unknown. With 2
    and 3 players each holds the cards more than once, and each time counts."""
    held: list[int] = []  # the draft steps at which the player held the passed cards
    if player is not None and player >= 0:
        held = [s for s in range(min(st.step + 1, len(st.steps))) if st.steps[s] >> 1 == player]
    groups: dict[int, list[int]] = {}  # by the pools the character was in, as bits in held's order
    taken = st.taken_step
    for r in _unknown(st, player):
        key = 0
        for s in held:
            key = key << 1 | (taken[r] >= s)
        if key in groups:
            groups[key].append(r)
        else:
            groups[key] = [r]
    for ranks in groups.values():
        if len(ranks) < 2:
            continue
        slots = [(_slot(st, r), st.taken_step[r]) for r in ranks]
        for r in ranks:
            st.owner[r] = NO_SEAT
        shuffled = ranks[:]
        shuffle(shuffled)
        for ((where, index), step), r in zip(slots, shuffled):
            if where == "owner":
                st.owner[r] = index
            elif where == "pool":
                st.pool[index] = r
            elif where == "stack":
                st.stack[index] = r
            else:
                st.down[index] = r
            st.taken_step[r] = step
    st.pool.sort()
    st.stack.sort()

def _unknown(st: CitadelsState, player: int | None) -> list[int]:
    """The characters laid out whose place ``player`` does not know (``_knows``, with the state read once for the
    eight: a search resamples them every iteration). One not yet laid out (the deal, or the lay drawn one card
    at a time in explicit chance mode) has no place to trade: the chance nodes still to come lay it."""
    if st.final is not None:
        return []
    owner, shown, silent, killed, face_up, pool, down = st.owner, st.shown, st.silent, st.killed, st.face_up, \
        st.pool, st.down
    drafting = st.phase == "draft" and st.current == player and player is not None
    out = []
    for r in range(8):
        if shown[r] or r in face_up or (silent[r] and killed != r):
            continue
        if owner[r] != NO_SEAT:
            hidden = owner[r] != player
        elif r in pool:
            hidden = not drafting
        elif r in down:
            hidden = player is None or st.down_knower[down.index(r)] != player
        else:
            hidden = r in st.stack
        if hidden:
            out.append(r)
    return out


def _slot(st: CitadelsState, r: int) -> tuple[str, int]:
    if st.owner[r] != NO_SEAT:
        return ("owner", st.owner[r])
    if r in st.pool:
        return ("pool", st.pool.index(r))
    if r in st.stack:
        return ("stack", st.stack.index(r))
    return ("down", st.down.index(r))

def move_visibility(st: CitadelsState, move: Any) -> list[int] | None:
    """citadels.draft.secret / action.window: draft choices and window answers are private; a card drawn is
    its receiver's, a character laid face down nobody's (draws.py)."""
    if st.phase in ("deal", "draw", "lay"):
        return draw_visibility(st, move)
    if st.phase in ("acrobat", "rasputin") and move.kind == "decline":
        return [move.player]  # any seat still to answer may decline, not only the first listed
    if st.phase == "draft":
        return [st.current]
    if st.phase in ("keep", "exchange") or (st.phase == "turn" and move.kind in ("lab", "exchange")):
        return [st.current]
    if st.phase == "fortune":
        return [st.current, st.fortune]
    return None

# --- the end -------------------------------------------------------------------------
