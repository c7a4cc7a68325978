"""Reads a card's effects from its text (errata applied), as recipes are read from Adventures.

:func:`read_effects` turns the phrasings that recur across Spells and Artifacts into the
:class:`~.notation.CardEffects` the engine plays, and names the reason for every card whose
effect it does not play (an opponent's target, Combat, or an effect not read yet): that is the
ledger of :func:`ledger_reason`. A card the reader gets wrong is set right in
``catalog/effects.toml`` (title -> notation), handed in as ``overrides``.

Phrasings read (rulebook lines where the rule applies):

- "Discard up to N cards and replace them" (a redraw), "draw N cards";
- "Hand size ... increased by N";
- "Gain N Sanity points" (unless it waits on a Moon or Day Event, which the engine does not play);
- "Summon or Control a/one CLASS" (l.317), "Immediately play a Monster card to your Mythos
  Threat" (a Gate made for one Monster: Summon of any class);
- "play one Monster card as an Ally (no Gate needed)"; "Ally may be immediately played";
- "add the Past attribute to your current Location" (rulings l.184: the Lamp);
- "Bring one Ally back into play from your Story Deck"; "use the Resurrection Spell to play an
  Ally card from the Past" (the Grecian Lekythos: Resurrection may play a Past Ally from hand);
- "Move any Location in your Story Deck to the top" (back to it, no Sanity, its Gate unused);
- "Extend the time that a Great Old One ... remain in play"; "Tally value of cards chosen ...
  add that value to your Investigator's Sanity" (Allies traded for Sanity);
- "Travel to any Location ... as if Walking" (in the same Dimension);
- "Spend / Costs N Sanity point(s)" (the cost of a use, rulebook l.199), "Flip / Bury this card";
- a Tome's "draw one additional card at the beginning of each Round" (while it is in play);
- an Investigator's once-a-Round redraw "as your Turn", the Hobo's card "at the beginning of
  each Turn", "use a Water Gate to play Deep Ones as Allies", a Secret Society's membership and
  "an additional point of Sanity each time he completes a Corrupt Adventure";
- a Location's "you must spend the next Turn ..." or "remain here for two Turns ..." on arrival
  (lost Turns, rulebook l.351, l.356), "you must either Bury a Steadfast Ally or remain here for
  an additional Turn" (the Ally Buried instead, at the player's choice);
- a Location's "spend N Sanity points to recover one Artifact from your Story Deck and bring it
  into play" (a Turn's play while it is the Current Location: ``recover artifact; cost N``), and
  its "spend N Sanity point to tattoo (play) a Spell on any Steadfast Ally" (``spell on
  steadfast ally; cost N``);
- an Ally's Join with other Allies (rulebook l.178, l.359: played by the engine, the rest of its
  text read as any Ally's; Joining a Weapon is named), "you may later assign to X one Artifact
  (Tome) card at any Location" (``holds artifact``, ``holds tome``, rulebook l.185), "Bury X
  instead of paying the Sanity cost for playing one Mythos card to your Threat" (``pays
  threat``), "... for casting a Spell" (``pays spell``); an Artifact's "while in the New Aeon, you may find Waking World Allies from your
  current subregion" (``waking allies``); a Spell's "All Monsters Join, for all Investigators,
  for the remainder of the Round" (``all join``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from deckbuilder.rules.cards import Card, CardType, fold_title
from deckbuilder.rules.counts import count, count_pattern
from deckbuilder.rules.effects.notation import MONSTER_CLASSES, After, CardEffects, Effect, EffectKind
from deckbuilder.rules.places.reading import HOLDS_ARTIFACT, HOLDS_TOME, read_ally_join

#: The named reasons of the ledger (a card's effects the engine does not play).
OPPONENT = "aims at an opponent: no target alone (rulebook l.202, l.307)"
COMBAT = "works only in Combat: nothing fights alone (rulebook l.439)"
WEAPON = "adds to an Ally's value, which counts only in Combat: nothing fights alone (rulebook l.191)"
MOON = "waits on a Moon, Day or Night Event, which the engine does not play"
OTHER_DIMENSION = "travel to another Dimension is not played yet"
JOINING_ALLIES = "an Ally Joining a card that is not an Ally (a Weapon) is not played yet"
WILDCARD = "standing in for another card (of a Great Old One or an Adventure) is not played yet"
STORY_ORDER = "reordering the Story Deck is not played yet"
PHOBIA = "lifts Phobias, which only an opponent plays on you"
VALUE = "changes a card's value, which counts only in Combat: nothing fights alone (rulebook l.439)"
REVEAL = "reveals the Mythos Deck's top card, whose Monster attacks: Combat is not played yet"
LOST_TURN = "a lost Turn or an Ally Buried instead, at the player's choice, is not played yet"
RECOVER = "recovering a card from the Story Deck is not played yet"
LASTING = "a lasting effect on every player (Day or Night, no Sanity gained, all Monsters...) is not played yet"
RANDOM_DISCARD = "discarding at random from the Hand or Story Deck is not played yet"
ASSIGN = "assigning a Tome or Artifact to an Ally (or a Spell to one) later is not played yet"
ATTRIBUTE = "adding an attribute to a card in play is not played yet"
BURY_INSTEAD = "an Ally Buried instead of paying a Sanity cost is not played yet"
GATE_USE = "a special use of a Gate (playing other cards through it) is not played yet"
TRAVEL_MONSTER = "a Monster used for travel (rulebook l.317) is not played yet"
CONSTANT = "a constant effect of a card in play is not played yet"
NOT_READ = "an effect the engine does not read yet"
#: An Event aimed at a card of an opponent's in play: the goldfish's opponent plays nothing, so
#: there is none to aim it at and the goldfish never plays it (rulebook l.202).
NO_TARGET = (
    "never played: it needs a card an opponent has in play as its target, and the goldfish's "
    "opponent plays nothing (rulebook l.202)"
)

#: What an Investigator's ability does that the engine leaves out (the rest of it is played).
NO_PASS = (
    "draws a card each Turn but may not Pass: alone only a Pass ends card play (rulebook l.384), so neither is played"
)
EDUCATION = "Education and ties decide only who goes first (rulebook l.457): no one else plays"
IN_DIMENSION = "an ability that holds only in one Dimension is not played yet"
SURVIVAL = "surviving Underwater, in Space or Radiation is not played yet"

#: The reasons that say a lone player cannot use the effect at all (the others are the engine's
#: gaps: ``python benchmarks/engine.py --coverage`` tells them apart).
LONE_CANNOT = (OPPONENT, COMBAT, WEAPON, PHOBIA, VALUE, NO_TARGET, NO_PASS, EDUCATION)

_N = f"({count_pattern(6, articles=True)})"
_CLASSES = "|".join(MONSTER_CLASSES)
_COMBAT_WORDS = re.compile(r"\bcombat\b|\bdefend|\battack|\bdirected threat|\binvisible|\bbypass")
# What places/ reads of a Location's, Monster's or Ally's text (see deckbuilder.rules.places).
_PLACES_READ = re.compile(
    r"gate more than once|any dimension|current location|\bwalk|travel|star event|r'lyeh disk|fulfills|"
    r"can know any|\bknows?\b|joins|give this card to an ally|dreamlands or in the waking world"
)


def _spell_or_artifact(card: Card, text: str) -> CardEffects:
    if re.search(r"use the resurrection spell to play an ally card from the past", text):
        return CardEffects((Effect(EffectKind.PAST_RESURRECT),))  # the Grecian Lekythos, while in play
    if re.fullmatch(
        r"(?:this (?:card|artifact) has constant effect\. )?while in the new (?:æ|ae)on, you may find waking world "
        r"allies from your current subregion\.?",
        text,
    ):
        return CardEffects((Effect(EffectKind.WAKING_ALLIES),))  # Disturbing Portrait, while in play
    effects: list[Effect] = []
    m = re.search(rf"discard up to {_N} cards? and replace them", text)
    if m:
        effects.append(Effect(EffectKind.REDRAW, count(m[1])))
    else:
        m = re.search(rf"\bdraw {_N} (?:new |more |additional )?cards?", text)
        if m:
            effects.append(Effect(EffectKind.DRAW, count(m[1])))
    m = re.search(rf"hand size (?:is )?(?:increased|raised) by {_N}", text)
    if m:
        effects.append(Effect(EffectKind.HAND, count(m[1])))
    m = re.search(rf"\bgain {_N} sanity points?", text)
    if m:
        if re.search(r"full moon|new moon|\bday\b|\bnight\b", text):
            return CardEffects(ignored=MOON)
        effects.append(Effect(EffectKind.SANITY, count(m[1])))
    m = re.search(rf"summon or control (?:a|an|one) ({_CLASSES})", text)
    if m:
        effects.append(Effect(EffectKind.SUMMON, 0, m[1]))
    elif re.search(r"immediately play a monster (?:card|or monsters) to your (?:mythos )?threat", text):
        effects.append(Effect(EffectKind.SUMMON, 0, "any"))
    if re.search(r"play one monster allowing travel as a special effect to the top of your story deck", text):
        effects.append(Effect(EffectKind.TRAVEL_MONSTER))  # Song of the Stellar Larvae (rulebook l.317)
    if re.search(r"play (?:one|a) monster card as an ally", text):
        effects.append(Effect(EffectKind.MONSTER_AS_ALLY))
    if re.fullmatch(r"all monsters join, for all investigators, for the remainder of the round\.?", text):
        effects.append(Effect(EffectKind.ALL_JOIN))  # Grasp Of Cthulhu (rulebook l.292, l.359)
    if re.search(r"ally may be immediately played", text):
        effects.append(Effect(EffectKind.ALLY_NOW))
    if re.search(r"add the past attribute to your current location", text):
        effects.append(Effect(EffectKind.PAST))
    if re.search(r"bring one ally back into play from your story deck", text):
        effects.append(Effect(EffectKind.RESURRECT))
    if re.search(
        r"tally (?:the )?value of (?:the )?cards chosen[^.]*add that value to your investigator's sanity", text
    ):
        effects.append(Effect(EffectKind.TRADE_ALLIES))
    if re.search(r"move any location in your story deck to the top", text):
        effects.append(Effect(EffectKind.RECALL))
    if re.search(r"extend the time that a great old one", text):
        effects.append(Effect(EffectKind.GOO_STAYS))
    if re.search(r"travel to any location[^.]*as if walking", text):
        if re.search(r"another dimension|between dimensions", text):
            return CardEffects(ignored=OTHER_DIMENSION)
        effects.append(Effect(EffectKind.TRAVEL))
    elif re.search(
        r"walk to any location \(except exotic\) in another dimension|play any \w+ location as if walking|"
        r"play a new location in any dimension",
        text,
    ):
        # To another Dimension, walking (The Silver Key from a Gate, Time Machine, The Gate of
        # Oneirology; Monatomic Translocation arrives at once, played here as a walk).
        effects.append(Effect(EffectKind.TRAVEL, 1, "gate" if re.search(r"\buse a gate to walk", text) else ""))
    if not effects:
        return CardEffects(ignored=_reason(card, text))
    cost: int | None = None
    m = re.search(rf"(?:spend|costs?) {_N} (?:points? of )?sanity", text)
    if m:
        cost = count(m[1])
    after = After.DEFAULT
    if card.type is CardType.ARTIFACT:
        if re.search(r"\bflip this card\b", text):
            after = After.FLIP
        elif re.search(r"\bbury this card\b|\bbury (?:it )?when used", text):
            after = After.BURY
    return CardEffects(tuple(effects), cost, after)


# Recurring phrasings of effects the engine does not play, each with its reason (first match
# wins: the engine's gaps before what a lone player cannot use, so a card is called unusable
# alone only when nothing else in its text is).
_NAMED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"reveal the top card of your mythos deck"), REVEAL),
    (
        re.compile(r"spend (?:the )?next turn|must (?:either [\w ]+ or )?remain|remain here for a turn recovering"),
        LOST_TURN,
    ),
    (
        re.compile(r"recover one \w+ from your story deck|from your story deck (?:and|to)|buried in your story deck"),
        RECOVER,
    ),
    (re.compile(r"randomly discard|discard a random"), RANDOM_DISCARD),
    (re.compile(r"\badds? the \w+ attribute to"), ATTRIBUTE),
    (re.compile(r"bury [\w .']+ instead of paying the sanity cost(?! for playing one artifact)"), BURY_INSTEAD),
    (re.compile(r"use this gate to (?:play|summon)|use a gate to play"), GATE_USE),
    (re.compile(r"monster allowing travel"), TRAVEL_MONSTER),
    (
        re.compile(
            r"(?:later )?assign to [\w .',]+? one (?:tome|artifact)|place an artifact card beneath|"
            r"can now know one spell|play\) a spell on"
        ),
        ASSIGN,
    ),
    (
        re.compile(
            r"\bit is (?:day|night|always night)\b|no investigators? may gain sanity|all monsters may|"
            r"all locations feature|for all investigators|by any player"
        ),
        LASTING,
    ),
    (re.compile(r"this card has constant effect|this artifact has constant effect"), CONSTANT),
    (re.compile(r"bury (?:one|a|any|all) phobias?|phobias? affecting your investigator to be buried"), PHOBIA),
    (
        re.compile(
            r"(?:add|adds|increase|raises?) (?:\w+ )?(?:points? )?(?:to )?(?:the |their )?(?:card )?value|"
            r"value of (?:this card|one ally|all)|to their (?:card )?value"
        ),
        VALUE,
    ),
    (re.compile(r"epidemic"), OPPONENT),
)


def _named(text: str) -> str:
    for pattern, reason in _NAMED:
        if pattern.search(text):
            return reason
    return ""


def _reason(card: Card, text: str) -> str:
    """Gets the ledger's reason for a Spell or Artifact whose effect is not played."""
    affects = fold_title(card.affects or "")
    subtype = fold_title(card.subtype or "")
    if "weapon" in subtype or re.search(r"points? to ally'?s value", text):
        return WEAPON
    if "combat" in affects or re.search(r"(?:only|cast) during combat|during combat only|in combat only", text):
        return COMBAT
    if "opponent" in affects or "opponent" in text and "your" not in affects:
        return OPPONENT
    if re.search(r"another dimension|between dimensions", text) or "dimensions" in affects:
        return OTHER_DIMENSION
    if re.search(r"moon|\bday\b|\bnight\b", text):
        return MOON
    if re.search(r"any one of the cards needed|serve as any one card", text):
        return WILDCARD
    named = _named(text)
    if named:
        return named
    if re.search(r"can know any|\bknows \w|give this card to an ally", text):
        return ""  # a Spell holder, a reader of languages, a card given to an Ally: places/ reads it
    if re.search(r"location in your story deck to the top", text):
        return STORY_ORDER
    if _COMBAT_WORDS.search(text):
        return COMBAT
    return _named(text) or NOT_READ


