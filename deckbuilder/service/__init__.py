"""The application layer: what every front end does around the rules core, as plain functions.

Both front doors, the ``mythos`` CLI (:mod:`deckbuilder.cli`) and the web deck builder,
call these functions and differ only in how they show the answer. A function takes plain
values (a catalog path or an open :class:`~deckbuilder.catalog.store.Catalog`, a deck
loaded from a file or from text, a format name, options) and gets plain data back: a
result whose ``to_json()`` is exactly what ``mythos ... --json`` prints and what the web
API answers, and whose fields the front end reads to write text or HTML. Nothing here
prints, reads the terminal, or knows typer or HTTP; notes for the user (a name read
loosely, a sample catalog built) come back as data. Failures are the typed errors of
:mod:`deckbuilder.errors`, which each front end turns into its own form.

The functions, by what a front end does:

- the catalog: :func:`open_catalog`, :func:`import_card_files`, :func:`fetch_card_files`,
  :func:`catalog_info`;
- cards: :func:`find_card`, :func:`parse_search` then :func:`search_cards`;
- deck lists: :func:`load_deck_file` or :func:`load_deck_text` (every other deck function
  takes the deck they load), :func:`deck_text`, :func:`deck_format_for`;
- the rules: :func:`way_to_play` then :func:`check_deck`, :func:`deck_stats`,
  :func:`deck_playability`, :func:`deck_adventures`, :func:`plan_campaign`,
  :func:`show_adventure`, :func:`check_adventure`, :func:`goldfish_format` then
  :func:`goldfish_deck`;
- the page: :func:`deck_sheet`, :func:`pdf_printer`, :func:`print_sheet`;
- the deck builder (:mod:`deckbuilder.service.builder`, imported here): :func:`deck_overview`
  (the live verdict), :func:`ways_to_play`, :func:`new_deck`, :func:`edit_deck`,
  :func:`rename_deck`, :func:`card_titles`; saved decks: :func:`saved_decks`, :func:`saved_deck`,
  :func:`saved_way_to_play`, :func:`load_saved_deck`, :func:`load_deck_ref`,
  :func:`save_deck`, :func:`choose_way_to_play`, :func:`keep_draft`, :func:`change_saved_deck`, :func:`deck_history`, :func:`deck_diff`; the
  collection: :func:`owned_cards`, :func:`import_collection`, :func:`show_collection`.

Options are checked before any work (a way to play, a search order, a goldfish format are
read before the catalog is opened), so a front end asks for them first.

Heavy modules (sqlmodel, rapidfuzz, jinja2) and the rules are imported inside the
functions, so importing this module costs next to nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckbuilder.errors import NotAnAdventureError, UsageError

if TYPE_CHECKING:
    from deckbuilder.catalog.building import BuildReport
    from deckbuilder.catalog.importers import ImportResult
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.decklists.deckfile import LoadedDeck
    from deckbuilder.rules.adventures import AdventureCheck as RecipeCheck
    from deckbuilder.rules.adventures import CampaignPlan as Plan
    from deckbuilder.rules.adventures import Recipe
    from deckbuilder.rules.cards import Card
    from deckbuilder.rules.decks import Deck
    from deckbuilder.rules.formats import Format, HouseRule
    from deckbuilder.rules.goldfish import GoldfishReport
    from deckbuilder.rules.playability import PlayabilityIssue
    from deckbuilder.rules.stats import DeckStats
    from deckbuilder.rules.validator import Verdict
    from deckbuilder.sheet.context import DeckSheetContext

#: The name a deck given as text goes by when it comes without a file name.
PASTED_DECK = "pasted deck"

#: The orders search results can come in (``mythos search --sort``).
SEARCH_ORDERS = ("title", "set", "type", "value", "sanity", "subregion", "region", "gate", "unique")

#: The ways to play the goldfish can play: the Mythos formats (not Cult vs Investigator).
GOLDFISH_FORMATS = ("basic", "advanced", "campaign", "tournament")

#: Called with (done, in all) as a long job goes: files read, games played.
Progress = Callable[[int, int], None]


@contextmanager
def _noting(notes: list[str]) -> Iterator[None]:
    """Hands the notes gathered so far to an error raised on the way (``add_note``, PEP 678),
    so a front end can show them before the error, as it would have with the answer."""
    try:
        yield
    except Exception as exc:
        for note in notes:
            exc.add_note(note)
        raise


# --------------------------------------------------------------------------------------
# The catalog


def catalog_path(db: str | Path | None = None) -> Path:
    """Gets the catalog file to use: ``db`` if given, else ``$MYTHOS_DB`` or the user data folder.

    Only the default data folder is made when missing: a path given by ``--db`` or
    ``MYTHOS_DB`` whose folder does not exist is most likely a typo, and a fresh catalog
    built there would look like lost cards. Raises ``CatalogError`` for such a path, for a
    folder given as the catalog file, and for a data folder that cannot be made.
    """
    from deckbuilder.catalog.files import catalog_file

    return catalog_file(db)


def open_catalog(db: str | Path | None = None) -> tuple[Catalog, list[str]]:
    """Opens the catalog, building it from the bundled sample on first use; gets it and the
    notes to show (what was built, and how to import the real card pool).

    Raises ``CatalogError`` when the file is not a catalog this version can read.
    """
    from deckbuilder.catalog.opening import ensure_catalog

    catalog, built = ensure_catalog(catalog_path(db))
    notes = []
    if built is not None and built.upgraded_from is not None:
        notes.extend(built.notes)
    elif built is not None:
        notes.append(
            f"No catalog yet: built one from the bundled sample ({built.cards} cards) at {built.path}. "
            "Import the real card pool with `mythos catalog import PATH` or `mythos catalog fetch`."
        )
    return catalog, notes


@dataclass(frozen=True)
class CatalogBuild:
    """What ``mythos catalog import`` or ``fetch`` did: cards written, files read, errata applied."""

    report: BuildReport

    def to_json(self) -> dict[str, Any]:
        """Gets the build as ``mythos catalog import --json`` prints it."""
        report = self.report
        return {
            "path": str(report.path),
            "cards": report.cards,
            "files": len(report.sources),
            "errata_applied": report.errata_applied,
            "errata_unmatched": report.errata_unmatched,
            "errata_not_applied": report.errata_not_applied,
            "reconciliation": report.reconciliation,
            "notes": report.notes,
            "seconds": round(report.seconds, 3),
        }


def card_files(paths: Sequence[str | Path]) -> list[tuple[Path, bool]]:
    """Gets the card data files an import would read: each file named, and the .xml and .txt
    files of each folder, with whether it was named. Raises ``CardDataError`` for a path
    that does not exist or a folder with no such file."""
    from deckbuilder.catalog.importers import find_card_files

    return find_card_files([Path(p) for p in paths])


def import_card_files(
    db: str | Path | None, paths: Sequence[str | Path], *, progress: Progress | None = None,
    wait: bool = True, on_wait: Callable[[], None] | None = None,
) -> CatalogBuild:
    """Imports GCCG set XML or LackeyCCG set files (or folders of them) into the catalog,
    rebuilt beside the old one and swapped in when complete; the errata are applied.

    ``progress`` is called with (files read, files in all) before each file. While another
    import builds the same catalog, ``on_wait`` is called and this one waits, or with
    ``wait`` false raises ``CatalogBusyError`` (nothing is changed). Raises
    ``CardDataError`` for a file that cannot be read, :class:`~deckbuilder.errors.UsageError`
    when no card is found, ``CatalogError`` when the catalog cannot be written.
    """
    from deckbuilder.catalog.importers import read_found_files

    path = catalog_path(db)
    files = card_files(paths)
    read = 0

    def each_file(_file: Path) -> None:
        nonlocal read
        read += 1
        if progress is not None:
            progress(read, len(files))

    result = read_found_files(files, progress=each_file)
    if not result.cards:
        raise UsageError(
            "no cards found in " + ", ".join(str(p) for p in paths) + "; give GCCG set XML or LackeyCCG set files"
        )
    return _build(path, result, wait=wait, on_wait=on_wait)


def fetch_card_files(
    db: str | Path | None, url: str | None = None, *, progress: Callable[[str], None] | None = None,
    wait: bool = True, on_wait: Callable[[], None] | None = None,
) -> CatalogBuild:
    """Downloads the GCCG Mythos set files (from ``url``, by default the public GCCG
    repository) and imports them; ``progress`` is called with each file's name.

    Raises ``FetchError`` when nothing usable could be downloaded, and as
    :func:`import_card_files` does.
    """
    import shutil

    from deckbuilder.catalog.fetch import DEFAULT_BASE_URL, fetch_gccg_sets
    from deckbuilder.catalog.importers import read_card_files

    path = catalog_path(db)
    if not wait:  # refused before the download, not after it
        from deckbuilder.catalog.files import catalog_lock

        with catalog_lock(path, wait=False):
            pass
    folder, notes = fetch_gccg_sets(url or DEFAULT_BASE_URL, progress=progress)
    try:
        result = read_card_files([folder])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    result.notes.extend(notes)
    return _build(path, result, wait=wait, on_wait=on_wait)


def _build(path: Path, result: ImportResult, *, wait: bool = True,
           on_wait: Callable[[], None] | None = None) -> CatalogBuild:
    from deckbuilder.catalog.building import build_catalog

    return CatalogBuild(build_catalog(path, result, wait=wait, on_wait=on_wait))


@dataclass(frozen=True)
class CatalogInfo:
    """What the catalog holds (``mythos catalog info``): path, counts, sources, errata."""

    info: dict[str, Any]
    problems: bool = False

    def to_json(self) -> dict[str, Any]:
        """Gets the facts as ``mythos catalog info --json`` prints them."""
        return self.info


def catalog_info(catalog: Catalog, *, problems: bool = False) -> CatalogInfo:
    """Gets the catalog's path, sets and counts, sources, errata applied and unmatched, how
    the transcriptions were reconciled and every field where they (or a document) disagree,
    and with ``problems`` every value an importer kept raw."""
    meta = catalog.meta()
    counts = catalog.counts()
    info: dict[str, Any] = {
        "path": str(catalog.path),
        "cards": counts["total"],
        "by_set": counts["by_set"],
        "by_type": counts["by_type"],
        "by_legality": counts["by_legality"],
        "sources": catalog.sources(),
        "errata_applied": meta.get("errata_applied", 0),
        "errata_unmatched": meta.get("errata_unmatched", []),
        "errata_not_applied": meta.get("errata_not_applied", []),
        "reconciliation": meta.get("reconciliation", {}),
        "disagreements": catalog.disagreements(),
    }
    if problems:
        info["problems"] = catalog.problems()
    return CatalogInfo(info, problems)


# --------------------------------------------------------------------------------------
# Cards and search


@dataclass(frozen=True)
class CardView:
    """The printings of the card a name means, as they play today (``mythos card``).

    ``printings`` holds every printing of the title when one was asked for by its key.
    """

    cards: list[Card]
    notes: tuple[str, ...] = ()
    printings: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, Any] | list[dict[str, Any]]:
        """Gets the card as ``mythos card --json`` prints it: one printing, or a list of them."""
        data = [c.to_dict() for c in self.cards]
        return data[0] if len(data) == 1 else data


def find_card(catalog: Catalog, name: str, set_code: str | None = None) -> CardView:
    """Gets every printing of the card a name means (spelling may be loose), narrowed to a
    set, or the one printing a catalog key names (``LTD:dark-young``); a loose reading comes
    back as a note.

    Raises ``UnknownCardError``, ``AmbiguousCardError`` or ``NoPrintingInSetError``.
    """
    from deckbuilder.catalog.lookup import find_cards

    if ":" in name and not set_code:
        by_key = catalog.cards_by_keys([name.strip()])
        if by_key:
            return CardView(by_key, (), tuple(catalog.cards_named(by_key[0].title)) or tuple(by_key))
    found = find_cards(catalog, name, set_code)
    return CardView(found.cards, (found.note,) if found.note else ())


@dataclass(frozen=True)
class SearchQuery:
    """A search to run: the query as typed, its syntax tree, the order and the limit."""

    text: str
    tree: Any
    sort: str = "title"
    limit: int | None = None
    descending: bool = False


#: The largest ``--limit`` a search takes: far more cards than the game has (SQLite's own
#: limit is 64 bits, and a larger one failed inside it).
MAX_SEARCH_LIMIT = 1_000_000


def parse_search(query: str, *, sort: str = "title", limit: int | None = None,
                 descending: bool = False) -> SearchQuery:
    """Reads a search query and its options (``descending``: the order reversed), before any
    catalog is opened.

    Raises ``QuerySyntaxError`` for a query that cannot be read and
    :class:`~deckbuilder.errors.UsageError` for an unknown order or a limit below 1 or
    above :data:`MAX_SEARCH_LIMIT`.
    """
    if sort not in SEARCH_ORDERS:
        raise UsageError(f"--sort {sort!r} is not one of: {', '.join(SEARCH_ORDERS)}")
    if limit is not None and limit < 1:
        raise UsageError(f"--limit {limit}: show at least 1 card")
    if limit is not None and limit > MAX_SEARCH_LIMIT:
        shown = str(limit) if limit < 10**30 else "(a number of more than 30 digits)"
        raise UsageError(f"--limit {shown}: show at most {MAX_SEARCH_LIMIT:,} cards (every card of the game is "
                         "far fewer); leave --limit out to see them all")
    from deckbuilder.catalog.search import parse_query

    return SearchQuery(query, parse_query(query), sort, limit, descending)


@dataclass(frozen=True)
class SearchResult:
    """The cards a search found, in order."""

    cards: list[Card]

    def to_json(self) -> list[dict[str, Any]]:
        """Gets the cards as ``mythos search --json`` prints them."""
        return [c.to_dict() for c in self.cards]


def search_cards(catalog: Catalog, search: SearchQuery, *, collection: str | Path | None = None) -> SearchResult:
    """Gets the cards a parsed search finds (see :func:`parse_search`); ``is:owned`` reads
    the collection (``collection``, else the default file), and matches nothing without one."""
    owned: frozenset[str] = frozenset()
    if "is:owned" in _query_terms(search.tree):
        from deckbuilder.service.builder import owned_cards

        owned = frozenset(owned_cards(collection) or ())
    if not search.descending:
        return SearchResult(catalog.search(search.tree, limit=search.limit, sort=search.sort, owned=owned))
    found = catalog.search(search.tree, sort=search.sort, owned=owned)[::-1]
    return SearchResult(found[: search.limit] if search.limit else found)


def _query_terms(node: Any) -> set[str]:
    """Gets a query's terms as ``key:value`` (``is:owned``), however deeply nested."""
    items = getattr(node, "items", None) or ((node.item,) if hasattr(node, "item") else ())
    own = {f"{node.key}:{node.value}"} if hasattr(node, "key") else set()
    return own.union(*(_query_terms(i) for i in items))


