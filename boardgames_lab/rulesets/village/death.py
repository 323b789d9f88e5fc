"""Deaths: who may die, where the body goes, and the end of the game it can trigger."""
from __future__ import annotations

from .data import CATEGORIES, CATEGORY_OF, CHRONICLE0, GENERATIONS, GRAVE, PLACE_NAMES, REMOVED
from .info import chronicle_spaces, grave_count
from .state import VillageState
from .words import place as place_words


def death_options(places: list[int]) -> list[tuple[int, int]]:
    """village.death.oldest: (place, generation) of the lowest-generation visible villagers, each pair once."""
    best = 99
    found: list[tuple[int, int]] = []
    for i, place in enumerate(places):
        if CATEGORY_OF[place] < 0:
            continue
        g = GENERATIONS[i]
        if g < best:
            best = g
            found = [(place, g)]
        elif g == best and (place, g) not in found:
            found.append((place, g))
    found.sort()
    return found


def resolve_forced(st: VillageState) -> None:
    """Deaths with no choice happen at once; stop at the first real choice."""
    p = st.current
    while st.deaths:
        options = death_options(st.places[p])
        if len(options) > 1:
            return
        if not options:  # nobody visible can die (all in the bag or unborn)
            st.deaths = 0
            return
        die(st, p, *options[0])


def die(st: VillageState, p: int, place: int, gen: int) -> None:
    """village.death.chronicle / end.trigger"""
    places = st.places[p]
    i = next(k for k, where in enumerate(places) if where == place and GENERATIONS[k] == gen)
    cat = CATEGORY_OF[place]
    n = st.num_players
    spaces = chronicle_spaces(st.options, n)
    graves = grave_count(st.options, n)
    filled_last = False
    if st.chronicle[cat] < spaces:
        st.chronicle[cat] += 1
        places[i] = CHRONICLE0 + cat
        filled_last = sum(st.chronicle) == spaces * len(CATEGORIES)
        where = f"the chronicle ({CATEGORIES[cat]})"
    elif st.graves < graves:
        st.graves += 1
        places[i] = GRAVE
        filled_last = st.graves == graves
        where = "an anonymous grave"
    else:
        places[i] = REMOVED
        where = "out of the game (no room left)"
    st.deaths -= 1
    if st.events is not None:
        st.note(f"{{p{p}}}'s generation-{gen} villager dies at {place_words(PLACE_NAMES[place])} and goes to {where}.",
                {"player": p, "generation": gen, "from": PLACE_NAMES[place], "to": PLACE_NAMES[places[i]]})
    if filled_last and st.end_by < 0:
        st.end_by = p
        st.end_opener = st.opener
        if st.events is not None:
            st.note(f"{{p{p}}} filled the last space: the game ends after the last actions.", {"end_by": p})
