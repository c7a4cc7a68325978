"""The values a deck build works with: the goal, the cards to choose from, one game's result.

The search (:mod:`.search`) and the suggestions (:mod:`.suggest`) take everything as plain
data: the candidate cards (the catalog's, or the copies a player owns), the way to play (a
:class:`~deckbuilder.rules.formats.Format`, checked by the validator), the Adventure recipes,
and a function that plays a batch of seeded goldfish games of a deck (:data:`PlayBatch`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from deckbuilder.rules.cards import Card, CardType, fold_title, sort_title
from deckbuilder.rules.decks import Deck
from deckbuilder.rules.formats import Format, HouseRule

if TYPE_CHECKING:
    from deckbuilder.rules.adventures.matching import CardFacts
    from deckbuilder.rules.playability import Profiles

#: Copies of each printing in the deck section, by card key.
Counts = dict[str, int]


class ImpossibleBuildError(ValueError):
    """Raised when no legal deck can meet the goal: an Adventure no available card completes,
    pinned cards the rules refuse, a collection too small for the format's size."""


@dataclass(frozen=True)
class GameResult:
    """One goldfish game, as the search measures it: the Round the goal was met (the first
    Adventure, or the Campaign target) or None, and the Investigator's Sanity at the end;
    ``progress``, how near the game came: of the cards the recipe solver gives an Adventure,
    the share played during the game (the best Adventure's; 1.0 when it completed one).

    A seed played as matches against a field (:mod:`.against`) also has ``win``, the share of
    its matches the deck won (a tie half), ``dealt``, the Combat damage its cards dealt per
    match, and ``scored_round``, the mean Round of the matches in which it completed an
    Adventure (its ``progress`` is then the share of those matches; None: in none of them), the
    Adventure speed the search breaks ties by, and ``cards``, per title of the deck's cards
    played or in Combat the Combat damage they dealt and absorbed per match and the share of
    the matches they were played in (:func:`~.start.measured_worth` ranks Combat cards by it);
    goldfish games leave ``win`` None and ``cards`` empty."""

    rounds: int | None
    final_sanity: float
    progress: float = 0.0
    win: float | None = None
    dealt: float = 0.0
    scored_round: float | None = None
    cards: tuple[tuple[str, float, float], ...] = ()


#: Plays one seeded goldfish game per seed of a deck and gets each game's result, in order.
PlayBatch = Callable[[Deck, Sequence[int]], Sequence[GameResult]]


@dataclass(frozen=True)
class BuildGoal:
    """What a built deck must be and do.

    ``adventures`` are the Adventures it must be able to complete; in a Campaign
    (``campaign``) it adds Adventures of its own choosing until their points reach
    ``target``. ``keep`` pins cards (card, copies); ``owned`` limits each folded title to the
    copies a player owns (None: no limit but the format's); ``start`` is the player's deck to
    change as little as it must. ``min_cards`` and ``max_copies`` are the format's deck size
    and copy limit (:func:`deck_limits` reads them from the format).
    """

    investigator: Card
    adventures: tuple[Card, ...]
    format: Format
    house_rules: tuple[HouseRule, ...] = ()
    campaign: bool = False
    target: int = 20
    max_rounds: int = 20
    keep: tuple[tuple[Card, int], ...] = ()
    owned: Mapping[str, int] | None = None
    start: tuple[tuple[Card, int], ...] | None = None
    min_cards: int = 52
    max_copies: int = 4
    #: The Adventures of ``adventures`` the build chose itself (toward a Campaign target).
    picked: tuple[Card, ...] = ()
    #: Judged by matches against a field (``--against``): the first decks keep the Locations
    #: the Adventures and travel need and fill the rest with Combat cards (:func:`~.start.fill`),
    #: and the search may swap Locations for Combat cards (:mod:`.search`).
    combat: bool = False


def deck_limits(fmt: Format) -> tuple[int, int]:
    """Gets a Mythos format's deck size and copies-per-title limit from its rules (the
    ``min_cards`` and ``max_copies_by_title`` checks of ``catalog/formats.toml``)."""
    size, copies = 52, 4
    for rule in fmt.rules:
        count = rule.params.get("count")
        if not isinstance(count, int) or rule.params.get("section", "deck") != "deck":
            continue
        if rule.check in ("min_cards", "exact_cards"):
            size = count
        elif rule.check == "max_copies_by_title":
            copies = count
    return size, copies