# --------------------------------------------------------------------------------------
# Deck lists


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


# --------------------------------------------------------------------------------------
# A deck against the rules: the check, the make-up, playability


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
        return {"deck": self.deck.deck.name, "path": self.deck.path, **self.verdict.to_dict(),
                "resolution": list(self.deck.reports)}


def check_deck(catalog: Catalog, deck: LoadedDeck, play: WayToPlay, *, investigator: str | None = None) -> DeckCheck:
    """Checks a deck against the deck rules of a way to play and the house rules chosen;
    with ``investigator``, as played by that Investigator (see :func:`play_as`)."""
    from deckbuilder.rules.validator import check_deck as verdict_for

    notes: tuple[str, ...] = ()
    if investigator is not None:
        deck, note = play_as(catalog, deck, investigator)
        notes = (note,) if note else ()
    repointed = _repointed_values(catalog) if play.house_rules else {}
    verdict = verdict_for(deck.deck, play.format, list(play.house_rules), repointed=repointed)
    return DeckCheck(deck, play, verdict, notes)


def play_as(catalog: Catalog, deck: LoadedDeck, name: str) -> tuple[LoadedDeck, str]:
    """Gets the deck with the Investigator ``name`` as the one it plays (one the deck lists,
    else any Investigator card of the catalog), and a note when the deck does not list it.
    Raises as :func:`~deckbuilder.decklists.deckfile.choose_investigator` does."""
    from deckbuilder.catalog.lookup import card_index
    from deckbuilder.decklists.deckfile import choose_investigator

    return choose_investigator(deck, card_index(catalog), name)


