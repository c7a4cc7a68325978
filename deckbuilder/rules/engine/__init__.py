"""The play rules of Mythos for one Investigator playing alone: game state, legal plays, apply.

One rules engine, shared by the playability analysis and the goldfish simulation. A game
is a :class:`Game` (the deck read once into play profiles, the Investigator, the
:class:`Rules`) and a sequence of :class:`GameState` values. Cards are small ints: indices
into ``game.cards`` (one per copy), so a state is a handful of short int lists.

>>> state = new_game(deck, seed=1)                                  # doctest: +SKIP
>>> plays = legal_plays(state)                                      # doctest: +SKIP
>>> state = apply(state, plays[0])                                  # doctest: +SKIP

This package's ``__init__`` is the engine's public API; its modules follow the seams of the
rules, each importing the names it uses directly (no attribute lookup on the hot paths):

- :mod:`~.plays`: :class:`Play`, :class:`PlayKind`, :class:`Phase`, :class:`Mode`, and
  :func:`describe` (a play in words);
- :mod:`~.state`: :class:`GameState` and the Sanity every play pays;
- :mod:`~.game`: :class:`Game` (the deck read once), :class:`Rules`, the Adventure check;
- :mod:`~.legal`: :func:`legal_plays`, which hands each card in hand to its type's rules in
  :mod:`~.locations` (Locations and Travel Events), :mod:`~.allies`, :mod:`~.tomes` (Tomes,
  Spells, Artifacts) and :mod:`~.threat` (the Gate: Monsters, Cultists, Great Old Ones), and
  the cards in play to :mod:`~.casting` (Spells cast, Artifacts and Allies used, their effects);
- :mod:`~.turn`: :func:`push` and :func:`apply`, the end of card play and of the Round,
  drawing, completing an Adventure.

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), as ``grep -n`` prints them.

What is modelled (each rule cites its source where it is applied; a bare "l.N" is a rulebook
line):

- Round and Turn: draw to the Hand size at each Round (l.47, l.457), one play per Turn (l.339),
  a Turn a card says to lose as that Turn's only play (Lost Turns: l.351, l.356, The Vatican),
  Pass ends card play (alone at the table, the second consecutive Pass of l.384 changes
  nothing, so one Pass ends it), Discard phase between Minimum and Maximum (l.51-53, l.445),
  optional reshuffle of the Discard for 1 Sanity before drawing (l.454), forced reshuffle for 1
  Sanity when the Mythos Deck runs out (l.544); the Voluntary Lobotomy once a game (l.451).
- Locations: the first play is a Location in Basic Mythos; Advanced lets other legal cards go
  first (l.79, l.463; rulings l.19, l.53); not an Exotic or special Location first (rulings
  l.69); walking versus arriving at once (l.239-249); Country always walked (l.243); Islands
  (l.233, rulings l.152); Exotic Locations (l.235, l.263); Dimensions (l.267); change of mind
  while Walking or Travelling (l.247-253, rulings l.89); Sanity on arrival only (l.38).
- Travel Events (l.208, l.257-265; rulings l.73, l.87, l.89; see :mod:`places` for the text read).
- Allies where their Region bar says (l.84, l.160-164), one copy by title in play (l.367);
  Surprise Meeting brings an Ally from any Region of your Dimension with it;
  Past Allies only where a card gives the Past (the Lamp of Alhazrad, rulings l.184; l.552);
  Waking World Allies of the subregion in the New Æon while a card says so (Disturbing
  Portrait); two Allies that Join, played together as one play (l.178, l.359, l.536: one of
  them allows it, by title or kind, in the Dimension its card names; one "played only with"
  another, with it or while it is in play).
- Tomes at Tome Locations with a reader (l.324-330); Spells Joined with a Tome or added later,
  by icon, up to the capacity (l.299-305, l.336); Spells given to Allies and Artifacts that
  "can know" Spells (l.170, l.187).
- Artifacts at Artifact Locations (l.183); Weapons and "Give this card to an Ally" Artifacts
  go to an Ally in play, one Weapon each (l.185, l.191); a Location that gives a Spell to an
  Ally of an allegiance for Sanity, as a Turn there (Cité Tatoue).
- Monsters at an unused Gate, once per arrival (l.227, l.272); Monsters that Join played
  together when every pair Joins (l.292, l.359); Threat Events at a Gate (l.210); Cultists played
  as Monsters at their Location's Gate (l.174); Gates that "may be used more than once" at their
  Sanity cost each further use.
- Great Old Ones: two requirements in play and an unused Gate, one per Threat (l.282-286).
- Events: one of a title at a time (l.202, l.367); Persistent ones stay in play, Instant and
  Delayed ones are Buried at once (rulings l.41-49); the opponent plays nothing, so an Event
  aimed at a card of his in play has no target (l.202) unless ``Rules.phantom_opponent`` (the
  goldfish never sets it: ``Game.ignored`` names those Events); one aimed at his Investigator,
  Hand or Mythos Deck is played and Buried, its effect on him not played.
- The Investigator's ability, read from the card (overrides in ``Rules.effects``): the once-a-Round
  redraw "as your Turn" (l.49), Monsters played as Allies through a Gate of the named attribute,
  a Secret Society's membership, Sanity for completing an Adventure of a kind; ``turn draw N``
  (the Hobo's card each Turn) where an override asks it.
- Tomes that draw an additional card at the beginning of each Round (l.47; the largest of those
  and of Hand size increases counts).
- Monsters used for travel (l.317): Summon, or Song of the Stellar Larvae, puts the Monster on
  top of the Story Deck and a Location its travel reaches is played at once.
- Sanity costs paid in full before a card is played (l.124, l.362); gains tallied before
  losses (l.40); at most the Investigator's maximum (l.42); at zero the game ends (l.362).
- Combat: there is no opponent, so nothing fights; the Threat is Buried in the Story Deck at the
  end of the Round (l.439); a Great Old One stays one more Round (l.286).
- Casting Spells and using Artifacts alone (:mod:`~.casting`; l.305-311, l.189-199, l.317):
  when the effect's target exists without an opponent, paying the cost; what a card does is
  read from its text (:mod:`deckbuilder.rules.effects`, overrides in ``Rules.effects``):
  draws and redraws, Hand size and the Allies that change the Minimum and Maximum (l.51-53),
  Sanity, Summon without a Gate, Monsters as Allies, Allies at once, Resurrection, travel as
  if walking, the Past, a Great Old One kept a Round; Locations that reveal the Mythos Deck's
  top card on arrival. ``Game.ignored`` names, per card, the effect the engine leaves out and why.
- Locations that let their player recover an Artifact from the Story Deck as a Turn
  (:mod:`~.recovery`: its Sanity and the Artifact's paid, l.62, l.124), and those whose arrival
  loses a Turn unless an Ally of an allegiance is Buried instead, at the player's choice
  (:mod:`~.choices`: the choice rides on the arriving play, l.351, l.356); Allies Buried
  instead of an Artifact's Sanity or of one Threat card's (The Hunter), the same way.
- Adventures: playable when ``Rules.adventure_check`` says the recipe is met from the Story
  Deck and cards in play (l.66, l.147); the default says no Adventure is ever met, and
  :func:`recipe_checker` builds the real check from :mod:`deckbuilder.rules.adventures`; once
  per game by title (l.157); the recipe's non-card conditions checked, never assumed met
  (rulings l.85): a Secret Society's member, a card in play by title, Sanity driven below N since
  the last Adventure, Day or Night (l.76, rulings l.35), a Spell in a Tome, a Tome in a language
  the Investigator does not speak (any other condition is never met); Basic ends the game (l.91); Campaign discards the Story Deck but
  the Current Location and reshuffles the Discard and Mythos Deck at no cost (l.472), until
  ``Rules.target`` points (l.470).

Not modelled (each card's reason is in its ledger, ``python benchmarks/engine.py --coverage``):
Combat and everything aimed at an opponent, Allies Joining Weapons, travel to
another Dimension by a card's use, recovering other cards from the Story Deck (an Ally under
Herbert West, a Living Dead Monster through a Gate, an Ally replaced), lasting effects on
every player (Great Old Ones' rules), Control, an Ally Buried instead of a Spell's Sanity,
Investigator abilities that hold in one Dimension only, Education and ties
(who goes first: no one else plays), the Hobo's "may not Pass" (alone only a Pass ends card
play, l.384, so his draw each Turn is left out too), Adventure conditions no game state tells
(a re-rolled Investigator, an Ally of the opposite sex, where a card lies), and card text the
reader of :mod:`deckbuilder.rules.effects` and :mod:`deckbuilder.rules.places` does not read.
"""

from __future__ import annotations

from deckbuilder.rules.engine.game import (
    AdventureCheck,
    Game,
    NoInvestigatorError,
    Rules,
    new_game,
    no_adventures,
    recipe_checker,
)
from deckbuilder.rules.engine.legal import is_legal, legal_plays
from deckbuilder.rules.engine.plays import CardId, Mode, Phase, Play, PlayKind, describe
from deckbuilder.rules.engine.state import GameState
from deckbuilder.rules.engine.turn import apply, push

__all__ = [
    "AdventureCheck",
    "CardId",
    "Game",
    "GameState",
    "Mode",
    "NoInvestigatorError",
    "Phase",
    "Play",
    "PlayKind",
    "Rules",
    "apply",
    "describe",
    "is_legal",
    "legal_plays",
    "new_game",
    "no_adventures",
    "push",
    "recipe_checker",
]
