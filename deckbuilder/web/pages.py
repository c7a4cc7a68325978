"""The deck builder's pages: plain HTML forms, each route parsing its input, calling the
service, and rendering one context (:mod:`deckbuilder.sheet.pages`).

Every page works without JavaScript: a + button is a form, a change answers with a
redirect to the page (post, redirect, get), and long work (test games) refreshes its page
until done. ``static/app.js`` (the project's own, a few hundred lines, nothing from the
network) only makes it quicker: it sends those forms in the background and swaps in the
parts of the answer that changed, so the verdict beside the list follows each click, and
it polls a job's progress.

Routes::

    GET  /                         -> /decks
    GET  /cards?q=&sort=&order=&deck=       search (deck=ID: with buttons adding to that deck)
    GET  /cards/KEY?deck=          a card as it plays, printed values, errata, rulings, printings
    GET  /decks                    the saved decks
    GET  /decks/new   POST /decks/new       start a deck: name, Investigator, way to play
    GET  /import      POST /import          paste or upload a deck in any format, or a deck code
                                   (/import#CODE: app.js puts the code in the form; the
                                   fragment never reaches the server)
    GET  /decks/ID?q=&sort=&order= the editor (its unsaved changes, if any)
    POST /decks/ID/cards           add, take away or set a card's copies (card=KEY or a title)
    POST /decks/ID/save | discard | rename | play | copy
    POST /decks/ID/restore         an older version saved again as the newest (version=N)
    GET  /decks/ID/delete  POST /decks/ID/delete   confirm, then delete (kept in .trash until purged)
    GET  /decks/ID/export?to=FMT   the deck as text, gccg, lackey or json
    GET  /decks/ID/sheet           the printable deck sheet
    GET  /decks/ID/history?a=N&b=M the versions, and two of them compared
    POST /decks/ID/goldfish        start test games;  GET /decks/ID/goldfish/JOB  their page
    (/decks/build, /decks/ID/suggest and /decks/ID/apply: deckbuilder/web/construction.py)
    GET  /collection  POST /collection      the cards owned; import them
    (GET /static/NAME, app.css, app.js, table.js, favicon.svg: deckbuilder/web/app.py)
    (GET /decks/ID/table, the table: deckbuilder/web/table.py)
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from deckbuilder import service
from deckbuilder.errors import Failure, MythosError, UsageError
from deckbuilder.sheet import page_builders as build
from deckbuilder.sheet.pages import (
    CardPage,
    CardsPage,
    CollectionPage,
    DecksPage,
    DeleteDeckPage,
    EditorPage,
    GoldfishPage,
    HistoryPage,
    ImportPage,
    Link,
    NewDeckPage,
    UnreadableRow,
)
from deckbuilder.web.guard import NoSuchPageError
from deckbuilder.web.http import (
    answers,
    checked_form,
    failure_of,
    field,
    form_revision,
    frame,
    in_thread,
    number,
    render,
    see_other,
    served,
    status_of,
)

#: The most test games a page starts (the CLI plays more).
MAX_PAGE_GAMES = 100_000

#: The deck formats and the media type and extension of each export.
EXPORT_TYPES = {
    "text": ("text/plain", ".txt"),
    "gccg": ("text/plain", ".deck"),
    "lackey": ("application/xml", ".dek"),
    "json": ("application/json", ".json"),
}


# --------------------------------------------------------------------------------------
# a change to a saved deck, or the editor with its error


async def changed_or(request: Request, deck_id: str, work: Any) -> Any:
    """Runs a change to a saved deck off the event loop; gets its result, or, when it was
    made against a revision no longer current (or another error with an editor to show it
    on), the editor as the deck now stands with the error, as a Response with its status
    (409: "the deck changed; reload")."""

    def guarded() -> Any:
        try:
            return work()
        except MythosError as exc:
            failure = failure_of(exc)
            if failure.kind in ("unknown-deck", "deck-boundary", "unreadable-deck", "forbidden"):
                raise  # no editor to show it on: a page of its own
            return failure, exc

    done = await in_thread(guarded)
    if isinstance(done, tuple) and len(done) == 2 and isinstance(done[0], Failure):
        failure, exc = done
        page = await in_thread(_editor, request, deck_id, error=build.error_view(failure, exc))
        return render(request, page, status_of(failure))
    return done


# --------------------------------------------------------------------------------------
# cards


def _search_params(params: Any) -> tuple[str, str, bool]:
    sort = params.get("sort", "title")
    return params.get("q", ""), sort if sort in service.SEARCH_ORDERS else "title", params.get("order") == "desc"


def _copies(deck: Any) -> tuple[dict[str, int], dict[str, int]]:
    """Gets a deck's copies by printing (catalog key) and by folded title, over the deck and
    the Investigator: what a search row's buttons set and the title's total beside them."""
    from deckbuilder.rules.cards import fold_title

    by_key: dict[str, int] = {}
    by_title: dict[str, int] = {}
    for entry in deck.deck.entries:
        if entry.section.value in ("deck", "investigator"):
            by_key[entry.card.key] = by_key.get(entry.card.key, 0) + entry.count
            folded = fold_title(entry.card.title)
            by_title[folded] = by_title.get(folded, 0) + entry.count
    return by_key, by_title


def _panel(
    state: Any, catalog: Any, params: Any, href: str, keep: dict[str, str], deck: Any = None, play: Any = None
) -> Any:
    """Runs the search a page's query string asks for; gets its panel (the error, when the
    query cannot be read, with its position). For a deck of a way to play that names fan or
    re-pointed cards as not its own (``play``), those are hidden unless the query asks for
    them or the toggle (``fan=1``) shows them."""
    query, sort, descending = _search_params(params)
    owned = service.owned_cards(state.settings.collection)
    in_deck, by_title = ({}, {}) if deck is None else _copies(deck)
    toggled = params.get("fan") in ("1", "on")
    cards, error, hidden, asked, hint = None, None, 0, toggled, ""
    if query.strip():
        try:
            parsed = service.parse_search(query, sort=sort, descending=descending)
            cards = service.search_cards(catalog, parsed, collection=state.settings.collection).cards
            asked = toggled or service.asks_for_unofficial(parsed)
            if play is not None and not asked:
                cards, hidden = service.without_cards_not_played(cards, play)
            if not cards and not hidden:
                hint = service.search_hint(catalog, parsed)
        except MythosError as exc:
            error = build.error_view(failure_of(exc), exc)
    order = {"order": "desc"} if descending else {}
    toggle = ""
    if hidden or toggled:
        toggle = f"{href}?{urlencode({**keep, 'q': query, 'sort': sort, **order, **({} if toggled else {'fan': '1'})})}"
    return build.cards_panel(
        query,
        cards,
        sort=sort,
        descending=descending,
        href=href,
        params={**keep, **({"fan": "1"} if toggled else {})},
        owned=owned,
        in_deck=in_deck,
        by_title=by_title,
        error=error,
        hidden=hidden,
        toggle_href=toggle,
        showing_all=asked,
        hint=hint,
        facts=catalog.all_cards(),
    )


@answers
async def cards_page(request: Request) -> Response:
    """The Cards page: a search with the whole query language."""
    state = served(request)
    deck_id = request.query_params.get("deck", "")

    def work() -> CardsPage:
        catalog = state.catalog()
        saved = deck = None
        if deck_id:
            saved = service.saved_deck(state.settings.decks, deck_id)
            deck = service.load_saved_deck(catalog, state.settings.decks, saved.id, draft=True)
        keep = {"deck": saved.id} if saved else {}
        play = service.saved_way_to_play(saved) if saved else None
        panel = _panel(state, catalog, request.query_params, "/cards", keep, deck, play)
        title = f"Cards: {panel.query}" if panel.query else "Cards"
        return CardsPage(frame(request, title, "cards"), panel, build.header(saved, deck) if saved else None)

    page = await in_thread(work)
    return render(request, page, 400 if page.search.error else 200)


@answers
async def card_page(request: Request) -> Response:
    """A card's page."""
    state = served(request)
    key = request.path_params["key"]

    def work() -> CardPage:
        catalog = state.catalog()
        view = service.find_card(catalog, key)
        card = view.cards[0]
        printings = view.printings or tuple(view.cards)
        decks = service.saved_decks(state.settings.decks).decks
        chosen = request.query_params.get("deck", "")
        recipe: tuple[str, ...] = ()
        recipe_notes: tuple[str, ...] = ()
        notation = ""
        if card.type is not None and card.type.value == "Adventure":
            from deckbuilder.rules.adventures import recipe_text
            from deckbuilder.rules.adventures.words import slot_words

            read = service.show_adventure(catalog, card.key).recipe
            recipe = tuple(slot_words(slot) for slot in read.slots)
            recipe_notes = (
                *(f"In play (yours to meet): {c.text}" for c in read.conditions),
                *(f"Not understood (check by hand): {u}" for u in read.uninterpreted),
            )
            notation = recipe_text(read)
        return CardPage(
            frame(request, build.display_title(card.title), "cards"),
            card.key,
            build.display_title(card.title),
            build.card_facts(card),
            card.text,
            build.printed_values(card),
            build.errata_rows(card),
            build.ruling_rows(card),
            build.disagreement_rows(view, card),
            tuple(Link(build.printing_label(p), f"/cards/{p.key}") for p in printings),
            tuple(build.header(d) for d in decks),
            chosen,
            recipe,
            recipe_notes,
            notation,
        )

    return render(request, await in_thread(work))


