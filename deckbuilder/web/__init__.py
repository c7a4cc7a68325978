"""The web deck builder (``mythos serve``): the second front door, over the same service as the CLI.

A route does what a CLI command does: it parses its input (a query string, a form, a deck
pasted or uploaded), calls :mod:`deckbuilder.service`, and shows the answer, as JSON (the
API, whose every answer is the matching CLI command's ``--json``) or as a page rendered
from ``templates/web/`` through the deck sheet's Jinja environment, from one context
dataclass per page (:mod:`deckbuilder.sheet.pages`, built by
:mod:`deckbuilder.sheet.page_builders`). Nothing here reads a card file,
runs SQL or applies a rule.

The modules: ``app`` (the application, its settings, the catalog it serves, errors as
answers), ``guard`` (the safety checks every request passes: the Host header, body size,
the per-session CSRF token), ``api`` (the JSON routes), ``pages`` (the HTML routes),
``jobs`` (goldfish games run in the
background with their progress). Starlette, uvicorn and python-multipart are imported
only when the server starts, so ``mythos --help`` never loads them.
"""
