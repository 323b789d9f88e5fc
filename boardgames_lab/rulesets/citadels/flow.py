"""The Citadels phase machine: the one declaration the engine runs and the diagram draws, and the guards and
hooks of a character's turn it names (the draft's and the calling's are in draft.py, the end in scoring.py).
The phases' ``moves`` are the one source of which kinds each phase allows."""
from __future__ import annotations

from ...core import turns
from ...core.flow import Edge, Flow, Phase
from .data import ARCHITECT, ARCHITECT_EXTRA_BUILDS, CHAR_IDS, CHARACTERS, KING, THIEF
from .draft import (acrobat_due, call_next, character_answers, deal, draft_done, end_round, finish_draft, game_ends,
                    open_acrobat, open_draft, open_rasputin, rasputin_due, rasputin_played, start_round, turn_draft,
                    turn_window, window_closed)
from .draws import dealt, draw_done, draw_out, draw_to_cash, draw_to_keep, drawing, laid, lay_out
from .scoring import score_final
from .state import NOBODY, CitadelsState

P = "citadels."
TURN_MOVES = ("gold", "draw", "build", "income", "kill", "rob", "swap", "exchange", "bonus", "cards", "destroy",
              "lab", "smithy", "play", "fortune_teller", "cannon", "ticket", "end")
# The buildings a character may build in a turn (citadels.turn.build, char.architect_builds).
BUILDS = tuple(1 + (ARCHITECT_EXTRA_BUILDS if r == ARCHITECT else 0) for r in range(8))


# --- the turn's guards and hooks ---------------------------------------------------------------------
def begin_turn(st: CitadelsState) -> None:
    """citadels.call.reveal: the character called is revealed and its turn begins. Four plain statements: the
    flow writes them in place of a call (core/inline.py), once per turn; ``revealed`` does the rarer rest."""
    r = st.tc = st.rank
    st.tp = st.current = st.owner[r]
    st.income_done = st.ability_used = st.colour_used = st.lab_used = st.smithy_used = st.action_used = \
        st.turn_over = False  # a rank that answers was never silent (Rasputin's clears its own)
    if r == KING or st.robbed == r or st.paid or st.events is not None:
        revealed(st)
    else:
        st.builds_left, st.shown[r] = BUILDS[r], True

def revealed(st: CitadelsState) -> None:
    """citadels.call.reveal / char.king_crown / char.thief_steals: the turn's start where the character's reveal
    does more than open it (the King's crown, the Thief's theft, booths paid last turn, the log)."""
    r, p = st.tc, st.tp
    st.builds_left, st.shown[r] = BUILDS[r], True
    if st.paid:  # a new list only where booths were paid: the turn's own copy, never shared
        st.paid = []
    if st.events is not None:
        st.note(f"{{p{p}}} reveals the {CHARACTERS[r].name}.", {"player": p, "character": CHAR_IDS[r]})
    if r == KING:
        st.crown = p
        st.heir = NOBODY
        if st.events is not None:
            st.note(f"{{p{p}}} takes the crown.", {"crown": p})
    if st.robbed == r:
        thief = st.owner[THIEF]
        stolen = st.gold[p]
        st.gold[p] = 0
        st.gold[thief] += stolen
        if st.events is not None:
            st.note(f"The Thief, {{p{thief}}}, takes all {stolen} gold of {{p{p}}}.",
                    {"thief": thief, "victim": p, "gold": stolen})

def turn_settled(st: CitadelsState) -> bool:
    """No way out of the turn is open (the flow then skips its six edges): none was since the turn was entered."""
    return not st.detour

def turn_entered(st: CitadelsState) -> None:
    """Whenever the turn is entered, at its start or back from a draw, a choice or an answer, every way out
    of it is closed (tests/citadels/test_flow_settled.py holds the flow to it)."""
    st.detour = False

def kept(st: CitadelsState) -> bool:
    return not st.drawn

def cash_due(st: CitadelsState) -> bool:
    return st.cash_owner != NOBODY and not st.drawn  # the rare part first: this runs after every turn move

def ask_cash(st: CitadelsState) -> None:
    st.current = st.cash_owner

