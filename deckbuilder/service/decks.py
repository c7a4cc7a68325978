"""Deck lists and the rules' verdict on them: loading a deck from a file or text, writing it
out, a way to play, the check, the make-up, playability."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckbuilder.errors import UsageError

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.decklists.deckfile import LoadedDeck
    from deckbuilder.rules.formats import Format, HouseRule
    from deckbuilder.rules.playability import PlayabilityIssue
    from deckbuilder.rules.stats import DeckStats
    from deckbuilder.rules.validator import Verdict


#: The name a deck given as text goes by when it comes without a file name.
PASTED_DECK = "pasted deck"

#: The ways to play the goldfish can play: the Mythos formats (not Cult vs Investigator).
GOLDFISH_FORMATS = ("basic", "advanced", "campaign", "tournament")


def load_deck_file(catalog: Catalog, path: str | Path) -> LoadedDeck:
    """Reads a deck file in any format the tool reads and resolves every name against the catalog.

    Raises ``DeckFileError`` (the file cannot be read) or ``UnresolvedDeckError`` (lines
    not understood, names that name no card: all of them in one message).
    """
    from deckbuilder.decklists.deckfile import read_deck_file

    decklist, _ = read_deck_file(Path(path))
    return _resolve(catalog, decklist, str(path))


def load_deck_text(catalog: Catalog, text: str | bytes, *, filename: str | None = None) -> LoadedDeck:
    """Reads a deck list given as text (pasted, or uploaded with its file name) in any format
    the tool reads, and resolves every name against the catalog.

    The format is told from the content, helped by ``filename``'s extension; the deck goes
    by ``filename`` (or "pasted deck") in messages. Raises as :func:`load_deck_file` does.
    """
    from deckbuilder.decklists.deckfile import read_deck_text

    path = filename or PASTED_DECK
    return _resolve(catalog, read_deck_text(text, path=path, filename=filename), path)


def _resolve(catalog: Catalog, decklist: object, path: str) -> LoadedDeck:
    from deckbuilder.catalog.lookup import card_index
    from deckbuilder.decklists.deckfile import load_deck_list

    def hint() -> str:
        if {s["transcription"] for s in catalog.sources()} == {"sample"}:
            return "the catalog holds only the bundled sample; import the card pool with `mythos catalog import PATH`"
        return ""

    return load_deck_list(decklist, card_index(catalog), path=path, unresolved_hint=hint)


def deck_format_for(path: str | Path, explicit: str | None = None) -> str:
    """Gets the deck format to write a file in: ``explicit`` if given, else by the file's
    extension (text, gccg, lackey, json). Raises :class:`~deckbuilder.errors.UsageError`
    for a name that is not a deck format."""
    from deckbuilder.decklists import FORMATS
    from deckbuilder.decklists.deckfile import format_for

    name = format_for(Path(path), explicit)
    if name not in FORMATS:
        raise UsageError(f"--to {name!r} is not a deck format; use one of: {', '.join(FORMATS)}")
    return name


def deck_text(catalog: Catalog, deck: LoadedDeck, format_name: str | None = None) -> str:
    """Gets a loaded deck written out with every name resolved: in ``format_name`` (text,
    gccg, lackey, json), by default the format it was read in. Set tags are added where the
    catalog holds a title in several sets."""
    from deckbuilder.catalog.lookup import card_index
    from deckbuilder.decklists import write_deck

    return write_deck(deck.resolved, format_name or deck.source_format, card_index(catalog).printings_of)


@dataclass(frozen=True)
class WayToPlay:
    """A way to play (a format, its Campaign target agreed) and the house rules chosen."""

    format: Format
    house_rules: tuple[HouseRule, ...] = ()

    @property
    def name(self) -> str:
        """Gets the format's name as players say it (Advanced, Campaign...)."""
        return self.format.name


def way_to_play(format_name: str = "advanced", house_rules: Sequence[str] = (), target: int | None = None) -> WayToPlay:
    """Gets a way to play by name, with the Campaign target ``target`` if given and the
    house rules named. Raises ``FormatError`` for a name that is neither, for a game of two
    sides (``cult-vs-investigator``: choose a side), and for house rules that contradict
    each other."""
    from deckbuilder.catalog.importers.formats import load_formats
    from deckbuilder.rules.formats import check_house_rules, find_format, find_house_rule

    formats, known = load_formats()
    fmt = find_format(formats, format_name)
    if target is not None:
        fmt = fmt.with_target(target)
    chosen = tuple(find_house_rule(known, h) for h in house_rules)
    check_house_rules(chosen)
    return WayToPlay(fmt, chosen)


