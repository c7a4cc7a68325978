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
- "Add N point(s) to the value of this card if (you or) your opponent is in a X Location": the
  bonus counts once even when both Investigators are there (the Star Vampire example, l.379).

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from deckbuilder.rules.cards import Card, CardType

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
    )


def location_attributes(card: Card) -> frozenset[str]:
    """Gets a Location's attributes, private and public, folded ("space", "water", "forest")."""
    names = {_attr(a) for a in card.attributes}
    names |= {_attr(p.value) for p in card.public}
    return frozenset(names)
