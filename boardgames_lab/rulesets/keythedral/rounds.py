"""Phases one, two, four and five: work order and workers, the harvest, clearing up, the start-player auction."""
from __future__ import annotations

from .board import SITE_FIELDS, Node, fmt
from .data import CUBE_NAME, FIELD_TILES, LETTER
from .state import KState


def open_fields(st: KState, cottage: int) -> list[Node]:
    """keythedral.worker.adjacent / worker.closed: laid, unoccupied fields the cottage reaches past the fences."""
    site = st.cottage_at[cottage]
    if site is None:
        return []
    fields, workers, fences = st.fields, st.workers, st.fences
    climbs = st.effects.get("broken_fences") == cottage // 5
    return [f for f in SITE_FIELDS[site] if f in fields and f not in workers and (climbs or (site, f) not in fences)]


def placing_cottage(st: KState, player: int) -> int:
    """The cottage of ``player`` whose workers go out for the number just chosen."""
    return player * 5 + st.chosen[st.order_k] - 1


def next_placer(st: KState) -> None:
    """Move to the next player in the queue whose cottage or house can send a worker (keythedral.worker.idle)."""
    while st.queue:
        p = st.queue.pop(0)
        cottage = placing_cottage(st, p)
        if open_fields(st, cottage):
            st.current = p
            st.to_place = 2 if st.houses[cottage] else 1
            return
        if st.events is not None:
            st.note(f"{{p{p}}}'s workers from number {st.chosen[st.order_k]} stay idle: no open field.",
                    {"player": p, "idle": st.chosen[st.order_k]})
    st.to_place = 0


def place_worker(st: KState, field: Node) -> None:
    p = st.current
    st.workers[field] = p
    st.to_place -= 1
    if st.events is not None:
        st.note(f"{{p{p}}} sends a worker from number {st.chosen[st.order_k]} into field {fmt(field)}.",
                {"player": p, "field": list(field)})
    if st.to_place == 0 or not open_fields(st, placing_cottage(st, p)):
        next_placer(st)


def harvest(st: KState) -> None:
    """keythedral.harvest.collect / harvest.store_empty, from the start player round the table."""
    n = st.num_players
    store = st.store
    for i in range(n):
        p = (st.start + i) % n
        for field in sorted(f for f, owner in st.workers.items() if owner == p):
            kind = FIELD_TILES[st.fields[field]].kind
            if store[kind]:
                store[kind] -= 1
                st.cubes[p][kind] += 1
                got = True
            else:
                got = False
            if st.events is not None:
                st.note(f"{{p{p}}} harvests {CUBE_NAME[kind]} from field {fmt(field)}." if got else
                        f"The store has no {CUBE_NAME[kind]} left: {{p{p}}}'s harvest at {fmt(field)} fails.",
                        {"player": p, "field": list(field), "cube": LETTER[kind], "failed": not got})


def bid_range(st: KState, p: int) -> range:
    """keythedral.auction.bid_once / auction.b_matches: the bids ``p`` may make now (0 is no bid)."""
    a = st.auction
    total = sum(st.cubes[p])
    if p == a["b"]:
        high = a["high"]
        return range(high, high + 1) if 0 < high <= total else range(0)
    return range(a["high"] + 1, total + 1)
