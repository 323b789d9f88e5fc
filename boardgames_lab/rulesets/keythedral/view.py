"""What each player may see, the teacher's full view, hidden-information sampling, and who may read each move."""
from __future__ import annotations

from typing import Any

from ...core.rng import Rng, Shuffle
from ...core.visibility import EVERYONE, NOBODY, OWNER, Seen, is_hidden, revealed
from .data import BUILDING_INDEX, BUILDINGS, FIELD_COLOUR, FIELD_TILES, LETTER, STAGE_POINTS
from .position import position
from .moves import Move
from .state import KState


FINAL = "keythedral.score.total"


def _over(data: dict[str, Any], owner: int | None) -> bool:
    """keythedral.score.total: the screens are opened for the final scoring."""
    return data["final"] is not None


# keythedral.secret.screens / secret.laws / secret.field_stack, setup.buildings, setup.law_spaces: who sees what.
FIELDS: dict[str, Seen] = {
    **{key: EVERYONE for key in (
        "start", "round", "fields", "sites", "houses", "fences", "fences_left", "store", "shops", "stage", "face_up",
        "laid", "order_k", "chosen", "queue", "to_place", "placing", "workers", "out", "passes", "actor",
        "relocating", "auction", "stay", "law_used", "effects", "window", "final")},
    "cubes.*": revealed(FINAL, _over),
    "seats.*": revealed(FINAL, _over),
    "law_hands.*": revealed(FINAL, _over),
    "drawn.*": OWNER,
    "field_stack": NOBODY,
    "surplus": NOBODY,
    "law_deck": NOBODY,
    "rows.*": revealed("keythedral.buy.next_stage", lambda data, stage: data["face_up"][stage], owner=False),
    "law_spaces.*": revealed("keythedral.law.procure", lambda data, i: data["law_spaces"][i] is None, owner=False),
}


def _tile(tile_id: str) -> dict[str, Any]:
    b = BUILDINGS[BUILDING_INDEX[tile_id]]
    return {"id": b.id, "stage": b.stage + 1, "points": STAGE_POINTS[b.stage],
            "cost": "".join(LETTER[k] * c for k, c in enumerate(b.cost))}


def _count(value: Any) -> int:
    return value["count"] if is_hidden(value) else len(value)


def show(data: dict[str, Any], player: int | None, st: KState) -> dict[str, Any]:
    """The view from redacted position data; ``st`` gives only the phase and the seat to act."""
    over = data["final"] is not None
    a = data["auction"]
    # A player sees the tile they drew; the teacher's unredacted data shows whoever holds one.
    held = [t for t in data["drawn"] if t is not None and not is_hidden(t)]
    drawn = data["drawn"][player] if player is not None else (held[0] if held else None)
    out = {
        "game": "keythedral", "round": data["round"], "phase": st.phase,
        "current_player": None if over else st.current, "start_player": data["start"],
        "fields": [{"at": at, "kind": FIELD_COLOUR[FIELD_TILES[t].kind], "number": FIELD_TILES[t].number,
                    "worker": data["workers"].get(at)} for at, t in data["fields"].items()],
        "sites": [_site(data, at, c) for at, c in data["sites"].items()],
        "fences": [dict(f) for f in data["fences"]],
        "field_stack": _count(data["field_stack"]),
        "next_field": None if drawn is None or is_hidden(drawn) else FIELD_COLOUR[FIELD_TILES[drawn].kind],
        "work_order": list(data["chosen"]), "stage": min(data["stage"], 4) + 1,
        "mat": [{"stage": s + 1, "points": STAGE_POINTS[s], "face_up": data["face_up"][s],
                 "tiles": None if is_hidden(row) or not data["face_up"][s] else [_tile(t) for t in row], "count": _count(row)}
                for s, row in enumerate(data["rows"])],
        "store": dict(zip(LETTER, data["store"])), "shops": dict(zip("IGA", data["shops"])),
        "law_spaces": [c is not None for c in data["law_spaces"]], "law_stack": _count(data["law_deck"]),
        "laws_played": list(data["law_used"]), "effects": dict(data["effects"]),
        "passes_in_succession": data["passes"],
        "auction": {k: a[k] for k in ("b", "high", "high_bidder", "owe", "payer", "payee") if k in a} if a else None,
        "players": [_player(data, p) for p in range(st.num_players)],
        "final": data["final"], "perspective": player,
    }
    return out


def _site(data: dict[str, Any], at: str, c: Any) -> dict[str, Any]:
    if c == "keythedral":
        return {"at": at, "keythedral": True, "owner": None, "number": None, "house": False}
    owner, number = c
    return {"at": at, "keythedral": False, "owner": owner, "number": number,
            "house": data["houses"][owner][number - 1]}