_ARRIVAL: tuple[tuple[re.Pattern[str], EffectKind], ...] = (
    (
        re.compile(
            r"reveal the top card of your mythos deck\. if (?:it|the card revealed|card revealed) is a monster,? "
            r"it attacks(?: you)? immediately[^.]*\.(?: allies may defend(?: you)?[^.]*\.)?(?: then discard it\.)?"
            r"(?: discard any other card(?: drawn)?\.)?"
        ),
        EffectKind.REVEAL_ATTACK,
    ),
    (
        re.compile(
            r"reveal the top card of your mythos deck\. a\w+ any sanity gain or loss indicated[^.]*\."
            r"(?: the discard it\.| then discard it\.)?"
        ),
        EffectKind.REVEAL,
    ),
    (re.compile(r"randomly discard one card from your hand\."), EffectKind.DISCARD_RANDOM_HAND),
    (
        re.compile(
            r"(?:set aside this card and shuffle (?:your )?story deck\. )?randomly discard one story deck card"
            r"(?:, then replace this card)?\."
        ),
        EffectKind.DISCARD_RANDOM_STORY,
    ),
)


#: A Location's lost Turns on arrival ("spend the next Turn" doing nothing, "remain here for two
#: Turns" playing no cards and not Passing): a play of its own (rulebook l.351, l.356).
_LOST_TURNS = re.compile(
    rf"(?:you )?must spend (?:the )?next turn[^.]*\.|remain here for a turn recovering[^.]*\.|"
    rf"(?:you )?must remain here for {_N} turns?[^.]*\."
)
#: "You must either Bury a Steadfast Ally or remain (here) for an additional Turn": a lost Turn
#: unless an Ally of that allegiance is Buried instead, at the player's choice.
_TURN_OR_ALLY = re.compile(
    r"(?:you )?must either bury an? (steadfast|corrupt) ally or remain (?:here|at this location) "
    r"for an additional turn[^.]*\."
)


