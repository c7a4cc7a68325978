"""Reads the effect overrides: cards whose effect the reader of card text gets wrong.

::

    # Phobias come only from an opponent's cards: alone, nothing for it to remove.
    [[effect]]
    title = "Cloud Memory"
    effect = "ignored: no Phobia affects a lone Investigator"
    line = "rulebook:202"

The shipped file is ``catalog/effects.toml``; each entry names the card by title and states
its effect in the notation of :mod:`deckbuilder.rules.effects.notation`, with a comment in
our own words and, where one applies, the rulebook or rulings line (``line``). Every problem
stops the load with an :class:`EffectFileError` naming the file, the entry's line and what is
wrong.
"""

from __future__ import annotations

import re
from pathlib import Path

from deckbuilder.catalog.importers.tomltables import TableFileError, read_tables
from deckbuilder.paths import catalog_data_dir
from deckbuilder.rules.cards import fold_title
from deckbuilder.rules.effects import CardEffects, EffectSyntaxError, parse_effects

__all__ = ["EffectFileError", "default_effects_path", "load_effect_overrides"]

_KEYS = frozenset({"title", "effect", "line"})
_LINE = re.compile(r"(rulebook|rulings):\d+")


class EffectFileError(TableFileError):
    """Raised when the effect overrides file cannot be read or one of its entries is invalid."""

    kind = "effect-file"


def default_effects_path() -> Path:
    """Gets the shipped overrides file, ``catalog/effects.toml``."""
    return catalog_data_dir() / "effects.toml"


def load_effect_overrides(path: Path | None = None) -> dict[str, CardEffects]:
    """Reads an overrides file (the shipped one by default) into effects keyed by folded title.

    Raises :class:`EffectFileError` for an unreadable file, invalid TOML, an unknown key, a
    missing title or effect, a title given twice, a ``line`` that is not ``rulebook:N`` or
    ``rulings:N``, or an effect whose notation does not parse.
    """
    path = Path(path) if path is not None else default_effects_path()
    text, records = read_tables(
        path, "effect", EffectFileError, missing="reinstall mythos or restore catalog/effects.toml"
    )
    headers = [n for n, line in enumerate(text.splitlines(), start=1) if re.match(r"\s*\[\[\s*effect\s*\]\]", line)]
    out: dict[str, CardEffects] = {}
    for index, record in enumerate(records):
        header = headers[index] if index < len(headers) else None
        if not isinstance(record, dict):
            raise EffectFileError(path, header, "write each effect as an [[effect]] table")
        extra = sorted(set(record) - _KEYS)
        if extra:
            raise EffectFileError(path, header, f"unknown key {extra[0]!r}; an effect has title, effect and line")
        title, notation, line = record.get("title"), record.get("effect"), record.get("line")
        if not isinstance(title, str) or not title.strip():
            raise EffectFileError(path, header, 'the entry needs a title = "Card title"')
        if not isinstance(notation, str):
            raise EffectFileError(path, header, f'"{title}" needs an effect = "..." in the notation')
        if line is not None and (not isinstance(line, str) or not _LINE.fullmatch(line)):
            raise EffectFileError(path, header, f'"{title}": line = "rulebook:N" or "rulings:N", not {line!r}')
        try:
            effects = parse_effects(notation)
        except EffectSyntaxError as exc:
            raise EffectFileError(path, header, f'"{title}": {exc}') from None
        folded = fold_title(title)
        if folded in out:
            raise EffectFileError(path, header, f'"{title}" is given twice; keep one')
        out[folded] = effects
    return out
