"""Coverage told by effects applied, not by cards played: ``python benchmarks/engine.py --coverage``
(or ``python benchmarks/effects_applied.py``).

Every real deck of ../shared/mythos-data (both transcriptions' decks) is played alone (the
goldfish, its greedy policy) and in two-player matches against every other real deck, a few
seeds each (greedy computer players in both seats): a card's moment (an Epidemic to be kept out
of, an Artifact taken to be protected) comes from the field it meets, and a real deck meets any
deck, not only its neighbours in name order. Each choice a player makes is watched,
and per title of each deck the evidence is kept: put in play, cast or used (a Spell, an
Artifact, an Ally's use), and in matches the Combat damage it dealt or absorbed.

A card's effect counts as applied, in a game, when:

- the effect reader plays its text (no named reason: ``rules/effects/reader.py``), and
- the game shows it working: a Location, Ally, Tome, Event or Adventure put in play
  (completed, for an Adventure); a Spell or Artifact with effects cast or used (one without
  effects of use: put in play); an Ally with a use, used (one that only changes the Hand's
  Minimum or Maximum while in play: put in play, for the Discard phase applies it); a Monster (a Great Old One too) in a
  Combat: damage dealt or absorbed, which only a match has;
- a card the reader names a Combat reason for ("works only in Combat", a card's value in
  Combat) counts in matches when its title dealt or absorbed damage there, or when the match
  applied its Combat effect (a Spell cast in Combat, ``rules/match/combatcards.py``: a card
  sent back to Hand, an Ally Discarded instead of Buried); any other reason
  (a Phobia lifted, an effect not read yet) is not applied, played or not;
- a Location that lets its player recover an Artifact from the Story Deck counts when the
  recovery was made there (alone or in matches);
- a Location where its Investigator's Threat fights as if it is Night counts in matches when, by
  Day, it changed the value of a Monster in a Combat;
- a card that lifts Phobias (a Location, an Ally, a Spell) counts in matches when a Phobia
  was Buried by it there (``rules/match/table.py``: the Turn spent at the Location or with the
  Ally, the Spell cast);
- a Great Old One counts in matches when it came into play there and the match reads all of
  its text (``rules/match/goos.py``; the ledger says what is left unread of the others);
- an Event aimed at an opponent counts in matches when the match applied its effect to the
  opponent it was played on and reads all of it (``rules/match/opponents.py``; the ledger says
  what is left unread of the others);
- an Ally that may later be given an Artifact or Tome (``holds artifact``, ``holds tome``)
  counts when one was given to it (in matches: the goldfish notes no such evidence);
- a Location that lets a Spell be given to an Ally (Cité Tatoue) counts in matches when one was;
- a card in play that lets Allies be found where they would not be (Disturbing Portrait: Waking
  World Allies in the New Æon) counts in matches when such an Ally was played;
- a Spell, Artifact or Ally aimed at an opponent counts in matches when the match applied it:
  cast or used on an opponent, or, for a card that answers an opponent's, when it did (an Ally
  Buried instead of an Artifact or Tome, a Spell cancelled, Allies kept out of an Epidemic), or
  a Location that has each opponent reveal a card when it becomes the Current Location, when
  one did; an Artifact that halves the attack of a Threat's Monsters in Combat, when it did.

Each title is then classed: **played** (its effect applied alone, in the goldfish), **in
matches only**, or **not yet**, with the reason: the reader's, or what the games showed
(never put in play, put in play but never used, a Monster that never reached a Combat). The
headline is the share of the copies whose effect is applied in matches (issue 23's goal: 90%).
Prints figures; asserts nothing. Pure Python takes a minute or two on a busy machine.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SHARED = ROOT.parent / "shared" / "mythos-data"

#: Goldfish games per deck; opponents per deck and matches against each.
GOLDFISH_GAMES = 200
#: Matches per deck, spread over every other deck (about 200 in all: 9 seeds each of 23).
MATCHES_PER_DECK = 200

#: Who plays a deck that names no Investigator (as the engine benchmark does).
STAND_IN = "Adventurous Dilettante"


@dataclass
class Evidence:
    """What one title of a deck was seen doing, over a deck's games."""

    played: bool = False
    used: bool = False
    fought: bool = False
    #: An Event's effect applied to the opponent it was played on (in matches).
    applied: bool = False