def _repointed_values(catalog: Catalog) -> dict[str, int]:
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
        return {"deck": self.deck.deck.name, "investigators": [c.title for c in self.deck.deck.investigators],
                **self.stats.to_dict()}


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


# --------------------------------------------------------------------------------------
# Adventures


def _adventure_checks(catalog: Catalog, deck: Deck) -> list[RecipeCheck]:
    """Gets the recipe check of each Adventure of the deck (the user's overrides first),
    with suggestions from the catalog for what is missing."""
    from deckbuilder.catalog.recipebook import recipe_pool, recipe_reading
    from deckbuilder.rules.adventures import check_deck_adventures

    vocabulary, overrides = recipe_reading(catalog)
    checks = check_deck_adventures(deck, vocabulary, overrides)
    if all(check.completable for check in checks):
        return checks  # the pool only suggests cards for a short slot: none is
    return check_deck_adventures(deck, vocabulary, overrides, pool=recipe_pool(catalog))


@dataclass(frozen=True)
class DeckAdventures:
    """Every Adventure of a deck checked against the deck's own cards (``mythos deck adventures``)."""

    deck: LoadedDeck
    checks: list[RecipeCheck]

    def to_json(self) -> list[dict[str, Any]]:
        """Gets the checks as ``mythos deck adventures --json`` prints them."""
        return [check.to_dict() for check in self.checks]


