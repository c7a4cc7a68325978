"""Finding the rulings document's words in the cards: titles, and words inside card text.

Titles match as the document spells them (apostrophes, "&", a missing leading "The"); words
inside a Special Effects text match tolerant of case, whitespace and the document's quote
punctuation, and sentences are counted as the document counts them ("◆" ends one too).

Line numbers cite ``mythos-errata-rulings.txt`` ("rulings l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from deckbuilder.rules.cards import Card, fold_title
from deckbuilder.rules.errata.records import UNKNOWN_SET

# ---------------------------------------------------------------------------------------------
# Title matching


def title_key(title: str) -> str:
    """Gets the key errata and rulings match titles by.

    It is :func:`~deckbuilder.rules.cards.fold_title` after dropping apostrophes and reading
    "&" as "and", so the document's "It's Full Of Stars!" finds the transcription's "Its Full
    Of Stars!" and "Power and Glory" finds "Power & Glory".

    >>> title_key("Secret of Power & Glory is Yours, The") == title_key("The Secret of Power and Glory is Yours!")
    True
    """
    return fold_title(title.replace("'", "").replace("\u2019", "").replace("&", " and "))


def _loose_key(key: str) -> str:
    """Gets a title key without its leading article ("Temple of Bokrug" for "The Temple...")."""
    for article in ("the ", "a ", "an "):
        if key.startswith(article) and len(key) > len(article):
            return key[len(article) :]
    return key


class TitleIndex:
    """Cards by title key, built once; a lookup falls back to ignoring a leading article."""

    def __init__(self, titles: Sequence[Iterable[str]]) -> None:
        self._exact: dict[str, list[int]] = {}
        self._loose: dict[str, list[int]] = {}
        for position, names in enumerate(titles):
            seen: set[str] = set()
            for name in names:
                key = title_key(name)
                if not key or key in seen:
                    continue
                seen.add(key)
                self._exact.setdefault(key, []).append(position)
                self._loose.setdefault(_loose_key(key), []).append(position)

    def lookup(self, name: str) -> list[int]:
        """Gets the positions of the cards with this title (exact key first, then loose)."""
        key = title_key(name)
        found = self._exact.get(key)
        if found:
            return list(found)
        return list(dict.fromkeys(self._loose.get(_loose_key(key), [])))


def cards_named(cards: Sequence[Card], name: str) -> list[Card]:
    """Gets the cards a title names: by current title, printed title or alias, matched as
    errata are (case, accents, punctuation, apostrophes; a missing leading "The").

    A card renamed by an erratum is found under both names ("Celaeno" and "Celeano").
    """
    return cards_named_each(cards, (name,))[0]


def cards_named_each(cards: Sequence[Card], names: Sequence[str]) -> list[list[Card]]:
    """Gets, for each name, the cards it names as :func:`cards_named` does, over one index of
    the cards (building it once per name was most of applying the card facts at import)."""
    index = TitleIndex([(c.title, c.printed_title, *c.aliases) for c in cards])
    return [[cards[position] for position in index.lookup(name)] for name in names]


def in_sets(card: Card, sets: tuple[str, ...]) -> bool:
    """Checks whether a card is from one of the sets (any set when none is named)."""
    return not sets or card.set_code in sets or card.set_code == UNKNOWN_SET


def qualifier_matches(card: Card, qualifier: str) -> bool:
    """Checks a non-set qualifier ("Atlantean", "Left Fragment") against the card's facts."""
    wanted = fold_title(qualifier)
    facts = (
        *card.languages,
        *card.tome_languages,
        *card.attributes,
        *card.occupations,
        card.artist or "",
        card.subregion or "",
    )
    if any(fold_title(fact) == wanted for fact in facts if fact):
        return True
    padded = f" {wanted} "
    return any(padded in f" {fold_title(name)} " for name in (card.title, *card.aliases))


# ---------------------------------------------------------------------------------------------
# Text surgery: tolerant of case, whitespace and the document's quote punctuation

_WORD = re.compile(r"\w", re.UNICODE)
ELLIPSIS = re.compile(r"^\s*(?:\.\.\.|\u2026)\s*|\s*(?:\.\.\.|\u2026)\s*$")


