"""``mythos deck list|history|diff|save|restore|delete|undelete|copy|rename|code`` and ``mythos collection import|show``: the player's files.

Saved decks live in the folder of saved decks (``--decks``, ``$MYTHOS_DECKS``, or
``decks/`` in the user data folder), one JSON deck file per deck with every version kept;
the web deck builder (``mythos serve``) saves there too. A saved deck is named by its id
or its name, and ``ID@N`` names its version N. Each command calls one function of
:mod:`deckbuilder.service`; nothing heavy is imported at module level.

Exit codes: 0 success; 2 a deck, version or file that cannot be found or read (a saved
deck's file that is a symbolic link is refused and left as it is). ``deck list`` lists every
deck that can be read and names each file that cannot; ``deck history`` shows a version
that cannot be read as unreadable.
"""

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from deckbuilder.cli.common import CollectionOption, DbOption, DeckArgument, DecksOption, JsonOption
from deckbuilder.cli.output import echo_lines, emit_json, load_deck, open_catalog, reported, show, warn

_RefArgument = Annotated[str, typer.Argument(help="A deck file, or a saved deck's id or name (ID@N: its version N).")]


def deck_list(decks: DecksOption = None, as_json: JsonOption = False) -> None:
    """Lists the saved decks: id, name, cards, versions and when last saved.

    Example: mythos deck list
    """
    with reported(as_json):
        from deckbuilder import service

        show(service.saved_decks(decks), as_json, "saved_decks_lines")


def deck_history(
    name: Annotated[str, typer.Argument(help="A saved deck's id or name.")],
    decks: DecksOption = None,
    as_json: JsonOption = False,
) -> None:
    """Shows every saved version of a deck, when it was saved, and what changed each time.

    Example: mythos deck history shubs-brood
    """
    with reported(as_json):
        from deckbuilder import service

        show(service.deck_history(decks, name), as_json, "history_lines")


