"""The deck sheet: a printable page of a deck, its check, its Adventures and its test games.

``context`` builds the page's typed input from the rules' values (pure: no files, no Jinja),
``render`` fills the template with it (jinja2, imported on first use), ``text`` writes the
numbers and words both the page and the terminal show, and ``pdf`` prints a page with
headless Chromium. The template and its CSS live in ``templates/`` at the top of the
repository (``docs/sheet.md`` describes the page). Nothing is imported here, so that each
module costs only what it needs.

>>> ctx = context.build_sheet_context(deck, verdict, deck_stats(deck))   # doctest: +SKIP
>>> html = render.render_deck_sheet(ctx)                                # doctest: +SKIP
"""