def norm(text: str) -> str:
    """Gets text with its whitespace runs made single spaces, casefolded."""
    return " ".join(text.split()).casefold()


def words_pattern(needle: str, flags: int) -> re.Pattern[str]:
    """Gets a pattern for words of the document: any whitespace between them, whole words."""
    body = r"\s+".join(re.escape(token) for token in needle.split())
    if _WORD.match(needle[0]):
        body = r"(?<!\w)" + body
    if _WORD.match(needle[-1]):
        body += r"(?!\w)"
    return re.compile(body, flags)


def _find(haystack: str, needle: str) -> tuple[int, int] | None:
    """Finds the first occurrence of ``needle``: exact case first, then any case."""
    if not needle.strip():
        return None
    for flags in (0, re.IGNORECASE):
        if not may_hold(haystack, needle, flags):
            continue
        match = words_pattern(needle.strip(), flags).search(haystack)
        if match:
            return match.span()
    return None


def may_hold(haystack: str, needle: str, flags: int) -> bool:
    """Checks what a :func:`words_pattern` search needs before the pattern is compiled (a
    compile is most of a search, issue 28): each word of ``needle`` in ``haystack`` as
    written, or, for a search in any case of ASCII text, in lower case (other text is
    always searched: Unicode's case-blind matching joins letters lower case does not)."""
    words = needle.split()
    if flags:  # a case-blind search (the only flag used): the looser check
        if not (haystack.isascii() and needle.isascii()):
            return True
        haystack = haystack.lower()
        words = [word.lower() for word in words]
    return all(word in haystack for word in words)


def _variants(old: str, new: str) -> list[tuple[str, str]]:
    """Gets the (old, new) wordings to try: as written, without "...", without the trailing
    comma or full stop the document puts inside its quotation marks."""
    variants = [(old, new)]
    old2, new2 = ELLIPSIS.sub("", old), ELLIPSIS.sub("", new)
    variants.append((old2, new2))
    old3 = old2.rstrip().rstrip(",.;:")
    new3 = new2.rstrip().rstrip(",.;:") if new2.rstrip()[-1:] in {",", ".", ";", ":"} else new2
    variants.append((old3, new3))
    return list(dict.fromkeys(variants))


def replace_in(text: str, old: str, new: str) -> str | None:
    """Gets ``text`` with the first occurrence of ``old`` replaced, or None if not found.

    An empty ``new`` strikes the words together with the punctuation and space after them.
    """
    for old_v, new_v in _variants(old, new):
        span = _find(text, old_v)
        if span is None:
            continue
        start, end = span
        if new_v == "":
            while end < len(text) and text[end] in ",.;:":
                end += 1
            while end < len(text) and text[end].isspace():
                end += 1
            return (text[:start] + text[end:]).strip()
        return text[:start] + new_v + text[end:]
    return None


def contains(text: str, words: str) -> bool:
    """Checks whether the document's words are in a text (as written, or without their "..."
    and trailing punctuation)."""
    bare = ELLIPSIS.sub("", words)
    for variant in dict.fromkeys((words, bare, bare.rstrip().rstrip(",.;:"))):
        if variant.strip() and _find(text, variant):
            return True
    return False


def as_sentence(words: str) -> str:
    """Gets quoted words as a sentence of card text: the quote's trailing comma becomes a
    full stop ("Then Bury this card," -> "Then Bury this card.")."""
    words = ELLIPSIS.sub("", words).strip()
    if words.endswith((",", ";", ":")):
        words = words[:-1].rstrip() + "."
    return words


_SENTENCE_END = re.compile(r"[.!?]+[\"')\]]*(?=\s|$)|\u25c6")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Gets the (start, end) of each sentence of a Special Effects text ("◆" also ends one)."""
    spans: list[tuple[int, int]] = []
    start = 0

    def add(begin: int, end: int) -> None:
        segment = text[begin:end]
        if segment.strip():
            left = len(segment) - len(segment.lstrip())
            right = len(segment) - len(segment.rstrip())
            spans.append((begin + left, end - right))

    for match in _SENTENCE_END.finditer(text):
        end = match.start() if match.group() == "\u25c6" else match.end()
        add(start, end)
        start = match.end()
    add(start, len(text))
    return spans
