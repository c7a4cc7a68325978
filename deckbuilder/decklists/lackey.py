"""LackeyCCG's XML ``.dek`` deck files.

A deck is ``<deck><superzone name="Deck">`` (and ``name="Investigator"``) holding one
``<card><name id="IMAGE">Title</name><set>SET</set></card>`` per copy. The files come from
the internet, so they are parsed with defusedxml: entity declarations and external
references are refused, and malformed XML is a :class:`DeckFileError`.

LackeyCCG's set names map to catalog set codes (``Limited`` -> ``LTD``, ``B1MU`` -> ``EOMU``,
``StdC``/``StdS`` -> ``MSGS``, ``New Aeon`` -> ``NAE``, ``Repointed`` -> ``RP``...; see
:data:`~deckbuilder.decklists.tags.SET_TAGS`); the image id is kept, since it pins the
printing when the catalog was built from LackeyCCG's own files.

The deck's name and notes go in ``<meta>``, as ``<title>`` and ``<note>`` (one note a line):
both are elements of LackeyCCG's own deck format (its ``<meta>`` holds title, author, email,
date, game, format and note), so LackeyCCG reads them as the deck's or passes them over. An
XML comment would do for an XML parser, but LackeyCCG's reader is its own and no document
says it skips comments; a built deck's Why notes ride in the note instead.
"""

from __future__ import annotations

import re
from typing import Any
from xml.sax import SAXException
from xml.sax.handler import ContentHandler

from deckbuilder.decklists.lines import PrintingsOf, grouped_by_type
from deckbuilder.decklists.model import (
    DeckFileError,
    DeckLine,
    DeckList,
    ParseProblem,
    ResolvedDeck,
    ResolvedLine,
    Section,
)
from deckbuilder.decklists.tags import LACKEY_SET_NAMES, set_code_for
from deckbuilder.rules.cards import SETS, Card, Legality, display_title

FORMAT = "lackey"

_ZONES = {
    "deck": Section.DECK,
    "investigator": Section.INVESTIGATOR,
    "investigators": Section.INVESTIGATOR,
    "sideboard": Section.SIDEBOARD,
    "side": Section.SIDEBOARD,
    "ether": Section.ETHER,
}
_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")
_LACKEY_ID = re.compile(r"^(?P<set>[A-Za-z]+)\d+$")
#: Characters XML 1.0 cannot hold, even escaped: dropped from a name or note written.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


class _Card:
    __slots__ = ("image", "line_no", "name", "section", "set", "zone")

    def __init__(self, line_no: int, section: Section | None, zone: str | None) -> None:
        self.line_no = line_no
        self.name: str | None = None
        self.image: str | None = None
        self.set: str | None = None
        self.section = section
        self.zone = zone