def _player(data: dict[str, Any], p: int) -> dict[str, Any]:
    """keythedral.secret.screens: what lies behind a screen is its owner's; how much is public."""
    cubes, seats, laws = data["cubes"][p], data["seats"][p], data["law_hands"][p]
    return {
        "seat": p,
        "cubes": None if is_hidden(cubes) else {c: cubes.count(c) for c in LETTER},
        "cube_count": _count(cubes),
        "seats": None if is_hidden(seats) else [_tile(t) for t in seats],
        "seat_count": _count(seats),
        "fences_left": data["fences_left"][p],
        "laws": None if is_hidden(laws) else list(laws),
        "law_count": _count(laws),
        "out_of_actions": data["out"][p],
    }


def full_view(st: KState) -> dict[str, Any]:
    """The teacher's view: everything, the face-down tiles and the order of the stacks too."""
    data = position(st)
    out = show(data, None, st)
    out["perspective"] = "teacher"
    out["hidden_tiles"] = [[_tile(t) for t in row] for row in data["rows"]]
    out["law_order"] = list(reversed(data["law_deck"]))
    out["law_space_cards"] = list(data["law_spaces"])
    out["field_order"] = [FIELD_COLOUR[FIELD_TILES[t].kind] for t in reversed(data["field_stack"])]
    return out


def _resample_screens(st: KState, hidden: list[int], shuffle: Shuffle) -> None:
    """keythedral.secret.screens: deal the hidden players' cubes and seats again, each keeping how many."""
    if len(hidden) < 2:
        return
    cubes = [k for q in hidden for k in range(8) for _ in range(st.cubes[q][k])]
    shuffle(cubes)
    tiles = [t for q in hidden for t in st.seats[q]]
    shuffle(tiles)
    for q in hidden:
        count = sum(st.cubes[q])
        mine, cubes = cubes[:count], cubes[count:]
        st.cubes[q] = [0] * 8
        for k in mine:
            st.cubes[q][k] += 1
        k = len(st.seats[q])
        st.seats[q], tiles = tiles[:k], tiles[k:]


def determinize(st: KState, player: int | None, rng: Rng) -> KState:
    """Resample what ``player`` cannot see: face-down and unused building tiles, law cards, the field stack
    (but the top tile its layer has drawn), and what lies behind the other players' screens."""
    out = st.clone()
    shuffle = rng.shuffler()
    for stage in range(5):
        hidden_rows = not out.face_up[stage]
        pool = [t for t in out.surplus if BUILDINGS[t].stage == stage]
        if hidden_rows:
            pool += out.rows[stage]
        shuffle(pool)
        if hidden_rows:
            k = len(out.rows[stage])
            out.rows[stage], pool = sorted(pool[:k]), pool[k:]
        out.surplus = sorted([t for t in out.surplus if BUILDINGS[t].stage != stage] + pool)
    if out.final is None:
        hands = [q for q in range(st.num_players) if q != player]
        pool = out.law_deck + [c for c in out.law_spaces if c >= 0] + [c for q in hands for c in out.law_hands[q]]
        shuffle(pool)
        out.law_deck, pool = pool[:len(out.law_deck)], pool[len(out.law_deck):]
        for i, c in enumerate(out.law_spaces):
            if c >= 0:
                out.law_spaces[i] = pool.pop()
        for q in hands:
            k = len(out.law_hands[q])
            out.law_hands[q], pool = sorted(pool[:k]), pool[k:]
    stack = out.field_stack
    shown = 1 if stack and player is not None and player == st.current and st.field_taken else 0
    rest = stack[:len(stack) - shown]
    shuffle(rest)
    out.field_stack = rest + stack[len(stack) - shown:]
    if out.final is None:
        _resample_screens(out, [q for q in range(st.num_players) if q != player], shuffle)
    return out


def move_visibility(st: KState, move: Move) -> list[int] | None:
    """keythedral.law.window: declining a law window is private, so nobody learns who holds nothing.
    keythedral.secret.screens: a bid's cubes go from screen to screen, seen by payer and payee only.
    keythedral.secret.field_stack: the top field tile is seen by its taker; setup.law_spaces: a law card laid
    face down by nobody."""
    kind = move.kind
    if kind == "decline":
        return [move.player]
    if kind == "give":
        return [st.current, st.auction["payee"]]
    if kind == "draw":
        return [st.current]
    if kind == "deal":
        return []
    return None
