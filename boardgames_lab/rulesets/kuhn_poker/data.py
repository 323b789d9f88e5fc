"""The deck, the chips and the betting, as tables: all of Kuhn poker's components."""
CARDS = ("jack", "queen", "king")  # lowest first (kuhn_poker.deck)
RANK: dict[str | None, int] = {card: rank for rank, card in enumerate(CARDS)}
NAMES: dict[str | None, str] = {"jack": "Jack", "queen": "Queen", "king": "King", None: "?"}  # None: face down
ACTIONS = ("check", "bet", "call", "fold")
ANTE = 1  # chips each player puts in before the deal (kuhn_poker.ante)
BET = 1  # chips a bet or a call adds (kuhn_poker.first_action, kuhn_poker.after_bet)

# The betting: each open sequence of actions (the seats alternate, the first player's first), with the actions open
# to the player to act and the rule that says so. Any other sequence one action longer closes the betting.
OPEN = {(): ("check", "bet"), ("check",): ("check", "bet"), ("bet",): ("call", "fold"), ("check", "bet"): ("call", "fold")}
RULE_OF = {(): "first_action", ("check",): "after_check", ("bet",): "after_bet", ("check", "bet"): "after_bet"}
CLOSED = frozenset(h + (a,) for h, actions in OPEN.items() for a in actions) - set(OPEN)
SHOWDOWNS = frozenset(h for h in CLOSED if h[-1] != "fold")  # two checks, or a call
