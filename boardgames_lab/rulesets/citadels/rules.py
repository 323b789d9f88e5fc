"""Every rule of Citadels with its id, its source and our paraphrase.

``Rulebook <section>`` is a section of the Sonderausgabe rulebook in the seeds (the authority);
``Fact sheet §x`` is the shared fact sheet, Part 2, which supplies the card list and the violet
abilities the rulebook does not print. ``Reading`` marks how this engine settles a point the
sources leave open (each reading is listed on the docs page).
"""
from __future__ import annotations

from ...core.definition import make_rulebook
from ...core.rules import Rule

P = "citadels."
RB = "Rulebook"

RULES = make_rulebook("citadels", [
    # Set-up
    Rule(P + "setup.gold", f"{RB}, Setup", "Every player starts with 2 gold."),
    Rule(P + "setup.cards", f"{RB}, Setup", "Every player starts with 4 cards from the shuffled deck of 65 buildings."),
    Rule(P + "setup.crown", f"{RB}, Setup", "The oldest player (here the first seat) holds the crown in the first round."),
    # The draft
    Rule(P + "draft.face_down", f"{RB}, Sequence of a Round", "The crown holder shuffles the eight characters and lays one aside face down, unseen."),
    Rule(P + "draft.face_up", f"{RB}, Sequence of a Round", "Then characters are laid aside face up: none with 2-3 players, two with 4, one with 5, none with 6-7."),
    Rule(P + "draft.king_not_face_up", f"{RB}, Sequence of a Round", "A King turned face up is shuffled back and another card is turned up in its place."),
    Rule(P + "draft.pass_left", f"{RB}, Setup", "Starting with the crown holder, each player secretly keeps one character and passes the rest to the left."),
    Rule(P + "draft.last_two", f"{RB}, Setup", "The last player gets two cards, keeps one and lays the other face down in the middle."),
    Rule(P + "draft.seven_players", f"{RB}, Changes for 7 players", "With 7 players the last player adds the first face-down card to the one card passed and keeps one of the two."),
    Rule(P + "draft.two_players", f"{RB}, Changes for 2 players", "With 2 players the King looks at the face-down card; then A keeps one, B keeps one and buries one, A keeps one and buries one, B keeps one of the last two."),
    Rule(P + "draft.three_players", f"{RB}, Changes for 3 players", "With 3 players the King looks at the face-down card; the cards go round twice, each player keeping one each time, and the last card is laid face down."),
    Rule(P + "draft.secret", f"{RB}, Setup", "Only the player holding the passed cards sees them; the others see only how many change hands."),
    # Calling the characters
    Rule(P + "call.order", f"{RB}, Sequence of a Round", "The crown holder calls the characters in rank order, Assassin to Warlord."),
    Rule(P + "call.reveal", f"{RB}, Sequence of a Round", "The holder of the called character reveals it and takes a turn; then the next rank is called."),
    Rule(P + "call.silent", f"{RB}, Sequence of a Round", "If nobody answers (the card was laid aside or murdered), the next rank is called."),
    Rule(P + "call.two_characters", f"{RB}, Sequence of a Character's Turn", "With 2 or 3 players each player holds two characters and takes a turn for each."),
    # A character's turn
    Rule(P + "turn.income", f"{RB}, Sequence of a Character's Turn", "Income: take 2 gold, or draw 2 cards, keep one and discard the other."),
    Rule(P + "turn.income_first", f"{RB}, Sequence of a Character's Turn", "Income comes first: no build before it, and the turn cannot end without it."),
    Rule(P + "turn.build", f"{RB}, Sequence of a Character's Turn", "After income a player may build one card from hand, paying its cost in gold."),
    Rule(P + "turn.no_duplicate", f"{RB}, Sequence of a Character's Turn", "A city never holds two buildings of the same name."),
    Rule(P + "turn.ability", f"{RB}, Sequence of a Character's Turn", "The character's ability is used at most once, at a moment the player chooses within the turn, or not at all."),
    Rule(P + "turn.end", f"{RB}, Sequence of a Character's Turn", "The player ends the turn when done; the character card goes back to the middle."),
    Rule(P + "deck.discard_pile", f"{RB}, Sequence of a Character's Turn", "Discarded cards go face up on the discard pile."),
    Rule(P + "deck.reshuffle", "Reading", "When the deck is empty, the discard pile is shuffled to form a new one (its cards then drawn at random); with both empty, fewer cards are drawn."),
    # The characters
    Rule(P + "char.assassin", f"{RB}, Assassin", "The Assassin names another character; that character stays silent when called and takes no turn."),
    Rule(P + "char.thief_targets", f"{RB}, Thief", "The Thief names a character other than the Assassin, himself and the murdered one."),
    Rule(P + "char.thief_steals", f"{RB}, Thief", "When the robbed character reveals himself, all his gold goes to the Thief at once; gold he gets later in his turn is his."),
    Rule(P + "char.thief_laid_aside", f"{RB}, Thief", "If the robbed character was laid aside, the Thief gets nothing."),
    Rule(P + "char.wizard_swap", f"{RB}, Wizard", "The Wizard may swap his whole hand with a fellow player's, even of unequal or empty size."),
    Rule(P + "char.wizard_redraw", f"{RB}, Wizard", "Or he discards any number of hand cards and draws as many."),
    Rule(P + "char.king_crown", f"{RB}, King", "The revealed King takes the crown at once: he calls the characters and picks first next round."),
    Rule(P + "char.king_murdered", f"{RB}, King, case a", "A murdered King's player takes the crown at the start of the next round."),
    Rule(P + "char.king_absent", f"{RB}, King, case b", "If the King was laid aside, the crown stays where it is for the next round."),
    Rule(P + "char.colour_income", f"{RB}, characters 4-6 and 8", "King, Bishop, Merchant and Warlord take 1 gold per building of their colour, all at once, at a moment of their choosing."),
    Rule(P + "char.bishop_protects", f"{RB}, Bishop", "The Warlord cannot remove buildings of a Bishop who was not murdered."),
    Rule(P + "char.merchant_gold", f"{RB}, Merchant", "The Merchant takes 1 extra gold."),
    Rule(P + "char.architect_cards", f"{RB}, Architect", "The Architect draws 2 cards."),
    Rule(P + "char.architect_builds", f"{RB}, Architect", "The Architect may build up to two more buildings in his turn, and may so pass eight."),
    Rule(P + "char.warlord_removes", f"{RB}, Warlord", "The Warlord may remove one building of a fellow player to the discard pile."),
    Rule(P + "char.warlord_price", f"{RB}, Warlord", "Removing costs the building's cost less 1 (a cost-1 building is free), paid to the bank."),
    Rule(P + "char.warlord_full_city", f"{RB}, Warlord", "A city of eight or more buildings cannot be attacked."),
    Rule(P + "char.warlord_murdered_targets", f"{RB}, Warlord", "Buildings of murdered characters may be removed, the murdered Bishop's too."),
    # Violet buildings (fact sheet §2.3, §2.6)
    Rule(P + "violet.haunted_city", "Fact sheet §2.3", "The Haunted City counts as any one colour for the five-colour bonus, unless built in the last round."),
    Rule(P + "violet.keep", "Fact sheet §2.3", "The Warlord cannot remove a Keep."),
    Rule(P + "violet.laboratory", "Fact sheet §2.3", "Once a turn the Laboratory's owner may discard a building card from hand for 1 gold."),
    Rule(P + "violet.smithy", "Fact sheet §2.3", "Once a turn the Smithy's owner may pay gold to draw cards: 3 for 2 by default (edition option)."),
    Rule(P + "violet.observatory", "Fact sheet §2.3", "Drawing for income, the Observatory's owner draws 3 and keeps 1."),
    Rule(P + "violet.library", "Fact sheet §2.3", "Drawing for income, the Library's owner keeps every card drawn; with an Observatory too, draws 3 and keeps 2."),
    Rule(P + "violet.graveyard", "Fact sheet §2.6", "When the Warlord removes a building, the Graveyard's owner (not the Warlord) may pay 1 gold to take it into hand; not the Graveyard itself unless the option allows."),
    Rule(P + "violet.eight_points", "Fact sheet §2.3", "The Dragon Gate and the University cost 6 and score 8."),
    Rule(P + "violet.school_of_magic", "Fact sheet §2.3", "The School of Magic counts as the colour of the character's income, for income only."),
    Rule(P + "violet.great_wall", "Fact sheet §2.3", "Optional card: the Warlord pays 1 more to remove its owner's other buildings."),
    # The end
    Rule(P + "end.trigger", f"{RB}, End of Game", "When a player lays his eighth building the round is played to its end, then the game ends."),
    Rule(P + "score.buildings", f"{RB}, End of Game", "Each building scores its value; gold scores nothing."),
    Rule(P + "score.five_colours", f"{RB}, End of Game", "A city with all five colours scores 3 more."),
    Rule(P + "score.first_eight", f"{RB}, End of Game", "The first player to eight buildings scores 4; every other player with eight or more scores 2."),
    Rule(P + "score.tie_break", f"{RB}, End of Game", "Tied players compare the points of their buildings alone; then, by default, their gold; a tie left is shared."),
    # The action-card variant
    Rule(P + "action.deck", f"{RB}, Variant", "With the variant the 15 action cards are shuffled into the deck and dealt and drawn like buildings."),
    Rule(P + "action.one_per_turn", f"{RB}, Variant", "A player may play one action card from his hand per turn, then it goes to the discard pile unless it stays out."),
    Rule(P + "action.circus_tent", f"{RB}, Variant", "A Circus Tent goes into the city without a build: no cost, points or colour, counts as a building, cannot be removed."),
    Rule(P + "action.ticket_booth", f"{RB}, Variant", "A Ticket Booth lies in front of its owner; once a turn each fellow player may pay it 1 gold to draw 2 and keep 1."),
    Rule(P + "action.ticket_cash", f"{RB}, Variant", "Right after a payment, and only then, the owner may discard the booth and take its gold; at the end its gold goes back to the bank."),
    Rule(P + "action.acrobat", f"{RB}, Variant", "When the King is called and stays silent, a player may play the Acrobat and take the crown."),
    Rule(P + "action.fortune_teller", f"{RB}, Variant", "The Fortune Teller looks at a fellow player's hand and takes one card of it."),
    Rule(P + "action.rasputin", f"{RB}, Variant", "When a murdered character is called, its holder may play Rasputin and take the turn after all."),
    Rule(P + "action.director", f"{RB}, Variant", "The Director allows two more builds this turn (five with the Architect)."),
    Rule(P + "action.cannonball", f"{RB}, Variant", "The Living Cannonball replaces a city building by a dearer hand card, paying the difference, besides the normal build."),
    Rule(P + "action.score", f"{RB}, Variant", "Every action card still in hand at the end scores 1 point."),
    Rule(P + "action.window", "Reading", "A card played outside its owner's turn is offered to every player at once: each answers privately, in any order, so nobody learns who holds it; a card played takes effect at once."),
])