@dataclass
class Pool:
    """The candidate cards, indexed: by key, and how many copies of a title the deck may hold."""

    cards: dict[str, Card]
    max_copies: int
    owned: Mapping[str, int] | None = None
    by_title: dict[str, list[str]] = field(default_factory=dict)
    _facts: dict[str, CardFacts] | None = field(default=None, repr=False, compare=False)
    _profiles: Profiles | None = field(default=None, repr=False, compare=False)

    @classmethod
    def of(cls, cards: Sequence[Card], max_copies: int, owned: Mapping[str, int] | None = None) -> Pool:
        """Gets the pool of the cards a deck may hold: no Investigator, none the player owns
        no copy of (with ``owned``)."""
        chosen: dict[str, Card] = {}
        by_title: dict[str, list[str]] = {}
        for card in cards:
            if card.type is None or card.type is CardType.INVESTIGATOR:
                continue
            title = fold_title(card.title)
            if owned is not None and owned.get(title, 0) <= 0:
                continue
            chosen[card.key] = card
            by_title.setdefault(title, []).append(card.key)
        return cls(chosen, max_copies, owned, by_title)

    def facts(self) -> dict[str, CardFacts]:
        """Gets the recipe matcher's facts of each official card but Adventures, by key (read once)."""
        if self._facts is None:
            from deckbuilder.rules.adventures.matching import card_facts

            self._facts = {
                k: card_facts(c)
                for k, c in sorted(self.cards.items())
                if c.is_official and c.type is not CardType.ADVENTURE
            }
        return self._facts

    def profiles(self) -> Profiles:
        """Gets the cards' play profiles for playability, each card read once for every deck
        judged (:class:`~deckbuilder.rules.playability.Profiles`)."""
        if self._profiles is None:
            from deckbuilder.rules.playability import Profiles

            self._profiles = Profiles()
        return self._profiles

    def limit(self, card: Card) -> int:
        """Gets the copies of a card's title a deck may hold: the format's limit, one for a
        Unique card (rulings:13), at most the copies owned."""
        n = 1 if card.unique else self.max_copies
        if self.owned is not None:
            n = min(n, self.owned.get(fold_title(card.title), 0))
        return n

    def room(self, counts: Counts, card: Card) -> int:
        """Gets how many more copies of a card's title the deck may take."""
        title = fold_title(card.title)
        held = sum(counts.get(k, 0) for k in self.by_title.get(title, (card.key,)))
        return self.limit(card) - held


#: Card types in the rulebook's "Card Types" order: the order the deck files group them in
#: (``decklists.model.TYPE_ORDER``, an edge room the rules core does not import).
TYPE_ORDER: tuple[CardType, ...] = (
    CardType.INVESTIGATOR,
    CardType.ADVENTURE,
    CardType.ALLY,
    CardType.ARTIFACT,
    CardType.EVENT,
    CardType.LOCATION,
    CardType.MONSTER,
    CardType.SPELL,
    CardType.TOME,
)


def deck_order(card: Card) -> tuple[int, str, int, str]:
    """Gets the sort key of a card in a deck as the deck files write it, and so as a written
    deck loads: by type, then title, printing and set (``decklists.model.card_order``)."""
    rank = TYPE_ORDER.index(card.type) if card.type in TYPE_ORDER else len(TYPE_ORDER)
    return (rank, sort_title(card.title), card.printing, card.set_code)


def to_deck(counts: Counts, cards: Mapping[str, Card], investigator: Card, name: str | None = None) -> Deck:
    """Gets the rules deck of the counts, its cards in the order the deck file written of it
    loads in (:func:`deck_order`): the goldfish's choices between equal plays follow the
    deck's order, so a deck measured in another order than its file's plays other games (a
    built deck measured in key order completed 100% of its games, its file 91%)."""
    entries = sorted(((cards[k], n) for k, n in counts.items() if n > 0), key=lambda e: deck_order(e[0]))
    return Deck.of(entries, [investigator], name)
