"""Cards a deck can never play, or only by an unlikely path: said before the first game.

A deck may hold every card its Adventures name and still be dead in the hand: an Ally whose
city the deck never visits, a Latin Tome with no one to read it, Monsters and no Gate. This
module reads the deck with the rules engine's own predicates (:mod:`deckbuilder.rules.places`:
one place for each rule) and reports each card that cannot be played, with the reason and the
fix, in a player's words.

How it reasons: every Location that may be a first Location (rulings l.69) starts a game; from
there the deck's own Locations and Travel Events say where else you can go (walking, rulebook
l.239-249; travel, l.257-265). A card is an **error** when no reachable place lets you play
it, a **warning** when only an unlikely path does: a game that starts in a Region (or
Dimension) holding few of the deck's Locations and that nothing links to the others, or a
Spell held only by an Ally or Artifact whose text seems to say it "can know" Spells (a guess
from card text).

Not judged here: Adventure recipes (see :mod:`deckbuilder.rules.adventures`), Events aimed at an
opponent (they are playable in a real game), the odds of drawing a card. Noted (severity
``note``): each card whose effect the engine, and so the goldfish, does not play, with the
reason (the ledger of :mod:`deckbuilder.rules.effects.reader`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from deckbuilder.rules.cards import Card, display_title, fold_title
from deckbuilder.rules.decks import Deck
from deckbuilder.rules.effects import CardEffects, EffectKind, read_effects
from deckbuilder.rules.places import (
    ANY_DIMENSION,
    DIMENSIONS,
    TRAVEL_MODE_NAMES,
    Kind,
    Mask,
    PlaceRequirement,
    Profile,
    Scope,
    Step,
    Vocabulary,
    can_read,
    dimension_ok,
    icon_names,
    place_matches,
    read_profile,
    region_matches,
    satisfies_summon,
    title_key,
    travel_can_leave,
    travel_reaches,
    walk_step,
)


class Severity(StrEnum):
    """ERROR: the card can never be played. WARNING: only by an unlikely path. NOTE: the card
    plays, but the engine (and so the goldfish) leaves its effect out, for the reason given."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True)
class PlayabilityIssue:
    """One finding: the card (or ``Monsters`` / ``Locations`` for a deck-wide one), how bad,
    why, and what to do."""

    card: str
    severity: Severity
    reason: str
    fix: str
    kind: str
    copies: int = 1
    #: The cards a finding about several is about (``Locations``: the ones out of reach).
    about: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, str]:
        """Gets the finding as JSON-ready data: ``{card, severity, reason, fix}``."""
        return {"card": self.card, "severity": self.severity.value, "reason": self.reason, "fix": self.fix}


@dataclass
class _Entry:
    card: Card
    profile: Profile
    copies: int


@dataclass(frozen=True)
class _Ctx:
    """A place you can be: at a Location, walking to one, on a Travel Event."""

    region: int
    subregion: int
    dim: int
    attrs: Mask
    exotic: bool
    how: str  # "at", "walking", "travel"
    source: str
    fulfills: frozenset[str] = frozenset()


#: Monsters per Gate Location copy above which a deck is flagged: each arrival at a Gate
#: takes one play of Monsters (rulebook l.227), so beyond three per Gate most wait in the Hand.
MONSTERS_PER_GATE = 3

_PAST_GIVERS = re.compile(r"past attribute|ally card from the past", re.I)


class Profiles:
    """The cards' play profiles read once, for many decks of the same cards judged in turn (a
    deck build weighs thousands of decks a card apart, and reading the cards was two thirds of
    each judgement). Its names (regions, languages...) are interned in one vocabulary, so the
    words of a message may come in another order than a lone judgement's; the verdicts do not
    change."""

    def __init__(self) -> None:
        self.vocab = Vocabulary()
        self._read: dict[str, tuple[Card, Profile]] = {}

    def of(self, card: Card) -> Profile:
        """Gets a card's profile, read the first time (a card of the same key but other facts,
        an erratum, is read again)."""
        got = self._read.get(card.key)
        if got is not None and got[0] is card:
            return got[1]
        profile = read_profile(card, self.vocab)
        self._read[card.key] = (card, profile)
        return profile


def playability(
    deck: Deck, *, effects: Mapping[str, CardEffects] | None = None, profiles: Profiles | None = None
) -> list[PlayabilityIssue]:
    """Gets every card of the deck that can never be played, or only by an unlikely path, and
    (as notes) the cards whose effects the engine does not play, with the reason
    (:func:`deckbuilder.rules.effects.read_effects`; ``effects``: the overrides by folded title;
    ``profiles``: the cards read before, see :class:`Profiles`).

    Errors come first, then warnings, then notes, each group by card title.
    """
    return _analysis_of(deck, effects, profiles or Profiles()).run()


