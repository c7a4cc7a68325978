"""The recipe notation: one line per slot, readable and writable by players.

::

    adventure: The Cruise
    points: 5
    1x Location & City & public:Water  # CITY/WATER Location
    1x subtype:"Travel by Sea"  # TRAVEL BY SEA
    2x Location & City {distinct:subregion}  # TWO GATE LOCATIONS (in DIFFERENT CITIES)
    1x Ally & Steadfast & Author
    1x title:"Yithian Psychic Possession"
    1x Monster {total:value>=20}  # 20 POINTS-WORTH OF MONSTERS
    limit: distinct:card 1 5
    condition: drive your own Sanity below six

Expressions: ``&`` (and), ``|`` (or), ``!`` (not), parentheses. A bare word is a card type
when it names one (``Location``, ``Allies``) and an attribute otherwise (``City``,
``Steadfast``); ``field:value`` asks a field exactly and ``field~value`` asks it to
contain the words (``title~Eclipse``). Fields: ``type``, ``subtype``, ``attr``, ``public``,
``title``, ``region``, ``subregion``, ``dimension``, ``knows``, ``tome-lang``, ``icon``,
``class``, ``affects``. Also ``gate``, ``cost>=N`` / ``cost=N`` (Sanity cost) and ``any``.
Values with spaces or punctuation go in double quotes. Slot options in braces:
``distinct:card|subregion|region|subtype|language|icon`` and ``total:value>=N`` or
``total:sanity>=N``. ``# ...`` after a slot is the card's words it came from (after a
``limit:`` or ``points:`` line, a comment); a line starting with ``#`` is a comment.
``limit:`` lines name slots by number, from 1.

:func:`parse_recipe_text` raises :class:`RecipeSyntaxError` (one line, with line and
column); :func:`recipe_text` writes the same notation back (they round-trip).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, NoReturn

from deckbuilder.rules.adventures.model import (
    AllOf,
    AnyCard,
    AnyOf,
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
)
from deckbuilder.rules.cards import CardType


class RecipeSyntaxError(ValueError):
    """Raised when recipe notation cannot be read; says the line and column."""

    def __init__(self, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.message = message
        self.line = line
        self.column = column


_TYPE_NAMES = {t.value.casefold(): t.value for t in CardType}
_TYPE_PLURALS = {"allies": "Ally"} | {t.value.casefold() + "s": t.value for t in CardType}
_KEYWORDS = frozenset({"gate", "any", "cost"})
_FIELD_ALIASES = {f.value: f for f in Field} | {"attribute": Field.ATTRIBUTE, "language": Field.TOME_LANGUAGE}
_BARE_VALUE = re.compile(r"[A-Za-z][A-Za-z0-9-]*\Z")
_ESCAPED = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t"}
_HEADER = re.compile(r"\s*(adventure|points|limit|condition|uninterpreted|note)\s*:", re.IGNORECASE)


# --------------------------------------------------------------------------------------
# writing


def _escape(ch: str) -> str:
    if ch in _ESCAPED:
        return _ESCAPED[ch]
    if ch.isspace() and ch != " ":  # anything that could break the line: \u2028, \x1c...
        return f"\\u{ord(ch):04x}"
    return ch


def _quote(value: str) -> str:
    if _BARE_VALUE.match(value):
        return value
    return '"' + "".join(_escape(ch) for ch in value) + '"'


def _atom_text(atom: Atom) -> str:
    if not atom.partial:
        if atom.field is Field.TYPE and atom.value in _TYPE_NAMES.values():
            return atom.value
        if (
            atom.field is Field.ATTRIBUTE
            and _BARE_VALUE.match(atom.value)
            and atom.value.casefold() not in _TYPE_NAMES
            and atom.value.casefold() not in _TYPE_PLURALS
            and atom.value.casefold() not in _KEYWORDS
            and atom.value.casefold() not in _FIELD_ALIASES
        ):
            return atom.value
    return f"{atom.field.value}{'~' if atom.partial else ':'}{_quote(atom.value)}"


def requirement_text(requirement: Requirement) -> str:
    """Gets a requirement in the notation (``Location & (City | Town)``)."""

    def inner(item: Requirement) -> str:
        text = requirement_text(item)
        return f"({text})" if isinstance(item, (AllOf, AnyOf)) else text

    if isinstance(requirement, Atom):
        return _atom_text(requirement)
    if isinstance(requirement, Gate):
        return "gate"
    if isinstance(requirement, AnyCard):
        return "any"
    if isinstance(requirement, SanityCost):
        return f"cost{'=' if requirement.exactly else '>='}{requirement.amount}"
    if isinstance(requirement, Not):
        return "!" + inner(requirement.item)
    if isinstance(requirement, AllOf):
        return " & ".join(inner(item) for item in requirement.items)
    if isinstance(requirement, AnyOf):
        return " | ".join(inner(item) for item in requirement.items)
    raise TypeError(f"not a requirement: {requirement!r}")


def slot_text(slot: Slot) -> str:
    """Gets a slot as one line of notation, without its source words (``2x Location & City``)."""
    options = []
    if slot.distinct is not None:
        options.append(f"distinct:{slot.distinct.value}")
    if slot.total is not None:
        options.append(f"total:{slot.total.measure.value}>={slot.total.at_least}")
    text = f"{slot.count}x {requirement_text(slot.requirement)}"
    return text + (" {" + ", ".join(options) + "}" if options else "")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def recipe_text(recipe: Recipe) -> str:
    """Gets a recipe in the notation, one slot a line; :func:`parse_recipe_text` reads it back."""
    lines = []
    if recipe.adventure:
        lines.append(f"adventure: {_one_line(recipe.adventure)}")
    if recipe.points is not None:
        lines.append(f"points: {recipe.points}")
    for slot in recipe.slots:
        source = _one_line(slot.source)
        lines.append(slot_text(slot) + (f"  # {source}" if source else ""))
    for limit in recipe.limits:
        lines.append(f"limit: distinct:{limit.distinct.value} " + " ".join(str(i + 1) for i in limit.slots))
    lines += [f"condition: {_one_line(c.text)}" for c in recipe.conditions]
    lines += [f"uninterpreted: {_one_line(u)}" for u in recipe.uninterpreted]
    lines += [f"note: {_one_line(n)}" for n in recipe.notes]
    return "\n".join(lines) + ("\n" if lines else "")


# --------------------------------------------------------------------------------------
# reading


@dataclass(frozen=True)
class _Token:
    kind: str  # word, string, int, op, end
    text: str
    column: int  # 1-based


_TOKEN = re.compile(
    r"""\s*(?:
        (?P<string>"(?:[^"\\]|\\.)*")
      | (?P<unterminated>"(?:[^"\\]|\\.)*\Z)
      | (?P<op>>=|<=|[&|!()~:={},<>])
      | (?P<int>\d+(?![\w'.-]))
      | (?P<word>[^\W][\w'.\-]*)
      | (?P<hash>\#)
      | (?P<bad>\S)
    )""",
    re.VERBOSE,
)
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


_UNESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|(.))", re.S)


def _unescape(body: str) -> str:
    return _UNESCAPE.sub(lambda m: chr(int(m[1], 16)) if m[1] else _ESCAPES.get(m[2], m[2]), body)


class _Reader:
    """Reads one slot line (after its count) into a requirement and options."""

    def __init__(self, text: str, line: int, offset: int) -> None:
        self.line = line
        self.tokens: list[_Token] = []
        self.source = ""
        pos = 0
        while pos < len(text):
            match = _TOKEN.match(text, pos)
            if match is None or match.end() == pos:
                break
            column = offset + match.start(match.lastgroup or 0) + 1
            kind = match.lastgroup or "bad"
            value = match[kind]
            if kind == "hash":
                self.source = text[match.end() :].strip()
                pos = len(text)
                break
            if kind == "unterminated":
                self.fail('a quoted value is not closed (add the closing ")', column)
            if kind == "bad":
                self.fail(f"unexpected character {value!r}", column)
            if kind == "string":
                value = _unescape(value[1:-1])
            self.tokens.append(_Token(kind, value, column))
            pos = match.end()
        self.tokens.append(_Token("end", "", offset + len(text.rstrip()) + 1))
        self.i = 0

    def fail(self, message: str, column: int) -> NoReturn:
        raise RecipeSyntaxError(message, self.line, column)

    @property
    def peek(self) -> _Token:
        return self.tokens[self.i]

    def take(self) -> _Token:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def expect_op(self, op: str, what: str) -> _Token:
        token = self.take()
        if token.kind != "op" or token.text != op:
            self.fail(f"expected {op!r} {what}, found {token.text or 'the end of the line'!r}", token.column)
        return token

    def expression(self) -> Requirement:
        items = [self.conjunction()]
        while self.peek.kind == "op" and self.peek.text == "|":
            self.take()
            items.append(self.conjunction())
        return items[0] if len(items) == 1 else AnyOf(tuple(items))

    def conjunction(self) -> Requirement:
        items = [self.unary()]
        while self.peek.kind == "op" and self.peek.text == "&":
            self.take()
            items.append(self.unary())
        return items[0] if len(items) == 1 else AllOf(tuple(items))

    def unary(self) -> Requirement:
        token = self.peek
        if token.kind == "op" and token.text == "!":
            self.take()
            return Not(self.unary())
        if token.kind == "op" and token.text == "(":
            self.take()
            inner = self.expression()
            self.expect_op(")", "to close the parenthesis")
            return inner
        return self.atom()

    def value(self, after: str) -> str:
        token = self.take()
        if token.kind in ("word", "string", "int"):
            return token.text
        self.fail(f"expected a value after {after!r}", token.column)

    def atom(self) -> Requirement:
        token = self.take()
        if token.kind == "string":
            self.fail(f'a quoted value needs a field in front, e.g. title:"{token.text}"', token.column)
        if token.kind not in ("word", "int"):
            found = token.text or "the end of the line"
            self.fail(f"expected a requirement (a type, an attribute or field:value), found {found!r}", token.column)
        word = token.text
        lowered = word.casefold()
        nxt = self.peek
        if nxt.kind == "op" and nxt.text in (":", "~"):
            field = _FIELD_ALIASES.get(lowered)
            if field is None:
                fields = ", ".join(f.value for f in Field)
                self.fail(f"{word!r} is not a field; use one of: {fields}", token.column)
            self.take()
            return Atom(field, self.value(f"{word}{nxt.text}"), partial=nxt.text == "~")
        if lowered == "gate":
            return Gate()
        if lowered == "any":
            return AnyCard()
        if lowered == "cost":
            op = self.take()
            if op.kind != "op" or op.text not in (">=", "="):
                self.fail("expected >= or = after cost (cost>=1, cost=2)", op.column)
            amount = self.take()
            if amount.kind != "int":
                self.fail("expected a number of Sanity points after cost" + op.text, amount.column)
            return SanityCost(int(amount.text), exactly=op.text == "=")
        if lowered in _TYPE_NAMES:
            return Atom(Field.TYPE, _TYPE_NAMES[lowered])
        if lowered in _TYPE_PLURALS:
            return Atom(Field.TYPE, _TYPE_PLURALS[lowered])
        return Atom(Field.ATTRIBUTE, word)

    def options(self) -> tuple[Distinct | None, Total | None]:
        distinct: Distinct | None = None
        total: Total | None = None
        if not (self.peek.kind == "op" and self.peek.text == "{"):
            return distinct, total
        self.take()
        while True:
            name = self.take()
            if name.kind != "word" or name.text.casefold() not in ("distinct", "total"):
                self.fail("expected distinct:... or total:... in the braces", name.column)
            self.expect_op(":", f"after {name.text}")
            what = self.take()
            if name.text.casefold() == "distinct":
                try:
                    distinct = Distinct(what.text.casefold())
                except ValueError:
                    kinds = ", ".join(d.value for d in Distinct)
                    self.fail(f"distinct:{what.text} is not known; use one of: {kinds}", what.column)
            else:
                try:
                    measure = Measure(what.text.casefold())
                except ValueError:
                    self.fail(f"total:{what.text} is not known; use total:value>=N or total:sanity>=N", what.column)
                self.expect_op(">=", f"after total:{what.text}")
                amount = self.take()
                if amount.kind != "int":
                    self.fail("expected a number after >=", amount.column)
                total = Total(measure, int(amount.text))
            sep = self.take()
            if sep.kind == "op" and sep.text == "}":
                return distinct, total
            if not (sep.kind == "op" and sep.text == ","):
                self.fail("expected , or } in the options", sep.column)

    def end(self) -> None:
        token = self.peek
        if token.kind != "end":
            self.fail(f"unexpected {token.text!r} (join requirements with & or |)", token.column)


_COUNT = re.compile(r"\s*(\d+)\s*[xX×]\s*")


def parse_requirement(text: str) -> Requirement:
    """Parses one requirement expression. Raises :class:`RecipeSyntaxError`."""
    reader = _Reader(text, 1, 0)
    requirement = reader.expression()
    reader.end()
    return requirement


def _parse_slot(text: str, line: int) -> Slot:
    count = 1
    offset = 0
    match = _COUNT.match(text)
    if match:
        count = int(match[1])
        offset = match.end()
        if count < 1:
            raise RecipeSyntaxError("a slot needs at least 1 card (1x, 2x...)", line, match.start(1) + 1)
    reader = _Reader(text[offset:], line, offset)
    requirement = reader.expression()
    distinct, total = reader.options()
    reader.end()
    return Slot(count, requirement, reader.source, distinct, total)


def _parse_limit(text: str, line: int, column: int) -> tuple[Distinct, tuple[int, ...], list[tuple[int, int]]]:
    match = re.match(r"\s*distinct\s*:\s*(\w+)\s*(?:slots?\b)?(.*)\Z", text, re.IGNORECASE)
    if not match:
        raise RecipeSyntaxError(
            "expected limit: distinct:KIND and slot numbers, e.g. limit: distinct:card 1 3", line, column
        )
    try:
        distinct = Distinct(match[1].casefold())
    except ValueError:
        kinds = ", ".join(d.value for d in Distinct)
        raise RecipeSyntaxError(
            f"distinct:{match[1]} is not known; use one of: {kinds}", line, column + match.start(1)
        ) from None
    numbers: list[tuple[int, int]] = []
    for number in re.finditer(r"[^\s,]+", match[2]):
        if not number.group().isdigit() or int(number.group()) < 1:
            raise RecipeSyntaxError(
                f"{number.group()!r} is not a slot number (1, 2, ...)", line, column + match.start(2) + number.start()
            )
        numbers.append((int(number.group()), column + match.start(2) + number.start()))
    if len(numbers) < 2:
        raise RecipeSyntaxError("a limit links at least two slots", line, column)
    return distinct, tuple(n - 1 for n, _ in numbers), numbers


def parse_recipe_text(text: str) -> Recipe:
    """Parses recipe notation into a :class:`Recipe`. Raises :class:`RecipeSyntaxError`.

    >>> parse_recipe_text("2x Location & City {distinct:subregion}").slots[0].count
    2
    """
    slots: list[Slot] = []
    limits: list[tuple[Limit, int, list[tuple[int, int]]]] = []
    conditions: list[Condition] = []
    uninterpreted: list[str] = []
    notes: list[str] = []
    adventure = ""
    points: int | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        header = _HEADER.match(raw)
        if header is None:
            slots.append(_parse_slot(raw, number))
            continue
        name = header[1].casefold()
        if name in ("points", "limit"):  # free text (conditions, notes) may hold a '#'
            raw = raw.split("#", 1)[0]
        rest = raw[header.end() :].strip()
        column = header.end() + 1
        if name == "adventure":
            adventure = rest
        elif name == "points":
            if not re.fullmatch(r"-?\d+", rest):
                raise RecipeSyntaxError(f"points must be a whole number, not {rest!r}", number, column)
            points = int(rest)
        elif name == "limit":
            distinct, indexes, numbers = _parse_limit(raw[header.end() :], number, column)
            limits.append((Limit(distinct, indexes), number, numbers))
        elif name == "condition":
            conditions.append(Condition(rest))
        elif name == "uninterpreted":
            uninterpreted.append(rest)
        else:
            notes.append(rest)
    for _limit, number, numbers in limits:
        for slot_number, column in numbers:
            if slot_number > len(slots):
                raise RecipeSyntaxError(
                    f"slot {slot_number} does not exist (the recipe has {len(slots)} slots)", number, column
                )
    return Recipe(
        slots=tuple(slots),
        limits=tuple(limit for limit, _, _ in limits),
        conditions=tuple(conditions),
        uninterpreted=tuple(uninterpreted),
        notes=tuple(notes),
        adventure=adventure,
        points=points,
    )


# --------------------------------------------------------------------------------------
# JSON


def requirement_to_dict(requirement: Requirement) -> dict[str, Any]:
    """Gets a requirement as a JSON-ready tree."""
    if isinstance(requirement, Atom):
        return {"field": requirement.field.value, "value": requirement.value, "partial": requirement.partial}
    if isinstance(requirement, Gate):
        return {"gate": True}
    if isinstance(requirement, AnyCard):
        return {"any": True}
    if isinstance(requirement, SanityCost):
        return {"sanity_cost": requirement.amount, "exactly": requirement.exactly}
    if isinstance(requirement, Not):
        return {"not": requirement_to_dict(requirement.item)}
    if isinstance(requirement, AllOf):
        return {"all_of": [requirement_to_dict(i) for i in requirement.items]}
    return {"any_of": [requirement_to_dict(i) for i in requirement.items]}


def recipe_to_dict(recipe: Recipe) -> dict[str, Any]:
    """Gets a recipe as JSON-ready data (the shape of ``mythos adventure show --json``)."""
    return {
        "adventure": recipe.adventure,
        "points": recipe.points,
        "origin": recipe.origin,
        "reads_fully": recipe.reads_fully,
        "notation": recipe_text(recipe),
        "slots": [
            {
                "number": i + 1,
                "text": slot_text(slot),
                "count": slot.count,
                "requirement": requirement_text(slot.requirement),
                "tree": requirement_to_dict(slot.requirement),
                "distinct": slot.distinct.value if slot.distinct else None,
                "total": {"measure": slot.total.measure.value, "at_least": slot.total.at_least} if slot.total else None,
                "source": slot.source,
            }
            for i, slot in enumerate(recipe.slots)
        ],
        "limits": [{"distinct": lim.distinct.value, "slots": [i + 1 for i in lim.slots]} for lim in recipe.limits],
        "conditions": [c.text for c in recipe.conditions],
        "uninterpreted": list(recipe.uninterpreted),
        "notes": list(recipe.notes),
    }