# --------------------------------------------------------------------------------------
# decks


async def home(request: Request) -> Response:
    """The start: the saved decks."""
    return see_other("/decks")


@answers
async def decks_page(request: Request) -> Response:
    """The saved decks."""
    state = served(request)
    listed = await in_thread(service.saved_decks, state.settings.decks)
    gone = request.query_params.get("deleted", "")
    message = (
        f"Deleted {gone}. It is kept with its history in {listed.folder / '.trash'}: "
        f"`mythos deck undelete {gone}` brings it back."
        if gone
        else ""
    )
    return render(
        request,
        DecksPage(
            frame(request, "Your decks", "decks"),
            str(listed.folder),
            tuple(build.header(d) for d in listed.decks),
            tuple(UnreadableRow(d.id, d.problem) for d in listed.unreadable),
            message,
        ),
    )


def _new_deck_page(
    request: Request,
    catalog: Any,
    name: str = "",
    investigator: str = "",
    fmt: str = "advanced",
    error: Any = None,
    target: str = "",
) -> NewDeckPage:
    formats, _house_rules = service.ways_to_play()
    found = service.search_cards(catalog, service.parse_search("t:investigator")).cards
    investigators = tuple(build.Choice(c.key, build.investigator_label(c), c.key == investigator) for c in found)
    return NewDeckPage(
        frame(request, "New deck", "decks"), name, investigators, build.format_choices(formats, fmt), target, error
    )