#: A Location's "spend N Sanity points to recover one Artifact (chosen) from your Story Deck and
#: bring it into play / place it beside your Investigator", with its "pay any Sanity costs for
#: playing that Artifact" (the rule the play follows): the sentence from its start.
_RECOVER_ARTIFACT = re.compile(
    rf"(?:^|(?<=\. ))[^.]*\bspend {_N} sanity points? to recover one artifact (?:chosen )?from your story deck[^.]*\."
    r"(?: pay any sanity costs? for playing that artifact\.)?"
)


#: An Ally's "you may Bury (this Ally) instead of paying the Sanity cost for playing one
#: Artifact": ``pays artifact``, the engine's ``Game.pays_for_artifact`` (``rules/engine/choices.py``).
_BURY_FOR_ARTIFACT = re.compile(r"you may bury [\w .']+ instead of paying the sanity cost for playing one artifact")
#: An Ally's "you may Bury (this Ally) instead of paying the Sanity cost for casting a Spell" (its
#: whole text): ``pays spell`` (``rules/engine/casting.py``).
_BURY_FOR_SPELL = re.compile(r"you may bury [\w .']+ instead of paying the sanity cost for casting (?:a|one) spell\.?")
#: An Ally's "you may Bury (this Ally) instead of paying the Sanity cost for playing one Mythos
#: card to your Threat" (its whole text): ``pays threat`` (``rules/engine/choices.py``).
_BURY_FOR_THREAT = re.compile(
    r"you may bury [\w .']+ instead of paying the sanity cost for playing one (?:mythos )?card to your threat\.?"
)


