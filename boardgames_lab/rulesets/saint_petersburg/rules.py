"""Every rule of Saint Petersburg with its id, its source and our paraphrase.

``Rulebook n`` is step n of the 23-step rulebook in the seeds; ``Fact sheet §x``
is the shared rules fact sheet, Part 1, which fills in what those steps leave out.
"""
from __future__ import annotations

from ...core.definition import make_rulebook
from ...core.rules import Rule

P = "saint_petersburg."

RULES = make_rulebook("saint_petersburg", [
    # The 23 numbered rulebook steps.
    Rule(P + "round.four_phases", "Rulebook 1", "A round is four phases in a fixed order: workers, buildings, aristocrats, trading."),
    Rule(P + "phase.three_parts", "Rulebook 2", "Each phase is player actions, then scoring, then new cards."),
    Rule(P + "turn.start_marker", "Rulebook 3", "The holder of the phase's start marker acts first; turns then go clockwise."),
    Rule(P + "action.one_of_four", "Rulebook 4", "On a turn a player does exactly one thing: buy, take into hand, play from hand, or pass."),
    Rule(P + "action.all_pass", "Rulebook 5", "The actions end only when every player has passed in a row."),
    Rule(P + "scoring.phase_colour", "Rulebook 6", "A phase's scoring pays only for cards of that phase's colour."),
    Rule(P + "scoring.all_cards", "Rulebook 7", "Every card of that colour in a player's area scores, however long it has been there."),
    Rule(P + "refill.next_deck", "Rulebook 8", "After scoring, new cards from the next phase's deck go into the upper row until the board holds eight cards."),
    Rule(P + "scoring.trading_none", "Rulebook 9", "The trading phase scores nothing."),
    Rule(P + "trading.must_replace", "Rulebook 10", "A trading card, bought or played, must replace a card of its colour in the player's own area."),
    Rule(P + "trading.match", "Rulebook 11", "Blue trading cards replace any building, orange ones any aristocrat, green ones only a worker with the same goods symbol."),
    Rule(P + "trading.replaced_removed", "Rulebook 12", "The replaced card leaves the game."),
    Rule(P + "trading.pay_difference", "Rulebook 13", "A trading card costs its price less the value of the card it replaces, and at least 1."),
    Rule(P + "trading.not_on_trading", "Rulebook 14", "A trading card never replaces another trading card."),
    Rule(P + "round_end.discard_lower", "Rulebook 15", "At the end of the round the cards left in the lower row leave the game."),
    Rule(P + "round_end.shift_and_refill", "Rulebook 16", "Then the upper row moves down and new worker cards fill the upper row until the board holds eight."),
    Rule(P + "buy.duplicate_discount", "Rulebook 17", "A card costs 1 less for each identical card already face up in the buyer's area."),
    Rule(P + "buy.lower_row_discount", "Rulebook 18", "A card bought from the lower row costs 1 less."),
    Rule(P + "buy.gold_smelter", "Rulebook 19", "The owner of the Gold Smelter pays 1 less for every aristocrat card."),
    Rule(P + "buy.carpenter_workshop", "Rulebook 20", "The owner of the Carpenter Workshop pays 1 less for every building card."),
    Rule(P + "buy.minimum_one", "Rulebook 21", "All discounts add up, but a card always costs at least 1 ruble."),
    Rule(P + "round_end.pass_markers", "Rulebook 22", "After the four phases every start marker passes to its holder's left neighbour."),
    Rule(P + "round_end.new_round", "Rulebook 23", "A new round starts with the worker phase."),
    # What the steps leave out (fact sheet).
    Rule(P + "setup.rubles", "Fact sheet §1.2", "Every player starts with 25 rubles."),
    Rule(P + "setup.start_markers", "Fact sheet §1.2", "The four start markers are dealt at random: one each with four players, two each with two; with three one player gets two."),
    Rule(P + "setup.first_display", "Fact sheet §1.2", "The first display is two worker cards per player in the upper row."),
    Rule(P + "action.buy", "Fact sheet §1.3", "Buy: pay a card's cost and put it face up in your area; any card on either row may be bought in any phase."),
    Rule(P + "action.take", "Fact sheet §1.3", "Take into hand: move a card from either row to your hidden hand, for free."),
    Rule(P + "action.hand_limit", "Fact sheet §1.3", "A hand holds at most 3 cards, 4 while the player owns the Warehouse."),
    Rule(P + "action.play", "Fact sheet §1.3", "Play from hand: pay the card's cost (no lower-row discount) and put it in your area."),
    Rule(P + "action.pass", "Fact sheet §1.3", "Pass: do nothing now; a player who passed may act again on a later turn."),
    Rule(P + "buy.pay_cost", "Fact sheet §1.6", "A player must be able to pay the cost after all discounts."),
    Rule(P + "money.secret", "Fact sheet §1.2", "A player's rubles and hand are secret; others see only how many cards the hand holds."),
    Rule(P + "deck.top_card", "Fact sheet §1.2, §1.3", "New cards come off the top of a shuffled face-down deck: every card still in it may be the one, each copy as likely as any other."),
    Rule(P + "refill.nothing_taken", "Fact sheet §1.3", "If nobody bought or took a card from the board during a phase, no new cards come at its end."),
    Rule(P + "refill.short_deck", "Fact sheet §1.3", "If a deck runs short, as many cards as it has are laid out."),
    Rule(P + "end.trigger", "Fact sheet §1.4", "When a refill lays out the last card of any deck, the round is played to its end and the game ends."),
    Rule(P + "final.aristocrat_variety", "Fact sheet §1.4", "At the end, different aristocrats score 1, 3, 6, 10, 15, 21, 28, 36, 45, then 55 for ten or more."),
    Rule(P + "final.rubles", "Fact sheet §1.4", "At the end, every full 10 rubles scores 1 point."),
    Rule(P + "final.hand_penalty", "Fact sheet §1.4", "At the end, every card still in hand costs 5 points."),
    Rule(P + "final.tie_break", "Fact sheet §1.4", "Tied players compare the rubles left over after converting tens into points; a tie that remains is shared."),
    Rule(P + "card.czar_and_carpenter", "Fact sheet §1.5", "Any green trading card may replace the Czar and Carpenter."),
    Rule(P + "card.pub", "Fact sheet §1.8", "Right after each building scoring, a Pub owner may buy up to 5 points per Pub at 2 rubles each."),
    Rule(P + "card.warehouse", "Fact sheet §1.8", "The Warehouse raises the hand limit to 4; losing it does not force a discard."),
    Rule(P + "card.potjomkin", "Fact sheet §1.8", "Potjomkin's Village counts as worth 6 when a trading card replaces it."),
    Rule(P + "card.observatory", "Fact sheet §1.8", "Once a round in the building phase, instead of an action, an Observatory owner may draw the top card of any deck holding at least two cards, then buy it, take it into hand or discard it."),
    Rule(P + "card.observatory_used", "Fact sheet §1.8", "A used Observatory scores nothing that round and cannot be replaced until it turns face up at the next round."),
    Rule(P + "card.mariinskij", "Fact sheet §1.5", "At each building scoring the Mariinskij Theater pays 1 ruble per aristocrat card its owner has."),
    Rule(P + "card.tax_man", "Fact sheet §1.5", "At each aristocrat scoring the Tax Man pays 1 ruble per worker card its owner has."),
])