@answers
async def new_deck_page(request: Request) -> Response:
    """The form that starts a deck."""
    state = served(request)
    return render(request, await in_thread(lambda: _new_deck_page(request, state.catalog())))


@answers
async def new_deck(request: Request) -> Response:
    """Starts a deck: saves version 1 (the Investigator alone) and opens its editor."""
    state = served(request)
    form = await checked_form(request)
    name, investigator, fmt = field(form, "name"), field(form, "investigator"), field(form, "format", "advanced")
    target = field(form, "target")

    def work() -> Any:
        catalog = state.catalog()
        try:
            points = number(target, "the Campaign target")
            if points is not None and points < 1:
                raise UsageError(f"the Campaign target {points}: give at least 1 Adventure point")
            play = service.way_to_play(fmt, target=points)
            deck = service.new_deck(catalog, name, investigator or None)
            return service.save_deck(catalog, state.settings.decks, deck, play=play)
        except MythosError as exc:
            return _new_deck_page(
                request, catalog, name, investigator, fmt, build.error_view(failure_of(exc), exc), target
            )

    done = await in_thread(work)
    if isinstance(done, NewDeckPage):
        return render(request, done, 400)
    return see_other(f"/decks/{done.id}")


#: The deck formats in words, for the import page.
FORMAT_WORDS = (
    "plain text: '4 Dark Young', '4x Dark Young', 'Dark Young x4', with Investigator/Deck headings",
    "GCCG .deck files",
    "LackeyCCG .dek files",
    "the tool's own JSON",
)