#: What the card of an Ally that holds an Artifact or Tome says besides (rulebook l.185, l.191:
#: the two act as one card): the card held shares the Ally's fate, stays with it, may be replaced
#: once lost, may hold Spells. The engine plays all of it (rules/engine/tomes.py, the match's
#: loss of an Ally with what it holds).
_HELD_FATE = re.compile(
    r"suffers? (?:the same|any) fate|(?:may|can) be replaced with another|may contain spells|remains with"
)


def _held(text: str) -> CardEffects | None:
    """Reads an Ally that may later be given one Artifact or Tome at any Location (the same
    phrasings as :mod:`deckbuilder.rules.places` reads for the engine's plays), when its text says
    nothing else; None otherwise (the rest is named as any Ally's text)."""
    effects = []
    if HOLDS_ARTIFACT.search(text):
        effects.append(Effect(EffectKind.HOLDS_ARTIFACT))
    if HOLDS_TOME.search(text):
        effects.append(Effect(EffectKind.HOLDS_TOME))
    if not effects:
        return None
    for sentence in re.split(r"(?<=\.)\s+", text):
        if not (HOLDS_ARTIFACT.search(sentence) or HOLDS_TOME.search(sentence) or _HELD_FATE.search(sentence)):
            return None
    return CardEffects(tuple(effects))


