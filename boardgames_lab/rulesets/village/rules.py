"""Every rule of Village with its id, its source and our paraphrase.

``Rulebook <section>`` is a section of the Village actions text in the seeds
(003_5b8f7c54e7f58c76.txt), the authority for the actions; ``Fact sheet §x``
is the shared rules fact sheet, Part 1, which gives the rest of the base game.
"""
from __future__ import annotations

from ...core.definition import make_rulebook
from ...core.rules import Rule

P = "village."

RULES = make_rulebook("village", [
    # Set-up, rounds and turns (fact sheet).
    Rule(P + "setup.players", "Fact sheet §1.4, §1.15", "Each player starts with four generation-1 villagers on the farm, seven unborn, one coin and the time marker at the bridge; the setup card, stalls, chronicle and graves follow the player count."),
    Rule(P + "setup.customers", "Fact sheet §1.15, §1.16", "The customer tiles are shuffled into a face-down pile; the stalls in use, then the five waiting spaces, are filled face up from its top."),
    Rule(P + "hidden.pile", "Fact sheet §1.16", "The customer pile lies face down: nobody sees its order. All else is open: served customers were served from a face-up stall, and the bags' contents follow from the public counts."),
    Rule(P + "round.seed", "Fact sheet §1.7", "Each round the setup card's cubes of every colour (what the supply still has) and all plague cubes go into the bag; then the card's number of cubes is drawn onto each action area."),
    Rule(P + "round.end", "Fact sheet §1.7", "The round ends once the last cube has been taken from the board and that action is finished; Mass follows."),
    Rule(P + "round.next_start", "Fact sheet §1.7", "The holder of the next-starting-player ring starts the next round and returns the ring; otherwise the starting player stays."),
    Rule(P + "turn.take_cube", "Fact sheet §1.8", "On a turn a player takes exactly one cube from an action area (or uses the Well) and then may carry out that area's action."),
    Rule(P + "turn.plague", "Fact sheet §1.8", "A plague cube goes back to the supply at once and costs two time; the action may still be taken."),
    Rule(P + "turn.skip", "Fact sheet §1.8", "Taking a cube without acting is allowed, except at the market."),
    # Time and death.
    Rule(P + "time.track", "Fact sheet §1.9", "Time is paid by moving the time marker; each pass over the bridge costs one death."),
    Rule(P + "death.oldest", "Fact sheet §1.9", "The villager who dies is one of the lowest generation among the player's visible villagers (farm or board); several equal: the player chooses."),
    Rule(P + "death.end_of_turn", "Fact sheet §1.9", "Deaths are chosen at the end of the turn, after the whole action."),
    Rule(P + "death.market_at_once", "Fact sheet §1.9", "A death owed during a market day is chosen at once."),
    Rule(P + "death.chronicle", "Fact sheet §1.9", "A dead villager goes into the chronicle under the category of where it worked if a space is free, else into an anonymous grave, else (only after the end is triggered) out of the game."),
    # The actions (rulebook).
    Rule(P + "harvest.grain", "Rulebook Harvest", "Harvest needs a villager on the farm and gives 2 grain, 3 with horse and plough, 4 with ox and plough; equipment is kept."),
    Rule(P + "harvest.limit", "Rulebook Harvest", "A farm stores at most five grain."),
    Rule(P + "family.birth", "Rulebook Family", "Family: the lowest-numbered unborn villager comes onto the farm."),
    Rule(P + "family.recall", "Rulebook Family", "Family instead: one living villager on the board comes back to the farm."),
    Rule(P + "crafts.worker", "Rulebook Crafts", "A trained villager produces a good for the building's production time."),
    Rule(P + "crafts.training", "Rulebook Crafts", "A villager entering a building pays the training time once, plus the production time of that first good."),
    Rule(P + "crafts.resources", "Rulebook Crafts", "Without a worker, a good costs its resources: wagon 1 orange + 1 pink, horse or ox 3 grain, scroll 1 pink, plough 1 orange + 1 pink."),
    Rule(P + "crafts.mill", "Rulebook Crafts", "The mill takes no worker: 2 time and 2 grain give 2 coins."),
    Rule(P + "market.day", "Rulebook Market", "Taking a market cube always starts a market day."),
    Rule(P + "market.available", "Rulebook Market", "Only customers on the blue-bordered stalls can be served; each is served by paying its goods and grain."),
    Rule(P + "market.first_sale", "Rulebook Market", "The player who started the market day serves first without surcharge."),
    Rule(P + "market.surcharge", "Rulebook Market", "Every later sale, also the starter's, costs one green influence and one time extra; the day goes round clockwise."),
    Rule(P + "market.pass_final", "Rulebook Market", "A player who passes is out for the rest of the market day."),
    Rule(P + "market.end", "Rulebook Market", "The day ends when all have passed or no available customer is left; then the queue moves up and refills."),
    Rule(P + "council.enter", "Rulebook Council chamber", "Enter stage 1 with a farm villager for one time and two green or one scroll."),
    Rule(P + "council.advance", "Rulebook Council chamber", "Advance a councillor one stage for two green or one scroll plus the stage's time."),
    Rule(P + "council.privilege", "Rulebook Council chamber", "Without advancing, use one privilege of a stage held by a councillor or below; entering or advancing also grants one."),
    Rule(P + "council.ring", "Rulebook Council chamber", "Privilege 1: take the next-starting-player ring if it is still available."),
    Rule(P + "council.cubes", "Rulebook Council chamber", "Privilege 2: take two influence cubes of any colours."),
    Rule(P + "council.good", "Rulebook Council chamber", "Privilege 3: take one good of your choice."),
    Rule(P + "council.prestige", "Rulebook Council chamber", "Privilege 4: pay one coin for three prestige."),
    Rule(P + "travel.route", "Rulebook Travel", "Travel moves a farm villager to a town next to the village, or a traveller to an adjacent town, for two time, one wagon and the route's cubes."),
    Rule(P + "travel.reward", "Rulebook Travel", "A town newly reached places the player's disc and gives its reward once: two cubes of choice, one coin or three prestige."),
    Rule(P + "church.action", "Rulebook Church and Mass", "Church: a farm villager goes into the black bag for one brown influence or three time."),
    Rule(P + "mass.select", "Rulebook Church and Mass", "At Mass, from the starting player, each may pay one coin per own villager to take it out of the bag, until four are out."),
    Rule(P + "mass.draw", "Rulebook Church and Mass", "Random draws make up four pieces; monks go back, villagers go onto church stage 1."),
    Rule(P + "mass.advance", "Rulebook Church and Mass", "In turn order each may advance church villagers, paying the grain of every stage entered."),
    Rule(P + "mass.majority", "Rulebook Church and Mass", "Most villagers in the church gain two prestige; tied: the best-placed villager decides; still tied: all tied gain two."),
    Rule(P + "well.action", "Rulebook Well", "Instead of taking a cube, return three influence of one colour to take any action, even one whose area is empty."),
    Rule(P + "coins.joker", "Rulebook Coins", "A coin may stand in for any one influence cube."),
    # Expansion notes in the rulebook text, modelled as options.
    Rule(P + "inn.brewery", "Rulebook Crafts [Inn]", "With the Inn, the brewery is a craft building that makes two beer per use."),
    Rule(P + "marriage.tools", "Rulebook Crafts [Marriage]", "With Marriage, one tool spent on a craft doubles its output."),
    Rule(P + "marriage.bread", "Rulebook Church and Mass [Marriage]", "With Marriage, one bread can pay a church stage instead of its grain."),
    # End and scoring (fact sheet).
    Rule(P + "end.trigger", "Fact sheet §1.13", "The game ends when a dead villager fills the last free chronicle space or the last free grave."),
    Rule(P + "end.last_actions", "Fact sheet §1.13", "The player who triggered the end acts no more; each other player takes one last action, clockwise."),
    Rule(P + "end.market_day", "Fact sheet §1.13", "Triggered in a market day: the day finishes; a trigger by the starter gives the others a last action, any other trigger gives all a last action with the starter last."),
    Rule(P + "end.no_cubes", "Fact sheet §1.13", "If the board runs out of cubes during the last actions, it is not refilled and the rest act without paying the Well."),
    Rule(P + "end.final_mass", "Fact sheet §1.13", "The round's Mass is skipped; one final Mass is held after the last actions."),
    Rule(P + "final.scoring", "Fact sheet §1.14", "Final score: prestige, towns visited, living councillors and church villagers by stage, chronicle count, customers served and one per coin."),
    Rule(P + "final.tie_break", "Fact sheet §1.14", "Ties go to the most customers served, then the most living villagers; still tied, the win is shared."),
])