@answers
async def import_page(request: Request) -> Response:
    """The form that imports a deck."""
    return render(request, ImportPage(frame(request, "Import a deck", "import"), "", FORMAT_WORDS, None))


async def _upload(form: Any) -> tuple[str | bytes, str | None]:
    """Gets a form's deck: the file uploaded (bytes, with its name), else the text pasted."""
    upload = form.get("file")
    if isinstance(upload, UploadFile) and upload.filename:
        return await upload.read(), upload.filename
    return field(form, "text"), None


async def _import(request: Request, *, empty: str, use: Any, failed: Any) -> Response:
    """Reads a list pasted or uploaded (any deck format the CLI reads) and hands it to ``use``
    (catalog, loaded list), which gets the address to go to; on an error, shows the page
    ``failed`` (catalog, the text pasted, the error) gets, with the error's status."""

    state = served(request)
    form = await checked_form(request)
    text, filename = await _upload(form)

    def work() -> tuple[Any, Failure | None]:
        catalog = state.catalog()
        try:
            if not text or (isinstance(text, str) and not text.strip()):
                raise UsageError(empty)
            return use(catalog, service.load_deck_text(catalog, text, filename=filename)), None
        except MythosError as exc:
            failure = failure_of(exc)
            return failed(catalog, text if isinstance(text, str) else "", build.error_view(failure, exc)), failure

    done, failure = await in_thread(work)
    if failure is not None:
        return render(request, done, status_of(failure))
    return see_other(done)


@answers
async def import_deck(request: Request) -> Response:
    """Imports a pasted or uploaded deck as a new saved deck and opens its editor."""
    state = served(request)
    return await _import(
        request,
        empty="paste a deck list or choose a file to import",
        use=lambda catalog, deck: f"/decks/{service.save_deck(catalog, state.settings.decks, deck).id}",
        failed=lambda catalog, text, error: ImportPage(
            frame(request, "Import a deck", "import"), text, FORMAT_WORDS, error
        ),
    )


def _editor(request: Request, deck_id: str, *, message: str = "", error: Any = None) -> EditorPage:
    """Builds the editor of a saved deck (its unsaved changes, if any): the list, the
    search, and the live verdict (:func:`deckbuilder.service.deck_overview`)."""
    state = served(request)
    decks = state.settings.decks
    catalog = state.catalog()
    saved = service.saved_deck(decks, deck_id)
    deck = service.load_saved_deck(catalog, decks, saved.id, draft=True)
    play = service.saved_way_to_play(saved)
    overview = service.deck_overview(catalog, deck, play, collection=state.settings.collection)
    formats, house_rules = service.ways_to_play()
    copies = dict(deck.deck.copies_by_title("all"))
    panel = _panel(state, catalog, request.query_params, f"/decks/{saved.id}", {}, deck, play)
    entries = deck.deck.entries
    return EditorPage(
        frame=frame(request, f"{build.header(saved, deck).name} · deck", "decks"),
        deck=build.header(saved, deck),
        field=build.other_decks(service.saved_decks(decks).decks, saved.id),
        investigators=build.list_rows([e for e in entries if e.section.value == "investigator"], copies),
        groups=build.list_groups([e for e in entries if e.section.value == "deck"], copies),
        sideboard=build.list_groups([e for e in entries if e.section.value == "sideboard"], copies),
        search=panel,
        titles=tuple(service.card_titles(catalog)),
        play=build.play_form(saved, formats, house_rules),
        exports=build.exports(saved.id),
        notes=tuple(deck.reports),
        deck_notes=tuple(deck.resolved.notes),
        message=message,
        error=error,
        share_code=(code := service.deck_code(catalog, deck)),
        share_link=service.share_link(code, str(request.base_url)),
        **build.overview_parts(overview),
    )


