"""Ways to play (Basic, Advanced, Campaign, Tournament, ...) as data.

A :class:`Format` is a list of :class:`FormatRule`; each rule names a check of
:mod:`deckbuilder.rules.validator` with its parameters, its force (required by the documents:
``error``; only recommended: ``warning``; information: ``note``), the documents' words and
where they stand. Formats and house rules are read from ``catalog/formats.toml`` at the
edge (:mod:`deckbuilder.catalog.importers.formats`); nothing here names a format.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from deckbuilder.rules.cards import fold_title


class Severity(StrEnum):
    """A rule's force: the documents require it, recommend it, or it only informs."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True)
class FormatRule:
    """One deck rule: which check, with what parameters, how binding, and its source."""

    id: str
    check: str
    severity: Severity
    words: str
    source: str
    params: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class HouseRule:
    """A community addition to the documents' rules, off unless a player chooses it.

    ``waives`` names rules of a format the house rule sets aside, and ``conflicts`` house
    rules it cannot be chosen with.
    """

    id: str
    name: str
    description: str
    rules: tuple[FormatRule, ...]
    waives: tuple[str, ...] = ()
    conflicts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Format:
    """A way to play and its deck rules. ``campaign_target`` is the Adventure-point goal."""

    id: str
    name: str
    game: str
    description: str
    source: str
    rules: tuple[FormatRule, ...]
    aliases: tuple[str, ...] = ()
    campaign_target: int | None = None
    #: For a name that stands for a game of several sides: the formats to choose among.
    sides: tuple[str, ...] = ()

    def with_target(self, target: int) -> Format:
        """Gets the format with another Adventure-point target ("whatever point the players agree upon")."""
        from dataclasses import replace

        return replace(self, campaign_target=target)


class FormatError(LookupError):
    """Raised when a format or house rule name is unknown."""


def find_format(formats: Sequence[Format], name: str) -> Format:
    """Gets a format by id, name or alias (case-insensitive). Raises :class:`FormatError`,
    also for a name that stands for several sides (Cult vs Investigator), naming them."""
    key = fold_title(name)
    for fmt in formats:
        if key in {fold_title(fmt.id), fold_title(fmt.name), *map(fold_title, fmt.aliases)}:
            if fmt.sides:
                raise FormatError(f"{name!r}: {fmt.description}; choose --format " + " or --format ".join(fmt.sides))
            return fmt
    known = ", ".join(f.id for f in formats if not f.sides)
    raise FormatError(f"unknown format {name!r}; choose one of: {known}")


def check_house_rules(house_rules: Sequence[HouseRule]) -> None:
    """Checks that chosen house rules can go together. Raises :class:`FormatError` naming a
    pair that contradicts itself (``fan-cards`` and ``official-cards-only``)."""
    chosen = {h.id for h in house_rules}
    for rule in house_rules:
        for other in rule.conflicts:
            if other in chosen:
                raise FormatError(f"house rules {rule.id} and {other} contradict each other; choose one")


def find_house_rule(house_rules: Sequence[HouseRule], name: str) -> HouseRule:
    """Gets a house rule by id or name. Raises :class:`FormatError`."""
    key = fold_title(name)
    for rule in house_rules:
        if key in (fold_title(rule.id), fold_title(rule.name)):
            return rule
    known = ", ".join(r.id for r in house_rules)
    raise FormatError(f"unknown house rule {name!r}; choose among: {known}")
