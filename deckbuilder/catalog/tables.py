"""The catalog's tables as sqlmodel models: the source of its schema.

A build does not import this module (nor sqlmodel, nor SQLAlchemy): it creates the tables
from :mod:`deckbuilder.catalog.schema`, the SQL these models emit in SQLite's dialect, kept
in the package (issue 28: importing sqlmodel to emit it was 0.30 s of the 0.73 s of
``mythos catalog import``). ``tests/test_storage.py`` holds the two equal; after changing a
table here, write the SQL again with::

    python -m deckbuilder.catalog.tables

The tables are described in :mod:`deckbuilder.catalog.store`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

from sqlalchemy import Index, UniqueConstraint
from sqlmodel import Field, SQLModel

#: The module that holds the SQL, beside this one.
SCHEMA_MODULE = Path(__file__).with_name("schema.py")


class CardRow(SQLModel, table=True):
    __tablename__ = "card"
    __table_args__ = (
        Index("ix_card_type_subtype", "type", "subtype_fold"),
        Index("ix_card_subregion", "subregion_fold"),
        Index("ix_card_region", "region_fold"),
    )

    id: Optional[int] = Field(default=None, primary_key=True)
    key: str = Field(unique=True)
    title: str
    title_fold: str = Field(index=True)
    sort_title: str
    printed_title: str
    set_code: str = Field(index=True)
    set_order: int
    legality: str
    printing: int
    type: Optional[str] = None
    subtype: Optional[str] = None
    subtype_fold: Optional[str] = None
    value: Optional[int] = None
    value2: Optional[int] = None
    goo: bool = False
    gate: bool = False
    is_unique: bool = False
    sanity: Optional[int] = None
    region: Optional[str] = None
    region_fold: Optional[str] = None
    subregion: Optional[str] = None
    subregion_fold: Optional[str] = None
    dimension: Optional[str] = None
    allegiance: Optional[str] = None
    monster_class: Optional[str] = None
    education: Optional[int] = None
    sanity_max: Optional[int] = None
    hand: Optional[int] = None
    hand_min: Optional[int] = None
    hand_max: Optional[int] = None
    rarity: Optional[str] = None
    text_fold: str = ""
    has_errata: bool = False
    has_problems: bool = False
    has_disagreements: bool = False
    data: str


class CardTagRow(SQLModel, table=True):
    __tablename__ = "card_tag"
    __table_args__ = (Index("ix_card_tag_kind_value", "kind", "value", "card_id"),)

    card_id: int = Field(primary_key=True, foreign_key="card.id")
    kind: str = Field(primary_key=True)
    value: str = Field(primary_key=True)


class AliasRow(SQLModel, table=True):
    __tablename__ = "alias"

    fold: str = Field(primary_key=True)
    card_id: int = Field(primary_key=True, foreign_key="card.id")


class PrintedCardRow(SQLModel, table=True):
    __tablename__ = "printed_card"

    # Both transcriptions may hold a printing under one key: the order is the identity.
    seq: int = Field(primary_key=True)
    key: str
    source_path: str
    transcription: str
    set_code: str
    data: str


class SourceRow(SQLModel, table=True):
    __tablename__ = "source"
    __table_args__ = (UniqueConstraint("transcription", "name"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    path: str
    name: str
    transcription: str
    set_code: str
    cards: int
    sha256: str
    imported_at: float


class MetaRow(SQLModel, table=True):
    __tablename__ = "meta"

    key: str = Field(primary_key=True)
    value: str


def schema_statements() -> tuple[list[str], list[str]]:
    """Gets the statements that create the catalog's tables, and then its indexes, as the
    sqlmodel tables above define them (SQLite's dialect), in an order that does not vary."""
    from sqlalchemy.dialects import sqlite
    from sqlalchemy.schema import CreateIndex, CreateTable

    dialect = sqlite.dialect()
    tables = SQLModel.metadata.sorted_tables
    return (
        [str(CreateTable(t).compile(dialect=dialect)).strip() for t in tables],
        [
            str(CreateIndex(i).compile(dialect=dialect)).strip()
            for t in tables
            for i in sorted(t.indexes, key=lambda index: str(index.name))  # a set: its order varies
        ],
    )


def _quoted(text: str) -> str:
    """Gets a string as a Python literal, quoted as ``ruff format`` quotes it (double quotes,
    single where that spares escaping double ones)."""
    quote = "'" if '"' in text and "'" not in text else '"'
    escaped = text.replace("\\", "\\\\").replace(quote, "\\" + quote).replace("\t", "\\t").replace("\n", "\\n")
    return quote + escaped + quote


def _literal(statement: str) -> str:
    """Gets a statement as an item of a tuple, written as ``ruff format`` leaves it: on one
    line where it fits in 120 characters, else a string a line, so that the generated file
    passes the formatter's check as it is written."""
    whole = f"    {_quoted(statement)},\n"
    if len(whole) <= 121:
        return whole
    lines = "".join(f"        {_quoted(line)}\n" for line in statement.splitlines(keepends=True))
    return "    (\n" + lines + "    ),\n"


def schema_module() -> str:
    """Gets the text of :mod:`deckbuilder.catalog.schema` as the tables above emit it."""
    create_tables, create_indexes = schema_statements()
    return (
        '"""The SQL that creates the catalog\'s tables and indexes (SQLite\'s dialect), as the sqlmodel\n'
        "tables of :mod:`deckbuilder.catalog.tables` emit it: a build runs it without importing sqlmodel.\n"
        "\n"
        "Generated by ``python -m deckbuilder.catalog.tables``: do not edit by hand; change the tables\n"
        "there and run that command again (tests/test_storage.py fails while the two differ).\n"
        '"""\n'
        "\n"
        "#: The statements that create the tables, in the order of their foreign keys.\n"
        "CREATE_TABLES = (\n" + "".join(_literal(s) for s in create_tables) + ")\n"
        "\n"
        "#: The statements that create the indexes: run after the rows are written (one sort each).\n"
        "CREATE_INDEXES = (\n" + "".join(_literal(s) for s in create_indexes) + ")\n"
    )


def main() -> int:
    """Writes :mod:`deckbuilder.catalog.schema` from the tables, if it differs."""
    text = schema_module()
    if SCHEMA_MODULE.is_file() and SCHEMA_MODULE.read_text(encoding="utf-8") == text:
        print(f"{SCHEMA_MODULE} is up to date")
    else:
        SCHEMA_MODULE.write_text(text, encoding="utf-8", newline="\n")
        print(f"wrote {SCHEMA_MODULE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
