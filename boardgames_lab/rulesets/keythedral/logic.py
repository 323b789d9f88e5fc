"""Keythedral rule logic: the game definition, hooks and guards named in phases.py, moves in and out."""
from __future__ import annotations

from typing import Any

from ...core.definition import GameDefinition, GameInfo, Option
from . import laws, rounds, setup
from .data import BUILDINGS, CUBE_POINTS, STAGE_POINTS
from . import effects, fast, position
from ...core.position import Reader
from .checks import KINDS
from .moves import Move, parse
from .phases import FLOW
from .rules import RULES
from .secrets import SECRETS
from .state import KState
from .view import Viewing

INFO = GameInfo(
    name="keythedral", title="Keythedral", min_players=2, max_players=5, default_players=4,
    hidden_information=True, chance=True, edition="Pro Ludo 2004 (second edition)", rules_version=1,
    description="Lay a board of fields and cottages, send workers out in a bid-for order, and spend the cubes "
                "they bring on seats in the Keythedral; fences, houses, crafts and twenty secret law cards.",
    options=(
        Option("version", "short", ("short", "full"),
               "Short: the grey spaces of the Keythedral mat; full: one more (orange) space per row."),
        Option("face_up_tiles", False, (False, True),
               "Variation two: every building tile in play is face up from the start."),
    ),
)


