"""Adventure recipes: read them from the card text, check a deck against them, plan a Campaign.

Rulebook, "Adventure cards": "Adventure cards provide a recipe of cards that you must play in
order to qualify to play the Adventure and score the Victory Points on the card."

>>> vocabulary = Vocabulary.from_cards(catalog_cards)          # doctest: +SKIP
>>> recipe = read_recipe(adventure, vocabulary)                # doctest: +SKIP
>>> print(recipe_text(recipe))                                 # doctest: +SKIP
>>> check_adventure(recipe, deck_cards, pool=catalog_cards)    # doctest: +SKIP

Modules: :mod:`.model` (values), :mod:`.notation` (the one-line-per-slot notation),
:mod:`.vocabulary` (the catalog's words), :mod:`.parser` (reading card text),
:mod:`.matching` (does a card meet a requirement), :mod:`.solver` (checking cards against a
recipe), :mod:`.plan` (a deck's Adventures and a Campaign plan). Stdlib only.
"""

from deckbuilder.rules.adventures.matching import card_facts, compile_requirement, meets
from deckbuilder.rules.adventures.model import (
    AllOf,
    AnyCard,
    AnyOf,
    Atom,
    Condition,
    Distinct,
    Field,
    Gate,
    Limit,
    Measure,
    Not,
    Recipe,
    Requirement,
    SanityCost,
    Slot,
    Total,
)
from deckbuilder.rules.adventures.notation import (
    RecipeSyntaxError,
    parse_recipe_text,
    parse_requirement,
    recipe_text,
    recipe_to_dict,
    requirement_text,
    requirement_to_dict,
    slot_text,
)
from deckbuilder.rules.adventures.parser import read_recipe, recipe_for
from deckbuilder.rules.adventures.plan import (
    DEFAULT_TARGET,
    EXACT_LIMIT,
    CampaignPlan,
    check_deck_adventures,
    deck_adventures,
    plan_campaign,
)
from deckbuilder.rules.adventures.solver import (
    AdventureCheck,
    Collection,
    Judge,
    SlotResult,
    WhyNot,
    check_adventure,
    completing_cards,
    is_completable,
)
from deckbuilder.rules.adventures.vocabulary import Term, TermKind, Vocabulary

__all__ = [
    "DEFAULT_TARGET",
    "EXACT_LIMIT",
    "AdventureCheck",
    "AllOf",
    "AnyCard",
    "AnyOf",
    "Atom",
    "CampaignPlan",
    "Collection",
    "Condition",
    "Distinct",
    "Field",
    "Gate",
    "Judge",
    "Limit",
    "Measure",
    "Not",
    "Recipe",
    "RecipeSyntaxError",
    "Requirement",
    "SanityCost",
    "Slot",
    "WhyNot",
    "SlotResult",
    "Term",
    "TermKind",
    "Total",
    "Vocabulary",
    "card_facts",
    "check_adventure",
    "check_deck_adventures",
    "compile_requirement",
    "completing_cards",
    "deck_adventures",
    "is_completable",
    "meets",
    "parse_recipe_text",
    "parse_requirement",
    "plan_campaign",
    "read_recipe",
    "recipe_for",
    "recipe_text",
    "recipe_to_dict",
    "requirement_text",
    "requirement_to_dict",
    "slot_text",
]
