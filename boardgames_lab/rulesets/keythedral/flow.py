"""The Keythedral phase machine: the one declaration the engine runs and the diagram draws, and the hooks,
guards and turn orders it names (set-up, the five phases of a round, law windows, the end)."""
from __future__ import annotations

from ...core import turns
from ...core.flow import Edge, Flow, Phase
from . import laws
from .checks import open_fields, setup_step_is_field
from .data import (BROWN, BUILDINGS, CENTRE, CRAFT_STOCK, CUBE_NAME, CUBE_POINTS, FIELD_TILES, GREY, KEY_QUARRIES,
                   KEY_WOODS, LAW_SPACES, LAW_SPACES_TWO_PLAYERS, LAWS, LETTER, STAGE_FULL_ASSUMED, STAGE_POINTS,
                   STAGE_SHORT_ASSUMED, STAGE_TILES, STORE_START, TWO_PLAYER_FIELDS, fmt)
from .auction import (begin_auction, begin_choice, begin_payment, bid_owed, bid_paid, bidding_over, retrieve,
                      start_chosen, turn_bidding)
from .draws import (laws_dealt, replaced_in_window, replaced_on_turn, space_to_fill, stage_face_down, tile_to_replace,
                    turned_after_fields, turned_before_fields, turned_in_window, turned_on_turn, variant_to_turn)
from .scoring import score_final
from .workers import harvest, next_placer, placing_queue
from .state import KEYTHEDRAL, KState

P = "keythedral."
ACTIONS = ("pass", "buy", "house", "fence", "unfence", "craft", "trade", "law", "play")
LAW_RULES = tuple(P + "law." + name for name in (
    "window", "once", "declared", "work_order", "price_increase", "price_decrease", "upgrade_cottage", "substitution",
    "cottage_number", "craft_bargain", "unexpected_harvest", "broken_fences", "repeal_law", "unsafe_fence",
    "house_moratorium", "design_change", "double_production", "bargain", "sale", "downgrade_house", "good_harvest",
    "poor_harvest", "start_order"))



# --- set-up -----------------------------------------------------------------------------------------

def prepare(st: KState) -> None:
    """keythedral.setup.* and the variants: everything laid out before the players lay tiles."""
    n = st.num_players
    st.store = list(STORE_START)
    st.shops = [CRAFT_STOCK] * 3
    counts = STAGE_FULL_ASSUMED if st.options["version"] == "full" else STAGE_SHORT_ASSUMED
    for stage, tiles in enumerate(STAGE_TILES):
        pool = list(tiles)
        st.rng.shuffle(pool, what=f"the stage-{stage + 1} building tiles")
        st.rows[stage] = sorted(pool[:counts[stage]])
        st.surplus.extend(pool[counts[stage]:])
    st.surplus.sort()
    st.face_up = [False] * 5  # turned in chance phases (draws.turn_tiles); variation two: all at set-up
    deck = list(range(len(LAWS)))
    st.rng.shuffle(deck, what="the law cards")
    st.law_deck = deck
    st.law_spaces = [-1] * (LAW_SPACES_TWO_PLAYERS if st.two_player else LAW_SPACES)  # dealt: draws.deal_law
    ones = [i for i, t in enumerate(FIELD_TILES) if t.number == 1]
    if st.two_player:  # keythedral.variant.two_players: a quarry and a wood, no Keythedral tile
        quarry = next(i for i in ones if FIELD_TILES[i].kind == GREY)
        wood = next(i for i in ones if FIELD_TILES[i].kind == BROWN)
        st.put_field(TWO_PLAYER_FIELDS[0], quarry)
        st.put_field(TWO_PLAYER_FIELDS[1], wood)
        stack = [i for i, t in enumerate(FIELD_TILES) if t.number == 2]
    else:
        st.put_cottage(CENTRE, KEYTHEDRAL)
        quarries = [i for i in ones if FIELD_TILES[i].kind == GREY]
        woods = [i for i in ones if FIELD_TILES[i].kind == BROWN]
        for node, tile in zip(KEY_QUARRIES + KEY_WOODS, quarries + woods):
            st.put_field(node, tile)
        stack = [i for i, t in enumerate(FIELD_TILES) if 2 <= t.number <= n]
    st.rng.shuffle(stack, what="the field tiles")
    st.field_stack = stack
    st.current = st.start
    if st.events is not None:
        st.note(f"The board is prepared: {len(stack)} field tiles in the stack, "
                f"{sum(len(r) for r in st.rows)} building tiles on the mat ({st.options['version']} version).",
                {"stack": len(stack), "buildings": [len(r) for r in st.rows]})


