"""The web deck builder's pages: one frozen context dataclass per page, and the parts they share.

As the deck sheet does (:mod:`deckbuilder.sheet.context`) and datasette does, a page's
template gets one typed input whose every field carries ``metadata={"help": ...}``;
``tests/test_web_pages.py`` holds each template to its context (``templates/web/``). The builders here are pure:
they turn the service's answers into the words and numbers a page shows. Parts of the
deck sheet (the verdict, the make-up, playability, the goldfish chart) are the sheet's own
views, so the editor and the printed sheet say the same thing in the same words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from deckbuilder.sheet.context import (
    AdventureView,
    Figure,
    GoldfishView,
    PlayabilityView,
    VerdictView,
)


def _doc(text: str, **kwargs: Any) -> Any:
    """Gets a dataclass field documented for the page's template (its ``help``)."""
    return field(metadata={"help": text}, **kwargs)


# --------------------------------------------------------------------------------------
# parts


@dataclass(frozen=True)
class Frame:
    """What every page shows around its content: the title, the navigation, the form token."""

    title: str = _doc("The page's title (the browser tab's too).")
    section: str = _doc('The part of the builder the page belongs to: "cards", "decks", "import" or "collection".')
    csrf: str = _doc("The session's token, sent with every form that changes something.")
    sample_only: bool = _doc("The catalog holds only the bundled sample: a banner says how to import the card pool.")
    version: str = _doc("The tool and version, in the footer.")


@dataclass(frozen=True)
class ErrorView:
    """An error as the CLI reports it: its kind and one-line message, and for a query the caret."""

    kind: str = _doc("The error's kind (the CLI's --json kind: query, unknown-card, unresolved-deck...).")
    message: str = _doc("The one-line message, as the CLI prints it after Error:.")
    pointer: str = _doc("For a query: the query and a caret under the error's position; else empty.")


@dataclass(frozen=True)
class Choice:
    """One option of a select list."""

    value: str = _doc("The value sent with the form.")
    label: str = _doc("What the player reads.")
    selected: bool = _doc("The option chosen now.")


@dataclass(frozen=True)
class FilterLink:
    """A filter button: a link that puts its term in the query (replacing that key's term), or
    takes it out when it is there already."""

    label: str = _doc("What it filters for (Ally, EOMU, Lovecraft Country, owned).")
    term: str = _doc('The term it writes in the query (t:ally, set:eomu, r:"lovecraft country", is:owned).')
    href: str = _doc("The link with the new query: the term put in, or taken out when on.")
    on: bool = _doc("The query holds this term: pressing it takes it out.")


@dataclass(frozen=True)
class FilterGroup:
    """A row of filter buttons for one key (Type, Set, Region, Owned)."""

    label: str = _doc("The key in words (Type, Set, Region, Owned).")
    links: tuple[FilterLink, ...] = _doc("Its buttons, one for each value the catalog holds.")


@dataclass(frozen=True)
class SortColumn:
    """A column heading of the search results; a link sorts by it."""

    label: str = _doc("The heading (Type, Value, Sanity...).")
    href: str = _doc("The link that sorts by this column (again: the other way round).")
    current: str = _doc('"ascending" or "descending" when the results are sorted by it, else empty.')


@dataclass(frozen=True)
class CardRowView:
    """A card found by a search, with the columns players scan."""

    key: str = _doc("The card's catalog key (its page is /cards/KEY).")
    title: str = _doc("The title, article in front.")
    card_type: str = _doc('The card type, or "unknown".')
    subtype: str = _doc("The subtype or Monster class; empty when none.")
    value: str = _doc("The upper-left value (Adventure points, +N...); empty when none.")
    sanity: str = _doc("The Sanity pentagram, signed; empty when none.")
    gate: bool = _doc("The Location is a Gate.")
    region: str = _doc("The Subregion (or Region) of a Location or Ally; empty otherwise.")
    unique: bool = _doc("The card has the Uniqueness Dot: one copy per deck (rulings:13).")
    set_code: str = _doc("The set's code.")
    set_name: str = _doc("The set's full name (the Set cell's tooltip).")
    mark: str = _doc('"fan" for a fan or parody card, "house rule" for a re-pointed one; empty for Chaosium\'s cards.')
    owned: str = _doc("Copies owned, from the collection; empty without one.")
    in_deck: int = _doc("Copies of this printing in the deck being built (0 when none, or no deck).")
    title_total: int = _doc(
        "Copies of the title in the deck across its printings (the four-copy rule's count, rulings:12)."
    )
    most: int = _doc(
        "The most copies of this printing the buttons offer: 1 for a Unique card or an Investigator, else 4 "
        "(rulings:12-13), less the copies other printings of the title hold."
    )


