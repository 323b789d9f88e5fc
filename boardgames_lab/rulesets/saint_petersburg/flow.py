"""The Saint Petersburg phase machine: the one declaration the engine runs and the diagram draws,
and the set-up, turn order, refills and guards its phases and edges name."""
from __future__ import annotations

from ...core.flow import Edge, Flow, Phase
from .data import CARDS, DECKS, DISPLAY_SIZE, PUB, ROW_SLOTS, START_RUBLES, WORKER
from .moves import CARD_IDS
from .pricing import EMPTY
from .state import SPState

P = "saint_petersburg."
ACTIONS = ("buy", "take", "play", "pass")
ACTION_RULES = (P + "turn.start_marker", P + "action.one_of_four", P + "action.all_pass")


def _action_phase(name: str, label: str, extra: tuple[str, ...] = ()) -> Phase:
    return Phase(name, label, moves=ACTIONS + extra, turn="clockwise", rules=ACTION_RULES,
                 note="from the start-marker holder, clockwise, until all pass in a row")


def _scoring(name: str, label: str) -> Phase:
    return Phase(name, label, on_enter="score_phase", rules=(P + "scoring.phase_colour", P + "scoring.all_cards"))


def _refill(name: str, label: str) -> Phase:
    return Phase(name, label, on_enter="refill_display",
                 rules=(P + "refill.next_deck", P + "refill.nothing_taken", P + "refill.short_deck", P + "end.trigger"))


PHASES = (
    Phase("setup", "Set-up", on_enter="deal",
          rules=(P + "setup.rubles", P + "setup.start_markers", P + "setup.first_display")),
    _action_phase("worker", "Worker phase"),
    _scoring("worker_scoring", "Worker scoring"),
    _refill("worker_refill", "New buildings"),
    _action_phase("building", "Building phase", extra=("observe",)),
    Phase("observatory", "Observatory draw", moves=("buy_drawn", "take_drawn", "discard"), turn="same",
          rules=(P + "card.observatory",), note="the drawn card is bought, taken or discarded"),
    _scoring("building_scoring", "Building scoring"),
    Phase("pub", "Pub", moves=("pub",), turn="next_pub_owner", rules=(P + "card.pub",),
          note="each Pub owner in turn buys points"),
    _refill("building_refill", "New aristocrats"),
    _action_phase("aristocrat", "Aristocrat phase"),
    _scoring("aristocrat_scoring", "Aristocrat scoring"),
    _refill("aristocrat_refill", "New trading cards"),
    _action_phase("trading", "Trading phase"),
    Phase("round_end", "Round end", rules=(P + "scoring.trading_none", P + "end.trigger")),
    Phase("new_round", "New round", on_enter="start_new_round",
          rules=(P + "round_end.discard_lower", P + "round_end.shift_and_refill", P + "round_end.pass_markers",
                 P + "round_end.new_round")),
    Phase("final_scoring", "Final scoring", on_enter="score_final",
          rules=(P + "final.aristocrat_variety", P + "final.rubles", P + "final.hand_penalty", P + "final.tie_break")),
    Phase("game_over", "Game over"),
)

_BEGIN = "begin_action_phase"
EDGES = (
    Edge("setup", "worker", hook=_BEGIN, rule=P + "round.four_phases"),
    Edge("worker", "worker_scoring", guard="all_passed", rule=P + "action.all_pass", label="all passed"),
    Edge("worker_scoring", "worker_refill", rule=P + "phase.three_parts"),
    Edge("worker_refill", "building", hook=_BEGIN, rule=P + "round.four_phases"),
    Edge("building", "observatory", guard="card_drawn", rule=P + "card.observatory", label="Observatory used"),
    Edge("observatory", "building", guard="drawn_card_settled", hook="next_after_observatory",
         rule=P + "card.observatory", label="card settled"),
    Edge("building", "building_scoring", guard="all_passed", rule=P + "action.all_pass", label="all passed"),
    Edge("building_scoring", "pub", guard="pub_owners_waiting", hook="start_pub", rule=P + "card.pub",
         label="a Pub owner can buy"),
    Edge("building_scoring", "building_refill", rule=P + "phase.three_parts"),
    Edge("pub", "building_refill", guard="pubs_done", rule=P + "card.pub", label="every Pub owner chose"),
    Edge("building_refill", "aristocrat", hook=_BEGIN, rule=P + "round.four_phases"),
    Edge("aristocrat", "aristocrat_scoring", guard="all_passed", rule=P + "action.all_pass", label="all passed"),
    Edge("aristocrat_scoring", "aristocrat_refill", rule=P + "phase.three_parts"),
    Edge("aristocrat_refill", "trading", hook=_BEGIN, rule=P + "round.four_phases"),
    Edge("trading", "round_end", guard="all_passed", rule=P + "action.all_pass", label="all passed"),
    Edge("round_end", "final_scoring", guard="end_was_triggered", rule=P + "end.trigger", label="a deck ran out"),
    Edge("round_end", "new_round", rule=P + "round_end.new_round"),
    Edge("new_round", "worker", hook=_BEGIN, rule=P + "round_end.new_round"),
    Edge("final_scoring", "game_over", rule=P + "final.tie_break"),
)

