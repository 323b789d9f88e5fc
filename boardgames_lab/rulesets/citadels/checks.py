"""The one check of each Citadels move kind, and the KINDS declaration the engine builds legality from.

The draft, the cards kept after drawing and the Graveyard's and Ticket Booth's answers are checked
here; a character's turn in checks_turn.py, the violet buildings and action cards in checks_actions.py.
A check returns None for a legal move, else a Refusal naming the rule (the engine has already checked
that the game goes on, the seat may act and the phase allows the kind).
"""
from __future__ import annotations

from typing import Any, Callable

from ...core.moves import Kind, Refusal, always
from . import checks_actions as ca
from . import checks_turn as ct
from . import draws as dr
from .checks_turn import card_name, hand_cards, no
from .data import CARD_IDS, CARD_INDEX, CHAR_IDS, CHAR_INDEX, CHARACTERS
from .moves import (Acrobat, ArchitectCards, Bonus, Build, Bury, Cannonball, Cash, Decline, Destroy, Draw, DrawCard, End,
                    Exchange, ExchangeDone, FortuneTeller, Gold, Income, Keep, Kill, Laboratory, LayCharacter, Pick, Play,
                    Rasputin, Rob, Save, Smithy, Swap, Take, Ticket)
from .state import NOBODY, CitadelsState


# --- the draft -----------------------------------------------------------------------------------------
def _draft(st: CitadelsState, character: str, bury: bool) -> Refusal | None:
    """The same answer wherever a missing character is (taken, face down), so asking tells nothing."""
    burying = bool(st.steps[st.step] & 1)
    if bury and st.num_players != 2:
        return no("draft.two_players", "only with 2 players is a character laid face down by choice",
                  "keep one ('pick <character>')")
    if bury != burying:
        return no("draft.two_players", "now lay one of the cards face down" if burying else
                  "now you keep a character; the second card is laid face down after",
                  "'bury <character>'" if burying else "'pick <character>'")
    r = CHAR_INDEX.get(character)
    if r is None:
        return no("draft.pass_left", f"there is no character called {character!r}",
                  f"name one of {', '.join(CHAR_IDS)}")
    if r in st.face_up:
        return no("draft.face_up", f"the {CHARACTERS[r].name} lies face up: it is out of this round",
                  "choose one of the characters passed to you")
    if r not in st.pool:
        return no("draft.pass_left", f"the {CHARACTERS[r].name} is not among the characters passed to you",
                  "choose one of them")
    return None


def check_pick(st: CitadelsState, m: Pick) -> Refusal | None:
    return _draft(st, m.character, False)


def check_bury(st: CitadelsState, m: Bury) -> Refusal | None:
    return _draft(st, m.character, True)


def draft_ends(st: CitadelsState, m: Any) -> bool:
    """The last choice of the draft: the King then calls the characters, and each call shows who holds it."""
    return st.step + 1 >= len(st.steps)


# --- the answers outside the turn's main line -------------------------------------------------------
def check_keep(st: CitadelsState, m: Keep) -> Refusal | None:
    c = CARD_INDEX.get(m.card)
    if c is None or c not in st.drawn:
        rule = "action.ticket_booth" if st.cash_owner != NOBODY else "turn.income"
        return no(rule, f"the {card_name(m.card)} is not among the cards drawn", "keep one of the cards drawn")
    return None


def last_keep(st: CitadelsState, m: Any) -> bool:
    """The last card kept: the others go face up onto the discard pile."""
    return st.keep_left == 1


def window_closes(st: CitadelsState, m: Any) -> bool:
    """The last answer of a reaction window: the King calls on, and the call shows who answers."""
    return st.phase in ("rasputin", "acrobat") and len(st.queue) == 1


def cash_outside(st: CitadelsState, m: Cash) -> Refusal | None:
    """citadels.action.ticket_cash: a booth is cashed by its owner right after a fellow player pays onto it."""
    if not st.booths[m.player]:
        return no("action.ticket_cash", "you have no Ticket Booth in play", "play one; fellow players may then pay "
                  "onto it, and you may cash it right after a payment")
    return no("action.ticket_cash", "a Ticket Booth is cashed right after a fellow player pays onto it, not now",
              "wait for a payment onto your booth")


def legal(st: CitadelsState, m: Any) -> Refusal | None:
    """A move always open where its phase allows it (both answers of the Graveyard and the Ticket Booth,
    declining a window, finishing the Wizard's exchange)."""
    return None


# --- candidates ----------------------------------------------------------------------------------------
def _one(cls: type) -> Callable[[CitadelsState, int], list[Any]]:
    return lambda st, seat: [cls(seat)]