def deck_adventures(catalog: Catalog, deck: LoadedDeck) -> DeckAdventures:
    """Checks every Adventure in a deck against the deck's own cards."""
    return DeckAdventures(deck, _adventure_checks(catalog, deck.deck))


@dataclass(frozen=True)
class CampaignPlan:
    """The deck's Adventures that reach a Campaign target together, and what they lack."""

    deck: LoadedDeck
    checks: list[RecipeCheck]
    plan: Plan
    target: int

    def to_json(self) -> dict[str, Any]:
        """Gets the plan as ``mythos deck plan --json`` prints it."""
        return {"deck": self.deck.deck.name, "path": self.deck.path, **self.plan.to_dict()}


def plan_campaign(catalog: Catalog, deck: LoadedDeck, target: int = 20) -> CampaignPlan:
    """Plans a Campaign: the deck's Adventures that reach the point target together."""
    from deckbuilder.rules.adventures import plan_campaign as plan_for

    if target < 1:
        raise UsageError(f"--target {target}: a Campaign target is at least 1 point")
    checks = _adventure_checks(catalog, deck.deck)
    return CampaignPlan(deck, checks, plan_for(deck.deck, checks, target), target)


def _find_adventure(catalog: Catalog, title: str, notes: list[str]) -> Card:
    """Gets the Adventure card a title names (official first), adding a loose reading to
    ``notes``. Raises :class:`~deckbuilder.errors.NotAnAdventureError` for another card."""
    from deckbuilder.catalog.lookup import find_cards
    from deckbuilder.rules.cards import CardType

    found = find_cards(catalog, title)
    if found.note:
        notes.append(found.note)
    adventures = [c for c in found.cards if c.type is CardType.ADVENTURE]
    if not adventures:
        card = found.cards[0]
        kind = card.type.value if card.type else "card of unknown type"
        article = "an" if kind[:1] in "AEIOU" else "a"
        raise NotAnAdventureError(f'"{card.title}" is {article} {kind}, not an Adventure; give an Adventure\'s title')
    official = [c for c in adventures if c.is_official]
    return (official or adventures)[0]


