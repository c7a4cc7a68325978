"""Card-name resolution: from what a player typed to one printing in the catalog.

A :class:`CardIndex` is built once from the catalog's cards and answers
:meth:`CardIndex.resolve` (one name, for deck lines) and :meth:`CardIndex.lookup` (every
printing of a title, for ``mythos card NAME``). It tries, in order:

1. ``exact``: the catalog title or an alias (the printed title of a renamed card);
2. ``display form``: the title with its article moved (``The Forgotten Crypt``);
3. ``set tag``: the name with a set tag, printing number or qualifier split off
   (``Car (LTD)``, ``Mi-Go (MSGS) #2``, ``Necronomicon #2``, ``Book of Dzyan (Atlantean)``);
4. ``folded``: case, accents, punctuation and a leading article ignored
   (``New Aeon`` = ``New Æon``, ``Temple of Bokrug`` = ``The Temple of Bokrug``), and a
   hyphen or apostrophe left out without a space (``MiGo`` = ``Mi-Go``);
5. ``fuzzy``: a close spelling, scored by :func:`match_score` (rapidfuzz's
   ``token_sort_ratio`` and ``token_set_ratio`` on folded words, and the plain ratio of
   the titles without spaces), taken only at :data:`FUZZY_THRESHOLD` or above, and only
   when it is clearly the closest (:func:`clearly_nearest`, the confidence rule);
   otherwise the error offers the closest titles.

Exact, display-form and folded look-ups are dictionary hits, so :meth:`CardIndex.lookup`
is cheap for any name that is not misspelt.

Titles group by :func:`~deckbuilder.rules.cards.fold_title`: ``Car`` has four printings
(LTD, MSGS #1 and #2, SD) and the four-copy rule counts all of them as one title (rulings
document line 12). With no set tag the earliest set's printing is chosen, and the
resolution says so in its notes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deckbuilder.decklists.model import (
    AmbiguousCardError,
    CardNameError,
    DeckLine,
    DeckList,
    Resolution,
    ResolvedDeck,
    ResolvedLine,
    ResolveProblem,
    ResolveStep,
    UnknownCardError,
)
from deckbuilder.decklists.nametables import bare_title, name_tables, set_rank, title_groups
from deckbuilder.decklists.tags import NameParts, set_code_for, split_name
from deckbuilder.rules.cards import SETS, Card, Legality, display_title, fold_title

#: Lowest :func:`match_score` (0-100) a misspelt name needs to be taken as a card. Measured
#: against the GCCG card pool: every misspelling in the real GCCG and LackeyCCG decks scores
#: 90 or more ("Dark Yuong" 90, "Angels if Tagh Clatur" 90.5, "Arkham Mystical Suply" 97.7),
#: while the 161 LackeyCCG Movieland titles, none of them in that pool, score at most 82.8
#: ("Office of Dr. Hill" against "The Office of Dr. Freud") but for "Luther", which is all
#: of "Luther Harden". WRatio was tried first and rejected: it scores "Carving Knife" 90
#: against "Car". tests/test_resolve.py pins both sides of the line.
FUZZY_THRESHOLD = 87.0

#: A fuzzy match is taken outright when no second title scores within this many points of
#: it; titles that do are told apart by :func:`clearly_nearest`.
FUZZY_MARGIN = 3.0

#: Lowest score a title needs to be offered as "did you mean".
SUGGEST_THRESHOLD = 70.0

_TRAILING_ARTICLE = re.compile(r"^(?P<rest>.+?),\s*(?P<article>the|a|an)$", re.IGNORECASE)


def compact(text: str) -> str:
    """Gets a title folded and without its spaces: what a dropped hyphen, apostrophe or space
    leaves (``MiGo`` and ``Mi-Go`` are both ``migo``)."""
    return fold_title(text).replace(" ", "")


def clearly_nearest(query: str, candidates: Sequence[str]) -> str | None:
    """Gets the one of several close titles a misspelt name clearly means, or ``None``.

    The confidence rule, for titles whose scores come within :data:`FUZZY_MARGIN` of each
    other: compare letters, not scores. Each title's distance from the query is the number
    of letters to add, drop or change (Levenshtein) between their :func:`compact` forms, so
    case, accents, hyphens, apostrophes and spaces cost nothing. The nearest title is the
    one meant when, against every other candidate,

    1. it is nearer by at least one letter, and
    2. the query has the words that tell the two apart: each word of the nearest that the
       other lacks is in the query (a word of five letters or more may be one letter off),
       and no word of the other's own is.

    "Seeking Everlastng Life I" is one letter from "Seeking Everlasting Life I", two from
    "... Life II", and holds "I", not "II": the first. "Seeking Everlasting Life" is nearer
    to "Life I" too, but holds neither word that tells them apart: still ambiguous.

    >>> clearly_nearest("Seeking Everlastng Life I", ["Seeking Everlasting Life I", "Seeking Everlasting Life II"])
    'Seeking Everlasting Life I'
    >>> clearly_nearest("Seeking Everlasting Life", ["Seeking Everlasting Life I", "Seeking Everlasting Life II"]) is None
    True
    """
    from rapidfuzz.distance import Levenshtein

    if not candidates:
        return None
    target = compact(query)
    ranked = sorted(candidates, key=lambda c: Levenshtein.distance(target, compact(c)))
    nearest = ranked[0]
    near = Levenshtein.distance(target, compact(nearest))
    words = fold_title(query).split()

    def holds(word: str) -> bool:
        slack = 1 if len(word) >= 5 else 0
        return any(Levenshtein.distance(word, w) <= slack for w in words)

    own = fold_title(nearest).split()
    for other in ranked[1:]:
        if Levenshtein.distance(target, compact(other)) <= near:
            return None
        theirs = fold_title(other).split()
        if not all(holds(w) for w in own if w not in theirs) or any(w in words for w in theirs if w not in own):
            return None
    return nearest


def describe_printing(card: Card, printings: Sequence[Card]) -> str:
    """Gets the name of one printing as GCCG writes it among its title's printings.

    A set tag when the title is in several sets, ``#N`` when the set has it several times:
    ``Car (MSGS) #2``, ``Car (LTD)``, ``Necronomicon #2``, ``Dark Young``.
    """
    return display_title(card.title) + printing_tail(card, printings)


def printing_tail(card: Card, printings: Sequence[Card]) -> str:
    """Gets the set tag and printing number that single out ``card`` among ``printings``."""
    sets = {other.set_code for other in printings}
    in_set = sum(1 for other in printings if other.set_code == card.set_code)
    tail = ""
    if len(sets) > 1:
        tail += f" ({card.set_code})"
    if in_set > 1:
        tail += f" #{card.printing}"
    return tail


def printings_in_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Gets the printings of one title, given in the catalog's order, in the order an index
    keeps them: earliest set first, then by printing number, then as given."""
    return tuple(sorted(cards, key=lambda c: (set_rank(c.set_code), c.printing)))