@dataclass
class DeckEvidence:
    """One deck's titles: what they did alone and in matches."""

    goldfish: dict[str, Evidence] = field(default_factory=lambda: defaultdict(Evidence))
    matches: dict[str, Evidence] = field(default_factory=lambda: defaultdict(Evidence))


class Watcher:
    """A computer player passed through: every play it chooses (a card play, a Spell or
    Artifact in Combat) is noted by title for its seat."""

    def __init__(self, player: Any, game: Any, seen: dict[str, Evidence]) -> None:
        self.player, self.game, self.seen = player, game, seen

    def _note(self, play: Any) -> None:
        from deckbuilder.rules.engine import PlayKind

        if play is None or play.card < 0:
            return
        title = self.game.cards[play.card].title
        if play.target >= 0 and (
            (play.kind is PlayKind.ARTIFACT and self.game.profiles[play.target].holds_artifact)
            or (play.kind is PlayKind.TOME and self.game.profiles[play.target].holds_tome)
            # A Spell into an Artifact given to an Ally that then knows it (Mi-Go Braincase).
            or (play.kind is PlayKind.SPELL and self.game.profiles[play.target].needs_ally)
        ):
            # An Artifact or Tome assigned to an Ally that may later take one (rulebook l.185): the
            # holder's effect (``holds artifact``, ``holds tome``) used, as its reader's reason was.
            holder = self.seen[self.game.cards[play.target].title]
            holder.applied = holder.used = True
        if play.kind in (PlayKind.CAST, PlayKind.USE, PlayKind.RECOVER):
            self.seen[title].used = True  # a recovery: the Location's effect used
            if play.ally_pays:
                from deckbuilder.rules.engine.casting import spell_payer

                payer = spell_payer(self.state) if self.state is not None else -1
                if payer >= 0:  # an Ally Buried instead of the Spell's Sanity (Atal): its effect used
                    self.seen[self.game.cards[payer].title].used = True
        elif play.kind in (PlayKind.MONSTERS, PlayKind.CULTIST) and play.target >= 0:
            # An Ally Buried instead of a Threat card's Sanity (The Hunter): its effect used.
            self.seen[self.game.cards[play.target].title].used = True
            for c in (play.card, *play.joined):
                self.seen[self.game.cards[c].title].played = True
            return
        elif play.kind is PlayKind.ARTIFACT and play.joined:
            # An Ally Buried instead of the Artifact's Sanity (Wandering Peddler): its effect used.
            self.seen[title].played = True
            self.seen[self.game.cards[play.joined[0]].title].used = True
            return
        elif play.kind not in (
            PlayKind.DISCARD,
            PlayKind.REPLACE,
            PlayKind.REPLACE_DONE,
            PlayKind.ROTATE,
            PlayKind.END_ROUND,
            PlayKind.LOBOTOMY,
            PlayKind.PASS,
        ):
            self.seen[title].played = True
            for j in play.joined:
                self.seen[self.game.cards[j].title].played = True

    #: The state of the player about to make the noted play (the payer of a cast is read from it).
    state: Any = None

    def choose(self, m: Any, seat: int, plays: Any) -> Any:
        play = self.player.choose(m, seat, plays)
        self.state = m.players[seat]
        self._found_by(self.state, play)
        self._note(play)
        return play

    def _found_by(self, state: Any, play: Any) -> None:
        """Notes a card in play used when an Ally it alone lets be found is played: a Waking World
        Ally in the New Æon (Disturbing Portrait, rules/engine/allies.py); the Current Location
        used when a Spell is given to an Ally by it (Cité Tatoue, rules/engine/tomes.py)."""
        from deckbuilder.rules.cards import Dimension
        from deckbuilder.rules.engine import PlayKind
        from deckbuilder.rules.places import DIMENSION_NAMES

        g = self.game
        if play is not None and play.kind is PlayKind.SPELL and g.has_spell_on_ally:
            from deckbuilder.rules.engine.tomes import spell_on_ally_cost

            if spell_on_ally_cost(state, play):  # a Spell given to an Ally by the Location (Cité Tatoue)
                self.seen[g.cards[state.where].title].used = True
            return
        if play is None or play.kind is not PlayKind.ALLY or not g.has_waking_allies:
            return
        if state.dim != DIMENSION_NAMES[Dimension.NEW_AEON]:
            return
        if any(state.dim not in g.profiles[c].place.dims for c in (play.card, *play.joined)):
            for a in state.artifacts:
                if g.waking_allies[a]:
                    self.seen[g.cards[a].title].used = True

    def direct(self, m: Any, seat: int) -> Any:
        return self.player.direct(m, seat)

    def defend(self, m: Any, seat: int, incoming: Any) -> Any:
        return self.player.defend(m, seat, incoming)

    def combat_use(self, m: Any, seat: int, plays: Any) -> Any:
        play = self.player.combat_use(m, seat, plays)
        self.state = m.players[seat]
        self._note(play)
        return play


