"""Renders pages: one configured Jinja environment, fed one context dataclass per page.

As in datasette (``app.py``), the tool's pages share one environment: autoescape on,
undefined names raise, the loader reads ``templates/``. jinja2 is imported only inside
:func:`environment`, so importing this module (or the CLI) stays cheap.

>>> html = render_deck_sheet(build_sheet_context(deck, verdict, deck_stats(deck)))   # doctest: +SKIP
"""

from __future__ import annotations

import dataclasses
import functools
from typing import TYPE_CHECKING, Any

from deckbuilder.sheet.text import percent, plural, signed

if TYPE_CHECKING:
    import jinja2

    from deckbuilder.sheet.context import DeckSheetContext

#: The name of the deck-sheet template in ``templates/``.
DECK_SHEET_TEMPLATE = "deck_sheet.html"


def css_string(text: str) -> Any:
    """Gets text as a CSS string literal, safe inside ``<style>``: a deck's name in the page
    header ("Me and My Shadow" on every page after the first). Quotes and backslashes are
    escaped, as is every character outside printable ASCII and ``<`` (no ``</style>``)."""
    from markupsafe import Markup

    out = []
    for ch in str(text):
        if ch.isascii() and ch.isprintable() and ch not in '"\\<>&':
            out.append(ch)
        else:
            out.append(f"\\{ord(ch):06x}")
    return Markup('"' + "".join(out) + '"')


#: Short column heads for an Investigator's numbers where several share a table.
SHORT_LABELS = {
    "Sanity": "San",
    "Maximum Sanity": "Max San",
    "Education": "Edu",
    "Hand": "Hand",
    "Minimum / Maximum": "Min/Max",
}


def short_label(label: str) -> str:
    """Gets the short column head of an Investigator's number (``Max San``)."""
    return SHORT_LABELS.get(label, label)


FILTERS = {"signed": signed, "percent": percent, "plural": plural, "css_string": css_string, "short_label": short_label}


@functools.cache
def environment() -> jinja2.Environment:
    """Gets the one configured Jinja environment for the tool's pages.

    Autoescape is on (a deck named ``<script>`` prints as text), undefined names raise
    (a misspelt context field fails a test instead of printing nothing), and the loader
    reads ``templates/`` (:func:`deckbuilder.paths.templates_dir`).
    """
    import jinja2

    from deckbuilder.paths import templates_dir

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        autoescape=jinja2.select_autoescape(("html", "htm", "xml", "svg"), default_for_string=True, default=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters.update(FILTERS)
    return env


def template_variables(ctx: Any) -> dict[str, Any]:
    """Gets a context dataclass as template variables: one per top-level field."""
    return {f.name: getattr(ctx, f.name) for f in dataclasses.fields(ctx)}


def render_deck_sheet(ctx: DeckSheetContext) -> str:
    """Gets the deck sheet as one self-contained HTML page (inline CSS and SVG; no scripts)."""
    return environment().get_template(DECK_SHEET_TEMPLATE).render(template_variables(ctx))
