"""Phases one and two: the cottages that send workers for a number, in turn, and the harvest they bring."""
from __future__ import annotations

from .checks import open_fields
from .data import CUBE_NAME, FIELD_TILES, LETTER, Node
from .laws import harvest_yield
from .state import KState
from .words import field as field_words


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


def next_placer(st: KState) -> None:
    """Move to the next cottage in the queue that can send a worker (keythedral.worker.idle)."""
    queue = st.queue
    while queue:
        cottage = queue.pop(0)
        fields = open_fields(st, cottage)
        if fields:
            st.current = cottage // 5
            st.placing = cottage
            st.placing_fields = fields
            st.to_place = 2 if st.houses[cottage] else 1
            return
        if st.events is not None:
            st.note(f"{{p{cottage // 5}}}'s workers from number {cottage % 5 + 1} stay idle: no open field.",
                    {"player": cottage // 5, "idle": cottage % 5 + 1})
    st.placing = -1
    st.placing_fields = None
    st.to_place = 0


def harvest(st: KState) -> None:
    """keythedral.harvest.collect / harvest.store_empty, from the start player round the table."""
    n = st.num_players
    store, effects = st.store, st.effects
    fx = "good" in effects or "poor" in effects or "double" in effects or "unexpected" in effects
    sent: list[list[Node]] = [[] for _ in range(n)]  # each player's fields, in one pass over the workers
    for f, owner in st.workers.items():
        sent[owner].append(f)
    for i in range(n):
        p = (st.start + i) % n
        fields = sent[p]
        fields.sort()
        for field in fields:
            if fx:
                kind, count = harvest_yield(st, p, field)
            else:  # no harvest card this round: one cube of the field's colour
                kind, count = FIELD_TILES[st.fields[field]].kind, 1
            if kind < 0:  # keythedral.law.unexpected_harvest: colours chosen after the harvest
                st.effects["choose"] = [p, st.effects.get("choose", [p, 0])[1] + count]
                continue
            have = store[kind]
            got = count if count < have else have
            store[kind] = have - got
            st.cubes[p][kind] += got
            if st.events is not None:
                st.note(f"{{p{p}}} harvests {got} {CUBE_NAME[kind]} from {field_words(st, field)}." if got else
                        f"No {CUBE_NAME[kind]} for {{p{p}}} from {field_words(st, field)}: the harvest fails.",
                        {"player": p, "field": list(field), "cube": LETTER[kind], "count": got})
    if "choose" in st.effects:
        if any(store[r] for r in range(5)):
            st.current = st.effects["choose"][0]
        else:
            del st.effects["choose"]
