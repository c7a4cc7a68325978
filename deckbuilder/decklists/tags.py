"""Set tags, printing numbers and other bracketed tails of typed card names.

GCCG writes ``Car (LTD)`` and ``Mi-Go (MSGS) #2``; LackeyCCG names its sets ``Limited``,
``B1MU``, ``StdC`` and numbers same-titled cards ``Car (v2)``; players copy either. Only a
known set spelling is a set tag: ``Book of Dzyan (Atlantean)`` keeps its language, which
the resolver may use to tell two printings apart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Every known spelling of a set (case-insensitive) -> the catalog set code
#: (:data:`deckbuilder.rules.cards.SETS`). GCCG's tags and set ids, LackeyCCG's set names.
SET_TAGS: dict[str, str] = {
    spelling.casefold(): code
    for code, spellings in {
        "LTD": ("LTD", "Limited", "Limited Edition"),
        "EOMU": ("EOMU", "B1", "B1MU"),
        "CR": ("CR", "B2", "B2CR"),
        "LOTN": ("LOTN", "B3", "B3LN"),
        "MSGS": ("MSGS", "STD", "Standard", "StdC", "StdS"),
        "DRM": ("DRM", "Dreamlands"),
        "NAE": ("NAE", "NewAeon", "New Aeon", "New Æon", "NewÆon"),
        "PR": ("PR", "Promo"),
        "SD": ("SD", "Scooby", "ScoobyDoo"),
        "RP": ("RP", "Repointed"),
        "MOVIELAND": ("MOVIELAND", "Movieland"),
    }.items()
    for spelling in spellings
}

#: Catalog set code -> the set name LackeyCCG's ``<set>`` element uses. The Standard Game
#: is two Lackey sets (``StdC``, ``StdS``); the writer takes the one a card's image id names.
LACKEY_SET_NAMES: dict[str, str] = {
    "LTD": "Limited",
    "EOMU": "B1MU",
    "CR": "B2CR",
    "LOTN": "B3LN",
    "MSGS": "StdS",
    "DRM": "Dreamlands",
    "NAE": "New Aeon",
    "PR": "Promo",
    "SD": "Scooby",
    "RP": "Repointed",
    "MOVIELAND": "Movieland",
}

#: ``#N`` and ``(vN)``: at most 9 digits (a longer number is no printing, and Python refuses
#: to read one of more than 4,300 digits at all); a longer one stays part of the name.
_PRINTING_TAIL = re.compile(r"\s*#\s*(?P<number>\d{1,9})\s*$")
# The closing bracket is optional: LackeyCCG has "Seven Cryptical Books of H'san (Chinese".
_BRACKET_TAIL = re.compile(r"\s*\((?P<inner>[^()]*)\)?\s*$")
_VERSION = re.compile(r"^v\s*(?P<number>\d{1,9})$", re.IGNORECASE)


def set_code_for(tag: str) -> str | None:
    """Gets the catalog set code a set tag stands for, or ``None`` for anything else.

    >>> set_code_for("B1MU"), set_code_for("ltd"), set_code_for("Atlantean")
    ('EOMU', 'LTD', None)
    """
    return SET_TAGS.get(" ".join(tag.split()).casefold())


@dataclass(frozen=True)
class NameParts:
    """A typed name split into its title and its tail.

    ``set_code`` comes from a known set tag, ``printing`` from ``#N``, ``version`` from
    LackeyCCG's ``(vN)``, ``qualifier`` from any other bracket (a language, a subregion).
    ``base`` is the name without set tag and printing number; ``title`` is the bare title.
    """

    name: str
    title: str
    base: str
    set_code: str | None = None
    set_tag: str | None = None
    printing: int | None = None
    version: int | None = None
    qualifier: str | None = None

    @property
    def has_tail(self) -> bool:
        """Tells whether anything was split off the title."""
        return self.title != self.name


def split_name(name: str) -> NameParts:
    """Splits a typed card name into title, set tag, printing number and qualifier.

    Looks at most at two tails (``Mi-Go (MSGS) #2``, ``Book of Eibon #1 (Atlantean)``); a
    name that would be left empty is kept whole.

    >>> parts = split_name("Mi-Go (MSGS) #2")
    >>> parts.title, parts.set_code, parts.printing
    ('Mi-Go', 'MSGS', 2)
    >>> split_name("Book of Dzyan (Atlantean)").qualifier
    'Atlantean'
    """
    name = " ".join(name.split())
    title = name
    set_code = set_tag = qualifier = None
    printing = version = None
    kept: list[str] = []  # tails that stay in ``base`` (qualifiers, versions), outermost last
    for _ in range(2):
        match = _PRINTING_TAIL.search(title)
        if match and printing is None and match.start() > 0:
            printing = int(match["number"])
            title = title[: match.start()]
            continue
        match = _BRACKET_TAIL.search(title)
        if match and match.start() > 0:
            inner = " ".join(match["inner"].split())
            code = set_code_for(inner)
            version_match = _VERSION.match(inner)
            if code is not None and set_code is None:
                set_code, set_tag = code, inner
            elif version_match and version is None:
                version = int(version_match["number"])
                kept.append(title[match.start() :].strip())
            elif inner and qualifier is None and code is None and not version_match:
                qualifier = inner
                kept.append(title[match.start() :].strip())
            else:
                break
            title = title[: match.start()]
            continue
        break
    title = title.strip()
    if not title:
        return NameParts(name=name, title=name, base=name)
    base = " ".join([title, *reversed(kept)])
    return NameParts(
        name=name,
        title=title,
        base=base,
        set_code=set_code,
        set_tag=set_tag,
        printing=printing,
        version=version,
        qualifier=qualifier,
    )
