"""Reads the ways to play and the house rules from ``catalog/formats.toml``."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from deckbuilder.errors import MythosError
from deckbuilder.rules.formats import Format, FormatRule, HouseRule, Severity


class FormatFileError(MythosError, ValueError):
    """Raised when the formats file is malformed (unknown key, missing field, bad value)."""

    kind = "format-file"


def _rule(data: dict[str, Any], where: str) -> FormatRule:
    from deckbuilder.rules.validator import CHECKS

    missing = {"id", "check", "severity", "words", "source"} - data.keys()
    if missing:
        raise FormatFileError(f"{where}: rule lacks {', '.join(sorted(missing))}")
    if data["check"] not in CHECKS:
        raise FormatFileError(f"{where}: rule {data['id']} names unknown check {data['check']!r}")
    try:
        severity = Severity(data["severity"])
    except ValueError:
        raise FormatFileError(
            f"{where}: rule {data['id']} has severity {data['severity']!r}; use error, warning or note"
        ) from None
    return FormatRule(data["id"], data["check"], severity, data["words"], data["source"], dict(data.get("params", {})))


def load_formats(path: Path | None = None) -> tuple[list[Format], list[HouseRule]]:
    """Gets the formats and house rules. Raises :class:`FormatFileError` for a bad file."""
    if path is None:
        from deckbuilder.paths import catalog_data_dir

        path = catalog_data_dir() / "formats.toml"
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise FormatFileError(f"{path}: cannot be read ({exc})") from None
    rulesets = {
        rs["id"]: tuple(_rule(r, f"{path} ruleset {rs['id']}") for r in rs.get("rule", ()))
        for rs in data.get("ruleset", ())
    }
    formats = []
    for i, f in enumerate(data.get("format", ())):
        where = f"{path} format #{i + 1}"
        missing = {"id", "name", "game", "description", "source"} - f.keys()
        if missing:
            raise FormatFileError(f"{where}: lacks {', '.join(sorted(missing))}")
        rules: list[FormatRule] = []
        for name in f.get("include", ()):
            if name not in rulesets:
                raise FormatFileError(f"{where}: includes unknown ruleset {name!r}")
            rules.extend(rulesets[name])
        rules.extend(_rule(r, where) for r in f.get("rule", ()))
        formats.append(
            Format(
                id=f["id"],
                name=f["name"],
                game=f["game"],
                description=f["description"],
                source=f["source"],
                rules=tuple(rules),
                aliases=tuple(f.get("aliases", ())),
                campaign_target=f.get("campaign_target"),
                sides=tuple(f.get("sides", ())),
            )
        )
    ids = {f.id for f in formats}
    for fmt in formats:
        for side in fmt.sides:
            if side not in ids:
                raise FormatFileError(f"{path} format {fmt.id}: side {side!r} is no format of the file")
    house_rules = [
        HouseRule(
            h["id"],
            h["name"],
            h["description"],
            tuple(_rule(r, f"{path} house rule {h['id']}") for r in h.get("rule", ())),
            waives=tuple(h.get("waives", ())),
            conflicts=tuple(h.get("conflicts", ())),
        )
        for h in data.get("house_rule", ())
    ]
    return formats, house_rules
