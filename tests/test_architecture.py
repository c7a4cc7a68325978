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
                    "defusedxml", "platformdirs", "deckbuilder.storage", "deckbuilder.cli")


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
