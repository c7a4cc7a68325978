"""``mythos adventure show|check`` and ``mythos deck adventures|plan``: Adventure recipes.

``cli.py`` registers the four functions (``adventure_app.command("show")(adventure_show)``
and so on). Nothing heavy is imported at module level: the CLI helpers, the catalog and
the rules are imported inside each command.

Exit codes: 0 success; 1 ``adventure check`` found the deck cannot complete the
Adventure (a verdict); 2 unreadable input (unknown card, a deck or overrides file that
cannot be read). ``deck adventures`` and ``deck plan`` report and exit 0.

Recipes come from the card text, or from the user's overrides file
(``recipes.toml`` beside the catalog, or ``$MYTHOS_RECIPES``; see ``docs/recipes.md``).
"""


from typing import Any

import typer

from deckbuilder.catalog.recipebook import recipe_sources
from deckbuilder.cli.common import (
    DbOption,
    DeckArgument,
    JsonOption,
    TargetOption,
    TitleArgument,
    emit_json,
    load_deck_for,
    open_catalog,
    reported,
    warn,
)


def _adventure(catalog: Any, title: str) -> Any:
    """Gets the Adventure card a title names; fails (exit 2) for a card of another type."""
    from deckbuilder.catalog.lookup import find_cards
    from deckbuilder.rules.cards import CardType

    found = find_cards(catalog, title)
    if found.note:
        warn(found.note)
    adventures = [c for c in found.cards if c.type is CardType.ADVENTURE]
    if not adventures:
        card = found.cards[0]
        kind = card.type.value if card.type else "card of unknown type"
        article = "an" if kind[:1] in "AEIOU" else "a"
        from deckbuilder.errors import NotAnAdventureError

        raise NotAnAdventureError(f'"{card.title}" is {article} {kind}, not an Adventure; give an Adventure\'s title')
    official = [c for c in adventures if c.is_official]
    return (official or adventures)[0]


def _slot_lines(check: Any) -> list[str]:
    lines = []
    for result in check.slots:
        cards = ", ".join(dict.fromkeys(_title(c) for c in result.cards)) or "-"
        status = "met" if result.met else f"MISSING {result.short}" if result.slot.total is None else "MISSING points"
        lines.append(f"  {result.number:>2}. {result.text}")
        lines.append(f"      {status}: {cards}" + (f"   [{result.slot.source}]" if result.slot.source else ""))
        if result.add_one_of:
            lines.append(f"      add one of: {', '.join(result.add_one_of)}")
    return lines


def _title(card: Any) -> str:
    from deckbuilder.rules.cards import display_title

    return display_title(card.title)


def _footer(recipe: Any, notes: tuple[str, ...] = ()) -> list[str]:
    lines = []
    for limit in recipe.limits:
        numbers = ", ".join(str(i + 1) for i in limit.slots)
        lines.append(f"  limit: slots {numbers} need different {limit.distinct.value}s")
    for condition in recipe.conditions:
        lines.append(f"  condition (yours to meet in play): {condition.text}")
    for phrase in recipe.uninterpreted:
        lines.append(f"  not understood (check by hand or override it): {phrase}")
    for note in (*recipe.notes, *notes):
        lines.append(f"  note: {note}")
    if recipe.origin and recipe.origin != "card":
        lines.append(f"  recipe from: {recipe.origin}")
    return lines


def _heading(check: Any) -> str:
    points = "?" if check.points is None else check.points
    verdict = "COMPLETABLE" if check.completable else f"NOT COMPLETABLE ({check.cards_missing} card(s) missing)"
    if check.completable and check.recipe.uninterpreted:
        verdict += " as far as it was read (see what was not understood)"
    return f"{check.adventure} ({points} points): {verdict}"


