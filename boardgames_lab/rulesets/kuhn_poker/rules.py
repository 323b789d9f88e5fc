"""Every rule of Kuhn poker: its id, its source and our paraphrase. The source is H. W. Kuhn, "A simplified form
of poker", Contributions to the Theory of Games I (Princeton 1950), where a check or a fold is a "pass"."""
from ...core.definition import make_rulebook
from ...core.rules import Rule

P = "kuhn_poker."
SOURCE = "Kuhn 1950, the rules of play"

RULES = make_rulebook("kuhn_poker", [
    Rule(P + "deck", SOURCE, "The deck is three cards of different rank: Jack below Queen below King."),
    Rule(P + "ante", SOURCE, "Before the deal each player puts one chip in the pot."),
    Rule(P + "deal", SOURCE, "Each player gets one card from the shuffled deck, face down: only its holder sees it; "
                             "the third card stays unseen."),
    Rule(P + "first_action", SOURCE, "The first player opens: check, or bet one chip."),
    Rule(P + "after_check", SOURCE, "After a check the second player checks too, which ends the betting, or bets one chip."),
    Rule(P + "after_bet", SOURCE, "Facing a bet, a player folds, or calls by adding one chip."),
    Rule(P + "fold", SOURCE, "A fold ends the hand: the bettor takes the pot and no card is shown."),
    Rule(P + "showdown", SOURCE, "Two checks or a call end the betting: both cards are shown and the higher one takes the pot."),
    Rule(P + "chips", SOURCE, "A player scores the chips won or lost: the winner gains the loser's stake."),
])
