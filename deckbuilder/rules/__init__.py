"""The rules of Mythos as pure Python: cards, errata, formats, validation, Adventures, play.

Nothing under this package touches files, SQL or the terminal, and it needs only the
standard library (as ``chess/__init__.py`` holds all of chess).
"""


def compiled_core() -> bool:
    """Tells whether the rules core running is the mypyc-compiled one (a wheel built with a C
    compiler, issue 17) or the pure Python source; the goldfish's module stands for the rest.

    Looks the module up without importing it, so asking costs nothing at start-up."""
    from importlib.machinery import EXTENSION_SUFFIXES
    from importlib.util import find_spec

    spec = find_spec("deckbuilder.rules.goldfish")
    return spec is not None and spec.origin is not None and spec.origin.endswith(tuple(EXTENSION_SUFFIXES))