@dataclass(frozen=True)
class AdventureRecipe:
    """An Adventure's recipe as the checker reads it (``mythos adventure show``)."""

    adventure: Card
    recipe: Recipe
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Gets the recipe as ``mythos adventure show --json`` prints it."""
        from deckbuilder.rules.adventures import recipe_to_dict

        return {**recipe_to_dict(self.recipe), "set": self.adventure.set_code, "text": self.adventure.text}


def show_adventure(catalog: Catalog, title: str) -> AdventureRecipe:
    """Gets an Adventure's recipe (from its card text, or the user's overrides file).

    Raises ``UnknownCardError``, :class:`~deckbuilder.errors.NotAnAdventureError`, or
    ``RecipeFileError`` for an overrides file that cannot be read.
    """
    from deckbuilder.catalog.recipebook import recipe_reading
    from deckbuilder.rules.adventures import recipe_for

    notes: list[str] = []
    with _noting(notes):
        adventure = _find_adventure(catalog, title, notes)
        vocabulary, overrides = recipe_reading(catalog)
        return AdventureRecipe(adventure, recipe_for(adventure, vocabulary, overrides), tuple(notes))


@dataclass(frozen=True)
class AdventureCheck:
    """Whether a deck can complete an Adventure and what it lacks (``mythos adventure check``)."""

    deck: LoadedDeck
    adventure: Card
    check: RecipeCheck
    notes: tuple[str, ...] = ()

    @property
    def completable(self) -> bool:
        """Checks that the deck holds cards for every slot of the recipe."""
        return self.check.completable

    def to_json(self) -> dict[str, Any]:
        """Gets the check as ``mythos adventure check --json`` prints it."""
        return {"deck": self.deck.deck.name, "path": self.deck.path, **self.check.to_dict()}


def check_adventure(catalog: Catalog, title: str, deck: LoadedDeck) -> AdventureCheck:
    """Checks whether a deck can complete an Adventure (in the deck or not) and what it lacks.

    Raises as :func:`show_adventure` does.
    """
    from deckbuilder.catalog.recipebook import recipe_pool, recipe_reading
    from deckbuilder.rules.adventures import Collection, recipe_for
    from deckbuilder.rules.adventures import check_adventure as check_recipe
    from deckbuilder.rules.decks import Section

    notes: list[str] = []
    with _noting(notes):
        adventure = _find_adventure(catalog, title, notes)
        vocabulary, overrides = recipe_reading(catalog)
        recipe = recipe_for(adventure, vocabulary, overrides)
        collection = Collection(deck.deck.cards(Section.DECK)).without_title(adventure.title)
        check = check_recipe(recipe, collection)
        if not check.completable:  # the pool only suggests cards for a short slot
            check = check_recipe(recipe, collection, pool=recipe_pool(catalog))
        return AdventureCheck(deck, adventure, check, tuple(notes))


# --------------------------------------------------------------------------------------
# The deck sheet


@dataclass(frozen=True)
class DeckSheet:
    """A deck's printable sheet (``mythos deck sheet``): its context and the page."""

    deck: LoadedDeck
    play: WayToPlay
    context: DeckSheetContext
    html: str = field(repr=False)

    @property
    def legal(self) -> bool:
        """Checks that the sheet's deck is legal for its way to play."""
        return self.context.verdict.legal