@answers
async def editor(request: Request) -> Response:
    """The deck editor."""
    deck_id = request.path_params["deck_id"]
    params = request.query_params
    applied = f"Applied “{params['applied']}”. " if params.get("applied") else ""
    done = {
        "restored": "Restored version {0} as version {1}.",
        "renamed": "Renamed, and saved as version {1}.",
        "copied": "This is a copy, saved as version {1} of its own history.",
    }
    said = next(
        (
            words.format(params.get(key, ""), params.get("saved", ""))
            for key, words in done.items()
            if key in params and params.get("saved", "").isdigit()
        ),
        "",
    )
    message = said or (
        f"{applied}Saved as version {params['saved']}."
        if params.get("saved", "").isdigit()
        else f"Nothing new to save: the deck is as version {params['unchanged']}, so no version was added."
        if params.get("unchanged", "").isdigit()
        else "The unsaved changes were discarded."
        if "discarded" in params
        else ""
    )
    if params.get("added"):  # a card added by title: which printing it took
        message = f"Added {params['added']}. {message}".strip()
    page = await in_thread(_editor, request, deck_id, message=message)
    return render(request, page, 400 if page.search.error else 200)


def _back(form: Any, deck_id: str, added: str = "") -> str:
    """Gets where a change goes back to: the editor or the Cards page, with its search (and,
    for a card added by title, which printing was added)."""
    keep = {k: field(form, k) for k in ("q", "sort", "order", "fan") if field(form, k)}
    if added:
        keep["added"] = added
    if field(form, "back") == "cards":
        return "/cards?" + urlencode({**keep, "deck": deck_id})
    return f"/decks/{deck_id}" + (f"?{urlencode(keep)}" if keep else "")


@answers
async def change_cards(request: Request) -> Response:
    """Adds, takes away or sets the copies of a card in a deck's unsaved changes, when the
    form was made against the deck's current revision (else 409, the editor as it now is)."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    form = await checked_form(request)
    card = field(form, "card").strip()

    added = ""

    def work() -> Any:
        nonlocal added
        decks = state.settings.decks
        catalog = state.catalog()
        if not card:
            raise UsageError("type a card's title to add it")
        chosen = service.find_card(catalog, card).cards[0]
        if chosen.key != card:  # typed or suggested by title: say which printing it took
            added = f"{build.display_title(chosen.title)} ({chosen.set_name}, {chosen.set_code})"
        count = number(field(form, "count"), "count")
        change = number(field(form, "change"), "change", 0) or 0
        section = field(form, "section", "deck")
        saved = service.saved_deck(decks, deck_id)
        return service.change_saved_deck(
            catalog,
            decks,
            saved.id,
            lambda deck: service.edit_deck(catalog, deck, card, count=count, change=change, section=section),
            revision=form_revision(form),
        )

    done = await changed_or(request, deck_id, work)
    if isinstance(done, Response):
        return done
    return see_other(_back(form, deck_id, added))


@answers
async def save_deck(request: Request) -> Response:
    """Saves a deck's unsaved changes as its next version (made against its current revision)."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    form = await checked_form(request)

    def work() -> Any:
        return service.save_draft(state.catalog(), state.settings.decks, deck_id, revision=form_revision(form))

    saved = await changed_or(request, deck_id, work)
    if isinstance(saved, Response):
        return saved
    if saved.unchanged:
        return see_other(f"/decks/{saved.id}?unchanged={saved.latest.number}")
    return see_other(f"/decks/{saved.id}?saved={saved.latest.number}")


@answers
async def discard_changes(request: Request) -> Response:
    """Drops a deck's unsaved changes."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    form = await checked_form(request)

    def work() -> Any:
        saved = service.saved_deck(state.settings.decks, deck_id)
        return service.keep_draft(None, state.settings.decks, saved.id, None, revision=form_revision(form))

    saved = await changed_or(request, deck_id, work)
    if isinstance(saved, Response):
        return saved
    return see_other(f"/decks/{saved.id}?discarded=1")


@answers
async def rename(request: Request) -> Response:
    """Renames a deck: saved as its next version under the new name (its unsaved changes, if
    any, renamed too); its id and address stay."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    form = await checked_form(request)

    def work() -> Any:
        return service.rename_saved_deck(
            state.catalog(), state.settings.decks, deck_id, field(form, "name"), revision=form_revision(form)
        )

    saved = await changed_or(request, deck_id, work)
    if isinstance(saved, Response):
        return saved
    return see_other(f"/decks/{saved.id}?renamed=1&saved={saved.latest.number}")


