"""Reads an Adventure's recipe from its card text, as the rulebook says to.

Rulebook, "Adventure cards": "This recipe is provided in the form of a narrative, with
certain words capitalized ... The capitalized words form a list of cards that you need to
play ... Uncapitalized words in bold are modifiers to the cards needed ... Each capitalized
word in an Adventure must be matched by a separate card."

The reader works in passes over the text, knowing no Adventure by name:

1. *Conditions*: the non-card requirements of the rulings document's "'Strange'
   Requirements" (line 85): driving your own Sanity down, re-rolling your Investigator,
   "while it is DAY", "while CTHULHU is in play", "as a member of a SECRET SOCIETY". They
   are listed for the player and their words are not read as cards.
2. *Modifiers*: uncapitalised phrases that change a card or a slot: counts ("(two)"),
   "different", "in different cities or towns", "in two different REGIONS", "in the
   Middle East", "with Tomb in its Title", "that costs Sanity", "not in English", "who
   KNOWS ARABIC", "featuring the EYE ICON", "(one of these)", "N POINTS-WORTH OF
   MONSTERS"...
3. *Mentions*: runs of capitalised words, each resolved against the catalog's own
   :class:`~.vocabulary.Vocabulary`, longest phrase first ("CALL OF CTHULHU TOME" is the
   title Call of Cthulhu and the type Tome: one card). A phrase that is an attribute, type
   or subtype is read as that, never as part of a title (rulebook: "Part of a card title may
   not be used to fulfill the requirement of an attribute").
4. *Slots*: mentions joined by "or" become one slot; lists joined by "and" or commas
   become separate slots (all alternatives when the list says ", or" or "(one of these)");
   "a second, different, CITY LOCATION" links back to the earlier slot it repeats; "the
   DOCTOR" said again is the same card, not a new one.

Whatever capitalised words cannot be resolved are kept in ``Recipe.uninterpreted``.
The tables of words the passes look for, and the resolving of a capitalised phrase against the
vocabulary, are in :mod:`~.phrases`.
A user's overrides file replaces a reading the player disagrees with (:func:`recipe_for`).
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from collections.abc import Mapping

from deckbuilder.rules.adventures.matching import fold_words, key, singular
from deckbuilder.rules.adventures.model import (
    Atom,
    Condition,
    Distinct,
    Field,
    Gate,
    Limit,
    Measure,
    Not,
    Recipe,
    Requirement,
    SanityCost,
    Slot,
    Total,
    all_of,
    any_of,
    atoms,
)
from deckbuilder.rules.adventures.phrases import (
    CONDITIONS,
    FIELD_OF,
    NUM,
    PLACE_KINDS,
    PLACE_OR_CLASS_KINDS,
    Group,
    Mention,
    Modifier,
    Segment,
    classify,
    is_title_start,
    longest_phrase,
    number,
    pick,
    term_requirement,
    terms_requirement,
)
from deckbuilder.rules.adventures.vocabulary import FUNCTION_WORDS, TermKind, Vocabulary
from deckbuilder.rules.cards import Card, CardType, display_title, fold_title


class _Reading:
    """One Adventure being read: the text, what has been consumed, and what was found."""

    def __init__(self, text: str, vocabulary: Vocabulary) -> None:
        self.text = text
        self.vocabulary = vocabulary
        self.mask = list(text)
        self.conditions: list[tuple[int, str]] = []
        self.modifiers: list[Modifier] = []
        self.notes: list[str] = []
        self.uninterpreted: list[str] = []
        self.slots: list[Slot] = []
        self.slot_keys: list[Requirement] = []
        self.limits: list[Limit] = []
        # A full stop after an initial or a short title (D.C., DR., MRS., CO.) ends no sentence.
        pattern = r"(?<!\b[A-Z])(?<!\bDR)(?<!\bMRS)(?<!\bCO)[.!?;](?=\s|\)|$)"
        self.sentence_ends = [m.end() for m in re.finditer(pattern, text)]

    # ----------------------------------------------------------------------------------
    # helpers

    def masked(self) -> str:
        return "".join(self.mask)

    def consume(self, start: int, end: int) -> None:
        for i in range(start, end):
            self.mask[i] = " "

    def sentence(self, pos: int) -> int:
        return bisect.bisect_right(self.sentence_ends, pos)

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    # ----------------------------------------------------------------------------------
    # pass 1: conditions

    def find_conditions(self) -> None:
        """Finds the non-card requirements and takes their words out of the card reading."""
        for pattern, scope in CONDITIONS:
            for match in pattern.finditer(self.masked()):
                start, end = match.span()
                marks = r"[.;!?,]\s" if scope == "clause" else r"[.;!?]\s"
                clause_start = max((m.end() for m in re.finditer(marks, self.text[:start])), default=0)
                if scope == "sentence":
                    stop = re.search(r"[.;!?](?:\s|$)", self.text[end:])
                    words_end = end + stop.start() if stop else len(self.text)
                else:
                    words_end = end
                words = " ".join(self.text[clause_start:words_end].split()).strip(" ,")
                self.conditions.append((start, words))
                self.consume(start, end)

    # ----------------------------------------------------------------------------------
    # pass 2: modifiers

    def add(
        self, match: re.Match[str], attach: str, kind: str, value: object = None, span: tuple[int, int] | None = None
    ) -> None:
        """Records a modifier found by ``match`` and takes its words out of the text."""
        start, end = span or match.span()
        self.modifiers.append(Modifier(start, end, attach, kind, value))
        self.consume(start, end)

    def find_modifiers(self) -> None:
        """Finds the uncapitalised phrases that change a card or a slot (pass 2)."""
        v = self.vocabulary
        text = self.masked()
        for m in re.finditer(rf"\b({NUM})\s+points?[- ]?worth\s+of\b", text, re.I):
            self.add(m, "next", "total", Total(Measure.VALUE, number(m[1]) or 0))
        text = self.masked()
        for m in re.finditer(
            rf"\b(?:that |which )?(?:required|requires|require|requiring) (?:at least )?({NUM}) sanity points?(?: to \w+)?",
            text,
            re.I,
        ):
            self.add(m, "prev", "total", Total(Measure.SANITY, number(m[1]) or 0))
        text = self.masked()
        for m in re.finditer(
            rf"\b(?:that |which )?(?:costs?|costing)(?: you)?( at least)? ({NUM}) sanity(?: points?)?", text, re.I
        ):
            self.add(m, "prev", "and", SanityCost(number(m[2]) or 1, exactly=not m[1]))
        text = self.masked()
        for m in re.finditer(r"\b(?:that |which )?(?:costs?|costing)(?: you)? sanity\b", text, re.I):
            self.add(m, "prev", "and", SanityCost(1))
        text = self.masked()
        for m in re.finditer(rf"\b({NUM}) pieces of (?:the )?", text, re.I):
            self.add(m, "next", "count-distinct", number(m[1]))
        text = self.masked()
        for m in re.finditer(r"\b(?:who |that )?(?:knows?|speaks?) ([A-Za-z]+)\b", text, re.I):
            language = v.language(key(m[1]))
            if language:
                self.add(m, "prev", "and", Atom(Field.KNOWS, language))
        text = self.masked()
        for m in re.finditer(r"\b(?:not in|in a language other than) ([A-Za-z]+)\b", text, re.I):
            language = v.language(key(m[1]))
            if language:
                self.add(m, "prev", "and", Not(Atom(Field.TOME_LANGUAGE, language)))
        text = self.masked()
        for m in re.finditer(
            r"\b(?:with|featuring|bearing|bears|that bears) (?:the |an? )?([A-Za-z]+) icon\b", text, re.I
        ):
            icon = v.icon(key(m[1]))
            if icon:
                self.add(m, "prev", "and", Atom(Field.ICON, icon))
            else:
                self.uninterpreted.append(m[0])
                self.consume(*m.span())
        text = self.masked()
        for m in re.finditer(
            r"\bwith (?:either )?((?:[A-Za-z'-]+,? )+?)in (?:its|the card|the|their) title\b", text, re.I
        ):
            words = [w for w in re.split(r",\s*|\s+or\s+|\s+", m[1].strip()) if w and w.casefold() != "or"]
            self.add(m, "prev", "and", any_of([Atom(Field.TITLE, w, partial=True) for w in words]))
        text = self.masked()
        for m in re.finditer(r"\bwith a gate\b", text, re.I):
            self.add(m, "prev", "and", Gate())
        text = self.masked()
        for m in re.finditer(r"\bthat affects ([\w' ]+?)(?=\s*[).,;]|$)", text, re.I):
            self.add(m, "prev", "and", Atom(Field.AFFECTS, m[1].strip(), partial=True))
        text = self.masked()
        places = r"(?:cities|towns|villages|subregions|places)"
        for m in re.finditer(
            rf"\b(?:located )?in (?:(\w+) )?different {places}(?:(?:,\s*|\s+or\s+|,\s*or\s+){places})*", text, re.I
        ):
            self.add(m, "prev", "distinct", (Distinct.SUBREGION, number(m[1] or "") if m[1] else None))
        text = self.masked()
        for m in re.finditer(rf"\bin (?:({NUM}) )?different regions\b", text, re.I):
            self.add(m, "prev", "distinct", (Distinct.REGION, number(m[1]) if m[1] else None))
        text = self.masked()
        for phrase, distinct in (
            (r"of different (?:subtypes|kinds|classes)", Distinct.SUBTYPE),
            (r"in different languages", Distinct.LANGUAGE),
            (r"with different icons", Distinct.ICON),
        ):
            for m in re.finditer(rf"\b{phrase}\b", text, re.I):
                self.add(m, "prev", "distinct", (distinct, None))
            text = self.masked()
        for m in re.finditer(r"\((?:one of these|choose one)(?:\s*,)?", text, re.I):
            self.add(m, "prev", "group-or")
        text = self.masked()
        for m in re.finditer(rf"\(({NUM}) of these(?: {NUM})?\)", text, re.I):
            self.add(m, "prev", "group-or-count", number(m[1]))
        text = self.masked()
        for m in re.finditer(rf"\(({NUM}) ([A-Za-z]+) and ({NUM}) ([A-Za-z]+)\)", text, re.I):
            parts = [(number(m[1]) or 1, self.soft_term(m[2])), (number(m[3]) or 1, self.soft_term(m[4]))]
            if all(req is not None for _, req in parts):
                self.add(m, "prev", "split", parts)
        text = self.masked()
        for m in re.finditer(rf"\(({NUM}) (?:different|separate) ([A-Za-z]+)\)", text, re.I):
            soft = None if m[2].casefold() in ("card", "cards") else self.soft_term(m[2])
            self.add(m, "prev", "paren-different", (number(m[1]), soft))
        text = self.masked()
        for m in re.finditer(r"\(\s*(?:any|a|an|one)\s+([A-Za-z]+)\b", text):
            types = [t for t in v.lookup(key(m[1])) if t.kind is TermKind.TYPE]
            if types and not m[1].isupper():
                self.add(m, "adjacent", "and", Atom(Field.TYPE, types[0].value))
        text = self.masked()
        for m in re.finditer(rf"\(({NUM})\)", text, re.I):
            self.add(m, "prev", "count", number(m[1]))
        text = self.masked()
        for m in re.finditer(rf"\(({NUM}) total [A-Za-z]+\)", text, re.I):
            self.consume(*m.span())
        text = self.masked()
        for m in re.finditer(r"\b[Nn][Oo][Nn]-([A-Za-z]+)\s+(?=[A-Z]{2})", text):
            soft = self.soft_term(m[1])
            if soft is not None:
                self.add(m, "next", "and", Not(soft))
        self.find_places()
        self.find_alternatives()

    def soft_term(self, word: str) -> Requirement | None:
        """Gets the requirement an uncapitalised vocabulary word names ("Greater", "Location")."""
        words = key(word)
        terms = self.vocabulary.lookup(words)
        if terms:
            return term_requirement(pick(terms, has_type=False), words)
        partial = self.vocabulary.partial(words)
        if partial is not None and partial.kind is not TermKind.TITLE:
            return Atom(FIELD_OF[partial.kind], partial.value, partial=True)
        return None

    def find_places(self) -> None:
        """Finds uncapitalised places after a card: "in the Middle East", "located in Lovecraft
        Country", "in the Dreamlands", "in the Underworld region"."""
        text = self.masked()
        for m in re.finditer(r"\b(?:located in|in|along|at)\s+(?:the\s+)?((?:[A-Za-z.'-]+\s*){1,4})", text):
            tail = m[1].split()
            for n in range(len(tail), 0, -1):
                phrase = tail[:n]
                if all(w.isupper() and len(w) > 1 for w in phrase):
                    break  # capitalised: a mention, read in pass 3
                terms = [t for t in self.vocabulary.lookup(key(" ".join(phrase))) if t.kind in PLACE_KINDS]
                if terms:
                    term = pick(terms, has_type=False)
                    end = m.start(1) + len(" ".join(phrase))
                    if phrase[-1].endswith((".", ",")):
                        end -= 1
                    rest = re.match(r"\s+region\b", text[end:])
                    if rest:
                        end += rest.end()
                    self.modifiers.append(
                        Modifier(m.start(), end, "prev", "and", term_requirement(term, key(term.value)))
                    )
                    self.consume(m.start(), end)
                    break

    def find_alternatives(self) -> None:
        """Finds uncapitalised lists of alternatives: "TWO ALLIES that are either
        Spiritualists, Occultists, Priests, or Dreamers"."""
        text = self.masked()
        pattern = r"\b(?:that|who) (?:are|is) (?:either )?((?:[A-Za-z][a-z]+,? )+or [A-Za-z][a-z]+)\b"
        for m in re.finditer(pattern, text):
            words = [w for w in re.split(r",\s*|\s+", m[1]) if w and w != "or"]
            found = [self.soft_term(w) for w in words]
            if words and all(req is not None for req in found):
                self.add(m, "prev", "and", any_of([req for req in found if req is not None]))

    # ----------------------------------------------------------------------------------
    # pass 3: mentions

    def find_mentions(self) -> list[Mention]:
        """Finds the runs of capitalised words left in the text, each resolved (pass 3)."""
        text = self.masked()
        tokens = [(m.start(), m.end(), m.group()) for m in re.finditer(r"[\wÆŒ][\w'’.\-/ÆŒ]*|&", text)]
        runs: list[list[tuple[int, int, str]]] = []
        current: list[tuple[int, int, str]] = []
        for start, _end, token in tokens:
            word, kind, ends_sentence = classify(token)
            gap = text[current[-1][1] : start] if current else ""
            joined = bool(current) and gap.strip() == "" and not current[-1][2].endswith("\0")
            if kind in ("caps", "single") or (kind in ("amp", "num") and joined):
                if not joined and current:
                    runs.append(current)
                    current = []
                current.append((start, start + len(word), word + ("\0" if ends_sentence else "")))
            else:
                if current:
                    runs.append(current)
                current = []
                if kind == "caps-prefix":
                    runs.append([(start, start + len(word), word)])
        if current:
            runs.append(current)
        mentions = []
        for run in runs:
            run = [(s, e, w.rstrip("\0")) for s, e, w in run]
            mention = self.make_mention(run)
            if mention is not None:
                mentions.append(mention)
        return mentions

    def make_mention(self, run: list[tuple[int, int, str]]) -> Mention | None:
        """Gets a mention from a run, its leading count and "DIFFERENT" taken off; None for a
        run that names nothing ("TWO" alone, a lone "I")."""
        while run and (run[-1][2] == "&" or run[-1][2].casefold() in ("card", "cards")):
            run = run[:-1]
        count: int | None = None
        different = separate = False
        while run:
            word = run[0][2].casefold()
            if number(word) is not None and not is_title_start(self.vocabulary, run):
                count = number(word)
            elif word in ("different", "distinct", "separate"):
                different = True
            elif word in ("other", "another", "second"):
                separate = True
            elif word in ("any", "&") or (word in ("at", "least") and len(run) > 1):
                pass
            else:
                break
            run = run[1:]
        if not run or not any(len(re.sub(r"[^A-Za-z]", "", w)) >= 2 or w.isdigit() for _, _, w in run):
            return None
        letters = [w for _, _, w in run if re.search(r"[A-Za-z]{2}", w)]
        if not letters:
            return None
        mention = Mention(run[0][0], run[-1][1], [w for _, _, w in run])
        mention.count, mention.different, mention.separate = count, different, separate
        mention.source_start = mention.start
        self.resolve(mention)
        return mention

    def resolve(self, mention: Mention) -> None:
        """Resolves a mention's words against the vocabulary, longest phrase first.

        At each word the longest phrase wins among: an exact vocabulary phrase; a title named
        loosely; a phrase inside a longer value (:meth:`Vocabulary.partial`); a misspelt
        title. Words that resolve to nothing are kept as uninterpreted.
        """
        v = self.vocabulary
        words: list[str] = []
        origin: list[int] = []  # the token each word comes from ("H.P." gives two words)
        for position, token in enumerate(mention.words):
            for w in fold_words(token):
                words.append(singular(w))
                origin.append(position)

        def phrase_of(indexes: list[int] | range) -> str:
            return " ".join(mention.words[k] for k in dict.fromkeys(origin[i] for i in indexes))

        for i, w in enumerate(words):
            fixed = v.correct(w)
            if fixed is not None:
                self.note(f'read "{mention.words[origin[i]]}" as "{fixed}" (a misspelling on the card)')
                words[i] = fixed
        segments: list[Segment] = []
        unresolved: list[int] = []
        i = 0
        while i < len(words):
            segment = longest_phrase(v, words, i)
            if segment is None:
                if words[i] not in FUNCTION_WORDS:
                    unresolved.append(i)
                i += 1
                continue
            segments.append(segment)
            i = segment.end
        typed = [s for s in segments if s.how == "exact" and any(t.kind is TermKind.TYPE for t in s.terms)]
        parts: list[Requirement] = []
        for segment in segments:
            phrase = tuple(words[segment.start : segment.end])
            if segment.how == "exact":
                others_typed = any(other is not segment for other in typed)
                parts.append(terms_requirement(segment.terms, phrase, others_typed))
                continue
            term = segment.terms[0]
            atom = Atom(FIELD_OF[term.kind], term.value, partial=segment.how == "partial")
            parts.append(self.typed(atom) if atom.partial and atom.field is Field.TITLE else atom)
            if segment.how in ("loose", "fuzzy") and key(term.value) != phrase:
                self.note(f'read "{phrase_of(range(segment.start, segment.end))}" as the title "{term.value}"')
        initials = [k for k in unresolved if re.fullmatch(r"(?:[A-Za-z]\.)+", mention.words[origin[k]])]
        if initials and parts:
            # "T.V. ZOMBIES": initials that name nothing are not a card of their own.
            self.note(f'read "{" ".join(mention.words)}" without "{phrase_of(initials)}"')
            unresolved = [k for k in unresolved if k not in initials]
        numerals = [k for k in unresolved if mention.words[origin[k]].isdigit()]
        if numerals:
            # A numeral is not a capitalised word ("MONSTERS 2 Greater and 2 Lesser").
            self.note(f'read "{" ".join(mention.words)}" without "{phrase_of(numerals)}"')
            unresolved = [k for k in unresolved if k not in numerals]
        abbreviation = len(mention.words) == 1 and len(mention.words[0]) <= 3
        if not parts and abbreviation and re.match(r"\s+[A-Z][a-z]", self.text[mention.end :]):
            # "FBI Headquarters": an abbreviation in running text, not a card.
            self.note(f'read "{mention.words[0]}" as an abbreviation, not a card')
            unresolved = []
        runs: list[list[int]] = []
        for index in unresolved:
            if runs and runs[-1][-1] == index - 1:
                runs[-1].append(index)
            else:
                runs.append([index])
        mention.unresolved += [phrase_of(run) for run in runs]
        mention.requirement = all_of(parts) if parts else None

    def typed(self, atom: Atom) -> Requirement:
        """Gets a title-word requirement with the type its cards share: "MISKATONIC UNIVERSITY"
        names Locations, not the Adventure "A Day In The Life Of A Miskatonic University
        Student" (an Adventure is only ever named by its whole title)."""
        types = self.vocabulary.types_meeting(atom) - {"adventure"}
        if len(types) == 1:
            (only,) = types
            return all_of([atom, Atom(Field.TYPE, only.capitalize())])
        if types and "adventure" in self.vocabulary.types_meeting(atom):
            return all_of([atom, Not(Atom(Field.TYPE, CardType.ADVENTURE.value))])
        return atom

    # ----------------------------------------------------------------------------------
    # pass 4: around each mention

    def look_around(self, mentions: list[Mention]) -> None:
        """Reads the words around each mention: counts and flags before it, a type word after
        it ("CITY Locations"), a place or Monster class just before it (pass 4)."""
        text = self.masked()
        for index, mention in enumerate(mentions):
            previous_end = mentions[index - 1].end if index else 0
            sentence = self.sentence(mention.start)
            boundary = max(previous_end, self.sentence_ends[sentence - 1] if sentence else 0)
            lead = text[boundary : mention.start]
            self.read_lead(mention, lead, boundary)
            # A type word just after: "CITY Locations", "GREATER Monster", "SEEKING ... I Adventure".
            after = re.match(r"[ \t]+([A-Za-z]+)\b", text[mention.end :])
            if after and not after[1].isupper():
                terms = [t for t in self.vocabulary.lookup(key(after[1])) if t.kind is TermKind.TYPE]
                if terms and mention.requirement is not None:
                    mention.requirement = all_of([mention.requirement, Atom(Field.TYPE, terms[0].value)])
                    mention.end += after.end()
            # A place or Monster class just before: "Lovecraft Country SITE", "Waking World HOUSE".
            before = re.search(
                r"(?:^|(?<=\s))((?:[A-Z][a-z]+[ \t]+){1,3})$", self.text[boundary : mention.source_start]
            )
            if before and mention.requirement is not None:
                phrase = before[1].split()
                for n in range(len(phrase), 0, -1):
                    terms = [
                        t for t in self.vocabulary.lookup(key(" ".join(phrase[-n:])))
                        if t.kind in PLACE_OR_CLASS_KINDS
                    ]  # fmt: skip
                    if terms:
                        extra = term_requirement(pick(terms, has_type=False), key(" ".join(phrase[-n:])))
                        joined = all_of([mention.requirement, extra])
                        if self.vocabulary.is_met(joined):
                            mention.requirement = joined
                            mention.source_start = mention.source_start - len(" ".join(phrase[-n:])) - 1
                        break

    def read_lead(self, mention: Mention, lead: str, offset: int) -> None:
        """Reads the words just before a mention: a count ("TWO different", "at least six
        Different", "two odd TOMES"), "different", "second"/"another", "either", and "the"
        (a card named again)."""
        tokens = [(m.start() + offset, m.group()) for m in re.finditer(r"[A-Za-z0-9'’-]+|[,;()]", lead)]
        if tokens and tokens[-1][1].casefold() in ("the", "that", "this", "his", "her", "their", "those", "its"):
            mention.anaphoric = True
        skipped_unknown = False
        near = True  # only small words between here and the mention
        i = len(tokens) - 1
        while i >= 0:
            pos, token = tokens[i]
            word = token.casefold()
            if token == ",":
                before = tokens[i - 1][1].casefold() if i else ""
                if before in ("different", "second", "another", "other", "separate") or number(before) is not None:
                    i -= 1
                    continue
                break
            if token in (";", "(", ")"):
                break
            value = number(word)
            # A capitalised "One" counts only where a sentence or phrase starts ("Two DEEP
            # ONES"), not inside a name ("the Great Old One BOKRUG").
            titled = token[:1].isupper() and not token.isupper()
            if value is not None and titled and i > 0 and tokens[i - 1][1] not in (",", ";", "(", ")"):
                value = None
            if value is not None:
                if mention.count is None:
                    mention.count = value
                mention.source_start = min(mention.source_start, pos)
                break
            if word in ("different", "separate", "distinct") and not skipped_unknown:
                mention.different = True
                mention.source_start = min(mention.source_start, pos)
            elif word in ("second", "another", "other", "additional", "third") and near:
                mention.separate = True
                mention.source_start = min(mention.source_start, pos)
            elif word == "either" and not skipped_unknown:
                mention.either = True
            elif word in ("a", "an", "the", "that", "this", "his", "her", "their", "those", "its", "your", "my", "our",
                          "at", "least", "of", "any", "more", "and"):  # fmt: skip
                pass
            elif not skipped_unknown:
                skipped_unknown = True  # one adjective may sit between: "two odd TOMES"
            else:
                break
            if word not in ("a", "an", "the", "different"):
                near = False
            i -= 1

    def attach_modifiers(self, mentions: list[Mention]) -> None:
        """Gives each modifier to the mention it changes, in the same sentence; notes the rest."""
        for modifier in sorted(self.modifiers, key=lambda m: m.start):
            target: Mention | None = None
            if modifier.attach in ("prev", "adjacent"):
                before = [m for m in mentions if m.end <= modifier.start]
                if before and self.sentence(before[-1].start) == self.sentence(modifier.start):
                    target = before[-1]
                adjacent = target is not None and not self.masked()[target.end : modifier.start].strip()
                if modifier.attach == "adjacent" and not adjacent:
                    target = None
            else:
                after = [m for m in mentions if m.start >= modifier.end]
                if after and self.sentence(after[0].start) == self.sentence(modifier.end):
                    target = after[0]
            if target is not None:
                target.modifiers.append(modifier)
            else:
                phrase = " ".join(self.text[modifier.start : modifier.end].split())
                self.note(f'"{phrase}" names no card nearby; left out')

    # ----------------------------------------------------------------------------------
    # pass 5: slots

    def merge(self, mentions: list[Mention]) -> list[Mention]:
        """Merges mentions that name the same card: a place after "in" ("a LOCATION in the
        EAST") and a parenthesis that only restates ("TRAVEL UNDERWATER (U-BOAT)")."""
        text = self.masked()
        merged: list[Mention] = []
        for mention in mentions:
            previous = merged[-1] if merged else None
            if previous is not None and previous.requirement is not None and mention.requirement is not None:
                gap = text[previous.end : mention.start]
                same = self.sentence(previous.start) == self.sentence(mention.start)
                place_only = all(
                    isinstance(a, Atom) and a.field in (Field.REGION, Field.SUBREGION, Field.DIMENSION)
                    for a in atoms(mention.requirement)
                )
                place = same and place_only and bool(re.search(r"\b(?:in|along|located in|at)\s+(?:the\s+)?$", gap))
                closes = re.match(r"\s*\)", text[mention.end :]) is not None
                # "TRAVEL UNDERWATER (U-BOAT)"; "that MARSH fellow (any MARSH ALLY)" when they share a word.
                restate = same and closes and bool(re.fullmatch(r"\s*(?:[a-z]+\s+){0,2}\(\s*(?:a|an|any|one)?\s*", gap))
                if restate and not re.fullmatch(r"\s*\(\s*(?:a|an|any|one)?\s*", gap):
                    restate = bool(set(atoms(previous.requirement)) & set(atoms(mention.requirement)))
                if place or restate:
                    previous.requirement = all_of([previous.requirement, mention.requirement])
                    previous.unresolved += mention.unresolved
                    previous.modifiers += mention.modifiers
                    previous.end = mention.end
                    if restate:
                        closing = re.match(r"\s*\)", text[mention.end :])
                        previous.end += closing.end() if closing else 0
                    continue
            merged.append(mention)
        return merged

    def connector(self, left: Mention, right: Mention) -> str:
        """Gets how two neighbouring mentions are joined: or, or-comma, comma, and, that-are, break."""
        if self.sentence(left.start) != self.sentence(right.start):
            return "break"
        gap = " ".join(self.masked()[left.end : right.start].split()).casefold()
        art = r"(?:\s+(?:a|an|the|any|one|then))?"
        if re.fullmatch(rf"or{art}", gap):
            return "or"
        if re.fullmatch(rf",\s*or{art}", gap):
            return "or-comma"
        if re.fullmatch(rf",{art}", gap):
            return "comma"
        if re.fullmatch(rf",?\s*and{art}", gap):
            return "and"
        if re.fullmatch(r"(?:that|who) (?:are|is)(?: either)?(?: an?)?", gap):
            return "that-are"
        return "break"

    def build(self, mentions: list[Mention]) -> None:
        """Turns the mentions into slots and limits (pass 5)."""
        chains: list[tuple[list[Mention], list[str], bool]] = []  # mentions, connectors, refines previous
        refines = False
        chain: list[Mention] = []
        links: list[str] = []
        for mention in mentions:
            if chain:
                link = self.connector(chain[-1], mention)
                if link in ("or", "or-comma", "comma", "and"):
                    chain.append(mention)
                    links.append(link)
                    continue
                chains.append((chain, links, refines))
                refines = link == "that-are"
            chain, links = [mention], []
        if chain:
            chains.append((chain, links, refines))
        for chain, links, refines in chains:
            groups = self.groups(chain, links)
            if refines and self.slots and len(groups) == 1:
                # "TWO ALLIES that are either AUTHORS, SCHOLARS...": the list narrows the slot.
                group = groups[0]
                extra = any_of([m.requirement for m in group.mentions if m.requirement is not None])
                self.narrow(len(self.slots) - 1, extra)
                self.uninterpreted += [u for m in group.mentions for u in m.unresolved]
                continue
            made: list[int] = []
            for group in groups:
                made += self.add_group(group, in_list=len(groups) > 1)
            if len(made) > 1:
                self.link_list(groups[-1], made)

    def narrow(self, index: int, extra: Requirement) -> None:
        slot = self.slots[index]
        self.slots[index] = dataclasses.replace(slot, requirement=all_of([slot.requirement, extra]))
        self.slot_keys[index] = self.slots[index].requirement

    def link_list(self, last: Group, made: list[int]) -> None:
        """Applies "(3 different Locations)" after a list ("ONE LIBRARY, ONE CEMETERY, and a
        GATE LOCATION"): the listed cards are different cards, each of that type."""
        for modifier in last.modifiers:
            if modifier.kind != "paren-different":
                continue
            n, soft = modifier.value
            linked = tuple(made[-n:]) if n and len(made) >= n else tuple(made)
            self.limits.append(Limit(Distinct.CARD, linked))
            if soft is not None:
                for index in linked:
                    self.narrow(index, soft)

    def groups(self, chain: list[Mention], links: list[str]) -> list[Group]:
        """Splits a list of mentions into slots: all alternatives when the list says ", or",
        "either ..." or "(one of these)"; otherwise one slot per item, "X or Y" being one."""
        all_or = (
            "or-comma" in links
            or chain[0].either
            or any(m.kind in ("group-or", "group-or-count") for m in chain[-1].modifiers)
        )
        if all_or:
            return [Group(chain)]
        groups = [Group([chain[0]])]
        for link, mention in zip(links, chain[1:]):
            if link == "or":
                groups[-1].mentions.append(mention)
            else:
                groups.append(Group([mention]))
        return groups

    def add_group(self, group: Group, in_list: bool) -> list[int]:
        """Adds the slot(s) one group of mentions makes; gets their indexes."""
        first = group.mentions[0]
        for mention in group.mentions:
            self.uninterpreted += mention.unresolved
        requirements = [m.requirement for m in group.mentions if m.requirement is not None]
        if not requirements:
            return []
        requirement = any_of(requirements)
        count = first.count
        distinct: Distinct | None = None
        total: Total | None = None
        splits: list[tuple[int, Requirement]] = []
        for modifier in group.modifiers:
            kind, value = modifier.kind, modifier.value
            if kind == "and" and value is not None:
                requirement = all_of([requirement, value])
            elif kind == "count" and isinstance(value, int):
                count = value
            elif kind in ("count-distinct", "group-or-count") and isinstance(value, int):
                count, distinct = value, Distinct.CARD
            elif kind == "total" and isinstance(value, Total):
                total = value
            elif kind == "distinct":
                what, how_many = value
                distinct = what
                if how_many:
                    count = how_many
            elif kind == "split":
                splits = list(value)
            elif kind == "paren-different" and not in_list:
                # "MNAR (3 different locations)", "CEMETERY LOCATIONS (TWO DIFFERENT CARDS)"
                n, soft = value
                if n:
                    count, distinct = n, Distinct.CARD
                if soft is not None:
                    requirement = all_of([requirement, soft])
        count = count or 1
        if first.different and count > 1 and distinct is None:
            distinct = Distinct.CARD
        if total is not None:
            count = 1
        source = " ".join(self.text[first.source_start : group.mentions[-1].end].split()).rstrip(".,;:!?")
        if (
            len(group.mentions) == 1
            and first.anaphoric
            and not first.separate
            and not first.different
            and first.count is None
            and requirement in self.slot_keys
        ):
            self.note(f'"{source}" is the same card as before, not a new one')
            return []
        if splits:
            return [self.append(Slot(n, all_of([requirement, extra]), source)) for n, extra in splits]
        index = self.append(Slot(count, requirement, source, distinct, total))
        if first.different and count == 1:
            self.link_back(index)
        return [index]

    def append(self, slot: Slot) -> int:
        self.slots.append(slot)
        self.slot_keys.append(slot.requirement)
        return len(self.slots) - 1

    def link_back(self, index: int) -> None:
        """Links "a different X" to the earlier slot it differs from."""
        slot = self.slots[index]
        mine = set(atoms(slot.requirement))
        best: tuple[int, int] | None = None
        for earlier in range(index - 1, -1, -1):
            shared = len(mine & set(atoms(self.slots[earlier].requirement)))
            if shared and (best is None or shared > best[1]):
                best = (earlier, shared)
        if best is None:
            types = self.vocabulary.types_meeting(slot.requirement)
            for earlier in range(index - 1, -1, -1):
                if types & self.vocabulary.types_meeting(self.slots[earlier].requirement):
                    best = (earlier, 0)
                    break
        if best is None:
            self.note(f'could not tell which card "{slot.source}" must differ from')
            return
        self.limits.append(Limit(Distinct.CARD, (best[0], index)))