FLOW = Flow(start="setup", phases=PHASES, edges=EDGES, terminal="game_over")

# Which action phase (0 workers .. 3 trading) each phase belongs to, or follows.
STAGE_OF = {"setup": 0, "worker": 0, "worker_scoring": 0, "worker_refill": 0, "building": 1, "observatory": 1,
            "building_scoring": 1, "pub": 1, "building_refill": 1, "aristocrat": 2, "aristocrat_scoring": 2,
            "aristocrat_refill": 2, "trading": 3, "round_end": 3, "new_round": 3, "final_scoring": 3,
            "game_over": 3}
MARKERS = ("worker", "building", "aristocrat", "trading")
DECK_CARDS = tuple(tuple(i for i, c in enumerate(CARDS) if c.deck == d for _ in range(c.copies)) for d in range(4))
DECK_WHAT = ("the worker deck", "the building deck", "the aristocrat deck", "the trading deck")


# --- set-up --------------------------------------------------------------------------------------------

def deal(st: SPState) -> None:
    """saint_petersburg.setup.rubles / setup.start_markers / setup.first_display"""
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
    lay_out(st, WORKER, 2 * n)


def lay_out(st: SPState, deck: int, count: int) -> list[int]:
    """Turn up to ``count`` cards of a deck into empty upper-row slots, leftmost first."""
    pile = st.decks[deck]
    laid: list[tuple[int, int]] = []
    for i in range(ROW_SLOTS):
        if len(laid) >= count or not pile:
            break
        if st.upper[i] == EMPTY:
            laid.append((i, pile.pop()))
    st.lay(laid)
    placed = [card for _, card in laid]
    if placed:
        if not pile:
            st.end_triggered = True  # saint_petersburg.end.trigger
        if st.events is not None:
            names = ", ".join(CARDS[c].name for c in placed)
            st.note(f"New {DECKS[deck]} in the upper row: {names}.", {"deck": DECKS[deck],
                    "cards": [CARD_IDS[c] for c in placed]})
            if not pile:
                st.note(f"The {DECKS[deck]} deck is empty: this round is the last.", {"end_triggered": True})
    return placed


def on_board(st: SPState) -> int:
    return len(st.shown)


# --- turns, refills and guards -------------------------------------------------------------------------

def begin_action_phase(st: SPState) -> None:
    """saint_petersburg.turn.start_marker"""
    st.stage = STAGE_OF[st.phase]
    st.current = st.markers[st.stage]
    st.passes = 0
    st.taken = False


def all_passed(st: SPState) -> bool:
    return st.passes >= st.num_players


def card_drawn(st: SPState) -> bool:
    return st.drawn != EMPTY


def drawn_card_settled(st: SPState) -> bool:
    return st.drawn == EMPTY


def next_after_observatory(st: SPState) -> None:
    st.current = (st.current + 1) % st.num_players


def refill_display(st: SPState) -> None:
    """saint_petersburg.refill.next_deck / refill.nothing_taken / refill.short_deck"""
    if not st.taken:
        if st.events is not None:
            st.note("Nobody took a card from the board this phase: no new cards.", {"refill": 0})
        return
    lay_out(st, st.stage + 1, DISPLAY_SIZE - on_board(st))


# Every Pub owner is asked, even one who cannot pay for a point: skipping them would show the
# table that they hold fewer than 2 rubles (saint_petersburg.money.secret).
def pub_owners_waiting(st: SPState) -> bool:
    return any(st.owned[p][PUB] for p in range(st.num_players))


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
    lay_out(st, WORKER, DISPLAY_SIZE - on_board(st))
    st.markers = [(m + 1) % st.num_players for m in st.markers]
    st.obs_used = [0] * st.num_players
    st.round += 1
