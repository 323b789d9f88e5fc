"""The Saint Petersburg phase machine: the one declaration the engine runs and the diagram draws,
and the set-up, turn order, refills and guards its phases and edges name."""
from __future__ import annotations

from typing import Callable

from ...core import turns
from ...core.flow import Edge, Flow, Phase
from .data import CARDS, DECK_WHAT, PUB, START_RUBLES, WORKER
from .effects import lay_card, lay_top_cards, top_card
from .moves import CARD_IDS
from .prices import EMPTY
from .scoring import score_final, score_phase
from .state import LAY_DECK, NO_DECK, OBSERVATORY_DRAW, SPState, cards_to_lay

P = "saint_petersburg."
ACTIONS = ("buy", "take", "play", "pass")
ACTION_RULES = (P + "turn.start_marker", P + "action.one_of_four", P + "action.all_pass")



# Which action phase (0 workers .. 3 trading) each phase belongs to, or follows.
STAGE_OF = {"setup": 0, "first_row": 0, "worker": 0, "worker_scoring": 0, "worker_refill": 0, "building": 1,
            "observatory_draw": 1, "observatory": 1,
            "building_scoring": 1, "pub": 1, "building_refill": 1, "aristocrat": 2, "aristocrat_scoring": 2,
            "aristocrat_refill": 2, "trading": 3, "round_end": 3, "new_round": 3, "final_scoring": 3,
            "game_over": 3}
PUB_HELD = 1 << PUB
# By the number of players: each seat's neighbour on the left (saint_petersburg.round_end.pass_markers).
NEXT_SEAT = tuple(tuple((seat + 1) % n for seat in range(n)) for n in range(5))
MARKERS = ("worker", "building", "aristocrat", "trading")
# The action phases in order: a phase's place here is its stage (a tuple, which the flow compiler can read in place).
ACTION_PHASES = ("worker", "building", "aristocrat", "trading")
DECK_CARDS = tuple(tuple(i for i, c in enumerate(CARDS) if c.deck == d for _ in range(c.copies)) for d in range(4))


# --- set-up --------------------------------------------------------------------------------------------

def deal(st: SPState) -> None:
    """saint_petersburg.setup.rubles / setup.start_markers (the first row is laid by chance moves)"""
    n = st.num_players
    for deck in range(4):
        cards = list(DECK_CARDS[deck])
        st.rng.shuffle(cards, what=DECK_WHAT[deck])
        st.decks[deck] = cards
    st.money = [START_RUBLES] * n
    phases = [0, 1, 2, 3]
    st.rng.shuffle(phases, what="the start markers")
    holders = [seat % n for seat in range(4)] if n != 3 else [0, 1, 2, st.rng.below(3, what="the fourth start marker")]
    for phase, holder in zip(phases, holders):
        st.markers[phase] = holder
    if st.events is not None:
        st.note(f"Every player takes {START_RUBLES} rubles.", {"rubles": START_RUBLES})
        for phase, holder in enumerate(st.markers):
            st.note(f"{{p{holder}}} holds the {MARKERS[phase]} start marker.",
                    {"marker": MARKERS[phase], "player": holder})


def draw_pending(st: SPState) -> bool:
    """Does the chance phase the game stands at still have a card to turn up?"""
    if st.phase == OBSERVATORY_DRAW:
        return st.observing != NO_DECK and st.drawn == EMPTY
    return cards_to_lay(st) > 0


def first_row_laid(st: SPState) -> bool:
    """saint_petersburg.setup.first_display: two workers per player, or as many as the deck holds."""
    return st.to_lay == 0


def refill_done(st: SPState) -> bool:
    """saint_petersburg.refill.next_deck / refill.nothing_taken / refill.short_deck"""
    return st.to_lay == 0


def round_refill_done(st: SPState) -> bool:
    """saint_petersburg.round_end.shift_and_refill: workers until the board holds eight."""
    return st.to_lay == 0


def lay_out(st: SPState) -> None:
    """Normal play turns the cards up as the phase is entered: the lay moves the engine's runner would draw one
    by one (``top_card``, which sample_chance gives and records, then ``lay_card``, the lay move's effect), made
    here without the runner's dispatch per move (about 77 cards a game). With neither a log nor a chance record
    to write, the cards come off the deck together (``lay_top_cards``). In explicit-chance mode the game stops
    at the phase instead, for the caller to choose each card."""
    count = st.to_lay = cards_to_lay(st)
    if st.explicit_chance or not count:
        return
    deck = LAY_DECK[st.phase]
    if st.events is None and st.rng.record is None:
        lay_top_cards(st, deck, count)
        return
    for _ in range(count):
        lay_card(st, deck, top_card(st, deck))


