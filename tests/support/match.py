"""The match tests' shared builders: two players at one table from real cards, a scripted
computer player, and moves that put a card where a test needs it."""

from __future__ import annotations

from collections.abc import Sequence

from deckbuilder.rules.cards import Card, CardType
from deckbuilder.rules.engine import Game, Play, PlayKind, Rules
from deckbuilder.rules.engine.locations import arrive_at
from deckbuilder.rules.match import Match, new_match

CARDS = [
    "Arkham Sanitarium",
    "DBZ Spacelab",
    "Chapman Farmhouse",
    "Star Vampire",
    "Dark Young",
    "Skeletons",
    "Vampire",
    "Mi-Go",
    "Enchanted Knife",
    "Albert Shiny",
    "Dr. Allen",
    "George Birch",
    "The Innsmouth Look",
]


def investigator(name: str, sanity: int, education: int) -> Card:
    return Card(
        key=f"T:{name}",
        title=name,
        set_code="T",
        type=CardType.INVESTIGATOR,
        sanity=sanity,
        hand=5,
        hand_min=0,
        hand_max=5,
        education=education,
    )


def game(by_title: dict[str, Card], titles: Sequence[str], who: Card) -> Game:
    return Game([by_title[t] for t in titles], who, Rules(advanced=True, phantom_opponent=True))


class Scripted:
    """A policy that plays from a script: "pass", or "play" (the first play that is not a Pass);
    every Monster at the next seat; the Allies listed in ``defenders`` defend."""

    def __init__(self, script: Sequence[str] = (), defenders: Sequence[str] = ()) -> None:
        self.script = list(script)
        self.defenders = set(defenders)

    def choose(self, m: Match, seat: int, plays: list[Play]) -> Play:
        want = self.script.pop(0) if self.script else "pass"
        if want == "play":
            return next(p for p in plays if p.kind is not PlayKind.PASS)
        return next(p for p in plays if p.kind is PlayKind.PASS)

    def direct(self, m: Match, seat: int) -> list[int]:
        return [(seat + 1) % m.n] * len(m.players[seat].threat)

    def defend(self, m: Match, seat: int, incoming: list[int]) -> list[int]:
        s = m.players[seat]
        attacker = max(range(m.n), key=lambda a: incoming[a])
        return [attacker if s.game.title(a) in self.defenders else -1 for a in s.allies]

    def combat_use(self, m: Match, seat: int, plays: list[Play]) -> Play | None:
        return None


def at(m: Match, seat: int, title: str) -> None:
    """Puts a player at a Location of the deck (as the engine's arrival does)."""
    s = m.players[seat]
    cid = next(c for c in range(s.game.size) if s.game.title(c) == title)
    for zone in (s.hand, s.deck):
        if cid in zone:
            zone.remove(cid)
    arrive_at(s, cid)


def put(m: Match, seat: int, zone: str, title: str, holder: str = "") -> int:
    """Moves a copy of ``title`` from the player's Mythos Deck or Hand into a zone; gets its id."""
    s = m.players[seat]
    cid = next(c for c in range(s.game.size) if s.game.title(c) == title and (c in s.deck or c in s.hand))
    (s.deck if cid in s.deck else s.hand).remove(cid)
    getattr(s, zone).append(cid)
    if holder:
        h = next(a for a in s.allies if s.game.title(a) == holder)
        s.attached[h] = s.attached.get(h, ()) + (cid,)
    return cid


def two_players(by_title, titles_a, titles_b, sanity=(15, 15), education=(12, 10)) -> Match:
    a = game(by_title, titles_a, investigator("Brian", sanity[0], education[0]))
    b = game(by_title, titles_b, investigator("Meghan", sanity[1], education[1]))
    return new_match([a, b], seed=3, names=["Brian", "Meghan"])


def brian_and_meghan(cards_a: Sequence[Card], cards_b: Sequence[Card], start: str = "Arkham House") -> Match:
    """Brian (Sanity 15, Education 12) and Meghan (15, 10) with invented cards (``tests/support/
    engine.py``), each at Arkham House (Meghan at ``start``), every other card in the Mythos Deck;
    the log empty."""
    from support.engine import ARKHAM_HOUSE, FILLER

    games = [
        Game(
            [ARKHAM_HOUSE, *cards, FILLER, FILLER],
            investigator(name, 15, edu),
            Rules(advanced=True, phantom_opponent=True),
        )
        for cards, name, edu in ((cards_a, "Brian", 12), (cards_b, "Meghan", 10))
    ]
    m = new_match(games, seed=3, names=["Brian", "Meghan"])
    for seat, s in enumerate(m.players):
        s.deck += s.hand
        s.hand = []
        arrive_at(s, take(m, seat, start if seat == 1 else "Arkham House"))
    m.log = []
    return m


def take(m: Match, seat: int, title: str) -> int:
    """Takes a copy of ``title`` out of the player's Mythos Deck (else Hand, else Story Deck);
    gets its id."""
    s = m.players[seat]
    zone = next(z for z in (s.deck, s.hand, s.story) if any(s.game.title(c) == title for c in z))
    cid = next(c for c in zone if s.game.title(c) == title)
    zone.remove(cid)
    return cid
