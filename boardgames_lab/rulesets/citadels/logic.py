"""Citadels rule logic: set-up, move dispatch, scoring; the draft and the turn live in draft.py and turn.py."""
from __future__ import annotations

from typing import Any

from ...core.definition import GameDefinition, GameInfo, Option
from ...core.position import Reader
from .actions import Acting
from .data import (ACROBAT, CARD_IDS, CARDS, CHAR_IDS, CHAR_INDEX, CITY_GOAL, COLOUR, FIRST_EIGHT_BONUS,
                   FIVE_COLOUR_BONUS, HAUNTED_CITY, IS_ACTION, NONE, OTHER_EIGHT_BONUS, POINTS, RASPUTIN, START_CARDS,
                   START_GOLD, TICKET_BOOTH, VIOLET, deck_for)
from .draft import Drafting
from .checks import KINDS
from .fast import legal_moves as fast_legal_moves
from .moves import Move, parse
from .phases import FLOW
from .position import position as position_of
from .position import read_position
from .rules import RULES
from .secrets import SECRETS
from .state import CitadelsState
from .turn import Turning
from .view import Viewing

P = "citadels."

INFO = GameInfo(
    name="citadels", title="Citadels", min_players=2, max_players=7, default_players=4,
    hidden_information=True, chance=True, edition="Ohne Furcht und Adel, Sonderausgabe (Hans im Glück)",
    rules_version=2,
    description="Draft a secret character each round, then build a city of eight; the Assassin, the Thief "
                "and the Warlord get in the way. Hands, characters and the deck are hidden.",
    options=(
        Option("action_cards", False, (False, True), "Play with the 15 action cards (the rulebook's variant)."),
        Option("smithy", "pay3_draw2", ("pay3_draw2", "pay2_draw3", "pay3_draw3"),
               "The Smithy by edition: pay 3 draw 2 (German), pay 2 draw 3 (English), pay 3 draw 3 (French).",
               assumed=True),
        Option("great_wall", False, (False, True), "Add the Great Wall (66-card editions).", assumed=True),
        Option("graveyard_self", False, (False, True),
               "May the Graveyard's owner buy back the Graveyard itself when the Warlord removes it?", assumed=True),
        Option("tie_break", "buildings_then_gold", ("buildings_then_gold", "buildings"),
               "Ties: building points alone (the rulebook), then gold (the fact sheet's recommendation), or "
               "building points alone and then a shared win.", assumed=True),
    ),
)


