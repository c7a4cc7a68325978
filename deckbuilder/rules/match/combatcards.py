"""Spells that work only in Combat, cast in its Spell-and-Artifact rounds
(rulebook l.410: "each player can cast any one Spell or use an Artifact that is currently
available"), read here from their text, clause by clause:

- "May only be cast during Combat" (or "... cast during Combat only"): the Spell is offered in
  Combat's rounds only, cast as any Spell is (from a Tome paying its Sanity cost and flipped
  face-down for the Round, l.309; by an Ally, free and Buried, l.311);
- "Return a random card in target Directed Threat to that player's Hand" (:data:`TO_HAND`):
  a card, chosen at random, leaves a Directed Threat aimed at the caster (our choice of
  target: the one with the most cards) for its player's Hand; it takes no part in Combat;
- "If the target Defending Ally would be Buried, he or she is Discarded instead"
  (:data:`DISCARD_INSTEAD`): an opponent's Defending Ally against the caster (our choice: the
  strongest) goes to the Discard Pile, not the Story Deck, if it absorbs any Sanity loss
  (l.439 would Bury it: in the Story Deck it would count for its player's Adventures);
- "All Allies lost during this round's Combat rise against the Investigator whose Threat caused
  their demise. That Investigator may use his or her Allies in defense" (:data:`RISE`; its
  clause says Combat, so it needs no "cast during Combat"): cast in Combat's rounds (our
  choice: the text acts "just after Combat is concluded", and only a cast before then can),
  when the caster's Allies defend against a Directed Threat; after the Battles each Ally of the
  caster's that absorbed Sanity loss attacks, with its value, the opponent whose Directed
  Threat it defended against; that opponent's Allies not lost in Combat defend (l.426) and the
  rest is Sanity lost in Combat (l.430); then they are Buried as l.439 says;
- "Ally may be immediately played, even during Combat" (:data:`ALLY_NOW`; the effect reader
  reads the Ally played, which the engine plays in card play): in Combat's rounds the Spell
  plays an Ally from hand, as the engine's cast does, and the Ally defends at once against the
  Directed Threat aimed at the caster with the most cards (our choice: the Allies were
  committed before the rounds, l.406, and the card lets this one join Combat);
- "Place target Ally face-down in his or her Investigator's Threat. Ally now functions as a
  Monster. Bury Ally after Combat" (:data:`WARP`): cast in Combat's rounds (our choice: the
  Threat is aimed there, l.402) on one of the caster's own Allies that defends no one and holds
  no card, the strongest, it joins the caster's Directed Threat with the most cards with its
  value, as an Ally bearing an Enchanted Weapon does (l.395), and is Buried after Combat;
- "Attacking Invisible Monsters are now Visible for the remainder of this Round"
  (:data:`VISIBLE`): cast in Combat's rounds while a Directed Threat is aimed at the caster
  (the Threat is face-down: its Invisible Monsters are hoped for, as a Control Spell's class
  is), the Monsters attacking the caster are Visible in this Combat: the Defending Allies
  absorb them (l.288);
- "Target Defending Ally becomes your Defending Ally for the remainder of Combat. Return Ally to
  opponent or Bury Ally in opponent's Story Deck, as appropriate" (:data:`DEFLECT`): an
  opponent's Ally defending against the caster's Threat (our choice: the strongest) leaves that
  defence and defends the caster against the Directed Threat of its owner's aimed at the
  caster, else the one with the most cards; if it absorbs any Sanity loss its owner Buries it
  (l.439), else it returns to its owner's Allies;
- "Increase the value of one Ally by N points for the remainder of this Round" (:data:`BOOST`,
  :func:`boost_points`): cast in Combat's rounds (a value counts only there, l.418-426) on the
  caster's strongest Defending Ally while a Directed Threat is aimed at the caster.

The effect reader (``rules/effects/``) leaves these cards out with its Combat reason; the
table (:mod:`~.table`) plays what this module reads, and ``Match.applied`` notes a title
when its effect took place (the card returned, the Ally Discarded).

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

import re
from typing import Final

from deckbuilder.rules.cards import Card, CardType
from deckbuilder.rules.counts import count, count_pattern

_AMBUSH: Final = re.compile(r"your allies may attack your opponent as if they were in the same location")
_AMBUSH_WHERE: Final = re.compile(r"same sub-?region as (?:your )?opponent's current location")


def ambush(card: Card) -> bool:
    """Whether an Event lets its player's Allies attack an opponent "as if they were in the same
    Location" in the next Combat when both Current Locations share a subregion and are City
    ("if your Current Location is in the same sub-region as opponent's Current Location, and
    both Locations have the City attribute"): the table plays it as an Assault (rulebook l.428),
    both sides' Defending Allies attacking as the Assault's rule says (our choice: the card
    names only its player's Allies, and the table has one Assault)."""
    if card.type is not CardType.EVENT:
        return False
    text = " ".join((card.text or "").lower().split())
    return bool(_AMBUSH.search(text) and _AMBUSH_WHERE.search(text) and "city attribute" in text)


TO_HAND: Final = "to hand"
DISCARD_INSTEAD: Final = "discard instead"
RISE: Final = "rise"
ALLY_NOW: Final = "ally now"
WARP: Final = "warp"
VISIBLE: Final = "visible"
DEFLECT: Final = "deflect"
BOOST: Final = "boost"

_ONLY_IN_COMBAT: Final = re.compile(r"cast during combat")
_CLAUSES: Final = (
    (re.compile(r"random card (?:in|of) target directed threat to that player's hand"), TO_HAND),
    (re.compile(r"would be buried, (?:he or she|it) is discarded instead"), DISCARD_INSTEAD),
    (re.compile(r"allies lost during this round's combat rise against"), RISE),
    (re.compile(r"ally may be immediately played, even during combat"), ALLY_NOW),
    (re.compile(r"place target ally face-down in (?:his or her|its) investigator's threat"), WARP),
    (re.compile(r"attacking invisible monsters are now visible"), VISIBLE),
    (re.compile(r"target defending ally becomes your defending ally"), DEFLECT),
    (
        re.compile(rf"increase the value of one ally by {count_pattern(3)} points? for the remainder of this round"),
        BOOST,
    ),
)
_BOOST: Final = re.compile(rf"value of one ally by ({count_pattern(3)}) points?")


def combat_card(card: Card) -> str:
    """Gets what a Spell cast only in Combat does (:data:`TO_HAND`, :data:`DISCARD_INSTEAD`),
    "" for any other card or an effect not read here."""
    if card.type is not CardType.SPELL:
        return ""
    text = " ".join((card.text or "").lower().split())
    only = bool(_ONLY_IN_COMBAT.search(text))
    for pattern, what in _CLAUSES:
        if (only or what in (RISE, ALLY_NOW, WARP, VISIBLE, BOOST)) and pattern.search(text):
            return what
    return ""


def boost_points(card: Card) -> int:
    """Gets the points a :data:`BOOST` Spell adds to one Ally's value (0 for any other card)."""
    if combat_card(card) != BOOST:
        return 0
    m = _BOOST.search(" ".join((card.text or "").lower().split()))
    assert m is not None
    return count(m[1])