@answers
async def copy_deck(request: Request) -> Response:
    """Saves a copy of a deck as the editor shows it, and opens the copy's editor."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    form = await checked_form(request)

    def work() -> Any:
        return service.copy_saved_deck(
            state.catalog(), state.settings.decks, deck_id, field(form, "name").strip() or None
        )

    saved = await changed_or(request, deck_id, work)
    if isinstance(saved, Response):
        return saved
    return see_other(f"/decks/{saved.id}?copied=1&saved={saved.latest.number}")


@answers
async def restore(request: Request) -> Response:
    """Saves an older version of a deck again as its newest version (``version=N``), made
    against the deck's current revision; ``discard=1`` drops its unsaved changes (else a
    deck holding some is refused with 409, saying so)."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    form = await checked_form(request)
    version = number(field(form, "version"), "version")
    if not version:
        raise UsageError("choose the version to restore (the History page lists them)")

    def work() -> Any:
        return service.restore_version(
            state.settings.decks,
            deck_id,
            version,
            revision=form_revision(form),
            drop_changes=field(form, "discard") == "1",
        )

    saved = await changed_or(request, deck_id, work)
    if isinstance(saved, Response):
        return saved
    if saved.unchanged:
        return see_other(f"/decks/{saved.id}?unchanged={saved.latest.number}")
    return see_other(f"/decks/{saved.id}?restored={version}&saved={saved.latest.number}")


@answers
async def delete_page(request: Request) -> Response:
    """Asks before a deck is deleted: what goes, where it is kept."""
    state = served(request)
    deck_id = request.path_params["deck_id"]

    def work() -> DeleteDeckPage:
        saved = service.saved_deck(state.settings.decks, deck_id)
        return DeleteDeckPage(
            frame(request, f"Delete {saved.name}?", "decks"),
            build.header(saved),
            str(service.deck_library(state.settings.decks).folder / ".trash"),
        )

    return render(request, await in_thread(work))


@answers
async def delete_deck(request: Request) -> Response:
    """Deletes a deck (kept with its history in the decks folder's .trash), when the
    confirmation was made against its current revision; back to the decks."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    form = await checked_form(request)

    def work() -> Any:
        return service.delete_saved_deck(state.settings.decks, deck_id, revision=form_revision(form))

    done = await changed_or(request, deck_id, work)
    if isinstance(done, Response):
        return done
    return see_other("/decks?" + urlencode({"deleted": deck_id}))


@answers
async def choose_play(request: Request) -> Response:
    """Chooses the way to play a deck is built for (format, Campaign target, house rules)."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    form = await checked_form(request)
    play = service.way_to_play(
        field(form, "format", "advanced"),
        [h for h in form.getlist("house_rule") if isinstance(h, str)],
        number(field(form, "target"), "target"),
    )

    def work() -> Any:
        return service.choose_way_to_play(state.settings.decks, deck_id, play, revision=form_revision(form))

    saved = await changed_or(request, deck_id, work)
    if isinstance(saved, Response):
        return saved
    return see_other(f"/decks/{saved.id}")


def _version(value: str) -> int | None:
    """Gets a version number a query names, or None (no version: the latest, or a draft)."""
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 9 else None


