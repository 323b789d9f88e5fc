"""The 20 law cards: when each may be played, the windows in which players may answer, and the effects.

A law window is offered to every player it concerns at once, whether or not they hold a card, so nobody learns
who holds what; they answer in any order (``to_act`` lists those still to answer in the order the turn would
ask them), and declines are private in the log (``move_visibility``). Windows open only while
some asked player holds a law card, which everyone can count. Windows nest: a card played in a window opens
an answer window (Repeal law) on top of it. ``st.window`` holds the stack of frames and where play resumes.
"""
from __future__ import annotations

from typing import Any, Callable

from .data import Node, fmt, parse_node
from .data import BUILDING_INDEX, BUILDINGS, CRAFTS, FIELD_TILES, LAW_INDEX, LAWS, LETTER, RESOURCES
from .moves import PlayLaw
from .state import KState
from .words import law_choice

# Which cards answer which window, and which are played on one's own turn in phase three (docs: "Law timing").
ANY_TIME = ("craft_bargain", "unsafe_fence", "design_change")  # "at any time": every window and one's own turn
WINDOW_CARDS = {
    "p1": ("work_order", "broken_fences", "house_moratorium", "start_order", *ANY_TIME),
    "order": ("cottage_number", "broken_fences", "house_moratorium", *ANY_TIME),
    "p2": ("unexpected_harvest", "double_production", "good_harvest", "poor_harvest", "house_moratorium",
           "start_order", *ANY_TIME),
    "p3": ("house_moratorium", "start_order", *ANY_TIME),
    "purchase": ("price_increase", *ANY_TIME),
    "answer": ("repeal_law", *ANY_TIME),
    "p4": ("start_order", *ANY_TIME),
    "p5": ("start_order", "broken_fences", *ANY_TIME),
}
OWN_TURN_CARDS = ("price_decrease", "upgrade_cottage", "substitution", "craft_bargain", "unsafe_fence",
                  "design_change", "bargain", "sale", "downgrade_house")
TURN_EFFECTS = ("substitution", "bargain", "sale")  # last for the rest of the player's turn
KIND_LETTER = {LETTER[k]: k for k in RESOURCES}
# The same as card numbers, for the legal-move loops (a hand holds card numbers).
WINDOW_CARD_NUMBERS = {kind: frozenset(LAW_INDEX[law] for law in laws) for kind, laws in WINDOW_CARDS.items()}
OWN_TURN_CARD_NUMBERS = frozenset(LAW_INDEX[law] for law in OWN_TURN_CARDS)


def anyone_holds(st: KState, players: list[int]) -> bool:
    hands = st.law_hands
    for q in players:
        if hands[q]:
            return True
    return False


def open_window(st: KState, kind: str, ask: list[int], resume: str, **data: Any) -> bool:
    """Push a window frame if an asked player holds a law card; return whether one opened."""
    if not ask or not anyone_holds(st, ask):
        return False
    if not st.window.get("frames"):
        st.window = {"frames": [], "resume": resume, "current": st.current}
    st.window["frames"].append({"kind": kind, "ask": ask, **data})
    st.current = ask[0]
    if st.events is not None:
        st.note(f"Law window ({WINDOW_WHEN[kind]}): each player asked may play a law card.", {"window": kind})
    return True


# ROUNDS[n][first][skip + 1]: the players from ``first`` round the table, without ``skip`` (-1: nobody)
ROUNDS = {n: [[tuple(q for q in ((first + i) % n for i in range(n)) if q != skip) for skip in range(-1, n)]
              for first in range(n)] for n in range(2, 6)}


def players_from(st: KState, first: int, skip: int | None = None) -> list[int]:
    n = st.num_players
    return list(ROUNDS[n][first % n][0 if skip is None else skip + 1])


WINDOW_WHEN = {
    "p1": "at the start of phase one", "order": "right after a work order number is chosen",
    "p2": "at the start of phase two", "p3": "at the start of phase three",
    "purchase": "when another player tries to buy a building tile", "answer": "right after another law card",
    "p4": "at the start of phase four", "p5": "at the start of phase five",
}
NO_CHOICE = ("work_order", "house_moratorium", "repeal_law", "price_increase", "substitution", "bargain", "sale")


def face_up_tiles(st: KState) -> list[int]:
    """keythedral.law.design_change / law.price_decrease: the tiles on the mat whose cost is shown, which the
    cards may name: the stage's for sale, and with Variation two (keythedral.variant.face_up) every stage's.
    A face-down tile is never named: its id would give it away."""
    return [t for s in range(st.stage, 5) if st.face_up[s] for t in st.rows[s]]


def play_choices(st: KState, p: int, law: str) -> list[str]:
    """Every choice ``p`` may play ``law`` with now (the card's argument in notation; "" for none)."""
    if law in NO_CHOICE:
        return [""]
    if law in ("broken_fences", "start_order"):
        return [str(q + 1) for q in range(st.num_players)]
    if law in ("unexpected_harvest", "good_harvest", "poor_harvest"):
        return [LETTER[k] for k in RESOURCES]
    return CHOICES[law](st, p)


