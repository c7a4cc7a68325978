"""Reads HTML as a browser does and finds elements with CSS selectors.

The parsing and the selectors are selectolax's (Lexbor: the WHATWG HTML parser, so an
``<option>``, ``<li>`` or ``<td>`` ends where a browser ends it, and CSS selectors as
``querySelectorAll`` reads them); this module only gives the tests their words: an element's
tag, attributes (a bare attribute reads as ``""``), classes and text, whitespace collapsed.
"""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser, LexborNode


class Element:
    """An element of a parsed page (or the page itself, from :func:`parse_html`)."""

    __slots__ = ("node",)

    def __init__(self, node: LexborNode | LexborHTMLParser) -> None:
        self.node = node

    def __repr__(self) -> str:
        return f"<Element {self.tag} {self.attrs}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Element) and self.node == other.node

    def __hash__(self) -> int:
        return hash(self.node.mem_id) if isinstance(self.node, LexborNode) else id(self.node)

    @property
    def tag(self) -> str:
        return (self.node.tag or "") if isinstance(self.node, LexborNode) else "#document"

    @property
    def attrs(self) -> dict[str, str]:
        if not isinstance(self.node, LexborNode):
            return {}
        return {name: value or "" for name, value in self.node.attributes.items()}

    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def text(self) -> str:
        """Gets the element's text (every text inside it, markup dropped), whitespace collapsed."""
        return " ".join((self.node.text(deep=True) or "").split())


def parse_html(text: str) -> Element:
    """Parses a page as a browser does (implied end tags, ``<tbody>`` and all)."""
    return Element(LexborHTMLParser(text))


def select(root: Element, selector: str) -> list[Element]:
    """Gets the elements inside ``root`` matching a CSS selector (``section.type-group li.card``),
    in document order. As with a browser's ``querySelectorAll``, ``root`` itself is never one of
    them, and the ancestors the selector names may lie outside it."""
    return [Element(node) for node in root.node.css(selector) if node != root.node]


def select_one(root: Element, selector: str) -> Element:
    """Gets the one element matching ``selector``; fails the test when there are none or several."""
    found = select(root, selector)
    assert len(found) == 1, f"{selector!r} matched {len(found)} elements"
    return found[0]


def texts(root: Element, selector: str) -> list[str]:
    """Gets the text of every element matching ``selector``."""
    return [e.text() for e in select(root, selector)]
