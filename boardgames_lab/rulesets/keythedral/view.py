"""What each player may see, the teacher's full view, hidden-information sampling, and the conservation laws."""
from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from .data import fmt
from .data import (BUILDINGS, CRAFT_STOCK, FIELD_COLOUR, FIELD_TILES, LAWS, LETTER, STAGE_POINTS, STORE_START)
from .state import KEYTHEDRAL, KState


def _tile(t: int) -> dict[str, Any]:
    b = BUILDINGS[t]
    return {"id": b.id, "stage": b.stage + 1, "points": STAGE_POINTS[b.stage],
            "cost": "".join(LETTER[k] * c for k, c in enumerate(b.cost))}


def _cubes(counts: list[int]) -> dict[str, int]:
    return {LETTER[k]: c for k, c in enumerate(counts)}


def _table(st: KState, secrets_of: set[int]) -> dict[str, Any]:
    over = st.final is not None
    n = st.num_players
    a = st.auction
    return {
        "game": "keythedral",
        "round": st.round,
        "phase": st.phase,
        "current_player": None if over else st.current,
        "start_player": st.start,
        "fields": [{"at": fmt(node), "kind": FIELD_COLOUR[FIELD_TILES[t].kind], "number": FIELD_TILES[t].number,
                    "worker": st.workers.get(node)} for node, t in sorted(st.fields.items())],
        "sites": [{"at": fmt(node), "keythedral": c == KEYTHEDRAL, "owner": None if c == KEYTHEDRAL else c // 5,
                   "number": None if c == KEYTHEDRAL else c % 5 + 1,
                   "house": c != KEYTHEDRAL and st.houses[c]} for node, c in sorted(st.sites.items())],
        "fences": [{"site": fmt(s), "field": fmt(f), "owner": o} for (s, f), o in sorted(st.fences.items())],
        "field_stack": len(st.field_stack),
        "next_field": (FIELD_COLOUR[FIELD_TILES[st.field_stack[-1]].kind]
                       if st.current in secrets_of and field_drawn(st) else None),
        "work_order": list(st.chosen),
        "stage": min(st.stage, 4) + 1,
        "mat": [{"stage": s + 1, "points": STAGE_POINTS[s], "face_up": st.face_up[s],
                 "tiles": [_tile(t) for t in row] if st.face_up[s] else None, "count": len(row)}
                for s, row in enumerate(st.rows)],
        "store": _cubes(st.store),
        "shops": {"I": st.shops[0], "G": st.shops[1], "A": st.shops[2]},
        "law_spaces": [c >= 0 for c in st.law_spaces],
        "law_stack": len(st.law_deck),
        "laws_played": [LAWS[c].id for c in st.law_used],
        "effects": {k: v for k, v in st.effects.items()},
        "passes_in_succession": st.passes,
        "auction": {k: a[k] for k in ("b", "high", "high_bidder", "owe", "payer", "payee") if k in a} if a else None,
        "players": [_player(st, p, over or p in secrets_of) for p in range(n)],
        "final": st.final,
    }


def field_drawn(st: KState) -> bool:
    """keythedral.secret.field_stack: in set-up the player whose field step it is has drawn the top tile."""
    if st.phase != "lay_tiles" or not st.field_stack:
        return False
    from .checks import setup_step_is_field
    return setup_step_is_field(st)


def _player(st: KState, p: int, open_screen: bool) -> dict[str, Any]:
    """keythedral.secret.screens: what lies behind a screen is its owner's; how much is public."""
    cubes = st.cubes[p]
    return {
        "seat": p,
        "cubes": _cubes(cubes) if open_screen else None,
        "cube_count": sum(cubes),
        "seats": [_tile(t) for t in st.seats[p]] if open_screen else None,
        "seat_count": len(st.seats[p]),
        "fences_left": st.fences_left[p],
        "laws": [LAWS[c].id for c in st.law_hands[p]] if open_screen else None,
        "law_count": len(st.law_hands[p]),
        "out_of_actions": st.out[p],
    }


def _resample_screens(st: KState, hidden: list[int], rng: Rng) -> None:
    """keythedral.secret.screens: deal the hidden players' cubes and seats again, each keeping how many."""
    if len(hidden) < 2:
        return
    cubes = [k for q in hidden for k in range(8) for _ in range(st.cubes[q][k])]
    rng.shuffle(cubes)
    tiles = [t for q in hidden for t in st.seats[q]]
    rng.shuffle(tiles)
    for q in hidden:
        count = sum(st.cubes[q])
        mine, cubes = cubes[:count], cubes[count:]
        st.cubes[q] = [0] * 8
        for k in mine:
            st.cubes[q][k] += 1
        k = len(st.seats[q])
        st.seats[q], tiles = tiles[:k], tiles[k:]


