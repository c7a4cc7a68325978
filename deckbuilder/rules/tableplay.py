"""A game one person plays at the table against the engine: the moves of the player to act,
why a card in hand cannot be played now, and the computer players' moves with their reasons.

A :class:`Table` is one moment of such a game, a value (:meth:`Table.copy`): seat 0 is the
person; with no opponent it is the goldfish's solitaire game (the one-player engine, where one
Pass ends card play, as :func:`~deckbuilder.rules.goldfish.play_game` plays it); with 1 to 3
opponents it is a :class:`~deckbuilder.rules.match.Match` whose other seats are computer
players. :func:`moves` gets the person's legal moves now (the engine's
:func:`~deckbuilder.rules.engine.legal_plays`, Events aimed at an opponent only where one
holds a target, as the match does, rulebook l.202); :func:`play` makes one and plays the
computers' moves that follow, up to the person's next decision or the end of the game.

The table plays the match with the match's own steps (:func:`~deckbuilder.rules.match.begin_turn`,
:func:`~deckbuilder.rules.match.turn_plays`, :func:`~deckbuilder.rules.match.card_play`,
Combat, each player's Discard phase in the match's order, :func:`~deckbuilder.rules.match.next_round`),
stopping where the person decides; a moment is copied exactly (the random choices of effects
on opponents included), so the deal of game K of a seed, stepped with the computer's choices
in the person's place, is the match's game K move by move.

Combat's choices are moves too: where the person's Threat goes (with 2 or more opponents:
with one, it can only go there, l.402), which Allies defend (l.406), which Allies bearing an
Enchanted Weapon join the Threat (l.193, l.395, l.406), and each Spell cast or Artifact used
in Combat (l.410). The match engine asks them of a policy inside one call
(:func:`~deckbuilder.rules.match.combat`), so Combat is played from its start on a copy of the
table with the person's answers so far; at the first question not answered yet it stops, and
that question's options are the person's moves (Combat has no dice: the same answers give the
same Combat). :func:`moves` and :func:`act` take both kinds of move, by index.

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from deckbuilder.rules.engine import Game, GameState, Phase, Play, PlayKind, describe, legal_plays, push
from deckbuilder.rules.goldfish import LOW_SANITY, GreedyPolicy
from deckbuilder.rules.match import (
    CARD_PLAY,
    COMBAT,
    DISCARD,
    OVER,
    Match,
    Policy,
    begin_turn,
    card_play,
    combat,
    discard,
    discard_play,
    end_of_combat,
    is_assault,
    next_round,
    turn_plays,
)
from deckbuilder.rules.match.table import ally_value
from deckbuilder.rules.places import Kind, can_read, dimension_ok

#: The person's seat.
YOU: Final = 0
_PASS_SCORE: Final = 10


class Table:
    """One moment of a game at the table (see the module docstring). ``solo`` is the person's
    engine state when alone; ``match`` the table otherwise. ``policies`` holds a computer
    player per seat (the person's one makes the Combat choices and answers "what would the
    computer do?"); ``greedy`` the greedy policy of each seat's deck (it gives the reasons)."""

    __slots__ = ("solo", "match", "policies", "greedy", "max_rounds", "names", "answers", "question", "begun", "order")

    def __init__(
        self,
        solo: GameState | None,
        match: Match | None,
        policies: Sequence[Policy],
        greedy: Sequence[GreedyPolicy],
        max_rounds: int,
        names: Sequence[str],
    ) -> None:
        self.solo = solo
        self.match = match
        self.policies = tuple(policies)
        self.greedy = tuple(greedy)
        self.max_rounds = max_rounds
        self.names = tuple(names)
        #: The person's answers to this Combat's questions so far, and the question asked now.
        self.answers: tuple[int, ...] = ()
        self.question: Question | None = None
        #: Whether the beginning of the Turn of the player to move was played (the match's
        #: :func:`~deckbuilder.rules.match.begin_turn`: once per Turn, before the play is chosen).
        self.begun = False
        #: The order of this Round's Discard phases, fixed when Combat ends (the match's, l.445).
        self.order: tuple[int, ...] = ()

    def copy(self) -> Table:
        """Gets an independent copy to play on, which plays on exactly as this table would (the
        match copied exactly: its random choices too; the decks and players shared: they hold
        no state)."""
        m = None if self.match is None else self.match.copy(exact=True)
        t = Table(
            None if self.solo is None else self.solo.copy(), m, self.policies, self.greedy, self.max_rounds, self.names
        )
        t.answers, t.question, t.begun, t.order = self.answers, self.question, self.begun, self.order
        return t

    @property
    def n(self) -> int:
        return 1 if self.match is None else self.match.n

    def state(self, seat: int) -> GameState:
        """Gets a seat's engine state."""
        if self.match is None:
            assert self.solo is not None
            return self.solo
        return self.match.players[seat]

    def over(self) -> bool:
        """Checks whether the game has ended (an Adventure, no Sanity, or the last Round played)."""
        if self.match is None:
            s = self.solo
            assert s is not None
            return s.phase is Phase.OVER or s.round > self.max_rounds
        return self.match.stage == OVER

    def round(self) -> int:
        return self.state(YOU).round if self.match is None else self.match.round

    def to_act(self) -> int:
        """Gets the seat whose decision it is now, -1 when the game is over."""
        if self.over():
            return -1
        m = self.match
        if m is None:
            return YOU
        if m.stage == CARD_PLAY:
            return m.to_move
        if m.stage == COMBAT and self.question is not None:
            return YOU
        if m.stage == DISCARD and _discarding(self) == YOU:
            return YOU
        return -1  # Combat or the others' Discard phase: played at once

    def stage(self) -> str:
        """Gets the stage in a word: "card play", "discard", "combat" or "over"."""
        if self.over():
            return "over"
        if self.match is None:
            return "discard" if self.state(YOU).phase is Phase.DISCARD else "card play"
        return {CARD_PLAY: "card play", COMBAT: "combat", DISCARD: "discard"}.get(self.match.stage, "over")

    def winner(self) -> int:
        """Gets the winner's seat (-1 a tie) once over; alone, 0 when an Adventure was completed."""
        if self.match is None:
            return YOU if self.state(YOU).points > 0 else -1
        return self.match.outcome()


def new_table(
    games: Sequence[Game],
    policies: Sequence[Policy],
    greedy: Sequence[GreedyPolicy],
    seed: int,
    *,
    max_rounds: int = 20,
    names: Sequence[str] = (),
    log: list[str] | None = None,
) -> Table:
    """Deals a game: ``games`` in seat order (the person's first), shuffled from ``seed`` as the
    goldfish (alone) or the match (with opponents) shuffles its game of that seed; the computers
    play up to the person's first decision. Raises ValueError for more than 4 players."""
    from deckbuilder.rules.match import new_match

    names = tuple(names) or tuple(g.investigator.title for g in games)
    if len(games) == 1:
        t = Table(games[0].new_state(seed), None, policies, greedy, max_rounds, names)
        if log is not None:
            log.append(f"{names[0]} ({games[0].investigator.title}): Sanity {t.state(YOU).sanity}; Round 1")
        return t
    m = new_match(games, seed, max_rounds=max_rounds, names=names, log=log)
    t = Table(None, m, policies, greedy, max_rounds, names)
    advance(t, log)
    m.log = None
    return t


class Question:
    """A Combat question to the person: what it asks (``kind``: "direct", "defend", "join" or "use"),
    its options in words, the plays behind a "use" question's options, and the option the
    person's computer player would choose."""

    __slots__ = ("kind", "options", "plays", "hint", "told")

    def __init__(self, kind: str, options: list[str], plays: list[Play], hint: int) -> None:
        self.kind = kind
        self.options = options
        self.plays = plays
        self.hint = hint
        #: What this Combat has told so far (where the Threats go, who defends...).
        self.told: tuple[str, ...] = ()


class _Asked(Exception):
    """Raised inside Combat at the first question the person has not answered yet."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.kind)
        self.question = question


class _Asking:
    """The person's seat in Combat: answers from ``answers`` in order, else asks (raises)."""

    def __init__(self, t: Table, inner: Policy, answers: tuple[int, ...]) -> None:
        self.t = t
        self.inner = inner
        self.answers = answers
        self.i = 0
        #: The seats the person's Threat is directed at this Combat.
        self.aimed: set[int] = set()

    def _ask(self, kind: str, options: list[str], hint: int, plays: list[Play] | None = None) -> int:
        if self.i < len(self.answers):
            k = self.answers[self.i]
            self.i += 1
            return k
        raise _Asked(Question(kind, options, plays or [], hint))

    def choose(self, m: Match, seat: int, plays: list[Play]) -> Play:
        return self.inner.choose(m, seat, plays)

    def direct(self, m: Match, seat: int) -> list[int]:
        threat = m.players[seat].threat
        if m.n == 2:
            self.aimed = {1 - seat} if threat else set()
            return [1 - seat] * len(threat)  # one opponent: nowhere else to go (rulebook l.402)
        hints = self.inner.direct(m, seat)
        others = [o for o in range(m.n) if o != seat]
        g = m.seats[seat].game
        out = []
        for k, cid in enumerate(threat):
            hint = others.index(hints[k]) if k < len(hints) and hints[k] in others else 0
            pick = self._ask("direct", [f"Direct {g.title(cid)} at {m.name(o)}" for o in others], hint)
            out.append(others[pick])
        self.aimed = set(out)
        return out

    def defend(self, m: Match, seat: int, incoming: list[int]) -> list[int]:
        """Asks, Ally by Ally, whether it defends and against whom (l.406: against a Directed
        Threat aimed at the person; l.428: at the same Location as an opponent the person's
        Threat is aimed at, Defending Allies assault), then, for an Ally bearing an Enchanted
        Weapon that does not defend, whether it joins the Threat against an opponent (l.193,
        l.395). The computer's answers are the hints; in the match's terms the answer per Ally
        is the seat defended against, -1, or ``-2 - seat`` for the Threat against that seat."""
        hints = self.inner.defend(m, seat, incoming)
        others = [o for o in range(m.n) if o != seat]
        attackers = [a for a in others if incoming[a] > 0 or (a in self.aimed and is_assault(m, a, seat))]
        g = m.seats[seat].game
        out = []
        for k, ally in enumerate(m.players[seat].allies):
            hinted = hints[k] if k < len(hints) else -1
            value, armed = ally_value(m, seat, ally)
            title = g.title(ally)
            pick = -1
            if attackers:
                options = [f"Keep {title} back"] + [
                    f"Defend against {m.name(a)} with {title} ({value}; {incoming[a]} card(s) aimed at you"
                    + ("; Assault: the same Location" if is_assault(m, a, seat) else "")
                    + ")"
                    for a in attackers
                ]
                hint = attackers.index(hinted) + 1 if hinted in attackers else 0
                answer = self._ask("defend", options, hint)
                if answer > 0:
                    pick = attackers[answer - 1]
            if pick < 0 and armed:
                options = [f"Keep {title} out of the Threat"] + [
                    f"Add {title} ({value}) to your Threat against {m.name(o)} (Enchanted Weapon: Buried after Combat)"
                    for o in others
                ]
                target = -2 - hinted
                hint = others.index(target) + 1 if hinted <= -2 and target in others else 0
                answer = self._ask("join", options, hint)
                if answer > 0:
                    pick = -2 - others[answer - 1]
            out.append(pick)
        return out

    def combat_use(self, m: Match, seat: int, plays: list[Play]) -> Play | None:
        s = m.players[seat]
        hinted = self.inner.combat_use(m, seat, plays)
        options = [describe(s, p) for p in plays] + ["Cast and use nothing more this Combat round"]
        hint = plays.index(hinted) if hinted is not None and hinted in plays else len(plays)
        pick = self._ask("use", options, hint, plays)
        return plays[pick] if pick < len(plays) else None


def moves(t: Table) -> list[Play]:
    """Gets the person's legal card plays now (empty when it is not the person's decision or
    a Combat question is asked: see :func:`move_texts`)."""
    if t.to_act() != YOU or t.question is not None:
        return []
    return _plays(t, YOU)


def move_texts(t: Table) -> list[tuple[str, str, int]]:
    """Gets the person's legal moves now, each as (its words, its kind, the card it plays or
    -1): the card plays of :func:`moves`, or a Combat question's options."""
    q = t.question
    if q is not None and t.to_act() == YOU:
        return [(text, q.kind, q.plays[i].card if i < len(q.plays) else -1) for i, text in enumerate(q.options)]
    s = t.state(YOU)
    return [(describe(s, p), p.kind.name.lower(), p.card) for p in moves(t)]


def act(t: Table, index: int, log: list[str] | None = None, why: str = "") -> None:
    """Makes the person's move ``index`` of :func:`move_texts` and the computers' after it.
    Raises ValueError for an index out of range."""
    q = t.question
    if q is not None and t.to_act() == YOU:
        if not 0 <= index < len(q.options):
            raise ValueError("choose one of the Combat question's options")
        if log is not None:
            log.append(f"  {t.names[YOU]}: {q.options[index]}" + (f" ({why})" if why else ""))
        t.answers = (*t.answers, index)
        t.question = None
        advance(t, log)
        _tell_the_end(t, log)
        return
    plays = moves(t)
    if not 0 <= index < len(plays):
        raise ValueError(why_refused(t, Play(PlayKind.PASS)))
    play(t, plays[index], log, why)


def _plays(t: Table, seat: int) -> list[Play]:
    """Gets a seat's legal plays now, as the match offers them to its policy (:func:`~deckbuilder.rules.match.step`)."""
    m = t.match
    if m is None:
        return legal_plays(t.state(seat))
    if m.stage == CARD_PLAY:
        return turn_plays(m, seat) or [Play(PlayKind.PASS)]
    return legal_plays(m.players[seat])


def _discarding(t: Table) -> int:
    """Gets the seat whose Discard phase is played now (the match's order, l.445), -1 when all are over."""
    m = t.match
    assert m is not None
    for seat in t.order or tuple(m.order()):
        if m.players[seat].phase is Phase.DISCARD:
            return seat
    return -1


def play(t: Table, move: Play, log: list[str] | None = None, why: str = "") -> None:
    """Makes the person's move (one of :func:`moves`), then the computers' moves up to the
    person's next decision; each is told in ``log`` (the person's with ``why``, when the
    computer chose it). Raises ValueError for a move not legal now."""
    if move not in moves(t):
        raise ValueError(why_refused(t, move))
    _make(t, YOU, move, log, why)
    advance(t, log)
    _tell_the_end(t, log)


def _tell_the_end(t: Table, log: list[str] | None) -> None:
    """Tells the score and the winner when the match has just ended (rulebook l.93, l.474)."""
    m = t.match
    if log is None or m is None or m.stage != OVER:
        return
    for i in range(m.n):
        s = m.players[i]
        log.append(f"{m.name(i)}: {s.points} Adventure points + {s.sanity} Sanity = {m.score(i)}")
    w = m.outcome()
    log.append("A tie (rulebook l.93, l.474)" if w < 0 else f"{m.name(w)} {'win' if w == YOU else 'wins'}")


def _make(t: Table, seat: int, move: Play, log: list[str] | None, why: str) -> None:
    m = t.match
    s = t.state(seat)
    said = f"{t.names[seat]}: {describe(s, move)}" + (f" ({why})" if why else "")
    if m is None:
        if log is not None:
            log.append(said)
        before = s.round
        push(s, move)
        if log is not None:
            if s.phase is Phase.OVER:
                log.append(f"The game ends: {s.points} Adventure points, Sanity {s.sanity}")
            elif s.round != before:
                log.append(
                    f"Round {s.round}" if s.round <= t.max_rounds else f"The game stops after {t.max_rounds} Rounds"
                )
        return
    m.log = log
    try:
        if m.stage == CARD_PLAY:
            at = len(log) if log is not None else 0
            card_play(m, move)
            t.begun = False
            if log is not None and why and len(log) > at:
                log[at] += f" ({why})"
        else:  # the Discard phase: each player's own (rulebook l.445-460), each move told
            at = len(log) if log is not None else 0
            discard_play(m, seat, move)
            if log is not None:
                if move.kind is PlayKind.END_ROUND:
                    log.insert(at, "  " + said)  # the match does not tell it; the person's move is
                elif why and len(log) > at:
                    log[at] += f" ({why})"
    finally:
        m.log = None


def advance(t: Table, log: list[str] | None = None) -> None:
    """Plays the computers' moves, Combat and the others' Discard phases until the person's
    next decision or the end of the game, step by step as the match's :func:`~deckbuilder.rules.match.step` plays them."""
    for _ in range(10_000):
        m = t.match
        if m is None or m.stage == OVER:
            return
        if m.stage == CARD_PLAY:
            if not t.begun:
                m.log = log
                try:
                    going = begin_turn(m)
                finally:
                    m.log = None
                if not going:
                    continue  # the Turn was spent burying a Phobia, or the game ended
                t.begun = True
            seat = m.to_move
            if seat == YOU:
                return
            plays = _plays(t, seat)
            choice = t.policies[seat].choose(m, seat, plays)
            _make(t, seat, choice, log, reason(t, seat, choice))
            continue
        if m.stage == COMBAT:
            if not _combat(t, log):
                return  # a question to the person
            continue
        seat = _discarding(t)
        if seat == YOU:
            return
        m.log = log
        try:
            if seat >= 0:
                discard(m, seat, t.policies[seat])  # a computer's Discard phase
            else:
                next_round(m)
                t.order = ()
        finally:
            m.log = None


def _combat(t: Table, log: list[str] | None) -> bool:
    """Plays Combat from its start with the person's answers so far; gets False when it stops
    at a question (``t.question``), True when Combat is over (the table then after it)."""
    m = t.match
    assert m is not None
    trial = m.copy(exact=True)
    lines: list[str] = []
    trial.log = lines
    policies = list(t.policies)
    policies[YOU] = _Asking(t, t.policies[YOU], t.answers)
    try:
        combat(trial, policies)
        if trial.stage != OVER:
            end_of_combat(trial)
    except _Asked as asked:
        asked.question.told = tuple(lines)
        t.question = asked.question
        return False
    trial.log = None
    t.match = trial
    t.answers, t.question = (), None
    t.order = tuple(trial.order()) if trial.stage == DISCARD else ()  # as the match's Discard phase orders them
    if log is not None:
        log.extend(lines)
    return True


def suggested(t: Table) -> tuple[int, str] | None:
    """Gets the index (of :func:`move_texts`) of what the computer would do in the person's
    place now, and why; None when it is not the person's decision."""
    q = t.question
    if q is not None and t.to_act() == YOU:
        join = (
            "an Ally bearing an Enchanted Weapon not needed to defend joins the Threat against the "
            "leading opponent (rulebook l.193, l.395)"
            if q.hint
            else "this Ally stays out of the Threat: it is needed to defend, or holds a Spell (an Ally "
            "bearing an Enchanted Weapon joins only when neither; rulebook l.193, l.395)"
        )
        return q.hint, "the greedy player's choice: " + {
            "direct": "every card at the leading opponent",
            "defend": f"Allies, the largest first, until they reach {3} points per card aimed at you, "
            "never one holding a Spell",
            "join": join,
            "use": "a Spell or Artifact only where the goldfish would play it rather than Pass",
        }.get(q.kind, "")
    found = suggestion(t)
    if found is None:
        return None
    return moves(t).index(found[0]), found[1]


def suggestion(t: Table) -> tuple[Play, str] | None:
    """Gets what the computer would do in the person's place now among the card plays, and
    why (None when it is not the person's decision to play a card)."""
    plays = moves(t)
    if not plays:
        return None
    if t.match is None:
        choice = t.greedy[YOU].choose(t.state(YOU), plays)
    else:
        choice = t.policies[YOU].choose(t.match, YOU, plays)
    return choice, reason(t, YOU, choice)


def reason(t: Table, seat: int, move: Play) -> str:
    """Gets the greedy player's reason for a move, in words, with its score (a Pass scores 10,
    the highest wins; ``deckbuilder.rules.goldfish`` documents the preferences)."""
    policy = t.greedy[seat]
    s = t.state(seat)
    g = s.game
    k = move.kind
    if s.phase is Phase.DISCARD:
        if k is PlayKind.DISCARD:
            return f"{g.title(move.card)} is not a card the deck's Adventures need"
        if k is PlayKind.END_ROUND and move.reshuffle:
            return "the Mythos Deck runs low and the Discard holds cards the Adventures need"
        if k is PlayKind.END_ROUND:
            return "the Hand keeps what the Adventures need"
        return "the greedy player's choice"
    if k is PlayKind.ADVENTURE:
        return "an Adventure completed scores before anything else"
    score = policy.score(s, move)
    if k is PlayKind.PASS:
        return f"nothing else is worth a Turn: every other play scores below a Pass ({_PASS_SCORE})"
    needed = policy.needed
    cards = (move.card, *move.joined)
    if any(c >= 0 and needed[c] for c in cards):
        names = ", ".join(g.title(c) for c in cards if c >= 0 and needed[c])
        why = f"the deck's Adventures need {names}"
    elif k is PlayKind.ROTATE:
        why = "arrives at the Location walked to"
    elif k is PlayKind.LOCATION:
        why = "the first Location" if s.where < 0 else "a Location that opens cards in hand"
    elif k is PlayKind.CAST or k is PlayKind.USE:
        why = "its effect is worth a Turn"
    elif k is PlayKind.REPLACE:
        why = "puts back a card nothing needs"
    else:
        why = "a card in play is worth more than a Pass"
    return f"{why} (score {score}; a Pass scores {_PASS_SCORE}; never Sanity below {LOW_SANITY})"


def why_refused(t: Table, move: Play) -> str:
    """Gets why a move is not legal now, in a sentence."""
    if t.over():
        return "the game is over; deal again"
    seat = t.to_act()
    if seat != YOU:
        return f"it is {t.names[seat]}'s Turn" if seat >= 0 else "Combat is under way"
    s = t.state(YOU)
    if 0 <= move.card < s.game.size and move.card in s.hand:
        return why_not(t, move.card)
    return "that move is not one of the legal moves now; choose one of them"


def why_not(t: Table, cid: int) -> str:
    """Gets why a card in the person's hand has no legal play now (the engine's rules, each
    with its rulebook line), or "" when it has one."""
    if any(p.card == cid or cid in p.joined for p in moves(t)):
        return ""
    if t.over():
        return "the game is over"
    if t.question is not None:
        return "Combat is under way: answer its question first"
    seat = t.to_act()
    if seat != YOU:
        return f"it is {t.names[seat]}'s Turn" if seat >= 0 else "Combat is under way"
    s = t.state(YOU)
    g = s.game
    p = g.profiles[cid]
    kind = p.kind
    if s.phase is Phase.DISCARD:
        low = s.hand_limits()[0]
        return f"the Discard phase: a card may only be discarded, down to the Minimum of {low} (rulebook l.445)"
    if s.redrawing >= 0:
        return "a redraw is under way: replace cards or draw the replacements"
    cost = -p.cost if p.cost < 0 else 0
    if kind is Kind.LOCATION:
        if s.in_past:
            return "no new Location while in the Past"
        if cost > s.sanity:
            return f"its Sanity cost ({cost}) is more than your Sanity ({s.sanity}) (rulebook l.124)"
        here = s.current_location
        where = g.title(here) if here >= 0 else "where you are"
        return f"there is no way to it from {where}: another Region, Dimension or an Island (rulebook l.239-267)"
    if not s.located and not g.rules.advanced:
        return "the first play of the Basic game is a Location (rulebook l.79)"
    located = s.current_location >= 0
    if (located or kind is Kind.EVENT or kind is Kind.SPELL) and not dimension_ok(p.dim, s.dim):
        return "it belongs to another Dimension than yours (rulebook l.267)"
    if kind is Kind.ADVENTURE:
        if any(g.profiles[a].title == p.title for a in s.adventures):
            return "an Adventure of that title was completed already: once per game (rulebook l.157)"
        return "its recipe is not met by your Story Deck and cards in play (rulebook l.66)"
    if kind is Kind.EVENT:
        if cost > s.sanity:
            return f"its Sanity cost ({cost}) is more than your Sanity ({s.sanity}) (rulebook l.124)"
        if any(g.profiles[e].title == p.title for e in s.events):
            return "an Event of that title is in play already (rulebook l.202, l.367)"
        if p.needs_titles:
            return "the cards it needs in play are not there"
        return "it has no legitimate target now (rulebook l.202)"
    if kind is Kind.SPELL:
        return "no Tome or Ally in play can hold it: the icons or the room do not match (rulebook l.299-305, l.336)"
    if s.current_location < 0:
        return "nothing is found before your first Location, nor while Walking (rulebook l.76, l.239)"
    if cost > s.sanity:
        return f"its Sanity cost ({cost}) is more than your Sanity ({s.sanity}) (rulebook l.124)"
    place = g.title(s.current_location)
    if kind is Kind.ALLY:
        if any(g.profiles[a].title == p.title for a in s.allies):
            return "an Ally of that title is in play already (rulebook l.367)"
        words = p.place.words if p.place is not None else "elsewhere"
        return f"found at {words}, and you are at {place} (rulebook l.84, l.160)"
    if kind in (Kind.MONSTER, Kind.THREAT_EVENT, Kind.GOO):
        if not s.attrs & g.gate:
            return f"it needs a Gate at your Current Location; {place} has none (rulebook l.227)"
        if s.gate_used:
            return f"the Gate of {place} was used this arrival (rulebook l.227)"
        if kind is Kind.GOO:
            if s.goo >= 0:
                return "a Great Old One is in your Threat already (rulebook l.286)"
            return "its two requirements are not in play (rulebook l.282)"
        return "it cannot go to the Threat now"
    if kind is Kind.TOME:
        if not s.attrs & g.tome_attr:
            return f"a Tome is found at a Location with the Tome attribute; {place} has none (rulebook l.324)"
        if not can_read(p, s.readers()):
            return "nobody in play reads its language (rulebook l.326)"
        return "it cannot be played here"
    if kind is Kind.ARTIFACT:
        if not s.attrs & g.artifact_attr:
            return f"an Artifact is found at a Location with the Artifact attribute; {place} has none (rulebook l.183)"
        if p.weapon or p.needs_ally:
            return "it goes to an Ally in play without a Weapon, and there is none (rulebook l.185, l.191)"
        return "it cannot be played here"
    if kind is Kind.TRAVEL:
        return "no Location in your hand is one it can take you to (rulebook l.257-265)"
    return "the engine has no play for it now"


def replay_solo(
    game: Game, policy: GreedyPolicy, seed: int, max_rounds: int
) -> tuple[list[tuple[str, str, int]], GameState]:
    """Plays the goldfish's game of shuffle ``seed`` again, the very plays of
    :func:`~deckbuilder.rules.goldfish.play_game`, and gets each as ("Round N: the play", the
    policy's reason, Sanity after), with the last state."""
    t = Table(game.new_state(seed), None, (), (policy,), max_rounds, (game.investigator.title,))
    s = t.state(YOU)
    out: list[tuple[str, str, int]] = []
    while s.phase is not Phase.OVER and s.round <= max_rounds:
        plays = legal_plays(s)
        if not plays:
            break
        choice = policy.choose(s, plays)
        text = f"Round {s.round}: {describe(s, choice)}"
        why = reason(t, YOU, choice)
        push(s, choice)
        out.append((text, why, s.sanity))
    return out, s


__all__ = [
    "YOU",
    "Question",
    "Table",
    "act",
    "advance",
    "move_texts",
    "moves",
    "new_table",
    "play",
    "reason",
    "replay_solo",
    "suggested",
    "suggestion",
    "why_not",
    "why_refused",
]
