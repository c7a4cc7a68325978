"""What an Event played on an opponent does to that opponent, read from the card's text.

The effect reader (:mod:`deckbuilder.rules.effects.reader`) names these cards "aims at an
opponent" and the one-player engine plays them with no effect (``phantom_opponent``); at the
table there is an opponent, so this module reads the recurring phrasings of what they do to
the Investigator they are played on (rulebook l.202: "Each effect is applied as described in
the card's special effect box"), and :mod:`~.table` applies them:

- at once: the opponent Buries a random Artifact (not a Tome), Discards a random card of the
  Hand, Buries or Discards a random Ally (one, or half rounded up), Buries an Ally of up to N
  points, Discards the Event closest to the bottom of the Story Deck; Buries the card(s) just
  played, their effects (and Sanity) ignored; loses the Current Location (Discarded at an
  attribute, else Buried) or Buries the Story Deck down to its next Location; suffers an attack
  of a random Ally of an allegiance gone mad; Buries the Allies lacking an attribute or pays
  Sanity to keep them; receives a Phobia of the player's own; loses Sanity at once holding an
  Artifact or Tome;
- a Phobia that stays on its target (l.210: it is Buried by the player who played it when
  removed): a Sanity loss when the target Passes, at the beginning of each of the target's
  Turns while the Current Location has an attribute (and at once if it has it now), or on a
  kind of play (an Adventure by anyone, an Artifact or Tome by the target, a card beginning a
  new Threat, a Day or a Night Event by anyone) and at once if it is Day (or Night); an Event
  that Discards the Mythos Deck's top card each Turn until the target travels or arrives in
  another subregion;
- an Artifact Discarded rather than Buried if it is Night and the target stands Outside or at a
  Country Location (the time is the table's: :mod:`~.table`, rulings l.35).

It also reads the player's own cards that lift a Phobia (:func:`lifts_own_phobia`), a
Location that has each opponent reveal a card on arrival (:func:`reveals_phobias`), an Artifact
halving a Threat's Lesser Monsters (:func:`halves_attack`), and among the Spells used on an
opponent a reshuffle of the Discards, an exchange of Allies, an Ally bound to defend.

The phrasings key on the clause that says what is done, not on a card's whole sentence;
:func:`not_read` reads a text clause by clause, so a clause with words left over beyond its
lead-in ("Randomly choose", "you may force him or her to") is named as not read.

:func:`opponent_effects` gets the effects, or "" and a reason naming what is not read, so a
card's ledger says it (:func:`not_read`). Card text is read with errata applied (``Card.text``).
"""

from __future__ import annotations

import re
from typing import Final

from deckbuilder.rules.cards import Card, CardType
from deckbuilder.rules.counts import count as number
from deckbuilder.rules.counts import count_pattern

#: What an effect does (the ``kind`` of a :data:`Hit`).
BURY_ARTIFACT: Final = 0
DISCARD_HAND: Final = 1
BURY_ALLY: Final = 2
DISCARD_ALLY: Final = 3
DISCARD_STORY_EVENT: Final = 4
#: Phobias: Sanity lost while they stay on the target.
ON_PASS: Final = 5
ON_TURN: Final = 6
#: A Phobia's loss at once, when the Current Location has the attribute now.
LOSE_IF: Final = 7
#: At the beginning of each of the target's Turns while the Hand holds ``amount`` cards: 1 Sanity.
ON_TURN_HAND: Final = 8
#: At the beginning of each Round: ``amount`` Sanity lost, the Discards shuffled into the Mythos Deck.
ON_ROUND_RESHUFFLE: Final = 9
#: At the beginning of the next Round: ``amount`` random cards of the Hand Discarded; then Buried.
NEXT_ROUND_HAND: Final = 10
#: On the target's next Turn: unless a Location or Travel Event is played, an attack of
#: ``amount`` points that Allies may defend; then Buried.
NEXT_TURN_MOVE: Final = 11
#: The effects before it also strike every other Investigator whose Current Location is in the
#: target's City (``word`` "city": the subregion) or Region ("region").
ALSO_NEAR: Final = 12

