"""Deck lists in and out: plain text, GCCG ``.deck``, LackeyCCG ``.dek`` and the tool's JSON.

Pure: readers take text (or bytes) and give a :class:`DeckList`; :func:`resolve_deck` turns
it into a :class:`ResolvedDeck` against a :class:`CardIndex`; writers give text back.

>>> deck = read_deck("4 Dark Young\\n1 Car (LTD)")
>>> deck.source_format, [(line.count, line.name, line.set_hint) for line in deck.lines]
('text', [(4, 'Dark Young', None), (1, 'Car', 'LTD')])

Every public name of the package's modules that a caller uses is a name of the package
(``from deckbuilder.decklists import read_deck``), and the ``if TYPE_CHECKING:`` block below
is the one list of them (what mypy and a reader see). A module is imported at the first use
of one of its names, not with the package, as :mod:`deckbuilder.service` does: a catalog
build needs only the name resolution (``resolve``), not every reader and writer (issue 28).
:data:`_HOME` says where each name lives, held equal to the block by a test.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deckbuilder.decklists.code import deck_code_text, is_deck_code, read_deck_code, write_deck_code
    from deckbuilder.decklists.formats import (
        FORMATS,
        DeckFormat,
        UnknownDeckFormatError,
        decode_deck_bytes,
        detect_format,
        read_deck,
        write_deck,
    )
    from deckbuilder.decklists.gccg import read_gccg_deck, write_gccg_deck
    from deckbuilder.decklists.jsonfmt import FORMAT_TAG, read_json_deck, write_json_deck
    from deckbuilder.decklists.lackey import read_lackey_deck, write_lackey_deck
    from deckbuilder.decklists.lines import PrintingsOf, comment_text, section_heading, split_lines, type_heading
    from deckbuilder.decklists.model import (
        AmbiguousCardError,
        CardNameError,
        DeckFileError,
        DeckLine,
        DeckList,
        ParseProblem,
        Resolution,
        ResolvedDeck,
        ResolvedLine,
        ResolveProblem,
        ResolveStep,
        Section,
        UnknownCardError,
    )
    from deckbuilder.decklists.resolve import CardIndex, resolve_deck
    from deckbuilder.decklists.text import read_text_deck, write_text_deck

#: Where each name of the package lives: its module, by name (held equal to the block above).
_HOME = {
    name: module
    for module, names in {
        "code": "deck_code_text is_deck_code read_deck_code write_deck_code",
        "formats": "FORMATS DeckFormat UnknownDeckFormatError decode_deck_bytes detect_format read_deck write_deck",
        "gccg": "read_gccg_deck write_gccg_deck",
        "jsonfmt": "FORMAT_TAG read_json_deck write_json_deck",
        "lackey": "read_lackey_deck write_lackey_deck",
        "lines": "PrintingsOf comment_text section_heading split_lines type_heading",
        "model": (
            "AmbiguousCardError CardNameError DeckFileError DeckLine DeckList ParseProblem Resolution "
            "ResolvedDeck ResolvedLine ResolveProblem ResolveStep Section UnknownCardError"
        ),
        "resolve": "CardIndex resolve_deck",
        "text": "read_text_deck write_text_deck",
    }.items()
    for name in names.split()
}


def __getattr__(name: str) -> Any:
    """Gets a name of the package, importing its module the first time."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})
