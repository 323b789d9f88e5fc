"""Village rule logic: set-up, the hooks and guards named in phases.py, legal moves and their effects."""
from __future__ import annotations

from itertools import compress
from typing import Any

from ...core.definition import GameDefinition
from .actions import SKIP, action_moves, open_areas, privilege_moves
from .data import (AREAS, BEER, BEER_AT_START, BREAD, COIN_SUPPLY, COLOURS, CUBE_NAMES, CUBES_PER_COLOUR, CUSTOMERS,
                   GENERATIONS, GRAIN_SUPPLY, MARKET, MONKS, PLAGUE, PLAGUE_CUBES, PLAGUE_TIME, QUEUE_SPACES,
                   START_BORN, START_COINS, WELL_CUBES)
from .death import death_moves, die, resolve_forced
from .effects import CUBES_OWED, DONE, PRIVILEGE_OWED, apply_action, take_privilege
from .explain import Explaining
from .info import INFO, goods_totals, resolved_lap, setup_card, stall_count
from .market import market_moves, market_over, next_in_market, refill, serve
from .mass import DONE as MASS_DONE, award, draw, grain_to_enter, in_turn_order, prune, raise_moves, redeem_moves
from .moves import Move
from .movetables import CAP3, FREE, TAKE, WELL_BY_KEY
from .payment import pay_influence, spend_time
from .phases import FLOW
from .places import BAG, CHURCH1, FARM, PLACE_INDEX, UNBORN
from .rules import RULES
from .scoring import final_scores, winners
from .secrets import SECRETS
from .state import VillageState
from .view import Viewing

AREA_INDEX = {name: i for i, name in enumerate(AREAS)}
CUBE_INDEX = {name: i for i, name in enumerate(CUBE_NAMES)}
WELL_NEED = tuple(tuple(WELL_CUBES if c == colour else 0 for c in range(4)) for colour in range(4))
CUBE_PAIRS = tuple((a, b) for a in range(4) for b in range(a, 4))
CUBE_MOVES = tuple(Move("cubes", COLOURS[a], COLOURS[b]) for a, b in CUBE_PAIRS)


def _say(st: VillageState, text: str, **data: object) -> None:
    if st.events is not None:
        st.note(text, dict(data))