#: The card(s) the target just played are Buried, their effects ignored (``word`` "ally": only
#: an Ally); the target's Sanity is as before the play.
CANCEL_PLAY: Final = 13
#: The target's Current Location leaves: Discarded if it has the attribute ``word`` (``"@night"``:
#: if it is Night), else Buried;
#: the Investigator stands at the Location below it.
LOSE_LOCATION: Final = 14
#: The Story Deck's top card Buried, then each card above the next Location; no Sanity, the
#: Gate unused.
QUAKE: Final = 15
#: While it stays: ``amount`` Sanity lost each time a card of a kind is played (``word``
#: "WHO:WHAT": who "any" or "you"; what "adventure", "artifact" (Artifacts, Tomes, Weapons) or
#: "threat" (a card that begins a new Threat)).
ON_PLAY: Final = 16
#: At the beginning of each of the target's Turns: the top card of the Mythos Deck Discarded;
#: Buried once the target plays a Travel Event or arrives in another subregion.
MILL_EACH_TURN: Final = 17
#: At once: ``amount`` Sanity lost if the target (or an Ally) holds an Artifact or Tome.
LOSE_IF_HOLDS: Final = 18

#: A random Ally of the target of allegiance ``word`` attacks its own Investigator with its value;
#: the target's other Allies defend; then it returns to his or her side.
MAD_ALLY: Final = 19
#: The target, the opponent with the highest Sanity, Buries his or her Allies lacking the attribute
#: ``word``, or pays ``amount`` Sanity to keep them all.
BURY_OR_PAY: Final = 20
#: A Phobia on the Investigator who plays it goes to the target.
REDIRECT_PHOBIA: Final = 21
#: The target Buries a Tome (``word`` ""), taken at random.
BURY_TOME: Final = 22
#: Allies of the target flipped face-down until the Round ends (rulebook l.532, l.448): the
#: strongest one (``word`` "", or "steal": its own value gained in Sanity by the player), or
#: every one (``word`` "all"; "epidemic": an Epidemic's, which some cards keep Allies out of).
FLIP_ALLY: Final = 23
#: ``amount`` random cards of the target's Threat (a Great Old One in play among them) Discarded,
#: when it holds more than ``word`` cards.
DISCARD_THREAT: Final = 24
#: The player looks at the target's Threat: its cards known to him or her this Round.
GLANCE_THREAT: Final = 25
#: The target reveals the top card of the Mythos Deck: a Location becomes the Current Location, a
#: Monster attacks him or her (Allies may defend) and is Discarded, any other card is Discarded.
REVEAL_TOP: Final = 26
#: An Artifact of the target's, the player's choice, flipped face-down until the Round ends.
FLIP_ARTIFACT: Final = 27
#: The target's Discards shuffled back into the Mythos Deck, at no Sanity cost: the cards he or
#: she threw away come back to be drawn.
RESHUFFLE: Final = 28
#: The target's Ally in play chosen by the player (the strongest) and the Ally closest to the
#: bottom of the target's Story Deck change places: the one Buried, the other in play.
SWAP_ALLY: Final = 29
#: An Ally of the target's must defend in this Round's Combat (against the player's Directed
#: Threat, else the largest aimed at its Investigator).
BIND_ALLY: Final = 30
#: A Corrupt Ally of the target's (the strongest) is Buried and the weakest Monster of the
#: target's Story Deck (the player's choice, ours) comes into play in its place, as an Ally.
DEVOLVE: Final = 31

#: At once: ``amount`` Sanity lost if it is the time ``word`` ("day" or "night") at the table.
LOSE_IF_TIME: Final = 28
#: With BURY_ARTIFACT: the Artifact is Discarded instead if it is Night and the target stands
#: Outside or at a Country Location (``word``: the attributes, "|"-separated).
NIGHT_DISCARD: Final = 29

#: The effects that keep the card on its target (a Phobia, an Event waiting on a later moment).
LASTING: Final = frozenset(
    {ON_PASS, ON_TURN, ON_TURN_HAND, ON_ROUND_RESHUFFLE, NEXT_ROUND_HAND, NEXT_TURN_MOVE, ON_PLAY, MILL_EACH_TURN}
)

#: One effect: (kind, amount, word). ``amount`` is cards, Sanity points, or -1 for "half
#: (round up)"; for BURY_ALLY a second bound may ride in ``word`` as "max N" (an Ally of up to
#: N points); for ON_TURN ``word`` is the Location attribute the loss waits on ("" for none).
Hit = tuple[int, int, str]

#: A count in an effect's words, figures or a word (read by :func:`~deckbuilder.rules.counts.count`);
#: the Great Old Ones' reader (``goos.py``) uses it too.
NUMBER: Final = f"({count_pattern(4, articles=True)})"
_N: Final = NUMBER