def _chars(cls: type) -> Callable[[CitadelsState, int], list[Any]]:
    return lambda st, seat: [cls(seat, c) for c in CHAR_IDS]


def _hand(cls: type) -> Callable[[CitadelsState, int], list[Any]]:
    return lambda st, seat: [cls(seat, c) for c in hand_cards(st, seat)]


def _seats(cls: type) -> Callable[[CitadelsState, int], list[Any]]:
    return lambda st, seat: [cls(seat, q) for q in range(st.num_players)]


def _kept(st: CitadelsState, seat: int) -> list[Any]:
    return [Keep(seat, CARD_IDS[c]) for c in sorted(set(st.drawn))]


def _shown(st: CitadelsState, seat: int) -> list[Any]:
    return [Take(seat, c) for c in hand_cards(st, st.fortune)] if st.fortune != NOBODY else []


def _cannons(st: CitadelsState, seat: int) -> list[Any]:
    return [Cannonball(seat, CARD_IDS[old], new) for old in sorted(set(st.city[seat]))
            for new in hand_cards(st, seat)]


KINDS = (
    Kind(Pick, check_pick, _chars(Pick), reveals=draft_ends, rule="citadels.draft.pass_left"),
    Kind(Bury, check_bury, _chars(Bury), reveals=draft_ends, rule="citadels.draft.two_players"),
    Kind(Gold, ct.check_gold, _one(Gold), rule="citadels.turn.income"),
    Kind(Draw, ct.check_draw, _one(Draw), reveals=always, rule="citadels.turn.income"),
    Kind(Keep, check_keep, _kept, reveals=last_keep, rule="citadels.turn.income"),
    Kind(Build, ct.check_build, _hand(Build), rule="citadels.turn.build"),
    Kind(Income, ct.check_income, _one(Income), rule="citadels.char.colour_income"),
    Kind(End, ct.check_end, _one(End), reveals=always, rule="citadels.turn.end"),
    Kind(Kill, ct.check_kill, _chars(Kill), rule="citadels.char.assassin"),
    Kind(Rob, ct.check_rob, _chars(Rob), rule="citadels.char.thief_targets"),
    Kind(Swap, ct.check_swap, _seats(Swap), reveals=always, rule="citadels.char.wizard_swap"),
    Kind(Exchange, ct.check_exchange, _hand(Exchange), rule="citadels.char.wizard_redraw"),
    Kind(ExchangeDone, legal, _one(ExchangeDone), reveals=always, rule="citadels.char.wizard_redraw"),
    Kind(Bonus, ct.check_bonus, _one(Bonus), rule="citadels.char.merchant_gold"),
    Kind(ArchitectCards, ct.check_cards, _one(ArchitectCards), reveals=always, rule="citadels.char.architect_cards"),
    Kind(Destroy, ct.check_destroy, ct.destroy_candidates, rule="citadels.char.warlord_removes"),
    Kind(Laboratory, ca.check_lab, _hand(Laboratory), rule="citadels.violet.laboratory"),
    Kind(Smithy, ca.check_smithy, _one(Smithy), reveals=always, rule="citadels.violet.smithy"),
    Kind(Save, legal, _one(Save), rule="citadels.violet.graveyard"),
    Kind(Decline, legal, _one(Decline), reveals=window_closes, rule="citadels.action.window"),
    Kind(Cash, legal, _one(Cash), rule="citadels.action.ticket_cash", outside=cash_outside),
    Kind(Play, ca.check_play, _hand(Play), rule="citadels.action.one_per_turn"),
    Kind(FortuneTeller, ca.check_fortune, _seats(FortuneTeller), reveals=always, rule="citadels.action.fortune_teller"),
    Kind(Take, ca.check_take, _shown, reveals=always, rule="citadels.action.fortune_teller"),
    Kind(Cannonball, ca.check_cannon, _cannons, rule="citadels.action.cannonball"),
    Kind(Ticket, ca.check_ticket, _seats(Ticket), reveals=always, rule="citadels.action.ticket_booth"),
    Kind(Acrobat, ca.check_acrobat, _one(Acrobat), reveals=always, rule="citadels.action.acrobat"),
    Kind(Rasputin, ca.check_rasputin, _one(Rasputin), reveals=always, rule="citadels.action.rasputin"),
    Kind(DrawCard, dr.check_draw_card, dr.draw_candidates, reveals=always, rule="citadels.deck.reshuffle"),
    Kind(LayCharacter, dr.check_lay, dr.lay_candidates, reveals=always, rule="citadels.draft.face_down"),
)

__all__ = ["KINDS"]