class _DeckHandler(ContentHandler):
    """Collects the cards of a ``.dek`` file, with the line each one starts on."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[_Card] = []
        self.problems: list[ParseProblem] = []
        self.root: str | None = None
        self._locator: Any = None
        self._path: list[str] = []
        self._zone: str | None = None
        self._section: Section | None = None
        self._card: _Card | None = None
        self._text: list[str] = []
        self.title: str | None = None
        self.notes: list[str] = []

    def setDocumentLocator(self, locator: Any) -> None:  # SAX's name
        self._locator = locator

    def _line(self) -> int:
        return int(self._locator.getLineNumber()) if self._locator is not None else 0

    def startElement(self, name: str, attrs: Any) -> None:  # SAX's name
        if self.root is None:
            self.root = name
            if name != "deck":
                raise DeckFileError(f"not a LackeyCCG deck: the file's root element is <{name}>, not <deck>")
        parent = self._path[-1] if self._path else None
        self._path.append(name)
        self._text = []
        if name == "superzone" and parent == "deck":
            self._zone = attrs.get("name", "")
            self._section = _ZONES.get((self._zone or "").strip().casefold())
            if self._section is None:
                self.problems.append(
                    ParseProblem(
                        self._line(),
                        f'<superzone name="{self._zone}">',
                        f'unknown zone "{self._zone}": its cards are not read '
                        "(expected Deck, Investigator, Sideboard or Ether)",
                    )
                )
        elif name == "card":
            self._card = _Card(self._line(), self._section, self._zone)
            if parent != "superzone":
                self.problems.append(ParseProblem(self._line(), "<card>", "a card outside any superzone"))
                self._card.section = None
        elif name == "name" and self._card is not None:
            image = attrs.get("id")
            self._card.image = image.strip() if image and image.strip() else None

    def characters(self, content: str) -> None:
        self._text.append(content)

    def endElement(self, name: str) -> None:  # SAX's name
        raw = "".join(self._text)
        text = raw.strip()
        self._text = []
        self._path.pop()
        card = self._card
        in_meta = self._path[-2:] == ["deck", "meta"]
        if in_meta and name == "title":
            self.title = " ".join(text.split()) or None
        elif in_meta and name == "note":
            self.notes.extend(raw.strip("\n").split("\n") if raw.strip() else [])
        elif name == "name" and card is not None:
            card.name = text
        elif name == "set" and card is not None:
            card.set = text
        elif name == "card" and card is not None:
            self.cards.append(card)
            self._card = None
        elif name == "superzone":
            self._zone, self._section = None, None


def escape(text: str) -> str:
    """Gets text with XML's ``&``, ``<`` and ``>`` escaped (:func:`xml.sax.saxutils.escape`,
    imported only to write a deck: the module loads urllib.request, which was a tenth of
    reading any deck file, issue 17)."""
    from xml.sax.saxutils import escape as xml_escape

    return xml_escape(text)


def quoteattr(text: str) -> str:
    """Gets text as a quoted XML attribute value (:func:`xml.sax.saxutils.quoteattr`, imported
    only to write, as :func:`escape`)."""
    from xml.sax.saxutils import quoteattr as xml_quoteattr

    return xml_quoteattr(text)


def _clean_name(name: str) -> str:
    """Gets a Lackey card name without the CSV quotes some carry (``"Necronomicon, Dee Ed."``)."""
    name = " ".join(name.split())
    if len(name) >= 2 and name.startswith('"') and name.endswith('"'):
        name = " ".join(name[1:-1].split())
    return name


def _raw(card: _Card) -> str:
    image = f" id={quoteattr(card.image)}" if card.image else ""
    set_part = f"<set>{escape(card.set)}</set>" if card.set is not None else ""
    return f"<card><name{image}>{escape(card.name or '')}</name>{set_part}</card>"


def read_lackey_deck(text: str) -> DeckList:
    """Parses a LackeyCCG ``.dek`` file; raises :class:`DeckFileError` if it is not
    well-formed XML with a ``<deck>`` root, or declares entities.

    Copies of a card (same name, set and image id within a zone) merge into one line,
    numbered by the first copy's line. A card with no name, or in an unknown zone, is a
    :class:`~deckbuilder.decklists.model.ParseProblem`.
    """
    from defusedxml import DefusedXmlException
    from defusedxml.sax import parseString

    text = text.removeprefix("\ufeff")
    # The text is already decoded: drop the declaration so that its encoding is not applied
    # a second time, and hand expat UTF-8.
    source = _XML_DECLARATION.sub(lambda m: "\n" * m.group(0).count("\n"), text, count=1)
    handler = _DeckHandler()
    try:
        parseString(source.encode("utf-8", "surrogatepass"), handler)
    except DeckFileError:
        raise
    except DefusedXmlException as error:
        raise DeckFileError(
            f"not a LackeyCCG deck this tool will read: the XML {error.__class__.__name__} "
            "(entity declarations and external references are refused)"
        ) from None
    except UnicodeEncodeError:
        raise DeckFileError("not a LackeyCCG deck: the text has invalid characters") from None
    except SAXException as error:  # SAXParseException: expat's "not well-formed" and kin
        raise DeckFileError(f"not well-formed XML, so not a LackeyCCG deck: {error}") from None
    if handler.root is None:
        raise DeckFileError("not a LackeyCCG deck: the file has no <deck> element")
    problems = list(handler.problems)
    merged: dict[tuple[Section, str, str | None, str | None], list[_Card]] = {}
    for card in handler.cards:
        if card.section is None:
            continue
        name = _clean_name(card.name or "")
        if not name:
            problems.append(ParseProblem(card.line_no, _raw(card), "a card with no name"))
            continue
        card.name = name
        merged.setdefault((card.section, name, card.set, card.image), []).append(card)
    lines = []
    for (section, name, set_name, image), copies in merged.items():
        first = copies[0]
        set_hint = (set_code_for(set_name) or set_name) if set_name else None
        lines.append(
            DeckLine(
                count=len(copies),
                name=name,
                section=section,
                line_no=first.line_no,
                raw=_raw(first),
                set_hint=set_hint,
                image=image,
            )
        )
    lines.sort(key=lambda line: line.line_no)
    return DeckList(
        name=handler.title,
        lines=tuple(lines),
        notes=tuple(handler.notes),
        problems=tuple(sorted(problems, key=lambda problem: problem.line_no)),
        source_format=FORMAT,
    )


def lackey_set_name(card: Card, image: str | None = None) -> str:
    """Gets the LackeyCCG set name for a card (``Limited``, ``B1MU``...).

    The Standard Game is two Lackey sets; an image id (``StdC402``) tells which.
    """
    for candidate in (image, card.image):
        match = _LACKEY_ID.match(candidate or "")
        if match and set_code_for(match["set"]) == card.set_code:
            return match["set"]
    return LACKEY_SET_NAMES.get(card.set_code, card.set_code)


def _lackey_title(line: ResolvedLine, printings: tuple[Card, ...]) -> str:
    """Gets the title to write: display form, plus LackeyCCG's ``(vN)`` when the card's set
    has the title more than once and the catalog's image does not tell them apart."""
    card = line.card
    title = display_title(card.title)
    in_set = [other for other in printings if other.set_code == card.set_code]
    pictured = card.image is not None and [o.image for o in in_set].count(card.image) == 1
    if len(in_set) < 2 or pictured:
        return title
    official = SETS.get(card.set_code, ("", Legality.OFFICIAL))[1] is Legality.OFFICIAL
    outside = sum(1 for other in printings if other.set_code != card.set_code and (other.is_official or not official))
    return f"{title} (v{outside + in_set.index(card) + 1})"


