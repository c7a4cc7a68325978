"""Counts as card texts and Adventure recipes write them: figures ("3") or a word ("three",
"a"), read in one place for every reader of text (effects, places, the match, Adventures).

Each reader matches a count with :func:`count_pattern`, saying how high its phrasings go and
whether "a"/"an" counts there ("draw a card" does; in a recipe "a Location" is an article),
and reads what it matched with :func:`count` (or :func:`read_count` for a word that may say
no count at all).

>>> import re
>>> m = re.search(rf"draw ({count_pattern(6, articles=True)}) cards?", "draw two cards")
>>> count(m[1])
2
>>> read_count("SIX"), read_count("an"), read_count("any")
(6, 1, None)
"""

from __future__ import annotations

from typing import Final

#: Every count word the readers know, with the count it says ("a" and "an": one).
COUNT_WORDS: Final[dict[str, int]] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}  # fmt: skip

_WORDS_IN_ORDER: Final = [word for word in COUNT_WORDS if word not in ("a", "an")]


def count_pattern(highest: int, *, articles: bool = False) -> str:
    r"""Gets a regular expression (a group that captures nothing) matching a count up to
    ``highest`` written out, or any figures; "a" and "an" too with ``articles``.

    >>> count_pattern(3, articles=True)
    '(?:\\d+|a|an|one|two|three)'
    """
    words = (["a", "an"] if articles else []) + _WORDS_IN_ORDER[:highest]
    return "(?:" + "|".join([r"\d+", *words]) + ")"


def read_count(word: str, *, articles: bool = True) -> int | None:
    """Gets the count a word or figures say, in any case ("THREE", "3", "an"), or None for a
    word that says no count ("a" and "an" too without ``articles``)."""
    word = word.casefold()
    if word.isdigit():
        return int(word)
    if not articles and word in ("a", "an"):
        return None
    return COUNT_WORDS.get(word)


def count(word: str) -> int:
    """Gets the count a match of :func:`count_pattern` holds. Raises :class:`ValueError` for
    a word that says no count."""
    n = read_count(word)
    if n is None:
        raise ValueError(f"{word!r} is not a count")
    return n