def _cottage_numbers(st: KState, p: int) -> list[str]:
    taken = set(st.chosen)
    return [str(k) for k in range(1, 6) if k not in taken and st.cottage_at[5 * p + k - 1] is not None]


def _upgrades(st: KState, p: int) -> list[str]:
    if moratorium_blocks(st, p):
        return []
    return [str(c - 5 * p + 1) for c in range(5 * p, 5 * p + 5) if not st.houses[c] and st.cottage_at[c] is not None]


def _downgrades(st: KState, p: int) -> list[str]:
    return [fmt(st.cottage_at[c]) for c in range(5 * st.num_players)  # type: ignore[arg-type]
            if st.houses[c] and st.cottage_at[c] is not None]


CHOICES = {
    "design_change": lambda st, p: [BUILDINGS[t].id for t in face_up_tiles(st) if _replacements(st, t)],
    "craft_bargain": lambda st, p: [f"{LETTER[c]}:{LETTER[r]}" for c in CRAFTS if st.store[c]
                                    for r in RESOURCES if st.cubes[p][r]],
    "cottage_number": _cottage_numbers,
    "double_production": lambda st, p: [fmt(f) for f in sorted(f for f, o in st.workers.items() if o == p)],
    "price_decrease": lambda st, p: [BUILDINGS[t].id for t in face_up_tiles(st)
                                     if t not in st.effects.get("down", [])],
    "upgrade_cottage": _upgrades,
    "unsafe_fence": lambda st, p: [f"{fmt(s)}>{fmt(f)}" for s, f in sorted(st.fences)],
    "downgrade_house": _downgrades,
}


def moratorium_blocks(st: KState, p: int) -> bool:
    """keythedral.law.house_moratorium: only its player may build houses this round."""
    holder = st.effects.get("moratorium")
    return holder is not None and holder != p


def _replacements(st: KState, tile: int) -> list[int]:
    stage = BUILDINGS[tile].stage
    return [t for t in st.surplus if BUILDINGS[t].stage == stage]


# --- playing and answering ---------------------------------------------------------------------------

def decline(st: KState, p: int) -> None:
    """keythedral.law.window: ``p``, one of the players still to answer (in any order), plays no card here."""
    frame = st.window["frames"][-1]
    frame["ask"].remove(p)
    _continue(st)


def play(st: KState, p: int, move: PlayLaw) -> None:
    """keythedral.law.once: a played card is discarded; it may be answered before it takes effect."""
    law, choice = move.law, move.choice
    card = LAW_INDEX[law]
    st.law_hands[p].remove(card)
    st.law_used.append(card)
    if st.events is not None:
        said = law_choice(st, p, law, choice)
        st.note(f"{{p{p}}} plays the law card {LAWS[card].title}" + (f" ({said})." if said else "."),
                {"player": p, "law": law, "args": choice})
    frames = st.window.get("frames")  # the player stays first in line: they may play another card or decline
    if law != "repeal_law" and open_window(st, "answer", players_from(st, p + 1, skip=p),
                                           st.window.get("resume", st.phase), law=law, player=p, args=choice,
                                           repealed=False):
        return
    if law == "repeal_law":
        answered = st.window["frames"][-1]
        answered["repealed"] = True
        answered["ask"] = []
        if st.events is not None:
            st.note(f"The {LAWS[LAW_INDEX[answered['law']]].title} just played is repealed: it has no effect.",
                    {"repealed": answered["law"]})
    else:
        resolve(st, p, law, choice)
    if frames:
        _continue(st)


def _continue(st: KState) -> None:
    """Close the frames every player has answered; the first still to answer the top frame is ``current``."""
    frames = st.window["frames"]
    while frames and not frames[-1]["ask"]:
        frame = frames.pop()
        if frame["kind"] == "answer" and not frame["repealed"]:
            resolve(st, frame["player"], frame["law"], frame["args"])
        elif frame["kind"] == "purchase" and not frame.get("cancelled"):
            from .effects import complete_purchase
            if complete_purchase(st, frame["buyer"], frame["move"]):
                st.window["current"] = None  # the purchase was the buyer's action: the turn moves on
            else:
                st.window["current"] = frame["buyer"]
    if frames:
        st.current = frames[-1]["ask"][0]


def _turn_mark(law: str) -> Callable[[int, str], tuple[str, Any]]:
    return lambda p, args: ("turn", law)


# Cards whose whole effect is a mark in ``st.effects`` for the round (or the turn): the key and its value.
MARKS: dict[str, Callable[[int, str], tuple[str, Any]]] = {
    "work_order": lambda p, args: ("work_order", p),
    "broken_fences": lambda p, args: ("broken_fences", int(args) - 1),
    "unexpected_harvest": lambda p, args: ("unexpected", [p, KIND_LETTER[args]]),
    "double_production": lambda p, args: ("double", args),
    "good_harvest": lambda p, args: ("good", KIND_LETTER[args]),
    "poor_harvest": lambda p, args: ("poor", KIND_LETTER[args]),
    "house_moratorium": lambda p, args: ("moratorium", p),
    **{law: _turn_mark(law) for law in TURN_EFFECTS},
}