@dataclass(frozen=True)
class _Match:
    key: str
    step: ResolveStep
    alias: str | None = None
    score: float | None = None
    alternatives: tuple[str, ...] = ()


class CardIndex:
    """Finds catalog cards by the names players type; build it once per catalog.

    >>> from deckbuilder.rules.cards import Card, CardType
    >>> index = CardIndex([Card(key="LTD:dark-young", title="Dark Young", set_code="LTD",
    ...                         type=CardType.MONSTER)])
    >>> index.resolve("dark young").card.title
    'Dark Young'
    """

    def __init__(self, cards: Sequence[Card]) -> None:
        self._groups: Mapping[str, tuple[Card, ...]] = title_groups(cards)
        self._use_tables(name_tables(self._groups))

    @classmethod
    def from_tables(cls, tables: dict[str, Any], groups: Mapping[str, tuple[Card, ...]]) -> CardIndex:
        """Gets the index of a catalog from its name tables (:meth:`tables`, as a catalog
        keeps them) and its printings by folded title, which ``groups`` may read only when
        asked for one (:func:`printings_in_order` gives a title's printings their order):
        a deck of fifty names reads fifty titles' cards, not the pool's (issue 17)."""
        index = cls.__new__(cls)
        index._groups = groups
        index._use_tables(tables)
        return index

    def tables(self) -> dict[str, Any]:
        """Gets the index's name tables: plain dictionaries and lists of strings (JSON), all
        that finding a title needs before its printings are read."""
        return self._tables

    def _use_tables(self, tables: dict[str, Any]) -> None:
        self._tables = tables
        self._keys: list[str] = tables["keys"]
        self._exact: dict[str, str] = tables["exact"]
        self._display: dict[str, str] = tables["display"]
        self._folded: dict[str, str] = tables["folded"]
        self._alias_exact: dict[str, str] = tables["alias_exact"]
        self._alias_display: dict[str, str] = tables["alias_display"]
        # Only unambiguous article-less forms count ("Temple of Bokrug").
        self._bare: dict[str, str] = tables["bare"]
        # The same without spaces: a hyphen or apostrophe left out ("MiGo", "ShubNiggurath").
        self._compact: dict[str, str] = tables["compact"]
        self._choices: list[str] = list(self._folded)
        self._spaceless: list[str] = [choice.replace(" ", "") for choice in self._choices]
        # How each folded choice is spelt, for the full stops of abbreviations ("Dee Ed.").
        self._spelling: dict[str, str] = tables["spelling"]

    def __len__(self) -> int:
        """Gets the number of titles (not printings) the index knows."""
        return len(self._keys)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Gets every card, grouped by title, earliest set first within a title."""
        return tuple(card for key in self._keys for card in self._groups[key])

    def title_of(self, key: str) -> str:
        """Gets the display title of a group key (a folded title)."""
        return display_title(self._groups[key][0].title)

    def printings_of(self, title: str) -> tuple[Card, ...]:
        """Gets every printing of a title (by folded title), earliest set first; ``()`` if none.

        This is what the GCCG and text writers need to decide on set tags and ``#N``.
        """
        return self._groups.get(fold_title(title), ())

    def lookup(self, name: str) -> list[Card]:
        """Gets every printing of the title a name best stands for; ``[]`` when none does.

        Takes the same names as :meth:`resolve` (tags, typos) but returns all printings of
        the title, for ``mythos card NAME``; it never raises.
        """
        try:
            return list(self.resolve(name).printings)
        except CardNameError:
            return []

    def resolve(
        self,
        name: str,
        set_hint: str | None = None,
        printing: int | None = None,
        image: str | None = None,
    ) -> Resolution:
        """Gets the card a typed name stands for, with how it was found.

        ``set_hint`` (a set code or any spelling in :data:`~deckbuilder.decklists.tags.SET_TAGS`)
        and ``printing`` (the N-th printing of the title within that set) override a tag in
        the name itself; ``image`` (a LackeyCCG image id) pins a printing outright.

        Raises :class:`UnknownCardError` when nothing matches and
        :class:`AmbiguousCardError` when a misspelling is as close to two titles.

        Warning: a set hint naming a set the title is not in is not an error (the GCCG and
        LackeyCCG transcriptions split sets differently); the earliest printing is used and
        the resolution's notes say so.
        """
        query = " ".join(name.split()).strip().strip('"').strip()
        if not query:
            raise UnknownCardError(name, detail="the name is empty")
        parts = split_name(query)
        match = self._match(query, parts)
        group = self._groups[match.key]
        alias_cards: tuple[Card, ...] = ()
        if match.alias:
            alias_cards = tuple(
                card for card in group if any(fold_title(alias) == fold_title(match.alias) for alias in card.aliases)
            )
        if match.step is ResolveStep.SET_TAG or match.step is ResolveStep.FUZZY:
            tail_parts: NameParts | None = parts
        elif match.alias and fold_title(match.alias) == fold_title(query):
            tail_parts = None  # the alias is the whole name, tail and all ("Car (v2)")
        else:
            tail_parts = parts if parts.has_tail and fold_title(query) != match.key else None
        card, notes, used_tag = self._choose(match.key, query, tail_parts, set_hint, printing, image, alias_cards)
        step = match.step
        if used_tag and step.rank < ResolveStep.SET_TAG.rank:
            step = ResolveStep.SET_TAG
        title = self.title_of(match.key)
        renamed = [c for c in alias_cards if c.printed_title and c.printed_title != c.title]
        if renamed and match.alias and fold_title(renamed[0].printed_title) == fold_title(match.alias):
            notes = (
                f'"{renamed[0].printed_title}" is the printed title of "{title}" (renamed)',
                *notes,
            )
        if match.step is ResolveStep.FUZZY:
            notes = (f'read "{query}" as "{title}"', *notes)
        return Resolution(
            query=name,
            card=card,
            step=step,
            printings=self._groups[match.key],
            alternatives=match.alternatives,
            score=match.score,
            notes=tuple(notes),
        )

    # -- matching a title ---------------------------------------------------------------

    def _lookup_text(self, text: str) -> tuple[str, ResolveStep, str | None] | None:
        if text in self._exact:
            return self._exact[text], ResolveStep.EXACT, None
        if text in self._alias_exact:
            return self._alias_exact[text], ResolveStep.EXACT, text
        shown = display_title(text)
        if shown in self._display:
            return self._display[shown], ResolveStep.DISPLAY_FORM, None
        if shown in self._alias_display:
            return self._alias_display[shown], ResolveStep.DISPLAY_FORM, text
        return None

    def _lookup_folded(self, text: str) -> str | None:
        # "forgotten crypt, the": the article moved back whatever its case.
        moved = _TRAILING_ARTICLE.sub(lambda m: f"{m['article']} {m['rest']}", text.strip())
        for variant in dict.fromkeys((text, moved)):
            folded = fold_title(variant)
            if not folded:
                continue
            if folded in self._folded:
                return self._folded[folded]
            if bare_title(folded) in self._bare:
                return self._bare[bare_title(folded)]
            for form in (folded, bare_title(folded)):
                if form.replace(" ", "") in self._compact:
                    return self._compact[form.replace(" ", "")]
        return None

    def _alias_for(self, text: str, key: str) -> str | None:
        """Gets the alias a folded match went through, if it was not a title."""
        for card in self._groups[key]:
            for alias in card.aliases:
                if fold_title(alias) == fold_title(text) and fold_title(card.title) != fold_title(text):
                    return alias
        return None

    def _match(self, query: str, parts: NameParts) -> _Match:
        tails = [text for text in (parts.base, parts.title) if parts.has_tail and text != query]
        found = self._plain_match(query, tails)
        if found is None:
            return self._fuzzy(query, [query, *tails])
        key, step, alias, folded_from = found
        if folded_from is not None:
            alias = self._alias_for(folded_from, key)
        return _Match(key, step, alias)

    def _plain_match(self, query: str, tails: list[str]) -> tuple[str, ResolveStep, str | None, str | None] | None:
        """Gets the group a name finds by a look-up of the name tables (every step but the
        fuzzy one): its key, the step, the alias found by, and the text a folded match was
        found by (its alias is told by the printings); ``None`` when none finds one."""
        found = self._lookup_text(query)
        if found:
            return found[0], found[1], found[2], None
        for text in tails:
            found = self._lookup_text(text)
            if found:
                return found[0], ResolveStep.SET_TAG, found[2], None
        for text in (query, *tails):
            key = self._lookup_folded(text)
            if key is not None:
                return key, ResolveStep.FOLDED, None, text
        return None

    def expect(self, names: Iterable[str]) -> None:
        """Reads at once the printings of the titles these names find by a look-up (not a
        fuzzy one), where the index reads printings from a catalog as asked
        (:meth:`from_tables`): a deck's titles in one query, not one a title."""
        read = getattr(self._groups, "read", None)
        if read is None:
            return
        keys = []
        for name in names:
            query = " ".join(name.split()).strip().strip('"').strip()
            if query:
                parts = split_name(query)
                tails = [text for text in (parts.base, parts.title) if parts.has_tail and text != query]
                found = self._plain_match(query, tails)
                if found is not None:
                    keys.append(found[0])
        read(keys)

    def _fuzzy(self, name: str, texts: Iterable[str]) -> _Match:
        from rapidfuzz import fuzz, process  # imported here: start-up stays light

        best: dict[str, float] = {}
        loose: dict[str, float] = {}  # token_set_ratio alone: enough to be suggested
        plain: dict[str, float] = {}
        for text in texts:
            folded = fold_title(text)
            if not folded:
                continue
            found = process.extract(
                folded,
                self._choices,
                scorer=fuzz.token_set_ratio,
                processor=None,
                limit=25,
                score_cutoff=SUGGEST_THRESHOLD - 10,
            )
            # A hyphen dropped together with a letter ("ShubNigurath") splits no words alike:
            # the titles without spaces find it.
            spaceless = process.extract(
                folded.replace(" ", ""),
                self._spaceless,
                scorer=fuzz.ratio,
                processor=None,
                limit=5,
                score_cutoff=FUZZY_THRESHOLD - 10,
            )
            seen = {choice for choice, _, _ in found}
            found += [(self._choices[i], near, i) for _, near, i in spaceless if self._choices[i] not in seen]
            for choice, near, _ in found:
                key = self._folded[choice]
                score = match_score(text, self._spelling[choice], self._facet_words(key))
                if score > best.get(key, -1.0):
                    best[key] = score
                    plain[key] = float(fuzz.ratio(folded, choice))
                loose[key] = max(loose.get(key, 0.0), float(near))
        ranked = sorted(best.items(), key=lambda item: (-item[1], -loose[item[0]], -plain[item[0]], item[0]))
        suggested = [key for key, score in ranked if max(score, loose[key]) >= SUGGEST_THRESHOLD]
        titles = tuple(self.title_of(key) for key in suggested)
        if not ranked or ranked[0][1] < FUZZY_THRESHOLD:
            raise UnknownCardError(name, titles[:3])
        ranked = [(key, score) for key, score in ranked if score >= SUGGEST_THRESHOLD]
        close = [key for key, score in ranked if ranked[0][1] - score < FUZZY_MARGIN]
        key, score = ranked[0]
        if len(close) > 1:
            # Scores this close do not tell the titles apart: letters may (the confidence rule).
            by_title = {self.title_of(k): k for k in close}
            chosen = clearly_nearest(name, list(by_title))
            if chosen is None:
                raise AmbiguousCardError(name, tuple(self.title_of(k) for k in close))
            key = by_title[chosen]
            score = dict(ranked)[key]
        return _Match(key, ResolveStep.FUZZY, None, score, tuple(t for t in titles[:6] if t != self.title_of(key))[:5])

    def _facet_words(self, key: str) -> frozenset[str]:
        """Gets the folded words that qualify a title's printings (languages, subregions)."""
        words: set[str] = set()
        for card in self._groups[key]:
            for facet in _facets(card):
                words.update(facet.split())
        return frozenset(words)

    # -- choosing a printing ------------------------------------------------------------

    def _choose(
        self,
        key: str,
        query: str,
        parts: NameParts | None,
        set_hint: str | None,
        printing: int | None,
        image: str | None,
        alias_cards: tuple[Card, ...] = (),
    ) -> tuple[Card, tuple[str, ...], bool]:
        """Gets the printing a name's image, alias, set tag, number or qualifier picks.

        Returns the card, notes for the player and whether a tag was needed.
        """
        printings = self._groups[key]
        title = self.title_of(key)
        notes: list[str] = []
        pool = printings
        if image:
            pictured = tuple(card for card in printings if card.image == image)
            if len(pictured) == 1:
                return pictured[0], (), False
            if pictured:  # printings sharing one picture: the tags below choose
                pool = pictured
        tag = set_hint or (parts.set_code if parts else None)
        code: str | None = set_code_for(tag) or tag if tag else None
        # An alias may name one printing (LackeyCCG's "Necronomicon (Greek)"), unless the
        # file's set says otherwise.
        if (
            alias_cards
            and len(alias_cards) < len(pool)
            and (code is None or any(card.set_code == code for card in alias_cards))
        ):
            named = {id(card) for card in alias_cards}
            pool = tuple(card for card in pool if id(card) in named) or pool
        if len(pool) == 1 and not (set_hint or printing or (parts and parts.set_code)):
            return pool[0], (), False
        number = printing if printing is not None else (parts.printing if parts else None)
        used = False
        if tag:
            in_set = tuple(card for card in pool if card.set_code == code)
            if in_set:
                pool, used = in_set, True
            else:
                code = None
                sets = ", ".join(dict.fromkeys(card.set_code for card in printings))
                notes.append(f"{title} has no {tag} printing (it is in {sets}); using the earliest")
        if number is not None:
            used = True
            pool = self._by_number(query, title, printings, pool, code, number, notes)
        if len(pool) > 1 and parts and parts.qualifier:
            wanted = fold_title(parts.qualifier)
            picked = tuple(card for card in pool if wanted in _facets(card))
            if picked:
                pool, used = picked, True
            else:
                notes.append(f'"({parts.qualifier})" does not tell the printings of {title} apart')
        if len(pool) > 1 and parts and parts.version is not None and code is not None:
            pool = self._by_version(printings, pool, code, parts.version, notes)
            used = True
        # A tag only counts as used when the title has several printings to pick from.
        used = used and len(printings) > 1
        card = pool[0]
        if len(pool) > 1:
            others = ", ".join(describe_printing(other, printings) for other in printings)
            notes.append(
                f"{title} has {len(printings)} printings ({others}); using {describe_printing(card, printings)}"
            )
        return card, tuple(notes), used

    def _by_number(
        self,
        query: str,
        title: str,
        printings: tuple[Card, ...],
        pool: tuple[Card, ...],
        code: str | None,
        number: int,
        notes: list[str],
    ) -> tuple[Card, ...]:
        """Gets the printings a ``#N`` picks: the N-th of the title in its set (GCCG)."""
        numbered = tuple(card for card in pool if card.printing == number)
        if numbered:
            return numbered
        if code is None and 1 <= number <= len(printings):
            # Players number printings across sets too: "Seven Cryptical Books of H'san #2"
            # is the second printing overall (LTD English, LOTN Chinese).
            card = printings[number - 1]
            notes.append(
                f"{title} has no #{number} within one set; read as the {number}. printing "
                f"overall, {describe_printing(card, printings)}"
            )
            return (card,)
        valid = tuple(describe_printing(card, printings) for card in pool)
        where = f" in {code}" if code else ""
        raise UnknownCardError(query, valid, detail=f"{title} has no printing #{number}{where}")

    def _by_version(
        self,
        printings: tuple[Card, ...],
        pool: tuple[Card, ...],
        code: str,
        version: int,
        notes: list[str],
    ) -> tuple[Card, ...]:
        """Gets the printing a LackeyCCG ``(vN)`` picks within one set.

        LackeyCCG numbers a title's printings across its sets (``Mi-Go (v1)`` LTD, ``(v2)``
        NAE, ``(v3)``/``(v4)`` StdC) in no fixed set order, but a set's own printings run in
        order: so ``(vN)`` is the (N - printings in other sets)-th printing of the set.
        Fan sets count only for a fan set.
        """
        official = SETS.get(code, ("", Legality.OFFICIAL))[1] is Legality.OFFICIAL
        outside = sum(1 for card in printings if card.set_code != code and (card.is_official or not official))
        k = version - outside
        if 1 <= k <= len(pool):
            return (pool[k - 1],)
        notes.append(f"(v{version}) does not match a {code} printing; using the first")
        return (pool[0],)