def deck_sheet(catalog: Catalog, deck: LoadedDeck, play: WayToPlay, *, goldfish_games: int | None = None,
               seed: int = 0, investigator: str | None = None) -> DeckSheet:
    """Gets a deck's sheet, one self-contained HTML page: the list, the check for the way to
    play, the Investigator, the Adventure checklist, playability, and with
    ``goldfish_games`` test games and draw odds (the very games ``mythos deck goldfish``
    plays with the same ``seed`` and way to play). ``investigator`` chooses who plays, as
    :func:`play_as` does. An illegal deck gets its sheet too."""
    import deckbuilder
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.rules.playability import playability
    from deckbuilder.rules.stats import deck_stats as stats_of
    from deckbuilder.sheet.context import build_sheet_context
    from deckbuilder.sheet.render import render_deck_sheet

    check = check_deck(catalog, deck, play, investigator=investigator)
    rules_deck = check.deck.deck
    games = None
    if goldfish_games is not None:
        target = play.format.campaign_target
        from deckbuilder.service.games import goldfish_advanced, play_each

        games = play_each(catalog, deck, games=goldfish_games, seed=seed, campaign=target is not None,
                          target=target or 20, max_rounds=20, investigator=investigator,
                          advanced=goldfish_advanced(play.format.id))
    adventures = _adventure_checks(catalog, rules_deck)
    ctx = build_sheet_context(
        rules_deck,
        check.verdict,
        stats_of(rules_deck),
        deck_name=rules_deck.name or Path(deck.path).stem,
        adventures=adventures,
        playability=list(playability(rules_deck, effects=load_effect_overrides())),
        goldfish=None if games is None else games.report,
        goldfish_players=None if games is None else [(p.investigator, p.report) for p in games.played],
        played_by=None if games is None else games.investigator,
        generated_by=f"mythos {deckbuilder.__version__}",
    )
    return DeckSheet(deck, play, ctx, render_deck_sheet(ctx))