#: The clauses read, each keyed on the words that say what it does (never a whole card
#: sentence: a lead-in such as "Randomly choose" or "you may force him or her to" is left to
#: :data:`_LEAD`), each with what it does.
_ONCE: Final[tuple[tuple[re.Pattern[str], int, int], ...]] = (
    (
        re.compile(r"artifact card \(not a tome\) that your opponent must bury|opponent to bury a random artifact"),
        BURY_ARTIFACT,
        1,
    ),
    (re.compile(r"card from your opponent's hand that he or she must discard"), DISCARD_HAND, 1),
    (re.compile(r"bury half \(round up\) of your opponent's allies"), BURY_ALLY, -1),
    (re.compile(r"one ally that opponent must bury"), BURY_ALLY, 1),
    (re.compile(r"discard the event closest to the bottom of his or her story deck"), DISCARD_STORY_EVENT, 1),
)
_THREAT_CUT: Final = re.compile(
    rf"if the target threat contains more than {NUMBER} cards,? including any great old ones? or outer gods?,? "
    rf"randomly discard {NUMBER}"
)
#: An Epidemic's face-down Allies (Dysentery's family): every Ally of the target.
_FLIP_ALL: Final = re.compile(r"(?:your opponent )?must flip all (?:of his or her )?allies face-down")
_UP_TO: Final = re.compile(rf"bury opponent's ally of up to {_N} points? \(excluding the value of any weapons\)")
_PASS: Final = re.compile(rf"(?:opponent )?loses? {_N} sanity points? if he or she passes")
_TURN_IF: Final = re.compile(
    rf"at the beginning of your turn, lose {_N} sanity points? if (?:your current location|"
    r"the top card of your story deck) features the (\w+) attribute"
)
_HAND: Final = re.compile(
    rf"lose {_N} sanity points? at the beginning of each turn that the cards in your hand number (\d+)"
)
_ROUND: Final = re.compile(
    rf"at the beginning of each round, lose {_N} sanity points? and reshuffle your mythos deck(?: and all discards)?"
)
_POLICE: Final = re.compile(rf"at the beginning of the next round, [\w ]+ confiscate {_N} cards from opponent's hand")
_MOVE: Final = re.compile(
    rf"(?:even if already walking, )?(?:your )?opponent must play a travel event or a new location next turn or suffer an attack worth {_N} points?"
)
_NEAR: Final = re.compile(
    r"other players whose investigators are in the same (city) as target are simi?larl?y affected|"
    r"other investigators who are in the same (subregion) as the target are simi?larl?y affected|"
    r"other player's investigator also in the same (region) must also randomly bury one ally"
)
_AT_WHILE: Final = re.compile(
    rf"lose {_N} sanity points? if you are currently (?:in|at) an? (\w+) location and at "
    r"the beginning of each turn that you are (?:in an? \w+ location|\w+)"
)

_CANCEL: Final = re.compile(r"buries the card\(s\) that were just played|bury an (ally) that was just played")
#: What Yithian Mental Contact's sentences add to the cancelling (applied with it).
_CANCEL_TOO: Final = re.compile(
    r"or whose orientations were altered|except adventure cards|"
    r"ignore any effects that those card\(s\) might otherwise have had|"
    r"or who was in play and whose abilit\w* or special effects? (?:were|was) just used"
)
_LOCATION_GOES: Final = re.compile(r"(?:must )?discard his or her current location if it features the (\w+) attribute")
_OTHERWISE_BURY: Final = re.compile(r"otherwise bury it")
_QUAKE: Final = re.compile(r"top card of your opponent's story deck,? and bury it")
_QUAKE_TOO: Final = re.compile(
    r"not a location,? bury it also|until a location is revealed|ignore sanity gain/loss|may use gate"
)
_ON_PLAY: Final = re.compile(
    rf"(?:lose {_N} sanity points? )?(?:and )?(?:each|any) time (?:that )?(an adventure card is played|you play an "
    r"artifact, tome or weapon card|any player plays a card that begins a new threat)"
)
_ON_PLAY_WHAT: Final = {"an adventure card is played": "any:adventure", "any player plays": "any:threat"}
_HOLDS: Final = re.compile(
    rf"lose {_N} sanity points? if you or your allies have a weapon, tome, or artifact when this card is played"
)
#: Day and Night (rulings l.35: a Day Event reads "It is now Day", a Night Event "It is now Night").
_TIME_NOW: Final = re.compile(rf"lose {_N} sanity points? if it is (day|night)\b")
_ON_TIME: Final = re.compile(r"each time an? (day|night) event is played")
_NIGHT_DISCARD: Final = re.compile(
    r"if it is night and opponent's investigator is (outside) or in an? (country) location,? "
    r"cause opponent to discard a random artifact"
)
_NOT_ADDED: Final = re.compile(r"\(not that is added to an existing threat\)")
_MILL: Final = re.compile(r"discards his or her top mythos deck card at the beginning of each turn")
_MILL_ENDS: Final = re.compile(
    r"once the target plays a travel event or arrives at a location in a different subregion"
)