def adventure_show(title: TitleArgument, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Shows an Adventure's recipe as the checker reads it, with its conditions and the card text.

    Example: mythos adventure show "The Cruise"
    """

    with reported(as_json):
        from deckbuilder.rules.adventures import recipe_for, recipe_text, recipe_to_dict

        with open_catalog(db, quiet=as_json) as catalog:
            adventure = _adventure(catalog, title)
            vocabulary, overrides, _cards = recipe_sources(catalog)
        recipe = recipe_for(adventure, vocabulary, overrides)
        if as_json:
            emit_json({**recipe_to_dict(recipe), "set": adventure.set_code, "text": adventure.text})
            return
        points = "?" if recipe.points is None else recipe.points
        kind = f", {adventure.subtype}" if adventure.subtype else ""
        lines = [f"{recipe.adventure} ({points} points{kind}) [{adventure.set_code}]"]
        slot_lines = [line for line in recipe_text(recipe).splitlines() if line[:1].isdigit()]
        lines += [f"  {number:>2}. {line}" for number, line in enumerate(slot_lines, start=1)]
        if not recipe.slots:
            lines.append("  (no card requirements read)")
        lines += _footer(recipe)
        lines.append("Card text:")
        lines.append(f"  {adventure.text or '(none)'}")
        typer.echo("\n".join(lines))


def adventure_check(title: TitleArgument, deck: DeckArgument, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Checks whether a deck can complete an Adventure (in the deck or not) and what it lacks.

    Exit 0: completable; 1: cards are missing; 2: the deck or the title cannot be read.

    Example: mythos adventure check "The Dunwich Horror" my.deck
    """

    with reported(as_json):
        from deckbuilder.rules.adventures import Collection, check_adventure, recipe_for
        from deckbuilder.rules.decks import Section

        catalog, loaded = load_deck_for(deck, db, as_json)
        adventure = _adventure(catalog, title)
        vocabulary, overrides, cards = recipe_sources(catalog)
        recipe = recipe_for(adventure, vocabulary, overrides)
        collection = Collection(loaded.deck.cards(Section.DECK)).without_title(adventure.title)
        check = check_adventure(recipe, collection, pool=cards)
        if as_json:
            emit_json({"deck": loaded.deck.name, "path": str(deck), **check.to_dict()})
        else:
            lines = [_heading(check), *_slot_lines(check), *_footer(recipe, check.notes)]
            typer.echo("\n".join(lines))
        if not check.completable:
            raise typer.Exit(1)


def deck_adventures(deck: DeckArgument, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Checks every Adventure in a deck against the deck's own cards.

    Example: mythos deck adventures my.deck --json
    """

    with reported(as_json):
        from deckbuilder.rules.adventures import check_deck_adventures

        catalog, loaded = load_deck_for(deck, db, as_json)
        vocabulary, overrides, cards = recipe_sources(catalog)
        checks = check_deck_adventures(loaded.deck, vocabulary, overrides, pool=cards)
        if as_json:
            emit_json([check.to_dict() for check in checks])
            return
        if not checks:
            typer.echo(f"{loaded.deck.name or deck}: no Adventures in the deck.")
            return
        points = sum(c.points or 0 for c in checks)
        done = sum(c.completable for c in checks)
        lines = [f"{loaded.deck.name or deck}: {len(checks)} Adventure{'s' if len(checks) != 1 else ''}, {points} points; {done} completable"]
        for check in checks:
            lines += ["", _heading(check), *_slot_lines(check), *_footer(check.recipe, check.notes)]
        typer.echo("\n".join(lines))


def deck_plan(deck: DeckArgument, target: TargetOption = 20, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Plans a Campaign: the deck's Adventures that reach the point target together, and what they lack.

    Example: mythos deck plan my.deck --target 20
    """

    with reported(as_json):
        from deckbuilder.rules.adventures import check_deck_adventures, plan_campaign

        catalog, loaded = load_deck_for(deck, db, as_json)
        vocabulary, overrides, cards = recipe_sources(catalog)
        checks = check_deck_adventures(loaded.deck, vocabulary, overrides, pool=cards)
        plan = plan_campaign(loaded.deck, checks, target)
        if as_json:
            emit_json({"deck": loaded.deck.name, "path": str(deck), **plan.to_dict()})
            return
        name = loaded.deck.name or deck
        if not checks:
            typer.echo(f"{name}: no Adventures in the deck; a Campaign to {target} points needs some.")
            return
        reach = "reaches" if plan.reaches_target else f"falls {target - plan.points} short of"
        lines = [f"{name}: plan of {plan.points} points {reach} the target of {target} ({plan.method} search)"]
        for check in plan.chosen:
            status = "completable" if check.completable else f"missing {check.cards_missing} card(s)"
            lines.append(f"  {check.adventure} ({check.points if check.points is not None else '?'} points): {status}")
            for result in check.missing:
                lines.append(f"      needs {result.text}" + (f"; add one of: {', '.join(result.add_one_of)}" if result.add_one_of else ""))
            for condition in check.recipe.conditions:
                lines.append(f"      condition: {condition.text}")
        if plan.shared:
            lines.append("Cards serving more than one of them:")
            lines += [f"  {card}: {', '.join(names)}" for card, names in plan.shared.items()]
        if plan.others:
            lines.append("Also in the deck: " + ", ".join(
                f"{c.adventure} ({c.points if c.points is not None else '?'}{'' if c.completable else ', incomplete'})"
                for c in plan.others
            ))
        typer.echo("\n".join(lines))
