"""The Keythedral phase machine: the one declaration the engine runs and the diagram draws."""
from __future__ import annotations

from ...core.flow import Edge, Flow, Phase

P = "keythedral."
ACTIONS = ("pass", "buy", "house", "fence", "unfence", "craft", "trade", "law")

PHASES = (
    Phase("setup", "Preparation", on_enter="prepare",
          rules=(P + "setup.pieces", P + "setup.store", P + "setup.buildings", P + "setup.law_spaces",
                 P + "setup.field_tiles", P + "setup.keythedral", P + "variant.two_players",
                 P + "variant.face_up", P + "variant.version")),
    Phase("lay_tiles", "Set up: lay tiles", moves=("field", "cottage"), turn="setup",
          rules=(P + "setup.lay_field", P + "setup.lay_cottage", P + "setup.until_all_laid"),
          note="each in turn lays the top field tile, then a cottage"),
    Phase("reveal_first", "Turn over stage one", on_enter="reveal_first", rules=(P + "setup.reveal_first",)),
    Phase("order", "1a. Work order", moves=("order",), turn="same", rules=(P + "order.choose",),
          note="the next marker goes on a number not yet chosen"),
    Phase("place", "1b. Place workers", moves=("worker",), turn="placing",
          rules=(P + "order.place_in_turn", P + "worker.adjacent", P + "worker.closed", P + "worker.house_two",
                 P + "worker.idle"),
          note="from the chooser round the table, cottages or houses of that number"),
    Phase("harvest", "2. Collect cubes", on_enter="harvest",
          rules=(P + "harvest.collect", P + "harvest.store_empty")),
    Phase("actions", "3. Spend cubes", moves=ACTIONS, turn="actions",
          rules=(P + "action.loop", P + "action.until", P + "action.pass_again", P + "action.no_trading"),
          note="one action or a pass at a time, until all still in pass in succession"),
    Phase("relocate", "Relocate a fenced-off cottage", moves=("relocate",), turn="same",
          rules=(P + "fence.relocate",), note="its owner lays it again at once"),
    Phase("retrieve", "4. Retrieve workers", on_enter="retrieve", rules=(P + "retrieve.reset",)),
    Phase("auction", "5. Start-player auction", moves=("bid",), turn="bidding",
          rules=(P + "auction.bid_once", P + "auction.b_matches"),
          note="from the player after B, one bid each; B last, winning by a match"),
    Phase("auction_pay", "5. Pay the bid", moves=("give",), turn="same", rules=(P + "auction.pay",),
          note="one cube at a time"),
    Phase("choose_start", "5. Choose the start player", moves=("start",), turn="same",
          rules=(P + "auction.choose_start",)),
    Phase("final_scoring", "Final scoring", on_enter="score_final", rules=(P + "score.total", P + "score.winner")),
    Phase("game_over", "Game over"),
)

EDGES = (
    Edge("setup", "lay_tiles", rule=P + "setup.lay_field"),
    Edge("lay_tiles", "reveal_first", guard="all_laid", rule=P + "setup.until_all_laid", label="all tiles laid"),
    Edge("reveal_first", "order", hook="begin_round", rule=P + "round.five_phases"),
    Edge("order", "place", guard="number_chosen", hook="begin_placing", rule=P + "order.place_in_turn",
         label="a number chosen"),
    Edge("place", "harvest", guard="all_numbers_placed", rule=P + "order.choose", label="all five chosen and placed"),
    Edge("place", "order", guard="placing_done", hook="next_marker", rule=P + "order.choose",
         label="everyone placed"),
    Edge("harvest", "actions", hook="begin_actions", rule=P + "round.five_phases"),
    Edge("actions", "final_scoring", guard="last_tile_bought", rule=P + "end.last_tile", label="last tile acquired"),
    Edge("actions", "relocate", guard="cottage_fenced_off", hook="begin_relocation", rule=P + "fence.relocate",
         label="a cottage fenced off"),
    Edge("relocate", "actions", guard="relocated", hook="resume_actions", rule=P + "fence.relocate",
         label="laid again"),
    Edge("actions", "retrieve", guard="actions_over", rule=P + "action.until", label="all still in passed"),
    Edge("retrieve", "auction", hook="begin_auction", rule=P + "round.five_phases"),
    Edge("auction", "auction_pay", guard="bid_owed", hook="begin_payment", rule=P + "auction.pay",
         label="a bid won"),
    Edge("auction", "choose_start", guard="bidding_over", hook="begin_choice", rule=P + "auction.choose_start",
         label="no bids"),
    Edge("auction_pay", "choose_start", guard="bid_paid", hook="begin_choice", rule=P + "auction.pay",
         label="paid in full"),
    Edge("choose_start", "order", guard="start_chosen", hook="begin_round", rule=P + "round.five_phases",
         label="new round"),
    Edge("final_scoring", "game_over", rule=P + "score.winner"),
)

FLOW = Flow(start="setup", phases=PHASES, edges=EDGES, terminal="game_over")