def _goldfish(deck: Any, recipes: Any, overrides: Any, seen: dict[str, Evidence]) -> None:
    from deckbuilder.rules.goldfish import GameBatch, game_seeds, needed_titles

    batch = GameBatch(deck, recipes=recipes, needed=frozenset(needed_titles(deck, recipes)), effects=overrides)
    game = batch.game()
    titles = {game.profiles[c].title: game.cards[c].title for c in range(game.size)}  # the engine's title ids
    for record in batch.play(game_seeds(7, GOLDFISH_GAMES)):
        for title in record.first_played:
            seen[titles[title]].played = True
        for title in record.used:
            seen[titles[title]].used = True


def _matches(
    decks: list[Any], recipes: list[Any], investigators: list[Any], overrides: Any, i: int, seen: dict[str, Evidence]
) -> int:
    """Plays deck ``i`` in seat A against every other deck, :data:`MATCHES_PER_DECK` spread
    over them; gets the games played."""
    from deckbuilder.rules.goldfish import game_seeds
    from deckbuilder.rules.match import MatchBatch, new_match, play_match, record_of
    from deckbuilder.rules.match.table import Seat

    played = 0
    each = -(-MATCHES_PER_DECK // (len(decks) - 1))
    for k in range(1, len(decks)):
        j = (i + k) % len(decks)
        batch = MatchBatch(
            [decks[i], decks[j]],
            investigators=[investigators[i], investigators[j]],
            recipes=[recipes[i], recipes[j]],
            effects=overrides,
        )
        games, players = batch.build()
        watched = [Watcher(players[0], games[0], seen), players[1]]
        seats = [Seat(g, chr(65 + n)) for n, g in enumerate(games)]
        for seed in game_seeds(11 + k, each):
            match = play_match(new_match(games, seed, seats=seats), watched)
            for title in match.applied[0]:
                seen[title].applied = True
            record = record_of(match)
            for title, points in (*record.dealt[0], *record.absorbed[0]):
                if points > 0:
                    seen[title].fought = True
            played += 1
    return played


def _applied(card: Any, reason: str, seen: Evidence | None, combat_reasons: tuple[str, ...]) -> tuple[bool, str]:
    """Gets whether the card's effect was applied in these games, and if not, why."""
    from deckbuilder.rules.cards import CardType
    from deckbuilder.rules.effects.reader import ASSIGN, LASTING, NOT_READ, OPPONENT, PHOBIA

    if reason:
        if reason in combat_reasons and seen is not None and (seen.fought or seen.applied):
            return True, ""  # its title dealt or absorbed damage, or its Combat effect took place
        if reason == PHOBIA and seen is not None and seen.applied:
            return True, ""  # a Location, Ally or Spell by which a Phobia was Buried in a match
        if card.type is CardType.MONSTER and card.goo:
            # A Great Old One's effects on every Investigator (rulebook l.282): the match applies
            # the clauses rules/match/goos.py reads, once it is in play.
            from deckbuilder.rules.match.goos import goo_not_read

            unread = goo_not_read(card)
            if unread:
                return False, f"{reason}; in matches, {unread}"
            if seen is not None and seen.applied:
                return True, ""
            return False, f"{reason}; in matches, never in play in these games"
        if reason == LASTING and card.type is CardType.LOCATION:
            # A Location where its Investigator's Threat fights as if it is Night (N'kai): counted
            # in matches when, by Day, it changed a Monster's value in a Combat (rules/match/table.py).
            from deckbuilder.rules.match.table import threat_at_night

            if threat_at_night(card) and seen is not None and seen.applied:
                return True, ""
            if threat_at_night(card):
                return False, f"{reason}; in matches, never changed a Monster's value in these games"
            return False, reason
        if reason == ASSIGN and card.type in (CardType.ALLY, CardType.ARTIFACT) and seen is not None and seen.applied:
            return True, ""  # an Artifact, Tome or Spell was assigned to it in a match (rules/engine/tomes.py)
        if reason == OPPONENT and card.type is CardType.MONSTER:
            # A Monster that takes an Artifact when it survives the Cosmic Battle (match/monsters.py).
            from deckbuilder.rules.match.monsters import takes_artifact

            if takes_artifact(card) and seen is not None and seen.applied:
                return True, ""
            return False, reason
        if reason == OPPONENT and card.type is not CardType.EVENT:
            # A Spell, Artifact or Ally used on an opponent, or one that answers an opponent's card
            # (protects an Artifact or Tome, cancels a Spell, keeps Allies out of an Epidemic):
            # counted when the match applied it (rules/match/opponents.py reads which).
            return _answered(card, reason, seen)
        if reason == NOT_READ and card.type is not CardType.EVENT:
            # A Spell the reader does not read whose use on an opponent the match reads
            # (rules/match/opponents.py: Devolution): counted when the match applied it.
            from deckbuilder.rules.match.opponents import used_on_opponent

            if used_on_opponent(card) and seen is not None and seen.applied:
                return True, ""
            return False, reason
        if reason == OPPONENT and card.type is CardType.EVENT:
            from deckbuilder.rules.match.opponents import not_read

            unread = not_read(card)
            if unread:
                return False, f"{reason}; in matches, {unread}"
            if seen is not None and seen.applied:
                return True, ""
            return False, f"{reason}; in matches, never played on an opponent in these games"
        return False, reason
    if seen is None or not (seen.played or seen.used):
        return False, "never put in play in these games"
    kind = card.type
    if kind is CardType.MONSTER:
        return (True, "") if seen.fought else (False, "a Monster that never reached a Combat in these games")
    return True, ""


def _answered(card: Any, reason: str, seen: Evidence | None) -> tuple[bool, str]:
    """Gets whether a card that is not an Event, aimed at an opponent, had its effect applied in
    these matches (rules/match/opponents.py), and if not, why."""
    from deckbuilder.rules.match.opponents import (
        cancels_spell,
        halves_attack,
        protects,
        reveals_phobias,
        spared,
        used_on_opponent,
    )

    if not (
        used_on_opponent(card)
        or protects(card)
        or cancels_spell(card)
        or spared(card)
        or reveals_phobias(card)
        or halves_attack(card)
    ):
        return False, f"{reason}; in matches, what it does to the opponent is not read yet"
    if seen is not None and seen.applied:
        return True, ""
    return False, f"{reason}; in matches, never applied in these games (no target, or its moment never came)"


#: Why a Location's bonus to a kind of card never applies in a deck: the deck has none.
NONE_OF_ITS_KIND = "adds to a kind of card (Professors, Merchants...) this deck holds none of"


def _names_none(card: Any, kinds: frozenset[str]) -> bool:
    """Whether a card adds to the value of kinds of cards (a Location's, an Artifact's bonus)
    of which the deck holds none (``kinds``: every kind its cards are named by)."""
    from deckbuilder.rules.match.monsters import in_play_bonus, location_bonus

    named = [k for _, k in (*location_bonus(card), *in_play_bonus(card))]
    return bool(named) and not any(k & kinds for k in named)


def _needs_use(card: Any, effects: Any) -> bool:
    """Whether the card shows its effect only by a cast or use. An Ally whose every effect is a
    lasting change to the Hand's Minimum or Maximum (rulebook l.51-53) is never used: the
    engine applies it at each Discard phase while the Ally is in play, so being in play is its
    effect working (as a Tome's extra draw each Round)."""
    from deckbuilder.rules.cards import CardType
    from deckbuilder.rules.effects import EffectKind

    if card.type is CardType.LOCATION:
        # A Location whose effect is a Turn's play there (an Artifact recovered from the Story
        # Deck, rules/engine/recovery.py): arriving is not the effect, the recovery made is.
        return any(f.kind in (EffectKind.RECOVER, EffectKind.SPELL_ON_ALLY) for f in effects.effects)
    if not effects.effects or card.type not in (CardType.SPELL, CardType.ARTIFACT, CardType.ALLY):
        return False
    lasting = (EffectKind.HAND_MIN, EffectKind.HAND_MAX)
    return not (card.type is CardType.ALLY and all(f.kind in lasting for f in effects.effects))


def coverage() -> None:
    """Prints the ledger of effects applied, alone and in matches, over every real deck."""
    from deckbuilder.catalog.building import build_catalog
    from deckbuilder.catalog.importers import read_card_files
    from deckbuilder.catalog.importers.effects import load_effect_overrides
    from deckbuilder.catalog.recipebook import deck_recipes
    from deckbuilder.catalog.store import Catalog
    from deckbuilder.rules.cards import CardType
    from deckbuilder.rules.decks import Section
    from deckbuilder.rules.effects import read_effects
    from deckbuilder.rules.effects.reader import COMBAT, REVEAL, VALUE, WEAPON
    from deckbuilder.rules.match.monsters import ally_kinds
    from deckbuilder.service import load_deck_file, play_as

    paths = sorted((SHARED / "gccg" / "decks").glob("*.deck")) + sorted((SHARED / "lackey" / "decks").glob("*.dek"))
    if not paths:
        print(f"no real decks under {SHARED}; nothing to count")
        return
    start = time.perf_counter()
    db = Path(tempfile.mkdtemp()) / "catalog.sqlite"
    build_catalog(db, read_card_files([SHARED / "gccg" / "sets", SHARED / "lackey" / "sets"]))
    overrides = load_effect_overrides()
    combat_reasons = (COMBAT, VALUE, WEAPON, REVEAL)
    with Catalog.open(db) as catalog:
        loaded = [load_deck_file(catalog, p) for p in paths]
        # A deck that names no Investigator is played by a stand-in (its note says so).
        decks = [(d if d.deck.investigators else play_as(catalog, d, STAND_IN)[0]).deck for d in loaded]
        recipes = [deck_recipes(catalog, d) for d in decks]
    investigators = [None] * len(decks)
    evidence = [DeckEvidence() for _ in decks]
    match_games = 0
    for i, deck in enumerate(decks):
        _goldfish(deck, recipes[i], overrides, evidence[i].goldfish)
        match_games += _matches(decks, recipes, investigators, overrides, i, evidence[i].matches)

    copies = in_matches = alone = 0
    classes: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    named: dict[str, Counter[str]] = defaultdict(Counter)
    for deck, seen in zip(decks, evidence):
        kinds = frozenset().union(*(ally_kinds(c) for c in deck.cards(Section.DECK)))
        for card in deck.cards(Section.DECK):
            copies += 1
            effects = read_effects(card, overrides)
            verdicts = []
            for where in (seen.goldfish, seen.matches):
                got = where.get(card.title)
                ok, why = _applied(card, effects.ignored, got, combat_reasons)
                if ok and _needs_use(card, effects) and not got.used:  # type: ignore[union-attr]
                    ok, why = False, "put in play, never cast or used in these games"
                    if card.type is CardType.LOCATION:
                        why = "arrived at, its Turn's use (an Artifact recovered, a Spell given) never made in these games"
                if not ok and effects.ignored == VALUE and _names_none(card, kinds):
                    why = NONE_OF_ITS_KIND
                verdicts.append((ok, why))
            (solo, solo_why), (match, match_why) = verdicts
            alone += solo
            in_matches += match
            if solo:
                classes["played" if match else "played alone only"] += 1
            elif match:
                classes["played in matches only"] += 1
            else:
                classes["not yet"] += 1
                reasons[match_why] += 1
                named[match_why][card.title] += 1
    seconds = time.perf_counter() - start
    print(
        f"{len(decks)} real decks, {copies} card copies; {GOLDFISH_GAMES} goldfish games and "
        f"{match_games // len(decks)} match games a deck, against each of the {len(decks) - 1} others "
        f"({match_games} matches), {seconds:.0f} s"
    )
    print(f"effects applied in matches: {in_matches} copies = {in_matches / copies:.1%} of all copies (goal 90%)")
    print(f"effects applied alone (the goldfish): {alone} copies = {alone / copies:.1%}")
    print("each copy classed (alone, then in matches):")
    for name in ("played", "played in matches only", "played alone only", "not yet"):
        print(f"  {classes[name]:5d}  {name}")
    print("not yet, by reason (copies; the cards, most copies first):")
    for reason, n in reasons.most_common():
        cards = ", ".join(f"{t} ({k})" for t, k in named[reason].most_common(8))
        more = len(named[reason]) - 8
        print(f"  {n:4d}  {reason}: {cards}{f' and {more} more' if more > 0 else ''}")


if __name__ == "__main__":
    coverage()