_MAD: Final = re.compile(r"random (\w+) ally of the chosen opponent goes mad")
_MAD_TOO: Final = re.compile(
    r"that ally immediately attacks his or her investigator|\(unaffected allies of that opponent may defend\)|"
    r"return the affected ally to that investigator's side"
)
_BURY_OR_PAY: Final = re.compile(
    rf"must either bury all allies in play lacking the (\w+) attribute,? or spend {_N} points? of sanity to keep them"
)
_HIGHEST: Final = re.compile(r"opposing investigator with the highest sanity \(high education if tied\)")
_REDIRECT: Final = re.compile(
    r"phobia currently affecting your investigator is redirected against the opponent(?: of your choice)?"
)

#: The clauses that say nothing more to apply once the effect they go with is read: the card
#: Buried after it (l.202), its flavour, the Allies that defend an attack (they always do) and the
#: draw a confiscation means.
_SPARE: Final = re.compile(
    r"(?:then,? )?bury this card(?: at the end of the round)?|your opponent's foul deeds are exposed|"
    r"it never happened|allies may defend|opponent draws \w+ cards fewer than usual|changes his or her mind"
)
#: Words that lead into a clause read (who chooses, at random or not), left when a clause is read.
_LEAD: Final = frozenset(
    (
        *("randomly", "choose", "select", "one", "a", "an", "the", "and", "then", "cause", "also"),
        *("you", "your", "may", "force", "him", "or", "her", "to", "when", "played", "on", "opponent"),
        *("each", "other", "any", "target", "while", "this", "card", "is", "in", "play"),
        *("take", "if", "revealed", "repeat", "all", "in", "them", "with"),
    )
)
#: Where a text's clauses part: its sentences, and an alternative (", or if ...").
_CLAUSES: Final = re.compile(r"[.!;]\s*|,\s*or\s+(?=if\b)")


def _text(card: Card) -> str:
    return " ".join((card.text or "").lower().split())


def opponent_effects(card: Card) -> tuple[Hit, ...]:
    """Gets what an Event aimed at an opponent does to the Investigator it is played on, as
    read from its text; () when no phrasing read here is found (see the module's list)."""
    if card.type is not CardType.EVENT or "opponent" not in (card.affects or "").lower():
        return ()
    text = _text(card)
    hits: list[Hit] = []
    for pattern, kind, amount in _ONCE:
        if pattern.search(text):
            hits.append((kind, amount, ""))
    m = _UP_TO.search(text)
    if m:
        hits.append((BURY_ALLY, 1, f"max {number(m[1])}"))
    m = _PASS.search(text)
    if m:
        hits.append((ON_PASS, number(m[1]), ""))
    m = _TURN_IF.search(text)
    if m:
        hits.append((ON_TURN, number(m[1]), m[2]))
    m = _AT_WHILE.search(text)
    if m:
        hits.append((LOSE_IF, number(m[1]), m[2]))
        hits.append((ON_TURN, number(m[1]), m[2]))
    m = _HAND.search(text)
    if m:
        hits.append((ON_TURN_HAND, number(m[2]), str(number(m[1]))))
    m = _ROUND.search(text)
    if m:
        hits.append((ON_ROUND_RESHUFFLE, number(m[1]), ""))
    m = _POLICE.search(text)
    if m:
        hits.append((NEXT_ROUND_HAND, number(m[1]), ""))
    m = _MOVE.search(text)
    if m:
        hits.append((NEXT_TURN_MOVE, number(m[1]), ""))
    m = _CANCEL.search(text)
    if m:
        hits.append((CANCEL_PLAY, 1, "ally" if m[1] else ""))
    m = _LOCATION_GOES.search(text)
    if m and _OTHERWISE_BURY.search(text):
        hits.append((LOSE_LOCATION, 1, m[1]))
    if _QUAKE.search(text):
        hits.append((QUAKE, 1, ""))
    m = _HOLDS.search(text)
    if m:
        hits.append((LOSE_IF_HOLDS, number(m[1]), ""))
    m = _ON_PLAY.search(text)
    if m and (m[1] or hits and hits[-1][0] == LOSE_IF_HOLDS):
        what = next((w for k, w in _ON_PLAY_WHAT.items() if m[2].startswith(k)), "you:artifact")
        hits.append((ON_PLAY, number(m[1]) if m[1] else hits[-1][1], what))
    m = _TIME_NOW.search(text)
    if m:
        hits.append((LOSE_IF_TIME, number(m[1]), m[2]))
        on = _ON_TIME.search(text)
        if on:
            hits.append((ON_PLAY, number(m[1]), f"any:{on[1]}"))
    m = _NIGHT_DISCARD.search(text)
    if m and any(k == BURY_ARTIFACT for k, _, _ in hits):
        hits.append((NIGHT_DISCARD, 1, f"{m[1]}|{m[2]}"))
    if _MILL.search(text):
        hits.append((MILL_EACH_TURN, 1, ""))
    m = _MAD.search(text)
    if m:
        hits.append((MAD_ALLY, 1, m[1]))
    m = _BURY_OR_PAY.search(text)
    if m and _HIGHEST.search(text):
        hits.append((BURY_OR_PAY, number(m[2]), m[1]))
    if _REDIRECT.search(text):
        hits.append((REDIRECT_PHOBIA, 1, ""))
    if _FLIP_ALL.search(text):
        hits.append((FLIP_ALLY, 0, "epidemic" if (card.subtype or "").lower() == "epidemic" else "all"))
    m = _THREAT_CUT.search(text)
    if m:
        hits.append((DISCARD_THREAT, number(m[2]), str(number(m[1]))))
    m = _NEAR.search(text)
    if m and hits:
        hits.append((ALSO_NEAR, 0, "region" if "region" in m[0] and "subregion" not in m[0] else "city"))
    return tuple(hits)