@dataclass(frozen=True)
class CardsPanel:
    """A search box and its results (the Cards page, and the editor's "add cards" panel)."""

    query: str = _doc("The query as typed.")
    rows: tuple[CardRowView, ...] = _doc("The cards found, at most :data:`SHOWN` of them.")
    found: int = _doc("How many cards the query found in all.")
    error: ErrorView | None = _doc("The query's error, with its position; None when it was read.")
    columns: tuple[SortColumn, ...] = _doc("The sortable column headings.")
    sort: str = _doc("The order (title, type, value, sanity, gate, region, unique...).")
    descending: bool = _doc("The order is reversed.")
    collection: bool = _doc("A collection is imported: an Owned column is shown, and is:owned works.")
    hidden: int = _doc(
        "Fan and re-pointed cards the search found but hides, as the deck's way to play does not "
        "play them (0: none hidden)."
    )
    toggle_href: str = _doc(
        "The toggle: a link that shows the hidden cards too, or (when the toggle showed them) "
        "hides them again; empty when nothing is hidden and the toggle is off."
    )
    showing_all: bool = _doc(
        "The player asked for fan and re-pointed cards (the toggle, or is:fan, is:repointed, set:sd in the query)."
    )
    hint: str = _doc(
        "When nothing is found: the likely fix in words (a partial subtype, a key that does not apply "
        "to that type); else empty."
    )
    filters: tuple[FilterGroup, ...] = _doc(
        "The filter buttons (type, set, region, owned) that write the query; "
        "empty when the catalog's cards were not given."
    )


@dataclass(frozen=True)
class DeckHeader:
    """A saved deck's name and state, at the top of its pages."""

    id: str = _doc("The deck's id (its file is ID.json among the saved decks).")
    name: str = _doc("The deck's name.")
    cards: int = _doc("Cards in the deck section (the Investigator is not one of them).")
    versions: int = _doc("Versions saved.")
    draft: bool = _doc("The builder holds changes not saved yet.")
    format_name: str = _doc("The way to play it is built for (Advanced, Campaign...).")
    saved_at: str = _doc("When it was last saved (UTC), as a person reads it.")
    revision: str = _doc(
        "The deck's revision as this page shows it: every form that changes the deck carries it, "
        "and a change made against a revision no longer current is refused (409)."
    )


@dataclass(frozen=True)
class UnreadableRow:
    """A file among the saved decks that cannot be read as a deck, and why."""

    id: str = _doc("The id its file name gives (ID.json).")
    problem: str = _doc("Why it cannot be read, in one line.")


@dataclass(frozen=True)
class ListRow:
    """Copies of one card in the deck being built, with its + and - buttons."""

    key: str = _doc("The printing's catalog key (the buttons send it).")
    title: str = _doc("The title, article in front.")
    count: int = _doc("Copies in this section.")
    section: str = _doc("deck, sideboard or investigator.")
    unique: bool = _doc("The card has the Uniqueness Dot.")
    gate: bool = _doc("The Location is a Gate.")
    detail: str = _doc("Place, kind and value in a few words.")
    set_code: str = _doc("The set's code.")
    mark: str = _doc('"fan" for a fan or parody card, "house rule" for a re-pointed one; empty for Chaosium\'s cards.')
    title_total: int = _doc(
        "Copies of the title in this section across printings, when another printing holds some; else 0."
    )
    can_add: bool = _doc("Another copy would not break the copy limits (4 a title, 1 of a Unique card).")