@answers
async def export(request: Request) -> Response:
    """Downloads a deck (its unsaved changes, if any, or ``version=N``) in a deck format."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    to = request.query_params.get("to", "text")
    if to not in EXPORT_TYPES:
        raise UsageError(f"--to {to!r} is not a deck format; use one of: {', '.join(EXPORT_TYPES)}")
    version = _version(request.query_params.get("version", ""))

    def work() -> tuple[str, str]:
        catalog = state.catalog()
        saved = service.saved_deck(state.settings.decks, deck_id)
        deck = service.load_saved_deck(catalog, state.settings.decks, saved.id, version=version, draft=version is None)
        return saved.id, service.deck_text(catalog, deck, to)

    name, text = await in_thread(work)
    media, extension = EXPORT_TYPES[to]
    return Response(
        text,
        media_type=f"{media}; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}{extension}"'},
    )


#: The deck sheet is one self-contained page: its styles are inline.
SHEET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'"


@answers
async def sheet(request: Request) -> Response:
    """The printable deck sheet of a deck as the editor shows it."""
    state = served(request)
    deck_id = request.path_params["deck_id"]

    def work() -> str:
        catalog = state.catalog()
        saved = service.saved_deck(state.settings.decks, deck_id)
        deck = service.load_saved_deck(catalog, state.settings.decks, saved.id, draft=True)
        return str(service.deck_sheet(catalog, deck, service.saved_way_to_play(saved)).html)

    return HTMLResponse(await in_thread(work), headers={"Content-Security-Policy": SHEET_POLICY})


@answers
async def history(request: Request) -> Response:
    """A deck's versions, and two of them compared (``a`` and ``b``: numbers, or "draft")."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    params = request.query_params

    def work() -> HistoryPage:
        decks = state.settings.decks
        catalog = state.catalog()
        saved = service.saved_deck(decks, deck_id)
        past = service.deck_history(decks, saved.id)
        numbers = [v.number for v in saved.versions if v.unreadable is None]  # an unreadable one is shown, not compared
        first = _version(params.get("a", "")) or (numbers[-2] if len(numbers) > 1 else None)
        second_raw = params.get("b", "")
        second = (
            "draft"
            if second_raw == "draft" and saved.has_draft
            else (_version(second_raw) or (numbers[-1] if numbers else None))
        )
        diff = None
        if first is not None and second is not None:
            before = service.load_saved_deck(catalog, decks, saved.id, version=first)
            after = (
                service.load_saved_deck(catalog, decks, saved.id, draft=True)
                if second == "draft"
                else service.load_saved_deck(catalog, decks, saved.id, version=int(second))
            )
            diff = build.diff_view(
                service.deck_diff(before, after),
                f"Version {first}",
                "Unsaved changes" if second == "draft" else f"Version {second}",
            )
        options = [(str(n), f"version {n}") for n in reversed(numbers)]
        if saved.has_draft:
            options.insert(0, ("draft", "unsaved changes"))
        return HistoryPage(
            frame(request, f"{saved.name} · history", "decks"),
            build.header(saved),
            build.version_rows(past),
            tuple(build.Choice(v, label, v == str(first)) for v, label in options),
            tuple(build.Choice(v, label, v == str(second)) for v, label in options),
            diff,
            saved.latest.number if saved.latest else 0,
        )

    return render(request, await in_thread(work))


# --------------------------------------------------------------------------------------
# test games


@answers
async def start_goldfish(request: Request) -> Response:
    """Starts a deck's test games in the background and opens their page."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    form = await checked_form(request)
    games = number(field(form, "games"), "--games", 1000)
    seed = number(field(form, "seed"), "--seed", 0)
    if games is None or seed is None or not 1 <= games <= MAX_PAGE_GAMES:
        raise UsageError(f"--games {games}: give a number from 1 to {MAX_PAGE_GAMES}")
    named = [c for c in form.getlist("card") if isinstance(c, str) and c]
    decks = state.settings.decks

    def prepare() -> tuple[Any, Any, Any]:
        catalog = state.catalog()
        saved = service.saved_deck(decks, deck_id)
        play = saved.way_to_play
        format_name = play.get("format") or "advanced"
        service.goldfish_format(format_name)  # Cult vs Investigator cannot be played: say so now
        return catalog, saved, service.load_saved_deck(catalog, decks, saved.id, draft=True)

    catalog, saved, deck = await in_thread(prepare)
    play = saved.way_to_play

    def run(progress: Any) -> Any:
        return service.goldfish_deck(
            catalog,
            deck,
            games=games,
            seed=seed,
            format_name=play.get("format") or "advanced",
            target=play.get("target") or 20,
            cards=named,
            progress=progress,
        )

    job = state.jobs.start(saved.id, games, run, {"games": games, "seed": seed})
    return see_other(f"/decks/{saved.id}/goldfish/{job.id}")


@answers
async def goldfish_page(request: Request) -> Response:
    """A deck's test games: progress while they run, then the results and the draw odds."""
    from deckbuilder.sheet.context import goldfish_view

    state = served(request)
    deck_id = request.path_params["deck_id"]
    back = ("Back to the deck", f"/decks/{quote(deck_id, safe='')}")
    job = state.jobs.get(request.path_params["job"], "goldfish", back)
    if job.deck_id != deck_id:
        raise NoSuchPageError(f"these test games are not of the deck {deck_id!r}")
    saved = await in_thread(service.saved_deck, state.settings.decks, deck_id)
    now = job.now()
    games = now.result if now.state == "done" else None
    result = (
        None
        if games is None
        else goldfish_view(
            games.report, players=[(p.investigator, p.report) for p in games.played], played_by=games.investigator
        )
    )
    error = build.error_view(now.failure) if now.failure else None
    page = GoldfishPage(
        frame(request, f"{saved.name} · test games", "decks"),
        build.header(saved),
        job.id,
        now.state,
        now.done,
        now.total,
        result,
        error,
        int(job.options.get("seed") or 0),
    )
    # Without the script the page reloads itself until done (a <noscript> refresh).
    return render(request, page)