@dataclass(frozen=True)
class DeckCheck:
    """A deck's verdict for a way to play (``mythos deck check``): every finding, with its rule."""

    deck: LoadedDeck
    play: WayToPlay
    verdict: Verdict
    notes: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        """Checks that no rule of the way to play is broken (warnings allowed)."""
        return self.verdict.is_legal

    def to_json(self) -> dict[str, Any]:
        """Gets the verdict as ``mythos deck check --json`` prints it."""
        return {
            "deck": self.deck.deck.name,
            "path": self.deck.path,
            **self.verdict.to_dict(),
            "resolution": list(self.deck.reports),
        }


def check_deck(catalog: Catalog, deck: LoadedDeck, play: WayToPlay, *, investigator: str | None = None) -> DeckCheck:
    """Checks a deck against the deck rules of a way to play and the house rules chosen;
    with ``investigator``, as played by that Investigator (see :func:`play_as`)."""
    from deckbuilder.rules.validator import check_deck as verdict_for

    notes: tuple[str, ...] = ()
    if investigator is not None:
        deck, note = play_as(catalog, deck, investigator)
        notes = (note,) if note else ()
    repointed = repointed_values(catalog) if play.house_rules else {}
    verdict = verdict_for(deck.deck, play.format, list(play.house_rules), repointed=repointed)
    return DeckCheck(deck, play, verdict, notes)


def play_as(catalog: Catalog, deck: LoadedDeck, name: str) -> tuple[LoadedDeck, str]:
    """Gets the deck with the Investigator ``name`` as the one it plays (one the deck lists,
    else any Investigator card of the catalog), and a note when the deck does not list it.
    Raises as :func:`~deckbuilder.decklists.deckfile.choose_investigator` does."""
    from deckbuilder.catalog.lookup import card_index
    from deckbuilder.decklists.deckfile import choose_investigator

    return choose_investigator(deck, card_index(catalog), name)


def repointed_values(catalog: Catalog) -> dict[str, int]:
    """Gets the community's re-pointed Adventure values the catalog holds, by folded title."""
    from deckbuilder.rules.cards import fold_title

    return {fold_title(c.title): c.value for c in catalog.all_cards() if c.set_code == "RP" and c.value is not None}


@dataclass(frozen=True)
class DeckStatsView:
    """A deck's make-up (``mythos deck stats``): types, Sanity, places, languages, Gates, Adventures."""

    deck: LoadedDeck
    stats: DeckStats

    def to_json(self) -> dict[str, Any]:
        """Gets the make-up as ``mythos deck stats --json`` prints it."""
        return {
            "deck": self.deck.deck.name,
            "investigators": [c.title for c in self.deck.deck.investigators],
            **self.stats.to_dict(),
        }


def deck_stats(deck: LoadedDeck) -> DeckStatsView:
    """Gets a deck's make-up."""
    from deckbuilder.rules.stats import deck_stats as stats_of

    return DeckStatsView(deck, stats_of(deck.deck))


@dataclass(frozen=True)
class Playability:
    """The cards a deck can never play, or only by an unlikely path (``mythos deck playability``)."""

    deck: LoadedDeck
    issues: tuple[PlayabilityIssue, ...]

    @property
    def errors(self) -> int:
        """Gets how many cards can never be played."""
        from deckbuilder.rules.playability import Severity

        return sum(1 for i in self.issues if i.severity is Severity.ERROR)

    def to_json(self) -> list[dict[str, Any]]:
        """Gets the findings as ``mythos deck playability --json`` prints them."""
        return [i.to_dict() for i in self.issues]


def deck_playability(deck: LoadedDeck) -> Playability:
    """Lists the cards a deck can never play, or only by an unlikely path, with the fix, and
    the cards whose effects the goldfish leaves out (notes)."""
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.rules.playability import playability

    return Playability(deck, tuple(playability(deck.deck, effects=load_effect_overrides())))