_ABBREVIATION = re.compile(r"([^\W\d_]{2,})\.(?=\s|,|;|$)")


def _abbreviations(text: str) -> set[str]:
    """Gets the folded words a text abbreviates with a full stop (``Ed.``, ``Dr.``)."""
    return {fold_title(word) for word in _ABBREVIATION.findall(text)}


def _expand(word: str, others: list[str]) -> str:
    """Gets the one word of ``others`` that ``word`` abbreviates, else ``word`` itself."""
    longer = {other for other in others if other.startswith(word) and other != word}
    return longer.pop() if len(longer) == 1 else word


def match_score(query: str, title: str, qualifiers: frozenset[str] = frozenset()) -> float:
    """Gets how surely a typed name names a title, 0 to 100, comparing folded words.

    The better of rapidfuzz's ``token_sort_ratio`` (typos, word order: "Dark Yuong" scores
    90 against "Dark Young") and ``token_set_ratio`` (a title typed with words left out:
    "John Hay Library" scores 100 against "Brown University John Hay Library"). A word
    with a full stop abbreviates the other side's word it begins ("Dee Ed." for "Dee
    Edition") when the two share another word. The set score is not given when the title is only a part of the query, as
    "Car" is of "Car Chase" or "Vampire" of "Fire Vampire", unless the title is the
    query's first three words or more ("Thirty-Five Abominable Adulations" for "... of the
    Bloated One") or the query's extra words only qualify it (a language or subregion, as
    LackeyCCG's "Kitab Al Azif-Arabic").
    """
    from rapidfuzz import fuzz

    query_words, title_words = fold_title(query).split(), fold_title(title).split()
    query_short, title_short = _abbreviations(query), _abbreviations(title)
    if not set(query_words) & set(title_words):
        query_short = title_short = set()  # abbreviations only align names that share a word
    query_words = [_expand(w, title_words) if w in query_short else w for w in query_words]
    title_words = [_expand(w, query_words) if w in title_short else w for w in title_words]
    folded_query, folded_title = " ".join(query_words), " ".join(title_words)
    # Without spaces, a hyphen left out ("ShubNigurath") costs nothing but the letter dropped.
    sort_score = max(
        float(fuzz.token_sort_ratio(folded_query, folded_title)),
        float(fuzz.ratio(folded_query.replace(" ", ""), folded_title.replace(" ", ""))),
    )
    query_set, title_set = set(query_words), set(title_words)
    if title_set < query_set:
        leading = len(title_words) >= 3 and query_words[: len(title_words)] == title_words
        if not leading and not (query_set - title_set) <= qualifiers:
            return sort_score
    return max(sort_score, float(fuzz.token_set_ratio(folded_query, folded_title)))