def pdf_printer() -> str:
    """Gets the Chromium program that prints PDFs; ask before any work. Raises
    ``ChromiumMissingError`` with how to install it."""
    from deckbuilder.sheet.pdf import require_chromium

    return require_chromium()


def print_sheet(sheet: DeckSheet, pdf: str | Path, *, html_file: str | Path | None = None,
                chromium: str | None = None) -> Path:
    """Prints a sheet to a PDF with headless Chromium, from its HTML file if written (else
    from a temporary copy); gets the PDF's path. Raises ``ChromiumMissingError`` or
    ``PdfError``."""
    import tempfile

    from deckbuilder.sheet.pdf import print_pdf

    if html_file is not None:
        return print_pdf(Path(html_file), Path(pdf), chromium=chromium)
    with tempfile.TemporaryDirectory(prefix="mythos-sheet-") as folder:
        copy = Path(folder) / "sheet.html"
        copy.write_text(sheet.html, encoding="utf-8")
        return print_pdf(copy, Path(pdf), chromium=chromium)


# The functions that live in modules of their own are part of this namespace all the same (a
# front end calls service.edit_deck(...); ``from deckbuilder.service import build_deck`` works),
# but each module is imported at its first use, not with the service: the deck builder's,
# deck construction's and the goldfish's modules build some hundred dataclasses and load the
# engine, which a deck check never touches (issue 17). Add a module's public names here.
_ELSEWHERE = {
    # The deck builder's: saved decks, edits, the collection (service/builder.py).
    "builder": ("CollectionView", "DeckHistory", "DeckOverview", "SavedDecks", "card_titles", "change_saved_deck",
                "choose_way_to_play", "deck_diff", "deck_history", "deck_library", "deck_overview", "edit_deck", "import_collection",
                "keep_draft", "load_saved_deck", "new_deck", "owned_cards", "rename_deck",
                "save_deck", "save_draft", "saved_deck", "saved_decks", "saved_way_to_play", "show_collection", "ways_to_play",
                # Managing saved decks and sharing them (issue 27).
                "copy_saved_deck", "deck_code", "delete_saved_deck", "rename_saved_deck", "restore_version",
                "share_link", "undelete_saved_deck", "unique_deck_name"),
    # The deck a command line names: a file, a deck code, a saved deck (and its way to play).
    "deckrefs": ("DECK_CODE", "load_deck_ref", "names_a_file"),
    # A deck that builds itself, and changes that measurably help.
    "construction": ("DeckBuild", "DeckChoice", "DeckSuggestions", "build_deck", "suggest_changes"),
    # Writing a deck file back (deck check --fix), and the way to play a deck file records.
    "deckfiles": ("deck_way_to_play", "fix_deck_file", "goldfish_way", "recorded_deck_text", "way_note_of"),
    # The goldfish's functions: test games, who plays them.
    "games": ("Goldfish", "InvestigatorGames", "goldfish_deck", "goldfish_format", "run_goldfish"),
    # Decks against each other (mythos match).
    "matches": ("MatchResult", "check_match_options", "match_decks"),
    # One deck against each deck of a field (mythos deck gauntlet).
    "gauntlet": ("Gauntlet", "Matchup", "check_gauntlet_options", "field_files", "gauntlet_deck"),
    # Titles for shell completion.
    "shell": ("complete_titles",),
    # Keeping what they found (a built deck saved, a suggested change applied).
    "tuning": ("apply_change", "save_built_deck"),
    # A search for a deck's way to play, and the hint of one that finds nothing.
    "search": ("asks_for_unofficial", "search_hint", "without_cards_not_played"),
}
_HOME = {name: module for module, names in _ELSEWHERE.items() for name in names}

