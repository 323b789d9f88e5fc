"""The end of the game (rulebook, End of Game; variant: action cards): the final score and the winners."""
from __future__ import annotations

from .data import (CITY_GOAL, COLOUR, FIRST_EIGHT_BONUS, FIVE_COLOUR_BONUS, HAUNTED_CITY, IS_ACTION, NONE,
                   OTHER_EIGHT_BONUS, POINTS, TICKET_BOOTH, VIOLET)
from .state import CitadelsState

# A building's colour as a bit, for the five colours' bonus: none for a colourless card nor the Haunted City,
# which counts as the colour its owner lacks (score_final).
COLOUR_BIT = tuple(0 if colour == NONE or b == HAUNTED_CITY else 1 << colour for b, colour in enumerate(COLOUR))
FIVE = 0b11111


def score_final(st: CitadelsState) -> None:
    """citadels.score.* / violet.haunted_city / violet.eight_points / action.score / action.ticket_cash"""
    final = []
    cards_count = st.action_cards
    for p in range(st.num_players):
        for _ in st.booths[p]:  # a booth left lying is discarded, its gold goes back to the bank
            st.discard.append(TICKET_BOOTH)
        st.booths[p] = []
        city = st.city[p]
        buildings, colours = 0, 0  # plain loops and the colours as bits: a search scores every playout it ends
        for b in city:
            buildings += POINTS[b]
            colours |= COLOUR_BIT[b]
        haunted = HAUNTED_CITY in city
        if haunted and st.haunted_round[p] == st.round:
            colours |= 1 << VIOLET  # built in the last round: only its own colour
        elif haunted and colours != FIVE:
            colours |= (colours + 1) & ~colours  # the first colour missing
        five = FIVE_COLOUR_BONUS if colours == FIVE else 0
        eight = 0
        if len(city) >= CITY_GOAL:
            eight = FIRST_EIGHT_BONUS if p == st.first_eight else OTHER_EIGHT_BONUS
        actions = 0
        if cards_count:  # only that option's deck holds action cards (data.deck_for)
            for c in st.hands[p]:
                if IS_ACTION[c]:
                    actions += 1
        total = buildings + five + eight + actions
        final.append({"buildings": buildings, "five_colours": five, "eight": eight, "action_cards": actions,
                      "total": total, "gold": st.gold[p]})
        if st.events is not None:
            cards = f" + {actions} for action cards" if st.options.get("action_cards") else ""  # the variant's
            st.note(f"{{p{p}}}: {buildings} for buildings + {five} for colours + {eight} for eight{cards} = {total}.",
                    {"player": p, **final[-1]})
    st.final = final


def scores(st: CitadelsState) -> list[int]:
    if st.final is not None:
        return [f["total"] for f in st.final]
    return [sum(POINTS[b] for b in city) for city in st.city]


def winners(st: CitadelsState) -> list[int]:
    """citadels.score.tie_break"""
    if st.final is None:
        return []
    gold = st.options["tie_break"] == "buildings_then_gold"  # else gold never breaks a tie
    keys = [(f["total"], f["buildings"], f["gold"] if gold else 0) for f in st.final]
    best = max(keys)
    return [p for p, key in enumerate(keys) if key == best]