# --- turns, refills and guards -------------------------------------------------------------------------

def begin_action_phase(st: SPState) -> None:
    """saint_petersburg.turn.start_marker"""
    st.stage = ACTION_PHASES.index(st.phase)
    st.current = st.markers[st.stage]
    st.passes = 0
    st.taken = False
    st.only_pass = [False] * st.num_players


def all_passed(st: SPState) -> bool:
    return st.passes >= st.num_players


def deck_chosen(st: SPState) -> bool:
    return st.observing != NO_DECK


def card_drawn(st: SPState) -> bool:
    return st.drawn != EMPTY


def drawn_card_settled(st: SPState) -> bool:
    return st.drawn == EMPTY


def next_after_observatory(st: SPState) -> None:
    st.current = (st.current + 1) % st.num_players


def refill_display(st: SPState) -> None:
    """saint_petersburg.refill.nothing_taken; then the cards, each a chance move"""
    if not st.taken and st.events is not None:
        st.note("Nobody took a card from the board this phase: no new cards.", {"refill": 0})
    lay_out(st)


# Every Pub owner is asked, even one who cannot pay for a point: skipping them would show the
# table that they hold fewer than 2 rubles (saint_petersburg.money.secret).
def pub_owners_waiting(st: SPState) -> bool:
    return any(map(PUB_HELD.__and__, st.held))  # a Pub's bit in a seat's cards held (SPState.held)


def pub_order(st: SPState) -> list[int]:
    """The Pub owners, from the building start marker's holder clockwise."""
    n = st.num_players
    first = st.markers[1]
    return [p for p in ((first + k) % n for k in range(n)) if st.owned[p][PUB]]


def start_pub(st: SPState) -> None:
    st.pub_queue = pub_order(st)
    st.current = st.pub_queue[0]


def pubs_done(st: SPState) -> bool:
    return not st.pub_queue


def turn_next_pub_owner(st: SPState) -> None:
    st.current = st.pub_queue[0]


def end_was_triggered(st: SPState) -> bool:
    return st.end_triggered


def start_new_round(st: SPState) -> None:
    """saint_petersburg.round_end.discard_lower / shift_and_refill / pass_markers / new_round"""
    gone = st.shift_rows()
    st.removed.extend(gone)
    if st.events is not None:
        st.note(f"Round {st.round} ends: {len(gone)} card(s) leave the lower row; the upper row moves down.",
                {"removed": [CARD_IDS[c] for c in gone]})
    left, held = NEXT_SEAT[st.num_players], st.markers  # four markers, each to the holder's left
    st.markers = [left[held[0]], left[held[1]], left[held[2]], left[held[3]]]
    used, st.obs_used = st.obs_used, [0] * st.num_players
    for p in range(st.num_players):
        if used[p]:  # a seat's key changes with its Observatories used alone (state.seat_key)
            st.rekey(p)
    st.round += 1
    lay_out(st)


# --- the declaration ------------------------------------------------------------------------------------------

def _action_phase(name: str, label: str, extra: tuple[str, ...] = ()) -> Phase:
    return Phase(name, label, moves=ACTIONS + extra, turn=turns.clockwise, rules=ACTION_RULES,
                 note="from the start-marker holder, clockwise, until all pass in a row")


def _scoring(name: str, label: str) -> Phase:
    return Phase(name, label, on_enter=score_phase, rules=(P + "scoring.phase_colour", P + "scoring.all_cards"))


def _refill(name: str, label: str) -> Phase:
    return _laying(name, label, refill_display, (P + "refill.next_deck", P + "refill.nothing_taken",
                                                 P + "refill.short_deck", P + "end.trigger"))


# A chance phase: each card turned up from a face-down deck is a move of CHANCE (saint_petersburg.deck.top_card).
def _laying(name: str, label: str, on_enter: Callable[[SPState], None], rules: tuple[str, ...]) -> Phase:
    return Phase(name, label, moves=("lay",), turn=turns.same, on_enter=on_enter, chance=True,
                 rules=(*rules, P + "deck.top_card"), note="one card at a time from the top of the deck")


