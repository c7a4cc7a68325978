"""The documentation tells the truth: every command is documented and its README examples run."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from deckbuilder.cli import app

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
runner = CliRunner()


def commands() -> list[tuple[str, object]]:
    """Gets every leaf command as ("deck check", click command)."""
    group = typer.main.get_command(app)
    out = []

    def walk(prefix: str, cmd) -> None:
        subs = getattr(cmd, "commands", None)
        if subs:
            for name, sub in subs.items():
                walk(f"{prefix} {name}".strip(), sub)
        else:
            out.append((prefix, cmd))

    walk("", group)
    return out


def readme() -> str:
    if not README.is_file():
        pytest.skip("README.md is not beside the tests (installed-only run)")
    return README.read_text(encoding="utf-8")


@pytest.mark.parametrize("name, command", commands(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_command_has_help_with_an_example(name, command):
    result = runner.invoke(app, [*name.split(), "--help"])
    assert result.exit_code == 0
    assert (command.help or "").strip(), f"mythos {name} has no help"
    assert "Example:" in result.stdout, f"mythos {name} --help shows no example"


@pytest.mark.parametrize("name", [n for n, _ in commands()])
def test_every_command_is_in_the_readme(name):
    assert f"mythos {name}" in readme(), f"the README never mentions mythos {name}"


def readme_commands() -> list[list[str]]:
    if not README.is_file():
        return []
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", README.read_text(encoding="utf-8"), re.S):
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            if "mythos " in line:
                line = line[line.index("mythos ") :]
                lines.append(shlex.split(line.split("&&")[0]))
    return lines


def test_the_readme_opens_with_the_two_newcomer_commands():
    first_block = re.search(r"```sh\n(.*?)```", readme(), re.S).group(1).splitlines()
    assert len(first_block) == 2
    assert "mythos" in first_block[0] and "pytest" in first_block[1]


@pytest.mark.parametrize("args", [a for a in readme_commands() if a[1] == "search"], ids=" ".join)
def test_readme_search_examples_run_on_the_sample_catalog(args, tmp_path):
    result = runner.invoke(app, [*args[1:], "--db", str(tmp_path / "sample.sqlite")])
    assert result.exit_code == 0, result.output


def test_the_main_job_runs_offline_on_the_sample_catalog(tmp_path, monkeypatch):
    first = readme_commands()[0]
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, [*first[1:], "--db", str(tmp_path / "sample.sqlite")])
    assert result.exit_code == 0, result.output
    assert "bundled sample" in result.stderr


def test_readme_recipe_overrides_parse():
    import tomllib

    from deckbuilder.rules.adventures import parse_recipe_text

    blocks = re.findall(r"```toml\n(.*?)```", readme(), re.S)
    assert blocks, "the README shows an overrides file"
    for block in blocks:
        for record in tomllib.loads(block)["recipe"]:
            assert parse_recipe_text(record["recipe"]).slots


DOCS = sorted((ROOT / "docs").glob("*.md"))


def anchor(heading: str) -> str:
    """Gets GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("page", [README, *DOCS], ids=lambda p: p.name)
def test_every_link_of_the_readme_and_docs_leads_somewhere(page):
    if not page.is_file():
        pytest.skip(f"{page.name} is not beside the tests (installed-only run)")
    text = page.read_text(encoding="utf-8")
    for target, fragment in re.findall(r"\]\(([^)#\s]*)(?:#([^)\s]*))?\)", text):
        if target.startswith(("http://", "https://")):
            continue
        linked = (page.parent / target) if target else page
        assert linked.exists(), f"{page.name} links to {target}, which does not exist"
        if fragment and linked.suffix == ".md":
            headings = re.findall(r"^#+ (.+)$", linked.read_text(encoding="utf-8"), re.M)
            assert fragment in {anchor(h) for h in headings}, (
                f"{page.name} links to {target}#{fragment}: no such heading"
            )


def test_the_search_page_holds_the_whole_query_language_of_the_help():
    from deckbuilder.catalog.search import search_help

    page = ROOT / "docs" / "search.md"
    if not page.is_file():
        pytest.skip("docs/ is not beside the tests (installed-only run)")
    assert search_help().strip("\n") in page.read_text(encoding="utf-8"), (
        "docs/search.md's text block differs from `mythos search --help`: copy the help's language into it"
    )


def test_the_readme_names_the_folders_the_skipped_tests_need():
    import conftest

    text = readme()
    for folder in (conftest.MYTHOS_DATA, conftest.SEEDS):
        assert f"../shared/{folder.name}" in text, f"the README's Tests section never names ../shared/{folder.name}"


def test_the_readme_stays_a_players_page():
    text = readme()
    assert len(text.splitlines()) <= 400, "the README grew past 400 lines: move the details to docs/"
    assert not re.search(r"\bissue \d+", text, re.I), "the README tells history: it belongs in CHANGELOG.md"