def _image_of(line: ResolvedLine) -> str | None:
    """Gets the image id to write: a LackeyCCG id if either the catalog or the source deck
    has one, else the catalog's image."""
    for image in (line.card.image, line.source.image):
        if image and _LACKEY_ID.match(image):
            return image
    return line.card.image or line.source.image


def write_lackey_deck(deck: ResolvedDeck, printings_of: PrintingsOf | None = None) -> str:
    """Gets a deck as a LackeyCCG ``.dek`` file, one ``<card>`` element per copy.

    The card's image is written as the ``id`` when known (the catalog's, else the one the
    deck was read with). Where a set has a title twice and no image tells them apart, the
    title gets LackeyCCG's ``(vN)``. ``printings_of`` gives every printing of a title
    (default: the printings the resolver saw). The name and notes go in ``<meta>`` as
    ``<title>`` and ``<note>`` (one note a line).
    """
    out = ['<deck version="0.8">', "\t<meta>"]
    if deck.name:
        out.append(f"\t\t<title>{escape(_NOT_XML.sub('', deck.name))}</title>")
    out.append("\t\t<game>mythos</game>")
    if deck.notes:
        notes = "\n".join(_NOT_XML.sub("", note) for note in deck.notes)
        out.append(f"\t\t<note>{escape(notes)}</note>")
    out.append("\t</meta>")
    zones = (
        ("Deck", Section.DECK),
        ("Sideboard", Section.SIDEBOARD),
        ("Investigator", Section.INVESTIGATOR),
        ("Ether", Section.ETHER),
    )
    for zone, section in zones:
        groups = grouped_by_type(deck, section)
        if not groups and section in (Section.SIDEBOARD, Section.ETHER):
            continue
        out.append(f"\t<superzone name={quoteattr(zone)}>")
        for _, entries in groups:
            for line, count in entries:
                printings = tuple(printings_of(line.card.title) if printings_of else line.resolution.printings) or (
                    line.card,
                )
                image = _image_of(line)
                id_attr = f" id={quoteattr(image)}" if image else ""
                element = (
                    f"\t\t<card><name{id_attr}>{escape(_lackey_title(line, printings))}</name>"
                    f"<set>{escape(lackey_set_name(line.card, line.source.image))}</set></card>"
                )
                out.extend([element] * count)
        out.append("\t</superzone>")
    out.append("</deck>")
    return "\n".join(out) + "\n"