class Keythedral(Viewing, GameDefinition[KState]):
    info = INFO
    flow = FLOW
    rulebook = RULES
    secrets = SECRETS
    kinds = KINDS
    conformance_moves = 400  # uniformly random play wastes cubes and seldom finishes; tests cover the end

    # --- set-up ------------------------------------------------------------------------------------
    def create_state(self, players: int, seed: int, options: dict[str, Any]) -> KState:
        st = KState()
        st.init_base(players, seed)
        st.setup_fields(players, options)
        return st

    def prepare(self, st: KState) -> None:
        setup.prepare(st)

    def turn_setup(self, st: KState) -> None:
        """A player lays a field then a cottage; then the next player does."""
        if setup.setup_step_is_field(st):
            st.current = (st.current + 1) % st.num_players

    def all_laid(self, st: KState) -> bool:
        return setup.all_laid(st)

    def reveal_first(self, st: KState) -> None:
        """keythedral.setup.reveal_first"""
        st.face_up[0] = True
        st.revealed = True
        if st.events is not None:
            st.note("The stage-one building tiles are turned face up: "
                    + ", ".join(BUILDINGS[t].id for t in st.rows[0]) + ".",
                    {"tiles": [BUILDINGS[t].id for t in st.rows[0]]})

    # --- phase one -------------------------------------------------------------------------------------
    def begin_round(self, st: KState) -> None:
        """keythedral.round.five_phases; then the window for cards played at the start of phase one."""
        st.round += 1
        st.order_k = 0
        st.chosen = []
        st.current = st.start
        if st.events is not None:
            st.note(f"Round {st.round} begins; {{p{st.start}}} is the start player.", {"round": st.round})
        laws.open_window(st, "p1", laws.players_from(st, st.start), "order")

    # --- law windows -----------------------------------------------------------------------------------
    def window_open(self, st: KState) -> bool:
        w = st.window  # {} or a window with its frames
        return bool(w and w["frames"])

    # One guard per phase to resume, mutually exclusive; each reads the window itself (they run after every
    # answer in a law window, so no shared helper call).
    def resume_order(self, st: KState) -> bool:
        w = st.window
        return bool(w) and not w["frames"] and w["resume"] == "order"

    def resume_place(self, st: KState) -> bool:
        w = st.window
        return bool(w) and not w["frames"] and w["resume"] == "place"

    def resume_harvest(self, st: KState) -> bool:
        w = st.window
        return bool(w) and not w["frames"] and w["resume"] == "harvest"

    def resume_actions_window(self, st: KState) -> bool:
        w = st.window
        return bool(w) and not w["frames"] and w["resume"] == "actions"

    def resume_retrieve(self, st: KState) -> bool:
        w = st.window
        return bool(w) and not w["frames"] and w["resume"] == "retrieve"

    def resume_auction(self, st: KState) -> bool:
        w = st.window
        return bool(w) and not w["frames"] and w["resume"] == "auction"

    def open_retrieve_window(self, st: KState) -> None:
        """keythedral.law.window: the beginning of phase four (Start order and the cards played at any time)."""
        laws.open_window(st, "p4", laws.players_from(st, st.start), "retrieve")

    def open_auction_window(self, st: KState) -> None:
        """keythedral.law.window: the beginning of phase five, before the start marker passes."""
        laws.open_window(st, "p5", laws.players_from(st, st.start), "auction")

    def resume_to_auction(self, st: KState) -> None:
        st.window = {}
        self.begin_auction(st)

    def resume(self, st: KState) -> None:
        """Back from a law window: whoever was to decide decides (or the turn moves on after a purchase)."""
        current = st.window["current"]
        st.window = {}
        if st.phase == "order":
            self._order_chooser(st)
        elif st.phase == "actions":
            st.stay = False
            if current is None:
                st.current = self._next_active(st, st.actor)
            else:
                st.current = st.actor = current

    def resume_placing(self, st: KState) -> None:
        st.window = {}
        self.begin_placing(st)

    def _order_chooser(self, st: KState) -> None:
        """keythedral.order.choose / law.work_order: who places the next work order marker."""
        holder = st.effects.get("work_order")
        st.current = holder if holder is not None else (st.start + st.order_k) % st.num_players

    def open_harvest_window(self, st: KState) -> None:
        laws.open_window(st, "p2", laws.players_from(st, st.start), "harvest")

    def colours_to_choose(self, st: KState) -> bool:
        return "choose" in st.effects

    def colours_chosen(self, st: KState) -> bool:
        return "choose" not in st.effects

    def number_chosen(self, st: KState) -> bool:
        return len(st.chosen) > st.order_k

    def begin_placing(self, st: KState) -> None:
        """keythedral.order.place_in_turn: from the chooser round the table."""
        chooser = (st.start + st.order_k) % st.num_players
        st.queue = rounds.placing_queue(st, chooser)
        rounds.next_placer(st)

    def placing_done(self, st: KState) -> bool:
        return st.to_place == 0 and not st.queue

    def all_numbers_placed(self, st: KState) -> bool:
        return st.order_k == 4 and st.to_place == 0 and not st.queue

    def next_marker(self, st: KState) -> None:
        st.order_k += 1
        self._order_chooser(st)

    def turn_placing(self, st: KState) -> None:
        """The placer is set by the move itself (a house sends two, then the queue moves on)."""

    # --- phases two and three ----------------------------------------------------------------------------
    def harvest(self, st: KState) -> None:
        rounds.harvest(st)

    def begin_actions(self, st: KState) -> None:
        st.out = [False] * st.num_players
        st.passes = 0
        st.stay = False
        st.current = st.actor = st.start
        laws.open_window(st, "p3", laws.players_from(st, st.start), "actions")

    def _next_active(self, st: KState, after: int) -> int:
        n = st.num_players
        out = st.out
        for q in laws.ROUNDS[n][(after + 1) % n][0]:  # the players after ``after`` round the table, then them
            if not out[q]:
                return q
        return after

    def turn_actions(self, st: KState) -> None:
        """keythedral.action.loop: the next player still in, clockwise (a law card played is not a turn)."""
        if st.stay:
            st.stay = False
            return
        st.current = self._next_active(st, st.actor)

    def last_tile_bought(self, st: KState) -> bool:
        return st.stage >= 5

    def cottage_fenced_off(self, st: KState) -> bool:
        return bool(st.relocating)

    def begin_relocation(self, st: KState) -> None:
        st.current = st.relocating[0] // 5

    def relocated(self, st: KState) -> bool:
        return not st.relocating

    def resume_actions(self, st: KState) -> None:
        st.current = self._next_active(st, st.actor)

    def actions_over(self, st: KState) -> bool:
        """keythedral.action.until: every player still in has passed in succession."""
        return st.passes >= st.num_players - sum(st.out)

    # --- phases four and five ----------------------------------------------------------------------------
    def retrieve(self, st: KState) -> None:
        """keythedral.retrieve.reset"""
        st.workers = {}
        st.chosen = []
        st.order_k = 0
        laws.clear_round_effects(st)
        for i, card in enumerate(st.law_spaces):
            if card < 0 and st.law_deck:
                st.law_spaces[i] = st.law_deck.pop()
        if st.events is not None:
            st.note("Workers return; the work order markers come off; empty new-law spaces are refilled.",
                    {"law_spaces": sum(1 for c in st.law_spaces if c >= 0)})

    def begin_auction(self, st: KState) -> None:
        """keythedral.auction.bid_once: the marker passes to B; bidding starts with the player after B."""
        n = st.num_players
        b = (st.start + 1) % n
        st.start = b
        st.auction = {"b": b, "queue": [(b + i) % n for i in range(1, n)] + [b], "high": 0, "high_bidder": -1,
                      "matched": False, "payer": -1, "payee": -1, "owe": 0, "chooser": b, "done": False}
        st.current = st.auction["queue"][0]
        if st.events is not None:
            st.note(f"{{p{b}}} takes the start player marker; the auction for the next start player begins.",
                    {"b": b})

    def bid_owed(self, st: KState) -> bool:
        return not st.auction["queue"] and st.auction["high"] > 0

    def bidding_over(self, st: KState) -> bool:
        return not st.auction["queue"]

    def begin_payment(self, st: KState) -> None:
        """keythedral.auction.pay: B pays the matched bidder; any other winner pays B."""
        a = st.auction
        if a["matched"]:
            a["payer"], a["payee"], a["chooser"] = a["b"], a["high_bidder"], a["b"]
        else:
            a["payer"], a["payee"], a["chooser"] = a["high_bidder"], a["b"], a["high_bidder"]
        a["owe"] = a["high"]
        st.current = a["payer"]

    def bid_paid(self, st: KState) -> bool:
        return st.auction["owe"] == 0

    def begin_choice(self, st: KState) -> None:
        st.current = st.auction["chooser"]

    def start_chosen(self, st: KState) -> bool:
        return bool(st.auction.get("done"))

    def turn_bidding(self, st: KState) -> None:
        st.current = st.auction["queue"][0]

    # --- the end ---------------------------------------------------------------------------------------------
    def score_final(self, st: KState) -> None:
        """keythedral.score.total"""
        final = []
        for p in range(st.num_players):
            seats = sum(STAGE_POINTS[BUILDINGS[t].stage] for t in st.seats[p])
            cubes = sum(c * v for c, v in zip(st.cubes[p], CUBE_POINTS))
            final.append({"seats": seats, "cubes": cubes, "total": seats + cubes})
            if st.events is not None:
                st.note(f"{{p{p}}}: {seats} for seats + {cubes} for cubes = {seats + cubes}.", {"player": p, **final[-1]})
        st.final = final

    # --- moves ---------------------------------------------------------------------------------------------
    def __init__(self) -> None:
        super().__init__()
        self.legal_moves = fast.legal_moves  # type: ignore[method-assign]  (bound once: runs every decision)

    def legal_moves(self, st: KState) -> list[Move]:
        """The fast generator (fast.py), proven equal to the plain path of the kinds' checks."""
        return fast.legal_moves(st)

    def plain_legal_moves(self, st: KState) -> list[Move]:
        return GameDefinition.legal_moves(self, st)

    def apply_move(self, st: KState, move: Move) -> None:
        effects.APPLY[move.kind](st, move)

    def parse_move(self, st: KState, text: str, *seat: int) -> Move:
        return parse(text, seat[0] if seat else st.current)

    # --- results -----------------------------------------------------------------------------------------------
    def scores(self, st: KState) -> list[int]:
        if st.final is not None:
            return [f["total"] for f in st.final]
        return [sum(STAGE_POINTS[BUILDINGS[t].stage] for t in st.seats[p]) for p in range(st.num_players)]

    def winners(self, st: KState) -> list[int]:
        """keythedral.score.winner"""
        if st.final is None:
            return []
        best = max(f["total"] for f in st.final)
        return [p for p, f in enumerate(st.final) if f["total"] == best]

    def move_visibility(self, st: KState, move: Move) -> list[int] | None:
        """keythedral.law.window: declining a law window is private, so nobody learns who holds nothing.
        keythedral.secret.screens: a bid's cubes go from screen to screen, seen by payer and payee only."""
        if move.kind == "decline":
            return [st.current]
        if move.kind == "give":
            return [st.current, st.auction["payee"]]
        return None

    def position(self, st: KState) -> dict[str, Any]:
        return position.position(st)

    def read_position(self, data: Reader, players: int, options: dict[str, Any], phase: str) -> KState:
        return position.read_position(data, players, options, phase)

    def clone_state(self, st: KState) -> KState:
        return st.clone()

    def snapshot(self, st: KState) -> dict[str, Any]:
        return st.snapshot()
