"""Every rule of Keythedral with its id, its source and our paraphrase.

Sources name the rulebook section (``Set up``, ``Phase three, action two`` ...), ``Appendix n`` for law
card n, or ``Fact sheet §2.x`` for component data the rulebook does not print.
"""
from __future__ import annotations

from ...core.definition import make_rulebook
from ...core.rules import Rule

P = "keythedral."

RULES = make_rulebook("keythedral", [
    # Preparation and set-up.
    Rule(P + "setup.pieces", "Preparation", "Each player has five cottages numbered 1 to 5, ten workers and three fences."),
    Rule(P + "setup.store", "Contents; Preparation", "The store starts with 20 stone, 20 timber, 15 food, 15 water and 15 wine; each craft shop holds 10 cubes of its colour."),
    Rule(P + "setup.buildings", "Preparation; Fact sheet §2.4–2.5", "Building tiles go face down on the mat's spaces for the version played (stage counts and costs assumed); the rest leave the game unseen."),
    Rule(P + "setup.law_spaces", "Preparation", "The law cards are shuffled face down; the top two go face down on the two new-law spaces."),
    Rule(P + "setup.field_tiles", "Set up", "Only field tiles numbered up to the number of players are used."),
    Rule(P + "setup.keythedral", "Set up", "The four number-one fields touch the Keythedral tile, quarries opposite each other and woods opposite each other."),
    Rule(P + "setup.lay_field", "Set up", "In turn each player lays the top field tile of the shuffled stack where it touches a laid tile, on the lattice of fields and cottages."),
    Rule(P + "setup.lay_cottage", "Set up", "After the field, the same player lays one of their cottages (any number) on an empty cottage site next to a laid field."),
    Rule(P + "setup.until_all_laid", "Set up", "Players keep laying one field and one cottage each in turn until all five of each are laid."),
    Rule(P + "setup.reveal_first", "Set up", "Then the stage-one building tiles are turned face up."),
    # The round.
    Rule(P + "round.five_phases", "The game", "A round is five phases: place workers, collect cubes, spend cubes, retrieve workers, change start player."),
    Rule(P + "order.choose", "Phase one", "The start player, then each next player in turn, puts the next work order marker on a number not yet chosen, until all five numbers are chosen."),
    Rule(P + "order.place_in_turn", "Phase one", "After each choice every player, starting with the chooser, places the workers of their cottage or house with that number."),
    Rule(P + "worker.adjacent", "Phase one", "A worker goes into a laid field next to its cottage or house."),
    Rule(P + "worker.closed", "Phase one", "A field that already holds a worker or is fenced off from the cottage is closed to it."),
    Rule(P + "worker.house_two", "Phase one; Phase three, action two", "A house sends two workers into two different fields."),
    Rule(P + "worker.idle", "Phase one", "Workers with no open field stay idle and produce nothing."),
    Rule(P + "harvest.collect", "Phase two", "From the start player on, each worker yields one cube of its field's colour from the store."),
    Rule(P + "harvest.store_empty", "Phase two", "If the store has no cube of that colour left, that worker's harvest fails."),
    Rule(P + "action.loop", "Phase three", "From the start player, clockwise, each player does one action or passes at a time."),
    Rule(P + "action.until", "Phase three", "Phase three ends when every player who has not procured a law card has passed in succession."),
    Rule(P + "action.pass_again", "Phase three", "A player who passed may act again on a later turn."),
    Rule(P + "action.no_trading", "Phase three", "Players may not trade with each other."),
    Rule(P + "buy.face_up", "Phase three, action one", "A seat is bought by paying exactly the cubes shown on a face-up building tile."),
    Rule(P + "buy.next_stage", "Phase three, action one", "When the last face-up tile of a stage is bought, the next stage's tiles are turned face up."),
    Rule(P + "house.cost", "Phase three, action two", "A cottage becomes a house for one stone and one timber."),
    Rule(P + "fence.build", "Phase three, action three", "A fence costs one timber and goes between a cottage site and a field next to it; each player has three for the whole game."),
    Rule(P + "fence.blocks", "Phase three, action three", "A fence of any colour stops workers of that cottage or house entering that field."),
    Rule(P + "fence.remove", "Phase three, action three", "Any fence can be removed for two wine; it leaves the game."),
    Rule(P + "fence.relocate", "Phase three, action three", "A cottage or house fenced off from every field next to it is taken up and laid again at once by its owner; a house stays a house."),
    Rule(P + "craft.exchange", "Phase three, action four", "The blacksmith, glassmaker and goldsmith give one white, purple or yellow cube for any two, three or four other cubes."),
    Rule(P + "craft.restock", "Phase three, action four", "A shop that runs out is restocked from the used craft cubes of its colour in the store."),
    Rule(P + "trader.exchange", "Phase three, action five", "The trader gives one resource cube from the store for any two other cubes."),
    Rule(P + "law.procure", "Phase three, action six", "A face-down law card is procured from a new-law space for any one cube."),
    Rule(P + "law.procure_ends_turns", "Phase three, action six", "After procuring a law card a player takes no more actions this phase three (but may play law cards)."),
    Rule(P + "retrieve.reset", "Phase four", "Workers go back, the work order markers come off, and empty new-law spaces are refilled from the stack."),
    Rule(P + "auction.bid_once", "Phase five", "The marker passes left to player B; from the player after B each player bids once, higher than any bid before, or passes."),
    Rule(P + "auction.b_matches", "Phase five", "Player B bids last and wins by matching the highest bid."),
    Rule(P + "auction.pay", "Phase five", "Bids are cubes worth one each; a winner other than B pays B; B pays the player whose bid B matched."),
    Rule(P + "auction.choose_start", "Phase five", "The winner, or B if nobody bids, chooses the new start player."),
    Rule(P + "end.last_tile", "End of the game", "The game ends at once when the last building tile is acquired."),
    Rule(P + "score.total", "The winner", "A player scores the values of their building tiles plus their cubes: yellow 4, purple 3, white 2, each resource cube 1."),
    Rule(P + "score.winner", "The winner", "The highest score wins; a tie is shared."),
    Rule(P + "secret.laws", "Contents; Phase three, action six", "Law cards are held behind screens: only their number is public until played."),
    Rule(P + "secret.screens", "Contents; Phase three, action one; Phase four", "Behind a player's screen their cubes, building tiles and law cards are secret (how many of each is public) until the final scoring."),
    Rule(P + "secret.field_stack", "Set up", "The field stack is face down: only the player who takes its top tile sees it before it is laid."),
    # Law cards (Appendix n is card n; when-to-play lines follow the appendix, or the fact sheet's rule §2.7).
    Rule(P + "law.window", "Appendix; Fact sheet §2.7", "Cards played outside one's own turn are offered in a window to every player concerned at once, holder or not, at the start of each of the five phases, after each work order choice, at each purchase and after each law card; they answer in any order, the first card played takes effect first, and declines are private."),
    Rule(P + "law.once", "Phase three, action six", "A law card is used once and then discarded."),
    Rule(P + "law.declared", "Phase three, action six", "A law card whose type is declared must be played at once: declaring a card is playing it."),
    Rule(P + "law.work_order", "Appendix 1", "At the start of phase one: its player places every work order marker this round; placing still starts with the start player, then rotates."),
    Rule(P + "law.price_increase", "Appendix 2", "When another player tries to buy a tile: the purchase stops and the tile costs one more cube of a type it shows (buyer's choice) until bought; the buyer may choose another action."),
    Rule(P + "law.price_decrease", "Appendix 3", "On one's turn: a face-up tile costs one cube less (any shown type but gold, buyer's choice) until bought."),
    Rule(P + "law.upgrade_cottage", "Appendix 4", "On one's turn: one of one's cottages becomes a house at no cost."),
    Rule(P + "law.substitution", "Appendix 5", "On one's turn: a purchase may pay other resource cubes for shown resource cubes, or one craft cube for another craft cube."),
    Rule(P + "law.cottage_number", "Appendix 6", "Right after a work order number is chosen: one of one's cottages or houses with a number not yet chosen also acts as that number, and not again this round."),
    Rule(P + "law.craft_bargain", "Appendix 7", "At any time (any law window or one's own turn): the trader gives a used craft cube from the store for one resource cube."),
    Rule(P + "law.unexpected_harvest", "Appendix 8", "At the start of phase two: one's workers in one field type take cubes of colours they choose."),
    Rule(P + "law.broken_fences", "Appendix 9", "Before or during phase one (at the start of phase five for the coming round, at the start of phase one, or after a work order choice): one chosen player's workers ignore fences for that round."),
    Rule(P + "law.repeal_law", "Appendix 10", "Right after another player's law card is played: that card has no effect."),
    Rule(P + "law.unsafe_fence", "Appendix 11", "At any time (any law window or one's own turn): one fence is removed from the game for free."),
    Rule(P + "law.house_moratorium", "Appendix 12", "Before or at the start of phase three (at the start of phase one, two or three, or after a work order choice): no other player may build a house this round."),
    Rule(P + "law.design_change", "Appendix 13", "At any time (any law window, a purchase, or one's own turn): a face-up tile is replaced by a random unused tile of its stage; a purchase of that tile stops and is not an action."),
    Rule(P + "law.double_production", "Appendix 14", "At the start of phase two: one of one's workers harvests double."),
    Rule(P + "law.bargain", "Appendix 15", "On one's turn: the trader takes one cube and gives two resource cubes of one's choice."),
    Rule(P + "law.sale", "Appendix 16", "On one's turn: the goldsmith or glassmaker asks two cubes fewer."),
    Rule(P + "law.downgrade_house", "Appendix 17", "On one's turn: a house becomes a cottage again."),
    Rule(P + "law.good_harvest", "Appendix 18", "At the start of phase two: all fields of one type yield double this round."),
    Rule(P + "law.poor_harvest", "Appendix 19", "At the start of phase two: all fields of one type yield nothing this round."),
    Rule(P + "law.start_order", "Appendix 20", "At the beginning of any of the five phases: choose a new start player, who leads until the next phase five."),
    # Variants and options.
    Rule(P + "variant.two_players", "Variation one", "With two players one brown and one grey number-one field replace the Keythedral and its four fields, only the number-two fields are added, and one law card is available per round."),
    Rule(P + "variant.face_up", "Variation two", "Optionally all building tiles in play are face up from the start."),
    Rule(P + "variant.version", "Preparation", "The short version uses the grey spaces of the mat; the full version adds the orange space at the end of each row."),
])