def cash_answered(st: CitadelsState) -> bool:
    return st.cash_owner == NOBODY

def exchanging(st: CitadelsState) -> bool:
    return st.exchanging

def exchanged(st: CitadelsState) -> bool:
    return not st.exchanging

def graveyard_offered(st: CitadelsState) -> bool:
    return st.grave_owner != NOBODY

def ask_graveyard(st: CitadelsState) -> None:
    st.current = st.grave_owner

def graveyard_answered(st: CitadelsState) -> bool:
    return st.grave_owner == NOBODY

def back_to_turn(st: CitadelsState) -> None:
    st.current = st.tp

def fortune_open(st: CitadelsState) -> bool:
    return st.fortune != NOBODY

def fortune_done(st: CitadelsState) -> bool:
    return st.fortune == NOBODY

def turn_ended(st: CitadelsState) -> bool:
    return st.turn_over


# --- the declaration ------------------------------------------------------------------------------------------

PHASES = (
    Phase("setup", "Set-up", on_enter=deal, rules=(P + "setup.gold", P + "setup.cards", P + "setup.crown")),
    Phase("deal", "Starting hands dealt", moves=("draw_card",), turn=turns.same, chance=True, on_enter=draw_out,
          rules=(P + "setup.cards",),
          note="four cards each from the top of the deck, in seat order"),
    Phase("round_start", "Characters shuffled", on_enter=start_round, rules=(P + "draft.face_down", P + "char.king_murdered")),
    Phase("lay", "Characters laid out", moves=("lay",), turn=turns.same, chance=True, on_enter=lay_out,
          rules=(P + "draft.face_down", P + "draft.face_up", P + "draft.king_not_face_up"),
          note="one face down, then 0-2 face up; never the King face up"),
    Phase("draft", "Character draft", moves=("pick", "bury"), turn=turn_draft,
          rules=(P + "draft.pass_left", P + "draft.last_two", P + "draft.seven_players", P + "draft.two_players",
                 P + "draft.three_players", P + "draft.secret"),
          note="the cards pass to the left; each player keeps one in secret"),
    Phase("calling", "The King calls", on_enter=call_next,
          rules=(P + "call.order", P + "call.reveal", P + "call.silent", P + "char.assassin"),
          note="ranks in order; a silent rank is passed over"),
    Phase("turn", "Character's turn", moves=TURN_MOVES, turn=turns.same, on_enter=turn_entered,
          settled=turn_settled,
          rules=(P + "turn.income", P + "turn.income_first", P + "turn.build", P + "turn.ability", P + "turn.end"),
          note="income, a build, the ability at any moment, then end"),
    Phase("draw", "Cards drawn", moves=("draw_card",), turn=turns.same, chance=True, on_enter=draw_out,
          rules=(P + "turn.income", P + "deck.reshuffle"), note="one card at a time from the top of the deck"),
    Phase("keep", "Keep drawn cards", moves=("keep",), turn=turns.same, rules=(P + "turn.income",)),
    Phase("exchange", "Wizard exchanges", moves=("exchange", "exchange_done"), turn=turns.same, rules=(P + "char.wizard_redraw",)),
    Phase("graveyard", "Graveyard", moves=("save", "decline"), turn=turns.same, rules=(P + "violet.graveyard",),
          note="the Graveyard's owner may buy the removed building"),
    Phase("fortune", "Fortune Teller", moves=("take",), turn=turns.same, rules=(P + "action.fortune_teller",)),
    Phase("cash", "Ticket Booth", moves=("cash", "decline"), turn=turns.same, rules=(P + "action.ticket_cash",)),
    Phase("rasputin", "Rasputin?", moves=("rasputin", "decline"), turn=turn_window,
          rules=(P + "action.rasputin", P + "action.window"), note="every player still to answer may answer, privately"),
    Phase("acrobat", "Acrobat?", moves=("acrobat", "decline"), turn=turn_window,
          rules=(P + "action.acrobat", P + "action.window"), note="every player still to answer may answer, privately"),
    Phase("round_end", "Round end", on_enter=end_round, rules=(P + "end.trigger", P + "char.king_murdered")),
    Phase("final_scoring", "Final scoring", on_enter=score_final,
          rules=(P + "score.buildings", P + "score.five_colours", P + "score.first_eight", P + "action.score")),
    Phase("game_over", "Game over", rules=(P + "score.tie_break",)),
)