def deck_diff(
    before: _RefArgument,
    after: _RefArgument,
    decks: DecksOption = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Compares two decks title by title: two files, or two versions of a saved deck.

    Example: mythos deck diff shubs-brood@1 shubs-brood
    """
    with reported(as_json):
        from deckbuilder import service

        catalog = open_catalog(db, quiet=as_json)
        first = service.load_deck_ref(catalog, decks, before)
        second = service.load_deck_ref(catalog, decks, after)
        show(service.deck_diff(first, second), as_json, "diff_lines")


def deck_save(
    deck: Annotated[Path, typer.Argument(help="A deck list: text, GCCG .deck, LackeyCCG .dek or JSON.")],
    deck_id: Annotated[
        Optional[str], typer.Option("--id", help="Save as the next version of this saved deck.", show_default=False)
    ] = None,
    decks: DecksOption = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Saves a deck file among the saved decks (a new deck, or the next version of --id).

    Example: mythos deck save my.deck
    """
    with reported(as_json):
        from deckbuilder import service

        if deck_id is not None:
            service.saved_deck(decks, deck_id)  # an unknown id fails before any work
        catalog, loaded = load_deck(db, deck, quiet=as_json)
        saved = service.save_deck(catalog, decks, loaded, deck_id=deck_id)
        if as_json:
            emit_json({**saved.to_json(), "unchanged": saved.unchanged})
        elif saved.unchanged:
            typer.echo(
                f"unchanged: {saved.id} is already as version {saved.latest.number} ({saved.cards} cards); "
                "no version added"
            )
        else:
            echo_lines([f"saved {saved.id} version {saved.latest.number} ({saved.cards} cards) in {saved.path}"])


def collection_import(
    counts: Annotated[Path, typer.Argument(help="The cards you own, as a deck list in any format ('3 Dark Young').")],
    collection: CollectionOption = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Makes a counts file your collection (replacing the one before): the cards you own.

    Then `mythos search is:owned` finds them, and the web deck builder warns when a deck
    needs more copies than you own.

    Example: mythos collection import my-cards.txt
    """
    with reported(as_json):
        from deckbuilder import service

        catalog, loaded = load_deck(db, counts, quiet=as_json)
        result = service.import_collection(catalog, loaded, collection)
        if not as_json:
            warn(f"wrote {result.path}")
        show(result, as_json, "collection_lines")


def collection_show(collection: CollectionOption = None, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Shows the cards you own, each title with its copies.

    Example: mythos collection show
    """
    with reported(as_json):
        from deckbuilder import service

        catalog = open_catalog(db, quiet=as_json)
        show(service.show_collection(catalog, collection), as_json, "collection_lines")


_SavedArgument = Annotated[str, typer.Argument(help="A saved deck's id or name (`mythos deck list` shows them).")]


def _saved_line(saved: Any, verb: str) -> str:
    return f"{verb} {saved.id} as version {saved.latest.number} ({saved.cards} cards): {saved.name}"


def deck_restore(
    name: _SavedArgument,
    version: Annotated[int, typer.Argument(help="The version to restore (`mythos deck history` numbers them).", min=1)],
    discard_changes: Annotated[
        bool, typer.Option("--discard-changes", help="Drop the web deck builder's unsaved changes to this deck.")
    ] = False,
    decks: DecksOption = None,
    as_json: JsonOption = False,
) -> None:
    """Restores an older version of a saved deck: saved again as its newest version (the history keeps all).

    Example: mythos deck restore shubs-brood 2
    """
    with reported(as_json):
        from deckbuilder import service

        saved = service.restore_version(decks, name, version, drop_changes=discard_changes)
        if as_json:
            emit_json({**saved.to_json(), "unchanged": saved.unchanged})
        elif saved.unchanged:
            typer.echo(f"unchanged: {saved.id} is already as version {version}; no version added")
        else:
            typer.echo(_saved_line(saved, f"restored version {version} of"))


def deck_delete(
    name: _SavedArgument,
    purge: Annotated[
        bool, typer.Option("--purge", help="Remove the deck and its history for good, with its deleted copies.")
    ] = False,
    decks: DecksOption = None,
    as_json: JsonOption = False,
) -> None:
    """Deletes a saved deck: it moves with its history to the decks folder's .trash (--purge: gone for good).

    `mythos deck undelete ID` brings a deleted deck back.

    Example: mythos deck delete shubs-brood
    """
    with reported(as_json):
        from deckbuilder import service

        place = service.delete_saved_deck(decks, name, purge=purge)
        if as_json:
            emit_json({"deleted": name, "kept_in": str(place) if place else None})
        elif place is None:
            typer.echo(f"purged {name}: the deck and its history are gone")
        else:
            typer.echo(
                f"deleted {name}; kept with its history in {place} (`mythos deck undelete {place.name.split('.')[0]}` "
                "brings it back, `--purge` removes it for good)"
            )


def deck_undelete(
    deck_id: Annotated[str, typer.Argument(help="The id of a deleted deck.")],
    decks: DecksOption = None,
    as_json: JsonOption = False,
) -> None:
    """Brings back the deck last deleted under an id, with its history.

    Example: mythos deck undelete shubs-brood
    """
    with reported(as_json):
        from deckbuilder import service

        saved = service.undelete_saved_deck(decks, deck_id)
        if as_json:
            emit_json(saved.to_json())
        else:
            typer.echo(f"brought back {saved.id}: {saved.name}, {len(saved.versions)} versions")


def deck_copy(
    name: _SavedArgument,
    new_name: Annotated[
        Optional[str], typer.Argument(help="The copy's name (default: NAME (copy)).", show_default=False)
    ] = None,
    decks: DecksOption = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Copies a saved deck as a new saved deck (its way to play too; a history of its own).

    Example: mythos deck copy shubs-brood "Shub's Brood, faster"
    """
    with reported(as_json):
        from deckbuilder import service

        service.saved_deck(decks, name)  # an unknown deck fails before the catalog opens
        catalog = open_catalog(db, quiet=as_json)
        saved = service.copy_saved_deck(catalog, decks, name, new_name)
        if as_json:
            emit_json(saved.to_json())
        else:
            typer.echo(f"copied to {saved.id}: {saved.name} ({saved.cards} cards)")


def deck_rename(
    name: _SavedArgument,
    new_name: Annotated[str, typer.Argument(help="The deck's new name.")],
    decks: DecksOption = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Renames a saved deck (saved as its next version; its id stays the same).

    Example: mythos deck rename shubs-brood "Shub's Brood (old)"
    """
    with reported(as_json):
        from deckbuilder import service

        service.saved_deck(decks, name)
        catalog = open_catalog(db, quiet=as_json)
        saved = service.rename_saved_deck(catalog, decks, name, new_name)
        if as_json:
            emit_json(saved.to_json())
        else:
            typer.echo(_saved_line(saved, "renamed"))


def deck_code(
    deck: DeckArgument,
    url: Annotated[
        Optional[str],
        typer.Option(
            "--url",
            help="Also print the link that opens the code in `mythos serve` at this address (http://localhost:8000).",
            show_default=False,
        ),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Prints a deck's share code: one line to paste in a chat; every deck command reads it back.

    The code holds the deck's name and cards (not its notes); `mythos deck check CODE`
    reads it offline, and the web deck builder's Import takes it.

    Example: mythos deck code shubs-brood --url http://localhost:8000
    """
    with reported(as_json):
        from deckbuilder import service

        catalog, loaded = load_deck(db, deck, quiet=as_json)
        code = service.deck_code(catalog, loaded)
        link = service.share_link(code, url) if url else None
        if as_json:
            emit_json({"name": loaded.name, "cards": loaded.deck.count(), "code": code, "link": link})
        else:
            typer.echo(code)
            if link:
                typer.echo(link)
