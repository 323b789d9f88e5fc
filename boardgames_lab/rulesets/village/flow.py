"""The Village phase machine, the one declaration the engine runs and the diagram draws, with its set-up,
guards, hooks and turn orders: each a function of the state, named by the declaration at the end."""
from __future__ import annotations

from ...core import turns
from ...core.flow import Edge, Flow, Phase
from .data import (BEER, BEER_AT_START, COIN_SUPPLY, CUBES_PER_COLOUR, CUSTOMERS, FARM, GENERATIONS, GRAIN_SUPPLY,
                   MARKET, MONKS, PLAGUE, PLAGUE_CUBES, QUEUE_SPACES, START_BORN, START_COINS, UNBORN)
from .death import resolve_forced
from .effects import CUBES_OWED, DONE, PRIVILEGE_OWED, say
from .info import goods_totals, setup_card, stall_count
from .draws import board_seeded, customers_dealt, draw_out, market_refilled, mass_drawn, return_monks
from .market import market_over, move_up, turn_market_next
from .mass import award_mass, in_turn_order, prune
from .scoring import score_final
from .state import VillageState

P = "village."
ACTION_MOVES = ("skip", "harvest", "birth", "recall", "craft", "mill", "council", "privilege", "travel", "church")



# --- set-up and the round ----------------------------------------------------------------------------------------

def deal(st: VillageState) -> None:
    """village.setup.players"""
    n = st.num_players
    st.places = [[FARM if i < START_BORN else UNBORN for i in range(len(GENERATIONS))] for _ in range(n)]
    st.coins = [START_COINS] * n
    st.coin_supply = COIN_SUPPLY - START_COINS * n
    st.grain_supply = GRAIN_SUPPLY
    st.supply = [CUBES_PER_COLOUR] * 4 + [PLAGUE_CUBES]
    st.goods_supply = goods_totals(st.options)
    if st.options.get("inn_brewery"):
        for p in range(n):
            st.goods[p][BEER] = BEER_AT_START
            st.goods_supply[BEER] -= BEER_AT_START
    st.monks = MONKS
    pile = list(range(len(CUSTOMERS)))
    st.rng.shuffle(pile, what="the customer pile")
    st.stalls = [-1] * stall_count(st.options, n)  # dealt face up from the pile in the customers phase
    st.queue = [-1] * QUEUE_SPACES
    st.pile = pile
    st.start_player = 0  # the oldest player: seat 0
    say(st, "Each player puts four generation-1 villagers on the farm and takes one coin.")


def seed_round(st: VillageState) -> None:
    """village.round.seed: the setup card's cubes into the bag (drawn onto the areas in the seed phase)."""
    per_colour = setup_card(st.options, st.num_players)[0]
    for c in range(4):
        added = min(per_colour, st.supply[c])
        st.supply[c] -= added
        st.bag[c] += added
    st.bag[PLAGUE] += st.supply[PLAGUE]
    st.supply[PLAGUE] = 0
    say(st, f"Round {st.round}: the board is seeded from the bag.", round=st.round)


def first_turn(st: VillageState) -> None:
    st.turn_player = st.current = st.start_player
    st.area, st.step = -1, 0


def start_new_round(st: VillageState) -> None:
    """village.round.next_start"""
    if st.ring >= 0:
        st.start_player = st.ring
        say(st, f"{{p{st.ring}}} holds the ring and starts the next round.", player=st.ring)
        st.ring = -1
    st.round += 1


# --- the turn, the market day and the deaths ---------------------------------------------------------------------

def market_day(st: VillageState) -> bool:
    return st.area == MARKET and st.opener < 0


def acting(st: VillageState) -> bool:
    return st.area >= 0 and st.area != MARKET


def open_market(st: VillageState) -> None:
    """village.market.day"""
    st.opener = st.current
    st.held_deaths, st.deaths = st.deaths, 0  # a plague cube's death waits for the end of the turn
    st.passed = [False] * st.num_players
    st.first_sale = True
    st.served_any = False
    if st.events is not None:
        say(st, f"{{p{st.current}}} starts a market day.", player=st.current)


def privilege_owed(st: VillageState) -> bool:
    return st.step == PRIVILEGE_OWED


def cubes_owed(st: VillageState) -> bool:
    return st.step == CUBES_OWED


def action_done(st: VillageState) -> bool:
    return st.step == DONE


def death_choice(st: VillageState) -> bool:
    return st.deaths > 0


def deaths_settled(st: VillageState) -> bool:
    return st.deaths == 0


def after_market_death(st: VillageState) -> None:
    if not market_over(st):
        turn_market_next(st)


def close_market(st: VillageState) -> None:
    """village.market.end: the line moves up (the refill phase draws its back from the pile)."""
    move_up(st)
    st.opener = -1
    st.current = st.turn_player
    st.deaths, st.held_deaths = st.held_deaths, 0
    st.step = DONE
    say(st, "The market day ends.")


