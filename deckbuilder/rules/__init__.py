"""The rules of Mythos as pure Python: cards, errata, formats, validation, Adventures, play.

Nothing under this package touches files, SQL or the terminal, and it needs only the
standard library (as ``chess/__init__.py`` holds all of chess).
"""