def all_laid(st: KState) -> bool:
    return all(c is not None for c in st.cottage_at)


def field_due(st: KState) -> bool:
    """A player laid a field then a cottage: the next player's field step comes, with the top tile to take."""
    return not st.field_taken and setup_step_is_field(st)


def next_layer(st: KState) -> None:
    st.current = (st.current + 1) % st.num_players


def field_in_hand(st: KState) -> bool:
    return st.field_taken

# --- phase one -------------------------------------------------------------------------------------
def begin_round(st: KState) -> None:
    """keythedral.round.five_phases; then the window for cards played at the start of phase one."""
    st.round += 1
    st.order_k = 0
    st.chosen = []
    st.current = st.start
    if st.events is not None:
        st.note(f"Round {st.round} begins; {{p{st.start}}} is the start player.", {"round": st.round})
    laws.open_window(st, "p1", laws.players_from(st, st.start), "order")

# --- law windows -----------------------------------------------------------------------------------
def window_open(st: KState) -> bool:
    w = st.window  # {} or a window with its frames
    return bool(w and w["frames"])

# One guard per phase to resume, mutually exclusive; each reads the window itself (they run after every
# answer in a law window, so no shared helper call).
def resume_order(st: KState) -> bool:
    w = st.window
    return bool(w) and not w["frames"] and w["resume"] == "order"

def resume_place(st: KState) -> bool:
    w = st.window
    return bool(w) and not w["frames"] and w["resume"] == "place"

def resume_harvest(st: KState) -> bool:
    w = st.window
    return bool(w) and not w["frames"] and w["resume"] == "harvest"

def resume_actions_window(st: KState) -> bool:
    w = st.window
    return bool(w) and not w["frames"] and w["resume"] == "actions"

def resume_retrieve(st: KState) -> bool:
    w = st.window
    return bool(w) and not w["frames"] and w["resume"] == "retrieve"

def resume_auction(st: KState) -> bool:
    w = st.window
    return bool(w) and not w["frames"] and w["resume"] == "auction"

def open_retrieve_window(st: KState) -> None:
    """keythedral.law.window: the beginning of phase four (Start order and the cards played at any time)."""
    laws.open_window(st, "p4", laws.players_from(st, st.start), "retrieve")

def open_auction_window(st: KState) -> None:
    """keythedral.law.window: the beginning of phase five, before the start marker passes."""
    laws.open_window(st, "p5", laws.players_from(st, st.start), "auction")

def resume_to_auction(st: KState) -> None:
    st.window = {}
    begin_auction(st)

def resume(st: KState) -> None:
    """Back from a law window: whoever was to decide decides (or the turn moves on after a purchase)."""
    current = st.window["current"]
    st.window = {}
    if st.phase == "order":
        _order_chooser(st)
    elif st.phase == "actions":
        st.stay = False
        if current is None:
            st.current = _next_active(st, st.actor)
        else:
            st.current = st.actor = current

def resume_placing(st: KState) -> None:
    st.window = {}
    begin_placing(st)

def _order_chooser(st: KState) -> None:
    """keythedral.order.choose / law.work_order: who places the next work order marker."""
    holder = st.effects.get("work_order")
    st.current = holder if holder is not None else (st.start + st.order_k) % st.num_players

def open_harvest_window(st: KState) -> None:
    laws.open_window(st, "p2", laws.players_from(st, st.start), "harvest")

def colours_to_choose(st: KState) -> bool:
    return "choose" in st.effects

def colours_chosen(st: KState) -> bool:
    return "choose" not in st.effects

def number_chosen(st: KState) -> bool:
    return len(st.chosen) > st.order_k

def begin_placing(st: KState) -> None:
    """keythedral.order.place_in_turn: from the chooser round the table."""
    chooser = (st.start + st.order_k) % st.num_players
    st.queue = placing_queue(st, chooser)
    next_placer(st)