@dataclass(frozen=True)
class DeckBar:
    """The bar that stays in view while a deck is built: the verdict, the cards, the points."""

    legal: bool = _doc("No rule the documents require is broken.")
    errors: int = _doc("Findings that make the deck illegal.")
    warnings: int = _doc("Findings the documents only recommend.")
    cards: int = _doc("Playing cards in the deck (neither the Investigator nor the sideboard).")
    minimum: int = _doc("The fewest cards the way to play asks for (52; 50 in Cult vs Investigator); 0 when none.")
    points: int = _doc("The Adventure points of the deck's Adventures (each title once).")
    target: int = _doc("The Campaign target in Adventure points; 0 when the way to play has none.")


@dataclass(frozen=True)
class ListGroup:
    """The cards of one type in the deck being built."""

    name: str = _doc("The group heading, plural (Locations, Allies...).")
    count: int = _doc("Copies in the group.")
    rows: tuple[ListRow, ...] = _doc("The cards, by title.")


@dataclass(frozen=True)
class Suggestion:
    """A card "add one of" offers for a requirement, and whether the deck could play it."""

    title: str = _doc("The card's title, added by one click.")
    severity: str = _doc(
        'Empty when the deck could play it; "warning": only by an unlikely path; "error": never (offered last).'
    )
    reason: str = _doc("Why not, in the Playability panel's or the deck check's words; empty when it could.")


@dataclass(frozen=True)
class SlotView:
    """One requirement of an Adventure's recipe, the deck's cards for it, and what would fill it."""

    words: str = _doc("The requirement in plain words (three Locations in different Subregions).")
    text: str = _doc(
        "The requirement in the recipe notation (3x Location {distinct:subregion}), behind the notation toggle."
    )
    cards: str = _doc("The deck's cards assigned to it, joined; empty when none.")
    short: int = _doc("How many more cards it needs (0: met).")
    suggestions: tuple[Suggestion, ...] = _doc(
        "The catalog's cards that would fill it, the ones the deck can play first, each added by one click."
    )


@dataclass(frozen=True)
class AdventureChecklist:
    """An Adventure of the deck: can the deck complete it, and what would."""

    view: AdventureView = _doc("The checklist entry as the deck sheet shows it (title, points, completable...).")
    slots: tuple[SlotView, ...] = _doc("Each requirement with the cards for it and the suggestions.")


@dataclass(frozen=True)
class ShortfallView:
    """A title the deck needs more copies of than the player owns."""

    title: str = _doc("The title.")
    needed: int = _doc("Copies in the deck.")
    owned: int = _doc("Copies in the collection.")


@dataclass(frozen=True)
class PlayForm:
    """The way to play a deck is built for, as a form to change it."""

    formats: tuple[Choice, ...] = _doc("Every way to play (formats.toml).")
    target: str = _doc("The Campaign target agreed; empty for the default.")
    house_rules: tuple[Choice, ...] = _doc("Every house rule; the chosen ones are selected.")


@dataclass(frozen=True)
class Link:
    """A labelled link."""

    label: str = _doc("What the link says.")
    href: str = _doc("Where it goes.")


@dataclass(frozen=True)
class ChangeRow:
    """A title whose copies differ between two versions."""

    title: str = _doc("The title.")
    section: str = _doc("deck, sideboard or investigator.")
    before: int = _doc("Copies in the first.")
    after: int = _doc("Copies in the second.")
    change: str = _doc("The difference, signed (+2, -1).")
    kind: str = _doc("added, removed or changed.")


@dataclass(frozen=True)
class DiffView:
    """What changed between two versions of a deck."""

    before: str = _doc("The first version's label.")
    after: str = _doc("The second version's label.")
    cards_before: int = _doc("Cards in the first.")
    cards_after: int = _doc("Cards in the second.")
    rows: tuple[ChangeRow, ...] = _doc("Every title that changed: added, removed, changed in count.")