#: A Location's "spend N Sanity point(s) to tattoo (play) a Spell on any Steadfast Ally. Bury Spell
#: when cast.": ``spell on steadfast ally; cost N`` (the Ally casts it free and it is Buried, as
#: an Ally that knows a Spell does, rulebook l.170, l.311).
_SPELL_ON_ALLY = re.compile(
    rf"spend {_N} sanity points? to (?:tattoo \(play\)|play) a spell on (?:any |an? )?(steadfast|corrupt|any) ally\."
    r"(?: bury (?:the )?spell when cast\.)?"
)


def _recover(text: str) -> tuple[int | None, str]:
    """Gets the Sanity a Location's recovery of an Artifact costs (None: no such recovery), and
    its text without that sentence."""
    m = _RECOVER_ARTIFACT.search(text)
    if m is None:
        return None, text
    return count(m[1]), (text[: m.start()] + text[m.end() :]).strip()


def _lost_turns(text: str) -> tuple[int, str, str]:
    """Gets the Turns a Location's arrival loses, the allegiance of an Ally its player may Bury
    instead ("" if none), and its text without that sentence."""
    m = _TURN_OR_ALLY.search(text)
    if m is not None:
        return 1, m[1], text[: m.start()] + text[m.end() :]
    m = _LOST_TURNS.search(text)
    if m is None:
        return 0, "", text
    n = count(m[1]) if m[1] else 1
    return n, "", text[: m.start()] + text[m.end() :]