EDGES = (
    Edge("setup", "deal", rule=P + "setup.cards"),
    Edge("deal", "round_start", guard=dealt, rule=P + "setup.crown", label="four cards each"),
    Edge("round_start", "lay", rule=P + "draft.face_down"),
    Edge("lay", "draft", guard=laid, hook=open_draft, rule=P + "draft.pass_left", label="laid out"),
    Edge("draft", "calling", guard=draft_done, hook=finish_draft, rule=P + "draft.last_two",
         label="every character placed"),
    Edge("calling", "turn", guard=character_answers, hook=begin_turn, rule=P + "call.reveal",
         label="holder reveals"),
    Edge("calling", "rasputin", guard=rasputin_due, hook=open_rasputin, rule=P + "action.rasputin",
         label="murdered character called"),
    Edge("calling", "acrobat", guard=acrobat_due, hook=open_acrobat, rule=P + "action.acrobat",
         label="King silent"),
    Edge("calling", "round_end", rule=P + "call.order", label="all eight called"),
    Edge("turn", "calling", guard=turn_ended, rule=P + "turn.end", label="end of turn"),
    Edge("turn", "draw", guard=drawing, rule=P + "turn.income", label="cards to draw"),
    Edge("turn", "exchange", guard=exchanging, rule=P + "char.wizard_redraw", label="Wizard discards"),
    Edge("turn", "graveyard", guard=graveyard_offered, hook=ask_graveyard, rule=P + "violet.graveyard",
         label="building removed"),
    Edge("turn", "fortune", guard=fortune_open, rule=P + "action.fortune_teller", label="hand shown"),
    Edge("turn", "cash", guard=cash_due, hook=ask_cash, rule=P + "action.ticket_cash", label="booth paid"),
    Edge("keep", "cash", guard=cash_due, hook=ask_cash, rule=P + "action.ticket_cash", label="booth paid"),
    Edge("keep", "turn", guard=kept, rule=P + "turn.income", label="kept"),
    Edge("exchange", "draw", guard=drawing, rule=P + "char.wizard_redraw", label="cards to draw"),
    Edge("exchange", "turn", guard=exchanged, rule=P + "char.wizard_redraw", label="nothing to draw"),
    Edge("draw", "keep", guard=draw_to_keep, rule=P + "turn.income", label="drawn, to keep"),
    Edge("draw", "cash", guard=draw_to_cash, hook=ask_cash, rule=P + "action.ticket_cash", label="booth paid"),
    Edge("draw", "turn", guard=draw_done, rule=P + "turn.income", label="drawn"),
    Edge("graveyard", "turn", guard=graveyard_answered, hook=back_to_turn, rule=P + "violet.graveyard",
         label="answered"),
    Edge("fortune", "turn", guard=fortune_done, rule=P + "action.fortune_teller", label="card taken"),
    Edge("cash", "turn", guard=cash_answered, hook=back_to_turn, rule=P + "action.ticket_cash",
         label="answered"),
    Edge("rasputin", "turn", guard=rasputin_played, hook=begin_turn, rule=P + "action.rasputin",
         label="Rasputin played"),
    Edge("rasputin", "acrobat", guard=acrobat_due, hook=open_acrobat, rule=P + "action.acrobat",
         label="King silent"),
    Edge("rasputin", "calling", guard=window_closed, rule=P + "action.window", label="all declined"),
    Edge("acrobat", "calling", guard=window_closed, rule=P + "action.window", label="all answered"),
    Edge("round_end", "final_scoring", guard=game_ends, rule=P + "end.trigger", label="a city of eight"),
    Edge("round_end", "round_start", rule=P + "call.order"),
    Edge("final_scoring", "game_over", rule=P + "score.tie_break"),
)

FLOW = Flow(start="setup", phases=PHASES, edges=EDGES, terminal="game_over")