# --------------------------------------------------------------------------------------
# the collection


def _collection_page(request: Request, catalog: Any, error: Any = None) -> CollectionPage:
    state = served(request)
    view = service.show_collection(catalog, state.settings.collection)
    data = view.to_json()
    owned = tuple(build.Figure(row["title"], str(row["count"])) for row in data["owned"])
    return CollectionPage(
        frame(request, "Your collection", "collection"),
        str(view.path),
        owned,
        data["cards"],
        view.deck is not None,
        error,
    )


@answers
async def collection_page(request: Request) -> Response:
    """The cards the player owns."""
    state = served(request)
    return render(request, await in_thread(lambda: _collection_page(request, state.catalog())))


@answers
async def import_collection(request: Request) -> Response:
    """Makes a pasted or uploaded counts list the collection."""
    state = served(request)

    def use(catalog: Any, owned: Any) -> str:
        service.import_collection(catalog, owned, state.settings.collection)
        return "/collection"

    return await _import(
        request,
        empty="paste a list of the cards you own ('3 Dark Young') or choose a file",
        use=use,
        failed=lambda catalog, text, error: _collection_page(request, catalog, error),
    )


# --------------------------------------------------------------------------------------
# the builder's own files


def routes() -> list[Route]:
    """Gets the pages' routes."""
    deck = "/decks/{deck_id}"
    return [
        Route("/", home, methods=["GET"]),
        Route("/cards", cards_page, methods=["GET"]),
        Route("/cards/{key:path}", card_page, methods=["GET"]),
        Route("/decks", decks_page, methods=["GET"]),
        Route("/decks/new", new_deck_page, methods=["GET"]),
        Route("/decks/new", new_deck, methods=["POST"]),
        Route("/import", import_page, methods=["GET"]),
        Route("/import", import_deck, methods=["POST"]),
        Route(deck, editor, methods=["GET"]),
        Route(f"{deck}/cards", change_cards, methods=["POST"]),
        Route(f"{deck}/save", save_deck, methods=["POST"]),
        Route(f"{deck}/discard", discard_changes, methods=["POST"]),
        Route(f"{deck}/rename", rename, methods=["POST"]),
        Route(f"{deck}/play", choose_play, methods=["POST"]),
        Route(f"{deck}/copy", copy_deck, methods=["POST"]),
        Route(f"{deck}/restore", restore, methods=["POST"]),
        Route(f"{deck}/delete", delete_page, methods=["GET"]),
        Route(f"{deck}/delete", delete_deck, methods=["POST"]),
        Route(f"{deck}/export", export, methods=["GET"]),
        Route(f"{deck}/sheet", sheet, methods=["GET"]),
        Route(f"{deck}/history", history, methods=["GET"]),
        Route(f"{deck}/goldfish", start_goldfish, methods=["POST"]),
        Route(deck + "/goldfish/{job}", goldfish_page, methods=["GET"]),
        Route("/collection", collection_page, methods=["GET"]),
        Route("/collection", import_collection, methods=["POST"]),
    ]