def _normalise(text: str) -> str:
    text = text.replace("\u2014", " - ").replace("\u2013", " - ").replace("\u2026", "...")
    text = text.replace("\u201c", '"').replace("\u201d", '"').replace("\u2018", "'").replace("\u2019", "'")
    return " ".join(text.split())


def read_recipe(adventure: Card, vocabulary: Vocabulary) -> Recipe:
    """Reads an Adventure's recipe from its text (as it plays, errata applied).

    ``vocabulary`` is the catalog's own (:meth:`Vocabulary.from_cards`). Never raises on odd
    text: what cannot be resolved is listed in ``Recipe.uninterpreted``.
    """
    text = _normalise(adventure.text)
    reading = _Reading(text, vocabulary)
    reading.find_conditions()
    reading.find_modifiers()
    mentions = reading.find_mentions()
    reading.look_around(mentions)
    reading.attach_modifiers(mentions)
    mentions = reading.merge(mentions)
    reading.build(mentions)
    conditions = tuple(Condition(t) for _, t in sorted(reading.conditions))
    if not text.strip():
        conditions += (Condition("the card prints no recipe: agree one with the other players"),)
    elif not reading.slots and not reading.uninterpreted:
        # Text with no card in it is a reading that failed, not an Adventure anyone completes.
        reading.uninterpreted.append("no card requirement found in the text")
    for index, slot in enumerate(reading.slots):
        if slot.total is None and not vocabulary.is_met(slot.requirement):
            reading.note(f"no card in the catalog meets slot {index + 1} ({slot.source})")
    return Recipe(
        slots=tuple(reading.slots),
        limits=tuple(reading.limits),
        conditions=conditions,
        uninterpreted=tuple(dict.fromkeys(reading.uninterpreted)),
        notes=tuple(reading.notes),
        adventure=display_title(adventure.title),
        points=adventure.value,
        origin="card",
    )


def recipe_for(adventure: Card, vocabulary: Vocabulary, overrides: Mapping[str, Recipe] | None = None) -> Recipe:
    """Gets an Adventure's recipe: the user's override for its title if there is one (keyed
    by :func:`~deckbuilder.rules.cards.fold_title`), else the one read from the card."""
    override = (overrides or {}).get(fold_title(adventure.title))
    if override is not None:
        return dataclasses.replace(
            override,
            adventure=override.adventure or display_title(adventure.title),
            points=override.points if override.points is not None else adventure.value,
            origin=override.origin or "override",
        )
    return read_recipe(adventure, vocabulary)
