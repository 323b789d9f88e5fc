"""The Saint Petersburg phase machine: the one declaration the engine runs and the diagram draws."""
from __future__ import annotations

from ...core.flow import Edge, Flow, Phase

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
    Phase("observatory", "Observatory draw", moves=("buy", "take", "discard"), turn="same",
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

# Which action phase (0 workers .. 3 trading) each phase belongs to.
STAGE_OF = {"worker": 0, "building": 1, "aristocrat": 2, "trading": 3}