def settle_deaths(st: VillageState) -> None:
    """village.death.end_of_turn: deaths are chosen now, after the whole action."""
    st.area, st.step = -1, 0
    st.current = st.turn_player
    if st.deaths:
        resolve_forced(st)


# --- the end of the game ---------------------------------------------------------------------------------------

def end_triggered(st: VillageState) -> bool:
    return st.end_by >= 0 and last_actions_left(st)  # one expression: the runner reads it in place of a call


def last_actions_left(st: VillageState) -> bool:
    if st.last_queue is None:
        st.last_queue = last_order(st)
    return bool(st.last_queue)


def last_order(st: VillageState) -> list[int]:
    """village.end.last_actions / end.market_day"""
    n = st.num_players
    if st.end_opener < 0 or st.end_opener == st.end_by:
        first = st.end_by if st.end_opener < 0 else st.end_opener
        return [(first + k) % n for k in range(1, n)]
    return [(st.end_opener + k) % n for k in range(1, n + 1)]


def last_actions_done(st: VillageState) -> bool:
    return st.end_by >= 0 and st.last_queue is not None and not st.last_queue


def next_last_action(st: VillageState) -> None:
    assert st.last_queue is not None
    st.turn_player = st.current = st.last_queue.pop(0)
    st.no_cubes = not any(st.area_cubes)  # village.end.no_cubes


def board_empty(st: VillageState) -> bool:
    return not any(st.area_cubes)


def next_player(st: VillageState) -> None:
    st.turn_player = st.current = (st.turn_player + 1) % st.num_players


# --- the Mass ------------------------------------------------------------------------------------------------------

def begin_mass(st: VillageState) -> None:
    st.selected = 0
    st.mass_queue = in_turn_order(st)
    prune(st, "redeem")


def selection_over(st: VillageState) -> bool:
    return not st.mass_queue or st.selected >= 4


def turn_mass_next(st: VillageState) -> None:
    """The head of the Mass queue decides (the moves keep the queue pruned)."""
    if st.mass_queue:
        st.current = st.mass_queue[0]


def begin_advance(st: VillageState) -> None:
    return_monks(st)
    st.mass_queue = in_turn_order(st)
    prune(st, "raise")


def mass_queue_empty(st: VillageState) -> bool:
    return not st.mass_queue


def prepare_final_mass(st: VillageState) -> None:
    st.final_mass = True


def is_final_mass(st: VillageState) -> bool:
    return st.final_mass


# --- the declaration ------------------------------------------------------------------------------------------

PHASES = (
    Phase("setup", "Set-up", on_enter=deal, rules=(P + "setup.players",)),
    Phase("customers", "Draw: customers to the market", moves=("customer",), chance=True, on_enter=draw_out,
          rules=(P + "setup.customers", P + "hidden.pile"), note="the stalls, then the waiting spaces, from the pile"),
    Phase("round_start", "Fill the green bag", on_enter=seed_round, rules=(P + "round.seed",)),
    Phase("seed", "Draw: cubes onto the areas", moves=("seed",), chance=True, on_enter=draw_out,
          rules=(P + "round.seed",),
          note="the setup card's count onto each area in turn"),
    Phase("turn", "Take a cube", moves=("take", "well", "free"), turn=turns.same,
          rules=(P + "turn.take_cube", P + "turn.plague", P + "well.action", P + "coins.joker", P + "end.no_cubes"),
          note="one cube from an area, or the Well"),
    Phase("action", "Act", moves=ACTION_MOVES, turn=turns.same,
          rules=(P + "turn.skip", P + "harvest.grain", P + "family.birth", P + "family.recall", P + "crafts.worker",
                 P + "crafts.training", P + "crafts.resources", P + "crafts.mill", P + "council.enter",
                 P + "council.advance", P + "council.privilege", P + "travel.route", P + "travel.reward",
                 P + "church.action", P + "inn.brewery", P + "marriage.tools"),
          note="the area's action, or skip"),
    Phase("privilege", "Council privilege", moves=("privilege",), turn=turns.same,
          rules=(P + "council.privilege", P + "council.ring", P + "council.good", P + "council.prestige"),
          note="entering or advancing grants one privilege"),
    Phase("cubes", "Choose two cubes", moves=("cubes",), turn=turns.same,
          rules=(P + "council.cubes", P + "travel.reward")),
    Phase("market", "Market day", moves=("serve", "pass"), turn=turn_market_next,
          rules=(P + "market.day", P + "market.available", P + "market.first_sale", P + "market.surcharge",
                 P + "market.pass_final"),
          note="clockwise from the starter; passing is final"),
    Phase("refill", "Draw: refill the market", moves=("customer",), chance=True, on_enter=draw_out,
          rules=(P + "market.end", P + "hidden.pile"), note="the line moved up; the pile refills its back"),
    Phase("market_death", "Death in the market day", moves=("dies",), turn=turns.same,
          rules=(P + "death.market_at_once", P + "death.oldest", P + "death.chronicle")),
    Phase("turn_end", "End of turn", on_enter=settle_deaths,
          rules=(P + "death.end_of_turn", P + "time.track", P + "death.chronicle", P + "end.trigger")),
    Phase("death", "Choose who dies", moves=("dies",), turn=turns.same, rules=(P + "death.oldest",),
          note="one of the oldest visible villagers"),
    Phase("next_turn", "Next player", rules=(P + "round.end", P + "end.last_actions", P + "end.market_day")),
    Phase("mass", "Mass: buy villagers out", on_enter=begin_mass, moves=("redeem", "done"), turn=turn_mass_next,
          rules=(P + "mass.select",), note="one coin per own villager, until four are out"),
    Phase("mass_draw", "Draw: the black bag at Mass", moves=("monk", "villager"), chance=True,
          on_enter=draw_out,
          rules=(P + "mass.draw",), note="random pieces make up four"),
    Phase("mass_advance", "Mass: advance", moves=("raise", "done"), turn=turn_mass_next,
          rules=(P + "mass.advance", P + "marriage.bread"), note="grain for every stage entered"),
    Phase("mass_award", "Mass: majority", on_enter=award_mass, rules=(P + "mass.majority",)),
    Phase("new_round", "New round", on_enter=start_new_round, rules=(P + "round.next_start",)),
    Phase("final_scoring", "Final scoring", on_enter=score_final, rules=(P + "final.scoring", P + "final.tie_break")),
    Phase("game_over", "Game over"),
)

