"""The errors a user can run into: one hierarchy, each with its kind and exit code.

Every error the house raises on purpose is a :class:`MythosError`. A subclass is named for
what the user ran into, sits beside the code that raises it, and says in its message what
is wrong, echoing the input, and how to fix it. Its class attributes give the ``kind`` (the
``--json`` error's ``kind``, and the web API's) and the ``exit_code``: 2 for input that
cannot be read or used, 1 for a verdict against the input (a verdict is an answer, not an
error: no error here has exit code 1).

Each front end turns an error into its own form through :func:`classify`: the CLI prints one
``Error:`` line (and with ``--json`` the object ``{"error": {"kind", "message",
"exit_code"}}``) and exits with the code; a web route answers the same object with an HTTP
status.

The hierarchy (module, kind)::

    MythosError
      UsageError                      errors                     error
        NotAnAdventureError           errors                     not-an-adventure
      CardDataError                   catalog.importers.cardfile card-data
        SampleCatalogError            catalog.importers.sample   sample-catalog
      ErrataFileError                 catalog.importers.errata   errata-file
      CardFactsFileError              catalog.importers.cardfacts  card-facts-file
      FormatFileError                 catalog.importers.formats  format-file
      TableFileError                  catalog.importers.tomltables  data-file
        RecipeFileError               catalog.importers.recipes  recipe-file
        EffectFileError               catalog.importers.effects  effect-file
      CatalogError                    catalog.store              catalog
        OutdatedCatalogError          catalog.store              catalog
      CatalogPathError                catalog.files              catalog
      CatalogBusyError                catalog.files              catalog-busy
      CatalogLockError                catalog.files              catalog
      FetchError                      catalog.fetch              fetch
      QuerySyntaxError                catalog.search.syntax      query
      NoPrintingInSetError            catalog.lookup             unknown-card
      DeckFileError                   decklists.model            deck-file
      CardNameError                   decklists.model            unknown-card
        UnknownCardError              decklists.model            unknown-card
        AmbiguousCardError            decklists.model            ambiguous-card
      UnknownDeckFormatError          decklists                  deck-format
      UnresolvedDeckError             decklists.deckfile         unresolved-deck
      ChromiumMissingError            sheet.pdf                  chromium-missing
      PdfError                        sheet.pdf                  pdf
      UnknownDeckError                library.saved              unknown-deck
      DeckStoreError                  library.saved              deck-store
        DeckBoundaryError             library.saved              deck-boundary
        UnreadableDeckError           library.saved              unreadable-deck
      DeckChangedError                library.saved              deck-changed
      UnsavedChangesError             library.saved              unsaved-changes
      ForbiddenRequestError           web.guard                  forbidden
      RequestTooLargeError            web.guard                  too-large
      NoSuchPageError                 web.guard                  not-found
        JobGoneError                  web.jobs                   not-found
      WorkStoppedError                web.jobs                   stopped
      UnknownGameError                service.table              unknown-game
      IllegalMoveError                service.table              illegal-move
      TooManyPlayersError             service.table              too-many-players

The rules core imports nothing outside the standard library, not even this module, so its
own exceptions (:class:`~deckbuilder.rules.formats.FormatError` and the others of
:data:`OUTSIDE_ERRORS`) are given their kind and exit code here, as are Python's
``UnicodeDecodeError`` and ``UnicodeEncodeError``. ``tests/test_architecture.py`` checks
that every exception class of the package is one or the other.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, ClassVar


class MythosError(Exception):
    """The base of every error the house raises for a user to read (never raised itself)."""

    #: The error's kind in ``--json`` output and the web API.
    kind: ClassVar[str] = "error"
    #: The CLI's exit code: 2, the input cannot be read or used.
    exit_code: ClassVar[int] = 2


class UsageError(MythosError):
    """Raised when options conflict or name nothing (``--sort colour``, ``-o`` onto the deck).

    Its kind is the plain ``error`` these failures have always answered in ``--json``.
    """

    kind = "error"


class NotAnAdventureError(UsageError):
    """Raised when a title an Adventure command was given names a card of another type."""

    kind = "not-an-adventure"


#: The exceptions of the rules core and of Python a user can run into: (module, class name,
#: kind, exit code). Looked up only in modules already imported: an exception whose module
#: was never imported cannot have been raised.
OUTSIDE_ERRORS: tuple[tuple[str, str, str, int], ...] = (
    ("deckbuilder.rules.formats", "FormatError", "format", 2),
    ("deckbuilder.rules.adventures.notation", "RecipeSyntaxError", "recipe", 2),
    # Caught where catalog/effects.toml is read and raised again as EffectFileError.
    ("deckbuilder.rules.effects.notation", "EffectSyntaxError", "effect", 2),
    ("deckbuilder.rules.engine", "NoInvestigatorError", "no-investigator", 2),
    ("deckbuilder.rules.construction.model", "ImpossibleBuildError", "impossible-build", 2),
    # Caught where errata files are read and raised again as ErrataFileError; listed so
    # that one escaping by another road still reads as one line.
    ("deckbuilder.rules.errata", "InvalidErratumError", "errata-file", 2),
    ("builtins", "UnicodeDecodeError", "encoding", 2),
    # Text that UTF-8 cannot write (a lone surrogate): refused where it enters (a JSON deck,
    # a request), listed so that one reaching a write by another road is one line too.
    ("builtins", "UnicodeEncodeError", "encoding", 2),
)


@dataclass(frozen=True)
class Failure:
    """An error as every front end shows it: its kind, one line of message, an exit code."""

    kind: str
    message: str
    exit_code: int

    def to_json(self) -> dict[str, Any]:
        """Gets the error's JSON: ``{"error": {"kind": ..., "message": ..., "exit_code": ...}}``."""
        return {"error": {"kind": self.kind, "message": self.message, "exit_code": self.exit_code}}