class AdditionJudge:
    """Says what the Playability panel would say of a card once one copy of it is added to a
    deck: the same analysis (:func:`playability`) of the deck with the card, its finding
    about that card (an error: it can never be played; a warning: only by an unlikely path),
    or None. The cards' play profiles are read once and each card's answer is kept, so an
    Adventure's suggestions may ask about many cards."""

    def __init__(self, deck: Deck, *, effects: Mapping[str, CardEffects] | None = None) -> None:
        self.deck = deck
        self.effects = effects
        self.profiles = Profiles()
        self.answers: dict[str, PlayabilityIssue | None] = {}
        self.base = _analysis_of(deck, effects, self.profiles)
        self.base.run(notes=False)
        # Where the deck can go is its Locations and Travel Events, each played when the deck
        # meets its own requirements (an Event subtype, pieces, a reader, a title in play).
        # A card that is neither, added, changes where the deck can go only by meeting one of
        # those requirements the deck alone does not; otherwise the places found for the deck
        # alone are the ones found for the deck with the card. When every one is met already
        # (``settled``), no card added can meet one more.
        self.ways = self.base.open_ways()
        self.settled = self.ways == (
            frozenset(e.card.key for e in self.base.of(Kind.LOCATION)),
            frozenset(t.card.key for t in self.base.of(Kind.TRAVEL)),
        )

    def __call__(self, card: Card) -> PlayabilityIssue | None:
        if card.key in self.answers:
            return self.answers[card.key]
        profile = self.profiles.of(card)
        analysis = self.base.with_one_more(card, profile)
        same_places = profile.kind not in (Kind.LOCATION, Kind.TRAVEL) and (
            self.settled or analysis.open_ways() == self.ways
        )
        issues = analysis.run(places=self.base if same_places else None, notes=False)
        shown = _display(card.title)
        about = [i for i in issues if i.card == shown or shown in i.about]
        answer = about[0] if about else None  # errors come first
        self.answers[card.key] = answer
        return answer


class _Memo:
    """What an analysis works out from one card's profile or one pair's, kept for the next
    analysis of the same cards: :class:`AdditionJudge` runs one for each card it is asked
    about, and most of their Locations are the deck's. Each answer is kept with the profiles
    it was worked out from, and worked out again for others (a card read again)."""

    def __init__(self) -> None:
        self.places: dict[str, tuple[Profile, list[_Ctx]]] = {}
        self.steps: dict[tuple[str, str], tuple[Profile, Profile, bool]] = {}
        self.past: dict[str, tuple[Card, bool]] = {}

    def location_places(self, e: _Entry) -> list[_Ctx]:
        """Gets the places a Location gives: at it and walking from it, in each Dimension it
        may be in."""
        got = self.places.get(e.card.key)
        if got is not None and got[0] is e.profile:
            return got[1]
        loc = e.profile.loc
        assert loc is not None
        out: list[_Ctx] = []
        dims = range(len(DIMENSIONS)) if loc.any_dimension else (loc.dim,)
        for d in dims:
            out.append(
                _Ctx(loc.region, loc.subregion, d, loc.attrs, loc.exotic, "at", e.card.title, e.profile.fulfills)
            )
            out.append(_Ctx(loc.region, -1, d, loc.walking_attrs, False, "walking", e.card.title))
        self.places[e.card.key] = (e.profile, out)
        return out

    def walks(self, src: _Entry, dst: _Entry) -> bool:
        """Checks whether one Location may follow another without a Travel Event."""
        got = self.steps.get((src.card.key, dst.card.key))
        if got is not None and got[0] is src.profile and got[1] is dst.profile:
            return got[2]
        sl, dl = src.profile.loc, dst.profile.loc
        assert sl is not None and dl is not None
        step = walk_step(sl, sl.dim, src.profile.title, dl, dst.profile.title) is not Step.NONE
        self.steps[(src.card.key, dst.card.key)] = (src.profile, dst.profile, step)
        return step

    def gives_past(self, card: Card) -> bool:
        """Checks whether a card's text speaks of taking you to the Past."""
        got = self.past.get(card.key)
        if got is not None and got[0] is card:
            return got[1]
        past = _PAST_GIVERS.search(card.text or "") is not None
        self.past[card.key] = (card, past)
        return past


def _analysis_of(deck: Deck, effects: Mapping[str, CardEffects] | None, profiles: Profiles) -> _Analysis:
    """Gets the analysis of a deck: its main cards, one entry a card with its copies."""
    entries: dict[str, _Entry] = {}
    for line in deck.main:
        got = entries.get(line.card.key)
        if got:
            got.copies += line.count
        else:
            entries[line.card.key] = _Entry(line.card, profiles.of(line.card), line.count)
    return _Analysis(list(entries.values()), deck.investigators, effects or {}, profiles.vocab, _Memo())