class Village(Explaining, Viewing, GameDefinition[VillageState]):
    info = INFO
    flow = FLOW
    rulebook = RULES
    secrets = SECRETS
    move_type = Move

    # --- set-up ------------------------------------------------------------------------------
    def create_state(self, players: int, seed: int, options: dict[str, Any]) -> VillageState:
        st = VillageState()
        st.init_base(players, seed)
        st.setup_fields(players, options)
        st.lap = resolved_lap(options)
        return st

    def deal(self, st: VillageState) -> None:
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
        st.rng.shuffle(pile)
        st.stalls = [pile.pop() for _ in range(stall_count(st.options, n))]
        st.queue = [pile.pop() for _ in range(QUEUE_SPACES)]
        st.pile = pile
        st.start_player = 0  # the oldest player: seat 0
        st.revealed = True
        _say(st, "Each player puts four generation-1 villagers on the farm and takes one coin.")

    def seed_round(self, st: VillageState) -> None:
        """village.round.seed"""
        per_colour, per_area = setup_card(st.options, st.num_players)
        for c in range(4):
            added = min(per_colour, st.supply[c])
            st.supply[c] -= added
            st.bag[c] += added
        st.bag[PLAGUE] += st.supply[PLAGUE]
        st.supply[PLAGUE] = 0
        rng, bag = st.rng, st.bag
        total = sum(bag)
        for area, count in enumerate(per_area):
            space = st.spaces[area]
            for _ in range(count if count < total else total):
                k = rng.below(total)
                c = 0
                while k >= bag[c]:
                    k -= bag[c]
                    c += 1
                bag[c] -= 1
                space[c] += 1
                total -= 1
        st.revealed = True
        _say(st, f"Round {st.round}: the board is seeded from the bag.", round=st.round)

    def first_turn(self, st: VillageState) -> None:
        st.turn_player = st.current = st.start_player
        st.area, st.step = -1, 0

    # --- guards and hooks --------------------------------------------------------------------
    def market_day(self, st: VillageState) -> bool:
        return st.area == MARKET and st.opener < 0

    def acting(self, st: VillageState) -> bool:
        return st.area >= 0 and st.area != MARKET

    def open_market(self, st: VillageState) -> None:
        """village.market.day"""
        st.opener = st.current
        st.held_deaths, st.deaths = st.deaths, 0  # a plague cube's death waits for the end of the turn
        st.passed = [False] * st.num_players
        st.first_sale = True
        st.served_any = False
        if st.events is not None:
            _say(st, f"{{p{st.current}}} starts a market day.", player=st.current)

    def privilege_owed(self, st: VillageState) -> bool:
        return st.step == PRIVILEGE_OWED

    def cubes_owed(self, st: VillageState) -> bool:
        return st.step == CUBES_OWED

    def action_done(self, st: VillageState) -> bool:
        return st.step == DONE

    def death_choice(self, st: VillageState) -> bool:
        return st.deaths > 0

    def deaths_settled(self, st: VillageState) -> bool:
        return st.deaths == 0

    def market_over(self, st: VillageState) -> bool:
        return market_over(st)

    def turn_market_next(self, st: VillageState) -> None:
        next_in_market(st)

    def after_market_death(self, st: VillageState) -> None:
        if not market_over(st):
            next_in_market(st)

    def close_market(self, st: VillageState) -> None:
        """village.market.end"""
        refill(st)
        st.opener = -1
        st.current = st.turn_player
        st.deaths, st.held_deaths = st.held_deaths, 0
        st.step = DONE
        _say(st, "The market day ends.")

    def settle_deaths(self, st: VillageState) -> None:
        """village.death.end_of_turn: deaths are chosen now, after the whole action."""
        st.area, st.step = -1, 0
        st.current = st.turn_player
        if st.deaths:
            resolve_forced(st)

    def end_triggered(self, st: VillageState) -> bool:
        if st.end_by < 0:
            return False
        if st.last_queue is None:
            st.last_queue = self._last_order(st)
        return bool(st.last_queue)

    def _last_order(self, st: VillageState) -> list[int]:
        """village.end.last_actions / end.market_day"""
        n = st.num_players
        if st.end_opener < 0 or st.end_opener == st.end_by:
            first = st.end_by if st.end_opener < 0 else st.end_opener
            return [(first + k) % n for k in range(1, n)]
        return [(st.end_opener + k) % n for k in range(1, n + 1)]

    def last_actions_done(self, st: VillageState) -> bool:
        return st.end_by >= 0 and st.last_queue is not None and not st.last_queue

    def next_last_action(self, st: VillageState) -> None:
        assert st.last_queue is not None
        st.turn_player = st.current = st.last_queue.pop(0)
        st.no_cubes = not any(map(any, st.spaces))  # village.end.no_cubes

    def board_empty(self, st: VillageState) -> bool:
        return not any(map(any, st.spaces))

    def next_player(self, st: VillageState) -> None:
        st.turn_player = st.current = (st.turn_player + 1) % st.num_players

    def prepare_final_mass(self, st: VillageState) -> None:
        st.final_mass = True

    def begin_mass(self, st: VillageState) -> None:
        st.selected = 0
        st.mass_queue = in_turn_order(st)
        prune(st, "redeem")

    def selection_over(self, st: VillageState) -> bool:
        return not st.mass_queue or st.selected >= 4

    def turn_mass_next(self, st: VillageState) -> None:
        """The head of the Mass queue decides (apply_move keeps the queue pruned)."""
        if st.mass_queue:
            st.current = st.mass_queue[0]

    def draw_mass(self, st: VillageState) -> None:
        draw(st)

    def begin_advance(self, st: VillageState) -> None:
        st.mass_queue = in_turn_order(st)
        prune(st, "raise")

    def mass_queue_empty(self, st: VillageState) -> bool:
        return not st.mass_queue

    def award_mass(self, st: VillageState) -> None:
        award(st)

    def is_final_mass(self, st: VillageState) -> bool:
        return st.final_mass

    def start_new_round(self, st: VillageState) -> None:
        """village.round.next_start"""
        if st.ring >= 0:
            st.start_player = st.ring
            _say(st, f"{{p{st.ring}}} holds the ring and starts the next round.", player=st.ring)
            st.ring = -1
        st.round += 1

    def score_final(self, st: VillageState) -> None:
        st.final = final_scores(st)
        if st.events is not None:
            for p, entry in enumerate(st.final):
                st.note(f"{{p{p}}} scores {entry['total']}.", {"player": p, **entry})

    def conformance_configurations(self) -> list[tuple[int, dict[str, Any]]]:
        """For the conformance suite: every player count with and without each expansion, then every other
        choice of an assumed value once (the full option product would take too long to play through)."""
        expansions = ("inn_brewery", "marriage")
        configs: list[tuple[int, dict[str, Any]]] = [(n, {"inn_brewery": inn, "marriage": marriage})
                                                     for n in range(2, 5) for inn in (False, True)
                                                     for marriage in (False, True)]
        for opt in INFO.options:
            if opt.name not in expansions:
                configs.extend((3, {opt.name: value}) for value in opt.choices if value != opt.default)
        return configs

    # --- moves -------------------------------------------------------------------------------
    def legal_moves(self, st: VillageState) -> list[Move]:
        phase = st.phase
        p = st.current
        if phase == "turn":
            return self._turn_moves(st, p)
        if phase == "action":
            moves = action_moves(st, p, st.area)
            moves.insert(0, SKIP)
            return moves
        if phase == "market":
            return market_moves(st, p)
        if phase in ("death", "market_death"):
            return death_moves(st)
        if phase == "privilege":
            return privilege_moves(st, p, st.priv_max, with_none=True)
        if phase == "cubes":
            return self._cube_moves(st)
        if phase == "mass":
            return [MASS_DONE, *redeem_moves(st, p)]
        if phase == "mass_advance":
            return [MASS_DONE, *raise_moves(st, p)]
        return []

    def _turn_moves(self, st: VillageState, p: int) -> list[Move]:
        if st.no_cubes:  # village.end.no_cubes: any area; with nothing to do there the player skips
            return [FREE[a] for a in open_areas(st, p)] or list(FREE)
        s0, s1, s2, s3, s4, s5, s6 = st.spaces
        out = list(compress(TAKE, s0 + s1 + s2 + s3 + s4 + s5 + s6))  # a take move per colour present on an area
        # village.well.action: three influence of one colour, coins standing in. The payments depend only on
        # cubes and coins capped at three; the table holds the Well moves of each such holding by area.
        have, cap = st.cubes[p], CAP3
        rows = WELL_BY_KEY[(((cap[have[0]] * 4 + cap[have[1]]) * 4 + cap[have[2]]) * 4 + cap[have[3]]) * 4
                           + cap[st.coins[p]]]
        if rows:
            for a in open_areas(st, p):
                out.extend(rows[a])
        return out

    def _cube_moves(self, st: VillageState) -> list[Move]:
        supply = st.supply
        return [CUBE_MOVES[i] for i, (a, b) in enumerate(CUBE_PAIRS) if supply[a] and supply[b] and (a != b or supply[a] >= 2)]

    def apply_move(self, st: VillageState, move: Move) -> None:
        kind = move.kind
        p = st.current
        if kind == "take":
            self._take(st, p, move)
        elif st.phase == "action":  # every move of the action step, a privilege included
            apply_action(st, p, move)
        elif kind == "pass":
            st.passed[p] = True
            st.first_sale = False
        elif kind == "well":
            colour = COLOURS.index(move.b) if move.b else 0
            pay_influence(st, p, WELL_NEED[colour], move.coins)
            st.area = AREA_INDEX[move.a]
            if st.events is not None:
                _say(st, f"{{p{p}}} uses the Well for the {move.a} action.", player=p, area=move.a)
        elif kind == "free":
            st.area = AREA_INDEX[move.a]
            if st.events is not None:
                _say(st, f"{{p{p}}} takes the {move.a} action as a last action.", player=p, area=move.a)
        elif kind == "serve":
            serve(st, p, move)
            st.first_sale = False
            resolve_forced(st)  # village.death.market_at_once
        elif kind == "dies":
            die(st, p, PLACE_INDEX[move.a], move.gen)
            resolve_forced(st)
        elif kind == "cubes":
            for name in (move.a, move.b):
                c = COLOURS.index(name)
                st.supply[c] -= 1
                st.cubes[p][c] += 1
            st.step = DONE
            if st.events is not None:
                _say(st, f"{{p{p}}} takes two cubes: {move.a} and {move.b}.", player=p)
        elif kind in ("redeem", "raise", "done"):
            self._mass_move(st, p, move)
        elif st.phase == "privilege":
            take_privilege(st, p, move)
        else:
            apply_action(st, p, move)

    def _take(self, st: VillageState, p: int, move: Move) -> None:
        """village.turn.take_cube / turn.plague"""
        a = AREA_INDEX[move.a]
        c = CUBE_INDEX[move.b]
        st.spaces[a][c] -= 1
        st.area = a
        if c == PLAGUE:
            st.supply[PLAGUE] += 1
            if st.events is not None:
                _say(st, f"{{p{p}}} takes a plague cube from {move.a}: two time lost.", player=p, area=move.a)
            spend_time(st, p, PLAGUE_TIME)
        else:
            st.cubes[p][c] += 1
            if st.events is not None:
                article = "an" if move.b[0] in "aeiou" else "a"
                _say(st, f"{{p{p}}} takes {article} {move.b} cube from {move.a}.", player=p, area=move.a, cube=move.b)

    def _mass_move(self, st: VillageState, p: int, move: Move) -> None:
        if move.kind == "redeem":
            self._redeem(st, p, move.gen)
        elif move.kind == "raise":
            self._raise(st, p, move)
        else:
            st.mass_queue.pop(0)
        prune(st, "redeem" if st.phase == "mass" else "raise")

    def _redeem(self, st: VillageState, p: int, gen: int) -> None:
        places = st.places[p]
        i = next(k for k, where in enumerate(places) if where == BAG and GENERATIONS[k] == gen)
        places[i] = CHURCH1
        st.coins[p] -= 1
        st.coin_supply += 1
        st.selected += 1
        if st.events is not None:
            _say(st, f"{{p{p}}} pays a coin to take a generation-{gen} villager out of the bag.", player=p)

    def _raise(self, st: VillageState, p: int, move: Move) -> None:
        places = st.places[p]
        source = PLACE_INDEX[move.a]
        i = next(k for k, where in enumerate(places) if where == source and GENERATIONS[k] == move.gen)
        stage = source - CHURCH1 + 2
        if move.b == "bread":
            st.goods[p][BREAD] -= 1
            st.goods_supply[BREAD] += 1
            paid = "a bread"
        else:
            cost = grain_to_enter(st, stage)
            st.grain[p] -= cost
            st.grain_supply += cost
            paid = f"{cost} grain"
        places[i] = source + 1
        if st.events is not None:
            _say(st, f"{{p{p}}} advances a villager to church stage {stage} for {paid}.", player=p, stage=stage)

    # --- results -----------------------------------------------------------------------------
    def scores(self, st: VillageState) -> list[int]:
        if st.final is not None:
            return [f["total"] for f in st.final]
        return list(st.prestige)

    def winners(self, st: VillageState) -> list[int]:
        return winners(st) if st.final is not None else []

    def clone_state(self, st: VillageState) -> VillageState:
        return st.clone()

    def snapshot(self, st: VillageState) -> dict[str, Any]:
        return st.snapshot()
