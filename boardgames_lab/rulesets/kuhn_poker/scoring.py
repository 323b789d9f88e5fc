"""Who takes the pot, and the chips each wins or loses (kuhn_poker.ante, .fold, .showdown, .chips)."""
from .data import ANTE, BET, NAMES, RANK, SHOWDOWNS
from .state import KuhnState


def stakes(history: tuple[str, ...] | list[str]) -> list[int]:
    """Each seat's chips in the pot: the ante, and a chip per bet or call (the seats alternate)."""
    return [ANTE + BET * sum(action in ("bet", "call") for action in history[seat::2]) for seat in (0, 1)]


def taker(st: KuhnState) -> int:
    """The seat that takes the pot: the bettor after a fold, else the higher card."""
    if st.history[-1] == "fold":
        return st.history.index("bet") % 2
    return max(range(st.num_players), key=lambda p: RANK[st.cards[p]])


def take_pot(st: KuhnState) -> None:
    """The hook of the showdown and of a fold: at a showdown both cards are shown; the taker takes the pot."""
    shown = [f"{{p{p}}} shows the {NAMES[card]}" for p, card in enumerate(st.cards) if st.history in SHOWDOWNS]
    p = taker(st)
    st.note(", ".join(shown + [f"{{p{p}}} takes the pot of {sum(stakes(st.history))} chips."]), {"player": p})


def scores(st: KuhnState) -> list[int]:
    """The taker wins the other's stake, which the other loses (nothing until the hand is over)."""
    if st.phase != "game_over":
        return [0] * st.num_players
    paid, p = stakes(st.history), taker(st)
    return [paid[1 - q] if q == p else -paid[q] for q in range(st.num_players)]


def winners(st: KuhnState) -> list[int]:
    return [taker(st)] if st.phase == "game_over" else []
