"""Reads the GCCG Mythos set files (``<ccg-setinfo>`` XML, one file per set).

The files come from the internet, so entity declarations (XML bombs) and external references
are refused as :mod:`defusedxml` refuses them (its handlers on expat, its exceptions), and
only then is the tree built, by the standard library's C parser (:func:`_parse_xml`). Quirks
of the transcription are handled here: inverted articles (``Athenaeum, The``), titles
repeated within a set (printing numbers ``#N``), Tome Spell icons in the ``public`` field,
``{GOO}`` values, one Monster with two values (``6/4``), and misspelt attribute names.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, cast

from deckbuilder.catalog.importers import fields as f
from deckbuilder.catalog.importers.cardfile import MAX_CARD_FILE_BYTES, CardDataError, ImportResult, SourceFile
from deckbuilder.rules.cards import (
    Allegiance,
    Card,
    CardType,
    Dimension,
    LanguageRule,
    PublicAttribute,
    SpellIcon,
    display_title,
    fold_title,
)

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

#: GCCG's ``set`` attribute values and file names, mapped to catalog set codes.
GCCG_SETS = {
    "limited": "LTD",
    "b1": "EOMU",
    "b2": "CR",
    "b3": "LOTN",
    "standard": "MSGS",
    "dreamlands": "DRM",
    "new æon": "NAE",
    "new aeon": "NAE",
    "promo": "PR",
    "scoobydoo": "SD",
}

#: Upper bound on one set file: the importers' one limit.
MAX_FILE_BYTES = MAX_CARD_FILE_BYTES


def read_gccg_dir(path: Path | str) -> ImportResult:
    """Reads every GCCG set file in a folder (the game file ``mythos.xml`` is skipped).

    Raises :class:`CardDataError` for a file that cannot be read.
    """
    folder = Path(path)
    result = ImportResult()
    for file in sorted(folder.glob("*.xml")):
        data = _read_bytes(file)
        if b"<ccg-setinfo" not in data[:4096]:
            result.notes.append(f"{file.name}: not a GCCG set file (no <ccg-setinfo>), skipped")
            continue
        result.extend(read_gccg_bytes(data, file))
    return result


def read_gccg_file(path: Path | str) -> ImportResult:
    """Reads one GCCG set file. Raises :class:`CardDataError` when it cannot be read."""
    file = Path(path)
    return read_gccg_bytes(_read_bytes(file), file)


def is_gccg_set(data: bytes) -> bool:
    """Checks whether file content looks like a GCCG set file."""
    return b"<ccg-setinfo" in data[:4096]


def read_gccg_bytes(data: bytes, path: Path | str = "<gccg>") -> ImportResult:
    """Reads GCCG set XML from bytes. Raises :class:`CardDataError` when it cannot be read."""
    from xml.etree.ElementTree import ParseError

    # (no stubs where the wheel's compile type-checks this module: only the build's requirements)
    from defusedxml import DefusedXmlException  # type: ignore[import-untyped,unused-ignore]

    _check_encoding(data, path)
    try:
        root = _parse_xml(data)
    except DefusedXmlException as exc:
        raise CardDataError(
            path,
            f"refused: the XML declares entities or external references ({exc.__class__.__name__}); "
            "a GCCG set file never needs them",
        ) from None
    except ParseError as exc:
        line, column = getattr(exc, "position", (0, 0))
        raise CardDataError(
            path,
            f"malformed XML at line {line}, column {column}: {_parse_reason(exc)} "
            "(the file may be truncated or not a GCCG set file)",
        ) from None
    except UnicodeDecodeError as exc:
        raise CardDataError(path, f"not valid text in its declared encoding: {exc.reason}") from None
    except (LookupError, ValueError) as exc:  # an encoding the XML reader refuses
        raise CardDataError(path, f"cannot be read in its declared encoding ({exc}); save it as UTF-8") from None
    if root.tag != "ccg-setinfo":
        raise CardDataError(path, f"not a GCCG set file: the root element is <{root.tag}>, not <ccg-setinfo>")
    set_name = root.get("name", "")
    cards = list(_cards(root.iter("card"), set_name, str(path)))
    set_code = cards[0].set_code if cards else _set_code(set_name, Path(str(path)).stem)
    source = SourceFile(
        path=str(path),
        transcription="gccg",
        set_code=set_code,
        cards=len(cards),
        sha256=hashlib.sha256(data).hexdigest(),
    )
    return ImportResult(cards=cards, sources=[source])


def _parse_xml(data: bytes) -> Element:
    """Gets the root of an XML document that declares no entity and references nothing
    outside itself; raises :mod:`defusedxml`'s ``EntitiesForbidden`` or
    ``ExternalReferenceForbidden`` for one that does, and ``ParseError`` as ElementTree
    does for malformed XML.

    ``defusedxml.ElementTree`` refuses them with handlers on expat, but builds the tree with
    ElementTree's pure Python parser, a Python call per element and attribute: a quarter of
    the time of reading the GCCG set files (issue 28). Here a first pass of expat carries only its handlers
    (the same ones: entity declarations and external references raise, before any is
    expanded), and only a document it let through is parsed again, by the C parser. Expat's
    other errors are left to that parse, which meets them at the same place and reports them
    as before.

    A document without ``<!ENTITY`` skips the first pass: an entity is declared, and an
    external reference made, only by an entity declaration of the document's own (expat reads
    no external DTD: the GCCG set files name one, ``gccg-set.dtd``, and hold no declaration,
    so the handlers could not be called; the pass was a sixth of parsing them). The bytes are
    searched as they are: expat takes only encodings that write markup's ASCII letters as
    ASCII, but for UTF-16 and UTF-32, whose markup holds NUL bytes: bytes with a NUL always
    take the first pass (the encoding check refuses those encodings before, too).
    """
    from xml.etree.ElementTree import XMLParser
    from xml.parsers import expat

    from defusedxml import (  # type: ignore[import-untyped,unused-ignore]
        DefusedXmlException,
        EntitiesForbidden,
        ExternalReferenceForbidden,
    )

    # The handlers' arguments are typed as expat passes them (the parameter-entity flag is an
    # int): the compiled reader checks them as it is called.
    def entity_declared(
        name: str,
        _is_parameter: object,
        value: str | None,
        base: str | None,
        sysid: str | None,
        pubid: str | None,
        notation: str | None,
    ) -> None:
        raise EntitiesForbidden(name, value, base, sysid, pubid, notation)

    def unparsed_entity(
        name: str, base: str | None, sysid: str | None, pubid: str | None, notation: str | None
    ) -> None:
        raise EntitiesForbidden(name, None, base, sysid, pubid, notation)

    def external_reference(context: str, base: str | None, sysid: str | None, pubid: str | None) -> int:
        raise ExternalReferenceForbidden(context, base, sysid, pubid)

    if b"<!ENTITY" in data or b"\x00" in data:
        # As ElementTree's parser makes its expat parser: namespaces split at "}".
        screen = expat.ParserCreate(None, "}")
        screen.EntityDeclHandler = entity_declared
        screen.UnparsedEntityDeclHandler = unparsed_entity
        screen.ExternalEntityRefHandler = external_reference
        try:
            screen.Parse(data, True)
        except DefusedXmlException:
            raise
        except (expat.ExpatError, ValueError, LookupError):
            pass  # malformed, or an encoding expat refuses: the parse below says so, as before
    parser = XMLParser()
    parser.feed(data)
    return parser.close()


def _check_encoding(data: bytes, path: Path | str) -> None:
    """Refuses bytes that are not in the encoding the XML declares (UTF-8 by default)."""
    import codecs
    import re

    declared = re.match(rb'<\?xml[^>]*encoding=["\']([^"\']*)["\']', data[:200])
    encoding = declared.group(1).decode("ascii", "replace").lower() if declared else "utf-8"
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        raise CardDataError(
            path, f"declares the unknown encoding {encoding!r}; GCCG set files are UTF-8: save it as UTF-8"
        ) from None
    if name.startswith(("utf-16", "utf-32")):
        raise CardDataError(
            path, f"declares the encoding {encoding!r}, which the XML reader does not take; save it as UTF-8"
        )
    if name != "utf-8":
        return
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise CardDataError(
            path,
            f"not valid UTF-8 text (byte 0x{data[exc.start]:02X} on line {line}) though the file "
            "declares UTF-8; save it as UTF-8",
        ) from None


def _parse_reason(exc: Exception) -> str:
    return str(exc).split(":")[0]


def _read_bytes(file: Path) -> bytes:
    from deckbuilder.catalog.importers.cardfile import read_card_file_bytes

    return read_card_file_bytes(file)


def _set_code(set_attr: str, fallback: str) -> str:
    key = f.clean(set_attr).casefold()
    return GCCG_SETS.get(key) or GCCG_SETS.get(fallback.casefold()) or (set_attr or fallback).upper()


def _cards(elements: Iterable[object], set_name: str, source: str) -> Iterable[Card]:
    seen: Counter[tuple[str, str]] = Counter()
    for element in elements:
        attrs = {a.get("key", ""): a.get("value", "") for a in element.findall("attr")}  # type: ignore[attr-defined]
        name = element.get("name", "")  # type: ignore[attr-defined]
        text = element.get("text", "")  # type: ignore[attr-defined]
        set_code = _set_code(attrs.get("set", ""), set_name)
        title = display_title(f.clean(name))
        seen[(set_code, fold_title(title))] += 1
        printing = seen[(set_code, fold_title(title))]
        yield card_from_gccg(attrs, title, text, set_code, printing, source)


def card_from_gccg(
    attrs: dict[str, str], title: str, text: str, set_code: str, printing: int, source: str = "gccg"
) -> Card:
    """Builds the printed card from one ``<card>`` element's attributes."""
    out = f.Fields()
    card_type = f.parse_type(attrs.get("type", ""), out)
    subtype = f.clean(attrs.get("subtype")) or None
    private = f.clean(attrs.get("private"))
    public = f.clean(attrs.get("public"))

    f.parse_value(attrs.get("value", ""), card_type, out)
    f.parse_sanity(attrs.get("san", ""), out)
    values = out.values
    values["gate"] = f.clean(attrs.get("gate")).upper() == "{G}"
    values["unique"] = f.clean(attrs.get("unique")).upper() == "{U}"
    values["region"] = f.parse_region(attrs.get("region", ""))
    values["subregion"] = f.parse_subregion(attrs.get("subregion", ""))
    values["dimension"] = f.parse_dimension(attrs.get("dimension", ""), card_type, out)
    for field_name, key in (
        ("education", "education"),
        ("sanity_max", "sanmax"),
        ("hand", "hand"),
        ("hand_min", "handmin"),
        ("hand_max", "handmax"),
    ):
        values[field_name] = f.parse_int(attrs.get(key, ""), field_name, out)

    if card_type is CardType.LOCATION:
        values["attributes"] = f.parse_location_attributes(private)
        values["public"] = f.parse_public_letters(public, out)
    elif card_type is CardType.TOME:
        values["tome_languages"], values["tome_language_rule"] = f.parse_tome_languages(private)
        # Quirk: GCCG keeps a Tome's Spell icons in the public field.
        values["icons"] = f.parse_icon_letters(public, out)
    elif card_type is CardType.SPELL:
        values["icons"] = f.parse_icon_name(subtype or "", out)
        values["affects"] = private or None
    elif card_type in (CardType.ALLY, CardType.INVESTIGATOR):
        f.parse_person(private, out)
    elif card_type is CardType.MONSTER:
        values["monster_class"] = f.monster_class(subtype or "")
        if subtype and values["monster_class"] is None:
            out.problem("subtype", subtype, "unknown Monster class")
        if values.get("goo") or values["monster_class"] in ("Great Old One", "Outer God"):
            values["summon"] = f.parse_summon(private)
        elif f._KNOWS.search(private) or private.split(" ", 1)[0] in ("Steadfast", "Corrupt"):
            f.parse_person(private, out)
        elif private:
            values["attributes"] = tuple(f.spell_words(p.strip()) for p in private.split(",") if p.strip())
    elif (
        card_type is CardType.EVENT
        and (subtype or "").startswith("Travel")
        and private
        and not private.casefold().startswith("affect")
    ):
        # A Travel Event becomes a Location on the Story Deck; its attribute line is attributes.
        values["attributes"] = f.parse_location_attributes(private)
    elif private:
        values["affects"] = private
    if public and card_type not in (CardType.LOCATION, CardType.TOME):
        values["public"] = f.parse_public_letters(public, out)

    # Each field named, not ``**values``: the compiled reader then calls Card's __init__ itself,
    # where a dict of keywords had each of its 49 parameters looked up by name (a third of
    # making a card, issue 28). A field no parser set takes Card's default; each one taken is
    # popped, so one a parser sets and the card does not take is left over.
    take = values.pop
    card = Card(
        key=f.card_key(set_code, title, printing),
        title=title,
        printed_title=title,
        set_code=set_code,
        printing=printing,
        type=card_type,
        subtype=subtype,
        rarity=f.clean(attrs.get("rarity")) or None,
        text=f.clean(text),
        image=f.clean(attrs.get("graphics")) or None,
        source="gccg",
        problems=tuple(out.problems),
        value=cast("int | None", take("value", None)),
        value_text=cast(str, take("value_text", "")),
        value2=cast("int | None", take("value2", None)),
        goo=cast(bool, take("goo", False)),
        gate=cast(bool, take("gate", False)),
        unique=cast(bool, take("unique", False)),
        sanity=cast("int | None", take("sanity", None)),
        sanity_text=cast(str, take("sanity_text", "")),
        attributes=cast("tuple[str, ...]", take("attributes", ())),
        public=cast("tuple[PublicAttribute, ...]", take("public", ())),
        icons=cast("tuple[SpellIcon, ...]", take("icons", ())),
        region=cast("str | None", take("region", None)),
        subregion=cast("str | None", take("subregion", None)),
        dimension=cast("Dimension | None", take("dimension", None)),
        allegiance=cast("Allegiance | None", take("allegiance", None)),
        occupations=cast("tuple[str, ...]", take("occupations", ())),
        languages=cast("tuple[str, ...]", take("languages", ())),
        tome_languages=cast("tuple[str, ...]", take("tome_languages", ())),
        tome_language_rule=cast("LanguageRule | None", take("tome_language_rule", None)),
        monster_class=cast("str | None", take("monster_class", None)),
        summon=cast("tuple[str, ...]", take("summon", ())),
        affects=cast("str | None", take("affects", None)),
        sanity_max=cast("int | None", take("sanity_max", None)),
        education=cast("int | None", take("education", None)),
        hand=cast("int | None", take("hand", None)),
        hand_min=cast("int | None", take("hand_min", None)),
        hand_max=cast("int | None", take("hand_max", None)),
    )
    if values:  # a field a parser sets and the card does not take: a mistake of ours
        raise AssertionError(f"card_from_gccg does not take the fields {sorted(values)}")
    return card