def not_read(card: Card) -> str:
    """Gets what of an opponent-aimed Event the match does not play ("" when it plays it all):
    the ledger's line for the card. Read clause by clause: a clause counts as read when a
    phrasing read here is found in it and what is left of it is only lead-in words
    (:data:`_LEAD`); the others are named."""
    if card.type is not CardType.EVENT or "opponent" not in (card.affects or "").lower():
        return ""
    if recovers_allies(card):
        return ""  # the player's own Allies back (the table's, :func:`recovers_allies`)
    if not opponent_effects(card):
        return "what it does to the opponent is not read yet (played and Buried, no effect)"
    patterns = [p for p, _, _ in _ONCE] + [_UP_TO, _PASS, _TURN_IF, _AT_WHILE, _HAND, _ROUND, _POLICE, _MOVE, _NEAR]
    patterns += [_FLIP_ALL, _THREAT_CUT]
    kinds = {k for k, _, _ in opponent_effects(card)}
    # The clauses read only with the effect they belong to.
    for kind, more in (
        (CANCEL_PLAY, (_CANCEL, _CANCEL_TOO)),
        (LOSE_LOCATION, (_LOCATION_GOES, _OTHERWISE_BURY)),
        (QUAKE, (_QUAKE, _QUAKE_TOO)),
        (ON_PLAY, (_ON_PLAY, _NOT_ADDED)),
        (LOSE_IF_HOLDS, (_HOLDS, _ON_PLAY)),
        (MILL_EACH_TURN, (_MILL, _MILL_ENDS)),
        (MAD_ALLY, (_MAD, _MAD_TOO)),
        (BURY_OR_PAY, (_BURY_OR_PAY, _HIGHEST)),
        (REDIRECT_PHOBIA, (_REDIRECT,)),
        (LOSE_IF_TIME, (_TIME_NOW, _ON_TIME)),
        (NIGHT_DISCARD, (_NIGHT_DISCARD,)),
    ):
        if kind in kinds:
            patterns.extend(more)
    unread = []
    for clause in _CLAUSES.split(_text(card)):
        clause = _SPARE.sub(" ", clause).strip(" ,")
        if not clause:
            continue
        left = clause
        for pattern in patterns:
            left = pattern.sub(" ", left)
        words = left.replace(",", " ").split()
        if left != clause:
            words = [w for w in words if w not in _LEAD]
        if words:
            unread.append(" ".join(words))
    return f"partly read: not read '{'; '.join(unread)}'" if unread else ""