def view(st: KState, player: int | None) -> dict[str, Any]:
    """keythedral.secret.screens / secret.laws / secret.field_stack: a screen's contents are shown to their
    owner only (to all once the game is over); face-down tiles and the field stack to nobody."""
    data = _table(st, {player} if player is not None else set())
    data["perspective"] = player
    return data

def full_view(st: KState) -> dict[str, Any]:
    data = _table(st, set(range(st.num_players)))
    data["perspective"] = "teacher"
    data["hidden_tiles"] = [[_tile(t) for t in row] for row in st.rows]
    data["law_order"] = [LAWS[c].id for c in reversed(st.law_deck)]
    data["law_space_cards"] = [LAWS[c].id if c >= 0 else None for c in st.law_spaces]
    data["field_order"] = [FIELD_COLOUR[FIELD_TILES[t].kind] for t in reversed(st.field_stack)]
    return data

def determinize(st: KState, player: int | None, rng: Rng) -> KState:
    """Resample what ``player`` cannot see: face-down and unused building tiles, law cards, the field stack
    (but the top tile its layer has drawn), and what lies behind the other players' screens."""
    out = st.clone()
    for stage in range(5):
        hidden_rows = not out.face_up[stage]
        pool = [t for t in out.surplus if BUILDINGS[t].stage == stage]
        if hidden_rows:
            pool += out.rows[stage]
        rng.shuffle(pool)
        if hidden_rows:
            k = len(out.rows[stage])
            out.rows[stage], pool = sorted(pool[:k]), pool[k:]
        out.surplus = sorted([t for t in out.surplus if BUILDINGS[t].stage != stage] + pool)
    if out.final is None:
        hands = [q for q in range(st.num_players) if q != player]
        pool = out.law_deck + [c for c in out.law_spaces if c >= 0] + [c for q in hands for c in out.law_hands[q]]
        rng.shuffle(pool)
        out.law_deck, pool = pool[:len(out.law_deck)], pool[len(out.law_deck):]
        for i, c in enumerate(out.law_spaces):
            if c >= 0:
                out.law_spaces[i] = pool.pop()
        for q in hands:
            k = len(out.law_hands[q])
            out.law_hands[q], pool = sorted(pool[:k]), pool[k:]
    stack = out.field_stack
    shown = 1 if stack and player is not None and player == st.current and field_drawn(st) else 0
    rest = stack[:len(stack) - shown]
    rng.shuffle(rest)
    out.field_stack = rest + stack[len(stack) - shown:]
    if out.final is None:
        _resample_screens(out, [q for q in range(st.num_players) if q != player], rng)
    return out

def invariants(st: KState) -> list[str]:
    broken = []
    n = st.num_players
    for k in range(8):
        held = sum(st.cubes[p][k] for p in range(n)) + st.store[k]
        total = STORE_START[k] if k < 5 else CRAFT_STOCK
        if k >= 5:
            held += st.shops[k - 5]
        if held != total:
            broken.append(f"{LETTER[k]} cubes: {held} in play, the game has {total}")
        if any(st.cubes[p][k] < 0 for p in range(n)) or st.store[k] < 0:
            broken.append(f"negative {LETTER[k]} count")
    tiles = sorted(st.surplus + [t for r in st.rows for t in r] + [t for s in st.seats for t in s])
    if tiles != list(range(len(BUILDINGS))):
        broken.append("building tiles lost or duplicated")
    laws = sorted(st.law_deck + [c for c in st.law_spaces if c >= 0] + [c for h in st.law_hands for c in h]
                  + st.law_used)
    if laws != list(range(len(LAWS))):
        broken.append("law cards lost or duplicated")
    for p in range(n):
        if st.fences_left[p] + sum(1 for o in st.fences.values() if o == p) > 3:
            broken.append(f"player {p} has more than three fences")
    for c, node in enumerate(st.cottage_at):
        if node is not None and st.sites.get(node) != c:
            broken.append(f"cottage {c} is not where the board says")
    if len(set(st.workers)) != len(st.workers) or any(f not in st.fields for f in st.workers):
        broken.append("a worker outside a laid field")
    return broken
