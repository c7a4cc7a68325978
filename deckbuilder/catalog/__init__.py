"""The card store: the SQLite catalog, its search language, title lookup, recipes and importers.

Everything that reads or writes the catalog lives here, and every SQL statement of the
tool is in this package. Nothing is imported here, so that ``import
deckbuilder.catalog.search`` stays free of SQLite and sqlmodel.
"""
