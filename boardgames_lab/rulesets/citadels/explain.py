"""Why a move is or is not legal: every answer names its rule and what would make the move legal."""
from __future__ import annotations

from ...core.definition import Explanation
from .data import (ACROBAT, ARCHITECT, ASSASSIN, CARD_INDEX, CARDS, CHAR_INDEX, CHARACTERS, CIRCUS_TENT, CITY_GOAL,
                   COST, FORTUNE_TELLER, IS_ACTION, KEEP, LABORATORY, LIVING_CANNONBALL, MERCHANT, NONE, RASPUTIN,
                   SMITHY, SMITHY_READINGS, THIEF, WARLORD, WIZARD)
from .moves import DONE, Move, parse, shape_problem
from .phases import FLOW
from .state import NOBODY, CitadelsState
from .turn import cannon_refusal, fortune_refusal, protected, removal_price, ticket_refusal

P = "citadels."

# The rule a legal move rests on, by kind.
LEGAL_RULE = {
    "pick": "draft.pass_left", "bury": "draft.two_players", "gold": "turn.income", "draw": "turn.income",
    "keep": "turn.income", "build": "turn.build", "income": "char.colour_income", "kill": "char.assassin",
    "rob": "char.thief_targets", "swap": "char.wizard_swap", "exchange": "char.wizard_redraw",
    "bonus": "char.merchant_gold", "cards": "char.architect_cards", "destroy": "char.warlord_removes",
    "lab": "violet.laboratory", "smithy": "violet.smithy", "save": "violet.graveyard", "decline": "turn.ability",
    "cash": "action.ticket_cash", "ticket": "action.ticket_booth", "take": "action.fortune_teller",
    "cannon": "action.cannonball", "play": "action.one_per_turn", "end": "turn.end",
}
PHASE_RULE = {"graveyard": "violet.graveyard", "cash": "action.ticket_cash", "rasputin": "action.rasputin",
              "acrobat": "action.acrobat"}
ABILITY_OF = {"kill": ASSASSIN, "rob": THIEF, "swap": WIZARD, "exchange": WIZARD, "bonus": MERCHANT,
              "cards": ARCHITECT, "destroy": WARLORD}

# Where a move that is not one of the turn's belongs: the rule that says when it may be made.
HOME = {
    "pick": ("draft.pass_left", "characters are chosen in the draft at the start of a round"),
    "bury": ("draft.two_players", "characters are laid face down in the 2-player draft at the start of a round"),
    "keep": ("turn.income", "cards are kept right after drawing them, and none are waiting"),
    "take": ("action.fortune_teller", "a card is taken from the hand the Fortune Teller shows, and none is shown"),
    "save": ("violet.graveyard", "the Graveyard's owner buys a building right after the Warlord removes one"),
    "cash": ("action.ticket_cash", "a Ticket Booth is cashed in by its owner right after a fellow player pays "
             "onto it, and only then"),
    "decline": ("turn.end", "'decline' answers a question put to you (the Graveyard, a Ticket Booth, the Acrobat, "
                "Rasputin) and none is open; to finish your turn, 'end'"),
}


def _no(rule: str, reason: str) -> Explanation:
    return Explanation(False, P + rule, reason)


def _card(cid: str) -> str:
    return CARDS[CARD_INDEX[cid]].name if cid in CARD_INDEX else cid


