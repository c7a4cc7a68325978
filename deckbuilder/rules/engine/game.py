"""A game of one deck: the deck read once for play (:class:`Game`), how to play (:class:`Rules`),
and the Adventure check the engine asks.

Reading the cards costs far more than a game, so a :class:`Game` reads them once into play
profiles (:mod:`deckbuilder.rules.places`) and per-copy tables of plays, and remembers the
answers of the Adventure check by the tally of cards that count (rulebook l.66, l.147);
:meth:`Game.new_state` then starts any number of games.

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from deckbuilder.rules.cards import Card, CardType, fold_title
from deckbuilder.rules.decks import Deck, Section
from deckbuilder.rules.effects import CardEffects, EffectKind, read_effects
from deckbuilder.rules.effects.reader import NO_TARGET
from deckbuilder.rules.engine.casting import draw_n
from deckbuilder.rules.engine.plays import (
    ADV,
    ALLY,
    ART,
    EVENT,
    GOO,
    LOC,
    MON,
    THREAT,
    TOME,
    TRAVEL,
    CardId,
    Play,
    PlayKind,
)
from deckbuilder.rules.engine.state import GameState
from deckbuilder.rules.engine.turn import draw_up, shuffle
from deckbuilder.rules.places import (
    ANY_DIMENSION,
    Mask,
    Profile,
    Step,
    Vocabulary,
    ally_joins,
    monster_joins,
    read_profile,
    satisfies_summon,
    singular,
)

#: Decides whether an Adventure's recipe is met by the given cards (Story Deck and in play).
#: A check may also have a method ``may_use(adventure, card) -> bool`` saying whether a card
#: could ever fill a slot of the recipe; the engine then asks (and remembers the answer) only
#: when those cards change, which is what makes a long goldfish run fast. A check may instead
#: have ``slots_of(adventure, card) -> int``, the recipe's slots (a bit each) the card could
#: fill, and promise that cards leaving a slot empty never meet it: the engine then refuses
#: such cards itself, without asking.
#: A check may also have ``conditions_of(adventure) -> tuple[(kind, argument, words), ...]``,
#: the recipe's non-card conditions (``Condition.reading`` of :mod:`deckbuilder.rules.adventures`):
#: the engine checks them against the game, and an Adventure with one it cannot check is
#: never played (rulings l.85: "'Strange' Requirements").
AdventureCheck: TypeAlias = Callable[[Card, Sequence[Card]], bool]

#: The non-card conditions the engine checks (see ``Game.conditions``).
CHECKED_CONDITIONS = ("society", "in play", "sanity below", "spell in tome", "tome unread", "time")


def allies_that(
    kind: EffectKind, distinct: Sequence[Card], read: Sequence[CardEffects], uid: Sequence[int]
) -> tuple[bool, ...]:
    """Gets, per copy, whether the card is an Ally whose effects hold one of ``kind`` (the Allies
    that may be Buried instead of a cost: an Artifact's, a Threat card's, a Spell's)."""
    return tuple(distinct[u].type is CardType.ALLY and any(f.kind is kind for f in read[u].effects) for u in uid)


def no_adventures(adventure: Card, cards: Sequence[Card]) -> bool:
    """Checks nothing and says no: the default until a recipe checker is given."""
    return False


class NoInvestigatorError(ValueError):
    """Raised when a game is started without an Investigator card to play."""


@dataclass(frozen=True)
class Rules:
    """How to play.

    - ``advanced``: other legal cards may be played before the first Location (rulings l.19).
    - ``campaign``: Adventures do not end the game; play on to ``target`` points (l.470).
    - ``phantom_opponent``: Events aimed at a card an opponent has in play (an Ally, an
      Artifact, the Threat) may be played (and are Buried at once) as if he had played one; by
      default the opponent plays nothing and they have no target (l.202). Events aimed at his
      Investigator, Hand or Mythos Deck have one either way (their effect on him is not played).
      The goldfish and the deck builder's games never set it (issue 23).
    - ``adventure_check``: the recipe checker (default: no Adventure can be completed).
    - ``effects``: effect overrides by folded title (``catalog/effects.toml``, read by the
      catalog), for cards the reader of card text gets wrong.
    - ``cast_spells``: Spells are cast and Artifacts used (rulebook l.305-311, l.189-199); off,
      the engine plays them only into play, as before it knew their effects.
    """

    advanced: bool = False
    campaign: bool = False
    target: int = 20
    phantom_opponent: bool = False
    adventure_check: AdventureCheck = field(default=no_adventures, compare=False)
    effects: Mapping[str, CardEffects] = field(default_factory=dict, compare=False)
    cast_spells: bool = True


#: The card types cast or used as a Turn's play (rulebook l.49, l.345-347), and the effects of a use.
_USED = (CardType.SPELL, CardType.ARTIFACT, CardType.ALLY)
#: What a Location does as you arrive (``Game.on_arrival``).
_ARRIVAL = (
    EffectKind.REVEAL,
    EffectKind.REVEAL_ATTACK,
    EffectKind.DISCARD_RANDOM_HAND,
    EffectKind.DISCARD_RANDOM_STORY,
)
#: Lasting effects of cards in play, or of a Location's arrival: none is a use.
_NOT_USES = (
    EffectKind.HAND_MIN,
    EffectKind.HAND_MAX,
    EffectKind.PAST_RESURRECT,
    EffectKind.REVEAL,
    EffectKind.REVEAL_ATTACK,
    EffectKind.DISCARD_RANDOM_HAND,
    EffectKind.DISCARD_RANDOM_STORY,
    EffectKind.LOSE_TURN,
    EffectKind.ROUND_DRAW,
    EffectKind.PAYS_ARTIFACT,  # an Ally Buried instead of an Artifact's Sanity: a choice on its play
    EffectKind.HOLDS_ARTIFACT,  # an Ally given an Artifact or Tome later: a play of the Artifact's
    EffectKind.HOLDS_TOME,  # or Tome (rules/engine/tomes.py), by Profile.holds_artifact / holds_tome
    EffectKind.PAYS_THREAT,  # an Ally Buried instead of a Threat card's Sanity: a choice on its play
    EffectKind.WAKING_ALLIES,  # where Allies are found while it is in play (rules/engine/allies.py)
    EffectKind.PAYS_SPELL,  # an Ally Buried instead of a Spell's Sanity: a choice on its cast
)
_USES = tuple(k for k in EffectKind if k not in _NOT_USES)

#: Per card kind, the play a copy of it makes on its own (see ``Game._own_play``).
_OWN_PLAY = {
    LOC: PlayKind.LOCATION,
    ALLY: PlayKind.ALLY,
    TOME: PlayKind.TOME,
    ART: PlayKind.ARTIFACT,
    GOO: PlayKind.GOO,
    TRAVEL: PlayKind.TRAVEL,
    EVENT: PlayKind.EVENT,
    ADV: PlayKind.ADVENTURE,
}
#: How many recipe answers a Game remembers (about 12 new ones a game; some 17 MB at most).
_ADVENTURE_CACHE_SIZE = 200_000


class Game:
    """A deck read for play: the card table, each copy's play profile, the Investigator.

    Build it once per deck (reading the cards costs far more than a game) and start any number
    of games with :meth:`new_state`.

    Raises :class:`NoInvestigatorError` when the deck names no Investigator and none is given,
    or the Investigator card has no beginning Sanity.
    """

    def __init__(
        self, deck: Deck | Iterable[Card], investigator: Card | None = None, rules: Rules | None = None
    ) -> None:
        if isinstance(deck, Deck):
            cards = list(deck.cards(Section.DECK))
            if investigator is None and deck.investigators:
                investigator = deck.investigators[0]
        else:
            cards = list(deck)
        if investigator is None:
            raise NoInvestigatorError("the deck names no Investigator; choose one to play")
        if investigator.sanity is None:
            raise NoInvestigatorError(f"{investigator.title} has no beginning Sanity on its card")
        self.rules = rules or Rules()
        self.investigator = investigator
        self.cards: tuple[Card, ...] = tuple(cards)
        self.vocab = Vocabulary()
        by_key: dict[str, int] = {}
        distinct: list[Card] = []
        distinct_profiles: list[Profile] = []
        uid: list[int] = []
        for card in self.cards:
            u = by_key.get(card.key)
            if u is None:
                u = by_key[card.key] = len(distinct)
                distinct.append(card)
                distinct_profiles.append(read_profile(card, self.vocab))
            uid.append(u)
        #: Per copy: the index of its distinct card (copies of one printing share it).
        self.uid: tuple[int, ...] = tuple(uid)
        copies = [0] * len(distinct)  # per printing
        for u in uid:
            copies[u] += 1
        # Per copy: whether its printing has other copies in the deck (only those need telling
        # apart when a hand's plays are listed once per printing).
        self._has_copies: tuple[bool, ...] = tuple(copies[u] > 1 for u in uid)
        self.distinct: tuple[Card, ...] = tuple(distinct)
        self.profiles: tuple[Profile, ...] = tuple(distinct_profiles[u] for u in uid)
        self.size = len(self.cards)
        self.readers: Mask = self.vocab.langs(investigator.languages)
        # Hand size "usually 13" (rulebook l.47) when the card does not say.
        self.hand_size = investigator.hand or 13
        self.hand_min = investigator.hand_min if investigator.hand_min is not None else 0
        self.hand_max = investigator.hand_max if investigator.hand_max is not None else self.hand_size
        self.sanity_max = min(investigator.sanity_max or 20, 20)  # rulebook l.42
        self.sanity_start = min(investigator.sanity, self.sanity_max)
        self.water = self.vocab.attr("Water")
        self.gate = self.vocab.attr("Gate")
        self.tome_attr = self.vocab.attr("Tome")
        self.artifact_attr = self.vocab.attr("Artifact")
        self.past = self.vocab.attr("Past")
        # Per copy: what casting or using it plays (None: nothing the engine plays alone), and
        # a Monster's class as Summon names it (rulebook l.317).
        read = [read_effects(c, self.rules.effects) for c in distinct]
        usable = [
            e if e.effects and not e.ignored and c.type in _USED and any(f.kind in _USES for f in e.effects) else None
            for c, e in zip(distinct, read)
        ]
        self.effects: tuple[CardEffects | None, ...] = tuple(usable[u] if self.rules.cast_spells else None for u in uid)
        #: Per copy, the Sanity change of casting or using it: a Spell's pentagram, paid when
        #: cast (rulebook l.126, l.305), or what the use says it costs (l.199).
        self.use_cost: tuple[int, ...] = tuple(
            (-e.cost if e.cost is not None else (c.sanity or 0) if c.type is CardType.SPELL else 0)
            if e is not None
            else 0
            for c, e in zip(self.cards, self.effects)
        )
        #: Whether any card can be cast or used: a deck without one pays nothing for them.
        self.has_uses = any(e is not None for e in self.effects)
        #: Whether an Ally of the deck may later take an Artifact anywhere (rulebook l.185).
        self.holds_artifact = any(p.holds_artifact for p in distinct_profiles)
        self.holds_tome = any(p.holds_tome for p in distinct_profiles)
        #: Per copy, the effects the engine does not play, with the reason ("" if it plays them).
        #: An Event aimed at a card of an opponent's is never played without ``phantom_opponent``:
        #: the reason says so, whatever its text's reading (rulebook l.202).
        no_target = [p.kind is EVENT and p.opponent_card and not self.rules.phantom_opponent for p in distinct_profiles]
        self.ignored: tuple[str, ...] = tuple(NO_TARGET if no_target[u] else read[u].ignored for u in uid)
        # Lasting effects of cards in play (rulebook l.51-53): an Ally's change to the Hand's
        # Minimum (the largest counts: such cards say "not cumulative") and Maximum (summed); a
        # Location revealing the Mythos Deck's top card on arrival and applying its Sanity.
        self.hand_min_change: tuple[int, ...] = tuple(
            sum(f.amount for f in read[u].effects if f.kind is EffectKind.HAND_MIN) for u in uid
        )
        self.hand_max_change: tuple[int, ...] = tuple(
            sum(f.amount for f in read[u].effects if f.kind is EffectKind.HAND_MAX) for u in uid
        )
        self.has_hand_changes = any(self.hand_min_change) or any(self.hand_max_change)
        #: Per copy: while in play, Resurrection may play an Ally from the Past (Grecian Lekythos).
        self.past_resurrect: tuple[bool, ...] = tuple(
            any(f.kind is EffectKind.PAST_RESURRECT for f in read[u].effects) for u in uid
        )
        #: Per copy, what a Location does as you arrive (reveal the top card, lose a card at random).
        self.on_arrival: tuple[tuple[EffectKind, ...], ...] = tuple(
            tuple(f.kind for f in read[u].effects if f.kind in _ARRIVAL)
            if distinct[u].type is CardType.LOCATION
            else ()
            for u in uid
        )
        # The Investigator's ability, read from its card (overrides in ``Rules.effects``).
        ability = read_effects(investigator, self.rules.effects)
        #: What the Investigator's ability plays, and the reason for what it leaves out ("": all).
        self.ability: CardEffects = ability
        #: Once a Round, as a Turn: put up to this many cards on the Discard and draw as many (0: no
        #: such ability; "As your Turn one time during a Round", rulebook l.49).
        self.ability_redraw = sum(f.amount for f in ability.effects if f.kind is EffectKind.REDRAW)
        #: Cards drawn at the beginning of each Turn (the Pragmatic Hobo's "beg").
        self.turn_draw = sum(f.amount for f in ability.effects if f.kind is EffectKind.TURN_DRAW)
        #: The Secret Societies the Investigator is a member of (folded names).
        self.societies: tuple[str, ...] = tuple(f.what for f in ability.effects if f.kind is EffectKind.SOCIETY)
        #: Per copy: a Monster the Investigator may play as an Ally through a Gate, the Location's
        #: attributes that Gate needs besides (0: none).
        gate_allies = [f.what.partition(":") for f in ability.effects if f.kind is EffectKind.GATE_ALLIES]
        self.gate_ally: tuple[int, ...] = tuple(
            next(
                (
                    self.vocab.attr(attr.strip())
                    for attr, _, name in gate_allies
                    if singular(fold_title(c.title)) == singular(fold_title(name))
                ),
                0,
            )
            if c.type is CardType.MONSTER and not c.goo
            else 0
            for c in self.cards
        )
        #: Per copy: the Sanity an Adventure of this kind gains besides its own (Diabolical Cultist).
        bonus = [(f.what, f.amount) for f in ability.effects if f.kind is EffectKind.ADVENTURE_SANITY]
        self.adventure_bonus: tuple[int, ...] = tuple(
            sum(n for what, n in bonus if what in fold_title(c.subtype or "")) if c.type is CardType.ADVENTURE else 0
            for c in self.cards
        )
        #: Per copy, the cards a Tome in play adds to each Round's draw (Necronomicon, Book of Eibon).
        self.round_draw: tuple[int, ...] = tuple(
            sum(f.amount for f in read[u].effects if f.kind is EffectKind.ROUND_DRAW)
            if distinct[u].type is CardType.TOME
            else 0
            for u in uid
        )
        self.has_round_draw = any(self.round_draw)
        #: Per copy, the Turns a Location's arrival loses (rulebook l.351, l.356: The Vatican).
        self.lost_turns: tuple[int, ...] = tuple(
            sum(f.amount for f in read[u].effects if f.kind is EffectKind.LOSE_TURN)
            if distinct[u].type is CardType.LOCATION
            else 0
            for u in uid
        )
        #: Per copy, the allegiance of an Ally its player may Bury instead of the Turn a
        #: Location's arrival loses ("Steadfast", "Corrupt"; "": none; ``rules/engine/choices.py``).
        self.turn_or_ally: tuple[str, ...] = tuple(
            next(
                (f.what.title() for f in read[u].effects if f.kind is EffectKind.LOSE_TURN and f.what),
                "",
            )
            if distinct[u].type is CardType.LOCATION
            else ""
            for u in uid
        )
        self.has_turn_or_ally = any(self.turn_or_ally)
        #: Per copy, whether the Ally may be Buried instead of paying an Artifact's Sanity
        #: (``rules/engine/choices.py``); a deck without one looks for none.
        self.pays_for_artifact: tuple[bool, ...] = allies_that(EffectKind.PAYS_ARTIFACT, distinct, read, uid)
        self.has_pays_for_artifact = any(self.pays_for_artifact)
        #: Per copy, whether the card in play lets Waking World Allies of the current subregion be
        #: found in the New Æon (Disturbing Portrait; ``rules/engine/allies.py``).
        self.waking_allies: tuple[bool, ...] = tuple(
            any(f.kind is EffectKind.WAKING_ALLIES for f in read[u].effects) for u in uid
        )
        self.has_waking_allies = any(self.waking_allies)
        #: Per copy, whether the Ally may be Buried instead of paying the Sanity cost of one card
        #: played to the Threat (The Hunter; ``rules/engine/choices.py``).
        self.pays_for_threat: tuple[bool, ...] = allies_that(EffectKind.PAYS_THREAT, distinct, read, uid)
        self.has_pays_for_threat = any(self.pays_for_threat)
        #: Per copy, whether the Ally may be Buried instead of paying the Sanity cost of a Spell
        #: cast (Atal the High Priest; ``rules/engine/casting.py``).
        self.pays_for_spell: tuple[bool, ...] = allies_that(EffectKind.PAYS_SPELL, distinct, read, uid)
        self.has_pays_for_spell = any(self.pays_for_spell)
        #: Per copy, the Sanity a Location asks to recover an Artifact from the Story Deck as a
        #: Turn while it is the Current Location (-1: none; ``rules/engine/recovery.py``).
        self.recover_cost: tuple[int, ...] = tuple(
            (read[u].cost or 0)
            if self.rules.cast_spells
            and distinct[u].type is CardType.LOCATION
            and any(f.kind is EffectKind.RECOVER for f in read[u].effects)
            else -1
            for u in uid
        )
        #: Whether a Location of the deck allows a recovery: a deck without one looks for none.
        self.has_recover = any(c >= 0 for c in self.recover_cost)
        #: Per copy, the allegiance of the Allies a Location lets a Spell from hand be given to as
        #: a Turn while it is the Current Location ("steadfast", "corrupt", "any"; "": none), and
        #: the Sanity that costs (Cité Tatoue; ``rules/engine/tomes.py``).
        self.spell_on_ally: tuple[str, ...] = tuple(
            next((f.what or "any" for f in read[u].effects if f.kind is EffectKind.SPELL_ON_ALLY), "")
            if self.rules.cast_spells and distinct[u].type is CardType.LOCATION
            else ""
            for u in uid
        )
        self.spell_on_ally_cost: tuple[int, ...] = tuple(
            (read[u].cost or 0) if self.spell_on_ally[c] else 0 for c, u in enumerate(uid)
        )
        self.has_spell_on_ally = any(self.spell_on_ally)
        self.monster_class: tuple[str, ...] = tuple(
            fold_title(c.monster_class or c.subtype or "") if c.type is CardType.MONSTER else "" for c in self.cards
        )
        self._read_joins()
        self._read_summons()
        self._read_conditions()
        # The tally of cards that count for Adventures (``GameState.counted``): each printing
        # has a bit field wide enough to count all its copies, and a copy adds one to it. A
        # recipe cannot tell copies apart, so a tally says all it needs, and two games holding
        # different copies of the same cards share one remembered answer.
        offsets, fields, width = [], [], 0
        for n in copies:
            offsets.append(width)
            fields.append(((1 << n.bit_length()) - 1) << width)
            width += n.bit_length()
        self._offsets: tuple[int, ...] = tuple(offsets)
        self._fields: tuple[int, ...] = tuple(fields)
        # To read a tally back into cards: the printing of each bit, and k copies of a printing.
        self._printing_at = tuple(u for u, n in enumerate(copies) for _ in range(n.bit_length()))
        self._copies = tuple(tuple([card] * k for k in range(n + 1)) for card, n in zip(distinct, copies))
        #: Per copy: what it adds to a tally of cards (``1 <<`` its printing's field).
        self.weight: tuple[int, ...] = tuple(1 << offsets[u] for u in uid)
        # Per copy, made once (plays are values, and a game builds thousands of them): its own
        # play with nothing Joined and no target (a Location: arriving right-side-up; cards that
        # have none, Spells and Monsters, hold a Pass, never offered), a Location's walking
        # play, its discard, and whether a Location has requirements of its own.
        self._own_play = tuple(Play(_OWN_PLAY.get(p.kind, PlayKind.PASS), c) for c, p in enumerate(self.profiles))
        self._walk_play = tuple(Play(PlayKind.LOCATION, c, sideways=True) for c in range(self.size))
        self._discard_play = tuple(Play(PlayKind.DISCARD, c) for c in range(self.size))
        self._loc_needs = tuple(
            p.loc is not None and bool(p.loc.needs_event_subtypes or p.loc.needs_pieces or p.loc.needs_langs)
            for p in self.profiles
        )
        # Walking from one Location to another, and where a Travel Event reaches, depend only
        # on the two printings (and the Dimension): read once per pair.
        # ``_steps`` by the last Location's printing and Dimension as one int (see legal.py).
        self._steps: dict[int, dict[int, Step]] = {}
        self._reaches: dict[tuple[int, int, int, int], bool] = {}
        self._leaves: dict[tuple[int, int], bool] = {}
        self._travel_with: dict[tuple[int, int], Play] = {}
        # Per Adventure printing, once asked: the tally bits of the printings its recipe may
        # use, per slot (with ``slots_of``) those of the printings that could fill it, and the
        # answers remembered by tally; how many answers are kept in all.
        self._adventures: list[tuple[int, tuple[int, ...], dict[int, bool]] | None] = [None] * len(distinct)
        self._answers_kept = 0
        # Per Adventure printing: the tally last asked about, and its answer (-1: none yet).
        self._last_tally: list[int] = [-1] * len(distinct)
        self._last_answer: list[bool] = [False] * len(distinct)

    def _read_joins(self) -> None:
        """Precomputes which Monsters Join which (a bit mask over card ids per card)."""
        n = self.size
        joins = [0] * n
        threat_kinds = (MON, THREAT)
        for i in range(n):
            pi = self.profiles[i]
            if pi.kind not in threat_kinds:
                continue
            for j in range(n):
                pj = self.profiles[j]
                if i != j and pj.kind in threat_kinds and monster_joins(self.cards[i], pi, self.cards[j], pj):
                    joins[i] |= 1 << j
        self.joins: tuple[int, ...] = tuple(joins)
        # Allies that Join (rulebook l.178, l.359: one of the two allows it, by title or kind), the
        # same way; a pair whose every allowing card Joins only in one Dimension, that Dimension.
        pairs = [0] * n
        #: Per pair of Ally copies (``i * size + j``) that Join only while the Current Location is
        #: in one Dimension (Randolph Carter's Dreamlands), that Dimension.
        self.ally_join_dim: dict[int, int] = {}
        allies = [i for i in range(n) if self.profiles[i].kind is ALLY]
        if any(self.profiles[i].join_targets for i in allies):
            cards, profiles = self.cards, self.profiles
            for i in allies:
                for j in allies:
                    if i == j or profiles[i].title == profiles[j].title:
                        continue  # rulebook l.367: one Ally of a title in play
                    dims = []
                    if ally_joins(cards[i], profiles[i], cards[j], profiles[j]):
                        dims.append(profiles[i].join_dim)
                    if ally_joins(cards[j], profiles[j], cards[i], profiles[i]):
                        dims.append(profiles[j].join_dim)
                    if not dims:
                        continue
                    pairs[i] |= 1 << j
                    if ANY_DIMENSION not in dims:
                        self.ally_join_dim[i * n + j] = dims[0]
        #: Per Ally copy, the Ally copies it Joins (a bit mask over card ids).
        self.ally_joins: tuple[int, ...] = tuple(pairs)
        self.has_ally_joins = any(pairs)

    def _read_conditions(self) -> None:
        """Reads each Adventure's non-card conditions from the check (``conditions_of``), and
        names in ``ignored`` an Adventure whose condition no game state tells (rulings l.85)."""
        conditions_of = getattr(self.rules.adventure_check, "conditions_of", None)
        read: dict[int, tuple[tuple[str, str], ...]] = {}  # by printing
        reasons: dict[int, str] = {}
        if conditions_of is not None:
            for u, card in enumerate(self.distinct):
                if card.type is CardType.ADVENTURE:
                    found = tuple(conditions_of(card))
                    read[u] = tuple((kind, arg) for kind, arg, _words in found)
                    unchecked = [words for kind, _arg, words in found if kind not in CHECKED_CONDITIONS]
                    if unchecked:
                        reasons[u] = (
                            f"its condition '{unchecked[0]}' is not told by the game: never met alone (rulings l.85)"
                        )
        #: Per copy: an Adventure's non-card conditions as (kind, argument), checked in play.
        self.conditions: tuple[tuple[tuple[str, str], ...], ...] = tuple(read.get(u, ()) for u in self.uid)
        self.ignored = tuple(reason or reasons.get(u, "") for reason, u in zip(self.ignored, self.uid))

    def _read_summons(self) -> None:
        """Precomputes, per Great Old One requirement, the cards of the deck that meet it."""
        self.summon_masks: dict[int, tuple[int, ...]] = {}
        for i, p in enumerate(self.profiles):
            if p.kind is not GOO:
                continue
            masks = []
            for req in p.summon:
                mask = 0
                for j, q in enumerate(self.profiles):
                    if satisfies_summon(req, self.cards[j], q):
                        mask |= 1 << j
                masks.append(mask)
            self.summon_masks[i] = tuple(masks)

    def new_state(self, seed: int = 0) -> GameState:
        """Starts a game: shuffles the Mythos Deck with ``seed`` and draws the first Hand
        (rulebook l.47, l.69)."""
        s = GameState(self)
        s.seed = seed
        deck = list(range(self.size))
        shuffle(deck, seed)
        s.deck = deck
        s.sanity = s.low_sanity = self.sanity_start
        draw_up(s)
        if self.turn_draw:
            draw_n(s, self.turn_draw)  # the first Turn begins (the Pragmatic Hobo's "beg")
        return s

    def title(self, cid: CardId) -> str:
        """Gets the title of a card of this game."""
        return self.cards[cid].title

    def adventure_ready(self, cid: CardId, counted: int) -> bool:
        """Checks an Adventure's recipe against cards given as a tally (see :attr:`weight`
        and :attr:`GameState.counted`).

        Only the printings the recipe could use count (all of them unless the check has
        ``may_use`` or ``slots_of``), and the answer is remembered by how many of each there
        are. With ``slots_of``, cards that leave a slot empty are refused without asking.
        """
        u = self.uid[cid]
        known = self._adventures[u]
        if known is None:
            known = self._adventures[u] = (*self._usable(cid), {})
        uses, slots, answers = known
        tally = counted & uses
        # A game asks again at each decision while its cards stay the same: the last answer
        # first, before a look-up in a table of thousands of answers (issue 17).
        if tally == self._last_tally[u]:
            return self._last_answer[u]
        for filled in slots:
            if not tally & filled:
                # A slot no card fills: refused without asking, nor keeping it in the table; but
                # as the last answer, so that the next decision with these cards reads it at once.
                self._last_tally[u] = tally
                self._last_answer[u] = False
                return False
        hit = answers.get(tally)
        if hit is None:
            hit = self._ask(cid, tally)
            if self._answers_kept >= _ADVENTURE_CACHE_SIZE:
                for other in self._adventures:  # a long run would otherwise keep every answer
                    if other is not None:
                        other[2].clear()
                self._answers_kept = 0
            answers[tally] = hit
            self._answers_kept += 1
        self._last_tally[u] = tally
        self._last_answer[u] = hit
        return hit

    def _ask(self, cid: CardId, tally: int) -> bool:
        """Asks the Adventure check about the cards of a tally."""
        cards: list[Card] = []
        while tally:
            v = self._printing_at[(tally & -tally).bit_length() - 1]
            bits = self._fields[v]
            cards += self._copies[v][(tally & bits) >> self._offsets[v]]
            tally &= ~bits
        return bool(self.rules.adventure_check(self.cards[cid], cards))

    def _usable(self, cid: CardId) -> tuple[int, tuple[int, ...]]:
        """Gets the tally bits of the printings an Adventure's recipe may use, and per slot
        those of the printings that could fill it (none without ``slots_of``)."""
        check = self.rules.adventure_check
        slots_of = getattr(check, "slots_of", None)
        may_use = getattr(check, "may_use", None)
        adventure = self.cards[cid]
        uses = 0
        filling: dict[int, int] = {}  # slot bit -> tally bits of the printings filling it
        for card, bits in zip(self.distinct, self._fields):
            if slots_of is not None:
                slots = slots_of(adventure, card)
                if slots:
                    uses |= bits
                while slots:
                    slot = slots & -slots
                    filling[slot] = filling.get(slot, 0) | bits
                    slots ^= slot
            elif may_use is None or may_use(adventure, card):
                uses |= bits
        return uses, tuple(filling.values())


def new_game(
    deck: Deck | Iterable[Card], investigator: Card | None = None, *, seed: int = 0, rules: Rules | None = None
) -> GameState:
    """Starts a game of ``deck`` with its first Investigator (or ``investigator``).

    Raises :class:`NoInvestigatorError` as :class:`Game` does.
    """
    return Game(deck, investigator, rules).new_state(seed)


def recipe_checker(cards_in_catalog: Sequence[Card]) -> AdventureCheck:
    """Gets an Adventure checker built on the recipe solver of
    :mod:`deckbuilder.rules.adventures`: the recipe read from the card (``read_recipe`` with the
    catalog's vocabulary) met by the given cards (``check_adventure(...).completable``).

    The recipe's non-card conditions go to the engine (``conditions_of``), which checks those
    the game tells and never plays an Adventure with another. Recipes are read once per Adventure.
    """
    from deckbuilder.rules.adventures import Vocabulary

    return _RecipeChecker(Vocabulary.from_cards(cards_in_catalog))


class _RecipeChecker:
    """The check :func:`recipe_checker` gives (a module-level class: the compiled core takes no
    class defined in a function)."""

    def __init__(self, vocabulary: object) -> None:
        self.vocabulary = vocabulary
        self.recipes: dict[str, object] = {}

    def _recipe(self, adventure: Card) -> object:
        from deckbuilder.rules.adventures import read_recipe

        recipe = self.recipes.get(adventure.key)
        if recipe is None:
            recipe = self.recipes[adventure.key] = read_recipe(adventure, self.vocabulary)  # type: ignore[arg-type]
        return recipe

    def conditions_of(self, adventure: Card) -> tuple[tuple[str, str, str], ...]:
        """Gets the recipe's non-card conditions as (kind, argument, words)."""
        conditions = getattr(self._recipe(adventure), "conditions", ())
        return tuple((*c.reading(), c.text) for c in conditions)

    def __call__(self, adventure: Card, cards: Sequence[Card]) -> bool:
        from deckbuilder.rules.adventures import check_adventure

        return bool(check_adventure(self._recipe(adventure), cards).completable)  # type: ignore[arg-type]