def placing_done(st: KState) -> bool:
    return st.to_place == 0 and not st.queue

def all_numbers_placed(st: KState) -> bool:
    return st.order_k == 4 and st.to_place == 0 and not st.queue

def next_marker(st: KState) -> None:
    st.order_k += 1
    _order_chooser(st)

def turn_placing(st: KState) -> None:
    """The placer is set by the move itself (a house sends two, then the queue moves on)."""

# --- phases two and three ----------------------------------------------------------------------------

def begin_actions(st: KState) -> None:
    st.out = [False] * st.num_players
    st.passes = 0
    st.stay = False
    st.current = st.actor = st.start
    laws.open_window(st, "p3", laws.players_from(st, st.start), "actions")

def _next_active(st: KState, after: int) -> int:
    n = st.num_players
    out = st.out
    for q in laws.ROUNDS[n][(after + 1) % n][0]:  # the players after ``after`` round the table, then them
        if not out[q]:
            return q
    return after

def turn_actions(st: KState) -> None:
    """keythedral.action.loop: the next player still in, clockwise (a law card played is not a turn)."""
    if st.stay:
        st.stay = False
        return
    st.current = _next_active(st, st.actor)

def last_tile_bought(st: KState) -> bool:
    return st.stage >= 5

def cottage_fenced_off(st: KState) -> bool:
    return bool(st.relocating)

def begin_relocation(st: KState) -> None:
    st.current = st.relocating[0] // 5

def relocated(st: KState) -> bool:
    return not st.relocating

def resume_actions(st: KState) -> None:
    st.current = _next_active(st, st.actor)

def actions_over(st: KState) -> bool:
    """keythedral.action.until: every player still in has passed in succession."""
    return st.passes >= st.num_players - sum(st.out)


# --- the declaration ------------------------------------------------------------------------------------------

PHASES = (
    Phase("setup", "Preparation", on_enter=prepare,
          rules=(P + "setup.pieces", P + "setup.store", P + "setup.buildings", P + "setup.law_spaces",
                 P + "setup.field_tiles", P + "setup.keythedral", P + "variant.two_players",
                 P + "variant.face_up", P + "variant.version")),
    Phase("deal_laws", "Set up: law cards on the new-law spaces", moves=("deal",), chance=True,
          rules=(P + "setup.law_spaces",), note="chance: the top law card, face down, on each space"),
    Phase("draw_field", "Set up: take the top field tile", moves=("draw",), chance=True,
          rules=(P + "setup.lay_field", P + "secret.field_stack"), note="chance: seen by its taker only"),
    Phase("lay_tiles", "Set up: lay tiles", moves=("field", "cottage"), turn=turns.same,
          rules=(P + "setup.lay_field", P + "setup.lay_cottage", P + "setup.until_all_laid"),
          note="each in turn lays the top field tile, then a cottage"),
    Phase("reveal_first", "Turn over stage one", rules=(P + "setup.reveal_first",)),
    Phase("turn_tiles", "Turn a stage face up", moves=("turn",), chance=True,
          rules=(P + "setup.reveal_first", P + "buy.next_stage", P + "variant.face_up"),
          note="chance: which of the stage's unseen tiles lay face down on the mat"),
    Phase("replace_tile", "Design change: a random tile", moves=("replace",), chance=True,
          rules=(P + "law.design_change",), note="chance: an unused tile of the stage"),
    Phase("refill_laws", "4. Refill the new-law spaces", moves=("deal",), chance=True,
          rules=(P + "retrieve.reset",), note="chance: the top law card, face down"),
    Phase("round_start", "Round start", on_enter=begin_round, rules=(P + "round.five_phases",)),
    Phase("law_window", "Law window", moves=("play", "decline"), turn=turns.same, rules=LAW_RULES,
          note="each player still to answer, in any order, plays a law card or declines"),
    Phase("order", "1a. Work order", moves=("order",), turn=turns.same, rules=(P + "order.choose",),
          note="the next marker goes on a number not yet chosen"),
    Phase("place", "1b. Place workers", moves=("worker",), turn=turn_placing,
          rules=(P + "order.place_in_turn", P + "worker.adjacent", P + "worker.closed", P + "worker.house_two",
                 P + "worker.idle"),
          note="from the chooser round the table, cottages or houses of that number"),
    Phase("harvest_start", "2. Harvest cards", on_enter=open_harvest_window, rules=(P + "law.window",)),
    Phase("harvest", "2. Collect cubes", on_enter=harvest,
          rules=(P + "harvest.collect", P + "harvest.store_empty")),
    Phase("harvest_choice", "2. Unexpected harvest", moves=("take",), turn=turns.same,
          rules=(P + "law.unexpected_harvest",), note="the card's player picks the colours"),
    Phase("actions_start", "3. Start of phase three", on_enter=begin_actions, rules=(P + "law.window",)),
    Phase("actions", "3. Spend cubes", moves=ACTIONS, turn=turn_actions,
          rules=(P + "action.loop", P + "action.until", P + "action.pass_again", P + "action.no_trading"),
          note="one action or a pass at a time, until all still in pass in succession"),
    Phase("relocate", "Relocate a fenced-off cottage", moves=("relocate",), turn=turns.same,
          rules=(P + "fence.relocate",), note="its owner lays it again at once"),
    Phase("retrieve_start", "4. Start of phase four", on_enter=open_retrieve_window, rules=(P + "law.window",)),
    Phase("retrieve", "4. Retrieve workers", on_enter=retrieve, rules=(P + "retrieve.reset",)),
    Phase("auction_start", "5. Start of phase five", on_enter=open_auction_window, rules=(P + "law.window",)),
    Phase("auction", "5. Start-player auction", moves=("bid",), turn=turn_bidding,
          rules=(P + "auction.bid_once", P + "auction.b_matches"),
          note="from the player after B, one bid each; B last, winning by a match"),
    Phase("auction_pay", "5. Pay the bid", moves=("give",), turn=turns.same, rules=(P + "auction.pay",),
          note="one cube at a time"),
    Phase("choose_start", "5. Choose the start player", moves=("start",), turn=turns.same,
          rules=(P + "auction.choose_start",)),
    Phase("final_scoring", "Final scoring", on_enter=score_final, rules=(P + "score.total", P + "score.winner")),
    Phase("game_over", "Game over"),
)

