"""The house stays easy to live in: the rules core needs only the standard library."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

import deckbuilder.rules

RULES_MODULES = sorted(
    m.name for m in pkgutil.walk_packages(deckbuilder.rules.__path__, prefix="deckbuilder.rules.")
)
OUTSIDE_THE_CORE = ("sqlite3", "sqlmodel", "sqlalchemy", "typer", "click", "jinja2", "rapidfuzz",
                    "defusedxml", "platformdirs", "deckbuilder.catalog.store", "deckbuilder.cli")


@pytest.mark.parametrize("module", RULES_MODULES)
def test_a_rules_module_imports_no_storage_terminal_or_third_party_code(module):
    code = (
        f"import sys, {module}\n"
        f"bad = [m for m in {OUTSIDE_THE_CORE!r} if m in sys.modules]\n"
        "print(','.join(bad))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"{module} pulls in {result.stdout.strip()}"


def test_starting_the_cli_loads_no_heavy_module():
    code = (
        "import sys, deckbuilder.cli\n"
        "print(','.join(m for m in ('sqlmodel', 'sqlalchemy', 'jinja2', 'rapidfuzz', 'defusedxml') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


# --------------------------------------------------------------------------------------
# One hierarchy of errors


def _package_modules() -> list[str]:
    import deckbuilder

    return sorted(
        m.name for m in pkgutil.walk_packages(deckbuilder.__path__, prefix="deckbuilder.")
        if m.name not in ("deckbuilder.__main__",)
    )


def _exception_classes() -> list[type]:
    import importlib

    found = []
    for name in _package_modules():
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Exception) and value.__module__ == name:
                found.append(value)
    return sorted(set(found), key=lambda c: (c.__module__, c.__qualname__))


def test_every_error_a_user_can_meet_has_a_kind_and_an_exit_code():
    import importlib

    from deckbuilder.errors import OUTSIDE_ERRORS, MythosError, classify

    outside = {(module, name) for module, name, _kind, _code in OUTSIDE_ERRORS}
    for cls in _exception_classes():
        if cls.__name__.startswith("_"):
            continue  # private: never leaves its module
        if cls.__module__.startswith("deckbuilder.rules."):
            # The rules core may not import deckbuilder.errors: its errors are listed there.
            module = next(m for m, n in outside if n == cls.__name__)
            assert getattr(importlib.import_module(module), cls.__name__) is cls
        else:
            assert issubclass(cls, MythosError), f"{cls.__module__}.{cls.__name__} is not a MythosError"
            assert cls.kind and cls.exit_code in (1, 2), cls
    for module, name, kind, code in OUTSIDE_ERRORS:
        cls = getattr(importlib.import_module(module), name)
        error = cls.__new__(cls)
        Exception.__init__(error, "line one\n  line two")
        failure = classify(error)
        assert failure is not None and (failure.kind, failure.exit_code) == (kind, code)


def test_the_errors_module_lists_the_whole_hierarchy():
    import importlib
    import re

    import deckbuilder.errors
    from deckbuilder.errors import MythosError

    rows = re.findall(r"^ {6,}(\w+Error) +([\w.]+) +([\w-]+)$", deckbuilder.errors.__doc__, re.M)
    listed = {}
    for name, module, kind in rows:
        cls = getattr(importlib.import_module(f"deckbuilder.{module}"), name)
        assert cls.kind == kind, f"{name} is listed as {kind} but its kind is {cls.kind}"
        listed[name] = cls
    ours = {c.__name__ for c in _exception_classes() if issubclass(c, MythosError) and c is not MythosError}
    assert ours == set(listed)


def test_an_error_reads_as_one_line_with_its_kind_and_exit_code():
    from deckbuilder.catalog.store import CatalogError
    from deckbuilder.errors import classify

    failure = classify(CatalogError("the catalog\n   is broken"))
    assert failure.to_json() == {"error": {"kind": "catalog", "message": "the catalog is broken", "exit_code": 2}}
    assert classify(KeyError("a bug")) is None