@dataclass(frozen=True)
class VersionRow:
    """One saved version in a deck's history."""

    number: int = _doc("The version's number (1 is the first).")
    saved_at: str = _doc("When it was saved (UTC).")
    cards: str = _doc("Cards in its deck section.")
    summary: str = _doc("What changed from the version before, in one line (or why it cannot be read).")
    readable: bool = _doc("The version's file can be read as a deck (else it is shown, not compared or exported).")


@dataclass(frozen=True)
class SuggestionRow:
    """One single change ``deck suggest`` measured, with a button that applies it."""

    change: str = _doc('The change in words: "add X", "cut X", "swap X for Y".')
    cut: str = _doc("The catalog key of the card a copy of which comes out; empty when none.")
    add: str = _doc("The catalog key of the card a copy of which goes in; empty when none.")
    rounds: str = _doc("Its effect on the Round of completion (negative: sooner), with the 95% interval.")
    sanity: str = _doc("Its effect on the Sanity left at the end (positive: more), with the 95% interval.")
    reason: str = _doc("Why: the slot it fills, the blocker it removes, the dead card it replaces.")
    recommended: bool = _doc("The effect is clear of noise (the interval leaves out zero): recommended.")
    wins: str = _doc(
        "Against a field: its effect on the share of matches won, with the 95% interval; empty when measured alone."
    )


@dataclass(frozen=True)
class FieldShareView:
    """A deck's matches against one deck of the field (``--against``): the share won, its interval."""

    deck: str = _doc("The field deck's name.")
    won: str = _doc("The share of the matches won against it (a tie counts half).")
    interval: str = _doc("The 95% interval of that share (Wilson), as from-to.")
    games: int = _doc("The matches played against it.")


@dataclass(frozen=True)
class BuiltDeckRow:
    """One deck a build reports (the built deck, its start, a runner-up), with its held-out games."""

    label: str = _doc('What it is: "built", "your deck", "first legal deck", or how a runner-up plays.')
    completed: str = _doc("The share of the held-out games it completed its goal in.")
    by_round_6: str = _doc("The share it completed by Round 6.")
    median_round: str = _doc("The median Round of completion; a dash when it never completed.")
    final_sanity: str = _doc("The mean Sanity left at the end of a game.")
    cards: int = _doc("Cards in its deck section.")
    choice: int = _doc(
        "Which deck it is for the save button: 0 the built deck, 1, 2... a runner-up; -1 the start (not offered)."
    )
    won: str = _doc("Against a field: the share of all its held-out matches won; empty when measured alone.")
    against: tuple[FieldShareView, ...] = _doc(
        "Against a field: its win share against each field deck, in the field's order; empty when measured alone.",
        default=(),
    )


@dataclass(frozen=True)
class BuildResultView:
    """What a build found: the built deck (saved), against its start and the runner-ups."""

    summary: str = _doc("The goal, and the games played, the seed and what stopped the search, in one line.")
    kept_start: bool = _doc("Nothing played better than the start on the held-out games: the start is the deck.")
    decks: tuple[BuiltDeckRow, ...] = _doc("The built deck, its start, then the runner-ups.")
    notes: tuple[str, ...] = _doc("Why each group of cards is there (the built deck's notes).")
    saved: Link | None = _doc("The built deck among the saved decks (its editor); None if it could not be saved.")
    objective: str = _doc("What the build chose by, in one line (completion speed alone, or matches against a field).")
    field: tuple[str, ...] = _doc("The field's deck names (--against); empty when measured alone.", default=())


# --------------------------------------------------------------------------------------
# the pages


@dataclass(frozen=True)
class CardsPage:
    """The Cards page: search the catalog with the whole query language."""

    frame: Frame = _doc("The page's frame.")
    search: CardsPanel = _doc("The search and its results.")
    deck: DeckHeader | None = _doc("The deck cards are being added to (from its editor); None otherwise.")