def _investigator(text: str) -> CardEffects:
    """Reads an Investigator's ability: its effects the engine plays, and the reason for what it
    leaves out (a Location's convention: effects played, ``ignored`` naming the rest)."""
    if re.search(r"you may not pass", text):
        # The Hobo's bargain: a card each Turn, no Pass, a play or a discard every Turn. Alone no
        # one else's Pass ends the Round: the draw without the rest would empty the Mythos Deck
        # in a Round, so none of it is played (``turn draw N`` plays the draw where others Pass).
        return CardEffects(ignored=NO_PASS)
    effects: list[Effect] = []
    rest = text
    readings: tuple[tuple[str, EffectKind], ...] = (
        # "As your Turn one time during a Round, you may Discard up to two cards and replace them"
        (
            rf"as your turn one time during a round, you may discard (?:up to )?{_N} cards? and replace (?:it|them)"
            r"[^.]*\.",
            EffectKind.REDRAW,
        ),
        # the Hobo's "At the beginning of each turn, draw ("beg") one card from your Mythos Deck"
        (rf"at the beginning of each turn, draw (?:\(\W*beg\W*\) )?{_N} cards?[^.]*\.", EffectKind.TURN_DRAW),
    )
    for pattern, kind in readings:
        m = re.search(pattern, rest)
        if m:
            effects.append(Effect(kind, count(m[1])))
            rest = rest[: m.start()] + rest[m.end() :]
    m = re.search(r"you may use an? (\w+) gate to play ([\w' -]+?) as allies\.?", rest)
    if m:
        effects.append(Effect(EffectKind.GATE_ALLIES, 0, f"{m[1]}:{m[2]}"))
        rest = rest[: m.start()] + rest[m.end() :]
    m = re.search(r"is a member of the ([\w' -]+?) secret society", rest)
    if m:
        effects.append(Effect(EffectKind.SOCIETY, 0, m[1]))
    m = re.search(r"gains? an additional point of sanity each time (?:he|she|you) completes? an? (\w+) adventure", rest)
    if m:
        effects.append(Effect(EffectKind.ADVENTURE_SANITY, 1, m[1]))
    rest = re.sub(
        r"(?:this investigator )?is a member of[^,.]*(?:, and gains[^.]*)?\.?|"
        r"during the discard phase, you must keep at least this minimum[^◆]*",
        "",
        rest,
    )
    reason = ""
    if _COMBAT_WORDS.search(rest):
        reason = COMBAT
    elif re.search(r"education rises|declines to go first", rest):
        reason = EDUCATION
    elif "opponent" in rest:
        reason = OPPONENT
    elif re.search(r"while (?:in the new æon|in the new aeon|a dreamlands location is)", rest):
        reason = IN_DIMENSION
    elif re.search(r"underwater|survives in space|radiation", rest):
        reason = SURVIVAL
    elif rest.strip(" .◆"):
        reason = NOT_READ
    return CardEffects(tuple(effects), ignored=reason)


def _hand_limits(text: str) -> tuple[Effect, ...]:
    """Reads an Ally's lasting change to the Hand's Minimum or Maximum (rulebook l.51-53)."""
    out = []
    m = re.search(rf"subtract {_N} from the minimum number of cards", text)
    if m:
        out.append(Effect(EffectKind.HAND_MIN, -count(m[1])))
    m = re.search(rf"add {_N} to the maximum number of cards", text)
    if m:
        out.append(Effect(EffectKind.HAND_MAX, count(m[1])))
    return tuple(out)


def read_effects(card: Card, overrides: Mapping[str, CardEffects] | None = None) -> CardEffects:
    """Reads a card's effects from its text (errata applied), or takes its override (by
    folded title). Cards whose rules the engine already plays without text (a plain Location,
    Ally, Tome, Monster, Adventure) read as played with no effects of use; a card whose text
    the engine does not play reads as ignored, with the reason (see the module's names).
    """
    if overrides:
        known = overrides.get(fold_title(card.title))
        if known is not None:
            return known
    # A reading depends only on these facts: remembered, since every Game of every deck (and the
    # deck builder's thousands) reads the same cards again (benchmarks/engine.py: Game(deck)).
    key = (card.key, card.type.value if card.type else "", card.subtype or "", card.affects or "", card.text or "")
    hit = _READ.get(key)
    if hit is None:
        hit = _read(card)
        if len(_READ) < _READ_KEPT:
            _READ[key] = hit
    return hit


#: Readings remembered by the facts they depend on (a catalog holds some 1,200 printings).
_READ: dict[tuple[str, str, str, str, str], CardEffects] = {}
_READ_KEPT = 20_000


