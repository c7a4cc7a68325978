"""The whole game: 2 to 4 Investigators at one table, Combat, and computer players.

Each player plays with the one-Investigator engine of :mod:`deckbuilder.rules.engine` (its
legal plays and its ``push``); :mod:`~.table` adds the table: who starts, Turns and Passing,
Combat in the rulebook's order, the Discard phase and the score; :mod:`~.monsters` reads what
a card brings to Combat; :mod:`~.opponents` what an Event does to the opponent it is played on;
:mod:`~.policy` holds the computer players; :mod:`~.games` plays many matches and reports them.

>>> m = new_match([game_a, game_b], seed=1)                    # doctest: +SKIP
>>> play_match(m, [GreedyPlayer(game_a, set()), GreedyPlayer(game_b, set())])  # doctest: +SKIP
>>> m.outcome()                                                # doctest: +SKIP

What is modelled, each rule citing its line where it is applied (``new-aeon-rulebook.txt``):
setup and who starts (l.69-79), Turns and Passing (l.382-386), each player's Threat built at
his or her own Gates (l.227, l.272, l.292, l.210, as the engine plays them), Great Old Ones with
their summoner's own requirements and their stay to the next Combat (l.282-286, the engine's),
Combat (l.400-445: Directed Threats, Allies bearing Enchanted Weapons placed atop a Directed
Threat and Buried after Combat (l.193, l.395), Defending Allies with Weapons and Enchanted Weapons, the
Spell-and-Artifact rounds, Battles from the lowest Sanity, the Cosmic Battle, Bypass, Invisible
Monsters, Allies then the Investigator, Assault, burying; a Control Spell cast in the
Spell-and-Artifact rounds turns a random Monster of its class in an opponent's Directed Threat
against that opponent, l.321, rulings l.29), a Summoned Monster's attack at once in card play,
Allies defending, no Cosmic Battle (l.317, rulings l.274), the Discard phase, reshuffle,
Voluntary Lobotomy and refill (l.445-460, the engine's), an Event aimed at an opponent played
only when an opponent holds what it aims at (l.202: an Ally, a Threat, a Tome...; read from its
"Affects Opponent's ..." line, or from what its effect takes), on an opponent not already
affected by an Event of its title (l.367), and what it does to that opponent, read from its text
by :mod:`~.opponents` (a random Artifact Buried, a card of the Hand Discarded, Allies Buried, the
Story Deck's Event Discarded, an attack unless the target moves, cards confiscated at the next
Round, the target's City or Region struck alike, the card just played Buried and its effects
ignored, the Current Location lost or the Story Deck Buried down to its next Location, a
Steadfast Ally gone mad, Allies Buried or kept for Sanity, a Phobia redirected, the Mythos
Deck's top card Discarded each Turn); Phobias that stay on their target and cost
Sanity on a Pass, at a Turn's beginning at a Location's attribute or with a full Hand, or each
Round, or on a kind of play (an Adventure, an Artifact or Tome, a new Threat, a Day or Night
Event), or at once by Day or by Night (l.210: lifted, their player Buries them; a Turn at a
Location that allows it lifts one, l.351, l.356); Day and Night, the table's time (l.76: Day at
first; rulings l.35: the last Day or Night Event played, by anyone, sets it): a Monster's value
by Day or by Night, a Location whose Threat fights as if it is Night, an Artifact Discarded
rather than Buried at Night; "Affects All Investigators" on every player, the one who played it included (a
Sanity loss on each Pass, or at once at a kind of Location), the end of a Basic game and of a Campaign and
the score (l.91-93, l.470-474), and ties; a Great Old One's own effects on every
Investigator while it is in play (l.282, read by :mod:`~.goos`: no Sanity gained, a loss when
it is played, no Monster Invisible or Bypassing, a title's Monsters stronger, Monsters Discarded
after Combat, a loss for each Travel card, Spells cast for free, every player's Monsters Joining,
Day made (or Night) with the other time's cards Buried and barred, three Passes to end card play); Spells, Artifacts and Allies
used on an opponent with a legitimate target (l.307: the Story Deck down to its next Location,
an Ally Discarded, Buried or flipped face-down for the Round, a Tome stolen, a Threat looked at,
the Mythos Deck's top card revealed, an Artifact flipped face-down), the Allies Buried
instead of an Artifact or Tome an opponent's card takes, the Artifacts that cancel a Spell cast
on their holder (l.313), an Epidemic's face-down Allies and the cards that keep Allies out of it.
after Combat, a loss for each Travel card, Spells cast for free); what a Location or an
Artifact in play adds to a kind of Ally or Monster and what a Weapon adds to the other Defending
Allies of a kind (:mod:`~.monsters`); Spells that work only in Combat, read by
:mod:`~.combatcards` (a Threat card sent back to Hand, a Defending Ally Discarded instead of
Buried, lost Allies rising against their attacker, an Ally played from hand to defend) and an
Ambush Event's Assault between neighbours in one City (l.428).

Not modelled (known gaps): what the Events aimed at an opponent that :mod:`~.opponents` does not
read do (:func:`~.opponents.not_read` names them per card: an effect cancelled before it
strikes, stealing Threat cards...; they are played and Buried, no effect), the
Spells, Artifacts and Allies aimed at an opponent that it does not read (a glance at a Hand or
Threat, Day and Night, a Location's attributes copied...), a face-down Ally's own use (only its
defence is withheld), a Phobia lifted by an Ally or a Spell
(only a Turn at a Location lifts one, l.351); "Affects All Investigators" beyond a
Sanity loss on each Pass or at a kind of Location (travel barred...); the engine's own Day and
Night for an Adventure's "while it is DAY" (its player's own Events decide there); a Great
Old One's effects that :func:`~.goos.goo_not_read` names (Allies flipped, Gates used again,
Regions merged, all Locations of an attribute...); Monster text beyond Invisible, Bypass, a Location bonus and a value by Day or Night
(:mod:`~.monsters`; its Buopoth, Nightmare...); an Ally bearing an Enchanted Weapon in a Threat taken by Control (it
counts as a Lesser Independent, l.395: only Monster cards are taken); an Ally's special
effects lost in a Threat (l.395: none are played in Combat anyway); Spells and Artifacts in
Combat other than those that draw or change Sanity and those :mod:`~.combatcards` reads (an
Ally made a Monster, a Defending Ally turned, Invisible Monsters made visible...). Decisions where the rules leave a choice to the player
and no policy is asked yet: the target of an Event is the legitimate opponent with the highest
score; against an Event's attack every Ally defends, the strongest first; a Spell, Artifact or
Ally used on an opponent strikes the legitimate one with the highest score, and takes the
strongest Ally where the card lets its player choose; an Ally that may be Buried instead of an
Artifact or Tome always is, an Artifact that may cancel a Spell cast on its holder always does,
and the Allies kept out of an Epidemic "of your choice" are the strongest.
"""

from __future__ import annotations

from deckbuilder.rules.match.games import AI_NAMES, MatchBatch, MatchRecord, MatchReport, match_report, record_of
from deckbuilder.rules.match.policy import GreedyPlayer, LookaheadPlayer, determinize
from deckbuilder.rules.match.table import (
    CARD_PLAY,
    COMBAT,
    DISCARD,
    OVER,
    Match,
    Policy,
    begin_turn,
    card_play,
    combat,
    discard,
    discard_play,
    end_of_combat,
    finish_round,
    is_assault,
    new_match,
    next_round,
    play_match,
    step,
    turn_plays,
)

__all__ = [
    "AI_NAMES",
    "CARD_PLAY",
    "COMBAT",
    "DISCARD",
    "OVER",
    "GreedyPlayer",
    "LookaheadPlayer",
    "Match",
    "MatchBatch",
    "MatchRecord",
    "MatchReport",
    "Policy",
    "begin_turn",
    "card_play",
    "combat",
    "determinize",
    "discard",
    "discard_play",
    "end_of_combat",
    "finish_round",
    "is_assault",
    "match_report",
    "new_match",
    "next_round",
    "play_match",
    "record_of",
    "step",
    "turn_plays",
]
