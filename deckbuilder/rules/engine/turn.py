"""The turn sequence: making a play, the end of card play and of the Round, drawing, scoring.

:func:`push` makes any play on a state (:func:`apply` on a copy): a card played, a Pass that
ends card play (Combat has nothing to fight alone; the Threat is Buried, rulebook l.439; a Great
Old One stays one more Round, l.286), a discard, or the end of the Round with its draw to the
Hand size (l.47, l.457) and the reshuffles that cost Sanity (l.454, l.544). Completing an
Adventure scores it and ends the game (Basic, l.91) or resets the Story Deck (Campaign, l.472).

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N") and
``mythos-errata-rulings.txt`` ("rulings l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

# random.Random's own generator, the C Mersenne Twister it subclasses (random.py imports it the
# same way): built with a seed it is seeded as random.Random(seed) is, in one C call without
# random.Random's constructor and ``seed`` run as Python (issue 23: some 6,000 instructions a shuffle).
from _random import Random as Twister

from deckbuilder.rules.engine.casting import cast_or_use, draw_n, redraw_step
from deckbuilder.rules.engine.choices import ally_pays, bury_instead, threat_costs
from deckbuilder.rules.engine.locations import arrive_at, back_to, walk_to
from deckbuilder.rules.engine.plays import (
    AT,
    DISCARD,
    K_ABILITY,
    K_ADVENTURE,
    K_ALLY,
    K_ARTIFACT,
    K_CAST,
    K_CULTIST,
    K_DISCARD,
    K_END_ROUND,
    K_EVENT,
    K_GOO,
    K_LOBOTOMY,
    K_LOCATION,
    K_LOSE_TURN,
    K_MONSTER_ALLY,
    K_MONSTERS,
    K_PASS,
    K_RECOVER,
    K_REPLACE,
    K_REPLACE_DONE,
    K_ROTATE,
    K_SPELL,
    K_TOME,
    K_TRAVEL,
    K_USE,
    NOWHERE,
    OVER,
    PLAY,
    TRAVELLING,
    WALKING,
    CardId,
    Play,
)
from deckbuilder.rules.engine.recovery import recover
from deckbuilder.rules.engine.state import GameState, pay_one, pay_sanity, remove_card
from deckbuilder.rules.engine.threat import use_gate
from deckbuilder.rules.engine.tomes import spell_on_ally_cost
from deckbuilder.rules.places import Profile


def apply(state: GameState, play: Play) -> GameState:
    """Gets the state after a play (the given state is left as it was).

    .. warning:: The play is not checked: apply only plays from :func:`legal_plays`, or check
       with :func:`is_legal` (as ``Board.push`` in python-chess does not check legality).
    """
    s = state.copy()
    push(s, play)
    return s


def push(state: GameState, play: Play) -> None:
    """Makes a play on the state itself, as ``Board.push`` does in python-chess: for a
    simulation that keeps no earlier states (the goldfish), it saves copying the state.

    .. warning:: The play is not checked, as with :func:`apply`.
    """
    s = state
    g = s.game
    kind = play.kind
    cid = play.card
    if kind is K_PASS:
        end_card_play(s)
        return
    if kind is K_DISCARD:
        remove_card(s.hand, cid)
        s.discard.append(cid)
        return
    if kind is K_END_ROUND:
        _end_round(s, play.reshuffle)
        return
    if kind is K_LOBOTOMY:
        _lobotomy(s)
        return
    if kind is K_REPLACE or kind is K_REPLACE_DONE:
        redraw_step(s, play)
        if kind is K_REPLACE_DONE and g.turn_draw:
            _begin_turn(s)  # the redraw's Turn is over: the next one begins
        return
    s.turn += 1
    _turn_play(s, play)
    if g.turn_draw:
        _begin_turn(s)


def _begin_turn(s: GameState) -> None:
    """Begins a Turn: the Investigator who draws at the beginning of each Turn draws (the
    Pragmatic Hobo's "beg"); not while a redraw of the Turn before is still under way."""
    if s.phase is PLAY and s.redrawing < 0:
        draw_n(s, s.game.turn_draw)


def _turn_play(s: GameState, play: Play) -> None:
    """Makes a Turn's play (rulebook l.339-353): a card played, a Location rotated, a Spell
    cast, a card used, a lost Turn, the Investigator's ability."""
    g = s.game
    kind = play.kind
    cid = play.card
    if kind is K_LOSE_TURN:
        s.lost_turns -= 1  # rulebook l.351, l.356: the Turn passes with nothing played
        return
    if kind is K_CAST or kind is K_USE:
        cast_or_use(s, play)
        return
    if kind is K_RECOVER:
        recover(s, play)  # an Artifact of the Story Deck back into play, at the Location's word
        return
    if kind is K_ABILITY:
        # "As your Turn one time during a Round, you may Discard up to N cards and replace them"
        s.ability_used = True
        s.redrawing, s.redrawn = g.ability_redraw, 0
        return
    p = g.profiles[cid]
    if kind is K_ROTATE:
        arrive_at(s, cid, rotate=True)
        if play.target >= 0:
            bury_instead(s, cid, play.target)  # the Ally Buried instead of the lost Turn
        return
    remove_card(s.hand, cid)
    if kind is K_ARTIFACT and play.joined:
        # An Ally in play Buried instead of the Artifact's Sanity cost (its card's word).
        s.artifacts.append(cid)
        s.counted += g.weight[cid]
        if play.target >= 0:
            s.attached[play.target] = s.attached.get(play.target, ()) + (cid,)
        ally_pays(s, play.joined[0])
        return
    if play.joined:
        for j in play.joined:
            remove_card(s.hand, j)
    if kind is K_LOCATION:
        replace = s.mode is WALKING or (s.mode is TRAVELLING and play.sideways)
        if replace:
            # Rulebook l.247, l.253; rulings l.89: the card walked or travelled to is discarded.
            gone = s.story.pop()
            if s.mode is TRAVELLING:
                s.counted -= g.weight[gone]  # a Location walked to did not count yet
            s.discard.append(gone)
            back_to(s)
        if play.sideways:
            walk_to(s, cid)
        else:
            arrive_at(s, cid)
            if play.target >= 0:
                bury_instead(s, cid, play.target)  # the Ally Buried instead of the lost Turn
    elif kind is K_TRAVEL:
        if s.mode is WALKING:
            s.discard.append(s.story.pop())
            back_to(s)
        origin_region, origin_dim = g.profiles[s.where].loc.region, s.where_dim  # type: ignore[union-attr]
        s.story.append(cid)
        s.counted += g.weight[cid]
        pay_one(s, p.cost)
        if s.phase is OVER:
            return
        if play.joined:
            arrive_at(s, play.joined[0])
        else:
            # Rulings l.73: the Travel Event is your Current Location, in the Region and
            # Dimension where it was played (rulebook l.208).
            s.mode = TRAVELLING
            s.travel = cid
            s.region, s.dim = origin_region, origin_dim
            s.subregion = -1
            s.attrs = p.loc.attrs if p.loc else 0
            s.exotic = False
            s.stop_used = False
    elif kind is K_ALLY:
        s.allies.append(cid)
        s.counted += g.weight[cid]
        if s.mode is TRAVELLING:
            s.stop_used = True
        if play.joined:
            # Allies that Join, played together as one play (rulebook l.178, l.359).
            s.allies.extend(play.joined)
            s.counted += sum(g.weight[j] for j in play.joined)
            pay_sanity(s, (p.cost,) + tuple(g.profiles[j].cost for j in play.joined))
        else:
            pay_one(s, p.cost)
    elif kind is K_MONSTER_ALLY:
        # The Investigator's card lets a Monster be played as an Ally through a Gate.
        s.allies.append(cid)
        s.counted += g.weight[cid]
        use_gate(s, (p.cost,))
    elif kind is K_CULTIST or kind is K_MONSTERS:
        cards = (cid,) + play.joined
        s.threat.extend(cards)
        if play.target >= 0:  # an Ally Buried instead of one card's Sanity (The Hunter)
            use_gate(s, threat_costs(s, play))
        else:
            use_gate(s, tuple(g.profiles[c].cost for c in cards))
    elif kind is K_GOO:
        s.goo = cid
        s.goo_age = 0
        s.counted += g.weight[cid]
        use_gate(s, (p.cost,))
    elif kind is K_TOME:
        s.tomes.append(cid)
        s.counted += g.weight[cid]
        if play.target >= 0:  # given to an Ally that may hold one (engine/tomes.py)
            s.attached[play.target] = s.attached.get(play.target, ()) + (cid,)
        if play.joined:
            s.spells.extend(play.joined)
            s.attached[cid] = play.joined
            s.counted += sum(g.weight[j] for j in play.joined)
        pay_one(s, p.cost)
    elif kind is K_ARTIFACT:
        s.artifacts.append(cid)
        s.counted += g.weight[cid]
        if play.target >= 0:
            s.attached[play.target] = s.attached.get(play.target, ()) + (cid,)
        pay_one(s, p.cost)
    elif kind is K_SPELL:
        if g.has_spell_on_ally:
            pay_one(s, spell_on_ally_cost(s, play))  # given to an Ally by the Location, for Sanity
        s.spells.append(cid)
        s.counted += g.weight[cid]
        s.attached[play.target] = s.attached.get(play.target, ()) + (cid,)
    elif kind is K_EVENT:
        if p.persistent and not p.needs_opponent:
            s.events.append(cid)
        else:
            s.story.insert(0, cid)  # rulings l.41: "Then Bury this card" (rulebook l.506: bottom)
        s.allies.extend(play.joined)  # the Ally a Surprise Meeting brings
        s.counted += g.weight[cid] + sum(g.weight[j] for j in play.joined)
        pay_sanity(s, (p.cost,) + tuple(g.profiles[j].cost for j in play.joined))
    elif kind is K_ADVENTURE:
        _complete(s, cid, p)


def end_card_play(s: GameState) -> None:
    """Ends card play: Combat (nothing to fight alone), the Threat is Buried (rulebook l.439),
    a Great Old One stays through the next Round's Combat (l.286); then the Discard phase."""
    if s.threat:
        s.story[0:0] = s.threat
        s.counted += sum(s.game.weight[c] for c in s.threat)
        s.threat = []
    if s.goo >= 0:
        if s.goo_age >= 1:
            s.story.insert(0, s.goo)
            s.goo = -1
        else:
            s.goo_age += 1
    s.phase = DISCARD


def _end_round(s: GameState, reshuffle: bool) -> None:
    if reshuffle:
        pay_one(s, -1)  # rulebook l.454
        reshuffle_discard(s)
    if s.phase is OVER:
        return
    s.round += 1
    s.turn = 0
    if s.cast:
        s.cast = ()  # rulebook l.309: face-down Spells flip face-up at the end of the Round
    if s.in_past:
        s.in_past = False  # the Lamp's Past lasts the Round (see casting.py)
        s.attrs &= ~s.game.past
    s.ability_used = False  # "one time during a Round"
    s.joins_round = False  # "for the remainder of the Round" (Grasp Of Cthulhu)
    s.phase = PLAY
    draw_up(s)
    if s.game.turn_draw:
        _begin_turn(s)


def _lobotomy(s: GameState) -> None:
    """The Voluntary Lobotomy (rulebook l.451), once a game, at the end of the Round: the Story
    Deck but the Current Location and the whole Hand are Discarded, 1 Sanity spent, the Mythos
    Deck and the Discards reshuffled, and a new Hand drawn (the Round ends)."""
    s.lobotomized = True
    if s.mode is AT or s.mode is TRAVELLING:
        s.discard.extend(s.story[:-1])
        s.story = s.story[-1:]
    else:
        s.discard.extend(s.story)  # no Current Location while Walking or before the first one
        s.story = []
        if s.mode is WALKING:
            s.mode = NOWHERE
            loc = s.game.profiles[s.where].loc
            if loc is not None:
                s.region, s.dim, s.subregion, s.attrs = loc.region, s.where_dim, -1, 0
    s.discard.extend(s.hand)
    s.hand = []
    s.counted = s.adventure_tally()
    pay_one(s, -1)
    if s.phase is OVER:
        return
    reshuffle_discard(s)
    _end_round(s, False)


def reshuffle_discard(s: GameState) -> None:
    """Shuffles the Discard back into the Mythos Deck (rulebook l.454, l.544)."""
    deck = s.deck + s.discard
    s.discard = []
    shuffle(deck, s.seed * 1_000_003 + s.shuffles)
    s.shuffles += 1
    s.deck = deck


def shuffle(cards: list[CardId], seed: int) -> None:
    """Shuffles ``cards`` in place into the very order ``random.Random(seed).shuffle(cards)``
    gives, from the same numbers, but in code the compiled core compiles: the standard library's
    ``shuffle`` runs as Python, some 10% of a compiled game (issue 17).

    CPython's algorithm, as its ``random.py`` has it (3.11-3.13): Fisher-Yates from the end, each
    index by rejection from ``getrandbits``. ``tests/test_engine.py`` holds the two to the same
    order, as ``tests/test_odds.py`` does the odds' own copy of ``sample``. The generator is
    ``random.Random``'s C base class, seeded the same way, so the numbers are the same."""
    getrandbits = Twister(seed).getrandbits
    # ``n.bit_length()`` kept as it falls: one less at each power of two (no method call per card).
    bits = len(cards).bit_length()
    low = 1 << bits >> 1  # the smallest number of ``bits`` bits (0 for an empty list)
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        if n < low:
            bits -= 1
            low >>= 1
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


def draw_up(s: GameState) -> None:
    """Draws up to the Hand size (rulebook l.47, l.457), and the additional card of a Tome in play
    that says so; an empty Mythos Deck costs 1 Sanity and reshuffles the Discard (l.454, l.544)."""
    g = s.game
    extra = s.hand_extra
    if g.has_round_draw:
        # A Tome's "draw one additional card at the beginning of each Round ... not cumulative
        # with other cards that allow you to increase hand size": the largest one counts.
        for t in s.tomes:
            if g.round_draw[t] > extra:
                extra = g.round_draw[t]
    size = g.hand_size + extra
    hand, deck = s.hand, s.deck
    while len(hand) < size:
        if not deck:
            if not s.discard:
                break
            pay_one(s, -1)
            reshuffle_discard(s)
            deck = s.deck
            if s.phase is OVER:
                break
        n = min(size - len(hand), len(deck))
        hand += deck[: -n - 1 : -1]  # the top n cards, the top one first
        del deck[-n:]


def _complete(s: GameState, cid: CardId, p: Profile) -> None:
    """Scores an Adventure (rulebook l.66, l.155); Basic ends the game (l.91); Campaign resets
    the Story Deck to the Current Location and reshuffles at no cost (l.472)."""
    s.adventures.append(cid)
    s.counted += s.game.weight[cid]
    # Rulings l.85: a 'strange' requirement is met since the completion of any previous Adventure.
    s.low_sanity = s.sanity
    s.points += p.value
    # The Adventure's Sanity, and what the Investigator's card adds for its kind (Diabolical Cultist).
    pay_one(s, p.gain + s.game.adventure_bonus[cid])
    if s.phase is OVER:
        return
    g = s.game
    if not g.rules.campaign:
        s.won = True
        s.phase = OVER
        return
    if s.mode is AT or s.mode is TRAVELLING:
        keep = s.story[-1:]
        s.discard.extend(s.story[:-1])
        s.story = keep
    else:
        # Rulings l.89: an Adventure played while Walking discards the whole Story.
        s.discard.extend(s.story)
        s.story = []
        if s.mode is WALKING:
            s.mode = NOWHERE
            loc = g.profiles[s.where].loc
            if loc is not None:
                s.region, s.dim, s.subregion, s.attrs = loc.region, s.where_dim, -1, 0
    s.counted = s.adventure_tally()  # the Story Deck went to the Discard
    reshuffle_discard(s)
    if s.points >= g.rules.target:
        s.won = True
        s.phase = OVER