def _facets(card: Card) -> set[str]:
    """Gets the folded words a qualifier may name: languages, subregion, region, set."""
    values: list[str] = [
        *card.languages,
        *card.tome_languages,
        *card.attributes,
        card.subregion or "",
        card.region or "",
        card.subtype or "",
        card.set_code,
        card.set_name,
    ]
    return {fold_title(value) for value in values if value}


def resolve_deck(deck: DeckList, index: CardIndex) -> tuple[ResolvedDeck, list[ResolveProblem]]:
    """Gets the deck with every line resolved, and a problem for each line that was not.

    Every line is tried: an unknown or ambiguous name becomes a :class:`ResolveProblem`
    with its line number and is left out of the resolved deck. The reader's own
    :class:`~deckbuilder.decklists.model.ParseProblem` s stay on ``deck.problems``.
    """
    resolved: list[ResolvedLine] = []
    problems: list[ResolveProblem] = []
    index.expect(line.name for line in deck.lines)
    for line in deck.lines:
        try:
            resolution = index.resolve(line.name, line.set_hint, line.printing, line.image)
        except CardNameError as error:
            problems.append(
                ResolveProblem(
                    line_no=line.line_no,
                    raw=line.raw,
                    name=line.name,
                    message=error.message,
                    candidates=error.candidates,
                    ambiguous=isinstance(error, AmbiguousCardError),
                )
            )
            continue
        resolved.append(
            ResolvedLine(
                count=line.count,
                card=resolution.card,
                section=line.section,
                source=line,
                resolution=resolution,
            )
        )
    return (
        ResolvedDeck(
            name=deck.name,
            lines=tuple(resolved),
            notes=deck.notes,
            source_format=deck.source_format,
        ),
        problems,
    )


def resolve_line(line: DeckLine, index: CardIndex) -> ResolvedLine:
    """Gets one deck line resolved; raises :class:`UnknownCardError` or
    :class:`AmbiguousCardError` as :meth:`CardIndex.resolve` does."""
    resolution = index.resolve(line.name, line.set_hint, line.printing, line.image)
    return ResolvedLine(line.count, resolution.card, line.section, line, resolution)


__all__ = [
    "FUZZY_MARGIN",
    "FUZZY_THRESHOLD",
    "CardIndex",
    "describe_printing",
    "printings_in_order",
    "printing_tail",
    "resolve_deck",
    "resolve_line",
]