class _Analysis:
    def __init__(
        self,
        entries: list[_Entry],
        investigators: tuple[Card, ...],
        effects: Mapping[str, CardEffects],
        vocab: Vocabulary,
        memo: _Memo,
    ) -> None:
        self.effects = effects
        self.memo = memo
        self.vocab = v = vocab
        self.investigators = investigators
        self.entries = entries
        self.by_kind: dict[Kind, list[_Entry]] = {}
        for e in self.entries:
            self.by_kind.setdefault(e.profile.kind, []).append(e)
        self.titles = {e.profile.title for e in self.entries}
        self.water = v.attr("Water")
        # Locations whose Region the catalog does not know (sample cards): no verdict on splits.
        self.unknown_region = v.region("unknown")
        self.issues: list[PlayabilityIssue] = []
        self.dead: set[str] = set()  # keys of cards found unplayable (errors)
        # Where the deck can go (:meth:`find_places`).
        self.groups: dict[tuple[int, int], list[_Entry]] = {}
        self.main_group: tuple[int, int] = (-1, -1)
        self.reached_any: dict[str, _Entry] = {}
        self.travels_any: list[tuple[_Entry, _Entry]] = []
        self.reached_main: dict[str, _Entry] = {}
        self.travels_main: list[tuple[_Entry, _Entry]] = []
        self.ctx_any: list[_Ctx] = []
        self.ctx_main: list[_Ctx] = []
        self.ctx_all: list[_Ctx] = []
        self.inv_langs: Mask = 0
        for inv in self.investigators:
            self.inv_langs |= v.langs(inv.languages)

    def with_one_more(self, card: Card, profile: Profile) -> _Analysis:
        """Gets the analysis of the deck with one more copy of a card in its main part (what
        :func:`_analysis_of` makes of that deck, without reading the deck again): the entries
        are shared, as no check changes them."""
        entries = list(self.entries)
        at = next((i for i, e in enumerate(entries) if e.card.key == card.key), -1)
        if at < 0:
            entries.append(_Entry(card, profile, 1))
        else:
            was = entries[at]
            entries[at] = _Entry(was.card, was.profile, was.copies + 1)
        return _Analysis(entries, self.investigators, self.effects, self.vocab, self.memo)

    def open_ways(self) -> tuple[frozenset[str], frozenset[str]]:
        """Gets the keys of the Locations whose requirements the deck meets and of the Travel
        Events it can use: with its Locations and Travel Events, all that where it can go
        depends on (:meth:`find_places`)."""
        return (
            frozenset(e.card.key for e in self.of(Kind.LOCATION) if self.static_requirements_met(e)),
            frozenset(t.card.key for t in self.of(Kind.TRAVEL) if self.travel_usable(t)),
        )

    # -- helpers -----------------------------------------------------------------------

    def of(self, *kinds: Kind) -> list[_Entry]:
        return [e for k in kinds for e in self.by_kind.get(k, [])]

    def add(
        self,
        e: _Entry | None,
        severity: Severity,
        kind: str,
        reason: str,
        fix: str,
        card: str = "",
        copies: int = 0,
        about: tuple[str, ...] = (),
    ) -> None:
        title = e.card.title if e else card
        self.issues.append(
            PlayabilityIssue(
                card=_display(title),
                severity=severity,
                reason=reason,
                fix=fix,
                kind=kind,
                copies=copies or (e.copies if e else 1),
                about=about,
            )
        )
        if e and severity is Severity.ERROR:
            self.dead.add(e.card.key)

    def dim_name(self, dim: int) -> str:
        return DIMENSIONS[dim].value if dim >= 0 else "any Dimension"

    def region_name(self, region: int) -> str:
        name = self.vocab.region_names[region]
        return name.removeprefix("exotic: ")

    # -- where can the deck go ---------------------------------------------------------

    def static_requirements_met(self, e: _Entry) -> bool:
        """Checks a Location's own requirements against the deck (engine:
        ``location_requirements_met``)."""
        loc = e.profile.loc
        assert loc is not None
        if loc.needs_event_subtypes:
            subtypes = {x.profile.subtype.lower() for x in self.of(Kind.EVENT)}
            if not subtypes & loc.needs_event_subtypes:
                return False
        if loc.needs_pieces:
            key, n = loc.needs_pieces
            if len({x.profile.title for x in self.entries if key in title_key(x.card.title)}) < n:
                return False
        return not (loc.needs_langs and loc.needs_langs & ~self.all_readers())

    def all_readers(self) -> Mask:
        mask = self.inv_langs
        for e in self.of(Kind.ALLY, Kind.ARTIFACT):
            mask |= e.profile.langs
        return mask

    def travel_usable(self, t: _Entry) -> bool:
        p = t.profile
        return all(title in self.titles for title in p.needs_titles)

    def reach(self, starts: Iterable[_Entry]) -> tuple[dict[str, _Entry], list[tuple[_Entry, _Entry]]]:
        """Gets the Locations reachable from the starts, and the (Travel Event, origin) pairs
        playable on the way."""
        locations = [e for e in self.of(Kind.LOCATION) if self.static_requirements_met(e)]
        travels = [t for t in self.of(Kind.TRAVEL) if self.travel_usable(t)]
        seen: dict[str, _Entry] = {}
        todo = list(starts)
        used: list[tuple[_Entry, _Entry]] = []
        for s in todo:
            seen[s.card.key] = s
        while todo:
            src = todo.pop()
            sl = src.profile.loc
            assert sl is not None
            for dst in locations:
                if dst.card.key in seen:
                    continue
                if self.memo.walks(src, dst):
                    seen[dst.card.key] = dst
                    todo.append(dst)
            for t in travels:
                tp = t.profile
                assert tp.travel is not None
                if not dimension_ok(tp.dim, sl.dim) or not travel_can_leave(tp.travel, sl, sl.attrs, self.water):
                    continue
                used.append((t, src))
                for dst in locations:
                    dl = dst.profile.loc
                    assert dl is not None
                    if dst.card.key not in seen and travel_reaches(tp.travel, sl.region, sl.dim, dl):
                        seen[dst.card.key] = dst
                        todo.append(dst)
        return seen, used

    def contexts(self, reached: dict[str, _Entry], travels: list[tuple[_Entry, _Entry]]) -> list[_Ctx]:
        out: list[_Ctx] = []
        for e in reached.values():
            out.extend(self.memo.location_places(e))
        for t, origin in travels:
            ol, tl = origin.profile.loc, t.profile.loc
            assert ol is not None and tl is not None
            out.append(_Ctx(ol.region, -1, ol.dim, tl.attrs, False, "travel", t.card.title))
        return out

    # -- the analysis --------------------------------------------------------------------

    def run(self, places: _Analysis | None = None, notes: bool = True) -> list[PlayabilityIssue]:
        """Gets the findings (see :func:`playability`); with ``places``, an analysis of the same
        Locations and Travel Events whose places are taken as they are (:class:`AdditionJudge`);
        without ``notes``, no notes of effects the goldfish leaves out."""
        locations = self.of(Kind.LOCATION)
        if places is not None:
            self.groups, self.main_group = places.groups, places.main_group
            self.reached_any, self.travels_any = places.reached_any, places.travels_any
            self.reached_main, self.travels_main = places.reached_main, places.travels_main
            self.ctx_any, self.ctx_main, self.ctx_all = places.ctx_any, places.ctx_main, places.ctx_all
        else:
            self.find_places(locations)
        groups = self.groups
        if not locations:
            self.add(
                None,
                Severity.ERROR,
                "no-location",
                "the deck has no Location: your first play must be one (rulebook l.79), and most cards need you at one",
                "add Locations where your Allies, Tomes and Artifacts are found",
                card="Locations",
            )
        self.check_locations(groups)
        self.check_dimensions()
        self.check_allies()
        self.check_tomes()
        self.check_artifacts()
        self.check_threat()
        self.check_travel()
        self.check_spells()
        self.check_goo()
        if notes:
            self.check_effects()
        order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOTE: 2}
        return sorted(self.issues, key=lambda i: (order[i.severity], fold_title(i.card), i.kind))

    def find_places(self, locations: list[_Entry]) -> None:
        """Finds where the deck can go: from any first Location, and from the Region (and
        Dimension) holding most of its first Locations, with the places a card may be played."""
        starts = [e for e in locations if e.profile.loc and e.profile.loc.first_ok and self.static_requirements_met(e)]
        self.reached_any, self.travels_any = self.reach(starts)
        groups: dict[tuple[int, int], list[_Entry]] = {}
        for e in starts:
            loc = e.profile.loc
            assert loc is not None
            groups.setdefault((loc.region, loc.dim), []).append(e)
        self.groups = groups
        if groups:
            # A tie goes to the Region first by name (not by the order its name was met in,
            # which differs between decks judged with one vocabulary: :class:`Profiles`).
            names = self.vocab.region_names
            ranked = sorted(groups, key=lambda k: (names[k[0]] if k[0] >= 0 else "", k[1]))
            main_key = max(ranked, key=lambda k: sum(e.copies for e in groups[k]))
            self.main_group = main_key
            self.reached_main, self.travels_main = self.reach(groups[main_key])
        else:
            self.main_group = (-1, -1)
            self.reached_main, self.travels_main = {}, []
        self.ctx_any = self.contexts(self.reached_any, self.travels_any)
        self.ctx_main = self.contexts(self.reached_main, self.travels_main)
        self.ctx_all = self.contexts({e.card.key: e for e in locations}, [])

    def check_effects(self) -> None:
        """Notes each card whose effect the engine does not play (the ledger), with the reason."""
        for e in self.entries:
            reason = read_effects(e.card, self.effects).ignored
            if reason:
                self.add(
                    e,
                    Severity.NOTE,
                    "effect",
                    f"its effect is not played by the goldfish: {reason}",
                    "nothing to do: the card is played and counts; only its effect is left out of the test games",
                )

    def split_note(self, target: str) -> str:
        """Says why a place off the main group is out of reach, naming any card whose
        unplayed text might still take you there."""
        region, dim = self.main_group
        crossing = (
            "crosses_dimensions"
            if target.startswith("the ") and target[4:] in {d.value for d in DIMENSIONS}
            else "crosses_regions"
        )
        crossers = sorted({_display(e.card.title) for e in self.entries if getattr(e.profile, crossing)})
        note = (
            f"nothing in the deck takes you to {target} from {self.region_name(region)} ({self.dim_name(dim)}), "
            "where most of your Locations are"
        )
        if crossers:
            note += f" (except by using {', '.join(crossers)}, which this check does not play)"
        return note

    def judge(self, e: _Entry, fits: Callable[[list[_Ctx]], bool], need: str, kind: str, fix: str) -> bool:
        """Reports a card that fits no reachable place (error) or only places off the main
        Region (warning). Gets whether it is playable at all."""
        if fits(self.ctx_main):
            return True
        fitting = [c for c in self.ctx_any if fits([c])]
        if fitting and self.main_group[0] == self.unknown_region:
            return True  # the catalog does not know where most Locations are
        if fitting:
            self.add(
                e,
                Severity.WARNING,
                kind,
                f"{e.card.title} needs {need}: only a game that starts there can play it; "
                f"{self.split_note(self.target(fitting))}",
                fix,
            )
            return True
        self.add(e, Severity.ERROR, kind, f"{e.card.title} needs {need}: the deck has none", fix)
        return False

    def target(self, ctxs: list[_Ctx]) -> str:
        """Names where some places are: their Dimension when it is not the main one, else
        their Regions."""
        main_dim = self.main_group[1]
        dims = sorted({c.dim for c in ctxs})
        if main_dim not in dims:
            return " or ".join(f"the {self.dim_name(d)}" for d in dims)
        return " or ".join(sorted({self.region_name(c.region) for c in ctxs}))

    def check_locations(self, groups: dict[tuple[int, int], list[_Entry]]) -> None:
        for e in self.of(Kind.LOCATION):
            loc = e.profile.loc
            assert loc is not None
            if e.card.key in self.reached_any:
                continue
            title = e.card.title
            if loc.needs_langs and loc.needs_langs & ~self.all_readers():
                langs = ", ".join(self.vocab.lang_words(loc.needs_langs))
                self.add(
                    e,
                    Severity.ERROR,
                    "location-reader",
                    f"no one can read {langs} for {title}",
                    f"add an Ally who knows {langs}, or play an Investigator who does",
                )
            elif loc.needs_event_subtypes and not self.static_requirements_met(e):
                what = " or ".join(sorted(s.title() for s in loc.needs_event_subtypes))
                self.add(
                    e,
                    Severity.ERROR,
                    "location-requirement",
                    f"{title} needs a {what} Event in play: the deck has none",
                    f"add a {what} Event",
                )
            elif loc.needs_pieces and not self.static_requirements_met(e):
                self.add(
                    e,
                    Severity.ERROR,
                    "location-requirement",
                    f"{title} needs all {loc.needs_pieces[1]} pieces of the {loc.needs_pieces[0].title()} "
                    "in play: the deck lacks some",
                    "add the missing pieces",
                )
            else:
                self.add(e, Severity.ERROR, "unreachable-location", self._no_way(e), self._no_way_fix(e))
        region, dim = self.main_group
        for (g_region, g_dim), members in sorted(groups.items()):
            if (g_region, g_dim) == self.main_group or self.unknown_region in (g_region, region):
                continue
            off = [m for m in members if m.card.key not in self.reached_main]
            if not off:
                continue
            n = sum(m.copies for m in off)
            off_titles = tuple(sorted({_display(m.card.title) for m in off}))
            names = ", ".join(off_titles)
            target = f"the {self.dim_name(g_dim)}" if g_dim != dim else self.region_name(g_region)
            self.add(
                None,
                Severity.WARNING,
                "region-split",
                f"{n} Location{'s' if n != 1 else ''} in {self.region_name(g_region)} ({self.dim_name(g_dim)}: "
                f"{names}) can only be a first Location: {self.split_note(target)}",
                (
                    f"add a card that takes you between the {self.dim_name(dim)} and the {self.dim_name(g_dim)}, "
                    "or cut these Locations"
                )
                if g_dim != dim
                else (
                    f"add a Travel by Air or Sea Event between {self.region_name(region)} and "
                    f"{self.region_name(g_region)}, or cut these Locations"
                ),
                card="Locations",
                copies=n,
                about=off_titles,
            )

    def _no_way(self, e: _Entry) -> str:
        loc = e.profile.loc
        assert loc is not None
        title = e.card.title
        if loc.walk_from_attrs:
            words = " ".join(self.vocab.attr_words(loc.walk_from_attrs))
            return f"{title} is played only from an {words} Location: the deck has none you can reach"
        if loc.walk_from_titles:
            names = ", ".join(self.vocab.title_names[t] for t in loc.walk_from_titles)
            return f"{title} is played only from {names}: the deck has none you can reach"
        if loc.reach_modes:
            modes = " or ".join(n for m, n in TRAVEL_MODE_NAMES.items() if loc.reach_modes & m)
            what = "an Exotic Location" if loc.exotic else "a Location"
            return (
                f"{title} is {what} reached only by {modes}: the deck has no such Travel Event "
                "playable from its Locations"
            )
        if loc.exotic:
            return f"{title} is an Exotic Location and nothing in the deck takes you there"
        return f"{title} cannot be reached from the deck's other Locations"

    def _no_way_fix(self, e: _Entry) -> str:
        loc = e.profile.loc
        assert loc is not None
        if loc.reach_modes:
            modes = " or ".join(n for m, n in TRAVEL_MODE_NAMES.items() if loc.reach_modes & m)
            return f"add a {modes} Event (and a Location it can leave from), or cut {e.card.title}"
        return f"add the Location it is played from, or cut {e.card.title}"

    def check_dimensions(self) -> None:
        """Cards of a Dimension need a Location of it on top of the Story Deck (rulebook l.267)."""
        dims_any = {c.dim for c in self.ctx_any}
        dims_main = {c.dim for c in self.ctx_main}
        for e in self.entries:
            p = e.profile
            if p.kind in (Kind.LOCATION, Kind.ALLY, Kind.ADVENTURE, Kind.OTHER) or p.dim == ANY_DIMENSION:
                continue  # an Ally's Dimension is part of its place (check_allies)
            if p.dim in dims_main:
                continue
            name = self.dim_name(p.dim)
            if p.dim in dims_any:
                self.add(
                    e,
                    Severity.WARNING,
                    "dimension",
                    f"{e.card.title} is a {name} card: only a game that starts in the {name} can play it; "
                    f"{self.split_note('the ' + name)}",
                    f"add more {name} Locations, or a card that crosses Dimensions",
                )
            else:
                self.add(
                    e,
                    Severity.ERROR,
                    "dimension",
                    f"{e.card.title} is a {name} card and the deck has no {name} Location",
                    f"add {name} Locations, or cut {e.card.title}",
                )

    def check_allies(self) -> None:
        past_givers = sorted({_display(x.card.title) for x in self.entries if self.memo.gives_past(x.card)})
        stops = {t.card.title for t, _ in self.travels_any if t.profile.travel and t.profile.travel.ally_stop}
        meetings = sorted({_display(x.card.title) for x in self.of(Kind.EVENT) if x.profile.ally_anywhere})
        dims_any = {c.dim for c in self.ctx_any}
        for e in self.of(Kind.ALLY):
            place = e.profile.place
            assert place is not None
            if not set(place.dims) & dims_any:
                names = " or ".join(self.dim_name(d) for d in place.dims)
                self.add(
                    e,
                    Severity.ERROR,
                    "dimension",
                    f"{e.card.title} is a {names} Ally and the deck has no {names} Location",
                    f"add {names} Locations, or cut {e.card.title}",
                )
                continue
            if place.past:
                # Rulebook l.552: "Some Allies can be played only if your Investigator travels to
                # the Past"; the goldfish plays the Lamp's Past (rulings l.184), this check does not.
                if past_givers:
                    played = sorted(
                        {
                            _display(x.card.title)
                            for x in self.entries
                            if any(f.kind is EffectKind.PAST for f in read_effects(x.card, self.effects).effects)
                        }
                    )
                    how = (
                        "the goldfish plays it"
                        if played == past_givers
                        else "read from card text; this check does not play it"
                    )
                    self.add(
                        e,
                        Severity.WARNING,
                        "past",
                        f"{e.card.title} needs {place.words}: only {', '.join(past_givers)} can take you there ({how})",
                        "make sure the Past card comes out, or cut the Past Ally",
                    )
                else:
                    self.add(
                        e,
                        Severity.ERROR,
                        "past",
                        f"{e.card.title} needs {place.words}: nothing in the deck takes you to the Past",
                        f"add a card that takes you to the Past, or cut {e.card.title}",
                    )
                continue

            def fits(ctxs: list[_Ctx], place: PlaceRequirement = place) -> bool:
                if any(place_matches(place, c.region, c.subregion, c.dim, c.attrs, c.exotic) for c in ctxs):
                    return True
                # Train / Hitch a Ride: one Ally "that could be played in this Region".
                return any(
                    region_matches(place, c.region, c.dim) for c in ctxs if c.how == "travel" and c.source in stops
                )

            fix = f"add {place.words}, or cut {e.card.title}"
            if fits(self.ctx_main):
                continue
            if meetings and any(d in {c.dim for c in self.ctx_main} for d in place.dims):
                # Surprise Meeting brings an Ally from any Region of your Dimension.
                none = "none you can reach" if fits(self.ctx_all) else "none"
                self.add(
                    e,
                    Severity.WARNING,
                    "ally-place",
                    f"{e.card.title} needs {place.words}: the deck has {none}, so only "
                    f"{', '.join(meetings)} can bring it",
                    fix,
                )
                continue
            self.judge(e, fits, place.words, "ally-place", fix)

    def readers(self) -> Mask:
        """Gets the languages read by the Investigators and the playable Allies and Artifacts
        (rulebook l.326; an Artifact that "Knows" a language by its text, l.375)."""
        mask = self.inv_langs
        for e in self.of(Kind.ALLY, Kind.ARTIFACT):
            if e.card.key not in self.dead:
                mask |= e.profile.langs
        return mask

    def check_tomes(self) -> None:
        tome_attr = self.vocab.attr("Tome")
        readers = self.readers()
        for e in self.of(Kind.TOME):
            if e.card.key in self.dead:
                continue
            p = e.profile

            fits = _found_at(tome_attr, p)

            if not self.judge(
                e,
                fits,
                "a Tome Location",
                "tome-location",
                f"add a Location with the Tome attribute, or cut {e.card.title}",
            ):
                continue
            # Rulebook l.326: the Investigator or an Ally must read the Tome's language(s).
            if not can_read(p, readers):
                langs = self.vocab.lang_words(p.tome_langs)
                joined = (" and " if p.tome_all else " or ").join(langs)
                who = (
                    "the deck names no Investigator, and no Ally"
                    if not self.investigators
                    else "neither your Investigator nor any Ally"
                )
                self.add(
                    e,
                    Severity.ERROR,
                    "tome-reader",
                    f"no one can read {joined} for {e.card.title}: {who} in the deck knows it",
                    f"add an Ally who knows {joined}, or play an Investigator who does",
                )

    def check_artifacts(self) -> None:
        art_attr = self.vocab.attr("Artifact")
        allies = [a for a in self.of(Kind.ALLY) if a.card.key not in self.dead]
        for e in self.of(Kind.ARTIFACT):
            if e.card.key in self.dead:
                continue
            p = e.profile

            fits = _found_at(art_attr, p)

            if not self.judge(
                e,
                fits,
                "an Artifact Location",
                "artifact-location",
                f"add a Location with the Artifact attribute, or cut {e.card.title}",
            ):
                continue
            if p.needs_ally and not allies:
                what = "a Weapon" if p.weapon else "given to an Ally"
                self.add(
                    e,
                    Severity.ERROR,
                    "artifact-ally",
                    f"{e.card.title} is {what} (rulebook: it goes to an Ally in play) and the deck has no Ally "
                    "it can play",
                    f"add Allies, or cut {e.card.title}",
                )

    def check_threat(self) -> None:
        gate = self.vocab.attr("Gate")
        monsters = [e for e in self.of(Kind.MONSTER, Kind.THREAT_EVENT) if e.card.key not in self.dead]
        for e in monsters:
            p = e.profile

            def fits(ctxs: list[_Ctx], p: Profile = p) -> bool:
                return any(c.how == "at" and c.attrs & gate and dimension_ok(p.dim, c.dim) for c in ctxs)

            self.judge(
                e,
                fits,
                "a Gate Location" + (f" in the {self.dim_name(p.dim)}" if p.dim >= 0 else ""),
                "gate",
                f"add Gate Locations, or cut {e.card.title}",
            )
        n_monsters = sum(e.copies for e in monsters if e.card.key not in self.dead)
        gates = [
            e
            for e in self.of(Kind.LOCATION)
            if e.profile.loc and e.profile.loc.attrs & gate and e.card.key in self.reached_any
        ]
        n_gates = sum(e.copies * (2 if e.profile.loc and e.profile.loc.gate_reuse else 1) for e in gates)
        if gates and n_monsters > MONSTERS_PER_GATE * n_gates:
            shown = sum(e.copies for e in gates)
            self.add(
                None,
                Severity.WARNING,
                "monster-gates",
                f"{n_monsters} Monsters, {shown} Gate{'s' if shown != 1 else ''}: each arrival at a Gate plays "
                "Monsters once (several only if they Join), so most will wait in your Hand",
                "add Gate Locations (or Gates that may be used more than once), or cut Monsters that do not Join",
                card="Monsters",
                copies=n_monsters,
            )

    def check_travel(self) -> None:
        used = {t.card.key for t, _ in self.travels_any}
        for e in self.of(Kind.TRAVEL):
            if e.card.key in self.dead:
                continue
            p = e.profile
            t = p.travel
            assert t is not None
            missing = [self.vocab.title_names[x] for x in p.needs_titles if x not in self.titles]
            if missing:
                self.add(
                    e,
                    Severity.ERROR,
                    "travel-requirement",
                    f"{e.card.title} needs {', '.join(missing)} in play: the deck has none",
                    f"add {', '.join(missing)}, or cut {e.card.title}",
                )
                continue
            if e.card.key not in used:
                if t.origin_water:
                    # Rulings l.87: Travel by Sea Events are played at a Water Location.
                    reason = f"{e.card.title} is played at a Water Location: the deck has none you can reach"
                    fix = f"add Locations with the Water attribute, or cut {e.card.title}"
                else:
                    reason = f"{e.card.title} cannot be played from any of the deck's Locations"
                    fix = f"add Locations it can leave from, or cut {e.card.title}"
                self.add(e, Severity.ERROR, "travel-origin", reason, fix)
                continue
            origins = [o.profile.loc for tt, o in self.travels_any if tt.card.key == e.card.key and o.profile.loc]
            leads = any(
                travel_reaches(t, o.region, o.dim, d.profile.loc)
                for d in self.of(Kind.LOCATION)
                if d.profile.loc
                for o in origins
            )
            if not leads:
                where = " with the Water attribute" if t.dest_all & self.water else ""
                if t.scope is Scope.DIFFERENT:
                    where += " in another Region"
                elif t.scope is Scope.SAME:
                    where += " in the same Region"
                self.add(
                    e,
                    Severity.WARNING,
                    "travel-destination",
                    f"{e.card.title} leads nowhere: the deck has no Location{where} it can take you to",
                    f"add Locations it can reach, or cut {e.card.title}",
                )

    def check_spells(self) -> None:
        tomes = [t for t in self.of(Kind.TOME) if t.card.key not in self.dead]
        holders = [h for h in self.of(Kind.ALLY, Kind.ARTIFACT) if h.profile.capacity and h.card.key not in self.dead]
        all_tomes = self.of(Kind.TOME)
        for e in self.of(Kind.SPELL):
            if e.card.key in self.dead:
                continue
            icons = e.profile.icons
            icon = ", ".join(icon_names(icons)) or "no"
            # Rulebook l.299: a Spell goes in a Tome bearing its icon.
            if any(t.profile.icons & icons for t in tomes):
                continue
            dead_tomes = [t.card.title for t in all_tomes if t.profile.icons & icons]
            if holders:
                names = ", ".join(sorted({h.card.title for h in holders}))
                self.add(
                    e,
                    Severity.WARNING,
                    "spell-holder",
                    f"{e.card.title} has no Tome with the {icon} icon it can play; only {names} "
                    'can hold it (a guess from card text: "can know ... Spell")',
                    f"add a Tome with the {icon} icon",
                )
                continue
            why = (
                f"the deck's Tomes with the {icon} icon ({', '.join(sorted(set(dead_tomes)))}) can never be played"
                if dead_tomes
                else f"the deck has no Tome with the {icon} icon"
            )
            self.add(
                e,
                Severity.ERROR,
                "spell-tome",
                f"{e.card.title} has nowhere to go: {why}, and no Ally or Artifact that can know Spells",
                f"add a Tome with the {icon} icon, or cut {e.card.title}",
            )

    def check_goo(self) -> None:
        gate = self.vocab.attr("Gate")
        for e in self.of(Kind.GOO):
            p = e.profile
            for req in p.summon:
                if req.is_location:
                    # Rulebook l.282: the Current Location meets it and has a Gate.
                    ok = any(
                        c.how == "at"
                        and c.attrs & gate
                        and (
                            (not (req.attrs & ~c.attrs) and req.dim in (ANY_DIMENSION, c.dim)) or req.key in c.fulfills
                        )
                        for c in self.ctx_any
                    )
                    if not ok:
                        self.add(
                            e,
                            Severity.ERROR,
                            "goo",
                            f"{e.card.title} needs a {req.text} with a Gate as your Current Location: "
                            "the deck has none",
                            f"add a {req.text} with a Gate, or cut {e.card.title}",
                        )
                        break
                    continue
                have = [
                    x
                    for x in self.entries
                    if x.card.key not in self.dead
                    and satisfies_summon(req, x.card, x.profile)
                    and not (x.profile.kind is Kind.EVENT and (not x.profile.persistent or x.profile.needs_opponent))
                ]
                if not have:
                    self.add(
                        e,
                        Severity.ERROR,
                        "goo",
                        f"{e.card.title} needs {req.text} in play: the deck has no such card it can keep in play",
                        f"add a {req.text} card, or cut {e.card.title}",
                    )
                    break


def _display(title: str) -> str:
    return display_title(title)


__all__ = ["MONSTERS_PER_GATE", "AdditionJudge", "PlayabilityIssue", "Severity", "playability"]


def _found_at(attr: Mask, p: Profile) -> Callable[[list[_Ctx]], bool]:
    """Gets whether a card found at Locations with ``attr`` (a Tome or Artifact, rulebook
    l.183, l.324) fits one of the places: arrived at, with that attribute, in its Dimension."""

    def fits(ctxs: list[_Ctx]) -> bool:
        return any(c.how != "walking" and c.attrs & attr and dimension_ok(p.dim, c.dim) for c in ctxs)

    return fits
