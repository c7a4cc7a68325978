"""One table of the errors a user can run into, with their kind and exit code.

The core raises specific exceptions (each module names its own); only the CLI turns them
into a one-line message and an exit code, through :func:`classify`. Exit 2 is unreadable
or unusable input, 1 a verdict against the input.
"""

from __future__ import annotations

#: Exception class name -> (kind shown in --json errors, exit code).
KNOWN_ERRORS: dict[str, tuple[str, int]] = {
    "UsageFailure": ("usage", 2),
    "CardDataError": ("card-data", 2),
    "CatalogError": ("catalog", 2),
    "FetchError": ("fetch", 2),
    "QuerySyntaxError": ("query", 2),
    "UnknownCardError": ("unknown-card", 2),
    "NoPrintingInSetError": ("unknown-card", 2),
    "UnknownDeckFormatError": ("deck-format", 2),
    "AmbiguousCardError": ("ambiguous-card", 2),
    "ErrataFileError": ("errata-file", 2),
    "SampleCatalogError": ("sample-catalog", 2),
    "DeckFileError": ("deck-file", 2),
    "UnresolvedDeckError": ("unresolved-deck", 2),
    "FormatError": ("format", 2),
    "RecipeSyntaxError": ("recipe", 2),
    "RecipeFileError": ("recipe-file", 2),
    "NoInvestigatorError": ("no-investigator", 2),
    "FormatFileError": ("format-file", 2),
    "UnicodeDecodeError": ("encoding", 2),
    "ChromiumMissingError": ("chromium-missing", 2),
    "PdfError": ("pdf", 2),
}


def classify(exc: BaseException) -> tuple[str | None, str, int]:
    """Gets (kind, one-line message, exit code) for a known error, or (None, "", 0)."""
    for cls in type(exc).__mro__:
        known = KNOWN_ERRORS.get(cls.__name__)
        if known is None:
            continue
        kind, code = known
        code = getattr(exc, "code", code) if cls.__name__ == "UsageFailure" else code
        kind = getattr(exc, "kind", kind) if cls.__name__ == "UsageFailure" else kind
        message = str(exc)
        if cls.__name__ == "UnicodeDecodeError":
            message = f"the file is not UTF-8 text ({exc}); save it as UTF-8"
        return kind, " ".join(str(message).split()), code
    return None, "", 0
