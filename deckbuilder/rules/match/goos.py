"""What a Great Old One (or Outer God) in play does to every Investigator, read from its text.

Rulebook l.282: a GOO's special powers affect every Investigator in the game: "Apply each
GOO's effects immediately to every Investigator in the game. GOO effects override the effects
on any other card in the game. The effect remains as long as the card is in play" (to the end
of the next Round's Combat, l.286). A GOO has no value in Combat ("an Elder Sign ... instead of
a number", l.282); the one-player engine plays its summoning and its stay, and "All Monsters may
Join" for its own player (``Profile.all_monsters_join``). This module reads the clauses the
table (:mod:`~.table`) applies:

- no Investigator may gain Sanity while it is in play (every GOO of the real pool says so);
- every Investigator loses N Sanity the moment it is played;
- no Monster is Invisible; no Monster Bypasses Combat;
- the value of every Monster of a title is increased by N;
- at the end of Combat every Investigator Discards the Monster cards in his or her Hand;
- an Investigator loses N Sanity on playing a Travel card or turning a Location upright;
- Spells cost no Sanity to cast;
- every Monster may Join any other (l.292), for every player (``GameState.all_join``);
- it is Day (or always Night): the Day and Night cards in play are Buried, new ones (or the Day
  ones) may not be played (the time is the table's, rulings l.35);
- N Passes, not two, end card play (l.384).

:func:`goo_not_read` names what of a GOO's text is left (a card's ledger line). Card text is
read with errata applied (``Card.text``). Line numbers cite ``new-aeon-rulebook.txt``.
"""

from __future__ import annotations

import re
from typing import Final

from deckbuilder.rules.cards import Card, CardType
from deckbuilder.rules.counts import count
from deckbuilder.rules.match.opponents import NUMBER

#: What a GOO's clause does (the ``kind`` of a :data:`Rule`).
NO_GAIN: Final = 0
LOSE_NOW: Final = 1
NO_INVISIBLE: Final = 2
NO_BYPASS: Final = 3
#: ``word`` the folded title of the Monsters, ``amount`` the points added.
VALUE_OF: Final = 4
DISCARD_MONSTERS: Final = 5
#: ``word`` "rotate" when turning a Location upright costs the Sanity too.
LOSE_ON_TRAVEL: Final = 6

#: Spells cast from a Tome cost no Sanity (l.309: their cost is paid when cast).
FREE_SPELLS: Final = 8
#: Every Monster may Join any other, for every player (l.292), not only the GOO's own.
ALL_JOIN: Final = 9
#: ``word`` the time it is ("day" or "night"); ``amount`` the times whose cards are Buried and
#: may not be played (bits: 1 Day, 2 Night, as the table's ``DAY`` and ``NIGHT``).
TIME_LOCK: Final = 10
#: ``amount`` Passes end card play (l.384 says two).
PASSES: Final = 11

#: One clause: (kind, amount, word).
Rule = tuple[int, int, str]

_N: Final = NUMBER

_NO_GAIN: Final = re.compile(r"no investigators? may gain sanity(?! unless)|investigators may not gain sanity")
_LOSE_NOW: Final = re.compile(
    rf"each investigator (?:suffers|loses) {_N} (?:sanity )?points? (?:of \w+ damage )?the moment (?:that )?this "
    r"card is played"
)
_NO_INVISIBLE: Final = re.compile(r"no monsters are invisible")
_NO_BYPASS: Final = re.compile(r"no monsters bypass combat")
_VALUE_OF: Final = re.compile(rf"increase the value of all ([a-z' -]+?) by {_N} points?")
_DISCARD_MONSTERS: Final = re.compile(
    r"(?:at )?(?:the )?end of combat\b[^.]*?all investigators discard monster cards(?: remaining in their hands?)?"
)
_TRAVEL: Final = re.compile(
    rf"lose {_N} sanity points? each time you play a travel card(?: or when you alter a location card's orientation)?"
)
_FREE_SPELLS: Final = re.compile(r"spells no longer cost sanity points? to cast")
_ALL_JOIN: Final = re.compile(r"all monsters may join")
_TIME_LOCK: Final = re.compile(
    r"it is (day|always night)[.;,] bury any (night or day|day) cards in play[.;,] "
    r"(?:new ones|day cards) may not be played(?: while [\w' -]+ is in play)?"
)
_PASSES: Final = re.compile(rf"{_N} passes are required to end card play(?: in a round)?")
_READ: Final = (
    (_NO_GAIN, NO_GAIN),
    (_LOSE_NOW, LOSE_NOW),
    (_NO_INVISIBLE, NO_INVISIBLE),
    (_NO_BYPASS, NO_BYPASS),
    (_VALUE_OF, VALUE_OF),
    (_DISCARD_MONSTERS, DISCARD_MONSTERS),
    (_TRAVEL, LOSE_ON_TRAVEL),
    (_FREE_SPELLS, FREE_SPELLS),
    (_ALL_JOIN, ALL_JOIN),
    (_TIME_LOCK, TIME_LOCK),
    (_PASSES, PASSES),
)
#: What a text keeps once the clauses read are taken out that says nothing to apply.
_SPARE: Final = re.compile(r"\([^)]*\)|[◆.,;:]|\bthe\b|while this card is in play")


def _text(card: Card) -> str:
    return " ".join((card.text or "").lower().split())


def is_goo(card: Card) -> bool:
    """Checks that a card is a Great Old One or Outer God (l.282)."""
    return card.type is CardType.MONSTER and card.goo


def goo_effects(card: Card) -> tuple[Rule, ...]:
    """Gets the clauses of a GOO's text the table applies while it is in play (see the module's
    list); () for any other card."""
    if not is_goo(card):
        return ()
    text = _text(card)
    rules: list[Rule] = []
    for pattern, kind in _READ:
        m = pattern.search(text)
        if not m:
            continue
        if kind == LOSE_NOW:
            rules.append((kind, count(m[1]), ""))
        elif kind == VALUE_OF:
            rules.append((kind, count(m[2]), m[1].strip()))
        elif kind == TIME_LOCK:
            rules.append((kind, 3 if m[2] == "night or day" else 1, "day" if m[1] == "day" else "night"))
        elif kind == PASSES:
            rules.append((kind, count(m[1]), ""))
        elif kind == LOSE_ON_TRAVEL:
            rules.append((kind, count(m[1]), "rotate" if "orientation" in m[0] else ""))
        else:
            rules.append((kind, 0, ""))
    return tuple(rules)


def goo_not_read(card: Card) -> str:
    """Gets what of a GOO's text the match does not apply ("" when it applies it all): the
    ledger's line for the card."""
    if not is_goo(card):
        return ""
    rest = _text(card)
    for pattern, _ in _READ:
        rest = pattern.sub(" ", rest)
    words = _SPARE.sub(" ", rest).split()
    if not words:
        return ""
    return f"not read '{' '.join(words)}'" if len(words) < 40 else "its text is not read"