PHASES = (
    Phase("setup", "Set-up", on_enter=deal, rules=(P + "setup.rubles", P + "setup.start_markers")),
    _laying("first_row", "The first row", lay_out, (P + "setup.first_display",)),
    _action_phase("worker", "Worker phase"),
    _scoring("worker_scoring", "Worker scoring"),
    _refill("worker_refill", "New buildings"),
    _action_phase("building", "Building phase", extra=("observe",)),
    Phase("observatory_draw", "Observatory: top card", moves=("draw",), turn=turns.same, chance=True,
          rules=(P + "card.observatory", P + "deck.top_card"), note="the top card of the chosen deck"),
    Phase("observatory", "Observatory draw", moves=("buy_drawn", "take_drawn", "discard"), turn=turns.same,
          rules=(P + "card.observatory",), note="the drawn card is bought, taken or discarded"),
    _scoring("building_scoring", "Building scoring"),
    Phase("pub", "Pub", moves=("pub",), turn=turn_next_pub_owner, rules=(P + "card.pub",),
          note="each Pub owner in turn buys points"),
    _refill("building_refill", "New aristocrats"),
    _action_phase("aristocrat", "Aristocrat phase"),
    _scoring("aristocrat_scoring", "Aristocrat scoring"),
    _refill("aristocrat_refill", "New trading cards"),
    _action_phase("trading", "Trading phase"),
    Phase("round_end", "Round end", rules=(P + "scoring.trading_none", P + "end.trigger")),
    _laying("new_round", "New round", start_new_round,
            (P + "round_end.discard_lower", P + "round_end.shift_and_refill", P + "round_end.pass_markers",
             P + "round_end.new_round", P + "end.trigger")),
    Phase("final_scoring", "Final scoring", on_enter=score_final,
          rules=(P + "final.aristocrat_variety", P + "final.rubles", P + "final.hand_penalty", P + "final.tie_break")),
    Phase("game_over", "Game over"),
)

_BEGIN = begin_action_phase
_FULL = "eight on the board, or the deck is out"
EDGES = (
    Edge("setup", "first_row", rule=P + "setup.first_display"),
    Edge("first_row", "worker", guard=first_row_laid, hook=_BEGIN, rule=P + "setup.first_display",
         label="two workers per player laid"),
    Edge("worker", "worker_scoring", guard=all_passed, rule=P + "action.all_pass", label="all passed"),
    Edge("worker_scoring", "worker_refill", rule=P + "phase.three_parts"),
    Edge("worker_refill", "building", guard=refill_done, hook=_BEGIN, rule=P + "refill.next_deck", label=_FULL),
    Edge("building", "observatory_draw", guard=deck_chosen, rule=P + "card.observatory",
         label="Observatory used"),
    Edge("observatory_draw", "observatory", guard=card_drawn, rule=P + "card.observatory", label="card drawn"),
    Edge("observatory", "building", guard=drawn_card_settled, hook=next_after_observatory,
         rule=P + "card.observatory", label="card settled"),
    Edge("building", "building_scoring", guard=all_passed, rule=P + "action.all_pass", label="all passed"),
    Edge("building_scoring", "pub", guard=pub_owners_waiting, hook=start_pub, rule=P + "card.pub",
         label="a Pub owner can buy"),
    Edge("building_scoring", "building_refill", rule=P + "phase.three_parts"),
    Edge("pub", "building_refill", guard=pubs_done, rule=P + "card.pub", label="every Pub owner chose"),
    Edge("building_refill", "aristocrat", guard=refill_done, hook=_BEGIN, rule=P + "refill.next_deck",
         label=_FULL),
    Edge("aristocrat", "aristocrat_scoring", guard=all_passed, rule=P + "action.all_pass", label="all passed"),
    Edge("aristocrat_scoring", "aristocrat_refill", rule=P + "phase.three_parts"),
    Edge("aristocrat_refill", "trading", guard=refill_done, hook=_BEGIN, rule=P + "refill.next_deck",
         label=_FULL),
    Edge("trading", "round_end", guard=all_passed, rule=P + "action.all_pass", label="all passed"),
    Edge("round_end", "final_scoring", guard=end_was_triggered, rule=P + "end.trigger", label="a deck ran out"),
    Edge("round_end", "new_round", rule=P + "round_end.new_round"),
    Edge("new_round", "worker", guard=round_refill_done, hook=_BEGIN, rule=P + "round_end.shift_and_refill",
         label=_FULL),
    Edge("final_scoring", "game_over", rule=P + "final.tie_break"),
)

FLOW = Flow(start="setup", phases=PHASES, edges=EDGES, terminal="game_over")