def classify(exc: BaseException) -> Failure | None:
    """Gets the kind, one-line message and exit code of an error a user can run into, or None
    for any other exception (a bug: let it show its traceback)."""
    if isinstance(exc, MythosError):
        return Failure(exc.kind, _one_line(str(exc)), exc.exit_code)
    for module, name, kind, code in OUTSIDE_ERRORS:
        cls = getattr(sys.modules.get(module), name, None)
        if isinstance(cls, type) and isinstance(exc, cls):
            message = str(exc)
            if isinstance(exc, UnicodeDecodeError):
                message = f"the file is not UTF-8 text ({exc}); save it as UTF-8"
            elif isinstance(exc, UnicodeEncodeError):
                bad = exc.object[exc.start : exc.end] if isinstance(exc.object, str) else ""
                message = (
                    f'the text holds "{bad}", which cannot be written as {exc.encoding} (a lone surrogate is '
                    "half of a UTF-16 pair, no character); remove it"
                )
            return Failure(kind, _one_line(message), code)
    return None


def _one_line(message: str) -> str:
    """Gets a message on one line: runs of white space as one space, and any other
    unprintable character (a terminal escape a file smuggled in) shown escaped."""
    spaced = " ".join(message.split())
    if spaced.isprintable():
        return spaced
    return "".join(ch if ch.isprintable() else _escaped(ch) for ch in spaced)


#: The formatting characters that reorder the text after them (right-to-left marks,
#: embeddings, overrides and isolates): shown in a name, they make a terminal show another
#: order than the bytes hold (the "Trojan Source" trick, CVE-2021-42574).
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _escaped(ch: str) -> str:
    """Gets a character as Python writes it escaped: ``\\x1b``, ``\\n``, ``\\ud800``."""
    return ch.encode("unicode_escape").decode("ascii")


def _unsafe(ch: str) -> bool:
    import unicodedata

    return unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") or ch in _BIDI_CONTROLS


def terminal_safe(text: str) -> str:
    """Gets a string a user or a file supplied (a deck's name, a note, a card title, a
    path) as it may be printed on a terminal: every control character (line breaks,
    tabs, ESC and the escape sequences it starts, C1 controls), lone surrogate, line or
    paragraph separator and bidirectional control shown escaped, as ``\\x1b``; every other
    character, accents and non-breaking spaces included, as it is.

    >>> print(terminal_safe("Shub\\x1b[2J's Brood\\n"))
    Shub\\x1b[2J's Brood\\n
    """
    if text.isprintable():  # every character escaped below is unprintable
        return text
    return "".join(_escaped(ch) if _unsafe(ch) else ch for ch in text)
