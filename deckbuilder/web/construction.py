"""The deck builder's pages for ``deck build`` and ``deck suggest``: a deck that builds
itself, and single changes measured by goldfish games, each run in the background as the
test games are (:mod:`deckbuilder.web.jobs`), with progress.

Routes::

    GET  /decks/build              the form: Investigator, Adventures or a Campaign target,
                                   way to play, the collection, seed, time cap
    POST /decks/build              start the build;  GET /decks/build/JOB  its page, and
                                   the built deck saved among the decks with its Why notes
    POST /decks/build/JOB/save     save a runner-up (choice=N) as a deck of its own
    POST /decks/ID/build           build from a saved deck (deck build --from): its Investigator,
                                   Adventures and way to play, changed as little as it must
    POST /decks/ID/suggest         measure single changes;  GET /decks/ID/suggest/JOB  them
    POST /decks/ID/apply           apply one (cut=KEY, add=KEY): the deck's next version
    POST /jobs/JOB/cancel          stop a build, suggestions or test games (a build saves
                                   nothing); back to the job's page

Every form carries the session's token (:func:`~deckbuilder.web.http.checked_form`) and
works without the script, which only follows a job's progress.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from deckbuilder import service
from deckbuilder.errors import MythosError, UsageError
from deckbuilder.sheet import page_builders as build
from deckbuilder.sheet.pages import BuildJobPage, BuildPage, Choice, Link, SuggestPage
from deckbuilder.web.guard import NoSuchPageError
from deckbuilder.web.http import (
    answers,
    checked_form,
    form_revision,
    frame,
    in_thread,
    render,
    see_other,
    served,
    status_of,
)
from deckbuilder.web.http import failure_of as _failure
from deckbuilder.web.http import field as _field
from deckbuilder.web.http import number as _number
from deckbuilder.web.jobs import JobProgress
from deckbuilder.web.pages import changed_or

#: The longest build a page starts, in seconds (the issue: under a minute; the API's too).
MAX_PAGE_BUILD_SECONDS = 55
#: The games a page's suggestions measure each change on: from, to (the API's range).
SUGGEST_GAMES = (100, 2000)
#: What a build job is (jobs of the test games carry their deck's id instead).
BUILD = "build"


def _mythos_formats(chosen: str) -> tuple[Choice, ...]:
    """Gets the ways to play the goldfish can play (not Cult vs Investigator's sides)."""
    formats, _house_rules = service.ways_to_play()
    playable = []
    for f in formats:
        try:
            service.goldfish_format(f.id)
        except MythosError:
            continue
        playable.append(Choice(f.id, f"{f.name}: {f.description}", f.id == chosen))
    return tuple(playable)


def _build_page(request: Request, catalog: Any, form: Any = None, error: Any = None) -> BuildPage:
    from deckbuilder.rules.cards import display_title

    def given(name: str, default: str = "") -> str:
        return _field(form, name, default) if form is not None else default

    state = served(request)
    investigator = given("investigator")
    chosen = set(form.getlist("adventure")) if form is not None else set()
    found = service.search_cards(catalog, service.parse_search("t:investigator")).cards
    # Only an Investigator with a beginning Sanity can play the games that judge a build.
    investigators = tuple(
        Choice(c.key, f"{display_title(c.title)} ({c.set_code}, Sanity {c.sanity})", c.key == investigator)
        for c in found
        if c.sanity is not None
    )
    titles: dict[str, tuple[str, int | None]] = {}
    for c in service.search_cards(catalog, service.parse_search("t:adventure")).cards:
        if c.is_official and c.set_code != "RP":  # a build plays Chaosium's cards as printed
            titles.setdefault(display_title(c.title), (c.title, c.value))
    adventures = tuple(
        Choice(title, f"{shown} ({'?' if points is None else points} points)", title in chosen)
        for shown, (title, points) in sorted(titles.items())
    )
    owned = service.show_collection(catalog, state.settings.collection).deck is not None
    against = set(form.getlist("against")) if form is not None else set()
    field = tuple(Choice(d.id, d.name, d.id in against) for d in service.saved_decks(state.settings.decks).decks)
    return BuildPage(
        frame(request, "Build a deck", "decks"),
        investigators,
        adventures,
        _mythos_formats(given("format", "advanced")),
        given("target"),
        owned,
        owned and (form is None or given("collection") == "on"),
        given("seed", "0"),
        given("time", "30"),
        MAX_PAGE_BUILD_SECONDS,
        error,
        field,
    )


@answers
async def build_page(request: Request) -> Response:
    """The form that builds a deck."""
    state = served(request)
    return render(request, await in_thread(lambda: _build_page(request, state.catalog())))


def _build_options(form: Any) -> dict[str, Any]:
    """Gets a build form's options, checked before any work. Raises
    :class:`~deckbuilder.errors.UsageError` and ``FormatError``."""
    investigator = _field(form, "investigator").strip()
    if not investigator:
        raise UsageError("choose the Investigator who plays the deck")
    format_name = _field(form, "format", "advanced")
    campaign = service.goldfish_format(format_name)
    adventures = [a for a in form.getlist("adventure") if isinstance(a, str) and a.strip()]
    if not adventures and not campaign:
        raise UsageError(
            "choose at least one Adventure the deck must complete (or Campaign, to let the build choose them)"
        )
    target = _number(_field(form, "target"), "--target")
    if target is not None and target < 1:
        raise UsageError(f"--target {target}: give a number of Adventure points from 1")
    return {
        "kind": BUILD,
        "investigator": investigator,
        "adventures": adventures,
        "format": format_name,
        "target": target,
        **_limits(form),
    }


def _against(form: Any) -> list[str]:
    """Gets the saved decks' ids a form chose to judge by matches against (--against)."""
    return [a for a in form.getlist("against") if isinstance(a, str) and a.strip()]


def _limits(form: Any) -> dict[str, Any]:
    """Gets a build form's seed, time cap and collection choice, checked. Raises
    :class:`~deckbuilder.errors.UsageError`."""
    seconds = _number(_field(form, "time"), "--time", 30)
    if seconds is None or not 1 <= seconds <= MAX_PAGE_BUILD_SECONDS:
        raise UsageError(f"--time {seconds}: a page builds for 1 to {MAX_PAGE_BUILD_SECONDS} seconds")
    return {
        "seed": _number(_field(form, "seed"), "--seed", 0),
        "time": seconds,
        "collection": _field(form, "collection") == "on",
        "against": _against(form),
    }


def _start(state: Any, catalog: Any, options: dict[str, Any], from_deck: Any = None) -> Response:
    """Queues a build (from a player's deck, with ``from_deck``) whose deck is saved when done;
    gets the redirect to its page."""
    from deckbuilder.rules.construction import DEFAULT_BUDGET

    decks = state.settings.decks
    collection = service.show_collection(catalog, state.settings.collection).path if options["collection"] else None
    field = [service.load_saved_deck(catalog, decks, ref) for ref in options.get("against", ())]

    def run(progress: JobProgress) -> Any:
        found = service.build_deck(
            catalog,
            investigator=None if from_deck is not None else options["investigator"],
            adventures=options["adventures"],
            format_name=options["format"],
            target=options["target"],
            collection=collection,
            from_deck=from_deck,
            seed=options["seed"],
            time_limit=float(options["time"]),
            progress=progress,
            checkpoint=progress.check,
            against=field,
        )
        with progress.saving():  # refused once cancelled: nothing is saved from a cancelled build
            saved = service.save_built_deck(
                catalog, decks, found, 0, format_name=options["format"], target=options["target"]
            )
        return found, saved.id

    job = state.jobs.start("", DEFAULT_BUDGET, run, options)
    return see_other(f"/decks/build/{job.id}")


@answers
async def start_build(request: Request) -> Response:
    """Starts a build in the background and opens its page; the built deck is saved among
    the decks when it is done."""
    state = served(request)
    form = await checked_form(request)
    try:
        options = _build_options(form)
    except MythosError as exc:
        error = build.error_view(_failure(exc), exc)
        page = await in_thread(lambda: _build_page(request, state.catalog(), form, error))
        return render(request, page, status_of(_failure(exc)))

    def prepare() -> Any:
        from deckbuilder.rules.cards import display_title

        catalog = state.catalog()
        try:  # the page names the Investigator as players do; an unknown name fails in the build, on its page
            options["who"] = display_title(service.find_card(catalog, options["investigator"]).cards[0].title)
        except MythosError:
            options["who"] = options["investigator"]
        return catalog

    catalog = await in_thread(prepare)
    return _start(state, catalog, options)


@answers
async def start_build_from(request: Request) -> Response:
    """Starts a build from a saved deck (as the editor shows it): its Investigator, its
    Adventures and its way to play, changed as little as it must (``deck build --from``). The
    built deck is saved as a new deck; the player's stays as it is."""
    from deckbuilder.rules.cards import display_title

    state = served(request)
    deck_id = request.path_params["deck_id"]
    form = await checked_form(request)
    limits = _limits(form)
    decks = state.settings.decks

    def prepare() -> tuple[Any, Any, dict[str, Any]]:
        catalog = state.catalog()
        saved = service.saved_deck(decks, deck_id)
        play = saved.way_to_play
        format_name = play.get("format") or "advanced"
        service.goldfish_format(format_name)  # Cult vs Investigator cannot be played: say so now
        deck = service.load_saved_deck(catalog, decks, saved.id, draft=True)
        if not deck.deck.investigators:
            raise UsageError("the deck names no Investigator; add one in the editor, then build from it")
        who = display_title(deck.deck.investigators[0].title)
        options = {
            "kind": BUILD,
            "investigator": who,
            "who": who,
            "adventures": [],
            "from": saved.name,
            "format": format_name,
            "target": play.get("target"),
            **limits,
        }
        return catalog, deck, options

    catalog, deck, options = await in_thread(prepare)
    return _start(state, catalog, options, from_deck=deck)


def _build_job(request: Request) -> Any:
    job = served(request).jobs.get(request.path_params["job"], BUILD, back=("Build a deck", "/decks/build"))
    if job.options.get("kind") != BUILD:
        raise NoSuchPageError(f"no build numbered {job.id!r}; start one at /decks/build")
    return job


@answers
async def build_job_page(request: Request) -> Response:
    """A build's page: progress while it runs, then the decks it found and the one saved."""
    job = _build_job(request)
    options = job.options
    aim = (
        f"from “{options['from']}”, changed as little as it must"
        if options.get("from")
        else ", ".join(options["adventures"]) or "Adventures the build chooses"
    )
    goal = f"{options['who']}: {aim} ({options['format']})"
    result = None
    now = job.now()
    if now.state == "done":
        found, saved_id = now.result
        result = build.build_result(found, Link(f"Open the deck: {found.built.deck.name}", f"/decks/{saved_id}"))
    error = build.error_view(now.failure) if now.failure else None
    page = BuildJobPage(
        frame(request, "Building a deck", "decks"),
        job.id,
        now.state,
        now.done,
        now.total,
        options["time"],
        goal,
        result,
        error,
    )
    return render(request, page)


@answers
async def save_runner_up(request: Request) -> Response:
    """Saves one of a build's runner-ups as a deck of its own and opens its editor."""
    state = served(request)
    job = _build_job(request)
    form = await checked_form(request)
    now = job.now()
    if now.state != "done":
        raise UsageError("the build has not finished; wait for its decks")
    choice = _number(_field(form, "choice"), "choice", 0) or 0
    found, _saved = now.result

    def work() -> Any:
        return service.save_built_deck(
            state.catalog(),
            state.settings.decks,
            found,
            choice,
            format_name=job.options["format"],
            target=job.options["target"],
        )

    saved = await in_thread(work)
    return see_other(f"/decks/{saved.id}")


# --------------------------------------------------------------------------------------
# suggestions


@answers
async def start_suggest(request: Request) -> Response:
    """Starts measuring single changes to a deck (as the editor shows it) in the background
    and opens their page."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    form = await checked_form(request)
    games = _number(_field(form, "games"), "--games", 400)
    seed = _number(_field(form, "seed"), "--seed", 0)
    low, high = SUGGEST_GAMES
    if games is None or not low <= games <= high:
        raise UsageError(
            f"--games {games}: a page measures each change on {low} to {high} games; run `mythos deck suggest` for more"
        )
    decks = state.settings.decks

    def prepare() -> tuple[Any, Any, Any, Any]:
        catalog = state.catalog()
        saved = service.saved_deck(decks, deck_id)
        service.goldfish_format(saved.way_to_play.get("format") or "advanced")  # Cult vs Investigator: say so now
        field = [service.load_saved_deck(catalog, decks, ref) for ref in _against(form)]
        return catalog, saved, service.load_saved_deck(catalog, decks, saved.id, draft=True), field

    catalog, saved, deck, field = await in_thread(prepare)
    play = saved.way_to_play

    def run(progress: JobProgress) -> Any:
        return service.suggest_changes(
            catalog,
            deck,
            games=games,
            seed=seed or 0,
            format_name=play.get("format") or "advanced",
            target=play.get("target"),
            progress=progress,
            checkpoint=progress.check,
            against=field,
        )

    job = state.jobs.start(saved.id, 0, run, {"kind": "suggest", "games": games, "seed": seed})
    return see_other(f"/decks/{saved.id}/suggest/{job.id}")


@answers
async def suggest_page(request: Request) -> Response:
    """A deck's suggested changes: progress while they are measured, then each with its
    effect, interval and reason, and a button applying it."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    back = ("Back to the deck", f"/decks/{quote(deck_id, safe='')}")
    job = state.jobs.get(request.path_params["job"], "suggest", back)
    if job.deck_id != deck_id or job.options.get("kind") != "suggest":
        raise NoSuchPageError(f"these suggestions are not of the deck {deck_id!r}; ask for them from its editor")
    saved = await in_thread(service.saved_deck, state.settings.decks, deck_id)
    now = job.now()
    found = now.result if now.state == "done" else None
    page = SuggestPage(
        frame(request, f"{saved.name} · suggested changes", "decks"),
        build.header(saved),
        job.id,
        now.state,
        now.done,
        now.total,
        job.options["games"],
        job.options["seed"] or 0,
        found.investigator if found else "",
        build.suggestion_rows(found.changes) if found else (),
        build.error_view(now.failure) if now.failure else None,
        found.objective if found else "",
        build.field_share_views(found.against) if found else (),
        tuple(found.left_alone) if found else (),
    )
    return render(request, page)


@answers
async def apply_change(request: Request) -> Response:
    """Applies a suggested change to a deck and saves it as the deck's next version, when the
    page was made against the deck's current revision (else 409, the editor as it now is)."""
    state = served(request)
    deck_id = request.path_params["deck_id"]
    form = await checked_form(request)
    cut, add, said = _field(form, "cut").strip(), _field(form, "add").strip(), _field(form, "change").strip()

    def work() -> Any:
        return service.apply_change(
            state.catalog(),
            state.settings.decks,
            deck_id,
            cut=cut or None,
            add=add or None,
            revision=form_revision(form),
        )

    saved = await changed_or(request, deck_id, work)
    if isinstance(saved, Response):
        return saved
    query = {"saved": str(saved.latest.number), **({"applied": said[:200]} if said else {})}
    return see_other(f"/decks/{saved.id}?{urlencode(query)}")


@answers
async def cancel_job(request: Request) -> Response:
    """Cancels a build, suggestions or test games (guarded as every form is): the work stops
    at its next batch of games, and a build saves nothing; opens the job's page again."""
    state = served(request)
    await checked_form(request)
    job = state.jobs.cancel(request.path_params["job"])
    return see_other(job.page)


def routes() -> list[Route]:
    """Gets the build and suggestion pages' routes (before the editor's /decks/ID)."""
    deck = "/decks/{deck_id}"
    return [
        Route("/decks/build", build_page, methods=["GET"]),
        Route("/decks/build", start_build, methods=["POST"]),
        Route("/decks/build/{job}", build_job_page, methods=["GET"]),
        Route("/decks/build/{job}/save", save_runner_up, methods=["POST"]),
        Route(f"{deck}/build", start_build_from, methods=["POST"]),
        Route(f"{deck}/suggest", start_suggest, methods=["POST"]),
        Route(deck + "/suggest/{job}", suggest_page, methods=["GET"]),
        Route(f"{deck}/apply", apply_change, methods=["POST"]),
        Route("/jobs/{job}/cancel", cancel_job, methods=["POST"]),
    ]
