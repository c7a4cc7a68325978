"""The effect notation: what casting a Spell or using an Artifact does, in values and in words.

A card's effects are a :class:`CardEffects`: the :class:`Effect` values its use plays, the
Sanity its use costs, what becomes of it after use, or the reason the engine does not play
it. The same value has a text form, written by players in ``catalog/effects.toml``::

    redraw 4                      discard up to 4 cards from your hand and draw as many
    draw 2                        draw 2 cards
    hand +1                       your Hand size is 1 greater while the card is in play
    sanity +3                     gain 3 Sanity
    summon lesser independent     play a Monster of that class from hand to your Threat, no Gate
    summon any                    (any Monster); a Monster that may be used for travel may instead go
                                  on top of your Story Deck, a Location it reaches then played at
                                  once as your Current Location (rulebook l.317)
    summon travel                 only that: a Monster allowing travel, of any class, and the
                                  Location it reaches (Song of the Stellar Larvae)
    monster as ally               play a Monster from hand as an Ally, no Gate
    ally now                      play an Ally from hand that could be played here, at once
    past                          the Current Location has the Past attribute (no new Location
                                  until the Round ends)
    resurrect                     bring an Ally back into play from your Story Deck
    goo stays                     your Great Old One stays one Round more
    travel                        walk to a Location from hand in any Region (not Exotic)
    travel dimension              walk to a Location from hand in another Dimension (not Exotic)
    travel dimension from gate    the same, only from a Location with a Gate
    hand min -1                   while the card is in play, keep 1 card fewer at least (not
                                  cumulative: the largest such change counts)
    hand max +1                   while the card is in play, keep 1 card more at most (cumulative)
    reveal                        on arriving at the Location, the Mythos Deck's top card is
                                  revealed, its Sanity applied, and it is Discarded
    recall                        a Location of your Story Deck back on top as your Current
                                  Location, no Sanity, its Gate unused (Create Time Warp)
    trade allies                  Bury Allies of your choice in play (with the cards they hold)
                                  and gain their values in Sanity (Call Power of Nyambe)
    reveal attack                 on arriving, the Mythos Deck's top card is revealed and Discarded;
                                  a Monster attacks first: you lose its value in Sanity (no Ally
                                  defends)
    discard random hand           on arriving at the Location, a card of the Hand chosen at random
                                  is Discarded
    discard random story          on arriving, a card of the Story Deck (not the Location) chosen
                                  at random is Discarded
    past resurrect                while the card is in play, Resurrection may instead play an
                                  Ally from hand found here in the Past (the Grecian Lekythos)
    round draw 1                  while the Tome is in play, draw 1 card more at the beginning of
                                  each Round (not cumulative with one another nor with Hand size
                                  increases: the largest counts)
    turn draw 1                   (an Investigator) draw 1 card at the beginning of each Turn
    gate allies water: deep ones  (an Investigator) at a Location with a Gate and that attribute,
                                  use the Gate to play Monsters of that name as Allies
    society silver twilight       (an Investigator) a member of that Secret Society (Adventures
                                  that ask for a member)
    adventure sanity corrupt +1   (an Investigator) gain 1 Sanity more on completing an
                                  Adventure of that kind
    lose turn 1                   on arriving at the Location, the next Turn (or N Turns) is lost:
                                  no card played and no Pass (rulebook l.351, l.356)
    lose turn 1 or bury corrupt ally   the same, unless the player Buries an Ally of that
                                  allegiance in play instead, at the player's choice (The
                                  Turquoise Temple of Nath-Horthath)
    recover artifact; cost 2      (a Location) while it is the Current Location, as a Turn: an
                                  Artifact of your Story Deck back into play for that Sanity and
                                  the Artifact's own (Porta Portese)
    pays artifact                 (an Ally) may be Buried instead of paying the Sanity cost of
                                  an Artifact played (Wandering Peddler)
    holds artifact                (an Ally) may later be given one Artifact from the Hand at any
                                  Location; it stays with the Ally and shares its fate, and
                                  another may replace it once lost (rulebook l.185; Faraz Najir)
    holds tome                    the same with one Tome, which takes Spells as any Tome in play
                                  (Laban Shrewsbury)
    pays threat                   (an Ally) may be Buried instead of paying the Sanity cost of
                                  one card played to the Threat (The Hunter)
    all join                      every Monster Joins any other, for every player, until the
                                  Round ends (Grasp Of Cthulhu; rulebook l.292, l.359)
    pays spell                    (an Ally) may be Buried instead of paying the Sanity cost of a
                                  Spell cast (Atal the High Priest)
    spell on steadfast ally; cost 1   (a Location) while it is the Current Location, as a Turn:
                                  a Spell from hand given to an Ally in play of that allegiance
                                  (``any``: any Ally) for that Sanity; the Ally casts it as an
                                  Ally that knows a Spell does, and it is Buried (Cité Tatoue)
    waking allies                 while the card is in play and you are in the New Æon, Waking
                                  World Allies of your current subregion are found there
                                  (Disturbing Portrait)

Clauses are joined by ``;`` and may add ``cost N`` (Sanity paid to use; a Spell's own cost is
its pentagram), ``then flip`` / ``then bury`` / ``then keep`` (what happens to an Artifact after
use). ``ignored: REASON`` says the engine does not play the card, and why.

:func:`parse_effects` raises :class:`EffectSyntaxError` (one line naming the clause);
:func:`effects_text` writes the same notation back (they round-trip).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class EffectSyntaxError(ValueError):
    """Raised when effect notation cannot be read; names the clause and what is accepted."""


class EffectKind(IntEnum):
    """What one effect does (each is played by :mod:`deckbuilder.rules.engine.casting`)."""

    DRAW = 0
    REDRAW = 1
    HAND = 2
    SANITY = 3
    SUMMON = 4
    MONSTER_AS_ALLY = 5
    ALLY_NOW = 6
    PAST = 7
    RESURRECT = 8
    GOO_STAYS = 9
    TRAVEL = 10
    HAND_MIN = 11
    HAND_MAX = 12
    REVEAL = 13
    PAST_RESURRECT = 14
    DISCARD_RANDOM_HAND = 15
    DISCARD_RANDOM_STORY = 16
    TRADE_ALLIES = 17
    RECALL = 18
    REVEAL_ATTACK = 19
    LOSE_TURN = 20
    ROUND_DRAW = 21
    TURN_DRAW = 22
    GATE_ALLIES = 23
    SOCIETY = 24
    ADVENTURE_SANITY = 25
    TRAVEL_MONSTER = 26
    RECOVER = 27
    #: An Ally Buried instead of paying the Sanity cost of an Artifact played (``pays artifact``).
    PAYS_ARTIFACT = 28
    #: An Ally that may later be given one Artifact at any Location (``holds artifact``).
    HOLDS_ARTIFACT = 29
    #: An Ally that may later be given one Tome at any Location (``holds tome``).
    HOLDS_TOME = 30
    #: An Ally Buried instead of the Sanity cost of one card played to the Threat (``pays threat``).
    PAYS_THREAT = 31
    #: While in play, in the New Æon: Waking World Allies of the current subregion (``waking allies``).
    WAKING_ALLIES = 32
    #: A Location's Spell given to an Ally in play of an allegiance (``spell on steadfast ally``).
    SPELL_ON_ALLY = 33
    #: An Ally Buried instead of the Sanity cost of a Spell cast (``pays spell``).
    PAYS_SPELL = 34
    #: Every Monster Joins any other, for every player, for the rest of the Round (``all join``).
    ALL_JOIN = 35


class After(IntEnum):
    """What becomes of an Artifact after use (rulebook l.199: "Flip", "Rotate", "Bury this card
    when used"); DEFAULT: a Spell's own rule (l.309-311), an Artifact kept."""

    DEFAULT = 0
    FLIP = 1
    BURY = 2
    KEEP = 3


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect: its kind, a number (cards, Sanity, Hand size) and a word (a Monster class)."""

    kind: EffectKind
    amount: int = 0
    what: str = ""


@dataclass(frozen=True, slots=True)
class CardEffects:
    """What a card's use plays, or why the engine does not play it.

    ``cost``: Sanity paid to use it (``None``: a Spell's pentagram, nothing for an Artifact);
    ``ignored``: the reason it is not played ("" when every effect is played).
    """

    effects: tuple[Effect, ...] = ()
    cost: int | None = None
    after: After = After.DEFAULT
    ignored: str = ""

    @property
    def played(self) -> bool:
        """Whether the engine plays the card's effects (nothing ignored)."""
        return not self.ignored


#: Monster classes a Summon names (rulebook l.317).
MONSTER_CLASSES = ("living dead", "lesser independent", "greater independent", "lesser servitor", "greater servitor")

_COUNTED = {
    "draw": EffectKind.DRAW,
    "redraw": EffectKind.REDRAW,
    "lose turn": EffectKind.LOSE_TURN,
    "round draw": EffectKind.ROUND_DRAW,
    "turn draw": EffectKind.TURN_DRAW,
}
_SIGNED = {
    "hand min": EffectKind.HAND_MIN,
    "hand max": EffectKind.HAND_MAX,
    "hand": EffectKind.HAND,
    "sanity": EffectKind.SANITY,
}
_BARE = {
    "monster as ally": EffectKind.MONSTER_AS_ALLY,
    "ally now": EffectKind.ALLY_NOW,
    "past": EffectKind.PAST,
    "resurrect": EffectKind.RESURRECT,
    "goo stays": EffectKind.GOO_STAYS,
    "travel": EffectKind.TRAVEL,
    "travel dimension": EffectKind.TRAVEL,
    "travel dimension from gate": EffectKind.TRAVEL,
    "reveal": EffectKind.REVEAL,
    "past resurrect": EffectKind.PAST_RESURRECT,
    "discard random hand": EffectKind.DISCARD_RANDOM_HAND,
    "discard random story": EffectKind.DISCARD_RANDOM_STORY,
    "trade allies": EffectKind.TRADE_ALLIES,
    "recall": EffectKind.RECALL,
    "summon travel": EffectKind.TRAVEL_MONSTER,
    "reveal attack": EffectKind.REVEAL_ATTACK,
    "recover artifact": EffectKind.RECOVER,
    "pays artifact": EffectKind.PAYS_ARTIFACT,
    "holds artifact": EffectKind.HOLDS_ARTIFACT,
    "holds tome": EffectKind.HOLDS_TOME,
    "pays threat": EffectKind.PAYS_THREAT,
    "waking allies": EffectKind.WAKING_ALLIES,
    "pays spell": EffectKind.PAYS_SPELL,
    "all join": EffectKind.ALL_JOIN,
}
_AFTER = {"flip": After.FLIP, "bury": After.BURY, "keep": After.KEEP}
_ACCEPTED = (
    "draw N, redraw N, hand +N, hand min -N, hand max +N, sanity +N, summon CLASS|any|travel, monster as ally, "
    "ally now, past, past resurrect, resurrect, goo stays, travel, travel dimension [from gate], reveal, reveal attack, discard random hand|story, trade allies, recall, recover artifact, pays artifact, holds artifact, holds tome, pays threat, pays spell, all join, waking allies, spell on steadfast|corrupt|any ally, lose turn N [or bury steadfast|corrupt ally], round draw N, turn draw N, gate allies ATTRIBUTE: MONSTER, society NAME, "
    "adventure sanity KIND +N, cost N, then flip|bury|keep, ignored: REASON"
)


def _number(clause: str, word: str, signed: bool) -> int:
    text = clause[len(word) :].strip()
    if signed and text[:1] not in ("+", "-"):
        raise EffectSyntaxError(f"{clause!r}: write the change with its sign ({word} +1)")
    try:
        return int(text)
    except ValueError:
        raise EffectSyntaxError(f"{clause!r}: {word} takes a whole number ({word} {'+' if signed else ''}2)") from None


def parse_effects(text: str) -> CardEffects:
    """Parses the effect notation into a :class:`CardEffects`.

    >>> parse_effects("past; cost 1; then flip").cost
    1

    Raises :class:`EffectSyntaxError` for an unknown clause, a missing number or a Monster
    class Summon does not know.
    """
    text = " ".join(text.split())
    if not text:
        raise EffectSyntaxError(f"an empty effect; write one of: {_ACCEPTED}")
    lowered = text.lower()
    if lowered.startswith("ignored:"):
        reason = text[len("ignored:") :].strip()
        if not reason:
            raise EffectSyntaxError("'ignored:' needs the reason the card is not played")
        return CardEffects(ignored=reason)
    effects: list[Effect] = []
    cost: int | None = None
    after = After.DEFAULT
    for raw in lowered.split(";"):
        clause = raw.strip()
        first = clause.split(" ", 1)[0]
        if clause.startswith("lose turn ") and " or bury " in clause:
            n_text, _, ally = clause[len("lose turn ") :].partition(" or bury ")
            allegiance = ally.removesuffix(" ally").strip()
            if allegiance not in ("steadfast", "corrupt") or not ally.endswith(" ally"):
                raise EffectSyntaxError(
                    f"{clause!r}: write the Ally to Bury instead (lose turn 1 or bury corrupt ally)"
                )
            n = _number("lose turn " + n_text, "lose turn", False)
            if n <= 0:
                raise EffectSyntaxError(f"{clause!r}: lose turn takes a number of Turns above 0")
            effects.append(Effect(EffectKind.LOSE_TURN, n, allegiance))
        elif clause.startswith("spell on ") and clause.endswith(" ally"):
            allegiance = clause[len("spell on ") : -len(" ally")].strip()
            if allegiance not in ("steadfast", "corrupt", "any"):
                raise EffectSyntaxError(
                    f"{clause!r}: write the Ally's allegiance (spell on steadfast|corrupt|any ally)"
                )
            effects.append(Effect(EffectKind.SPELL_ON_ALLY, 0, "" if allegiance == "any" else allegiance))
        elif clause in _BARE:
            # Travel's reach: 1, another Dimension; "gate", only from a Location with a Gate.
            other = 1 if clause.startswith("travel dimension") else 0
            effects.append(Effect(_BARE[clause], other, "gate" if clause.endswith("from gate") else ""))
        elif first in _COUNTED or " ".join(clause.split(" ")[:2]) in _COUNTED:
            two = " ".join(clause.split(" ")[:2])
            first = two if two in _COUNTED else first
            n = _number(clause, first, False)
            if n <= 0:
                raise EffectSyntaxError(f"{clause!r}: {first} takes a number of cards above 0")
            effects.append(Effect(_COUNTED[first], n))
        elif first in _SIGNED:
            word = "hand " + clause.split(" ")[1] if clause.startswith(("hand min", "hand max")) else first
            effects.append(Effect(_SIGNED[word], _number(clause, word, True)))
        elif first == "summon":
            what = clause[len("summon") :].strip()
            if what != "any" and what not in MONSTER_CLASSES:
                raise EffectSyntaxError(
                    f"{clause!r}: summon names a Monster class ({', '.join(MONSTER_CLASSES)}) or any"
                )
            effects.append(Effect(EffectKind.SUMMON, 0, what))
        elif clause.startswith("gate allies "):
            attr, _, name = clause[len("gate allies ") :].partition(":")
            if not attr.strip() or not name.strip():
                raise EffectSyntaxError(
                    f"{clause!r}: write the Gate's attribute and the Monsters (gate allies water: deep ones)"
                )
            effects.append(Effect(EffectKind.GATE_ALLIES, 0, f"{attr.strip()}:{name.strip()}"))
        elif first == "society":
            name = clause[len("society") :].strip()
            if not name:
                raise EffectSyntaxError(f"{clause!r}: name the Secret Society (society silver twilight)")
            effects.append(Effect(EffectKind.SOCIETY, 0, name))
        elif clause.startswith("adventure sanity "):
            words = clause[len("adventure sanity ") :].rsplit(" ", 1)
            if len(words) != 2:
                raise EffectSyntaxError(
                    f"{clause!r}: write the Adventure's kind and the gain (adventure sanity corrupt +1)"
                )
            effects.append(Effect(EffectKind.ADVENTURE_SANITY, _number(words[1], "", True), words[0]))
        elif first == "cost":
            cost = _number(clause, "cost", False)
            if cost < 0:
                raise EffectSyntaxError(f"{clause!r}: the Sanity a use costs is 0 or more")
        elif first == "then" and clause[len("then ") :] in _AFTER:
            after = _AFTER[clause[len("then ") :]]
        else:
            raise EffectSyntaxError(f"{clause!r} is not an effect; write one of: {_ACCEPTED}")
    if not effects:
        raise EffectSyntaxError(f"{text!r} names no effect; write one of: {_ACCEPTED}")
    return CardEffects(tuple(effects), cost, after)


def effect_text(effect: Effect) -> str:
    """Gets one effect in the notation ("redraw 4", "summon living dead")."""
    kind = effect.kind
    if kind is EffectKind.LOSE_TURN and effect.what:
        return f"lose turn {effect.amount} or bury {effect.what} ally"
    for word, k in _COUNTED.items():
        if k is kind:
            return f"{word} {effect.amount}"
    for word, k in _SIGNED.items():
        if k is kind:
            return f"{word} {effect.amount:+d}"
    if kind is EffectKind.SUMMON:
        return f"summon {effect.what}"
    if kind is EffectKind.GATE_ALLIES:
        attr, _, name = effect.what.partition(":")
        return f"gate allies {attr}: {name}"
    if kind is EffectKind.SOCIETY:
        return f"society {effect.what}"
    if kind is EffectKind.SPELL_ON_ALLY:
        return f"spell on {effect.what or 'any'} ally"
    if kind is EffectKind.ADVENTURE_SANITY:
        return f"adventure sanity {effect.what} {effect.amount:+d}"
    if kind is EffectKind.TRAVEL:
        return "travel" + (" dimension" if effect.amount else "") + (" from gate" if effect.what else "")
    for word, k in _BARE.items():
        if k is kind:
            return word
    raise AssertionError(f"unknown effect {kind!r}")


def effects_text(effects: CardEffects) -> str:
    """Gets a card's effects in the notation (what :func:`parse_effects` reads back)."""
    if effects.ignored:
        return f"ignored: {effects.ignored}"
    parts = [effect_text(e) for e in effects.effects]
    if effects.cost is not None:
        parts.append(f"cost {effects.cost}")
    for word, a in _AFTER.items():
        if a is effects.after:
            parts.append(f"then {word}")
    return "; ".join(parts)