_LIFTS: Final = re.compile(
    r"remain here for (?:one|a) turn and bury one phobia|(?:during|for) each (?:additional )?turn "
    r"(?:that )?you remain here,? you may bury one phobia"
)
#: A Travel Event's "you may as your turn remain on the <it> and Bury one Phobia affecting your
#: Investigator": a Travel Event on top of the Story Deck is the Current Location (rulings l.65).
_TRAVEL_LIFTS: Final = re.compile(r"remain on the [\w' -]+? and bury one phobia affecting your investigator")


def lifts_phobia(card: Card) -> bool:
    """Checks that a Location lets the Investigator spend a Turn there to Bury a Phobia (rulebook
    l.351: "Bury a Phobia at an appropriate Location", an action costing the Turn, l.356), or a
    Travel Event, the Current Location while on top (rulings l.65), lets one remain on it so."""
    if card.type is CardType.EVENT and (card.subtype or "").lower().startswith("travel"):
        return bool(_TRAVEL_LIFTS.search(_text(card)))
    return card.type is CardType.LOCATION and bool(_LIFTS.search(_text(card)))


_ANY_PASS: Final = re.compile(rf"any investigator loses {_N} sanity points? when he or she declares a pass")
_ALL_AT: Final = re.compile(rf"all (\w+) investigators lose {_N} points? of sanity when this card is played")


def everyone_effects(card: Card) -> tuple[Hit, ...]:
    """Gets what an Event that "Affects All Investigators" does to every player, the one who
    played it included: ON_PASS (a Sanity loss on each Pass while it is in play) and LOSE_IF
    (a loss, when it is played, to each Investigator whose Current Location has an attribute)."""
    if card.type is not CardType.EVENT or "opponent" in (card.affects or "").lower():
        return ()  # the words read name every Investigator ("any", "all"), whatever the Affects line
    text = _text(card)
    hits: list[Hit] = []
    m = _ANY_PASS.search(text)
    if m:
        hits.append((ON_PASS, number(m[1]), ""))
    m = _ALL_AT.search(text)
    if m:
        hits.append((LOSE_IF, number(m[2]), m[1]))
    return tuple(hits)


def is_phobia(card: Card) -> bool:
    """Checks that a card is a Phobia (an Event that stays on the Investigator it afflicts)."""
    return card.type is CardType.EVENT and (card.subtype or "").lower() == "phobia"


# -- Spells and Allies that lift a Phobia from their player's Investigator --------------------
#
# A Phobia stays on the Investigator it afflicts until removed, then its player Buries it
# (rulebook l.210); a Location may lift one for a Turn spent there (:func:`lifts_phobia`,
# l.351). These cards of the afflicted player's own lift one too, each as its clause says.

#: A Spell cast Buries every Phobia affecting its caster's Investigator.
LIFT_ALL: Final = 1
#: An Ally lifts one Phobia for a Turn spent at a Location of a subregion (``word``).
LIFT_REMAIN: Final = 2
#: An Ally flipped as a Turn; each later Turn at the same Location while it stays flipped
#: (face-down until the Round ends, l.448) lifts one Phobia.
LIFT_FLIPPED: Final = 3
#: An Ally lets one Phobia be Buried in the Turn a Location of an attribute (``word``) becomes
#: the Current Location, with no Turn spent.
LIFT_ARRIVING: Final = 4

#: How a card lifts a Phobia: (kind, word); (0, "") for none.
Lift = tuple[int, str]

_LIFT_ALL: Final = re.compile(r"bury all phobias affecting your investigator")
_ONE_PHOBIA: Final = re.compile(r"bury one phobia|cause one phobia affecting your investigator to be buried")
_REMAIN_IN: Final = re.compile(r"\bremain\b[^.]*?\bin any ([a-z][\w']*(?: [a-z][\w']*)?) location\b")
_FLIPPED: Final = re.compile(r"remains? flipped,? you may bury one phobia")
_ARRIVING: Final = re.compile(r"bury a phobia in the same turn that an? (\w+) becomes your current location")


_REVEAL_EACH: Final = re.compile(r"each opponent reveals the top card of (?:their|his or her) mythos deck")
_PHOBIA_TO_YOU: Final = re.compile(r"if it is a phobia, apply (?:it )?to you")
_ELSE_DISCARD: Final = re.compile(r"otherwise,? discard it")
_NO_BURYING: Final = re.compile(r"you may not bury phobias here")


def reveals_phobias(card: Card) -> bool:
    """Checks that a Location, on becoming its player's Current Location, has each opponent
    reveal the top card of his or her Mythos Deck: a Phobia is applied to the player, any other
    card Discarded."""
    if card.type is not CardType.LOCATION:
        return False
    text = _text(card)
    return bool(_REVEAL_EACH.search(text) and _PHOBIA_TO_YOU.search(text) and _ELSE_DISCARD.search(text))


