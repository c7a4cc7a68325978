"""Writing a player's deck file back (``mythos deck check --fix``), and the way to play a
deck file records (``deck build`` writes it; ``deck check``, ``goldfish`` and ``sheet`` read it).

Part of the service's one namespace (re-exported by :mod:`deckbuilder.service`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from deckbuilder.service.decks import way_to_play

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.decklists.deckfile import LoadedDeck
    from deckbuilder.service.decks import WayToPlay


def fix_deck_file(catalog: Catalog, deck: LoadedDeck, path: str | Path) -> Path:
    """Writes the names a deck file's reader corrected back into the file; gets the file
    written (the real file, when ``path`` is a symbolic link).

    A plain text list keeps every other character where it was (comments, headings, blank
    lines, line ends); another format is written out again whole. The write is atomic and
    keeps the file's permissions. Raises ``DeckFileError`` when the file cannot be written
    (it is then untouched).
    """
    import os

    from deckbuilder.decklists import DeckFileError, decode_deck_bytes
    from deckbuilder.decklists.deckfile import MAX_DECK_BYTES, fixed_text, write_deck_file
    from deckbuilder.service.decks import deck_text

    path = Path(path)
    try:
        with path.open("rb") as handle:
            original, _warning = decode_deck_bytes(handle.read(MAX_DECK_BYTES + 1))
        text = fixed_text(original, deck) or deck_text(catalog, deck)
        write_deck_file(path, text)
    except OSError as exc:
        raise DeckFileError(
            f"{path}: the resolved names cannot be written back ({exc.strerror or exc}); the file is unchanged"
        ) from None
    return Path(os.path.realpath(path))


def deck_way_to_play(
    deck: LoadedDeck, format_name: str | None = None, house_rules: Sequence[str] = (), target: int | None = None
) -> WayToPlay:
    """Gets the way to play a command plays a deck in: the one the deck records (a built or
    saved deck's, :attr:`~deckbuilder.decklists.deckfile.LoadedDeck.way_to_play`) unless
    ``format_name`` is given (a given format wins, with only the house rules and target
    given), else Advanced; a ``target`` or ``house_rules`` given replace the recorded ones.
    Raises as :func:`way_to_play` does."""
    recorded = deck.way_to_play if format_name is None else None
    if recorded is None:
        return way_to_play(format_name or "advanced", house_rules, target)
    return way_to_play(
        recorded.get("format") or "advanced",
        house_rules or recorded.get("house_rules") or (),
        target if target is not None else recorded.get("target"),
    )


def goldfish_way(deck: LoadedDeck, format_name: str | None = None, target: int | None = None) -> tuple[str, int]:
    """Gets the way to play (its id) and Campaign target the goldfish plays a deck in: as
    :func:`deck_way_to_play` chooses them (a given ``format_name`` or ``target`` wins over
    the deck's record), the target 20 when neither says. Raises
    :class:`~deckbuilder.errors.UsageError` for a way the goldfish cannot play."""
    from deckbuilder.service.games import goldfish_format

    recorded = deck.way_to_play if format_name is None else None
    chosen = format_name or (recorded or {}).get("format") or "advanced"
    goldfish_format(chosen)
    if target is None:
        target = (recorded or {}).get("target") or 20
    return chosen, target


def recorded_deck_text(catalog: Catalog, deck: LoadedDeck, play: WayToPlay, format_name: str | None = None) -> str:
    """Gets :func:`deck_text` with the way to play recorded as the deck's first note (in
    place of one it recorded before): what ``deck build`` writes, so that ``deck goldfish``
    and ``deck check`` play and check the deck as it was built without being told."""
    from dataclasses import replace

    from deckbuilder.catalog.lookup import card_index
    from deckbuilder.decklists import write_deck
    from deckbuilder.decklists.deckfile import WAY_NOTE

    notes = tuple(n for n in deck.resolved.notes if not n.startswith(WAY_NOTE))
    resolved = replace(deck.resolved, notes=(way_note_of(play), *notes))
    return write_deck(resolved, format_name or deck.source_format, card_index(catalog).printings_of)


def way_note_of(play: WayToPlay) -> str:
    """Gets the note a deck file records its way to play in (``Way to play: campaign,
    target 20``): read back when the deck is loaded, whatever its format."""
    from deckbuilder.decklists.deckfile import way_note

    return way_note(play.format.id, play.format.campaign_target, tuple(h.id for h in play.house_rules))