def resolve(st: KState, p: int, law: str, args: str) -> None:
    """Apply the effect of a played (and unrepealed) law card."""
    if law in MARKS:
        key, value = MARKS[law](p, args)
        st.effects[key] = value
    elif _in_purchase(st) and (law == "price_increase"
                               or (law == "design_change" and st.window["frames"][-1]["tile"] == args)):
        _stop_purchase(st, law, args)
    elif law in ACTS:
        ACTS[law](st, p, args)


def _design_change(st: KState, p: int, args: str) -> None:
    if BUILDING_INDEX[args] in face_up_tiles(st):  # a purchase in an answer window may have taken it
        design_change(st, BUILDING_INDEX[args])


def _renumber(st: KState, p: int, args: str) -> None:
    st.effects.setdefault("renumbered", {})[5 * p + int(args) - 1] = st.order_k


def _craft_bargain(st: KState, p: int, args: str) -> None:
    from .effects import craft_bargain
    craft_bargain(st, p, args)


def _upgrade(st: KState, p: int, args: str) -> None:
    from .effects import build_house
    build_house(st, p, int(args), free=True)


def _unsafe_fence(st: KState, p: int, args: str) -> None:
    from .effects import remove_fence
    site, field = (parse_node(x) for x in args.split(">"))
    remove_fence(st, p, site, field, paid=False)  # type: ignore[arg-type]


def _downgrade(st: KState, p: int, args: str) -> None:
    c = st.sites[parse_node(args)]  # type: ignore[index]
    st.houses[c] = False
    if st.events is not None:
        st.note(f"{{p{c // 5}}}'s house {c % 5 + 1} becomes a cottage again.", {"player": c // 5})


# Cards that act on the board, the cubes or the start marker (price_increase acts only on a purchase).
ACTS: dict[str, Callable[[KState, int, str], None]] = {
    "start_order": lambda st, p, args: _new_start(st, int(args) - 1),
    "cottage_number": _renumber,
    "design_change": _design_change,
    "craft_bargain": _craft_bargain,
    "price_decrease": lambda st, p, args: st.effects.setdefault("down", []).append(BUILDING_INDEX[args]),
    "upgrade_cottage": _upgrade,
    "unsafe_fence": _unsafe_fence,
    "downgrade_house": _downgrade,
}


def _in_purchase(st: KState) -> bool:
    frames = st.window.get("frames") or []
    return bool(frames) and frames[-1]["kind"] == "purchase"


def _stop_purchase(st: KState, law: str, args: str) -> None:
    """keythedral.law.price_increase / law.design_change: the purchase stops; the buyer may act again."""
    frame = st.window["frames"][-1]
    tile = BUILDING_INDEX[frame["tile"]]
    frame["cancelled"] = True
    frame["ask"] = []
    if law == "price_increase":
        st.effects.setdefault("up", []).append(tile)
    else:
        design_change(st, tile)
    st.window["current"] = frame["buyer"]
    if st.events is not None:
        st.note(f"{{p{frame['buyer']}}}'s purchase of {frame['tile']} is stopped; they may choose another action.",
                {"player": frame["buyer"], "tile": frame["tile"]})


def design_change(st: KState, tile: int) -> None:
    """keythedral.law.design_change: a random unused tile of the same stage takes its place, drawn in a chance
    phase (draws.replace_tile) as soon as the move that resolved the card is done; nothing reads the mat
    between."""
    st.effects["design"] = tile


def _new_start(st: KState, q: int) -> None:
    """keythedral.law.start_order: the new start player leads from this phase on."""
    st.start = q
    bottom = st.window["frames"][0]["kind"] if st.window.get("frames") else ""
    if bottom in ("p1", "p3"):
        st.window["current"] = q
    if st.events is not None:
        st.note(f"{{p{q}}} becomes the start player.", {"start": q})


def clear_round_effects(st: KState) -> None:
    for key in ("work_order", "broken_fences", "renumbered", "unexpected", "double", "good", "poor", "moratorium",
                "turn"):
        st.effects.pop(key, None)


def harvest_yield(st: KState, p: int, field: Node) -> tuple[int, int]:
    """(cube kind, how many) a worker of ``p`` in ``field`` harvests after the harvest cards; kind -1: chosen."""
    fx = st.effects
    kind = FIELD_TILES[st.fields[field]].kind
    if fx.get("poor") == kind:
        return kind, 0
    count = 1
    if fx.get("good") == kind:
        count *= 2
    if fx.get("double") == fmt(field):
        count *= 2
    unexpected = fx.get("unexpected")
    if unexpected is not None and unexpected[0] == p and unexpected[1] == kind:
        return -1, count
    return kind, count
