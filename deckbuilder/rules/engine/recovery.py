"""Recovering an Artifact from the Story Deck at a Location whose card allows it.

A few Locations say "Spend 2 Sanity points to recover one Artifact from your Story Deck and bring
it into play" (read as ``recover artifact; cost 2``, ``Game.recover_cost``). While such a
Location is the Current Location (arrived at: not Walking, not Travelling, not in the Past),
each Turn may be that play (the card's "as your Turn"): an Artifact Buried in the Story Deck
comes back into play beside the Investigator (given to an Ally in play, for one that needs an
Ally: rulebook l.185, l.191), the Location's Sanity and the Artifact's own paid together, whole
(rulebook l.124, l.362: "Pay any Sanity costs for playing that Artifact"). The Artifact counted
for Adventures in the Story Deck (l.62) and counts on in play: the tally holds. Back in play,
it may be used again (l.199).

Line numbers cite ``new-aeon-rulebook.txt`` ("rulebook l.N"), as ``grep -n`` prints them.
"""

from __future__ import annotations

from deckbuilder.rules.engine.plays import ART, K_RECOVER, CardId, Play, new_play
from deckbuilder.rules.engine.state import GameState, can_pay, pay_sanity


def recover_plays(s: GameState, plays: list[Play]) -> None:
    """Adds the recoveries of the Current Location (the caller checks that it allows one and
    that the Investigator is at it): one per printing of Artifact in the Story Deck whose
    Sanity, with the Location's, can be paid."""
    g = s.game
    here = s.where
    spend = g.recover_cost[here]
    profiles, uid = g.profiles, g.uid
    seen: set[int] = set()
    for c in s.story:
        p = profiles[c]
        if p.kind is not ART or uid[c] in seen:
            continue
        seen.add(uid[c])
        if not can_pay(s, p.cost - spend):
            continue
        if not p.needs_ally:
            plays.append(new_play(K_RECOVER, here, (c,)))
            continue
        for a in s.allies:  # a Weapon only to an Ally without one (rulebook l.191)
            if p.weapon and any(profiles[x].weapon for x in s.attached.get(a, ())):
                continue
            plays.append(new_play(K_RECOVER, here, (c,), a))


def recover(s: GameState, play: Play) -> None:
    """Brings the chosen Artifact back from the Story Deck into play, paying for it."""
    g = s.game
    c: CardId = play.joined[0]
    s.story.remove(c)  # it counted in the Story Deck and counts in play: the tally holds
    s.artifacts.append(c)
    if play.target >= 0:
        s.attached[play.target] = s.attached.get(play.target, ()) + (c,)
    pay_sanity(s, (-g.recover_cost[play.card], g.profiles[c].cost))