class Explaining:
    """Mixed into the game definition: ``explain`` and ``parse_move``."""

    def parse_move(self, st: CitadelsState, text: str) -> Move:
        return parse(text)

    def explain(self, st: CitadelsState, move: Move) -> Explanation:
        """Legal exactly when ``move`` is among legal_moves; otherwise the rule that forbids it. A field that
        fits no position (a wrong type, an unknown name, a seat out of range) is refused before any rule."""
        if not isinstance(move, Move):
            return Explanation(False, "core.not_legal", f"{move!r} is not a Citadels move")
        if move in self.legal_moves(st):  # type: ignore[attr-defined]
            rule = PHASE_RULE.get(st.phase) if move.kind in ("decline", "play") else None
            return Explanation(True, P + (rule or LEGAL_RULE[move.kind]), self._legal_reason(st, move))
        problem = shape_problem(move.kind, move.arg, move.seat, move.arg2, st.num_players)
        if problem is not None:
            return Explanation(False, "core.not_legal", f"{move}: {problem}")
        if move.kind not in FLOW.phase(st.phase).moves:
            return self._wrong_phase(st, move)
        why = self._diagnose(st, move)
        if why is None:
            return Explanation(False, "core.not_legal", f"{move} is not possible at this moment of the {st.phase} "
                               "phase")
        return why

    def _legal_reason(self, st: CitadelsState, move: Move) -> str:
        p = st.current
        if move.kind == "build":
            c = CARD_INDEX[move.arg]
            return f"the {CARDS[c].name} costs {COST[c]} gold and you have {st.gold[p]}"
        if move.kind == "destroy":
            price = removal_price(st, int(move.seat), CARD_INDEX[move.arg])
            return f"removing the {_card(move.arg)} costs {price} gold and you have {st.gold[p]}"
        return f"{move} is allowed here"

    def _wrong_phase(self, st: CitadelsState, move: Move) -> Explanation:
        """A move of another phase. In a character's turn the move's own rule says when it comes; in any other
        phase the decision under way must be made first."""
        if st.phase == "turn":
            rule, text = HOME.get(move.kind, ("turn.ability", "that is not a move of a character's turn"))
            return _no(rule, f"'{move.kind}' is not a move here: {text}")
        burying = st.phase == "draft" and st.steps[st.step] & 1
        wants = {
            "draft": ("draft.pass_left", "first choose a character from those passed to you ('"
                      + ("bury" if burying else "pick") + " <character>')"),
            "keep": ("action.ticket_booth" if st.cash_owner != NOBODY else "turn.income",
                     "first keep one of the drawn cards ('keep <card>')"),
            "exchange": ("char.wizard_redraw", "discard more cards with 'exchange <card>' or finish with "
                         "'exchange done'"),
            "graveyard": ("violet.graveyard", "the Graveyard's owner answers first: 'save' or 'decline'"),
            "fortune": ("action.fortune_teller", "take one card from the hand shown ('take <card>')"),
            "cash": ("action.ticket_cash", "the booth's owner answers first: 'cash' or 'decline'"),
            "rasputin": ("action.window", "a murdered character was called: answer 'play rasputin' or 'decline'"),
            "acrobat": ("action.window", "the King stayed silent: answer 'play acrobat' or 'decline'"),
        }
        rule, text = wants.get(st.phase, ("call.order", "nobody decides in this phase"))
        return _no(rule, f"'{move.kind}' is not a move here: {text}")

    def _diagnose(self, st: CitadelsState, move: Move) -> Explanation | None:
        kind = move.kind
        p = st.current
        if st.phase == "draft":
            return self._draft_why(st, move)
        if st.phase in ("rasputin", "acrobat"):
            card = RASPUTIN if st.phase == "rasputin" else ACROBAT
            if move.arg != CARDS[card].id:
                return _no("action.window", f"only 'play {CARDS[card].id}' or 'decline' answers here")
            if card not in st.hands[p]:
                return _no("action." + st.phase, f"you hold no {CARDS[card].name}; answer 'decline'")
            return _no("action.rasputin", "Rasputin saves only the murdered character's own holder; 'decline'")
        if st.phase == "keep":
            rule = "action.ticket_booth" if st.cash_owner != NOBODY else "turn.income"
            return _no(rule, f"the {_card(move.arg)} is not among the cards drawn")
        if st.phase == "fortune":
            return _no("action.fortune_teller", f"the {_card(move.arg)} is not among the cards shown")
        if st.phase == "exchange":
            return _no("char.wizard_redraw", f"you hold no {_card(move.arg)} to discard")
        if st.phase != "turn":
            return None  # the Graveyard's and the Ticket Booth's two answers are both always open
        if kind in ABILITY_OF:
            return self._ability_why(st, move)
        return self._turn_why(st, move)

    def _draft_why(self, st: CitadelsState, move: Move) -> Explanation:
        """The same answer wherever a missing character is (taken, face down), so asking tells nothing."""
        name = CHARACTERS[CHAR_INDEX[move.arg]].name
        burying = bool(st.steps[st.step] & 1)
        if move.kind == "bury" and st.num_players != 2:
            return _no("draft.two_players", "only with 2 players is a character laid face down by choice; "
                       "keep one ('pick <character>')")
        if (move.kind == "bury") != burying:
            return _no("draft.two_players", "now lay one of the cards face down ('bury <character>')" if burying
                       else "now you keep a character ('pick <character>'); the second card is laid face down after")
        if CHAR_INDEX[move.arg] in st.face_up:
            return _no("draft.face_up", f"the {name} lies face up: it is out of this round")
        return _no("draft.pass_left", f"the {name} is not among the characters passed to you; choose one of them")

    def _turn_why(self, st: CitadelsState, move: Move) -> Explanation | None:
        kind, p = move.kind, st.tp
        if kind in ("gold", "draw"):
            if st.income_done:
                return _no("turn.income", "income is taken once a turn, and you have taken it")
            return _no("deck.reshuffle", "the deck and the discard pile are empty: take 2 gold")
        if kind == "end":
            return _no("turn.income_first", "take income first ('gold' or 'draw'); then you may end the turn")
        if kind == "build":
            return self._build_why(st, p, CARD_INDEX[move.arg])
        if kind == "income":
            if CHARACTERS[st.tc].colour == NONE:
                return _no("char.colour_income", f"the {CHARACTERS[st.tc].name} earns nothing by colour")
            if st.colour_used:
                return _no("char.colour_income", "colour income is taken once, all at once; you have taken it")
            return _no("char.colour_income", f"you have no building that pays the {CHARACTERS[st.tc].name} yet: "
                       "nothing to collect (build one first, then take the income)")
        if kind == "lab":
            if LABORATORY not in st.city[p]:
                return _no("violet.laboratory", "you have no Laboratory in your city")
            if st.lab_used:
                return _no("violet.laboratory", "the Laboratory works once a turn")
            if IS_ACTION[CARD_INDEX[move.arg]]:
                return _no("violet.laboratory", "the Laboratory takes a building card, not an action card")
            return _no("violet.laboratory", f"you hold no {_card(move.arg)}")
        if kind == "smithy":
            price = SMITHY_READINGS[st.options["smithy"]][0]
            if SMITHY not in st.city[p]:
                return _no("violet.smithy", "you have no Smithy in your city")
            if st.smithy_used:
                return _no("violet.smithy", "the Smithy works once a turn")
            return _no("violet.smithy", f"the Smithy costs {price} gold and you have {st.gold[p]}")
        if not st.options["action_cards"]:
            return _no("action.deck", "action cards are a variant: start the game with action_cards=True")
        if kind == "ticket":
            refusal = ticket_refusal(st, p, move.seat)
            return None if refusal is None else _no(*refusal)
        if st.action_used:
            return _no("action.one_per_turn", "you have played an action card this turn already")
        return self._action_why(st, move)

    def _build_why(self, st: CitadelsState, p: int, c: int) -> Explanation:
        name = CARDS[c].name
        if not st.income_done:
            return _no("turn.income_first", "take income first ('gold' or 'draw'), then build")
        if c not in st.hands[p]:
            return _no("turn.build", f"you hold no {name} in hand")
        if IS_ACTION[c]:
            return _no("action.one_per_turn", f"the {name} is an action card: play it with 'play {CARDS[c].id}'")
        if st.builds_left <= 0:
            more = " (the Architect builds three, a Director two more)"
            return _no("turn.build" if st.tc != ARCHITECT else "char.architect_builds",
                       "you have no build left this turn" + more)
        if c in st.city[p]:
            return _no("turn.no_duplicate", f"your city already has a {name}; build a different building")
        return _no("turn.build", f"the {name} costs {COST[c]} gold and you have {st.gold[p]}; "
                   f"you need {COST[c] - st.gold[p]} more")

    def _ability_why(self, st: CitadelsState, move: Move) -> Explanation:
        kind, p = move.kind, st.tp
        char = ABILITY_OF[kind]
        if st.tc != char:
            return _no(LEGAL_RULE[kind], f"'{kind}' is the {CHARACTERS[char].name}'s ability; "
                       f"you are the {CHARACTERS[st.tc].name}")
        if st.ability_used and not (kind == "exchange" and st.exchanging):
            return _no("turn.ability", "the ability is used once a turn, and you have used it")
        if kind == "kill":
            return _no("char.assassin", "the Assassin cannot murder himself; name another character")
        if kind == "rob":
            return _no("char.thief_targets", "the Thief may not rob the Assassin, himself or the murdered character")
        if kind == "swap":
            return _no("char.wizard_swap", "swap with a fellow player: p1.. up to the number of players, not yourself")
        if kind == "exchange":
            return _no("char.wizard_redraw", f"you hold no {_card(move.arg)} to discard" if move.arg != DONE
                       else "name a first card to discard, e.g. 'exchange <card>'")
        if kind == "cards":
            return _no("deck.reshuffle", "the deck and the discard pile are empty")
        if kind == "destroy":
            return self._destroy_why(st, p, move)
        return _no("turn.ability", f"{move} is not possible now")

    def _destroy_why(self, st: CitadelsState, p: int, move: Move) -> Explanation:
        q, b = move.seat, CARD_INDEX[move.arg]
        if q == p:
            return _no("char.warlord_removes", "the Warlord removes a building of a fellow player, not his own")
        if q >= st.num_players or b not in st.city[q]:
            return _no("char.warlord_removes", f"that city has no {_card(move.arg)}")
        if len(st.city[q]) >= CITY_GOAL:
            return _no("char.warlord_full_city", "a city of eight or more buildings cannot be attacked")
        if protected(st, q):
            return _no("char.bishop_protects", "that player is the Bishop, who was not murdered")
        if b == KEEP:
            return _no("violet.keep", "the Keep cannot be removed")
        if b == CIRCUS_TENT:
            return _no("action.circus_tent", "a Circus Tent cannot be removed")
        price = removal_price(st, q, b)
        return _no("char.warlord_price", f"removing it costs {price} gold and you have {st.gold[p]}")

    def _action_why(self, st: CitadelsState, move: Move) -> Explanation | None:
        p = st.tp
        cid = "living_cannonball" if move.kind == "cannon" else move.arg
        c = CARD_INDEX[cid]
        if not IS_ACTION[c]:
            return _no("turn.build", f"the {_card(cid)} is a building: build it with 'build {cid}'")
        if c not in st.hands[p]:
            return _no("action.one_per_turn", f"you hold no {_card(cid)}")
        if c in (ACROBAT, RASPUTIN):
            rule = "action.acrobat" if c == ACROBAT else "action.rasputin"
            return _no(rule, f"the {_card(cid)} is played only when its moment comes outside your turn")
        if c == LIVING_CANNONBALL:
            if move.kind != "cannon":
                return _no("action.cannonball", "the Living Cannonball names the building that goes and the one "
                           "that comes: 'cannon <city building>><hand building>'")
            return self._cannon_why(st, p, CARD_INDEX[move.arg], CARD_INDEX[move.arg2])
        if c == FORTUNE_TELLER:
            refusal = fortune_refusal(st, p, move.seat)
            return None if refusal is None else _no(*refusal)
        return _no("action.one_per_turn", f"{move} is not possible now")

    def _cannon_why(self, st: CitadelsState, p: int, old: int, new: int) -> Explanation | None:
        refusal = cannon_refusal(st, p, old, new)
        return None if refusal is None else _no(*refusal)