class Citadels(Viewing, Drafting, Turning, Acting, GameDefinition[CitadelsState]):
    info = INFO
    flow = FLOW
    rulebook = RULES
    secrets = SECRETS
    kinds = KINDS

    def create_state(self, players: int, seed: int, options: dict[str, Any]) -> CitadelsState:
        st = CitadelsState()
        st.init_base(players, seed)
        st.setup_fields(players, options)
        return st

    def deal(self, st: CitadelsState) -> None:
        """citadels.setup.gold / setup.cards / setup.crown / action.deck"""
        st.deck = deck_for(st.options)
        st.rng.shuffle(st.deck, what="the building deck")
        for p in range(st.num_players):
            st.gold[p] = START_GOLD
            st.hands[p] = sorted(st.deck.pop() for _ in range(START_CARDS))
        st.crown = 0
        if st.events is None:
            return
        st.note(f"Every player takes {START_GOLD} gold and {START_CARDS} cards; {{p0}} holds the crown.",
                {"gold": START_GOLD, "cards": START_CARDS, "crown": 0})
        for p in range(st.num_players):
            st.note("You draw " + ", ".join(CARDS[c].name for c in st.hands[p]) + ".",
                    {"cards": [CARD_IDS[c] for c in st.hands[p]]}, visible_to=[p])

    # --- moves ---------------------------------------------------------------------------
    def legal_moves(self, st: CitadelsState) -> list[Move]:
        """The fast generator (fast.py), proven equal to the plain path of the kinds' checks."""
        return fast_legal_moves(st)

    def parse_move(self, st: CitadelsState, text: str, *seat: int) -> Move:
        return parse(text, seat[0] if seat else st.current)

    def apply_side(self, st: CitadelsState, move: Move) -> None:
        """Apply a move made outside a character's turn (apply_move in actions.py applies the turn's own)."""
        phase = st.phase
        if phase == "draft":
            self.apply_draft(st, move.kind, CHAR_INDEX[move.character])
        elif phase == "keep":
            self.apply_keep(st, move)
        elif phase == "exchange":
            self.apply_exchange(st, move)
        elif phase == "fortune":
            self.apply_take(st, move)
        elif phase == "graveyard":
            self.apply_graveyard(st, move)
        elif phase == "cash":
            self.apply_cash(st, move)
        else:
            self.apply_window(st, move)

    def move_visibility(self, st: CitadelsState, move: Move) -> list[int] | None:
        """citadels.draft.secret / action.window: draft choices and window answers are private."""
        if st.phase == "draft" or (st.phase in ("acrobat", "rasputin") and move.kind == "decline"):
            return [st.current]
        if st.phase in ("keep", "exchange") or (st.phase == "turn" and move.kind in ("lab", "exchange")):
            return [st.current]
        if st.phase == "fortune":
            return [st.current, st.fortune]
        return None

    # --- the end -------------------------------------------------------------------------
    def score_final(self, st: CitadelsState) -> None:
        """citadels.score.* / violet.haunted_city / violet.eight_points / action.score / action.ticket_cash"""
        final = []
        for p in range(st.num_players):
            for _ in st.booths[p]:  # a booth left lying is discarded, its gold goes back to the bank
                st.discard.append(TICKET_BOOTH)
            st.booths[p] = []
            city = st.city[p]
            buildings = sum(POINTS[b] for b in city)
            colours = {COLOUR[b] for b in city if COLOUR[b] != NONE and b != HAUNTED_CITY}
            haunted = HAUNTED_CITY in city
            if haunted and st.haunted_round[p] == st.round:
                colours.add(VIOLET)  # built in the last round: only its own colour
            elif haunted and len(colours) < 5:
                colours.add(next(c for c in range(5) if c not in colours))
            five = FIVE_COLOUR_BONUS if len(colours) == 5 else 0
            eight = 0
            if len(city) >= CITY_GOAL:
                eight = FIRST_EIGHT_BONUS if p == st.first_eight else OTHER_EIGHT_BONUS
            actions = sum(1 for c in st.hands[p] if IS_ACTION[c])
            total = buildings + five + eight + actions
            final.append({"buildings": buildings, "five_colours": five, "eight": eight, "action_cards": actions,
                          "total": total, "gold": st.gold[p]})
            if st.events is not None:
                st.note(f"{{p{p}}}: {buildings} for buildings + {five} for colours + {eight} for eight + "
                        f"{actions} for action cards = {total}.", {"player": p, **final[-1]})
        st.final = final

    def scores(self, st: CitadelsState) -> list[int]:
        if st.final is not None:
            return [f["total"] for f in st.final]
        return [sum(POINTS[b] for b in city) for city in st.city]

    def winners(self, st: CitadelsState) -> list[int]:
        """citadels.score.tie_break"""
        if st.final is None:
            return []
        keys = ("total", "buildings", "gold") if st.options["tie_break"] == "buildings_then_gold" else (
            "total", "buildings")
        best = max(tuple(f[k] for k in keys) for f in st.final)
        return [p for p, f in enumerate(st.final) if tuple(f[k] for k in keys) == best]

    def conformance_configurations(self) -> list[tuple[int, dict[str, Any]]]:
        """For the conformance suite: every player count with and without action cards, then each other
        non-default option once (the full option product would take too long to play through)."""
        configs: list[tuple[int, dict[str, Any]]] = [(n, {"action_cards": ac}) for n in range(2, 8)
                                                     for ac in (False, True)]
        for opt in INFO.options[1:]:
            configs.extend((5, {opt.name: value}) for value in opt.choices if value != opt.default)
        return configs

    # --- positions -----------------------------------------------------------------------
    def position(self, st: CitadelsState) -> dict[str, Any]:
        return position_of(st)

    def read_position(self, data: Reader, players: int, options: dict[str, Any], phase: str) -> CitadelsState:
        return read_position(data, players, options, phase)

    def clone_state(self, st: CitadelsState) -> CitadelsState:
        return st.clone()

    def snapshot(self, st: CitadelsState) -> dict[str, Any]:
        return st.snapshot()


