"""Errata and general rulings: the printed card turned into the card as it plays today.

The records come from the rulings document ("Mythos CCG Errata, Rulings & Clarification",
shipped as ``catalog/errata.toml`` and ``catalog/rulings.toml``; the importer
:mod:`deckbuilder.catalog.importers.errata` reads them). Everything here is pure and stdlib-only.

:func:`apply_errata` always starts again from the printed card (a card that already carries
errata is first restored from its ``printed`` values), so applying the same errata twice gives
the same cards. Every erratum ends in one of three places of the :class:`ErrataReport`: an
outcome per card it names (applied, already in force, a note, or failed with the reason), or
``unmatched`` when it names no card of the catalog. Nothing is skipped silently.

This package's ``__init__`` is its public API; its modules are :mod:`~.records` (the records,
the fields an erratum may name, the report), :mod:`~.matching` (the document's titles and
words found in the cards), :mod:`~.checks` (a record checked before use) and
:mod:`~.applying` (errata applied, rulings attached).

>>> from deckbuilder.rules.cards import Card, CardType
>>> hobo = Card(key="LTD:pragmatic-hobo", title="Pragmatic Hobo", set_code="LTD",
...             type=CardType.INVESTIGATOR, hand_min=4, hand_max=6)
>>> fix = Erratum(card="Pragmatic Hobo", set="LTD", kind=ErratumKind.SET, field="hand_max",
...               to=7, line=197, quote="Pragmatic Hobo Should have ... a Maximum of 7.")
>>> report = apply_errata([hobo], [fix])
>>> report.cards[0].hand_max, report.cards[0].printed
(7, {'hand_max': 6})
"""

from __future__ import annotations

from deckbuilder.rules.errata.applying import apply_errata, attach_rulings, printed_card
from deckbuilder.rules.errata.checks import check_erratum, check_ruling
from deckbuilder.rules.errata.matching import cards_named, cards_named_each, title_key
from deckbuilder.rules.errata.records import (
    Anchor,
    ErrataReport,
    Erratum,
    ErratumKind,
    ErratumOutcome,
    ErratumStatus,
    InvalidErratumError,
    RulingRecord,
)

__all__ = [
    "Anchor",
    "ErrataReport",
    "Erratum",
    "ErratumKind",
    "ErratumOutcome",
    "ErratumStatus",
    "InvalidErratumError",
    "RulingRecord",
    "apply_errata",
    "attach_rulings",
    "cards_named",
    "cards_named_each",
    "check_erratum",
    "check_ruling",
    "printed_card",
    "title_key",
]
