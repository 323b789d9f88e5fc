"""A test-only perfect-information game (never registered): Nim, take one or two, last take wins."""
from __future__ import annotations

from typing import Any

from boardgames_lab.core.definition import Explanation, GameDefinition, GameInfo, State, make_rulebook
from boardgames_lab.core.errors import InvalidNotation
from boardgames_lab.core.rng import Rng
from boardgames_lab.core.flow import Edge, Flow, Phase
from boardgames_lab.core.rules import Rule

INFO = GameInfo(name="nim_test", title="Nim", min_players=2, max_players=2, default_players=2,
                hidden_information=False, chance=False, edition="test", rules_version=1,
                description="Take one or two counters; whoever takes the last one wins.")


class NimState(State):
    __slots__ = ("pile", "last")


class Nim(GameDefinition[NimState]):
    info = INFO
    rulebook = make_rulebook("nim_test", [Rule("nim_test.take", "test", "Take one or two counters.")])
    flow = Flow(start="play", phases=(Phase("play", "Play", moves=("take",), turn="clockwise"),
                                      Phase("game_over", "Game over")),
                edges=(Edge("play", "game_over", guard="empty"),))

    def __init__(self, pile: int = 7):
        self.pile = pile
        super().__init__()

    def empty(self, st: NimState) -> bool:
        return st.pile == 0

    def create_state(self, players: int, seed: int, options: dict[str, Any]) -> NimState:
        st = NimState()
        st.init_base(players, seed)
        st.pile, st.last = self.pile, -1
        return st

    def legal_moves(self, st: NimState) -> list[int]:
        return [k for k in (1, 2) if k <= st.pile]

    def apply_move(self, st: NimState, move: int) -> None:
        st.pile -= move
        st.last = st.current

    def view(self, st: NimState, player: int | None) -> dict[str, Any]:
        return {"pile": st.pile, "perspective": player}

    def scores(self, st: NimState) -> list[int]:
        return [int(p == st.last and st.pile == 0) for p in range(st.num_players)]

    def winners(self, st: NimState) -> list[int]:
        return [st.last] if st.pile == 0 else []

    def clone_state(self, st: NimState) -> NimState:
        other = NimState()
        st.copy_base(other)
        other.pile, other.last = st.pile, st.last
        return other

    def explain(self, st: NimState, move: int) -> Explanation:
        if move in self.legal_moves(st):
            return Explanation(True, "nim_test.take", f"take {move}")
        return Explanation(False, "nim_test.take", f"take 1 or 2, at most the {st.pile} left")

    def parse_move(self, st: NimState, text: str) -> int:
        if text.strip() not in ("1", "2"):
            raise InvalidNotation(f"{text!r}: take 1 or 2")
        return int(text)

    def full_view(self, st: NimState) -> dict[str, Any]:
        return self.view(st, None)

    def snapshot(self, st: NimState) -> dict[str, Any]:
        return {"pile": st.pile, "last": st.last, "current": st.current, "phase": st.phase}

    def determinize(self, st: NimState, player: int | None, rng: Rng) -> NimState:
        return self.clone_state(st)  # nothing is hidden