def forbids_lifting(card: Card) -> bool:
    """Checks that a Location says no Phobia may be Buried there."""
    return card.type is CardType.LOCATION and bool(_NO_BURYING.search(_text(card)))


_DESIGNATE: Final = re.compile(r"designate one threat to be affected")
_HALVES: Final = re.compile(
    r"halves the attack (?:from|of) ((?:(?:lesser|greater) (?:servitor|independent)s?(?:,? and |, )?)+)"
)
_CLASS: Final = re.compile(r"(lesser|greater) (servitor|independent)")


def halves_attack(card: Card) -> frozenset[str]:
    """Gets the Monster classes ("lesser servitor"...) whose attack an Artifact in play halves
    in one Directed Threat its player designates in Combat; empty for none."""
    if card.type is not CardType.ARTIFACT:
        return frozenset()
    text = _text(card)
    m = _HALVES.search(text)
    if m is None or not _DESIGNATE.search(text):
        return frozenset()
    return frozenset(f"{a} {b}" for a, b in _CLASS.findall(m[1]))


def lifts_own_phobia(card: Card) -> Lift:
    """Gets how a Spell or Ally lets its player Bury a Phobia affecting his or her Investigator
    (rulebook l.210): a Spell that Buries them all when cast (l.309); an Ally that lifts one for
    a Turn spent in a subregion's Location with it (l.351, l.356: the burying costs the Turn),
    one flipped at the Current Location that lifts one each later Turn there, one that lifts one
    when a Location of an attribute becomes the Current Location. (0, "") for none."""
    if card.type is CardType.SPELL:
        return (LIFT_ALL, "") if _LIFT_ALL.search(_text(card)) else (0, "")
    if card.type is not CardType.ALLY:
        return (0, "")
    text = _text(card)
    m = _ARRIVING.search(text)
    if m:
        return (LIFT_ARRIVING, m[1])
    if "flip this card" in text and _FLIPPED.search(text):
        return (LIFT_FLIPPED, "")
    m = _REMAIN_IN.search(text)
    if m and _ONE_PHOBIA.search(text):
        return (LIFT_REMAIN, m[1])
    return (0, "")


# -- Spells, Artifacts and Allies used on an opponent -----------------------------------------
#
# The effect reader names these "aims at an opponent" too (a Spell cast, an Artifact or an
# Ally used on an opponent: rulebook l.307, l.189, l.49); the table offers their use where an
# opponent is a legitimate target (l.307: "A Spell that requires a target must have a legitimate
# target in order to be played"). Each clause keys on what is done to the opponent.

_USED_ON: Final[tuple[tuple[re.Pattern[str], int, int, str], ...]] = (
    # Take the opponent's Story Deck down to its next Location (QUAKE), the top card Discarded.
    (
        re.compile(
            r"top card of your opponent's story deck,? and discard it(?=.*until a location (?:card )?is revealed)"
        ),
        QUAKE,
        1,
        "discard",
    ),
    (re.compile(r"^discard a random ally\b"), DISCARD_ALLY, 1, ""),
    # The opponent's Current Location Buried by Day, Discarded by Night (the table is always in
    # one of them: l.76, the game begins in the Day).
    (
        re.compile(
            r"if it is day, bury opponent's current location\.? if it is night, discard opponent's current location"
        ),
        LOSE_LOCATION,
        1,
        "@night",
    ),
    (re.compile(r"glance at all cards in one opponent's threat"), GLANCE_THREAT, 1, ""),
    (re.compile(r"cause an opponent to flip an artifact of your choice face-down"), FLIP_ARTIFACT, 1, ""),
    (
        re.compile(
            r"opponent reveals the top card of his or her mythos deck(?=.*if it is a location it immediately becomes "
            r"his or her current location)(?=.*if it is a monster it attacks him or her)"
        ),
        REVEAL_TOP,
        1,
        "",
    ),
    (re.compile(r"steal a tome \(cause it to be buried\) from your opponent"), BURY_TOME, 1, ""),
    (re.compile(r"target becomes an artifact: place ally and any attached cards face-down"), FLIP_ALLY, 1, ""),
    (
        re.compile(
            r"transfer to your investigator's sanity points the value of one opponent's ally(?=.*flip that ally face-down)"
        ),
        FLIP_ALLY,
        1,
        "steal",
    ),
    (
        re.compile(r"discard the ally closest to the bottom of his or her story deck"),
        DISCARD_STORY_EVENT,
        1,
        "ally",
    ),
    (re.compile(r"must reshuffle his or her discards and mythos deck with no sanity cost"), RESHUFFLE, 1, ""),
    (
        re.compile(
            r"replace chosen target ally with the ally closest to the bottom of (?:your )?opponent's story deck"
        ),
        SWAP_ALLY,
        1,
        "",
    ),
    (re.compile(r"target ally must participate in any combat this round"), BIND_ALLY, 1, ""),
    (
        re.compile(r"replace target corrupt ally with a monster card chosen from that investigator's story deck"),
        DEVOLVE,
        1,
        "",
    ),
)
_LACKING: Final = re.compile(r"randomly bury one of your opponent's allies lacking the (\w+) attribute")
#: How a used Artifact or Ally leaves play after its use ("then bury this card", "then bury
#: Wilbur"); else an Artifact is flipped (not used again, as the engine's uses).
_BURY_AFTER: Final = re.compile(r"then,? bury (?:this card|[\w.' -]+)\.?$")