@dataclass(frozen=True)
class CardPage:
    """A card's page: as it plays today, its printed values, errata, rulings and printings."""

    frame: Frame = _doc("The page's frame.")
    key: str = _doc("The printing's catalog key.")
    title: str = _doc("The title as it plays, article in front.")
    facts: tuple[Figure, ...] = _doc("Type, values, Sanity, Gate, places and the rest, as it plays today.")
    text: str = _doc("The card text as it plays (errata applied); empty when unknown.")
    printed: tuple[Figure, ...] = _doc("Each value an erratum changed, as printed.")
    errata: tuple[Figure, ...] = _doc("Each erratum: the field, what it says, and its line in the rulings document.")
    rulings: tuple[Figure, ...] = _doc("Each ruling that names the card, with its topic and line.")
    disagreements: tuple[Figure, ...] = _doc(
        "Where the two transcriptions disagree about the card (when the catalog knows)."
    )
    printings: tuple[Link, ...] = _doc("Every printing of the title, each linked.")
    decks: tuple[DeckHeader, ...] = _doc("The saved decks, to add the card to one.")
    chosen: str = _doc("The id of the deck the page was opened from (its button first in line); empty when none.")
    recipe: tuple[str, ...] = _doc("An Adventure's recipe, each requirement in plain words; empty for other cards.")
    recipe_notes: tuple[str, ...] = _doc(
        "An Adventure's conditions (the player's to meet in play) and words not understood; empty when none."
    )
    recipe_notation: str = _doc(
        "The recipe in the notation (mythos adventure show), behind a toggle; empty for other cards."
    )


@dataclass(frozen=True)
class DecksPage:
    """The saved decks."""

    frame: Frame = _doc("The page's frame.")
    folder: str = _doc("Where the saved decks are (files every mythos deck command reads).")
    decks: tuple[DeckHeader, ...] = _doc("Every saved deck, by name.")
    unreadable: tuple[UnreadableRow, ...] = _doc(
        "Every file among them that cannot be read as a deck, by id, with why."
    )
    message: str = _doc("What the last action did (a deck deleted, and how to bring it back); empty when nothing.")


@dataclass(frozen=True)
class NewDeckPage:
    """The form that starts a deck: its name, its Investigator, its way to play."""

    frame: Frame = _doc("The page's frame.")
    name: str = _doc("The name typed so far.")
    investigators: tuple[Choice, ...] = _doc(
        "Every Investigator card of the catalog, each with its beginning Sanity, hand size and languages."
    )
    formats: tuple[Choice, ...] = _doc("Every way to play.")
    target: str = _doc("The Campaign target typed (Adventure points); empty for the usual 20.")
    error: ErrorView | None = _doc("Why the deck could not be started; None when nothing failed.")


@dataclass(frozen=True)
class ImportPage:
    """The form that imports a deck: pasted text or an uploaded file, in any format."""

    frame: Frame = _doc("The page's frame.")
    text: str = _doc("The text pasted so far (kept when an import fails).")
    formats: tuple[str, ...] = _doc("The deck formats read, in words.")
    error: ErrorView | None = _doc("Why the deck could not be imported; None when nothing failed.")


