"""A deck's Adventures: each checked against the deck, a Campaign planned, one Adventure's
recipe shown or checked."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckbuilder.errors import NotAnAdventureError, UsageError

if TYPE_CHECKING:
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.decklists.deckfile import LoadedDeck
    from deckbuilder.rules.adventures import AdventureCheck as RecipeCheck
    from deckbuilder.rules.adventures import CampaignPlan as Plan
    from deckbuilder.rules.adventures import Judge, Recipe, WhyNot
    from deckbuilder.rules.cards import Card
    from deckbuilder.rules.decks import Deck
    from deckbuilder.service.decks import WayToPlay


@contextmanager
def _noting(notes: list[str]) -> Iterator[None]:
    """Hands the notes gathered so far to an error raised on the way (``add_note``, PEP 678),
    so a front end can show them before the error, as it would have with the answer."""
    try:
        yield
    except Exception as exc:
        for note in notes:
            exc.add_note(note)
        raise


def adventure_checks(catalog: Catalog, deck: Deck, play: WayToPlay | None = None) -> list[RecipeCheck]:
    """Gets the recipe check of each Adventure of the deck (the user's overrides first),
    with suggestions from the catalog for what is missing: the cards the deck can play
    first (:func:`addition_judge`; ``play``, the way to play, also judges what it allows)."""
    from deckbuilder.catalog.recipebook import recipe_pool, recipe_reading
    from deckbuilder.rules.adventures import check_deck_adventures, deck_adventures

    vocabulary, overrides = recipe_reading(catalog)
    checks = check_deck_adventures(deck, vocabulary, overrides)
    if all(check.completable for check in checks):
        return checks  # the pool only suggests cards for a short slot: none is
    judge = addition_judge(catalog, deck, play)
    read = {adventure.key: check.recipe for adventure, check in zip(deck_adventures(deck), checks, strict=True)}
    return check_deck_adventures(deck, vocabulary, overrides, pool=recipe_pool(catalog), judge=judge, recipes=read)


def addition_judge(catalog: Catalog, deck: Deck, play: WayToPlay | None = None) -> Judge:
    """Gets the judge of the cards an Adventure's "add one of" offers: whether the deck
    could play a card once one copy is added, in the engine's own words. First what the
    Playability panel would say of it (:class:`~deckbuilder.rules.playability.AdditionJudge`:
    a Location nothing takes you to, a Monster with no Gate to arrive at, a Spell with no Tome
    nor reader, an Ally of a place the deck never visits), then what the deck check of the
    way to play would newly say of it (:func:`~deckbuilder.rules.validator.added_card_findings`:
    a fan card, a title a house rule leaves out). An error of either is "never", else a
    warning is "only by an unlikely path"."""
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.rules.formats import Severity as Force
    from deckbuilder.rules.playability import AdditionJudge, Severity
    from deckbuilder.rules.validator import added_card_findings, check_deck
    from deckbuilder.service.decks import repointed_values

    playing = AdditionJudge(deck, effects=load_effect_overrides())
    repointed = repointed_values(catalog) if play is not None and play.house_rules else {}
    before = check_deck(deck, play.format, list(play.house_rules), repointed=repointed) if play else None
    answers: dict[str, WhyNot] = {}

    def judge(card: Card) -> WhyNot:
        if card.key in answers:
            return answers[card.key]
        issue = playing(card)
        answer: WhyNot = None
        if issue is not None and issue.severity is Severity.ERROR:
            answer = ("error", issue.reason)
        elif play is not None and before is not None:
            found = added_card_findings(
                deck, card, play.format, list(play.house_rules), repointed=repointed, before=before
            )
            worst = sorted(found, key=lambda f: f.severity is not Force.ERROR)
            if worst:
                f = worst[0]
                says = "does not play it" if f.severity is Force.ERROR else "warns of it"
                answer = (
                    "error" if f.severity is Force.ERROR else "warning",
                    f"{play.name} {says} ({f.source}): {f.message}",
                )
        if answer is None and issue is not None:
            answer = ("warning", issue.reason)
        answers[card.key] = answer
        return answer

    return judge


@dataclass(frozen=True)
class DeckAdventures:
    """Every Adventure of a deck checked against the deck's own cards (``mythos deck adventures``)."""

    deck: LoadedDeck
    checks: list[RecipeCheck]

    def to_json(self) -> list[dict[str, Any]]:
        """Gets the checks as ``mythos deck adventures --json`` prints them."""
        return [check.to_dict() for check in self.checks]


def deck_adventures(catalog: Catalog, deck: LoadedDeck, play: WayToPlay | None = None) -> DeckAdventures:
    """Checks every Adventure in a deck against the deck's own cards; the cards offered for
    what is missing are judged for ``play`` (else the way to play the deck records, else
    Advanced: :func:`~deckbuilder.service.deckfiles.deck_way_to_play`)."""
    from deckbuilder.service.deckfiles import deck_way_to_play

    return DeckAdventures(deck, adventure_checks(catalog, deck.deck, play or deck_way_to_play(deck)))


@dataclass(frozen=True)
class CampaignPlan:
    """The deck's Adventures that reach a Campaign target together, and what they lack."""

    deck: LoadedDeck
    checks: list[RecipeCheck]
    plan: Plan
    target: int

    def to_json(self) -> dict[str, Any]:
        """Gets the plan as ``mythos deck plan --json`` prints it."""
        return {"deck": self.deck.deck.name, "path": self.deck.path, **self.plan.to_dict()}


def plan_campaign(catalog: Catalog, deck: LoadedDeck, target: int = 20) -> CampaignPlan:
    """Plans a Campaign: the deck's Adventures that reach the point target together."""
    from deckbuilder.rules.adventures import plan_campaign as plan_for

    if target < 1:
        raise UsageError(f"--target {target}: a Campaign target is at least 1 point")
    from deckbuilder.service.deckfiles import deck_way_to_play

    checks = adventure_checks(catalog, deck.deck, deck_way_to_play(deck))
    return CampaignPlan(deck, checks, plan_for(deck.deck, checks, target), target)


def find_adventure(catalog: Catalog, title: str, notes: list[str]) -> Card:
    """Gets the Adventure card a title names (official first), adding a loose reading to
    ``notes``. Raises :class:`~deckbuilder.errors.NotAnAdventureError` for another card."""
    from deckbuilder.catalog.lookup import find_cards
    from deckbuilder.rules.cards import CardType

    found = find_cards(catalog, title)
    if found.note:
        notes.append(found.note)
    adventures = [c for c in found.cards if c.type is CardType.ADVENTURE]
    if not adventures:
        card = found.cards[0]
        kind = card.type.value if card.type else "card of unknown type"
        article = "an" if kind[:1] in "AEIOU" else "a"
        raise NotAnAdventureError(f'"{card.title}" is {article} {kind}, not an Adventure; give an Adventure\'s title')
    official = [c for c in adventures if c.is_official]
    return (official or adventures)[0]


@dataclass(frozen=True)
class AdventureRecipe:
    """An Adventure's recipe as the checker reads it (``mythos adventure show``)."""

    adventure: Card
    recipe: Recipe
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Gets the recipe as ``mythos adventure show --json`` prints it."""
        from deckbuilder.rules.adventures import recipe_to_dict

        return {**recipe_to_dict(self.recipe), "set": self.adventure.set_code, "text": self.adventure.text}


def show_adventure(catalog: Catalog, title: str) -> AdventureRecipe:
    """Gets an Adventure's recipe (from its card text, or the user's overrides file).

    Raises ``UnknownCardError``, :class:`~deckbuilder.errors.NotAnAdventureError`, or
    ``RecipeFileError`` for an overrides file that cannot be read.
    """
    from deckbuilder.catalog.recipebook import recipe_reading
    from deckbuilder.rules.adventures import recipe_for

    notes: list[str] = []
    with _noting(notes):
        adventure = find_adventure(catalog, title, notes)
        vocabulary, overrides = recipe_reading(catalog)
        return AdventureRecipe(adventure, recipe_for(adventure, vocabulary, overrides), tuple(notes))


@dataclass(frozen=True)
class AdventureCheck:
    """Whether a deck can complete an Adventure and what it lacks (``mythos adventure check``)."""

    deck: LoadedDeck
    adventure: Card
    check: RecipeCheck
    notes: tuple[str, ...] = ()

    @property
    def completable(self) -> bool:
        """Checks that the deck holds cards for every slot of the recipe."""
        return self.check.completable

    def to_json(self) -> dict[str, Any]:
        """Gets the check as ``mythos adventure check --json`` prints it."""
        return {"deck": self.deck.deck.name, "path": self.deck.path, **self.check.to_dict()}


def check_adventure(catalog: Catalog, title: str, deck: LoadedDeck) -> AdventureCheck:
    """Checks whether a deck can complete an Adventure (in the deck or not) and what it lacks.

    Raises as :func:`show_adventure` does.
    """
    from deckbuilder.catalog.recipebook import recipe_pool, recipe_reading
    from deckbuilder.rules.adventures import Collection, recipe_for
    from deckbuilder.rules.adventures import check_adventure as check_recipe
    from deckbuilder.rules.decks import Section
    from deckbuilder.service.deckfiles import deck_way_to_play

    notes: list[str] = []
    with _noting(notes):
        adventure = find_adventure(catalog, title, notes)
        vocabulary, overrides = recipe_reading(catalog)
        recipe = recipe_for(adventure, vocabulary, overrides)
        collection = Collection(deck.deck.cards(Section.DECK)).without_title(adventure.title)
        check = check_recipe(recipe, collection)
        if not check.completable:  # the pool only suggests cards for a short slot
            judge = addition_judge(catalog, deck.deck, deck_way_to_play(deck))
            check = check_recipe(recipe, collection, pool=recipe_pool(catalog), judge=judge)
        return AdventureCheck(deck, adventure, check, tuple(notes))