def used_on_opponent(card: Card) -> tuple[Hit, ...]:
    """Gets what a Spell, an Artifact or an Ally whose use aims at an opponent does to him or
    her (the kinds of :data:`Hit`), () when no phrasing read here is found."""
    if card.type not in (CardType.SPELL, CardType.ARTIFACT, CardType.ALLY):
        return ()
    text = _text(card)
    hits: list[Hit] = []
    for pattern, kind, amount, word in _USED_ON:
        if pattern.search(text):
            hits.append((kind, amount, word))
    m = _LACKING.search(text)
    if m:
        hits.append((BURY_ALLY, 1, f"lacking {m[1]}"))
    return tuple(hits)


def buried_after_use(card: Card) -> bool:
    """Checks that an Artifact or Ally used on an opponent is Buried after its use (its text)."""
    return bool(_BURY_AFTER.search(_text(card)))


_PROTECTS: Final = re.compile(
    r"at the moment (?:when |that )?you would (?:lose|lode) an? artifact( or (?:a )?tome)?,? "
    r"you may cho?ose to bury this card instead"
)


def protects(card: Card) -> str:
    """Gets what an Ally protects from an opponent's card: "artifact" or "artifact+tome" (Bury
    the Ally instead of the card, the opponent Burying his or her card), "" for none."""
    if card.type is not CardType.ALLY:
        return ""
    m = _PROTECTS.search(_text(card))
    if m is None:
        return ""
    return "artifact+tome" if m[1] else "artifact"


_CANCELS: Final = re.compile(
    r"(flip this card face-down|bury [\w ]+) to cancel (?:an opponent's |a )?spell (?:that was )?just cast"
)


def cancels_spell(card: Card) -> str:
    """Gets how an Artifact cancels an opponent's Spell just cast ("flip" or "bury": what is done
    with it), "" when it does not."""
    if card.type is not CardType.ARTIFACT:
        return ""
    m = _CANCELS.search(_text(card))
    if m is None:
        return ""
    return "flip" if m[1].startswith("flip") else "bury"


_SPARED: Final = re.compile(
    r"(one ally of your choice (?:is|are) excluded)|(?:and one (?:other|ally) of your choice )?"
    r"(?:are|is) excluded (?:\(as if they weren't present\) )?when determining the results of an epidemic|"
    r"immune to epidemics"
)


def spared(card: Card) -> int:
    """Gets how many Allies a card keeps out of an Epidemic's effects while in play (an Ally itself
    and another; an Artifact's Ally and another; a Location, while it is the Current Location, one
    of the player's choice), 0 for none."""
    if card.type not in (CardType.ALLY, CardType.ARTIFACT, CardType.LOCATION):
        return 0
    text = _text(card)
    m = _SPARED.search(text)
    if m is None:
        return 0
    if card.type is CardType.LOCATION:
        return 1 if m[1] else 0
    return 2 if "of your choice" in m[0] or "one other" in m[0] else 1


_RECOVERS: Final = re.compile(
    r"cancel the effects of a card played since your last turn that would otherwise cause you to bury or "
    r"discard an ally or allies"
)


def recovers_allies(card: Card) -> bool:
    """Checks that an Event cancels an opponent's card that made its player Bury or Discard Allies
    since his or her last Turn (they come back into play)."""
    return card.type is CardType.EVENT and bool(_RECOVERS.search(_text(card)))