@dataclass(frozen=True)
class EditorPage:
    """The deck editor: the list, the search to add from, and the live verdict beside it."""

    frame: Frame = _doc("The page's frame.")
    deck: DeckHeader = _doc("The deck's name and state.")
    investigators: tuple[ListRow, ...] = _doc("The Investigator card(s).")
    groups: tuple[ListGroup, ...] = _doc("The deck section, by card type.")
    sideboard: tuple[ListGroup, ...] = _doc("The sideboard, by card type.")
    verdict: VerdictView = _doc("The check for the way to play: every finding with its rule's words, source and fix.")
    bar: DeckBar = _doc("The verdict, the card count and the Adventure points, in a bar that stays in view.")
    adventures: tuple[AdventureChecklist, ...] = _doc("The Adventure checklist, with one-click suggestions.")
    playability: tuple[PlayabilityView, ...] = _doc(
        "Cards the deck can never play, or only by an unlikely path: the problems, errors first."
    )
    engine_notes: tuple[PlayabilityView, ...] = _doc(
        "Cards whose effect the test games leave out (nothing to do): folded into one line that opens."
    )
    facts: tuple[Figure, ...] = _doc("The make-up: cards, Sanity, Gates, Adventure points, places, languages.")
    shortfalls: tuple[ShortfallView, ...] = _doc("Titles the deck needs more copies of than the collection holds.")
    collection: bool = _doc("A collection is imported (else the shortfalls are not known).")
    search: CardsPanel = _doc("The search to add cards from.")
    titles: tuple[str, ...] = _doc("Every title of the catalog, for the add-by-name box's completion.")
    play: PlayForm = _doc("The way to play, as a form.")
    exports: tuple[Link, ...] = _doc("The deck in every format the CLI reads, to download.")
    notes: tuple[str, ...] = _doc("What the list's reading reported (names read loosely).")
    deck_notes: tuple[str, ...] = _doc(
        "The deck's own notes (a built deck's Why notes: why each group of cards is there)."
    )
    message: str = _doc("What the last action did (saved, discarded); empty when nothing.")
    error: ErrorView | None = _doc("Why the last change could not be made; None when nothing failed.")
    share_code: str = _doc("The deck's share code as the editor shows it (mythos:1:...): its name and cards, one line.")
    share_link: str = _doc(
        "The address that opens the code in a deck builder's import form (the code after #, never sent to a server)."
    )
    field: tuple[Choice, ...] = _doc(
        "The other saved decks, to judge suggested changes by matches against (--against).", default=()
    )


@dataclass(frozen=True)
class HistoryPage:
    """A saved deck's versions, and the difference between two of them."""

    frame: Frame = _doc("The page's frame.")
    deck: DeckHeader = _doc("The deck's name and state.")
    versions: tuple[VersionRow, ...] = _doc("Every version saved, newest first.")
    choices: tuple[Choice, ...] = _doc("The versions (and the unsaved changes) to compare.")
    second: tuple[Choice, ...] = _doc("The same, with the second of the two compared selected.")
    diff: DiffView | None = _doc("The two versions compared; None until two are chosen.")
    latest: int = _doc("The newest version's number (restoring it would change nothing: it has no Restore button).")


@dataclass(frozen=True)
class DeleteDeckPage:
    """The confirmation a deck's deletion asks for: what goes, where it is kept, how to bring it back."""

    frame: Frame = _doc("The page's frame.")
    deck: DeckHeader = _doc("The deck's name and state.")
    folder: str = _doc("Where a deleted deck is kept with its history (the decks folder's .trash) until purged.")


@dataclass(frozen=True)
class CollectionPage:
    """The cards the player owns, and the form that imports them."""

    frame: Frame = _doc("The page's frame.")
    path: str = _doc("The collection's file.")
    owned: tuple[Figure, ...] = _doc("Each title owned with its copies.")
    cards: int = _doc("Cards owned in all.")
    exists: bool = _doc("A collection has been imported.")
    error: ErrorView | None = _doc("Why the import failed; None when nothing failed.")


@dataclass(frozen=True)
class GoldfishPage:
    """A deck's test games, played in the background: progress, then the results."""

    frame: Frame = _doc("The page's frame.")
    deck: DeckHeader = _doc("The deck's name and state.")
    job: str = _doc("The job's id (its progress is /api/jobs/ID).")
    state: str = _doc("queued, running, done, failed or cancelled.")
    done: int = _doc("Games played so far.")
    total: int = _doc("Games asked for.")
    result: GoldfishView | None = _doc("The games' results, chart and draw odds; None until done.")
    error: ErrorView | None = _doc("Why the games stopped; None when they did not.")
    seed: int = _doc("The seed the games were played with (game K of it opens on the table).", default=0)


