"""The Kuhn poker metadata: two players, one edition, no options."""
from ...core.definition import GameInfo

INFO = GameInfo(
    name="kuhn_poker", title="Kuhn poker", min_players=2, max_players=2, default_players=2,
    hidden_information=True, chance=True, edition='H. W. Kuhn, "A simplified form of poker" (1950)',
    rules_version=1, description="One card each from a deck of three, one chip to bet: check, bet, call or fold.")