if TYPE_CHECKING:
    from deckbuilder.service.builder import (
        CollectionView,
        DeckHistory,
        DeckOverview,
        SavedDecks,
        card_titles,
        change_saved_deck,
        choose_way_to_play,
        copy_saved_deck,
        deck_code,
        deck_diff,
        deck_history,
        deck_library,
        deck_overview,
        delete_saved_deck,
        edit_deck,
        import_collection,
        keep_draft,
        load_saved_deck,
        new_deck,
        owned_cards,
        rename_deck,
        rename_saved_deck,
        restore_version,
        save_deck,
        save_draft,
        saved_deck,
        saved_decks,
        saved_way_to_play,
        share_link,
        show_collection,
        undelete_saved_deck,
        unique_deck_name,
        ways_to_play,
    )
    from deckbuilder.service.construction import DeckBuild, DeckChoice, DeckSuggestions, build_deck, suggest_changes
    from deckbuilder.service.deckfiles import (
        deck_way_to_play,
        fix_deck_file,
        goldfish_way,
        recorded_deck_text,
        way_note_of,
    )
    from deckbuilder.service.deckrefs import DECK_CODE, load_deck_ref, names_a_file
    from deckbuilder.service.games import Goldfish, InvestigatorGames, goldfish_deck, goldfish_format, run_goldfish
    from deckbuilder.service.gauntlet import Gauntlet, Matchup, check_gauntlet_options, field_files, gauntlet_deck
    from deckbuilder.service.matches import MatchResult, check_match_options, match_decks
    from deckbuilder.service.search import asks_for_unofficial, search_hint, without_cards_not_played
    from deckbuilder.service.shell import complete_titles
    from deckbuilder.service.tuning import apply_change, save_built_deck


def __getattr__(name: str) -> Any:
    """Gets a name of the modules of :data:`_ELSEWHERE`, importing its module the first time."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})