def _read(card: Card) -> CardEffects:
    """Reads a card's effects from its text (see :func:`read_effects`)."""
    text = " ".join((card.text or "").lower().split())
    kind = card.type
    if kind is CardType.SPELL or kind is CardType.ARTIFACT:
        return _spell_or_artifact(card, text)
    if kind is CardType.TOME:
        # "Draw one additional card at the beginning of each Round while this card is in play";
        # the rest of a Tome's text is its capacity and languages, played as the rules say.
        m = re.search(rf"draw {_N} additional cards? at the beginning of each round", text)
        return CardEffects((Effect(EffectKind.ROUND_DRAW, count(m[1])),)) if m else CardEffects()
    if kind is CardType.INVESTIGATOR:
        return _investigator(text) if text else CardEffects()
    if not text or kind is CardType.ADVENTURE:
        return CardEffects()  # the recipe, the numbers, the capacity: played as the rules say
    if kind is CardType.EVENT:
        affects = fold_title(card.affects or "")
        if "opponent" in affects and "your" not in affects:
            return CardEffects(ignored=OPPONENT)
        return CardEffects(ignored=COMBAT) if _COMBAT_WORDS.search(text) else CardEffects()
    if kind is CardType.ALLY and re.search(r"\bjoins?\b", text):
        # Joining other Allies as one play is the engine's (rulebook l.178, l.359:
        # rules/engine/allies.py); the rest of the text is read as any Ally's.
        join = read_ally_join(text)
        if join.others:
            return CardEffects(ignored=JOINING_ALLIES)
        if join.targets:
            text = join.rest
            if not text:
                return CardEffects()
    if kind is CardType.ALLY:
        held = _held(text)
        if held is not None:
            return held
    if kind is CardType.ALLY and _BURY_FOR_ARTIFACT.search(text):
        return CardEffects((Effect(EffectKind.PAYS_ARTIFACT),))
    if kind is CardType.ALLY and _BURY_FOR_THREAT.fullmatch(text):
        return CardEffects((Effect(EffectKind.PAYS_THREAT),))
    if kind is CardType.ALLY and _BURY_FOR_SPELL.fullmatch(text):
        return CardEffects((Effect(EffectKind.PAYS_SPELL),))
    if kind is CardType.ALLY:
        hand = _hand_limits(text)
        if hand:
            return CardEffects(hand)
        if re.search(r"flip this card face-down (?:and|to) draw (?:a|one) new card", text):
            return CardEffects((Effect(EffectKind.DRAW, 1),), None, After.FLIP)  # an Ally's use (rulebook l.49)
    if kind is CardType.LOCATION:
        # What a Location does on arrival: reveal the Mythos Deck's top card and apply its Sanity,
        # lose a card of the Hand or of the Story Deck at random. Lifting a Phobia besides is no
        # use alone; anything else left in the text is named.
        arrival: list[Effect] = []
        lost, instead, rest = _lost_turns(text)
        if lost:
            arrival.append(Effect(EffectKind.LOSE_TURN, lost, instead))
        recover, rest = _recover(rest)
        if recover is not None:
            arrival.append(Effect(EffectKind.RECOVER))
        m = _SPELL_ON_ALLY.search(rest)
        if m is not None and recover is None:
            # A Spell given to an Ally here, for Sanity, as a Turn (Cité Tatoue's tattoo).
            arrival.append(Effect(EffectKind.SPELL_ON_ALLY, 0, "" if m[2] == "any" else m[2]))
            recover, rest = count(m[1]), (rest[: m.start()] + rest[m.end() :]).strip()
        for pattern, what in _ARRIVAL:
            if pattern.search(rest):
                arrival.append(Effect(what))
                rest = pattern.sub("", rest)
        if arrival:
            left = _named(rest)
            return CardEffects(tuple(arrival), recover, ignored="" if left in ("", PHOBIA) else left)
    named = _named(text)
    if kind is CardType.LOCATION:
        # A Location's Monster may attack a lone Investigator: its text is read, or not yet.
        if named:
            return CardEffects(ignored=named)
        if _PLACES_READ.search(text):
            return CardEffects()
        return CardEffects(ignored=OPPONENT if "opponent" in text else NOT_READ)
    if named:
        return CardEffects(ignored=named)
    if _COMBAT_WORDS.search(text):
        return CardEffects(ignored=COMBAT)
    if "opponent" in text:
        return CardEffects(ignored=OPPONENT)
    if _PLACES_READ.search(text):
        return CardEffects()
    return CardEffects(ignored=NOT_READ)


def ledger_reason(card: Card, overrides: Mapping[str, CardEffects] | None = None) -> str:
    """Gets why the engine does not play a card's effect ("" when it does)."""
    return read_effects(card, overrides).ignored