EDGES = (
    Edge("setup", "deal_laws", rule=P + "setup.law_spaces"),
    Edge("deal_laws", "turn_tiles", guard=variant_to_turn, rule=P + "variant.face_up", label="variation two"),
    Edge("deal_laws", "draw_field", guard=laws_dealt, rule=P + "setup.lay_field", label="spaces filled"),
    Edge("turn_tiles", "draw_field", guard=turned_before_fields, rule=P + "setup.lay_field", label="turned"),
    Edge("draw_field", "lay_tiles", guard=field_in_hand, rule=P + "setup.lay_field", label="tile taken"),
    Edge("lay_tiles", "reveal_first", guard=all_laid, rule=P + "setup.until_all_laid", label="all tiles laid"),
    Edge("lay_tiles", "draw_field", guard=field_due, hook=next_layer, rule=P + "setup.lay_field",
         label="next player"),
    Edge("reveal_first", "turn_tiles", guard=stage_face_down, rule=P + "setup.reveal_first", label="face down"),
    Edge("reveal_first", "round_start", rule=P + "round.five_phases"),
    Edge("turn_tiles", "round_start", guard=turned_after_fields, rule=P + "round.five_phases", label="turned"),
    Edge("turn_tiles", "law_window", guard=turned_in_window, rule=P + "law.window", label="turned"),
    Edge("turn_tiles", "actions", guard=turned_on_turn, hook=turn_actions, rule=P + "action.loop",
         label="turned"),
    Edge("replace_tile", "law_window", guard=replaced_in_window, rule=P + "law.window", label="replaced"),
    Edge("replace_tile", "actions", guard=replaced_on_turn, hook=turn_actions, rule=P + "action.loop",
         label="replaced"),
    Edge("law_window", "turn_tiles", guard=stage_face_down, rule=P + "buy.next_stage", label="stage emptied"),
    Edge("law_window", "replace_tile", guard=tile_to_replace, rule=P + "law.design_change",
         label="design change"),
    Edge("round_start", "law_window", guard=window_open, rule=P + "law.window", label="law window"),
    Edge("round_start", "order", rule=P + "order.choose"),
    Edge("order", "law_window", guard=window_open, rule=P + "law.cottage_number", label="law window"),
    Edge("law_window", "order", guard=resume_order, hook=resume, rule=P + "law.window", label="window closed"),
    Edge("law_window", "place", guard=resume_place, hook=resume_placing, rule=P + "law.window",
         label="window closed"),
    Edge("law_window", "harvest", guard=resume_harvest, hook=resume, rule=P + "law.window",
         label="window closed"),
    Edge("law_window", "actions", guard=resume_actions_window, hook=resume, rule=P + "law.window",
         label="window closed"),
    Edge("order", "place", guard=number_chosen, hook=begin_placing, rule=P + "order.place_in_turn",
         label="a number chosen"),
    Edge("place", "harvest_start", guard=all_numbers_placed, rule=P + "order.choose",
         label="all five chosen and placed"),
    Edge("harvest_start", "law_window", guard=window_open, rule=P + "law.window", label="law window"),
    Edge("harvest_start", "harvest", rule=P + "round.five_phases"),
    Edge("harvest", "harvest_choice", guard=colours_to_choose, rule=P + "law.unexpected_harvest",
         label="colours to choose"),
    Edge("harvest_choice", "actions_start", guard=colours_chosen, rule=P + "law.unexpected_harvest",
         label="all chosen"),
    Edge("place", "order", guard=placing_done, hook=next_marker, rule=P + "order.choose",
         label="everyone placed"),
    Edge("harvest", "actions_start", rule=P + "round.five_phases"),
    Edge("actions_start", "law_window", guard=window_open, rule=P + "law.window", label="law window"),
    Edge("actions_start", "actions", rule=P + "action.loop"),
    Edge("actions", "final_scoring", guard=last_tile_bought, rule=P + "end.last_tile", label="last tile acquired"),
    Edge("actions", "turn_tiles", guard=stage_face_down, rule=P + "buy.next_stage", label="stage emptied"),
    Edge("actions", "replace_tile", guard=tile_to_replace, rule=P + "law.design_change", label="design change"),
    Edge("actions", "law_window", guard=window_open, rule=P + "law.window", label="law window"),
    Edge("actions", "relocate", guard=cottage_fenced_off, hook=begin_relocation, rule=P + "fence.relocate",
         label="a cottage fenced off"),
    Edge("relocate", "actions", guard=relocated, hook=resume_actions, rule=P + "fence.relocate",
         label="laid again"),
    Edge("actions", "retrieve_start", guard=actions_over, rule=P + "action.until", label="all still in passed"),
    Edge("retrieve_start", "law_window", guard=window_open, rule=P + "law.window", label="law window"),
    Edge("retrieve_start", "retrieve", rule=P + "round.five_phases"),
    Edge("law_window", "retrieve", guard=resume_retrieve, hook=resume, rule=P + "law.window",
         label="window closed"),
    Edge("retrieve", "refill_laws", guard=space_to_fill, rule=P + "retrieve.reset", label="a space empty"),
    Edge("refill_laws", "auction_start", guard=laws_dealt, rule=P + "round.five_phases", label="refilled"),
    Edge("retrieve", "auction_start", rule=P + "round.five_phases"),
    Edge("auction_start", "law_window", guard=window_open, rule=P + "law.window", label="law window"),
    Edge("auction_start", "auction", hook=begin_auction, rule=P + "auction.bid_once"),
    Edge("law_window", "auction", guard=resume_auction, hook=resume_to_auction, rule=P + "law.window",
         label="window closed"),
    Edge("auction", "auction_pay", guard=bid_owed, hook=begin_payment, rule=P + "auction.pay",
         label="a bid won"),
    Edge("auction", "choose_start", guard=bidding_over, hook=begin_choice, rule=P + "auction.choose_start",
         label="no bids"),
    Edge("auction_pay", "choose_start", guard=bid_paid, hook=begin_choice, rule=P + "auction.pay",
         label="paid in full"),
    Edge("choose_start", "round_start", guard=start_chosen, rule=P + "round.five_phases",
         label="new round"),
    Edge("final_scoring", "game_over", rule=P + "score.winner"),
)

FLOW = Flow(start="setup", phases=PHASES, edges=EDGES, terminal="game_over")