@dataclass(frozen=True)
class SuggestPage:
    """A deck's suggested changes, measured in the background: progress, then each change
    with its effect and reason and a button that applies it."""

    frame: Frame = _doc("The page's frame.")
    deck: DeckHeader = _doc("The deck's name and state.")
    job: str = _doc("The job's id (its progress is /api/jobs/ID).")
    state: str = _doc("queued, running, done, failed or cancelled.")
    done: int = _doc("Changes measured so far.")
    total: int = _doc("Changes to measure (screened, then measured in full).")
    games: int = _doc("Games each change is measured on in full.")
    seed: int = _doc("The seed of the games (the same seed measures the same games).")
    investigator: str = _doc("Who plays the games; empty until done.")
    changes: tuple[SuggestionRow, ...] = _doc("The changes measured, the recommended first; empty until done.")
    error: ErrorView | None = _doc("Why the measuring stopped; None when it did not.")
    objective: str = _doc("What the changes are judged by, in one line; empty until done.", default="")
    against: tuple[FieldShareView, ...] = _doc(
        "Against a field: the deck's own win share against each field deck on the fresh matches; else empty.",
        default=(),
    )
    left_alone: tuple[str, ...] = _doc(
        "The cards left alone, each with why (a Combat card measured alone).", default=()
    )


@dataclass(frozen=True)
class BuildPage:
    """The form that builds a deck: who plays it, its goal, the way to play, the limits."""

    frame: Frame = _doc("The page's frame.")
    investigators: tuple[Choice, ...] = _doc(
        "Every Investigator card of the catalog (with a Sanity the games can play)."
    )
    adventures: tuple[Choice, ...] = _doc("Every Adventure a build may aim at (Chaosium's, as printed).")
    formats: tuple[Choice, ...] = _doc("The ways to play the goldfish plays: Basic, Advanced, Campaign, Tournament.")
    target: str = _doc("The Campaign target typed; empty for the format's own.")
    collection: bool = _doc("A collection is imported: the build may keep to the copies owned.")
    use_collection: bool = _doc("The build keeps to the collection (the box is ticked).")
    seed: str = _doc("The seed typed (the same seed builds the same deck when the games budget ends the search).")
    seconds: str = _doc("The time cap typed, in seconds.")
    most_seconds: int = _doc("The longest time cap a page may ask for.")
    error: ErrorView | None = _doc("Why the build could not start; None when nothing failed.")
    field: tuple[Choice, ...] = _doc("The saved decks to judge the build by matches against (--against).", default=())


@dataclass(frozen=True)
class BuildJobPage:
    """A build running in the background: progress, then what it found and the deck saved."""

    frame: Frame = _doc("The page's frame.")
    job: str = _doc("The job's id (its progress is /api/jobs/ID).")
    state: str = _doc("queued, running, done, failed or cancelled.")
    done: int = _doc("Games played so far.")
    total: int = _doc("The games budget (the time cap may end the search sooner).")
    seconds: int = _doc("The time cap, in seconds.")
    goal: str = _doc("Who plays the deck and what it must complete, in words.")
    result: BuildResultView | None = _doc("What the build found; None until done.")
    error: ErrorView | None = _doc("Why the build stopped; None when it did not.")


@dataclass(frozen=True)
class ErrorPage:
    """An error the player ran into, on a page of its own."""

    frame: Frame = _doc("The page's frame.")
    error: ErrorView = _doc("The error.")
    status: int = _doc("The HTTP status.")
    back: Link | None = _doc(
        "Where to start again (a job's page that is gone: its form, or its deck); None: the decks and the cards."
    )


#: The page classes and their templates (``templates/web/NAME``).
@dataclass(frozen=True)
class SeatForm:
    """One seat of the Match page's form: the saved deck played there and its computer player."""

    number: int = _doc("The seat's number, 1 to 4 (the form's deckN and aiN).")
    decks: tuple[Choice, ...] = _doc("Every saved deck, the one chosen selected (none: the seat stays empty).")
    ais: tuple[Choice, ...] = _doc("The computer players (greedy, lookahead), the chosen one selected.")


@dataclass(frozen=True)
class MatchRowView:
    """One seat of a match's table."""

    seat: str = _doc("The seat's letter (A, B, C, D), as the play-by-play names the players.")
    deck: str = _doc("The deck's name.")
    investigator: str = _doc("Who played it.")
    ai: str = _doc("The computer player of the seat.")
    wins: str = _doc("The share of games it won, as a percentage.")
    interval: str = _doc("The 95% interval of that share.")
    mean_score: str = _doc("Its mean score (Adventure points plus Sanity, rulebook l.93).")
    final_sanity: str = _doc("Its mean Sanity at the end.")
    combat_lost: str = _doc("The Sanity it lost in Combat, per game on average.")


