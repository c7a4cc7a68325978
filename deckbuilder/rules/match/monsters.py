"""What a card brings to Combat: its value, and what a Monster's text says of Invisibility, Bypass
and bonuses that hang on where an Investigator stands.

Read once per deck (:class:`CombatProfile` per copy). The reader knows three recurring phrasings
of Monster text and nothing else; every other Combat effect of a card is left out (the match's
report says so in the module docstring of :mod:`deckbuilder.rules.match`):

- "Invisible" as a sentence of its own, or "Invisible if your opponent is in a X Location":
  the Monster bypasses Defending Allies unless they bear an Enchanted Weapon (rulebook l.288,
  l.195);
- "Bypass(es) (Combat with) (all cards/Monsters in) your opponent's (Directed) Threat": the
  Monster takes no part in the Cosmic Battle and adds its value against the Defending Allies
  and the Investigator (l.290, l.508);
- a Monster that survives the Cosmic Battle takes an Artifact of the opponent it attacks, who
  Buries it ("Randomly choose one of your opponent's Artifacts to Bury for each ... that
  survives the Cosmic Battle", "surviving to affect your opponent's Allies or Investigator also
  steals one chosen Artifact"); not when Summoned: there is no Cosmic Battle (rulings l.274);
- "Add N point(s) to the value of this card if (you or) your opponent is in a X Location": the
  bonus counts once even when both Investigators are there (the Star Vampire example, l.379);
- a Location's "(All/Your) Professors and Students add N point(s) to their card value when this
  is your Current Location" (and "While this is your Current Location all Steadfast Allies add
  N", "Add N to the value of each X while this is your Current Location"): the Allies named by
  a kind (an attribute, their allegiance, their title or family name) are stronger while their
  Investigator stands there (:func:`location_bonus`, :func:`ally_kinds`).

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from deckbuilder.rules.cards import Card, CardType
from deckbuilder.rules.counts import count, count_pattern

_BONUS: Final = re.compile(
    r"add (\d+) points? to (?:the value of this card|this card's value|their value|the value of this card)"
    r" if (either )?(you or )?your opponent is in an? ([a-z]+)(?:ed)? location",
    re.IGNORECASE,
)
_INVISIBLE_IF: Final = re.compile(r"invisible if your opponent is in an? ([a-z]+?)(?:ed)? location", re.IGNORECASE)
_INVISIBLE: Final = re.compile(r"(?:^|[.◆]\s*)invisible\s*[.,]", re.IGNORECASE)
_BYPASS: Final = re.compile(
    r"bypass(?:es)? (?:combat with )?(?:all (?:cards|monsters) in )?(?:your )?opponent'?s'? (?:directed )?threat",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class CombatProfile:
    """What one card brings to Combat.

    ``value``: the printed value (a Monster's or an Ally's; a Weapon's bonus, l.191);
    ``invisible``: always Invisible; ``invisible_at``: Invisible when the opponent's Current
    Location has this attribute (folded); ``bypass``: Bypasses the Cosmic Battle; ``bonuses``:
    (points, attribute, also when the Monster's own Investigator is there).
    """

    value: int = 0
    invisible: bool = False
    invisible_at: str = ""
    bypass: bool = False
    bonuses: tuple[tuple[int, str, bool], ...] = ()
    enchanted: bool = False
    weapon: bool = False
    #: After the Cosmic Battle, if it survived: the opponent Buries an Artifact ("random", or
    #: "chosen" by the Monster's player); "" for none (:func:`takes_artifact`).
    takes: str = ""


def _attr(word: str) -> str:
    """Gets a Location attribute as the Location cards spell it, folded ("forested" and "forest"
    are one attribute)."""
    word = word.lower()
    return word[:-2] if word.endswith("ed") and word not in ("sacred",) else word


def combat_profile(card: Card) -> CombatProfile:
    """Gets what a card brings to Combat (see the module docstring for what is read)."""
    value = card.value or 0
    if card.type is CardType.ARTIFACT:
        sub = (card.subtype or "").lower()
        return CombatProfile(value=value, weapon="weapon" in sub, enchanted="enchanted" in sub)
    if card.type is not CardType.MONSTER and card.type is not CardType.EVENT:
        return CombatProfile(value=value)
    text = card.text or ""
    bonuses = tuple((int(m.group(1)), _attr(m.group(4)), bool(m.group(2) or m.group(3))) for m in _BONUS.finditer(text))
    invisible_if = _INVISIBLE_IF.search(text)
    return CombatProfile(
        value=value,
        invisible=bool(_INVISIBLE.search(text)),
        invisible_at=_attr(invisible_if.group(1)) if invisible_if else "",
        bypass=bool(_BYPASS.search(text)),
        bonuses=bonuses,
        takes=takes_artifact(card),
    )


_TAKES: Final = re.compile(
    r"(randomly) choose one of your opponent's artifacts to bury for each [\w' -]+ that survives the cosmic battle|"
    r"surviving to affect your opponent's allies or investigator also steals one (chosen) artifact|"
    r"surviving the cosmic battle devours \(buries\) one (spell) of opponent chosen by the player"
)


def takes_artifact(card: Card) -> str:
    """Gets how a Monster that survives the Cosmic Battle takes an Artifact of the opponent it
    attacks ("random" or "chosen"), or a Spell ("spell", chosen), "" when its text says none
    (Minion of Karakal, Mi-Go; Insect from Shaggai a Spell)."""
    if card.type is not CardType.MONSTER:
        return ""
    m = _TAKES.search(" ".join((card.text or "").lower().split()))
    if not m:
        return ""
    return "random" if m[1] else "spell" if m[3] else "chosen"


_N: Final = f"({count_pattern(3)})"
_KIND_BONUS: Final = (
    re.compile(
        rf"(?:all|your) (?:of your )?([a-z ,'()-]+?) (?:allies )?add {_N} ?(?:points? )?to (?:their|the) (?:card )?value "
        r"(?:when|while) this (?:card )?is your current location"
    ),
    re.compile(
        rf"while this is your current location,? all ([a-z ]+?) (?:allies )?add {_N} points? to their card value"
    ),
    re.compile(
        rf"add {_N} (?:points? )?to the value of (?:each |all your )?([a-z ,'-]+?) while this is your current location"
    ),
)


def _singular(word: str) -> str:
    word = word.strip(" '.").replace("'", "")
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("shes", "ches")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def location_bonus(card: Card) -> tuple[tuple[int, frozenset[str]], ...]:
    """Gets what a Location adds to the value of kinds of Allies while it is its Investigator's
    Current Location: (points, the kinds named, singular and folded: "professor", "steadfast",
    "being of ib"); () for any other card."""
    if card.type is not CardType.LOCATION:
        return ()
    text = " ".join((card.text or "").lower().split())
    out = []
    for i, pattern in enumerate(_KIND_BONUS):
        for m in pattern.finditer(text):
            who, n = (m[2], m[1]) if i == 2 else (m[1], m[2])
            points = count(n)
            kinds = _kinds_named(who)
            if kinds:
                out.append((points, kinds))
    return tuple(out)


_INCLUDING: Final = re.compile(r"\(including ([^)]*)\)")
_FAMILY: Final = re.compile(r" family members?$")


def _kinds_named(who: str) -> frozenset[str]:
    """Gets the kinds a bonus names, singular: "professors and students" -> professor, student;
    "martense family members (including martense kin)" -> martense (a family name, as
    :func:`ally_kinds` gives a title's last word), martense kin (a title named besides)."""
    named = [m[1] for m in _INCLUDING.finditer(who)]
    who = _FAMILY.sub("", _INCLUDING.sub("", who).strip())
    words = re.split(r",\s*(?:and |or )?|\s+and\s+|\s+or\s+", who) + named
    return frozenset(_singular(w) for w in words if w.strip() and len(w.split()) <= 3)


def ally_kinds(card: Card) -> frozenset[str]:
    """Gets the kinds a Location's bonus may name an Ally (or a Monster: its "card value") by,
    folded and singular: its attributes ("m.u. professor", and their last word "professor": an
    M.U. Professor is a Professor), its allegiance ("steadfast"), its title, its family name
    (the title's last word: "All Whateleys" names Wilbur Whateley) and what comes before "of"
    in it ("Star Spawn" names a Star Spawn of Cthulhu)."""
    if card.type is not CardType.ALLY and card.type is not CardType.MONSTER:
        return frozenset()
    kinds = {_singular(a.lower()) for a in card.attributes}
    kinds |= {_singular(a.lower().split()[-1]) for a in card.attributes if len(a.split()) > 1}
    if card.allegiance is not None:
        kinds.add(str(card.allegiance.value).lower())
    title = card.title.lower()
    kinds.add(title)
    kinds.add(_singular(title.split()[-1]))
    if " of " in title:
        kinds.add(_singular(title.split(" of ")[0]))  # "Star Spawn" names a Star Spawn of Cthulhu
    return frozenset(kinds)


def location_attributes(card: Card) -> frozenset[str]:
    """Gets a Location's attributes, private and public, folded ("space", "water", "forest")."""
    names = {_attr(a) for a in card.attributes}
    names |= {_attr(p.value) for p in card.public}
    return frozenset(names)


_IN_PLAY_BONUS: Final = re.compile(rf"increases? the value of (?:all )?(?:your )?([a-z ,'-]+?) by {_N} points?")


def in_play_bonus(card: Card) -> tuple[tuple[int, frozenset[str]], ...]:
    """Gets what an Artifact adds to the value of kinds of its player's Monsters while it is in
    play ("increase the value of all your Mi-Go and Mi-Go Leaders by 1 point each"; "each
    portion ... increase the value of Star Spawn by one point": each copy in play adds its own):
    (points, the kinds named, as :func:`location_bonus`); () for any other card."""
    if card.type is not CardType.ARTIFACT:
        return ()
    text = " ".join((card.text or "").lower().split())
    out = []
    for m in _IN_PLAY_BONUS.finditer(text):
        kinds = _kinds_named(m[1])
        if kinds:
            out.append((count(m[2]), kinds))
    return tuple(out)


_COMMAND: Final = re.compile(rf"raises? the (?:card )?value of all other ([a-z ]+?) defending allies by {_N} points?")


def command_bonus(card: Card) -> tuple[int, frozenset[str]]:
    """Gets what a Weapon adds, while its wielder defends, to the other Defending Allies of a
    kind ("he raises the card value of all other Corrupt Defending Allies by 1 point per card"):
    (points, the kinds named); (0, frozenset()) for any other card."""
    if card.type is not CardType.ARTIFACT:
        return 0, frozenset()
    m = _COMMAND.search(" ".join((card.text or "").lower().split()))
    if not m:
        return 0, frozenset()
    return count(m[2]), _kinds_named(m[1])
