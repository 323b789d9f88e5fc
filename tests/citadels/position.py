"""Build Citadels positions for rule tests: edit a game's position data and rebuild it with
``bgl.from_position``; read a position back as a state with ``state_of`` (a copy: editing it changes nothing).
Every helper returns a new game."""
from __future__ import annotations

from typing import Any, Callable, Iterable

import boardgames_lab as bgl
from boardgames_lab.core.game import Game
from boardgames_lab.core.positions import read_state
from boardgames_lab.core.registry import definition
from boardgames_lab.rulesets.citadels.data import CHAR_IDS, CHAR_INDEX
from boardgames_lab.rulesets.citadels.draft import STEPS
from boardgames_lab.rulesets.citadels.state import CitadelsState
from tests.positions import edit_data, moves  # noqa: F401  (moves: for the tests)

D = definition("citadels")


def new(players: int = 4, seed: int = 1, **options: object) -> Game:
    return bgl.new_game("citadels", players=players, seed=seed, mode="sandbox", **options)


def state_of(game: Game) -> CitadelsState:
    """The game's position read back as a state (a copy, for reading the rule code's own fields)."""
    return read_state(D, game.position())[0]  # type: ignore[no-any-return]


def edit(game: Game, change: Callable[[dict[str, Any]], Any], **envelope: Any) -> Game:
    """A new game from the position with ``change`` applied to its state part (and envelope fields set)."""
    return edit_data(game, lambda data: change(data["state"]), **envelope)


def set_field(game: Game, key: str, value: Any, index: int | None = None) -> Game:
    def change(st: dict[str, Any]) -> None:
        if index is None:
            st[key] = value
        else:
            st[key][index] = value
    return edit(game, change)


def give(game: Game, player: int, hand: Iterable[str] = (), city: Iterable[str] = (), gold: int | None = None) -> Game:
    """Move cards from the deck (or the discard pile, or another hand) into a player's hand or city."""
    def change(st: dict[str, Any]) -> None:
        for names, place in ((hand, st["hands"][player]), (city, st["city"][player])):
            for name in names:
                pile = next(pl for pl in (st["deck"], st["discard"], *st["hands"]) if name in pl)
                pile.remove(name)
                place.append(name)
        if gold is not None:
            st["gold"][player] = gold
    return edit(game, change)


def empty_hand(game: Game, player: int) -> Game:
    def change(st: dict[str, Any]) -> None:
        st["deck"].extend(st["hands"][player])
        st["hands"][player] = []
    return edit(game, change)


def variant(players: int = 4) -> Game:
    """A game with the action cards, every hand empty (tests give the cards they need)."""
    game = new(players, action_cards=True)
    for p in range(players):
        game = empty_hand(game, p)
    return game


def deal_characters(game: Game, owners: dict[str, int], start: int = 0) -> Game:
    """Finish the draft with these characters held (the rest face down), then call up to rank ``start``: the
    position stands at the draft's last choice, which the game then makes through its own flow; the calling
    goes on from the Assassin (citadels.call.order) as the rules run it, each character held below ``start``
    revealed and its turn ended with its income taken, every window below it declined."""
    last = max(owners, key=lambda c: CHAR_INDEX[c])
    seat = owners[last]

    def change(st: dict[str, Any]) -> None:
        n = len(st["gold"])
        # The crown that makes ``seat`` the last to choose (citadels.draft.pass_left, draft.two_players): the
        # draft stands at its last step, that seat choosing between ``last`` and a character nobody holds.
        crown = (seat - 1) % n if n == 2 else (seat + 1) % n
        steps = STEPS[n][crown]
        rest = [c for c in CHAR_IDS if c not in owners]
        st["owner"] = [owners.get(c) if c != last else None for c in CHAR_IDS]
        st["pool"] = sorted([last, rest[-1]], key=lambda c: CHAR_INDEX[c])
        st["face_up"], st["down"] = [], rest[:-1]
        st["down_knower"] = [None] * len(st["down"])
        st["crown"] = crown
        st["steps"] = [{"seat": s >> 1, "bury": bool(s & 1)} for s in steps]
        st["step"], st["rank"] = len(steps) - 1, -1
        st["taken_step"] = [None if c in st["pool"] else -1 for c in CHAR_IDS]
        st["shown"], st["silent"] = [False] * 8, [False] * 8
        st["killed"] = st["robbed"] = None
    game = edit(game, change, phase="draft", current=seat)
    game = game.apply(f"pick {last}", player=seat)
    return call_up_to(game, start)


def call_up_to(game: Game, start: int) -> Game:
    """Play the calling on until rank ``start`` is called: a turn below it ends (its income counted as taken,
    citadels.turn.income_first), a window below it is declined by every seat (citadels.action.window)."""
    while game.phase in ("turn", "rasputin", "acrobat") and state_of(game).rank < start:
        if game.phase == "turn":
            game = set_field(game, "income_done", True)
            game.apply("end")
        else:
            game.apply(next(m for m in game.legal_moves() if m.kind == "decline"))
    return game


def at_turn(game: Game, player: int, character: str, **owners: int) -> Game:
    """Jump to ``player``'s turn as ``character`` (other characters held as given)."""
    game = deal_characters(game, {character: player, **owners}, start=CHAR_INDEX[character])
    st = state_of(game)
    assert st.tp == player and game.phase == "turn", (game.phase, st.rank)
    return game


def seat_moves(game: Game, seat: int) -> set[str]:
    """The notation of one seat's legal moves (several seats may answer an open window)."""
    return {str(m) for m in game.legal_moves() if m.player == seat}


def play_out_draft(game: Game) -> None:
    while game.phase == "draft":
        game.apply(game.legal_moves()[0])