@dataclass(frozen=True)
class MatchView:
    """A match's figures: the table, the ties, and the games whose play-by-play opens."""

    games: int = _doc("Games played.")
    seed: int = _doc("The seed (the same seed plays the same games).")
    format_name: str = _doc("The way to play (basic, advanced, campaign, tournament).")
    ties: str = _doc("The share of tied games, with its 95% interval.")
    rounds: str = _doc("The mean Rounds a game lasted.")
    rows: tuple[MatchRowView, ...] = _doc("One row per seat, in seat order.")
    logs: tuple[Link, ...] = _doc("Links to the first games' play-by-play.")
    log_fields: tuple[Figure, ...] = _doc("The hidden fields (label: name, value) of the form opening game K's log.")


@dataclass(frozen=True)
class MatchPage:
    """The Match page: saved decks played against each other by computer players."""

    frame: Frame = _doc("The page's frame.")
    seats: tuple[SeatForm, ...] = _doc("The four seats of the form (at least two filled to play).")
    formats: tuple[Choice, ...] = _doc("The ways to play a match, the chosen one selected.")
    games: int = _doc("Games to play (the form's value).")
    seed: int = _doc("The seed (the form's value).")
    result: MatchView | None = _doc("The match's table; None before the form is sent, or after an error.")
    error: ErrorView | None = _doc("Why the match could not be played; None when nothing failed.")


@dataclass(frozen=True)
class MatchLogPage:
    """One game of a match told as a play-by-play (``mythos match --log K``)."""

    frame: Frame = _doc("The page's frame.")
    game: int = _doc("The game's number in the seed (1: the first).")
    seed: int = _doc("The seed.")
    format_name: str = _doc("The way to play.")
    players: tuple[str, ...] = _doc('Each seat: "A: deck (Investigator, computer player)".')
    lines: tuple[str, ...] = _doc("The play-by-play, a line per play, Pass or Combat step.")
    back: str = _doc("The Match page with these decks chosen.")
    table: str = _doc(
        "The table page dealing this game, the first seat yours ('' where the table cannot deal it: "
        "more than two players, or the first seat played by another computer than the greedy one).",
        default="",
    )


@dataclass(frozen=True)
class TablePage:
    """A saved deck dealt on the table, played against the rules engine (the script
    ``static/table.js`` deals and plays through ``/api/game``)."""

    frame: Frame = _doc("The page's frame.")
    deck: DeckHeader = _doc("The deck's name and state.")
    seed: int = _doc("The seed of the first deal (New deal draws another).")
    game: int = _doc("Which game of the seed is dealt (game K of a goldfish report is the same deal).")
    opponents: tuple[Choice, ...] = _doc("The saved decks to play against, nobody (solitaire) first.")
    ais: tuple[Choice, ...] = _doc("The computer players to choose from.")
    investigator: str = _doc("Who plays the deck (empty: its first Investigator), as the goldfish's game K was played.")
    format_name: str = _doc("The way to play the games are dealt for (the deck's own when the table plays it).")
    target: int = _doc("The Campaign's Adventure-point target (the deck's way to play).")


TEMPLATES: dict[type, str] = {
    CardsPage: "web/cards.html",
    CardPage: "web/card.html",
    DecksPage: "web/decks.html",
    NewDeckPage: "web/new_deck.html",
    ImportPage: "web/import.html",
    EditorPage: "web/editor.html",
    HistoryPage: "web/history.html",
    DeleteDeckPage: "web/delete.html",
    CollectionPage: "web/collection.html",
    GoldfishPage: "web/goldfish.html",
    SuggestPage: "web/suggest.html",
    BuildPage: "web/build.html",
    BuildJobPage: "web/build_job.html",
    ErrorPage: "web/error.html",
    MatchPage: "web/match.html",
    MatchLogPage: "web/match_log.html",
    TablePage: "web/table.html",
}