EDGES = (
    Edge("setup", "customers", rule=P + "setup.customers"),
    Edge("customers", "round_start", guard=customers_dealt, rule=P + "round.seed"),
    Edge("round_start", "seed", rule=P + "round.seed"),
    Edge("seed", "turn", guard=board_seeded, hook=first_turn, rule=P + "turn.take_cube"),
    Edge("turn", "market", guard=market_day, hook=open_market, rule=P + "market.day", label="market"),
    Edge("turn", "action", guard=acting, rule=P + "turn.take_cube", label="cube taken"),
    Edge("action", "privilege", guard=privilege_owed, rule=P + "council.privilege", label="entered or advanced"),
    Edge("action", "cubes", guard=cubes_owed, rule=P + "travel.reward", label="two cubes to choose"),
    Edge("action", "turn_end", guard=action_done, rule=P + "death.end_of_turn"),
    Edge("privilege", "cubes", guard=cubes_owed, rule=P + "council.cubes", label="privilege 2"),
    Edge("privilege", "turn_end", guard=action_done, rule=P + "death.end_of_turn"),
    Edge("cubes", "turn_end", guard=action_done, rule=P + "death.end_of_turn"),
    Edge("market", "market_death", guard=death_choice, rule=P + "death.market_at_once", label="bridge passed"),
    Edge("market", "refill", guard=market_over, hook=close_market, rule=P + "market.end",
         label="all passed or no customer"),
    Edge("refill", "turn_end", guard=market_refilled, rule=P + "death.end_of_turn"),
    Edge("market_death", "market", guard=deaths_settled, hook=after_market_death, rule=P + "death.market_at_once"),
    Edge("turn_end", "death", guard=death_choice, rule=P + "death.oldest", label="a choice of who dies"),
    Edge("turn_end", "next_turn", rule=P + "death.end_of_turn"),
    Edge("death", "next_turn", guard=deaths_settled, rule=P + "death.oldest"),
    Edge("next_turn", "mass", guard=last_actions_done, hook=prepare_final_mass, rule=P + "end.final_mass",
         label="last actions done"),
    Edge("next_turn", "turn", guard=end_triggered, hook=next_last_action, rule=P + "end.last_actions",
         label="a last action"),
    Edge("next_turn", "mass", guard=board_empty, rule=P + "round.end", label="board empty"),
    Edge("next_turn", "turn", hook=next_player, rule=P + "turn.take_cube"),
    Edge("mass", "mass_draw", guard=selection_over, rule=P + "mass.draw"),
    Edge("mass_draw", "mass_advance", guard=mass_drawn, hook=begin_advance, rule=P + "mass.advance"),
    Edge("mass_advance", "mass_award", guard=mass_queue_empty, rule=P + "mass.majority"),
    Edge("mass_award", "final_scoring", guard=is_final_mass, rule=P + "final.scoring", label="final Mass"),
    Edge("mass_award", "new_round", rule=P + "round.next_start"),
    Edge("new_round", "round_start", rule=P + "round.seed"),
    Edge("final_scoring", "game_over", rule=P + "final.tie_break"),
)

FLOW = Flow(start="setup", phases=PHASES, edges=EDGES, terminal="game_over")
