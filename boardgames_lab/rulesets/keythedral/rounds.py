"""Phases one, two, four and five: work order and workers, the harvest, clearing up, the start-player auction."""
from __future__ import annotations

from .board import SITE_FIELDS, Node, fmt
from .data import CUBE_NAME, FIELD_TILES, LETTER
from .laws import harvest_yield
from .moves import PlaceWorker
from .state import KState


def placing_queue(st: KState, chooser: int) -> list[int]:
    """keythedral.order.place_in_turn / law.cottage_number: the cottages that act for the number just chosen."""
    n = st.num_players
    number = st.chosen[st.order_k]
    renumbered = st.effects.get("renumbered")
    if not renumbered:  # the usual round: each player's cottage of that number, from the chooser on
        return [(chooser + i) % n * 5 + number - 1 for i in range(n)]
    queue = []
    for i in range(n):
        p = (chooser + i) % n
        own = p * 5 + number - 1
        if own not in renumbered:  # a renumbered cottage acted already, under its borrowed number
            queue.append(own)
        queue.extend(c for c, k in sorted(renumbered.items()) if k == st.order_k and c // 5 == p)
    return queue


def open_fields(st: KState, cottage: int) -> list[Node]:
    """keythedral.worker.adjacent / worker.closed / law.broken_fences: the laid, unoccupied fields next to the
    cottage that no fence closes to it."""
    site = st.cottage_at[cottage]
    if site is None:
        return []
    fields, workers, fences = st.fields, st.workers, st.fences
    climbs = not fences or st.effects.get("broken_fences") == cottage // 5
    out = []
    for f in SITE_FIELDS[site]:  # a plain loop: cheaper than a comprehension over four places
        if f in fields and f not in workers and (climbs or (site, f) not in fences):
            out.append(f)
    return out


def next_placer(st: KState) -> None:
    """Move to the next cottage in the queue that can send a worker (keythedral.worker.idle)."""
    queue = st.queue
    while queue:
        cottage = queue.pop(0)
        if open_fields(st, cottage):
            st.current = cottage // 5
            st.placing = cottage
            st.to_place = 2 if st.houses[cottage] else 1
            return
        if st.events is not None:
            st.note(f"{{p{cottage // 5}}}'s workers from number {cottage % 5 + 1} stay idle: no open field.",
                    {"player": cottage // 5, "idle": cottage % 5 + 1})
    st.placing = -1
    st.to_place = 0


def place_worker(st: KState, move: PlaceWorker) -> None:
    """A worker of the placing cottage enters ``move.field`` (called with the move: it runs after every worker)."""
    field, p = move.field, move.player
    st.workers[field] = p
    st.to_place -= 1
    if st.events is not None:
        st.note(f"{{p{p}}} sends a worker from number {st.placing % 5 + 1} into field {fmt(field)}.",
                {"player": p, "field": list(field)})
    if st.to_place == 0 or not open_fields(st, st.placing):
        next_placer(st)


def harvest(st: KState) -> None:
    """keythedral.harvest.collect / harvest.store_empty, from the start player round the table."""
    n = st.num_players
    store = st.store
    fx = any(k in st.effects for k in ("good", "poor", "double", "unexpected"))
    for i in range(n):
        p = (st.start + i) % n
        for field in sorted(f for f, owner in st.workers.items() if owner == p):
            if fx:
                kind, count = harvest_yield(st, p, field)
            else:  # no harvest card this round: one cube of the field's colour
                kind, count = FIELD_TILES[st.fields[field]].kind, 1
            if kind < 0:  # keythedral.law.unexpected_harvest: colours chosen after the harvest
                st.effects["choose"] = [p, st.effects.get("choose", [p, 0])[1] + count]
                continue
            got = min(count, store[kind])
            store[kind] -= got
            st.cubes[p][kind] += got
            if st.events is not None:
                st.note(f"{{p{p}}} harvests {got} {CUBE_NAME[kind]} from field {fmt(field)}." if got else
                        f"No {CUBE_NAME[kind]} for {{p{p}}} from field {fmt(field)}: the harvest fails.",
                        {"player": p, "field": list(field), "cube": LETTER[kind], "count": got})
    if "choose" in st.effects:
        if any(store[r] for r in range(5)):
            st.current = st.effects["choose"][0]
        else:
            del st.effects["choose"]


def take_chosen(st: KState, p: int, letter: str) -> None:
    """keythedral.law.unexpected_harvest: one cube of the chosen colour from the store."""
    k = LETTER.index(letter)
    st.store[k] -= 1
    st.cubes[p][k] += 1
    left = st.effects["choose"][1] - 1
    if left and any(st.store[r] for r in range(5)):
        st.effects["choose"] = [p, left]
    else:
        del st.effects["choose"]
    if st.events is not None:
        st.note(f"{{p{p}}} takes {CUBE_NAME[k]} (unexpected harvest).", {"player": p, "cube": letter})


def bid_range(st: KState, p: int) -> range:
    """keythedral.auction.bid_once / auction.b_matches: the bids ``p`` may make now (0 is no bid)."""
    a = st.auction
    total = sum(st.cubes[p])
    if p == a["b"]:
        high = a["high"]
        return range(high, high + 1) if 0 < high <= total else range(0)
    return range(a["high"] + 1, total + 1)
